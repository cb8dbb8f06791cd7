// The fast PNG path (see CImagingShimPNGFast.h). Inflate is most of a PNG decode; libdeflate
// inflates a whole buffer about 1.5-2x faster than zlib's streaming inflate, and its CRC-32
// (PCLMULQDQ) is ~10x faster than zlib's. The file's structure is checked at least as strictly
// as libpng checks it with the options CImagingShim_pngReadInfo sets, so whatever this path
// accepts, libpng accepts too and decodes to the same bytes; whatever it declines goes to
// libpng. Unfiltering is in PNGFastUnfilter.c.
#define _DEFAULT_SOURCE  // MAP_ANONYMOUS under -std=c11
#include "CImagingShimPNGFast.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#endif
#if defined(__linux__) && !defined(UNDER_ASAN)
#include <sys/mman.h>
#define USE_MMAP 1
#endif

/// The largest chunk libpng is allowed to read (png_set_chunk_malloc_max in CImagingShim.c):
/// a longer one is fatal there, so it is declined here.
#define CHUNK_MAX ((size_t)8 * 1024 * 1024)
/// PNG_UINT_31_MAX.
#define UINT31_MAX ((size_t)0x7fffffff)

static uint32_t be32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

static int decline(CImagingShim_PNGFastInfo *info, int status, const char *reason) {
    info->reason = reason;
    return status;
}

static int isType(const uint8_t *type, const char *name) { return memcmp(type, name, 4) == 0; }

// png_check_chunk_name: every byte a letter, or libpng stops with "invalid chunk type".
static int isValidType(const uint8_t *type) {
    for (int index = 0; index < 4; index++) {
        uint8_t c = type[index];
        if (c < 65 || c > 122 || (c > 90 && c < 97)) return 0;
    }
    return 1;
}

// The CRC covers the chunk type and data; it follows the data.
static int crcMatches(const uint8_t *type, uint32_t length) {
    return libdeflate_crc32(0, type, (size_t)length + 4) == be32(type + 4 + length);
}

// Reads IHDR (already known to be 13 bytes with a good CRC) into `info`.
static int readHeader(const uint8_t *payload, CImagingShim_PNGFastInfo *info) {
    uint32_t width = be32(payload), height = be32(payload + 4);
    int bitDepth = payload[8], colourType = payload[9];
    if (width == 0 || height == 0 || width > UINT31_MAX || height > UINT31_MAX)
        return decline(info, CIMAGINGSHIM_PNGFAST_MALFORMED, "IHDR: invalid image size");
    if (payload[10] != 0 || payload[11] != 0 || payload[12] > 1)
        return decline(info, CIMAGINGSHIM_PNGFAST_MALFORMED, "IHDR: invalid compression, filter or interlace method");
    if (payload[12] == 1) return decline(info, CIMAGINGSHIM_PNGFAST_UNSUPPORTED, "interlaced (Adam7)");
    if (bitDepth != 8) return decline(info, CIMAGINGSHIM_PNGFAST_UNSUPPORTED, "not 8 bits per sample");
    static const int channelsByType[7] = {1, 0, 3, 0, 2, 0, 4};
    if (colourType > 6 || channelsByType[colourType] == 0)
        return decline(info, CIMAGINGSHIM_PNGFAST_UNSUPPORTED, "palette or invalid colour type");
    info->width = width;
    info->height = height;
    info->channels = channelsByType[colourType];
    info->rowBytes = (size_t)width * (size_t)info->channels;  // < 2^34: no overflow on 64-bit
    // Far beyond any memory cap, and small enough that sums of sizes cannot overflow (or turn
    // negative as a Swift Int).
    if (info->rowBytes + 1 > ((size_t)1 << 44) / height)
        return decline(info, CIMAGINGSHIM_PNGFAST_UNSUPPORTED, "too large");
    info->filteredBytes = (size_t)height * (info->rowBytes + 1);
    return CIMAGINGSHIM_PNGFAST_OK;
}

// libpng refuses an IDAT chunk longer than the larger of the chunk cap and what the image
// could need (png_check_chunk_length); this bound is never above libpng's.
static size_t idatChunkLimit(const CImagingShim_PNGFastInfo *info) {
    size_t need = info->filteredBytes < UINT31_MAX ? info->filteredBytes : UINT31_MAX;
    return need > CHUNK_MAX ? need : CHUNK_MAX;
}

