/* Targets (seed 003): a thread per target with a FIFO queue of commands (create, process, control,
 * delete), the object descriptors target kernels receive, the graph runner that queues target nodes
 * and waits for dependencies, and the plain-C tivx* functions callbacks call on their thread.
 *
 * A callback that crashes (SIGSEGV, SIGBUS, SIGFPE, SIGILL) on a target thread is reported on stderr
 * (target, node, callback, signal) and its command fails with VX_FAILURE: the thread jumps back to
 * the queue (sigsetjmp), so the host goes on. A fault anywhere else goes to whatever handler was
 * there before. */
#define _GNU_SOURCE
#include "target.h"
#include "events.h"

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <TI/tivx.h>

enum { JOB_CREATE = PVX_TARGET_CREATE, JOB_DELETE = PVX_TARGET_DELETE, JOB_PROCESS, JOB_CONTROL };

typedef struct job {
    struct job *next;
    int kind;
    struct _tivx_target_kernel_instance *inst;  /* create, delete, control */
    pvx_node *node;                             /* process: the whole node, run by `host` */
    pvx_node_run_f *host;                       /* process: the executor's node runner (graph.c) */
    vx_reference *rows;                         /* process: its parameter rows (NULL: the node's own) */
    int measure;
    const struct job *run;                      /* process: the run's jobs, in schedule order */
    int *failed;                                /* process: set by the run's first failing node */
    int skipped;                                /* process: not run, as something upstream failed */
    uint32_t cmd;                               /* control: command, objects and their descriptors */
    uint32_t num;
    vx_reference *refs;
    pvx_obj_desc *descs;
    tivx_obj_desc_t **args;
    vx_status status;
    int done;
    int abandoned;                              /* its waiter timed out: the target frees it */
} job;

typedef struct target {
    char name[TIVX_TARGET_MAX_NAME];
    int started;
    pthread_t thread;
    pthread_cond_t wake;
    job *head, *tail;
    job *running;
    uint32_t pending;                           /* queued or running */
} target;

/* One lock for queues, job states and the descriptor registry; `done` is broadcast when a job ends. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t done = PTHREAD_COND_INITIALIZER;
static target targets[PVX_TARGETS_MAX];

/* ---------------------------------------------------------------- descriptor ids */

static pvx_obj_desc **registry;               /* index: obj_desc_id */
static uint32_t registry_size;

static int register_desc(pvx_obj_desc *d)
{
    pthread_mutex_lock(&lock);
    uint32_t id = 0;
    while (id < registry_size && registry[id] != NULL)
        id++;
    if (id == registry_size && id < TIVX_OBJ_DESC_INVALID) {
        uint32_t size = registry_size ? registry_size * 2 : 64;
        pvx_obj_desc **grown = realloc(registry, size * sizeof *grown);
        if (grown != NULL) {
            memset(grown + registry_size, 0, (size - registry_size) * sizeof *grown);
            registry = grown;
            registry_size = size;
        }
    }
    int ok = id < registry_size;
    if (ok) {
        registry[id] = d;
        d->base.obj_desc_id = (uint16_t)id;
    }
    pthread_mutex_unlock(&lock);
    return ok ? 0 : -1;
}

static void unregister_desc(pvx_obj_desc *d)
{
    pthread_mutex_lock(&lock);
    if (d->base.obj_desc_id < registry_size && registry[d->base.obj_desc_id] == d)
        registry[d->base.obj_desc_id] = NULL;
    pthread_mutex_unlock(&lock);
}

void pvx_c_tivxGetObjDescList(volatile uint16_t *obj_desc_id, tivx_obj_desc_t **obj_desc, uint32_t num_desc_id)
{
    if (obj_desc_id == NULL || obj_desc == NULL)
        return;
    pthread_mutex_lock(&lock);
    for (uint32_t i = 0; i < num_desc_id; i++)
        obj_desc[i] = obj_desc_id[i] < registry_size && registry[obj_desc_id[i]] ? &registry[obj_desc_id[i]]->base : NULL;
    pthread_mutex_unlock(&lock);
}

tivx_obj_desc_t *pvx_c_tivxGetObjDescElement(tivx_obj_desc_t *obj_desc, uint16_t elem_idx)
{
    if (obj_desc == NULL)
        return NULL;
    volatile uint16_t *ids;
    uint32_t count;
    if (obj_desc->type == TIVX_OBJ_DESC_OBJARRAY) {
        tivx_obj_desc_object_array_t *a = (tivx_obj_desc_object_array_t *)obj_desc;
        ids = a->obj_desc_id;
        count = a->num_items;
    } else if (obj_desc->type == TIVX_OBJ_DESC_PYRAMID) {
        tivx_obj_desc_pyramid_t *p = (tivx_obj_desc_pyramid_t *)obj_desc;
        ids = p->obj_desc_id;
        count = p->num_levels;
    } else {
        return NULL;
    }
    tivx_obj_desc_t *out = NULL;
    if (elem_idx < count)
        pvx_c_tivxGetObjDescList(&ids[elem_idx], &out, 1);
    return out;
}

/* ---------------------------------------------------------------- descriptors from host objects */

static void set_mem(tivx_shared_mem_ptr_t *m, const void *p)
{
    m->host_ptr = m->shared_ptr = (uint64_t)(uintptr_t)p;
    m->mem_heap_region = TIVX_MEM_EXTERNAL;
}

