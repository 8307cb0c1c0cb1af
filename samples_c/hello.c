/* hello: create a context, print what the implementation says about itself, log, release. */
#include <VX/vx.h>
#include <stdio.h>
#include <stdlib.h>

static void VX_CALLBACK on_log(vx_context context, vx_reference ref, vx_status status, const vx_char string[])
{
    (void)context;
    (void)ref;
    printf("log (status %d): %s\n", status, string);
}

int main(void)
{
    vx_context context = vxCreateContext();
    vx_status status = vxGetStatus((vx_reference)context);
    if (status != VX_SUCCESS) {
        fprintf(stderr, "vxCreateContext failed: %d\n", status);
        return 1;
    }
    vxRegisterLogCallback(context, on_log, vx_false_e);

    vx_uint16 vendor = 0, version = 0;
    vx_char implementation[VX_MAX_IMPLEMENTATION_NAME];
    vx_size extensions_size = 0;
    vxQueryContext(context, VX_CONTEXT_VENDOR_ID, &vendor, sizeof vendor);
    vxQueryContext(context, VX_CONTEXT_VERSION, &version, sizeof version);
    vxQueryContext(context, VX_CONTEXT_IMPLEMENTATION, implementation, sizeof implementation);
    vxQueryContext(context, VX_CONTEXT_EXTENSIONS_SIZE, &extensions_size, sizeof extensions_size);
    vx_char *extensions = malloc(extensions_size);
    vxQueryContext(context, VX_CONTEXT_EXTENSIONS, extensions, extensions_size);
    printf("implementation: %s\nvendor: %#x\nversion: %u.%u\nextensions: %s\n", implementation, vendor,
           version >> 8, version & 0xFF, extensions);
    free(extensions);

    vxAddLogEntry((vx_reference)context, VX_SUCCESS, "hello from %s", "samples_c/hello");
    status = vxReleaseContext(&context);
    printf("released: %s\n", status == VX_SUCCESS && context == NULL ? "yes" : "no");
    return status == VX_SUCCESS ? 0 : 1;
}
