// A libjpeg(-turbo) decompressor with a setjmp error handler and a warning classifier.
//
// TurboJPEG's tjDecompress2 can only treat every libjpeg warning as fatal (TJFLAG_STOPONWARNING)
// or none, and it reports only the first warning's text. This reader sees every warning as it is
// emitted, sorts it into one of the classes below, and stops at once on a class the caller made
// fatal, so a caller can accept harmless warnings (bytes between segments) while still refusing
// truncated or corrupt image data. It decodes exactly as tjDecompress2 does (same scaling,
// colour spaces, accurate integer DCT and fancy upsampling), so pixels are identical.
#pragma once
#include <stddef.h>
#include <stdint.h>

/// A libjpeg decompressor over an in-memory JPEG. Opaque; one per decode, never shared.
typedef struct CImagingShim_JPEGReader CImagingShim_JPEGReader;

/// The classes a libjpeg warning falls into (bit flags).
enum {
    /// Harmless to the pixels: extraneous bytes before a marker *before the first scan* (between
    /// header segments), an unknown JFIF revision, a malformed ICC profile chunk (ignored).
    CIMAGINGSHIM_JPEG_WARN_BENIGN = 1,
    /// The entropy-coded data is damaged or suspect: premature end of a data segment, bad Huffman
    /// or arithmetic code, a missing restart marker, an inconsistent progression, bytes left over
    /// after a scan, an unknown Adobe colour transform, and any warning not named here.
    CIMAGINGSHIM_JPEG_WARN_CORRUPT = 2,
    /// The file ends before the image does (libjpeg pads the rest with gray).
    CIMAGINGSHIM_JPEG_WARN_TRUNCATED = 4,
};

/// What the header says, read before any pixel memory is committed.
typedef struct CImagingShim_JPEGInfo {
    uint32_t width;
    uint32_t height;
    /// Components in the file: 1 gray, 3 YCbCr/RGB, 4 CMYK/YCCK.
    int components;
    /// 1 gray, 3 colour, 4 CMYK (Adobe inverted CMYK or YCCK, delivered as inverted CMYK).
    int outputChannels;
    /// Non-zero for progressive (and other multi-scan) JPEGs, which hold every DCT coefficient.
    int progressive;
    /// Bytes libjpeg allocates for the whole-image coefficient arrays of a progressive JPEG
    /// (128 bytes per 8×8 block of every component at its own sampling, rounded up to whole
    /// MCUs), 0 for a single-scan baseline JPEG.
    uint64_t coefficientBytes;
    /// Non-zero when the file holds three YCbCr components, so a raw (planar) decode gives Y,
    /// Cb and Cr planes (not for gray, CMYK/YCCK or RGB-coded files).
    int ycc;
} CImagingShim_JPEGInfo;

/// One component plane of a raw decode (CImagingShim_jpegStartRaw).
typedef struct CImagingShim_JPEGPlane {
    /// Samples that hold image data (libjpeg's downsampled_width and downsampled_height).
    uint32_t width;
    uint32_t height;
    /// The buffer the decoder writes: bytes per row and rows (whole MCUs, at least width × height).
    uint32_t stride;
    uint32_t rows;
    /// The plane's samples per image pixel are horizontalScale / horizontalDenominator and
    /// verticalScale / verticalDenominator (sampling factor × DCT scaled size over the largest
    /// sampling factor × 8): a plane stands for exactly the image's extent at that scale.
    uint32_t horizontalScale;
    uint32_t verticalScale;
} CImagingShim_JPEGPlane;

/// The three planes of a raw decode: Y, Cb, Cr.
typedef struct CImagingShim_JPEGPlanes {
    CImagingShim_JPEGPlane y;
    CImagingShim_JPEGPlane cb;
    CImagingShim_JPEGPlane cr;
    uint32_t horizontalDenominator;
    uint32_t verticalDenominator;
} CImagingShim_JPEGPlanes;