/* The object's memory (allocated on first use) as a descriptor's buffer: 0 when there is none. */
static int set_storage(tivx_shared_mem_ptr_t *m, pvx_memory *mem)
{
    const void *p = pvx_memory_storage(mem);
    set_mem(m, p);
    return p != NULL;
}

/* A memory object's whole storage as mem_ptr and mem_size: 0 when there is none. */
static int set_memory(tivx_shared_mem_ptr_t *m, uint32_t *size, pvx_memory *mem)
{
    *size = (uint32_t)mem->bytes;
    return set_storage(m, mem);
}

/* A threshold's value as int32: the vx_pixel_value_t member of `format`. */
static int32_t pixel_get(const vx_pixel_value_t *v, vx_df_image format)
{
    switch (format) {
    case VX_DF_IMAGE_U1: return v->U1;
    case VX_DF_IMAGE_S16: return v->S16;
    case VX_DF_IMAGE_U16: return v->U16;
    case VX_DF_IMAGE_S32: return v->S32;
    case VX_DF_IMAGE_U32: return (int32_t)v->U32;
    default: return v->U8;
    }
}

/* What a target kernel wrote into a threshold's int32 back into its member (when it changed). */
static void pixel_set(vx_pixel_value_t *v, vx_df_image format, int32_t x)
{
    if (pixel_get(v, format) == x)
        return;
    switch (format) {
    case VX_DF_IMAGE_U1: v->U1 = x ? vx_true_e : vx_false_e; break;
    case VX_DF_IMAGE_S16: v->S16 = (vx_int16)x; break;
    case VX_DF_IMAGE_U16: v->U16 = (vx_uint16)x; break;
    case VX_DF_IMAGE_S32: v->S32 = x; break;
    case VX_DF_IMAGE_U32: v->U32 = (vx_uint32)x; break;
    default: v->U8 = (vx_uint8)x; break;
    }
}

static vx_enum format_type(vx_df_image format)
{
    switch (format) {
    case VX_DF_IMAGE_S16: return VX_TYPE_INT16;
    case VX_DF_IMAGE_U16: return VX_TYPE_UINT16;
    case VX_DF_IMAGE_S32: return VX_TYPE_INT32;
    case VX_DF_IMAGE_U32: return VX_TYPE_UINT32;
    default: return VX_TYPE_UINT8;
    }
}

static void fill_threshold(tivx_obj_desc_threshold_t *d, const pvx_threshold *t)
{
    d->type = t->type;
    d->data_type = format_type(t->input_format);
    d->value = pixel_get(&t->value, t->input_format);
    d->upper = pixel_get(&t->upper, t->input_format);
    d->lower = pixel_get(&t->lower, t->input_format);
    d->true_value = pixel_get(&t->true_value, t->output_format);
    d->false_value = pixel_get(&t->false_value, t->output_format);
}

static void write_back_threshold(const tivx_obj_desc_threshold_t *d, pvx_threshold *t)
{
    pixel_set(&t->value, t->input_format, d->value);
    pixel_set(&t->upper, t->input_format, d->upper);
    pixel_set(&t->lower, t->input_format, d->lower);
    pixel_set(&t->true_value, t->output_format, d->true_value);
    pixel_set(&t->false_value, t->output_format, d->false_value);
}

/* Matrix, LUT, convolution, distribution, remap: their fields and memory (0: no memory). */
static int fill_memory_object(pvx_obj_desc *d, pvx_ref *r)
{
    switch (r->type) {
    case VX_TYPE_MATRIX: {
        pvx_matrix *m = r->desc;
        tivx_obj_desc_matrix_t *o = &d->matrix;
        o->rows = (uint32_t)m->rows;
        o->columns = (uint32_t)m->columns;
        o->origin_x = m->origin.x;
        o->origin_y = m->origin.y;
        o->pattern = m->pattern;
        o->data_type = m->data_type;
        return set_memory(&o->mem_ptr, &o->mem_size, &m->mem);
    }
    case VX_TYPE_LUT: {
        pvx_lut *l = r->desc;
        tivx_obj_desc_lut_t *o = &d->lut;
        o->item_type = l->data_type;
        o->num_items = (uint32_t)l->count;
        o->item_size = l->count ? (uint32_t)(l->mem.bytes / l->count) : 0;
        return set_memory(&o->mem_ptr, &o->mem_size, &l->mem);
    }
    case VX_TYPE_CONVOLUTION: {
        pvx_convolution *c = r->desc;
        tivx_obj_desc_convolution_t *o = &d->convolution;
        o->rows = (uint32_t)c->rows;
        o->columns = (uint32_t)c->columns;
        o->scale = c->scale;
        return set_memory(&o->mem_ptr, &o->mem_size, &c->mem);
    }
    case VX_TYPE_DISTRIBUTION: {
        pvx_distribution *h = r->desc;
        tivx_obj_desc_distribution_t *o = &d->distribution;
        o->num_bins = (uint32_t)h->bins;
        o->offset = h->offset;
        o->range = h->range;
        o->num_win = h->window;
        return set_memory(&o->mem_ptr, &o->mem_size, &h->mem);
    }
    default: {                     /* VX_TYPE_REMAP */
        pvx_remap *m = r->desc;
        tivx_obj_desc_remap_t *o = &d->remap;
        o->src_width = m->src_width;
        o->src_height = m->src_height;
        o->dst_width = m->dst_width;
        o->dst_height = m->dst_height;
        return set_memory(&o->mem_ptr, &o->mem_size, &m->mem);
    }
    }
}

