/* Objects made in C that Python has not met yet ("lazy", PVX_REF_LAZY): vxCreateImage,
 * vxCreateVirtualImage, vxCreateScalar and vxCreateArray of what Python declared servable
 * (image_lazy.c, scalar.c, array.c), and vxCreateGraph (runtime/graph_lazy.c). The block holding
 * the descriptor (a data object's starts with a pvx_memory; a graph's has none) also links it in
 * one list, so a context release frees those left and a take by Python and a release in C never
 * both get one object. A virtual object made in C keeps its graph (its scope), which counts it in
 * its pvx_ref.c_lazy until Python meets it: a graph that has some is released by Python, which
 * meets them first (pvx_lazy_close_scope). */
#ifndef PVX_LAZY_H
#define PVX_LAZY_H

#include "../base/base.h"

/* A zeroed descriptor of `size` bytes in a block that can be made lazy; NULL: no memory. */
PVX_HIDDEN void *pvx_lazy_new(size_t size);
/* Frees a block of pvx_lazy_new that was never published, or one Python took (with its object). */
PVX_HIDDEN void pvx_lazy_free_made(void *desc);
/* Gives a complete descriptor its handle of `type`, held once by the application and counted by
 * `context` (pvx_ref.c_lazy, part of VX_CONTEXT_REFERENCES), and makes it reachable: 1, or 0 when
 * the arena is full (the block freed, nothing made). */
PVX_HIDDEN int pvx_lazy_publish(void *desc, vx_enum type, pvx_ref *context, vx_reference *out);
/* pvx_lazy_publish of a virtual object of graph `scope` (the handle's flags say virtual; NULL: not
 * virtual); 0 also when that graph is closed (released, or being released: pvx_lazy_close_scope). */
PVX_HIDDEN int pvx_lazy_publish_in(void *desc, vx_enum type, pvx_ref *context, pvx_ref *scope, vx_reference *out);
/* The graph a lazy virtual object belongs to (its descriptor, as pvx_lazy_take returned it). */
PVX_HIDDEN pvx_ref *pvx_lazy_scope(const void *desc);
/* A graph's release (Python's): no virtual object is made in C in it from now on (its handle's
 * desc cleared); returns how many it has that Python has not met (pvx_lazy_take_scoped them). */
PVX_HIDDEN uint32_t pvx_lazy_close_scope(pvx_ref *scope);
/* Takes up to `max` lazy objects of graph `scope` at once, as pvx_lazy_take: their handles in
 * refs[], descriptors in descs[]; returns how many. */
PVX_HIDDEN uint32_t pvx_lazy_take_scoped(pvx_ref *scope, pvx_ref **refs, void **descs, uint32_t max);
/* The descriptor of a lazy object Python takes over now (NULL if the handle is not one): from now
 * on it is an ordinary object, and Python frees the descriptor with pvx_lazy_free_made. */
PVX_HIDDEN void *pvx_lazy_take(const void *handle);
/* The application's release of a lazy handle of `type` (PVX_ANY_TYPE: any), as its release's fast
 * path answers: its only count, so it ends here: 1, *ref NULL and *out VX_SUCCESS; 0 if *ref is not
 * a lazy object of that type, a node made in C holds it (runtime/node_made.c: Python decides), or
 * it is a graph with lazy virtual objects (Python meets them with it). */
PVX_HIDDEN int pvx_lazy_release(vx_reference *ref, vx_enum type, vx_status *out);
/* Python's word, at import, that vxCreate<object_type> (VX_TYPE_SCALAR, VX_TYPE_ARRAY) may make
 * an object of `data_type`, whose item is `item_size` bytes, in C up to `max_bytes` of data. */
PVX_HIDDEN void pvx_lazy_serve(vx_enum object_type, vx_enum data_type, vx_size item_size, vx_size max_bytes);
/* The item size of a data type C may serve for that object type, or 0; *max_bytes its limit. */
PVX_HIDDEN vx_size pvx_lazy_served(vx_enum object_type, vx_enum data_type, vx_size *max_bytes);
/* Frees every object of `context` still lazy (the context is being released). */
PVX_HIDDEN void pvx_lazy_release_context(pvx_ref *context);

#endif
