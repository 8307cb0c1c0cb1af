/*
 * pyopenvx - TIOVX-compatible target kernel API (seed 003).
 * Written for pyopenvx: the names and meanings of TIOVX's public API.
 * Target-side callbacks run on their target's thread, one at a time per target, in the order their
 * commands arrived (create, process, control, delete); the instance functions are plain C and may be
 * called from there.
 */
#ifndef PYOPENVX_TIVX_TARGET_KERNEL_H
#define PYOPENVX_TIVX_TARGET_KERNEL_H

#include <VX/vx.h>
#include <stdint.h>
#include <TI/tivx_obj_desc.h>

/* A target kernel: callbacks registered for one kernel on one target. */
typedef struct _tivx_target_kernel *tivx_target_kernel;
/* One node's instance of a target kernel (one per replica of a replicated node). */
typedef struct _tivx_target_kernel_instance *tivx_target_kernel_instance;

/* Create, process and delete callbacks. */
typedef vx_status (VX_CALLBACK *tivx_target_kernel_f)(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[], uint16_t num_params, void *priv_arg);
/* Control callback: tivxNodeSendCommand's command and objects. */
typedef vx_status (VX_CALLBACK *tivx_target_kernel_control_f)(tivx_target_kernel_instance kernel, uint32_t node_cmd_id, tivx_obj_desc_t *obj_desc[], uint16_t num_params, void *priv_arg);

#ifdef __cplusplus
extern "C" {
#endif

VX_API_ENTRY tivx_target_kernel VX_API_CALL tivxAddTargetKernel(vx_enum kernel_id, const char *target_name, tivx_target_kernel_f process_func, tivx_target_kernel_f create_func, tivx_target_kernel_f delete_func, tivx_target_kernel_control_f control_func, void *priv_arg);
VX_API_ENTRY tivx_target_kernel VX_API_CALL tivxAddTargetKernelByName(const char *kernel_name, const char *target_name, tivx_target_kernel_f process_func, tivx_target_kernel_f create_func, tivx_target_kernel_f delete_func, tivx_target_kernel_control_f control_func, void *priv_arg);
VX_API_ENTRY vx_status VX_API_CALL tivxRemoveTargetKernel(tivx_target_kernel target_kernel);
VX_API_ENTRY vx_status VX_API_CALL tivxRemoveTargetKernelByName(const char *kernel_name, const char *target_name);
VX_API_ENTRY vx_status VX_API_CALL tivxQueryNumTargetKernel(vx_uint32 *num_target_kernels);
VX_API_ENTRY vx_status VX_API_CALL tivxSetTargetKernelInstanceContext(tivx_target_kernel_instance target_kernel_instance, void *kernel_context, uint32_t kernel_context_size);
VX_API_ENTRY vx_status VX_API_CALL tivxGetTargetKernelInstanceContext(tivx_target_kernel_instance target_kernel_instance, void **kernel_context, uint32_t *kernel_context_size);
VX_API_ENTRY vx_status VX_API_CALL tivxGetTargetKernelInstanceState(tivx_target_kernel_instance target_kernel_instance, vx_enum *state);
VX_API_ENTRY vx_status VX_API_CALL tivxGetTargetKernelInstanceBorderMode(tivx_target_kernel_instance target_kernel_instance, vx_border_t *border_mode);
VX_API_ENTRY vx_bool VX_API_CALL tivxIsTargetKernelInstanceReplicated(tivx_target_kernel_instance target_kernel_instance);
VX_API_ENTRY vx_status VX_API_CALL tivxGetTargetKernelTargetId(tivx_target_kernel_instance target_kernel_instance, uint32_t *targetId);
/* The target kernel an instance runs. */
VX_API_ENTRY tivx_target_kernel VX_API_CALL tivxTargetKernelInstanceGetKernel(tivx_target_kernel_instance target_kernel_instance);
/* The debug zones of the instance's node (tivxSetNodeDebugZone): what TI's VX_PRINT_KERNEL prints by. */
VX_API_ENTRY vx_uint32 VX_API_CALL tivxGetTargetKernelInstanceDebugZonemask(tivx_target_kernel_instance target_kernel_instance);

#ifdef __cplusplus
}
#endif

#ifndef PYOPENVX_DECLARATIONS_ONLY
/* Bits of a flags word (descriptor flags, kernel state). */
static inline vx_bool tivxFlagIsBitSet(uint32_t flag_var, uint32_t flag_val)
{
    return (flag_var & flag_val) == flag_val ? (vx_bool)vx_true_e : (vx_bool)vx_false_e;
}

static inline void tivxFlagBitSet(volatile uint32_t *flag_var, uint32_t flag_val)
{
    *flag_var |= flag_val;
}

static inline void tivxFlagBitClear(volatile uint32_t *flag_var, uint32_t flag_val)
{
    *flag_var &= ~flag_val;
}
#endif

#endif /* PYOPENVX_TIVX_TARGET_KERNEL_H */