int CImagingShim_pngFastInspect(const uint8_t *data, size_t size, CImagingShim_PNGFastInfo *info) {
    memset(info, 0, sizeof *info);
    info->reason = "";
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (!data || size < 8 || memcmp(data, signature, 8) != 0)
        return decline(info, CIMAGINGSHIM_PNGFAST_MALFORMED, "not a PNG signature");
    enum { beforeData, inData, afterData } stage = beforeData;
    int haveHeader = 0;
    size_t offset = 8;
    for (;;) {
        if (size - offset < 12) return decline(info, CIMAGINGSHIM_PNGFAST_MALFORMED, "truncated before IEND");
        uint32_t length = be32(data + offset);
        const uint8_t *type = data + offset + 4;
        if (length > UINT31_MAX) return decline(info, CIMAGINGSHIM_PNGFAST_MALFORMED, "chunk length out of range");
        if (!isValidType(type)) return decline(info, CIMAGINGSHIM_PNGFAST_MALFORMED, "invalid chunk type");
        if (length > size - offset - 12) return decline(info, CIMAGINGSHIM_PNGFAST_MALFORMED, "truncated chunk");
        int critical = (type[0] & 0x20) == 0;
        if (!haveHeader) {
            if (!isType(type, "IHDR") || length != 13)
                return decline(info, CIMAGINGSHIM_PNGFAST_MALFORMED, "IHDR is not the first chunk");
            if (!crcMatches(type, length)) return decline(info, CIMAGINGSHIM_PNGFAST_MALFORMED, "IHDR: CRC error");
            int status = readHeader(type + 4, info);
            if (status != CIMAGINGSHIM_PNGFAST_OK) return status;
            haveHeader = 1;
        } else if (isType(type, "IDAT")) {
            if (stage == afterData)
                return decline(info, CIMAGINGSHIM_PNGFAST_UNSUPPORTED, "IDAT chunks split by other chunks");
            if (length > idatChunkLimit(info)) return decline(info, CIMAGINGSHIM_PNGFAST_MALFORMED, "IDAT chunk too large");
            if (!crcMatches(type, length)) return decline(info, CIMAGINGSHIM_PNGFAST_MALFORMED, "IDAT: CRC error");
            if (stage == beforeData) info->firstIDAT = offset;
            stage = inData;
            info->idatBytes += length;
            info->idatChunks += 1;
        } else if (isType(type, "IEND")) {
            if (stage == beforeData) return decline(info, CIMAGINGSHIM_PNGFAST_MALFORMED, "no image data before IEND");
            if (length != 0) return decline(info, CIMAGINGSHIM_PNGFAST_UNSUPPORTED, "IEND with data");
            if (!crcMatches(type, length)) return decline(info, CIMAGINGSHIM_PNGFAST_MALFORMED, "IEND: CRC error");
            break;  // bytes after IEND are ignored, as libpng ignores them (a strict caller never gets here)
        } else {
            if (length > CHUNK_MAX) return decline(info, CIMAGINGSHIM_PNGFAST_MALFORMED, "chunk too large");
            // IHDR again, PLTE (a suggested palette, or misplaced) and unknown critical chunks
            // make libpng fail or warn; tRNS changes pixels. All four are rare: libpng decides.
            if (critical) return decline(info, CIMAGINGSHIM_PNGFAST_UNSUPPORTED, "PLTE or another critical chunk");
            if (isType(type, "tRNS")) return decline(info, CIMAGINGSHIM_PNGFAST_UNSUPPORTED, "tRNS");
            // Any other ancillary chunk (gAMA, iCCP, sRGB, cHRM, text, ...) never changes the
            // pixels libpng returns with our options (no gamma or colour transforms), so its
            // contents and CRC are not read: libpng too skips one with a bad CRC (a warning).
            if (stage == inData) stage = afterData;
        }
        offset += 12 + (size_t)length;
    }
    info->scratchBytes = info->idatChunks > 1 ? info->idatBytes : 0;
    return CIMAGINGSHIM_PNGFAST_OK;
}

// The zlib header (RFC 1950) as zlib's inflate checks it, plus libpng's "invalid window size"
// check. zlib honours the declared window (libpng inflates with windowBits 0), so a stream
// declaring a window smaller than 32 KiB is declined unless the whole image fits in that window:
// then no distance can exceed it and libdeflate, which ignores the window, agrees with zlib.
static int checkZlibHeader(const uint8_t *stream, size_t size, CImagingShim_PNGFastInfo *info) {
    if (size < 2 + 4) return decline(info, CIMAGINGSHIM_PNGFAST_BAD_DATA, "zlib stream too short");
    uint8_t cmf = stream[0], flg = stream[1];
    if ((cmf & 0x0f) != 8 || (cmf >> 4) > 7 || ((unsigned)cmf << 8 | flg) % 31 != 0 || (flg & 0x20) != 0)
        return decline(info, CIMAGINGSHIM_PNGFAST_BAD_DATA, "invalid zlib header");
    size_t window = (size_t)1 << ((cmf >> 4) + 8);
    if (window < 32768 && info->filteredBytes > window)
        return decline(info, CIMAGINGSHIM_PNGFAST_UNSUPPORTED, "zlib window smaller than the image data");
    return CIMAGINGSHIM_PNGFAST_OK;
}

