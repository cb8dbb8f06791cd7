// Row reconstruction for the fast PNG path (PNG spec section 9; CImagingShimPNGFast.h).
//
// Up is independent per byte: plain C that compilers vectorise. Sub, Average and Paeth depend
// on the reconstructed pixel to the left, so they cannot be vectorised along the row; for 3 and
// 4 bytes a pixel (RGB, RGBA) one pixel is one SSE2 vector of 16-bit lanes and the chain runs a
// pixel per step, as libpng's own contrib/intel code does. SSE2 is part of x86-64, so there is
// no runtime dispatch; other CPUs, and 1 and 2 bytes a pixel, use the portable code, which
// `portableUnfilter` also selects so tests can compare the two.
#include "CImagingShimPNGFast.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define HAVE_SSE2 1
#else
#define HAVE_SSE2 0
#endif

enum { filterNone = 0, filterSub = 1, filterUp = 2, filterAverage = 3, filterPaeth = 4 };

// MARK: - Portable

static void subPortable(uint8_t *row, size_t count, size_t bpp) {
    for (size_t index = bpp; index < count; index++) row[index] = (uint8_t)(row[index] + row[index - bpp]);
}

static void upPortable(uint8_t *row, const uint8_t *prior, size_t count) {
    for (size_t index = 0; index < count; index++) row[index] = (uint8_t)(row[index] + prior[index]);
}

// `prior` NULL: the first row, whose row above is all zeros.
static void averagePortable(uint8_t *row, const uint8_t *prior, size_t count, size_t bpp) {
    for (size_t index = 0; index < count; index++) {
        unsigned left = index >= bpp ? row[index - bpp] : 0, up = prior ? prior[index] : 0;
        row[index] = (uint8_t)(row[index] + ((left + up) >> 1));
    }
}

static uint8_t paethPredictor(int left, int up, int upLeft) {
    int estimate = left + up - upLeft;
    int distanceLeft = abs(estimate - left), distanceUp = abs(estimate - up), distanceUpLeft = abs(estimate - upLeft);
    if (distanceLeft <= distanceUp && distanceLeft <= distanceUpLeft) return (uint8_t)left;
    return (uint8_t)(distanceUp <= distanceUpLeft ? up : upLeft);
}

static void paethPortable(uint8_t *row, const uint8_t *prior, size_t count, size_t bpp) {
    for (size_t index = 0; index < bpp && index < count; index++) row[index] = (uint8_t)(row[index] + prior[index]);
    for (size_t index = bpp; index < count; index++)
        row[index] = (uint8_t)(row[index] + paethPredictor(row[index - bpp], prior[index], prior[index - bpp]));
}

// MARK: - SSE2, 3 and 4 bytes a pixel

#if HAVE_SSE2
// Each SSE2 filter is always inlined into a 3- and a 4-byte version, so `bpp` is a constant
// and the memcpy calls below become single loads and stores.
#define ALWAYS_INLINE static inline __attribute__((always_inline))

// Loads and stores of one pixel, assembled in a general register: a 3-byte memcpy through a
// stack slot made the RGB loop 2.5x slower (store-forwarding stalls).
ALWAYS_INLINE __m128i loadPixel(const uint8_t *bytes, size_t bpp) {
    uint32_t value = (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16;
    if (bpp == 4) memcpy(&value, bytes, 4);
    return _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)value), _mm_setzero_si128());
}

ALWAYS_INLINE void storePixel(uint8_t *bytes, __m128i pixel, size_t bpp) {
    uint32_t value = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(pixel, pixel));
    if (bpp == 4) {
        memcpy(bytes, &value, 4);
    } else {
        uint16_t low = (uint16_t)value;
        memcpy(bytes, &low, 2);
        bytes[2] = (uint8_t)(value >> 16);
    }
}

ALWAYS_INLINE __m128i lowBytes(__m128i value) { return _mm_and_si128(value, _mm_set1_epi16(0xff)); }

ALWAYS_INLINE __m128i absolute16(__m128i value) {
    __m128i negative = _mm_cmplt_epi16(value, _mm_setzero_si128());
    return _mm_sub_epi16(_mm_xor_si128(value, negative), negative);
}

