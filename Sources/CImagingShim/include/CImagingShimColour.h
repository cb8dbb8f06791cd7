// Colour management with Little CMS 2: embedded ICC profiles converted to sRGB for print files.
// lcms2.h is included only by ColourTransform.c, so no lcms type reaches Swift.
#pragma once
#include <stddef.h>
#include <stdint.h>

/// How the pixels handed to a transform are laid out (8 bits a sample).
typedef enum CImagingShim_ColourInput {
    /// R, G, B.
    CImagingShim_ColourInputRGB = 0,
    /// C, M, Y, K stored inverted, as Adobe's CMYK JPEGs are (255 = no ink).
    CImagingShim_ColourInputInvertedCMYK = 1,
    /// One gray sample.
    CImagingShim_ColourInputGray = 2,
} CImagingShim_ColourInput;

/// A transform from one embedded profile to sRGB (relative colorimetric, black-point compensation,
/// 8-bit RGB out). Opaque; safe to apply from several threads (built without lcms's cache).
typedef struct CImagingShim_ColourTransform CImagingShim_ColourTransform;

/// The profile's colour space: 1 RGB, 2 CMYK, 3 gray, 0 for anything else or a profile lcms cannot read.
int CImagingShim_profileColourSpace(const uint8_t *profile, size_t size);

/// Creates a transform from `profile` (`size` bytes, copied) to sRGB for pixels laid out as `input`.
/// Returns NULL when the profile cannot be read or does not describe `input`; then `error`
/// (`errorCapacity` bytes) holds lcms's message or ours.
CImagingShim_ColourTransform *CImagingShim_colourTransformCreate(
    const uint8_t *profile, size_t size, CImagingShim_ColourInput input, char *error, size_t errorCapacity);
/// Converts `pixelCount` pixels from `input` (laid out as the transform's input) into `output` (3 bytes a pixel).
void CImagingShim_colourTransformApply(
    const CImagingShim_ColourTransform *transform, const uint8_t *input, uint8_t *output, size_t pixelCount);
/// Converts `rows` rows of `width` pixels: row r is read at `input + r * inputStride` (laid out as the
/// transform's input) and written at `output + r * outputStride` (3 bytes a pixel). `output` may be
/// `input` (an RGB transform in place, cropping as it goes) when every output row starts at or
/// before its input row: lcms reads each pixel before it writes it, and its output pointer never
/// passes its input pointer when the pixel sizes are equal (lcms's author, mm2/Little-CMS#93).
void CImagingShim_colourTransformApplyRows(
    const CImagingShim_ColourTransform *transform, const uint8_t *input, size_t inputStride,
    uint8_t *output, size_t outputStride, size_t width, size_t rows);
/// Frees the transform.
void CImagingShim_colourTransformDestroy(CImagingShim_ColourTransform *transform);

/// Writes lcms's built-in sRGB profile into `output` when it fits in `capacity` bytes, and returns
/// its size either way (0 on failure): call with capacity 0 to learn the size.
size_t CImagingShim_sRGBProfile(uint8_t *output, size_t capacity);

/// Inflates the zlib stream of a PNG `iCCP` chunk (libdeflate) into `output` (`capacity` bytes).
/// Returns 0 and the size in `produced`, or non-zero when the stream is damaged or larger than `capacity`.
int CImagingShim_zlibInflate(const uint8_t *input, size_t size, uint8_t *output, size_t capacity, size_t *produced);