// Copies the payloads of the consecutive IDAT chunks starting at info->firstIDAT to `stream`.
static void gatherImageData(const uint8_t *data, const CImagingShim_PNGFastInfo *info, uint8_t *stream) {
    size_t offset = info->firstIDAT, copied = 0;
    for (uint32_t chunk = 0; chunk < info->idatChunks; chunk++) {
        uint32_t length = be32(data + offset);
        memcpy(stream + copied, data + offset + 8, length);
        copied += length;
        offset += 12 + (size_t)length;
    }
}

int CImagingShim_pngFastInflate(const uint8_t *data, size_t size, CImagingShim_PNGFastInfo *info, uint8_t *filtered) {
    (void)size;  // inspected already: every IDAT chunk lies within the file
    info->reason = "";
    const uint8_t *stream = data + info->firstIDAT + 8;
    if (info->idatChunks > 1) {
        gatherImageData(data, info, filtered + info->filteredBytes);
        stream = filtered + info->filteredBytes;
    }
    int status = checkZlibHeader(stream, info->idatBytes, info);
    if (status == CIMAGINGSHIM_PNGFAST_OK) {
        struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
        if (!decompressor) {
            status = decline(info, CIMAGINGSHIM_PNGFAST_NO_MEMORY, "out of memory for the decompressor");
        } else {
            // The raw DEFLATE data after the 2-byte header. With no actual_out argument,
            // libdeflate succeeds only if it fills `filtered` exactly: an image whose data is
            // short or long (a lying header) fails here. The Adler-32 must be present but is
            // not checked: libpng skips it too (PNG_IGNORE_ADLER32), as the CRCs cover it.
            size_t consumed = 0;
            enum libdeflate_result result = libdeflate_deflate_decompress_ex(
                decompressor, stream + 2, info->idatBytes - 2, filtered, info->filteredBytes, &consumed, NULL);
            libdeflate_free_decompressor(decompressor);
            if (result != LIBDEFLATE_SUCCESS) {
                status = decline(info, CIMAGINGSHIM_PNGFAST_BAD_DATA,
                                 result == LIBDEFLATE_SHORT_OUTPUT ? "not enough image data"
                                 : result == LIBDEFLATE_INSUFFICIENT_SPACE ? "too much image data"
                                 : "invalid DEFLATE data");
            } else if (2 + consumed + 4 != info->idatBytes) {
                status = decline(info, CIMAGINGSHIM_PNGFAST_BAD_DATA, "missing Adler-32 or extra data after the zlib stream");
            }
        }
    }
    return status;
}

// MARK: - The inflated rows' memory

// Huge pages only from 2 MiB up; smaller buffers come from malloc.
#define HUGE_PAGE ((size_t)2 << 20)

static uint8_t *allocateFresh(size_t size) {
#if USE_MMAP
    if (size >= HUGE_PAGE) {
        void *memory = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memory == MAP_FAILED) return NULL;
        (void)madvise(memory, size, MADV_HUGEPAGE);  // a hint; without THP the buffer still works
        return memory;
    }
#endif
    return malloc(size ? size : 1);
}

static void freeFresh(uint8_t *buffer, size_t capacity) {
#if USE_MMAP
    if (capacity >= HUGE_PAGE) {
        munmap(buffer, capacity);
        return;
    }
#endif
    free(buffer);
}

// One kept buffer per thread, freed when the thread exits.
typedef struct KeptBuffer {
    uint8_t *bytes;
    size_t capacity;
} KeptBuffer;

static pthread_key_t keptKey;
static pthread_once_t keptOnce = PTHREAD_ONCE_INIT;

static void freeKept(void *value) {
    KeptBuffer *kept = value;
    if (kept->bytes) freeFresh(kept->bytes, kept->capacity);
    free(kept);
}

static void makeKeptKey(void) { (void)pthread_key_create(&keptKey, freeKept); }

static KeptBuffer *keptBuffer(void) {
    pthread_once(&keptOnce, makeKeptKey);
    KeptBuffer *kept = pthread_getspecific(keptKey);
    if (!kept && (kept = calloc(1, sizeof *kept)) && pthread_setspecific(keptKey, kept) != 0) {
        free(kept);
        kept = NULL;
    }
    return kept;
}

uint8_t *CImagingShim_pngFastAllocate(size_t size, size_t *capacity) {
    KeptBuffer *kept = keptBuffer();
    if (kept && kept->bytes && kept->capacity >= size) {
        uint8_t *bytes = kept->bytes;
        *capacity = kept->capacity;
        kept->bytes = NULL;
        kept->capacity = 0;
        return bytes;
    }
    *capacity = size;
    return allocateFresh(size);
}

void CImagingShim_pngFastRelease(uint8_t *buffer, size_t capacity) {
    if (!buffer) return;
    KeptBuffer *kept = capacity <= CIMAGINGSHIM_PNGFAST_KEPT_BYTES ? keptBuffer() : NULL;
    if (!kept) {
        freeFresh(buffer, capacity);
        return;
    }
    if (kept->bytes) freeFresh(kept->bytes, kept->capacity);  // keep the newer (usually larger) one
    kept->bytes = buffer;
    kept->capacity = capacity;
}
