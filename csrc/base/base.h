/* The ground floor of the compiled core (csrc/base): what every floor above uses, and nothing of
 * theirs. The handle arena every vx_reference points into, the clock and the spin-wait that
 * waiters share, the dynamic loader, the SIMD level the row loops follow, and the thread pool that
 * the tile engine and the standard kernels split their rows over. None of it knows an OpenVX
 * object beyond the handle header, which is why it can sit under all of them.
 *
 * The floors, bottom up, each including only the main header of the floor below:
 *   base/     (this)  handles, clock, modules, SIMD level, thread pool
 *   objects/          data-object descriptors, maps and copies, their fast paths
 *   runtime/          the compiled schedule: executor, tiling, targets, events, pipelining, vxu cache
 *   kernels/          the standard vision kernels and their row loops
 *   nn/               the neural-network layers (they reuse the tensor kernels' loads and stores)
 * csrc/pvx.h, on top, gathers every floor for cffi and the exported layer only.
 * Plain data and prototypes only in the headers these main headers include: cffi parses them. */
#ifndef PVX_BASE_H
#define PVX_BASE_H

#include "common.h"
#include "handle.h"
#include "clock.h"
#include "module.h"
#include "simd.h"
#include "pool.h"

#endif