ALWAYS_INLINE __m128i select16(__m128i mask, __m128i yes, __m128i no) {
    return _mm_or_si128(_mm_and_si128(mask, yes), _mm_andnot_si128(mask, no));
}

// One reconstructed pixel from its filtered bytes and its reconstructed neighbours.
ALWAYS_INLINE __m128i averageStep(__m128i raw, __m128i left, __m128i up) {
    return lowBytes(_mm_add_epi16(raw, _mm_srli_epi16(_mm_add_epi16(left, up), 1)));
}

ALWAYS_INLINE __m128i paethStep(__m128i raw, __m128i left, __m128i up, __m128i upLeft) {
    __m128i towardUp = _mm_sub_epi16(up, upLeft);      // estimate - left
    __m128i towardLeft = _mm_sub_epi16(left, upLeft);  // estimate - up
    __m128i distanceLeft = absolute16(towardUp);
    __m128i distanceUp = absolute16(towardLeft);
    __m128i distanceUpLeft = absolute16(_mm_add_epi16(towardUp, towardLeft));
    __m128i smallest = _mm_min_epi16(distanceUpLeft, _mm_min_epi16(distanceLeft, distanceUp));
    __m128i predictor = select16(_mm_cmpeq_epi16(smallest, distanceLeft), left,
                                 select16(_mm_cmpeq_epi16(smallest, distanceUp), up, upLeft));
    return lowBytes(_mm_add_epi16(raw, predictor));
}

// For the first pixel left and up-left are zero, which makes Paeth's predictor `up` (the
// spec's rule) and Average's `up / 2`, so one loop covers the whole row.
ALWAYS_INLINE void serialSSE2(uint8_t *row, const uint8_t *prior, size_t count, size_t bpp, int filter) {
    __m128i left = _mm_setzero_si128(), upLeft = _mm_setzero_si128();
    for (size_t index = 0; index + bpp <= count; index += bpp) {
        __m128i raw = loadPixel(row + index, bpp);
        if (filter == filterSub) {
            left = lowBytes(_mm_add_epi16(raw, left));
        } else {
            __m128i up = loadPixel(prior + index, bpp);
            left = filter == filterAverage ? averageStep(raw, left, up) : paethStep(raw, left, up, upLeft);
            upLeft = up;
        }
        storePixel(row + index, left, bpp);
    }
}

// Two consecutive rows with the same filter (Average or Paeth), interleaved: the second row
// runs one pixel behind the first, whose pixels are its `up` and `up-left`. Each row is a chain
// of dependent steps a pixel long; two independent chains in one loop keep the CPU busy while
// either waits, which makes these filters ~1.6x faster than one row at a time.
ALWAYS_INLINE void pairSSE2(uint8_t *row, const uint8_t *prior, size_t stride, size_t count, size_t bpp, int filter) {
    uint8_t *next = row + stride;
    __m128i zero = _mm_setzero_si128();
    __m128i left = zero, upLeft = zero, nextLeft = zero, nextUpLeft = zero;
    for (size_t index = 0; index + bpp <= count; index += bpp) {
        __m128i up = loadPixel(prior + index, bpp), raw = loadPixel(row + index, bpp);
        __m128i pixel = filter == filterAverage ? averageStep(raw, left, up) : paethStep(raw, left, up, upLeft);
        storePixel(row + index, pixel, bpp);
        if (index > 0) {  // the next row's pixel above-left of this one: its up is `left`
            __m128i nextRaw = loadPixel(next + index - bpp, bpp);
            nextLeft = filter == filterAverage ? averageStep(nextRaw, nextLeft, left)
                                               : paethStep(nextRaw, nextLeft, left, nextUpLeft);
            storePixel(next + index - bpp, nextLeft, bpp);
            nextUpLeft = left;
        }
        upLeft = up;
        left = pixel;
    }
    __m128i nextRaw = loadPixel(next + count - bpp, bpp);
    nextLeft = filter == filterAverage ? averageStep(nextRaw, nextLeft, left) : paethStep(nextRaw, nextLeft, left, nextUpLeft);
    storePixel(next + count - bpp, nextLeft, bpp);
}

