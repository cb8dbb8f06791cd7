// The zlib stream of a PNG iCCP chunk, inflated with libdeflate (already linked for the PNG fast path).
#include "CImagingShimColour.h"
#include <libdeflate.h>

int CImagingShim_zlibInflate(const uint8_t *input, size_t size, uint8_t *output, size_t capacity, size_t *produced) {
    *produced = 0;
    if (!input || !output) return 1;
    struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
    if (!decompressor) return 1;
    size_t actual = 0;
    enum libdeflate_result result = libdeflate_zlib_decompress(decompressor, input, size, output, capacity, &actual);
    libdeflate_free_decompressor(decompressor);
    if (result != LIBDEFLATE_SUCCESS) return 1;
    *produced = actual;
    return 0;
}
