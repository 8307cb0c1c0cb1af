/* pyopenvx compiled core: plain data and hot loops. Never calls the Python C-API.
 * Python owns the policy; the floors' structures are what Python fills and C reads.
 * This header is the roof: it gathers every floor (base/ < objects/ < runtime/ < kernels/ < nn/,
 * see base/base.h) for cffi's declarations and the exported layer (build_ffi.py, embed/glue.c).
 * Nothing in csrc includes it: each file includes its own floor's main header. */
#ifndef PVX_H
#define PVX_H

#include "nn/nn.h"

#endif
