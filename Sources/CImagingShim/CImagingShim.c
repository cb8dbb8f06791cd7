#include "CImagingShim.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Error handling shared by reader and writer

static void copyMessage(char *destination, const char *message) {
    strncpy(destination, message ? message : "unknown libpng error", CIMAGINGSHIM_ERROR_CAPACITY - 1);
    destination[CIMAGINGSHIM_ERROR_CAPACITY - 1] = '\0';
}

// libpng's default error handler prints to stderr and then longjmps; ours only records the
// message (the error pointer is a char[CIMAGINGSHIM_ERROR_CAPACITY]) so Swift can report it.
static void recordError(png_structp png, png_const_charp message) {
    copyMessage((char *)png_get_error_ptr(png), message);
    png_longjmp(png, 1);
}

// The default warning handler prints to stderr; warnings (e.g. a benign bad iCCP profile)
// must not spam a server's log, and they never change the decoded pixels we return.
static void ignoreWarning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

// MARK: - Reading

struct CImagingShim_PNGReader {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t offset;
    int interlacePasses;
    int strict;
    int warnings;
    char error[CIMAGINGSHIM_ERROR_CAPACITY];
    char warning[CIMAGINGSHIM_ERROR_CAPACITY];
};

// A reader's warnings (libpng warnings and benign errors: a bad ancillary-chunk CRC, extra
// compressed data after the last row, a malformed iCCP profile) are counted, and the first is
// kept, so a strict caller can refuse the file; they never change the decoded pixels.
static void recordWarning(png_structp png, png_const_charp message) {
    // libpng reports a chunk longer than png_set_chunk_malloc_max as a *benign* error, i.e. a
    // warning, and then allocates it anyway: a 60-byte file declaring a 600 MB tEXt chunk made
    // libpng malloc 600 MB (found by `make fuzz`, png). Over the cap is always fatal here.
    if (message && strstr(message, "chunk data is too large")) png_error(png, message);
    CImagingShim_PNGReader *reader = (CImagingShim_PNGReader *)png_get_io_ptr(png);
    if (reader->warnings++ == 0) copyMessage(reader->warning, message);
}

// Reads from memory; running out of bytes is an error, so truncated files never decode.
static void readFromMemory(png_structp png, png_bytep destination, png_size_t length) {
    CImagingShim_PNGReader *reader = (CImagingShim_PNGReader *)png_get_io_ptr(png);
    if (length > reader->size - reader->offset) {
        png_error(png, "PNG data is truncated (unexpected end of file)");
    }
    memcpy(destination, reader->data + reader->offset, length);
    reader->offset += length;
}

CImagingShim_PNGReader *CImagingShim_pngReaderCreate(const uint8_t *data, size_t size) {
    CImagingShim_PNGReader *reader = calloc(1, sizeof(CImagingShim_PNGReader));
    if (!reader) return NULL;
    reader->data = data;
    reader->size = size;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader->error, recordError, recordWarning);
    if (!reader->png) {
        free(reader);
        return NULL;
    }
    reader->info = png_create_info_struct(reader->png);
    if (!reader->info) {
        png_destroy_read_struct(&reader->png, NULL, NULL);
        free(reader);
        return NULL;
    }
    png_set_read_fn(reader->png, reader, readFromMemory);
    return reader;
}

void CImagingShim_pngReaderDestroy(CImagingShim_PNGReader *reader) {
    if (!reader) return;
    png_destroy_read_struct(&reader->png, &reader->info, NULL);
    free(reader);
}

const char *CImagingShim_pngReaderError(const CImagingShim_PNGReader *reader) {
    return reader->error;
}

void CImagingShim_pngReaderSetStrict(CImagingShim_PNGReader *reader, int strict) { reader->strict = strict; }

int CImagingShim_pngReaderWarnings(const CImagingShim_PNGReader *reader) { return reader->warnings; }

const char *CImagingShim_pngReaderWarning(const CImagingShim_PNGReader *reader) { return reader->warning; }

size_t CImagingShim_pngReaderUnreadBytes(const CImagingShim_PNGReader *reader) { return reader->size - reader->offset; }

