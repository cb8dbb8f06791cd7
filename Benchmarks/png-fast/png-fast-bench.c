// Decode-only benchmark of the PNG paths, outside Swift: libpng's simplified API (the "decode
// limit" of Benchmarks/run.sh), the shim's libpng row reader (our PNG path before the fast
// path), and the fast path (inspect + libdeflate inflate + unfilter). It also checks that the
// shim reader and the fast path produce identical bytes. Build and run: Benchmarks/png-fast/run.sh.
#include "CImagingShim.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec * 1e-9;
}

static int compareDoubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static uint8_t *readFile(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    uint8_t *bytes = malloc((size_t)length);
    *size = fread(bytes, 1, (size_t)length, file);
    fclose(file);
    return bytes;
}

// libpng simplified API, as Benchmarks/ThumbnailBenchmark/DecodeLimit.swift calls it.
static void decodeSimplified(const uint8_t *bytes, size_t size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, bytes, size)) abort();
    image.format = (image.format & PNG_FORMAT_FLAG_ALPHA) ? PNG_FORMAT_RGBA : PNG_FORMAT_RGB;
    uint8_t *pixels = malloc(PNG_IMAGE_SIZE(image));
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) abort();
    free(pixels);
}

// The shim's libpng reader, all rows; returns the pixels (caller frees).
static uint8_t *decodeShim(const uint8_t *bytes, size_t size, size_t *count) {
    CImagingShim_PNGReader *reader = CImagingShim_pngReaderCreate(bytes, size);
    CImagingShim_PNGReadInfo info;
    if (CImagingShim_pngReadInfo(reader, &info) != 0) abort();
    *count = info.rowBytes * info.height;
    uint8_t *pixels = malloc(*count);
    if (CImagingShim_pngReadRows(reader, pixels, info.height) != 0 || CImagingShim_pngReadEnd(reader) != 0) abort();
    CImagingShim_pngReaderDestroy(reader);
    return pixels;
}

// The fast path; returns the filtered buffer, reconstructed (caller frees), or NULL if declined.
static size_t capacity;  // of the last buffer decodeFast returned

static uint8_t *decodeFast(const uint8_t *bytes, size_t size, CImagingShim_PNGFastInfo *info, int portable) {
    if (CImagingShim_pngFastInspect(bytes, size, info) != 0) return NULL;
    uint8_t *filtered = CImagingShim_pngFastAllocate(info->filteredBytes + info->scratchBytes, &capacity);
    info->portableUnfilter = portable;
    if (CImagingShim_pngFastInflate(bytes, size, info, filtered) != 0
        || CImagingShim_pngFastUnfilterRows(filtered, info, 0, info->height) != 0) {
        CImagingShim_pngFastRelease(filtered, capacity);
        return NULL;
    }
    return filtered;
}

int main(int argc, char **argv) {
    int runs = getenv("RUNS") ? atoi(getenv("RUNS")) : 7;
    const char *only = getenv("ONLY");  // "limit", "shim", "fast" or "portable": time one path
    int check = !getenv("CHECK") || atoi(getenv("CHECK")) != 0;  // CHECK=0: no comparison (callgrind)
    printf("| file | limit ms | shim libpng ms | fast ms | fast portable ms | limit/fast |\n|---|---|---|---|---|---|\n");
    for (int index = 1; index < argc; index++) {
        size_t size = 0;
        uint8_t *bytes = readFile(argv[index], &size);
        if (!bytes) continue;
        size_t count = 0;
        CImagingShim_PNGFastInfo info;
        if (check) {  // identical bytes first (gray+alpha is compared before libpng's expansion to RGBA)
            uint8_t *fast = decodeFast(bytes, size, &info, 0);
            if (!fast) {
                printf("| %s | declined: %s |\n", argv[index], info.reason);
                free(bytes);
                continue;
            }
            size_t fastCapacity = capacity;
            uint8_t *portable = decodeFast(bytes, size, &info, 1);
            uint8_t *reference = decodeShim(bytes, size, &count);
            for (uint32_t y = 0; y < info.height && info.channels != 2; y++) {
                const uint8_t *row = fast + (size_t)y * (info.rowBytes + 1) + 1;
                if (memcmp(row, reference + (size_t)y * info.rowBytes, info.rowBytes) != 0
                    || memcmp(row, portable + (size_t)y * (info.rowBytes + 1) + 1, info.rowBytes) != 0) {
                    printf("MISMATCH %s row %u\n", argv[index], y);
                    return 1;
                }
            }
            CImagingShim_pngFastRelease(fast, fastCapacity);
            CImagingShim_pngFastRelease(portable, capacity);
            free(reference);
        }
        double times[4][64];
        for (int run = 0; run < runs && run < 64; run++) {
            for (int path = 0; path < 4; path++) {
                static const char *names[4] = {"limit", "shim", "fast", "portable"};
                if (only && strcmp(only, names[path]) != 0) { times[path][run] = 0; continue; }
                double start = now();
                if (path == 0) decodeSimplified(bytes, size);
                if (path == 1) free(decodeShim(bytes, size, &count));
                if (path >= 2) {
                    uint8_t *filtered = decodeFast(bytes, size, &info, path == 3);
                    CImagingShim_pngFastRelease(filtered, capacity);
                }
                times[path][run] = now() - start;
            }
        }
        double median[4];
        for (int path = 0; path < 4; path++) {
            qsort(times[path], (size_t)runs, sizeof(double), compareDoubles);
            median[path] = times[path][runs / 2] * 1e3;
        }
        printf("| %s | %.1f | %.1f | %.1f | %.1f | %.2f |\n", strrchr(argv[index], '/') ? strrchr(argv[index], '/') + 1 : argv[index],
               median[0], median[1], median[2], median[3], median[2] > 0 ? median[0] / median[2] : 0);
        free(bytes);
    }
    return 0;
}