static vx_status fill_image(tivx_obj_desc_image_t *d, vx_reference ref)
{
    pvx_image *img = pvx_image_with_memory(ref);
    if (img == NULL)
        return VX_ERROR_NO_MEMORY;
    d->width = img->width;
    d->height = img->height;
    d->format = img->format;
    d->planes = img->planes < TIVX_IMAGE_MAX_PLANES ? img->planes : TIVX_IMAGE_MAX_PLANES;
    d->color_space = (uint32_t)img->space;
    d->color_range = (uint32_t)img->range;
    d->valid_roi = img->valid;
    for (uint32_t p = 0; p < d->planes; p++) {
        const pvx_image_plane *pl = &img->plane[p];
        vx_rectangle_t whole = {0, 0, img->width, img->height};
        pvx_plane_addressing(pl, &whole, &d->imagepatch_addr[p]);
        set_mem(&d->mem_ptr[p], pl->ptr);
        d->mem_size[p] = (uint32_t)pl->stride_y * (img->height / pl->step_y);
    }
    return VX_SUCCESS;
}

static vx_status fill(pvx_obj_desc *d, vx_reference ref, const pvx_obj_items *items);

static vx_status fill_items(pvx_obj_desc *d, const pvx_obj_items *items, uint16_t *ids)
{
    vx_status status = VX_SUCCESS;
    for (uint32_t k = 0; k < items->count && status == VX_SUCCESS; k++) {
        status = fill(items->descs[k], items->refs[k], NULL);
        items->descs[k]->base.scope_obj_desc_id = d->base.obj_desc_id;
        items->descs[k]->base.element_idx = k;
        ids[k] = items->descs[k]->base.obj_desc_id;
    }
    return status;
}

/* The descriptor type code of an object type, as TIOVX numbers them (kernels compare base.type). */
static uint16_t desc_type(vx_enum type)
{
    switch (type) {
    case VX_TYPE_IMAGE: return TIVX_OBJ_DESC_IMAGE;
    case VX_TYPE_SCALAR: return TIVX_OBJ_DESC_SCALAR;
    case VX_TYPE_REMAP: return TIVX_OBJ_DESC_REMAP;
    case VX_TYPE_MATRIX: return TIVX_OBJ_DESC_MATRIX;
    case VX_TYPE_LUT: return TIVX_OBJ_DESC_LUT;
    case VX_TYPE_CONVOLUTION: return TIVX_OBJ_DESC_CONVOLUTION;
    case VX_TYPE_DISTRIBUTION: return TIVX_OBJ_DESC_DISTRIBUTION;
    case VX_TYPE_THRESHOLD: return TIVX_OBJ_DESC_THRESHOLD;
    case VX_TYPE_ARRAY: return TIVX_OBJ_DESC_ARRAY;
    case VX_TYPE_PYRAMID: return TIVX_OBJ_DESC_PYRAMID;
    case VX_TYPE_OBJECT_ARRAY: return TIVX_OBJ_DESC_OBJARRAY;
    case VX_TYPE_TENSOR: return TIVX_OBJ_DESC_TENSOR;
    case VX_TYPE_USER_DATA_OBJECT: return TIVX_OBJ_DESC_USER_DATA_OBJECT;
    default: return TIVX_OBJ_DESC_INVALID;
    }
}