// Average a block at a time, in 8-bit lanes. A 16-byte load holds 5 RGB or 4 RGBA pixels; each
// step reconstructs one more of them in every lane at once, but only the lanes up to that
// pixel are right: `left` is the previous step's result moved one pixel along (lanes 0..bpp-1
// get the pixel before the block, `carry`), so after the last step every pixel of the block is
// right. floor((left + up) / 2) in 8 bits is avg_epu8 (which rounds up) minus the carried-out
// low bit; adding the filtered byte wraps mod 256, as the spec wants. 7 instructions a pixel
// instead of about 30 with a pixel assembled in 16-bit lanes from byte loads. An RGB block is
// 15 bytes: the 16th, the next block's first filtered byte, is written back unchanged.
#define SHIFT_LEFT_PIXEL(value, bpp) ((bpp) == 3 ? _mm_slli_si128(value, 3) : _mm_slli_si128(value, 4))

ALWAYS_INLINE __m128i averageBlock(uint8_t *bytes, const uint8_t *prior, __m128i *carry, size_t bpp) {
    __m128i raw = _mm_loadu_si128((const __m128i *)(const void *)bytes);
    __m128i up = _mm_loadu_si128((const __m128i *)(const void *)prior);
    __m128i one = _mm_set1_epi8(1);
    __m128i pixels = raw, left = *carry;
    for (size_t step = 0; step < 16 / bpp; step++) {
        if (step > 0) left = _mm_or_si128(SHIFT_LEFT_PIXEL(pixels, bpp), *carry);
        __m128i floorAverage = _mm_sub_epi8(_mm_avg_epu8(left, up), _mm_and_si128(_mm_xor_si128(left, up), one));
        pixels = _mm_add_epi8(raw, floorAverage);
    }
    if (bpp == 3) {
        __m128i firstFifteen = _mm_srli_si128(_mm_set1_epi8(-1), 1);
        pixels = _mm_or_si128(_mm_and_si128(firstFifteen, pixels), _mm_andnot_si128(firstFifteen, raw));
        *carry = _mm_srli_si128(_mm_slli_si128(pixels, 1), 13);  // bytes 12-14 to 0-2
    } else {
        *carry = _mm_srli_si128(pixels, 12);
    }
    _mm_storeu_si128((__m128i *)(void *)bytes, pixels);
    return pixels;
}

// Average's definition, byte by byte from `start` (the end of a row after its blocks).
static void averageTail(uint8_t *row, const uint8_t *prior, size_t start, size_t count, size_t bpp) {
    for (size_t index = start; index < count; index++) {
        unsigned left = index >= bpp ? row[index - bpp] : 0;
        row[index] = (uint8_t)(row[index] + ((left + prior[index]) >> 1));
    }
}

// Two consecutive Average rows, the second a block behind the first (whose reconstructed bytes
// are its `up`), so two independent chains share the loop as in pairSSE2.
ALWAYS_INLINE void averagePairBlocks(uint8_t *row, const uint8_t *prior, size_t stride, size_t count, size_t bpp) {
    uint8_t *next = row + stride;
    size_t block = 16 / bpp * bpp, index = 0;
    __m128i carry = _mm_setzero_si128(), nextCarry = _mm_setzero_si128();
    for (; index + 16 <= count; index += block) {
        averageBlock(row + index, prior + index, &carry, bpp);
        if (index > 0) averageBlock(next + index - block, row + index - block, &nextCarry, bpp);
    }
    if (index > 0) averageBlock(next + index - block, row + index - block, &nextCarry, bpp);
    averageTail(row, prior, index, count, bpp);
    averageTail(next, row, index, count, bpp);
}

// The serial filters for one constant pixel size; returns 0 when `filter` is not one.
ALWAYS_INLINE int unfilterSSE2(uint8_t *row, const uint8_t *prior, size_t count, size_t bpp, int filter) {
    if (filter != filterSub && filter != filterAverage && filter != filterPaeth) return 0;
    if (filter != filterSub && !prior) return 0;
    serialSSE2(row, prior, count, bpp, filter);
    return 1;
}

static int unfilterSSE2RGB(uint8_t *row, const uint8_t *prior, size_t count, int filter) {
    return unfilterSSE2(row, prior, count, 3, filter);
}

static int unfilterSSE2RGBA(uint8_t *row, const uint8_t *prior, size_t count, int filter) {
    return unfilterSSE2(row, prior, count, 4, filter);
}

