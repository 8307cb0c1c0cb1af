/* C threads on one context (issue 15):
 *  - 8 threads, each processing its own graph (Not, then Box3x3 of a uniform image), a new input
 *    value every round, exact output every round;
 *  - 4 threads scheduling, waiting for and processing one shared graph, ROUNDS runs in all: a
 *    schedule or process while a run is pending is refused (VX_ERROR_GRAPH_SCHEDULED) and tried
 *    again, each accepted schedule is waited for by its thread with success, the output is exact.
 * No crash, no deadlock (an alarm ends the program), and the context's references come back.
 *
 *     graph_threads [ROUNDS]          (10^4 by default) */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <unistd.h>

#define OWN_THREADS 8
#define SHARED_THREADS 4
#define W 32
#define H 16

static vx_context ctx;
static long rounds = 10000;
static vx_graph shared;
static vx_image shared_out;
static long accepted[SHARED_THREADS], refused[SHARED_THREADS];

/* in -> Not -> virtual -> Box3x3 -> out; with a uniform input, every pixel of out is 255 - value
 * (the box of a uniform image is the image, borders replicated). */
static vx_graph not_box_graph(vx_image in, vx_image out)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_image mid = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
    vx_border_t border = {VX_BORDER_REPLICATE, {{0}}};
    vx_node a = vxNotNode(g, in, mid), b = vxBox3x3Node(g, mid, out);
    CHECK_OK(vxSetNodeAttribute(b, VX_NODE_BORDER, &border, sizeof border));
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxReleaseNode(&a));
    CHECK_OK(vxReleaseNode(&b));
    CHECK_OK(vxReleaseImage(&mid));
    return g;
}

static void check_output(vx_image out, vx_uint8 value)
{
    CHECK(u8_pixel(out, 0, 0) == 255 - value);
    CHECK(u8_pixel(out, W / 2, H / 2) == 255 - value);
    CHECK(u8_pixel(out, W - 1, H - 1) == 255 - value);
}

static void *own_graph(void *arg)
{
    long t = (long)arg;
    vx_image in = u8_image(ctx, W, H, 0), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_graph g = not_box_graph(in, out);
    for (long r = 0; r < rounds; r++) {
        vx_uint8 value = (vx_uint8)(t * 37 + r);
        fill_u8(in, value);
        CHECK_OK(vxProcessGraph(g));
        check_output(out, value);
    }
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
    return NULL;
}

/* Runs its share of the rounds on the shared graph, trying again after each refusal. */
static void *shared_graph(void *arg)
{
    long t = (long)arg;
    for (long r = 0; accepted[t] < rounds / SHARED_THREADS; r++) {
        int schedule = (r + t) % 3 != 0;
        vx_status s = schedule ? vxScheduleGraph(shared) : vxProcessGraph(shared);
        if (s == VX_ERROR_GRAPH_SCHEDULED) {
            refused[t]++;
            sched_yield();
            continue;
        }
        CHECK_OK(s);
        if (schedule) {
            sched_yield();                          /* a schedule + wait lasts a few us: let the others meet it */
            CHECK_OK(vxWaitGraph(shared));          /* only this thread's schedule is pending */
        }
        accepted[t]++;
        check_output(shared_out, 7);
    }
    return NULL;
}

static void on_alarm(int sig)
{
    (void)sig;
    static const char msg[] = "graph_threads: deadlock (no progress before the alarm)\n";
    (void)!write(2, msg, sizeof msg - 1);
    _exit(2);
}

static void run_threads(int n, void *(*fn)(void *))
{
    pthread_t t[OWN_THREADS];
    for (long i = 0; i < n; i++)
        CHECK(pthread_create(&t[i], NULL, fn, (void *)i) == 0);
    for (int i = 0; i < n; i++)
        CHECK(pthread_join(t[i], NULL) == 0);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        rounds = atol(argv[1]);
    signal(SIGALRM, on_alarm);
    alarm(600);
    ctx = vxCreateContext();                        /* no log callback: refusals are expected here */
    CHECK_REF(ctx);
    vx_uint32 start = context_references(ctx);

    run_threads(OWN_THREADS, own_graph);
    CHECK(context_references(ctx) == start);

    vx_image in = u8_image(ctx, W, H, 7);
    shared_out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    shared = not_box_graph(in, shared_out);
    run_threads(SHARED_THREADS, shared_graph);
    long total_refused = 0;
    for (int i = 0; i < SHARED_THREADS; i++)
        total_refused += refused[i];
    CHECK(total_refused > 0);                          /* the threads did meet */
    fprintf(stderr, "shared graph: %ld runs, %ld refused\n", rounds / SHARED_THREADS * SHARED_THREADS, total_refused);
    CHECK_OK(vxReleaseGraph(&shared));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&shared_out));
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