static vx_status fill(pvx_obj_desc *d, vx_reference ref, const pvx_obj_items *items)
{
    pvx_ref *r = (pvx_ref *)ref;
    d->base.type = desc_type(r->type);
    d->base.host_ref = (uint64_t)(uintptr_t)ref;
    switch (r->type) {
    case VX_TYPE_IMAGE:
        return fill_image(&d->image, ref);
    case VX_TYPE_SCALAR: {
        pvx_scalar *s = r->desc;
        const void *value = pvx_memory_storage(&s->mem);
        if (value == NULL || s->mem.bytes > sizeof d->scalar.data)
            return VX_ERROR_NO_MEMORY;
        d->scalar.data_type = (uint32_t)s->data_type;
        memcpy(&d->scalar.data, value, s->mem.bytes);
        return VX_SUCCESS;
    }
    case VX_TYPE_USER_DATA_OBJECT: {
        pvx_udo *u = r->desc;
        if (!set_storage(&d->user_data_object.mem_ptr, &u->mem))
            return VX_ERROR_NO_MEMORY;
        memcpy(d->user_data_object.type_name, u->type_name, sizeof d->user_data_object.type_name);
        d->user_data_object.mem_size = d->user_data_object.valid_mem_size = (uint32_t)u->mem.bytes;
        return VX_SUCCESS;
    }
    case VX_TYPE_ARRAY: {
        pvx_array *a = r->desc;
        if (!set_storage(&d->array.mem_ptr, &a->mem))
            return VX_ERROR_NO_MEMORY;
        d->array.item_type = (uint32_t)a->item_type;
        d->array.item_size = (uint32_t)a->item_size;
        d->array.num_items = (uint32_t)a->num_items;
        d->array.capacity = (uint32_t)a->capacity;
        d->array.mem_size = (uint32_t)(a->capacity * a->item_size);
        return VX_SUCCESS;
    }
    case VX_TYPE_TENSOR: {
        pvx_tensor *t = r->desc;
        if (!set_storage(&d->tensor.mem_ptr, &t->mem))
            return VX_ERROR_NO_MEMORY;
        d->tensor.number_of_dimensions = (uint32_t)t->num_dims;
        for (vx_size i = 0; i < t->num_dims && i < TIVX_CONTEXT_MAX_TENSOR_DIMS; i++) {
            d->tensor.dimensions[i] = (uint32_t)t->dims[i];
            d->tensor.stride[i] = (uint32_t)t->strides[i];
        }
        d->tensor.data_type = (uint32_t)t->data_type;
        d->tensor.fixed_point_position = t->fixed_point_position;
        d->tensor.mem_size = (uint32_t)t->mem.bytes;
        return VX_SUCCESS;
    }
    case VX_TYPE_PYRAMID:          /* levels, size, format and scale: set by Python (graph/targets.py) */
        return items ? fill_items(d, items, d->pyramid.obj_desc_id) : VX_SUCCESS;
    case VX_TYPE_OBJECT_ARRAY:
        if (items == NULL)
            return VX_SUCCESS;
        d->object_array.num_items = items->count;
        d->object_array.item_type = items->count ? (uint32_t)((pvx_ref *)items->refs[0])->type : 0;
        return fill_items(d, items, d->object_array.obj_desc_id);
    case VX_TYPE_THRESHOLD:
        fill_threshold(&d->threshold, r->desc);
        return VX_SUCCESS;
    case VX_TYPE_MATRIX:
    case VX_TYPE_LUT:
    case VX_TYPE_CONVOLUTION:
    case VX_TYPE_DISTRIBUTION:
    case VX_TYPE_REMAP:
        return fill_memory_object(d, r) ? VX_SUCCESS : VX_ERROR_NO_MEMORY;
    default:                       /* other objects: the header (type, host_ref) */
        return VX_SUCCESS;
    }
}

/* What a callback wrote that the host object keeps: a scalar's value, an array's item count, a
 * threshold's values (what it writes into memory is the object's memory already). */
static void write_back(pvx_obj_desc *d, vx_reference ref, const pvx_obj_items *items)
{
    pvx_ref *r = (pvx_ref *)ref;
    if (r->type == VX_TYPE_SCALAR) {
        pvx_scalar *s = r->desc;
        void *value = pvx_memory_base(&s->mem);
        if (value != NULL && memcmp(value, &d->scalar.data, s->mem.bytes) != 0)
            memcpy(value, &d->scalar.data, s->mem.bytes);
    } else if (r->type == VX_TYPE_ARRAY) {
        pvx_array *a = r->desc;
        if (d->array.num_items <= a->capacity)
            a->num_items = d->array.num_items;
    } else if (r->type == VX_TYPE_THRESHOLD) {
        write_back_threshold(&d->threshold, r->desc);
    }
    for (uint32_t k = 0; items != NULL && k < items->count; k++)
        write_back(items->descs[k], items->refs[k], NULL);
}

/* The instance's replica row of the node's own parameters (create and delete; process gets a row). */
static vx_reference *own_row(struct _tivx_target_kernel_instance *inst)
{
    pvx_node *n = inst->node;
    return n->parameters + (size_t)inst->replica * n->num_parameters;
}

static vx_status fill_all(struct _tivx_target_kernel_instance *inst, vx_reference *row)
{
    vx_status status = VX_SUCCESS;
    for (uint32_t i = 0; i < inst->node->num_parameters && status == VX_SUCCESS; i++) {
        inst->args[i] = row[i] ? &inst->descs[i].base : NULL;
        if (row[i])
            status = fill(&inst->descs[i], row[i], &inst->items[i]);
    }
    return status;
}

static void write_back_all(struct _tivx_target_kernel_instance *inst, vx_reference *row)
{
    for (uint32_t i = 0; i < inst->node->num_parameters; i++)
        if (row[i])
            write_back(&inst->descs[i], row[i], &inst->items[i]);
}

/* ---------------------------------------------------------------- instances */

int pvx_target_instances_new(pvx_node *n, struct _tivx_target_kernel *kernel, uint32_t target_id, uint32_t replicas)
{
    struct _tivx_target_kernel_instance *insts = calloc(replicas, sizeof *insts);
    if (insts == NULL)
        return -1;
    n->target = insts;
    for (uint32_t r = 0; r < replicas; r++) {
        struct _tivx_target_kernel_instance *inst = &insts[r];
        inst->kernel = kernel;
        inst->node = n;
        inst->target_id = target_id;
        inst->replica = r;
        inst->replicas = replicas;
        size_t count = n->num_parameters ? n->num_parameters : 1;
        inst->descs = calloc(count, sizeof *inst->descs);
        inst->args = calloc(count, sizeof *inst->args);
        inst->items = calloc(count, sizeof *inst->items);
        if (inst->descs == NULL || inst->args == NULL || inst->items == NULL) {
            pvx_target_instances_free(n);
            return -1;
        }
    }
    return 0;
}

static void free_items(pvx_obj_items *items)
{
    for (uint32_t k = 0; k < items->count; k++) {
        unregister_desc(items->descs[k]);
        free(items->descs[k]);
    }
    free(items->descs);
    free(items->refs);
    memset(items, 0, sizeof *items);
}

