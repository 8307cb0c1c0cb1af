/* Several C threads use the library at once: the one context (counted per vxCreateContext), queries,
 * names, objects. */
#include "check.h"
#include <pthread.h>
#include <string.h>

#define THREADS 4
#define ROUNDS 200

static void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < ROUNDS; i++) {
        vx_context ctx = vxCreateContext();
        vx_uint32 refs = 1;
        vx_char *name = NULL;
        CHECK_REF(ctx);
        CHECK_OK(vxQueryContext(ctx, VX_CONTEXT_REFERENCES, &refs, sizeof refs));
        CHECK(refs < THREADS);               /* (the other threads' images, at most) */
        CHECK_OK(vxSetReferenceName((vx_reference)ctx, "worker"));
        CHECK_OK(vxQueryReference((vx_reference)ctx, VX_REFERENCE_NAME, &name, sizeof name));
        CHECK(strcmp(name, "worker") == 0);
        vx_image img = vxCreateImage(ctx, 4, 4, VX_DF_IMAGE_U8);
        CHECK_REF(img);
        CHECK_OK(vxReleaseImage(&img));
        CHECK_OK(vxReleaseContext(&ctx));
    }
    return NULL;
}

int main(void)
{
    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; i++)
        CHECK(pthread_create(&t[i], NULL, worker, NULL) == 0);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    puts("ok");
    return 0;
}
