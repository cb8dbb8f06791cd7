// Compiled C shims for libpng's setjmp-based error handling (Swift cannot call setjmp, and a
// longjmp across Swift frames is undefined behaviour). Every entry point below sets its own
// jump buffer, so libpng errors come back as a non-zero return plus the library's message.
#pragma once
#include <stddef.h>
#include <stdint.h>

/// How many bytes of libpng's error message a reader keeps (including the terminating NUL).
#define CIMAGINGSHIM_ERROR_CAPACITY 256

// MARK: - Reading

/// A libpng read struct over an in-memory PNG. Opaque; one per decode, never shared.
typedef struct CImagingShim_PNGReader CImagingShim_PNGReader;

/// What the reader will produce, after its transforms (palette and low bit depths expanded,
/// tRNS turned into alpha, 16-bit scaled to 8, gray+alpha expanded to RGBA).
typedef struct CImagingShim_PNGReadInfo {
    uint32_t width;
    uint32_t height;
    /// 1 (gray), 3 (RGB) or 4 (RGBA).
    int channels;
    /// Non-zero for Adam7 interlaced images, which must be read whole.
    int interlaced;
    /// Bytes per output row (width * channels).
    size_t rowBytes;
} CImagingShim_PNGReadInfo;

/// Creates a reader over `size` bytes at `data` (not copied: they must outlive the reader).
/// Returns NULL only when memory is exhausted.
CImagingShim_PNGReader *CImagingShim_pngReaderCreate(const uint8_t *data, size_t size);
/// Frees the reader and everything libpng allocated for it.
void CImagingShim_pngReaderDestroy(CImagingShim_PNGReader *reader);
/// The last libpng error message ("" when none).
const char *CImagingShim_pngReaderError(const CImagingShim_PNGReader *reader);
/// Non-zero makes ancillary-chunk CRC errors and libpng's benign errors fatal (call before
/// CImagingShim_pngReadInfo).
void CImagingShim_pngReaderSetStrict(CImagingShim_PNGReader *reader, int strict);
/// How many libpng warnings (including benign errors) the reader has seen.
int CImagingShim_pngReaderWarnings(const CImagingShim_PNGReader *reader);
/// The first warning's message ("" when none).
const char *CImagingShim_pngReaderWarning(const CImagingShim_PNGReader *reader);
/// The bytes not consumed so far (after CImagingShim_pngReadEnd: the data after IEND).
size_t CImagingShim_pngReaderUnreadBytes(const CImagingShim_PNGReader *reader);
/// Reads the chunks up to the image data and sets up the transforms. Returns 0 on success.
int CImagingShim_pngReadInfo(CImagingShim_PNGReader *reader, CImagingShim_PNGReadInfo *info);
/// Reads the next `count` rows of a non-interlaced image into `rows` (count * rowBytes bytes).
/// Returns 0 on success.
int CImagingShim_pngReadRows(CImagingShim_PNGReader *reader, uint8_t *rows, uint32_t count);
/// Reads a whole (interlaced) image into `pixels` (height * rowBytes bytes). Returns 0 on success.
int CImagingShim_pngReadImage(CImagingShim_PNGReader *reader, uint8_t *pixels);
/// Reads the chunks after the image data up to IEND, checking their CRCs. Returns 0 on success.
int CImagingShim_pngReadEnd(CImagingShim_PNGReader *reader);

// MARK: - Writing

/// Everything needed to write one PNG with libpng's full API (any colour type, bit depth,
/// palette, tRNS and Adam7 interlace).
typedef struct CImagingShim_PNGWriteSpec {
    uint32_t width;
    uint32_t height;
    /// 1, 2, 4, 8 or 16.
    int bitDepth;
    /// PNG colour type: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA.
    int colorType;
    /// Non-zero for Adam7.
    int interlace;
    /// `height` rows of `rowBytes` bytes, packed as stored in PNG (16-bit samples big-endian).
    const uint8_t *rows;
    size_t rowBytes;
    /// `paletteCount` RGB triples (colour type 3).
    const uint8_t *palette;
    int paletteCount;
    /// `paletteAlphaCount` alpha values for the first palette entries (a tRNS chunk), or NULL.
    const uint8_t *paletteAlpha;
    int paletteAlphaCount;
    /// Non-zero to write a tRNS chunk with a transparent gray or RGB colour.
    int hasTransparentColor;
    uint16_t transparentGray;
    uint16_t transparentRed;
    uint16_t transparentGreen;
    uint16_t transparentBlue;
    /// zlib level 0-9, or -1 for libpng's default.
    int compressionLevel;
    /// PNG_FILTER_* flags to choose from per row, or 0 for libpng's default (all five).
    int filters;
} CImagingShim_PNGWriteSpec;

/// A malloc'ed byte buffer; free it with CImagingShim_bufferFree.
typedef struct CImagingShim_Buffer {
    uint8_t *bytes;
    size_t count;
    size_t capacity;
} CImagingShim_Buffer;

/// Encodes a PNG into `output`. Returns 0 on success; otherwise writes libpng's message to
/// `error` (capacity CIMAGINGSHIM_ERROR_CAPACITY) and leaves `output` empty.
int CImagingShim_pngEncode(const CImagingShim_PNGWriteSpec *spec, CImagingShim_Buffer *output, char *error);
/// Frees a buffer filled by CImagingShim_pngEncode.
void CImagingShim_bufferFree(CImagingShim_Buffer *buffer);

// MARK: - JPEG

#include "CImagingShimJPEG.h"

// MARK: - PNG fast path

#include "CImagingShimPNGFast.h"

#include "CImagingShimColour.h"
