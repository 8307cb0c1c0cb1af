/* A graph scheduled from a real-time thread (SCHED_FIFO) runs on a worker thread with that policy
 * (csrc/runtime/async.c: workers lower themselves to SCHED_BATCH only from SCHED_OTHER): the
 * kernel sees SCHED_FIFO on a thread other than the scheduler's, and the output is right. Prints
 * "skip" where the process may not use SCHED_FIFO. */
#define _GNU_SOURCE
#include <VX/vx.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <unistd.h>
#include "check.h"
#include "kernels.h"

static int policy = -1, ran;              /* seen by the kernel */
static pthread_t runner;

static vx_uint8 plus_one(vx_uint8 v)
{
    return (vx_uint8)(v + 1);
}

static vx_status VX_CALLBACK note_policy(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node, (void)n;
    policy = sched_getscheduler(0);
    runner = pthread_self();
    vx_status s = u8_pointwise(p, plus_one);
    __atomic_store_n(&ran, 1, __ATOMIC_RELEASE);
    return s;
}

int main(void)
{
    struct sched_param param = {.sched_priority = 1};
    if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &param) != 0) {
        puts("skip");
        return 0;
    }
    vx_context ctx = vxCreateContext();
    CHECK_OK(vxGetStatus((vx_reference)ctx));
    vx_kernel k = in_out_kernel(ctx, "test.policy", note_policy, like_input, VX_TYPE_IMAGE);
    vx_image in = pattern_u8_image(ctx, 64, 48, 1, 0), out = vxCreateImage(ctx, 64, 48, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(ctx);
    vx_node node = node_of_two(g, k, in, out);
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxScheduleGraph(g));
    for (int i = 0; i < 5000 && !__atomic_load_n(&ran, __ATOMIC_ACQUIRE); i++)
        usleep(1000);                     /* a worker runs it: this thread does not wait in vxWaitGraph */
    CHECK_OK(vxWaitGraph(g));
    CHECK(ran && !pthread_equal(runner, pthread_self()));
    CHECK(policy == SCHED_FIFO);
    u8_map m;
    CHECK_OK(map_u8(out, VX_READ_ONLY, &m));
    CHECK(m.p[0] == 1 && m.p[5 * m.stride + 63] == 64);
    CHECK_OK(vxUnmapImagePatch(out, m.id));
    vxReleaseNode(&node), vxReleaseGraph(&g), vxReleaseImage(&in), vxReleaseImage(&out);
    vxReleaseKernel(&k);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