void pvx_target_instances_free(pvx_node *n)
{
    struct _tivx_target_kernel_instance *insts = n->target;
    if (insts == NULL)
        return;
    n->target = NULL;
    for (uint32_t r = 0; r < insts[0].replicas; r++) {
        struct _tivx_target_kernel_instance *inst = &insts[r];
        for (uint32_t i = 0; inst->items != NULL && i < n->num_parameters; i++)
            free_items(&inst->items[i]);
        free(inst->descs);
        free(inst->args);
        free(inst->items);
    }
    free(insts);
}

int pvx_target_set_items(struct _tivx_target_kernel_instance *inst, uint32_t index, const vx_reference *refs,
                         uint32_t count)
{
    pvx_obj_items *items = &inst->items[index];
    free_items(items);
    items->refs = calloc(count ? count : 1, sizeof *items->refs);
    items->descs = calloc(count ? count : 1, sizeof *items->descs);
    if (items->refs == NULL || items->descs == NULL)
        return -1;
    for (uint32_t k = 0; k < count; k++) {
        items->refs[k] = refs[k];
        items->descs[k] = calloc(1, sizeof(pvx_obj_desc));
        if (items->descs[k] == NULL)
            return -1;
        items->count = k + 1;
        if (register_desc(items->descs[k]) != 0)
            return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- crash containment */

static __thread sigjmp_buf *guard_env;
static __thread const struct _tivx_target_kernel_instance *guard_inst;
static __thread const char *guard_what;
static struct sigaction previous[NSIG];
static const int fault_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};

static size_t append(char *buf, size_t at, const char *s)
{
    while (*s && at < 511)
        buf[at++] = *s++;
    return at;
}

/* Only async-signal-safe calls here: write(2) of a message built by hand. */
static void on_fault(int sig, siginfo_t *info, void *context)
{
    (void)info;
    (void)context;
    if (guard_env == NULL) {       /* not a target callback: as if we were not there */
        sigaction(sig, &previous[sig], NULL);
        return;
    }
    char buf[512], num[12];
    int k = 11;
    num[k] = 0;
    for (int v = sig; v > 0 || k == 11; v /= 10)
        num[--k] = (char)('0' + v % 10);
    const struct _tivx_target_kernel_instance *inst = guard_inst;
    size_t at = append(buf, 0, "pyopenvx: target ");
    at = append(buf, at, targets[inst->target_id].name);
    at = append(buf, at, ": the ");
    at = append(buf, at, guard_what);
    at = append(buf, at, " callback of node '");
    at = append(buf, at, inst->name);
    at = append(buf, at, "' crashed (signal ");
    at = append(buf, at, num + k);
    at = append(buf, at, "); it fails with VX_FAILURE and the target goes on\n");
    if (write(STDERR_FILENO, buf, at) < 0) {
        /* nothing else can be done from here */
    }
    sigjmp_buf *env = guard_env;
    guard_env = NULL;
    siglongjmp(*env, 1);
}

static void install_handlers(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof fault_signals / sizeof *fault_signals; i++)
        sigaction(fault_signals[i], &sa, &previous[fault_signals[i]]);
}

static vx_status guarded(struct _tivx_target_kernel_instance *inst, int kind, const job *j)
{
    static const char *const names[] = {[JOB_CREATE] = "create", [JOB_DELETE] = "delete",
                                        [JOB_PROCESS] = "process", [JOB_CONTROL] = "control"};
    struct _tivx_target_kernel *k = inst->kernel;
    tivx_target_kernel_f fn = kind == JOB_CREATE ? k->create : kind == JOB_DELETE ? k->destroy : k->process;
    if (kind != JOB_CONTROL && fn == NULL)
        return kind == JOB_PROCESS ? VX_ERROR_NOT_IMPLEMENTED : VX_SUCCESS;
    sigjmp_buf env;
    if (sigsetjmp(env, 0))     /* SA_NODEFER: the handler leaves the mask as it was */
        return VX_FAILURE;
    guard_inst = inst;
    guard_what = names[kind];
    guard_env = &env;
    vx_status status = kind == JOB_CONTROL
        ? k->control(inst, j->cmd, j->args, (uint16_t)j->num, k->priv_arg)
        : fn(inst, inst->args, (uint16_t)inst->node->num_parameters, k->priv_arg);
    guard_env = NULL;
    return status;
}

/* ---------------------------------------------------------------- commands */

vx_status pvx_target_process(pvx_node *n, vx_reference *row, uint32_t replica)
{
    struct _tivx_target_kernel_instance *inst = &n->target[replica];
    vx_status status = fill_all(inst, row);
    if (status == VX_SUCCESS)
        status = guarded(inst, JOB_PROCESS, NULL);
    write_back_all(inst, row);
    return status;
}

static vx_status run_control(job *j)
{
    vx_status status = VX_SUCCESS;
    for (uint32_t i = 0; i < j->num && status == VX_SUCCESS; i++) {
        j->args[i] = j->refs[i] ? &j->descs[i].base : NULL;
        if (j->refs[i])
            status = fill(&j->descs[i], j->refs[i], NULL);
    }
    if (status == VX_SUCCESS)
        status = guarded(j->inst, JOB_CONTROL, j);
    for (uint32_t i = 0; i < j->num; i++)
        if (j->refs[i])
            write_back(&j->descs[i], j->refs[i], NULL);
    return status;
}

