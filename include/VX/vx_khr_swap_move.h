/*
 * pyopenvx - the Swap and Move kernels (vx_khr_swap_move extension): exchange the contents of
 * two data objects of identical meta data, or move the first's contents into the second.
 */
#ifndef PYOPENVX_VX_KHR_SWAP_MOVE_H
#define PYOPENVX_VX_KHR_SWAP_MOVE_H

#include <VX/vx.h>

#define VX_KERNEL_SWAP_NAME "org.khronos.openvx.swap"
#define VX_KERNEL_MOVE_NAME "org.khronos.openvx.move"

#ifdef __cplusplus
extern "C" {
#endif

/* node */
VX_API_ENTRY vx_node VX_API_CALL vxSwapNode(vx_graph graph, vx_reference first, vx_reference second);
VX_API_ENTRY vx_node VX_API_CALL vxMoveNode(vx_graph graph, vx_reference first, vx_reference second);

/* vxu */
VX_API_ENTRY vx_status VX_API_CALL vxuSwap(vx_context context, vx_reference first, vx_reference second);
VX_API_ENTRY vx_status VX_API_CALL vxuMove(vx_context context, vx_reference first, vx_reference second);

#ifdef __cplusplus
}
#endif

#endif /* PYOPENVX_VX_KHR_SWAP_MOVE_H */