int CImagingShim_pngReadInfo(CImagingShim_PNGReader *reader, CImagingShim_PNGReadInfo *result) {
    png_structp png = reader->png;
    png_infop info = reader->info;
    if (setjmp(png_jmpbuf(png))) return -1;
    // A CRC error in a critical chunk (IHDR, PLTE, IDAT, IEND) is fatal: corrupt pixels never
    // decode. One in an ancillary chunk (text, time, colour metadata we do not use) discards that
    // chunk with a warning, as Pillow and vips do, unless the caller is strict.
    png_set_crc_action(png, PNG_CRC_ERROR_QUIT, reader->strict ? PNG_CRC_ERROR_QUIT : PNG_CRC_WARN_DISCARD);
    // libpng's benign errors are warnings on read by default; strict callers make them errors.
    png_set_benign_errors(png, reader->strict ? 0 : 1);
    // The caller checks width * height against its own limits before reading; libpng's default
    // 1,000,000-pixel side limit would reject legitimate panoramas for no safety gain.
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    // Bound a single ancillary chunk (e.g. a hostile zTXt/iCCP) to 8 MiB of memory.
    png_set_chunk_malloc_max(png, 8 * 1024 * 1024);
    // Every chunk's CRC is checked (and fatal), which already covers the compressed image
    // data; zlib's extra Adler-32 over the same bytes costs ~4% of decode time for nothing.
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
    // Colour management is out of scope; skip libpng's check of embedded sRGB ICC profiles.
    png_set_option(png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
    png_read_info(png, info);

    int colorType = png_get_color_type(png, info);
    int bitDepth = png_get_bit_depth(png, info);
    int hasTransparency = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (colorType == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (colorType == PNG_COLOR_TYPE_GRAY && bitDepth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (hasTransparency) png_set_tRNS_to_alpha(png);
    if (bitDepth == 16) png_set_scale_16(png);
    int grayWithAlpha = colorType == PNG_COLOR_TYPE_GRAY_ALPHA || (colorType == PNG_COLOR_TYPE_GRAY && hasTransparency);
    if (grayWithAlpha) png_set_gray_to_rgb(png);
    reader->interlacePasses = png_set_interlace_handling(png);
    png_read_update_info(png, info);

    result->width = png_get_image_width(png, info);
    result->height = png_get_image_height(png, info);
    result->channels = png_get_channels(png, info);
    result->interlaced = reader->interlacePasses > 1;
    result->rowBytes = png_get_rowbytes(png, info);
    return 0;
}

int CImagingShim_pngReadRows(CImagingShim_PNGReader *reader, uint8_t *rows, uint32_t count) {
    png_structp png = reader->png;
    size_t rowBytes = png_get_rowbytes(png, reader->info);
    if (setjmp(png_jmpbuf(png))) return -1;
    for (uint32_t index = 0; index < count; index++) {
        png_read_row(png, rows + (size_t)index * rowBytes, NULL);
    }
    return 0;
}

int CImagingShim_pngReadImage(CImagingShim_PNGReader *reader, uint8_t *pixels) {
    png_structp png = reader->png;
    png_uint_32 height = png_get_image_height(png, reader->info);
    size_t rowBytes = png_get_rowbytes(png, reader->info);
    png_bytepp rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!rows) {
        copyMessage(reader->error, "out of memory for row pointers");
        return -1;
    }
    for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * rowBytes;
    // `rows` is assigned before setjmp and never changed after it, so it is valid after a longjmp.
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        return -1;
    }
    png_read_image(png, rows);
    free(rows);
    return 0;
}

int CImagingShim_pngReadEnd(CImagingShim_PNGReader *reader) {
    if (setjmp(png_jmpbuf(reader->png))) return -1;
    png_read_end(reader->png, NULL);
    return 0;
}

// MARK: - Writing

static void appendToBuffer(png_structp png, png_bytep bytes, png_size_t length) {
    CImagingShim_Buffer *buffer = (CImagingShim_Buffer *)png_get_io_ptr(png);
    if (length > buffer->capacity - buffer->count) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity - buffer->count < length) capacity *= 2;
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (!grown) png_error(png, "out of memory while writing PNG");
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->count, bytes, length);
    buffer->count += length;
}

static void flushNothing(png_structp png) { (void)png; }

int CImagingShim_pngEncode(const CImagingShim_PNGWriteSpec *spec, CImagingShim_Buffer *output, char *error) {
    output->bytes = NULL;
    output->count = 0;
    output->capacity = 0;
    error[0] = '\0';
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, error, recordError, ignoreWarning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    png_bytepp rows = malloc(sizeof(png_bytep) * (spec->height ? spec->height : 1));
    if (!png || !info || !rows) {
        copyMessage(error, "out of memory creating the PNG writer");
        png_destroy_write_struct(&png, &info);
        free(rows);
        return -1;
    }
    for (uint32_t y = 0; y < spec->height; y++) rows[y] = (png_bytep)spec->rows + (size_t)y * spec->rowBytes;
    // png, info and rows are not modified after setjmp, so they are valid after a longjmp.
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(rows);
        CImagingShim_bufferFree(output);
        return -1;
    }
    png_set_write_fn(png, output, appendToBuffer, flushNothing);
    if (spec->compressionLevel >= 0) png_set_compression_level(png, spec->compressionLevel);
    if (spec->filters != 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, spec->filters);
    png_set_IHDR(png, info, spec->width, spec->height, spec->bitDepth, spec->colorType,
                 spec->interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (spec->palette && spec->paletteCount > 0) {
        png_color colors[256];
        int count = spec->paletteCount > 256 ? 256 : spec->paletteCount;
        for (int i = 0; i < count; i++) {
            colors[i].red = spec->palette[i * 3];
            colors[i].green = spec->palette[i * 3 + 1];
            colors[i].blue = spec->palette[i * 3 + 2];
        }
        png_set_PLTE(png, info, colors, count);
    }
    if (spec->paletteAlpha && spec->paletteAlphaCount > 0) {
        png_set_tRNS(png, info, spec->paletteAlpha, spec->paletteAlphaCount, NULL);
    } else if (spec->hasTransparentColor) {
        png_color_16 color = {0, spec->transparentRed, spec->transparentGreen, spec->transparentBlue,
                              spec->transparentGray};
        png_set_tRNS(png, info, NULL, 0, &color);
    }
    png_write_info(png, info);
    // png_write_image turns interlace handling on itself for Adam7 images.
    png_write_image(png, rows);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(rows);
    return 0;
}

void CImagingShim_bufferFree(CImagingShim_Buffer *buffer) {
    free(buffer->bytes);
    buffer->bytes = NULL;
    buffer->count = 0;
    buffer->capacity = 0;
}
