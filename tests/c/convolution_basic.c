/* Convolution: attributes, scale (power of 2), coefficients both ways, refusals, counts. */
#include <string.h>
#include "check.h"

int main(void)
{
    vx_context context = vxCreateContext();
    vx_uint32 start = context_references(context);
    vx_convolution conv = vxCreateConvolution(context, 5, 3);
    CHECK_REF(conv);
    vx_size rows = 0, cols = 0, size = 0;
    vx_uint32 scale = 0;
    CHECK_OK(vxQueryConvolution(conv, VX_CONVOLUTION_ROWS, &rows, sizeof rows));
    CHECK_OK(vxQueryConvolution(conv, VX_CONVOLUTION_COLUMNS, &cols, sizeof cols));
    CHECK_OK(vxQueryConvolution(conv, VX_CONVOLUTION_SIZE, &size, sizeof size));
    CHECK_OK(vxQueryConvolution(conv, VX_CONVOLUTION_SCALE, &scale, sizeof scale));
    CHECK(rows == 3 && cols == 5 && size == 30 && scale == 1);
    scale = 16;
    CHECK_OK(vxSetConvolutionAttribute(conv, VX_CONVOLUTION_SCALE, &scale, sizeof scale));
    scale = 12;
    CHECK_STATUS(vxSetConvolutionAttribute(conv, VX_CONVOLUTION_SCALE, &scale, sizeof scale), VX_ERROR_INVALID_VALUE);
    scale = 0;
    CHECK_STATUS(vxSetConvolutionAttribute(conv, VX_CONVOLUTION_SCALE, &scale, sizeof scale), VX_ERROR_INVALID_VALUE);
    CHECK_STATUS(vxSetConvolutionAttribute(conv, VX_CONVOLUTION_ROWS, &rows, sizeof rows), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxQueryConvolution(conv, VX_CONVOLUTION_SCALE, &scale, sizeof scale));
    CHECK(scale == 16);
    vx_int16 in[15], out[15];
    for (int i = 0; i < 15; i++)
        in[i] = (vx_int16)(i - 7);
    CHECK_OK(vxCopyConvolutionCoefficients(conv, in, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyConvolutionCoefficients(conv, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(memcmp(in, out, sizeof in) == 0);
    CHECK_OK(vxReadConvolutionCoefficients(conv, out));
    CHECK_OK(vxWriteConvolutionCoefficients(conv, in));
    CHECK_STATUS(vxCopyConvolutionCoefficients(conv, out, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxCopyConvolutionCoefficients(conv, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateConvolution(context, 4, 3)), VX_ERROR_INVALID_DIMENSION);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateConvolution(context, 1, 3)), VX_ERROR_INVALID_DIMENSION);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateConvolution(context, 3, 17)), VX_ERROR_INVALID_DIMENSION);
    CHECK(context_references(context) == start + 1);
    CHECK_OK(vxReleaseConvolution(&conv));
    CHECK(context_references(context) == start);
    CHECK_OK(vxReleaseContext(&context));
    return 0;
}