/* A node of a graph run, unless the run already failed or one of its producers did (they have all
 * ended: the host waited for those on other targets, the queue ran those on this one first). */
static void run_node(job *j)
{
    int upstream = __atomic_load_n(j->failed, __ATOMIC_ACQUIRE);
    for (vx_uint32 d = 0; j->run != NULL && d < j->node->num_deps && !upstream; d++)
        upstream = j->run[j->node->deps[d]].status != VX_SUCCESS;
    j->skipped = upstream;
    j->status = upstream ? VX_ERROR_GRAPH_ABANDONED
                         : j->host(j->node, j->rows ? j->rows : j->node->parameters, j->measure);
    if (j->status != VX_SUCCESS)
        __atomic_store_n(j->failed, 1, __ATOMIC_RELEASE);
}

static void run_job(job *j)
{
    struct _tivx_target_kernel_instance *inst = j->inst;
    switch (j->kind) {
    case JOB_PROCESS:
        run_node(j);
        break;
    case JOB_CONTROL:
        j->status = run_control(j);
        break;
    case JOB_CREATE:
        j->status = fill_all(inst, own_row(inst));
        if (j->status == VX_SUCCESS)
            j->status = guarded(inst, JOB_CREATE, j);
        write_back_all(inst, own_row(inst));
        inst->created = j->status == VX_SUCCESS;
        break;
    default:                       /* JOB_DELETE: only what was created */
        j->status = VX_SUCCESS;
        if (inst->created && (j->status = fill_all(inst, own_row(inst))) == VX_SUCCESS)
            j->status = guarded(inst, JOB_DELETE, j);
        inst->created = 0;
        break;
    }
}

static void free_job(job *j)
{
    free(j->refs);
    free(j->descs);
    free(j->args);
    free(j);
}

static int head_queued(const void *t)
{
    return __atomic_load_n(&((const target *)t)->head, __ATOMIC_ACQUIRE) != NULL;
}

static int job_done(const void *j)
{
    return __atomic_load_n(&((const job *)j)->done, __ATOMIC_ACQUIRE) != 0;
}

/* The target the calling thread serves (NULL on other threads): a context released from one of
 * its callbacks cannot wait for it to go idle. */
static __thread const target *self_target;

static void *target_main(void *arg)
{
    target *t = arg;
    self_target = t;
    stack_t alt = {.ss_sp = malloc(1 << 16), .ss_size = 1 << 16};
    if (alt.ss_sp != NULL)
        sigaltstack(&alt, NULL);   /* a stack overflow in a callback is reported too */
    pthread_mutex_lock(&lock);
    for (;;) {
        if (t->head == NULL) {
            pthread_mutex_unlock(&lock);
            pvx_spin_until(head_queued, t);
            pthread_mutex_lock(&lock);
        }
        while (t->head == NULL)
            pthread_cond_wait(&t->wake, &lock);
        job *j = t->head;
        t->head = j->next;
        if (t->head == NULL)
            t->tail = NULL;
        t->running = j;
        pthread_mutex_unlock(&lock);
        run_job(j);
        pthread_mutex_lock(&lock);
        t->running = NULL;
        t->pending--;
        if (j->abandoned)
            free_job(j);
        else
            __atomic_store_n(&j->done, 1, __ATOMIC_RELEASE);
        pthread_cond_broadcast(&done);
    }
    return NULL;
}

static pthread_once_t handlers_once = PTHREAD_ONCE_INIT;

static int submit(uint32_t id, job *j)
{
    target *t = &targets[id];
    pthread_once(&handlers_once, install_handlers);
    pthread_mutex_lock(&lock);
    if (!t->started) {
        pthread_cond_init(&t->wake, NULL);
        if (pthread_create(&t->thread, NULL, target_main, t) != 0) {
            pthread_mutex_unlock(&lock);
            return -1;
        }
        pthread_detach(t->thread);
        t->started = 1;
    }
    j->next = NULL;
    if (t->tail)
        t->tail->next = j;
    else
        __atomic_store_n(&t->head, j, __ATOMIC_RELEASE);    /* an idle target may be spinning on it */
    t->tail = j;
    t->pending++;
    pthread_cond_signal(&t->wake);
    pthread_mutex_unlock(&lock);
    return 0;
}

/* 1 when the job ended; 0 after timeout_ms, and then the target frees the job when it ends. */
static int wait_job(job *j, uint32_t timeout_ms)
{
    struct timespec ts;
    int timed = timeout_ms != TIVX_EVENT_TIMEOUT_WAIT_FOREVER;
    if (timed)
        pvx_deadline_in(&ts, timeout_ms);
    else if (pvx_spin_until(job_done, j))
        return 1;
    pthread_mutex_lock(&lock);
    while (!j->done)
        if (timed ? pthread_cond_timedwait(&done, &lock, &ts) == ETIMEDOUT : pthread_cond_wait(&done, &lock) != 0)
            break;
    int ended = j->done;
    if (!ended)
        j->abandoned = 1;
    pthread_mutex_unlock(&lock);
    return ended;
}

static vx_status call_and_wait(job *j, uint32_t timeout_ms)
{
    if (submit(j->inst->target_id, j) != 0) {
        free_job(j);
        return VX_ERROR_NO_RESOURCES;
    }
    if (!wait_job(j, timeout_ms))
        return VX_ERROR_TIMEOUT;
    vx_status status = j->status;
    free_job(j);
    return status;
}