static void unfilterPairSSE2(uint8_t *row, const uint8_t *prior, size_t stride, size_t count, size_t bpp, int filter) {
    if (bpp == 3 && filter == filterAverage) averagePairBlocks(row, prior, stride, count, 3);
    if (bpp == 3 && filter == filterPaeth) pairSSE2(row, prior, stride, count, 3, filterPaeth);
    if (bpp == 4 && filter == filterAverage) averagePairBlocks(row, prior, stride, count, 4);
    if (bpp == 4 && filter == filterPaeth) pairSSE2(row, prior, stride, count, 4, filterPaeth);
}
#endif

// MARK: - One row

static int unfilterRow(uint8_t *row, const uint8_t *prior, size_t count, size_t bpp, int portable) {
    int filter = row[-1];
    if (filter > filterPaeth) return CIMAGINGSHIM_PNGFAST_BAD_FILTER;
    // The first row's row above is all zeros: Up is then None and Paeth is Sub.
    if (!prior) {
        if (filter == filterUp) filter = filterNone;
        if (filter == filterPaeth) filter = filterSub;
    }
#if HAVE_SSE2
    if (!portable && bpp == 3 && unfilterSSE2RGB(row, prior, count, filter)) return CIMAGINGSHIM_PNGFAST_OK;
    if (!portable && bpp == 4 && unfilterSSE2RGBA(row, prior, count, filter)) return CIMAGINGSHIM_PNGFAST_OK;
#else
    (void)portable;
#endif
    switch (filter) {
    case filterSub: subPortable(row, count, bpp); break;
    case filterUp: upPortable(row, prior, count); break;
    case filterAverage: averagePortable(row, prior, count, bpp); break;
    case filterPaeth: paethPortable(row, prior, count, bpp); break;
    default: break;
    }
    return CIMAGINGSHIM_PNGFAST_OK;
}

int CImagingShim_pngFastUnfilterRows(uint8_t *filtered, CImagingShim_PNGFastInfo *info, uint32_t first, uint32_t count) {
    size_t stride = info->rowBytes + 1, bpp = (size_t)info->channels;
    uint64_t end = (uint64_t)first + count < info->height ? (uint64_t)first + count : info->height;
    for (uint64_t y = first; y < end;) {
        uint8_t *row = filtered + (size_t)y * stride + 1;
        const uint8_t *prior = y == 0 ? NULL : row - stride;
#if HAVE_SSE2
        int filter = row[-1];
        if (!info->portableUnfilter && prior && y + 1 < end && (bpp == 3 || bpp == 4) && row[stride - 1] == filter
            && (filter == filterAverage || filter == filterPaeth)) {
            unfilterPairSSE2(row, prior, stride, info->rowBytes, bpp, filter);
            y += 2;
            continue;
        }
#endif
        if (unfilterRow(row, prior, info->rowBytes, bpp, info->portableUnfilter) != CIMAGINGSHIM_PNGFAST_OK) {
            info->reason = "invalid filter type";
            return CIMAGINGSHIM_PNGFAST_BAD_FILTER;
        }
        y += 1;
    }
    return CIMAGINGSHIM_PNGFAST_OK;
}

int CImagingShim_pngFastCheckFilterTypes(const uint8_t *filtered, CImagingShim_PNGFastInfo *info, uint32_t first) {
    size_t stride = info->rowBytes + 1;
    for (uint32_t y = first; y < info->height; y++) {
        if (filtered[(size_t)y * stride] > filterPaeth) {
            info->reason = "invalid filter type";
            return CIMAGINGSHIM_PNGFAST_BAD_FILTER;
        }
    }
    return CIMAGINGSHIM_PNGFAST_OK;
}

void CImagingShim_pngFastGrayAlphaToRGBA(const uint8_t *grayAlpha, uint8_t *rgba, size_t width) {
    for (size_t x = 0; x < width; x++) {
        uint8_t gray = grayAlpha[2 * x], alpha = grayAlpha[2 * x + 1];
        rgba[4 * x] = gray;
        rgba[4 * x + 1] = gray;
        rgba[4 * x + 2] = gray;
        rgba[4 * x + 3] = alpha;
    }
}
