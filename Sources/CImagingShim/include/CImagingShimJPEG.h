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
} CImagingShim_JPEGInfo;

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
/// Reads the header (up to the first scan). Returns 0 on success.
int CImagingShim_jpegReadHeader(CImagingShim_JPEGReader *reader, CImagingShim_JPEGInfo *info);
/// Starts decompressing at `scaleNum`/`scaleDenom` (libjpeg-turbo supports n/8); the output
/// size is written to `width`/`height`. Returns 0 on success.
int CImagingShim_jpegStart(CImagingShim_JPEGReader *reader, int scaleNum, int scaleDenom, uint32_t *width, uint32_t *height);
/// Reads every output row into `pixels` (height × width × outputChannels bytes) and finishes
/// the decompression (reading up to EOI). Returns 0 on success.
int CImagingShim_jpegReadImage(CImagingShim_JPEGReader *reader, uint8_t *pixels);