vx_status pvx_target_call(struct _tivx_target_kernel_instance *inst, int command, uint32_t timeout_ms)
{
    job *j = calloc(1, sizeof *j);
    if (j == NULL)
        return VX_ERROR_NO_MEMORY;
    j->kind = command;
    j->inst = inst;
    return call_and_wait(j, timeout_ms);
}

vx_status pvx_target_command(struct _tivx_target_kernel_instance *inst, uint32_t cmd, const vx_reference *refs,
                             uint32_t num_refs, uint32_t timeout_ms)
{
    job *j = calloc(1, sizeof *j);
    size_t count = num_refs ? num_refs : 1;
    if (j == NULL || (j->refs = calloc(count, sizeof *j->refs)) == NULL ||
        (j->descs = calloc(count, sizeof *j->descs)) == NULL || (j->args = calloc(count, sizeof *j->args)) == NULL) {
        if (j)
            free_job(j);
        return VX_ERROR_NO_MEMORY;
    }
    j->kind = JOB_CONTROL;
    j->inst = inst;
    j->cmd = cmd;
    j->num = num_refs;
    if (num_refs)
        memcpy(j->refs, refs, num_refs * sizeof *refs);
    return call_and_wait(j, timeout_ms);
}

/* ---------------------------------------------------------------- graphs */

vx_status pvx_target_run_node(pvx_node *n, vx_reference *rows, int measure, pvx_node_run_f *host)
{
    int failed = 0;
    job j = {.kind = JOB_PROCESS, .node = n, .host = host, .rows = rows, .measure = measure, .failed = &failed};
    if (submit(n->target[0].target_id, &j) != 0)
        return VX_ERROR_NO_RESOURCES;
    wait_job(&j, TIVX_EVENT_TIMEOUT_WAIT_FOREVER);   /* (never abandoned: no time limit) */
    return j.status;
}

vx_status pvx_target_run_graph(pvx_graph *g, int measure, pvx_node_run_f *host)
{
    job *jobs = calloc(g->num_nodes, sizeof *jobs);
    if (jobs == NULL)
        return VX_ERROR_NO_MEMORY;
    int failed = 0;
    uint32_t started = 0;
    for (; started < g->num_nodes && !__atomic_load_n(&failed, __ATOMIC_ACQUIRE); started++) {
        pvx_node *n = g->schedule[started];
        job *j = &jobs[started];
        /* producers on the node's own target need no wait: its queue runs them first */
        for (vx_uint32 d = 0; d < n->num_deps; d++) {
            const pvx_node *p = g->schedule[n->deps[d]];
            if (n->target == NULL || p->target == NULL || p->target[0].target_id != n->target[0].target_id)
                wait_job(&jobs[n->deps[d]], TIVX_EVENT_TIMEOUT_WAIT_FOREVER);
        }
        j->kind = JOB_PROCESS;
        j->node = n;
        j->host = host;
        j->measure = measure;
        j->run = jobs;
        j->failed = &failed;
        if (n->target != NULL && submit(n->target[0].target_id, j) == 0)
            continue;
        if (n->target == NULL)
            run_node(j);
        else {                         /* its target thread could not start */
            j->status = VX_ERROR_NO_RESOURCES;
            failed = 1;
        }
        j->done = 1;
    }
    /* Every queued node ends before the graph does; the first failure in schedule order that is not
     * a node left out because of it is the graph's. Node events go in schedule order, as the host
     * executor sends them (none for a node left out). */
    vx_status status = VX_SUCCESS;
    for (uint32_t i = 0; i < started; i++) {
        wait_job(&jobs[i], TIVX_EVENT_TIMEOUT_WAIT_FOREVER);
        if (g->events && !jobs[i].skipped)
            pvx_graph_events_node(g->events, i, g->schedule[i]->node, jobs[i].status);
        if (jobs[i].status != VX_SUCCESS && !jobs[i].skipped && status == VX_SUCCESS)
            status = jobs[i].status;
    }
    free(jobs);
    return status;
}

int pvx_target_define(uint32_t id, const char *name)
{
    if (id >= PVX_TARGETS_MAX || strlen(name) >= TIVX_TARGET_MAX_NAME)
        return -1;
    strcpy(targets[id].name, name);
    return 0;
}

int pvx_targets_wait_idle(uint32_t timeout_ms)
{
    struct timespec ts;
    pvx_deadline_in(&ts, timeout_ms);
    pthread_mutex_lock(&lock);
    for (;;) {
        uint32_t busy = 0;
        for (uint32_t i = 0; i < PVX_TARGETS_MAX; i++)
            if (&targets[i] != self_target)   /* (it runs the caller, and what it queued waits behind it) */
                busy += targets[i].pending;
        if (busy == 0 || pthread_cond_timedwait(&done, &lock, &ts) == ETIMEDOUT) {
            for (uint32_t i = 0; busy && i < PVX_TARGETS_MAX; i++) {
                job *j = targets[i].running;
                if (j != NULL)
                    fprintf(stderr, "pyopenvx: target %s is still running a %s command of node '%s'\n",
                            targets[i].name, j->kind == JOB_PROCESS ? "process" : j->kind == JOB_CONTROL ? "control"
                            : j->kind == JOB_CREATE ? "create" : "delete",
                            j->kind == JOB_PROCESS ? j->node->target[0].name : j->inst->name);
            }
            pthread_mutex_unlock(&lock);
            return busy == 0;
        }
    }
}

