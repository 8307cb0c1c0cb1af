/* The data-object floor (csrc/objects): one descriptor per OpenVX data object, which Python
 * fills and owns (src/pyopenvx/objects/) and C reads without the GIL, plus the fast paths of the
 * API calls that are plain data: queries, maps and unmaps of resident memory, copies, scalar
 * access, meta formats, reference queries. Every descriptor starts with a pvx_memory (memory.h),
 * so maps and their conflicts work alike for every type. It sits on base/ (handles) and under
 * runtime/: objects know no graph, which is why kernels and the executor above can read them.
 * Plain data and prototypes only (cffi parses these headers). */
#ifndef PVX_OBJECTS_H
#define PVX_OBJECTS_H

#include "../base/base.h"

#include "memory.h"
#include "lazy.h"
#include "scalar.h"
#include "array.h"
#include "tensor.h"
#include "matrix.h"
#include "convolution.h"
#include "lut.h"
#include "distribution.h"
#include "remap.h"
#include "threshold.h"
#include "parts.h"
#include "image.h"
#include "user_data_object.h"
#include "meta_format.h"

#endif
