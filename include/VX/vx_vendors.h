/*
 * pyopenvx - vendor identifiers (the top 12 bits of vendor-scoped values).
 */
#ifndef PYOPENVX_VX_VENDORS_H
#define PYOPENVX_VX_VENDORS_H

enum vx_vendor_id_e {
    VX_ID_KHRONOS = 0,
    VX_ID_TI = 1,
    VX_ID_QUALCOMM = 2,
    VX_ID_NVIDIA = 3,
    VX_ID_ARM = 4,
    VX_ID_BDTI = 5,
    VX_ID_RENESAS = 6,
    VX_ID_VIVANTE = 7,
    VX_ID_XILINX = 8,
    VX_ID_AXIS = 9,
    VX_ID_MOVIDIUS = 10,
    VX_ID_SAMSUNG = 11,
    VX_ID_FREESCALE = 12,
    VX_ID_AMD = 13,
    VX_ID_BROADCOM = 14,
    VX_ID_INTEL = 15,
    VX_ID_MARVELL = 0x10,
    VX_ID_MEDIATEK = 0x11,
    VX_ID_ST = 0x12,
    VX_ID_CEVA = 0x13,
    VX_ID_ITSEEZ = 0x14,
    VX_ID_IMAGINATION = 0x15,
    VX_ID_NXP = 0x16,
    VX_ID_VIDEANTIS = 0x17,
    VX_ID_SYNOPSYS = 0x18,
    VX_ID_CADENCE = 0x19,
    VX_ID_HUAWEI = 0x1A,
    VX_ID_SOCIONEXT = 0x1B,
    VX_ID_BOSCH = 0x1C,
    VX_ID_USER = 0xFFE,
    VX_ID_MAX = 0xFFF,
    VX_ID_DEFAULT = 0xFFF,
};

#endif /* PYOPENVX_VX_VENDORS_H */