/* ---------------------------------------------------------------- the plain-C tivx functions */

void pvx_c_tivxInit(void)
{
}

void pvx_c_tivxHostInit(void)
{
}

static vx_enum self_cpu = TIVX_CPU_ID_MPU_0;

vx_enum pvx_c_tivxGetSelfCpuId(void)
{
    return __atomic_load_n(&self_cpu, __ATOMIC_RELAXED);
}

void pvx_c_tivxSetSelfCpuId(vx_enum cpu_id)
{
    __atomic_store_n(&self_cpu, cpu_id, __ATOMIC_RELAXED);
}

/* Waits until every target has finished what it was given. */
void pvx_c_tivxDeInit(void)
{
    while (!pvx_targets_wait_idle(5000)) {
    }
}

void pvx_c_tivxHostDeInit(void)
{
    pvx_c_tivxDeInit();
}

vx_status pvx_c_tivxSetTargetKernelInstanceContext(tivx_target_kernel_instance target_kernel_instance,
                                                   void *kernel_context, uint32_t kernel_context_size)
{
    if (target_kernel_instance == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    target_kernel_instance->context = kernel_context;
    target_kernel_instance->context_size = kernel_context_size;
    return VX_SUCCESS;
}

vx_status pvx_c_tivxGetTargetKernelInstanceContext(tivx_target_kernel_instance target_kernel_instance,
                                                   void **kernel_context, uint32_t *kernel_context_size)
{
    if (target_kernel_instance == NULL || kernel_context == NULL || kernel_context_size == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    *kernel_context = target_kernel_instance->context;
    *kernel_context_size = target_kernel_instance->context_size;
    return VX_SUCCESS;
}

vx_status pvx_c_tivxGetTargetKernelInstanceState(tivx_target_kernel_instance target_kernel_instance, vx_enum *state)
{
    if (target_kernel_instance == NULL || state == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    *state = target_kernel_instance->node->state;
    return VX_SUCCESS;
}

vx_status pvx_c_tivxGetTargetKernelInstanceBorderMode(tivx_target_kernel_instance target_kernel_instance,
                                                      vx_border_t *border_mode)
{
    if (target_kernel_instance == NULL || border_mode == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    *border_mode = target_kernel_instance->node->border;
    return VX_SUCCESS;
}

vx_bool pvx_c_tivxIsTargetKernelInstanceReplicated(tivx_target_kernel_instance target_kernel_instance)
{
    return target_kernel_instance != NULL && target_kernel_instance->node->is_replicated ? vx_true_e : vx_false_e;
}

vx_status pvx_c_tivxGetTargetKernelTargetId(tivx_target_kernel_instance target_kernel_instance, uint32_t *targetId)
{
    if (target_kernel_instance == NULL || targetId == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    *targetId = target_kernel_instance->target_id;
    return VX_SUCCESS;
}

tivx_target_kernel pvx_c_tivxTargetKernelInstanceGetKernel(tivx_target_kernel_instance target_kernel_instance)
{
    return target_kernel_instance != NULL ? target_kernel_instance->kernel : NULL;
}

vx_uint32 pvx_c_tivxGetTargetKernelInstanceDebugZonemask(tivx_target_kernel_instance target_kernel_instance)
{
    return target_kernel_instance != NULL ? target_kernel_instance->node->debug_zonemask : 0u;
}

/* Memory: every target shares the host's address space and heap. */
void *pvx_c_tivxMemAlloc(vx_uint32 size, vx_enum mem_heap_region)
{
    (void)mem_heap_region;
    return size ? aligned_alloc(64, (size + 63u) & ~(vx_uint32)63u) : NULL;
}

vx_status pvx_c_tivxMemFree(void *ptr, vx_uint32 size, vx_enum mem_heap_region)
{
    (void)size;
    (void)mem_heap_region;
    if (ptr == NULL)
        return VX_ERROR_INVALID_PARAMETERS;
    free(ptr);
    return VX_SUCCESS;
}

vx_status pvx_c_tivxMemResetScratchHeap(vx_enum mem_heap_region)
{
    (void)mem_heap_region;
    return VX_SUCCESS;
}

void *pvx_c_tivxMemShared2TargetPtr(const tivx_shared_mem_ptr_t *shared_ptr)
{
    return shared_ptr ? (void *)(uintptr_t)shared_ptr->shared_ptr : NULL;
}

uint64_t pvx_c_tivxMemHost2SharedPtr(uint64_t host_ptr, vx_enum mem_heap_region)
{
    (void)mem_heap_region;
    return host_ptr;
}

/* No cache to maintain: map and unmap only check their arguments. */
vx_status pvx_c_tivxMemBufferMap(void *host_ptr, uint32_t size, vx_enum mem_type, vx_enum maptype)
{
    (void)size;
    (void)mem_type;
    (void)maptype;
    return host_ptr ? VX_SUCCESS : VX_ERROR_INVALID_PARAMETERS;
}

vx_status pvx_c_tivxMemBufferUnmap(void *host_ptr, uint32_t size, vx_enum mem_type, vx_enum maptype)
{
    return pvx_c_tivxMemBufferMap(host_ptr, size, mem_type, maptype);
}