/// Creates a reader over `size` bytes at `data` (not copied: they must outlive the reader).
/// `fatalWarnings` is a mask of CIMAGINGSHIM_JPEG_WARN_* classes that stop the decode as errors;
/// `maxScans` > 0 stops decoding a JPEG with more scans. Returns NULL only when out of memory.
CImagingShim_JPEGReader *CImagingShim_jpegReaderCreate(const uint8_t *data, size_t size, int fatalWarnings, int maxScans);
/// Frees the reader and everything libjpeg allocated for it.
void CImagingShim_jpegReaderDestroy(CImagingShim_JPEGReader *reader);
/// The last error message, or the first warning of the most severe class seen ("" when none).
const char *CImagingShim_jpegReaderError(const CImagingShim_JPEGReader *reader);
/// The CIMAGINGSHIM_JPEG_WARN_* classes of every warning seen so far.
int CImagingShim_jpegReaderWarnings(const CImagingShim_JPEGReader *reader);
/// The CIMAGINGSHIM_JPEG_WARN_* class of the warning that stopped the decode as fatal, or 0
/// when a call failed on an error (or nothing failed).
int CImagingShim_jpegReaderStoppedBy(const CImagingShim_JPEGReader *reader);
/// Turns scan pruning off (`enabled` 0) or on (the default; see CImagingShim_jpegKeepDCScans):
/// a progressive JPEG started at a scale where every component is decoded by a 1×1 (DC-only)
/// IDCT is then decoded from its DC scans alone, with identical output. Call before starting.
void CImagingShim_jpegReaderSetScanPruning(CImagingShim_JPEGReader *reader, int enabled);
/// The scans the running decode skipped (0 when it reads the whole stream).
int CImagingShim_jpegReaderDroppedScans(const CImagingShim_JPEGReader *reader);
/// A copy of the progressive JPEG in `data` without its AC scans (those with Ss >= 1), which a
/// decode whose every component uses a 1×1 IDCT (1/8 scale) never reads: a malloc'd buffer
/// (free it) of `*outputSize` bytes, with the count of scans left out in `*droppedScans`.
/// Returns NULL, and the caller decodes the original, when nothing would be left out or the
/// stream is anything but a well-formed progressive JPEG up to its EOI whose scans bring every
/// coefficient of every component to full precision in a valid progression (libjpeg smooths an
/// incomplete one, which a DC-only decode would not): not progressive, bytes
/// between segments, a DNL marker, a malformed or truncated scan, more than `maxScans` scans
/// (when > 0). libjpeg then sees the original and reports whatever is wrong with it.
uint8_t *CImagingShim_jpegKeepDCScans(const uint8_t *data, size_t size, int maxScans, size_t *outputSize, int *droppedScans);
/// Reads the header (up to the first scan). Returns 0 on success.
int CImagingShim_jpegReadHeader(CImagingShim_JPEGReader *reader, CImagingShim_JPEGInfo *info);
/// Starts decompressing at `scaleNum`/`scaleDenom` (libjpeg-turbo supports n/8); the output
/// size is written to `width`/`height`. Returns 0 on success.
int CImagingShim_jpegStart(CImagingShim_JPEGReader *reader, int scaleNum, int scaleDenom, uint32_t *width, uint32_t *height);
/// Reads every output row into `pixels` (height × width × outputChannels bytes) and finishes
/// the decompression (reading up to EOI). Returns 0 on success.
int CImagingShim_jpegReadImage(CImagingShim_JPEGReader *reader, uint8_t *pixels);

/// Starts a raw decode (libjpeg's raw_data_out: Y, Cb and Cr planes as the IDCT leaves them, no
/// upsampling or colour conversion) at `scaleNum`/`scaleDenom`, for a header with `ycc` set;
/// writes the planes' layout. Warnings and errors are handled exactly as for
/// CImagingShim_jpegStart. Returns 0 on success.
int CImagingShim_jpegStartRaw(CImagingShim_JPEGReader *reader, int scaleNum, int scaleDenom, CImagingShim_JPEGPlanes *planes);
/// Reads every row of a raw decode into three buffers laid out as CImagingShim_jpegStartRaw
/// said (stride × rows bytes each) and finishes the decompression. Returns 0 on success.
int CImagingShim_jpegReadRaw(CImagingShim_JPEGReader *reader, uint8_t *y, uint8_t *cb, uint8_t *cr);

/// Encodes Y, Cb and Cr planes as a baseline (or progressive) YCbCr JPEG with libjpeg's
/// raw_data_in: no colour conversion, no downsampling. Chroma is 4:2:0 when `subsampled`
/// (planes of ceil(width/2) × ceil(height/2) samples), else 4:4:4. Each plane must be padded
/// (edge samples repeated) to whole MCUs: luma to multiples of 16 (8 at 4:4:4) on both axes,
/// chroma to multiples of 8. Accurate integer DCT, libjpeg's standard tables at `quality`, as
/// TurboJPEG's tjCompress2 with TJFLAG_ACCURATEDCT writes them. On success returns 0 and a
/// malloc'd buffer in `output` (free it with CImagingShim_jpegFree); on failure non-zero and
/// libjpeg's message in `error` (CIMAGINGSHIM_ERROR_CAPACITY bytes).
int CImagingShim_jpegEncodeRaw(
    const uint8_t *y, size_t yStride, const uint8_t *cb, const uint8_t *cr, size_t chromaStride, uint32_t width,
    uint32_t height, int subsampled, int quality, int progressive, uint8_t **output, size_t *outputSize, char *error);
/// Frees a buffer returned by CImagingShim_jpegEncodeRaw.
void CImagingShim_jpegFree(uint8_t *buffer);
