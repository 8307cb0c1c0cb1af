/* Target kernels (seed 003), beside plain C.
 *
 *  two_targets:   two independent nodes that each sleep 20 ms, on DSP-1 and DSP-2: graph wall time
 *                 beside the sum of the two sleeps (plain C, one after the other): ~0.5 when they overlap
 *  one_target:    the same two nodes both on DSP-1: one at a time, so ~1.0
 *  chain_target:  per node of a 10-node chain (scalar in -> scalar + 1 out) on one target, beside
 *                 the same chain of host user-kernel nodes (vxCopyScalar in and out): the cost of
 *                 queueing to a target thread and waiting for it, per dependent node */
#define _POSIX_C_SOURCE 199309L
#include <TI/tivx.h>
#include <string.h>
#include "bench.h"

#define CHAIN 10

static void sleep_ms(vx_uint32 ms)
{
    struct timespec ts = {(time_t)(ms / 1000u), (long)(ms % 1000u) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Nothing to set up (TIOVX requires a create callback). */
static vx_status VX_CALLBACK no_setup(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[], uint16_t num_params,
                                   void *priv_arg)
{
    (void)kernel; (void)obj_desc; (void)num_params; (void)priv_arg;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK sleep_process(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                           uint16_t num_params, void *priv_arg)
{
    (void)kernel; (void)num_params; (void)priv_arg;
    sleep_ms(((tivx_obj_desc_scalar_t *)obj_desc[0])->data.u32);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK inc_process(tivx_target_kernel_instance kernel, tivx_obj_desc_t *obj_desc[],
                                         uint16_t num_params, void *priv_arg)
{
    (void)kernel; (void)num_params; (void)priv_arg;
    ((tivx_obj_desc_scalar_t *)obj_desc[1])->data.u32 = ((tivx_obj_desc_scalar_t *)obj_desc[0])->data.u32 + 1;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK inc_host(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    vx_uint32 v;
    vxCopyScalar((vx_scalar)p[0], &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    v++;
    return vxCopyScalar((vx_scalar)p[1], &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}

static vx_status VX_CALLBACK accept(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)p; (void)n; (void)m;
    return VX_SUCCESS;
}

/* A kernel of scalars; on DSP-1 and DSP-2 when `fn` is NULL. */
static vx_kernel scalar_kernel(vx_context ctx, const char *name, vx_kernel_f fn, vx_uint32 outputs)
{
    vx_enum id;
    vxAllocateUserKernelId(ctx, &id);
    vx_kernel k = vxAddUserKernel(ctx, name, id, fn, 1 + outputs, accept, NULL, NULL);
    vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED);
    if (outputs)
        vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED);
    if (fn == NULL) {
        tivxAddKernelTarget(k, TIVX_TARGET_DSP1);
        tivxAddKernelTarget(k, TIVX_TARGET_DSP2);
    }
    vxFinalizeKernel(k);
    return k;
}

static double sleepers(vx_context ctx, vx_kernel k, const char *second_target)
{
    vx_uint32 ms = 20;
    vx_scalar s = vxCreateScalar(ctx, VX_TYPE_UINT32, &ms);
    vx_graph g = vxCreateGraph(ctx);
    vx_node a = vxCreateGenericNode(g, k), b = vxCreateGenericNode(g, k);
    vxSetParameterByIndex(a, 0, (vx_reference)s);
    vxSetParameterByIndex(b, 0, (vx_reference)s);
    vxSetNodeTarget(b, VX_TARGET_STRING, second_target);
    double ns = -1;
    if (vxVerifyGraph(g) == VX_SUCCESS && vxProcessGraph(g) == VX_SUCCESS)
        BENCH_NS(ns, 5, 1, vxProcessGraph(g));
    vxReleaseNode(&a);
    vxReleaseNode(&b);
    vxReleaseGraph(&g);
    vxReleaseScalar(&s);
    return ns;
}

static double chain(vx_context ctx, vx_kernel k, int iters)
{
    vx_uint32 zero = 0;
    vx_scalar s[CHAIN + 1];
    vx_node n[CHAIN];
    vx_graph g = vxCreateGraph(ctx);
    for (int i = 0; i <= CHAIN; i++)
        s[i] = vxCreateScalar(ctx, VX_TYPE_UINT32, &zero);
    for (int i = 0; i < CHAIN; i++) {
        n[i] = vxCreateGenericNode(g, k);
        vxSetParameterByIndex(n[i], 0, (vx_reference)s[i]);
        vxSetParameterByIndex(n[i], 1, (vx_reference)s[i + 1]);
    }
    double ns = -1;
    vx_uint32 last = 0;
    if (vxVerifyGraph(g) == VX_SUCCESS && vxProcessGraph(g) == VX_SUCCESS &&
        vxCopyScalar(s[CHAIN], &last, VX_READ_ONLY, VX_MEMORY_TYPE_HOST) == VX_SUCCESS && last == CHAIN)
        BENCH_NS(ns, 7, iters, vxProcessGraph(g));
    for (int i = 0; i < CHAIN; i++)
        vxReleaseNode(&n[i]);
    for (int i = 0; i <= CHAIN; i++)
        vxReleaseScalar(&s[i]);
    vxReleaseGraph(&g);
    return ns / CHAIN;
}

int main(void)
{
    tivxInit();
    vx_context ctx = vxCreateContext();
    vx_kernel sleeper = scalar_kernel(ctx, "bench.sleep", NULL, 0);
    vx_kernel target_inc = scalar_kernel(ctx, "bench.inc.target", NULL, 1);
    vx_kernel host_inc = scalar_kernel(ctx, "bench.inc.host", inc_host, 1);
    tivx_target_kernel tk[4] = {
        tivxAddTargetKernelByName("bench.sleep", TIVX_TARGET_DSP1, sleep_process, no_setup, NULL, NULL, NULL),
        tivxAddTargetKernelByName("bench.sleep", TIVX_TARGET_DSP2, sleep_process, no_setup, NULL, NULL, NULL),
        tivxAddTargetKernelByName("bench.inc.target", TIVX_TARGET_DSP1, inc_process, no_setup, NULL, NULL, NULL),
        tivxAddTargetKernelByName("bench.inc.target", TIVX_TARGET_DSP2, inc_process, no_setup, NULL, NULL, NULL)};

    double sum;
    BENCH_NS(sum, 3, 1, sleep_ms(20); sleep_ms(20));
    double two = sleepers(ctx, sleeper, TIVX_TARGET_DSP2), one = sleepers(ctx, sleeper, TIVX_TARGET_DSP1);
    double on_target = chain(ctx, target_inc, 2000), on_host = chain(ctx, host_inc, 2000);

    bench_begin("targets");
    bench_row(1, "two_targets: 2 x 20 ms nodes, DSP-1 + DSP-2, wall vs sum", two, sum);
    bench_row(0, "one_target: 2 x 20 ms nodes, both DSP-1, wall vs sum", one, sum);
    bench_row(0, "chain_target: per node, target node vs host user-kernel node", on_target, on_host);
    bench_end();

    for (int i = 0; i < 4; i++)
        tivxRemoveTargetKernel(tk[i]);
    vxRemoveKernel(sleeper);
    vxRemoveKernel(target_inc);
    vxRemoveKernel(host_inc);
    vxReleaseContext(&ctx);
    tivxDeInit();
    return two < 0 || one < 0 || on_target < 0 || on_host < 0;
}
