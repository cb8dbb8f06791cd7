// Drives the C shim (Sources/CImagingShim) over image files outside Swift, so `make sanitize`
// can build it with gcc's -fsanitize=address,undefined: Swift has no UBSan on Linux, and this
// is the project's only C code. Every file is decoded as JPEG (at 1/8 and full scale, and as raw
// YCbCr planes at 1/2, 1/4 and 1/8), as PNG with libpng, and with the fast PNG path (SSE2 and
// portable unfiltering); errors are expected, sanitizer reports are not (they abort with a
// non-zero status). A progressive JPEG is also decoded at 1/8 with scan pruning on and off,
// and aborts if both succeed with different output (a differential check, not only a crash
// hunt). Built with -DSHIM_LIBFUZZER it is a libFuzzer target instead (`make
// fuzz-shim`: clang's fuzzer + address + undefined sanitizers over the same calls).
#include "CImagingShim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/// One 1/8 decode (pixels, or raw planes when `raw`) with scan pruning on or off: a malloc'd
/// copy of every output byte in `*output` (NULL when the decode failed).
static size_t decodeAtEighth(const uint8_t *bytes, size_t size, int raw, int pruning, uint8_t **output, int *dropped) {
    *output = NULL;
    *dropped = 0;
    CImagingShim_JPEGReader *reader = CImagingShim_jpegReaderCreate(bytes, size, 0, 100);
    if (!reader) return 0;
    CImagingShim_jpegReaderSetScanPruning(reader, pruning);
    CImagingShim_JPEGInfo info;
    CImagingShim_JPEGPlanes planes;
    uint32_t width = 0, height = 0;
    size_t total = 0;
    if (CImagingShim_jpegReadHeader(reader, &info) != 0 || !info.progressive || (raw && !info.ycc)
        || (uint64_t)info.width * info.height > 16u << 20) {
        CImagingShim_jpegReaderDestroy(reader);
        return 0;
    }
    if (raw && CImagingShim_jpegStartRaw(reader, 1, 8, &planes) == 0) {
        size_t sizes[3] = {(size_t)planes.y.stride * planes.y.rows, (size_t)planes.cb.stride * planes.cb.rows,
                           (size_t)planes.cr.stride * planes.cr.rows};
        total = sizes[0] + sizes[1] + sizes[2];
        uint8_t *all = calloc(total + 1, 1);
        if (all && CImagingShim_jpegReadRaw(reader, all, all + sizes[0], all + sizes[0] + sizes[1]) == 0) *output = all;
        else free(all);
    } else if (!raw && CImagingShim_jpegStart(reader, 1, 8, &width, &height) == 0) {
        total = (size_t)width * height * (size_t)info.outputChannels;
        uint8_t *pixels = calloc(total + 1, 1);
        if (pixels && CImagingShim_jpegReadImage(reader, pixels) == 0) *output = pixels;
        else free(pixels);
    }
    *dropped = CImagingShim_jpegReaderDroppedScans(reader);
    CImagingShim_jpegReaderDestroy(reader);
    return total;
}

/// The differential check of scan pruning: when a progressive JPEG decodes at 1/8 both from its
/// DC scans alone and from every scan, every output byte must be the same.
static void comparePruning(const uint8_t *bytes, size_t size) {
    for (int raw = 0; raw <= 1; raw++) {
        uint8_t *pruned = NULL, *whole = NULL;
        int dropped = 0, none = 0;
        size_t prunedSize = decodeAtEighth(bytes, size, raw, 1, &pruned, &dropped);
        size_t wholeSize = decodeAtEighth(bytes, size, raw, 0, &whole, &none);
        if (pruned && whole && (prunedSize != wholeSize || memcmp(pruned, whole, wholeSize) != 0)) {
            fprintf(stderr, "shim-driver: scan pruning changed the %s output (%d scans left out)\n",
                    raw ? "raw" : "pixel", dropped);
            abort();
        }
        if (none != 0) abort();  // pruning off must read every scan
        free(pruned);
        free(whole);
    }
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
    comparePruning(bytes, size);
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
