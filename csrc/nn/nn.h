/* The neural-network floor (csrc/nn): the layers of vx_khr_nn.h (kernels/nn.py validates them),
 * on top of the standard kernels because they load and store tensors with the tensor kernels'
 * helpers (kernels/tensors.c). */
#ifndef PVX_NN_H
#define PVX_NN_H

#include "../kernels/kernels.h"

PVX_HIDDEN vx_status pvx_nn_convolution(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_nn_deconvolution(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_nn_fully_connected(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_nn_pooling(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_nn_softmax(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_nn_normalization(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_nn_activation(vx_node node, const vx_reference *p, vx_uint32 n);
PVX_HIDDEN vx_status pvx_nn_roi_pooling(vx_node node, const vx_reference *p, vx_uint32 n);
#endif
