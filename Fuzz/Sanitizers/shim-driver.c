// Drives the C shim (Sources/CImagingShim) over image files outside Swift, so `make sanitize`
// can build it with gcc's -fsanitize=address,undefined: Swift has no UBSan on Linux, and this
// is the project's only C code. Every file is decoded as JPEG (at 1/8 and full scale, and as raw
// YCbCr planes at 1/2, 1/4 and 1/8), as PNG with libpng, and with the fast PNG path (SSE2 and
// portable unfiltering); errors are expected, sanitizer reports are not (they abort with a
// non-zero status). Built with -DSHIM_LIBFUZZER it is a libFuzzer target instead (`make
// fuzz-shim`: clang's fuzzer + address + undefined sanitizers over the same calls).
#include "CImagingShim.h"

#include <stdio.h>
#include <stdlib.h>

static uint8_t *readFile(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    uint8_t *bytes = malloc(length > 0 ? (size_t)length : 1);
    *size = bytes ? fread(bytes, 1, (size_t)length, file) : 0;
    fclose(file);
    return bytes;
}

static void decodeJPEG(const uint8_t *bytes, size_t size, int scale, int fatal) {
    CImagingShim_JPEGReader *reader = CImagingShim_jpegReaderCreate(bytes, size, fatal, 100);
    if (!reader) return;
    CImagingShim_JPEGInfo info;
    uint32_t width = 0, height = 0;
    if (CImagingShim_jpegReadHeader(reader, &info) == 0 && (uint64_t)info.width * info.height <= 16u << 20
        && CImagingShim_jpegStart(reader, scale, 8, &width, &height) == 0) {
        uint8_t *pixels = malloc((size_t)width * height * (size_t)info.outputChannels + 1);
        if (pixels) CImagingShim_jpegReadImage(reader, pixels);
        free(pixels);
    }
    CImagingShim_jpegReaderDestroy(reader);
}

/// The planar path: raw Y, Cb, Cr planes at 1/`denominator`, into buffers as large as the reader says.
static void decodeJPEGRaw(const uint8_t *bytes, size_t size, int denominator) {
    CImagingShim_JPEGReader *reader = CImagingShim_jpegReaderCreate(bytes, size, 0, 100);
    if (!reader) return;
    CImagingShim_JPEGInfo info;
    CImagingShim_JPEGPlanes planes;
    if (CImagingShim_jpegReadHeader(reader, &info) == 0 && info.ycc && (uint64_t)info.width * info.height <= 16u << 20
        && CImagingShim_jpegStartRaw(reader, 1, denominator, &planes) == 0) {
        uint8_t *y = malloc((size_t)planes.y.stride * planes.y.rows + 1);
        uint8_t *cb = malloc((size_t)planes.cb.stride * planes.cb.rows + 1);
        uint8_t *cr = malloc((size_t)planes.cr.stride * planes.cr.rows + 1);
        if (y && cb && cr) CImagingShim_jpegReadRaw(reader, y, cb, cr);
        free(y);
        free(cb);
        free(cr);
    }
    CImagingShim_jpegReaderDestroy(reader);
}

static void decodePNG(const uint8_t *bytes, size_t size, int strict) {
    CImagingShim_PNGReader *reader = CImagingShim_pngReaderCreate(bytes, size);
    if (!reader) return;
    CImagingShim_pngReaderSetStrict(reader, strict);
    CImagingShim_PNGReadInfo info;
    if (CImagingShim_pngReadInfo(reader, &info) == 0 && (uint64_t)info.width * info.height <= 16u << 20) {
        uint8_t *pixels = malloc(info.rowBytes * info.height + 1);
        int status = !pixels ? -1
            : info.interlaced ? CImagingShim_pngReadImage(reader, pixels)
            : CImagingShim_pngReadRows(reader, pixels, info.height);
        if (status == 0) CImagingShim_pngReadEnd(reader);
        free(pixels);
    }
    CImagingShim_pngReaderDestroy(reader);
}

static void decodePNGFast(const uint8_t *bytes, size_t size, int portable) {
    CImagingShim_PNGFastInfo info;
    if (CImagingShim_pngFastInspect(bytes, size, &info) != CIMAGINGSHIM_PNGFAST_OK || info.filteredBytes > 64u << 20) return;
    info.portableUnfilter = portable;
    uint8_t *filtered = malloc(info.filteredBytes + info.scratchBytes);
    if (filtered && CImagingShim_pngFastInflate(bytes, size, &info, filtered) == CIMAGINGSHIM_PNGFAST_OK
        && CImagingShim_pngFastUnfilterRows(filtered, &info, 0, info.height / 2) == CIMAGINGSHIM_PNGFAST_OK
        && CImagingShim_pngFastUnfilterRows(filtered, &info, info.height / 2, info.height) == CIMAGINGSHIM_PNGFAST_OK
        && CImagingShim_pngFastCheckFilterTypes(filtered, &info, 0) == CIMAGINGSHIM_PNGFAST_OK && info.channels == 2) {
        uint8_t *rgba = malloc((size_t)info.width * 4);
        if (rgba) CImagingShim_pngFastGrayAlphaToRGBA(filtered + 1, rgba, info.width);
        free(rgba);
    }
    free(filtered);
}

static void decodeAll(const uint8_t *bytes, size_t size) {
    decodeJPEG(bytes, size, 1, 0);
    decodeJPEG(bytes, size, 8, 7);
    decodeJPEGRaw(bytes, size, 2);
    decodeJPEGRaw(bytes, size, 4);
    decodeJPEGRaw(bytes, size, 8);
    decodePNG(bytes, size, 0);
    decodePNG(bytes, size, 1);
    decodePNGFast(bytes, size, 0);
    decodePNGFast(bytes, size, 1);
}

#ifdef SHIM_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    decodeAll(data, size);
    return 0;
}
#else
int main(int argc, char **argv) {
    for (int index = 1; index < argc; index++) {
        size_t size = 0;
        uint8_t *bytes = readFile(argv[index], &size);
        if (!bytes) continue;
        decodeAll(bytes, size);
        free(bytes);
    }
    printf("shim-driver: %d files decoded without a sanitizer report\n", argc - 1);
    return 0;
}
#endif
