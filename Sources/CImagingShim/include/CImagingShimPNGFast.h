// The fast PNG path: chunks parsed here, the image data inflated whole with libdeflate and the
// rows unfiltered here (SSE2 on x86-64, plain C elsewhere). It takes only what it can decode
// exactly as libpng would (8-bit gray, gray+alpha, RGB, RGBA; not interlaced; no tRNS or
// PLTE; a canonical zlib stream); anything else is *declined* with a reason, and the caller
// decodes that file with libpng instead, which then accepts it or reports its own error. So a
// declined file costs a little time, never a different answer.
#pragma once
#include <stddef.h>
#include <stdint.h>

/// The fast path took the file (or the step succeeded).
#define CIMAGINGSHIM_PNGFAST_OK 0
/// A format the fast path leaves to libpng (16-bit, palette, low bit depth, Adam7, tRNS, PLTE,
/// an unknown critical chunk, IDAT split by other chunks, a small zlib window, too large).
#define CIMAGINGSHIM_PNGFAST_UNSUPPORTED 1
/// The chunk structure is damaged (truncated, bad critical-chunk CRC, bad length or type, no
/// IEND): libpng will report it.
#define CIMAGINGSHIM_PNGFAST_MALFORMED 2
/// The zlib stream is damaged, or inflates to more or fewer bytes than the header promises.
#define CIMAGINGSHIM_PNGFAST_BAD_DATA 3
/// A row names a filter type other than 0-4.
#define CIMAGINGSHIM_PNGFAST_BAD_FILTER 4
/// malloc failed.
#define CIMAGINGSHIM_PNGFAST_NO_MEMORY 5

/// What CImagingShim_pngFastInspect found.
typedef struct CImagingShim_PNGFastInfo {
    uint32_t width;
    uint32_t height;
    /// Samples per pixel as stored: 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA (always 8-bit).
    int channels;
    /// Bytes per unfiltered row (width * channels), without the filter-type byte.
    size_t rowBytes;
    /// height * (1 + rowBytes): the size of the inflated image data.
    size_t filteredBytes;
    /// The compressed image data: its total size, its number of IDAT chunks, and the offset of
    /// the first IDAT chunk's length field in the file.
    size_t idatBytes;
    uint32_t idatChunks;
    size_t firstIDAT;
    /// The bytes CImagingShim_pngFastInflate needs after the inflated rows to gather the IDAT
    /// chunks into one stream: idatBytes when there are several chunks, else 0.
    size_t scratchBytes;
    /// Why the last call declined ("" when it did not); a static string.
    const char *reason;
    /// Set non-zero (after inspecting) to unfilter with the portable C code instead of SIMD;
    /// tests compare the two.
    int portableUnfilter;
} CImagingShim_PNGFastInfo;

/// Parses the whole chunk structure of the PNG in `data` (signature, IHDR, every chunk's
/// length and type, the CRCs of the critical chunks, IEND) without inflating anything.
/// Returns CIMAGINGSHIM_PNGFAST_OK when the fast path can take the file, with `info` filled.
int CImagingShim_pngFastInspect(const uint8_t *data, size_t size, CImagingShim_PNGFastInfo *info);

/// Inflates the image data of a file `info` was inspected from into `filtered`, which must
/// hold info->filteredBytes + info->scratchBytes (the rows fill exactly the first
/// info->filteredBytes; the IDAT chunks are gathered after them). Returns CIMAGINGSHIM_PNGFAST_OK, _BAD_DATA (damaged
/// stream, or more or less data than height * (1 + rowBytes)) or _NO_MEMORY.
int CImagingShim_pngFastInflate(const uint8_t *data, size_t size, CImagingShim_PNGFastInfo *info, uint8_t *filtered);

/// Reconstructs rows [first, first + count) of `filtered` in place (row y at
/// y * (1 + rowBytes), its filter-type byte first); rows before `first` must already be
/// reconstructed. Returns CIMAGINGSHIM_PNGFAST_OK or _BAD_FILTER.
int CImagingShim_pngFastUnfilterRows(uint8_t *filtered, CImagingShim_PNGFastInfo *info, uint32_t first, uint32_t count);

/// Allocates at least `size` bytes for the inflated rows and sets `*capacity` to the real size.
/// Each thread keeps its last buffer of up to CIMAGINGSHIM_PNGFAST_KEPT_BYTES for its next decode:
/// fresh memory costs a page fault and the kernel's zeroing per page, a third of the decode time
/// of a 6 MP PNG on a VM. New buffers from 2 MiB up ask for transparent huge pages (Linux, not
/// under AddressSanitizer, which needs malloc to see overruns). NULL on failure.
uint8_t *CImagingShim_pngFastAllocate(size_t size, size_t *capacity);
/// Gives a buffer back (keeps it for the thread's next decode, or frees it).
void CImagingShim_pngFastRelease(uint8_t *buffer, size_t capacity);
/// The largest buffer a thread keeps between decodes (32 MiB: a 10 MP RGB or 8 MP RGBA image).
#define CIMAGINGSHIM_PNGFAST_KEPT_BYTES ((size_t)32 << 20)

/// Checks that rows [first, height) name filter types 0-4, without reconstructing them (the
/// rows a thumbnail does not need, which libpng would still reject). Returns
/// CIMAGINGSHIM_PNGFAST_OK or _BAD_FILTER.
int CImagingShim_pngFastCheckFilterTypes(const uint8_t *filtered, CImagingShim_PNGFastInfo *info, uint32_t first);

/// Expands `width` gray+alpha pixels to RGBA (gray copied to R, G and B), as libpng's
/// png_set_gray_to_rgb does.
void CImagingShim_pngFastGrayAlphaToRGBA(const uint8_t *grayAlpha, uint8_t *rgba, size_t width);
