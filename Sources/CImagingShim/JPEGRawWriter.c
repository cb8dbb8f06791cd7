// Writes a JPEG from Y, Cb and Cr planes with libjpeg's raw_data_in (no colour conversion, no
// downsampling: the caller resampled each plane to its final size). libjpeg reports errors by
// calling error_exit, which must not return: ours longjmps back here, never across Swift frames.
#include "CImagingShimJPEG.h"
#include "CImagingShim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct RawWriter {
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr errorManager;
    jmp_buf jump;
    char *error;
} RawWriter;

static void writerFailed(j_common_ptr cinfo) {
    RawWriter *writer = (RawWriter *)(void *)cinfo;  // cinfo is the first member
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    strncpy(writer->error, message, CIMAGINGSHIM_ERROR_CAPACITY - 1);
    writer->error[CIMAGINGSHIM_ERROR_CAPACITY - 1] = '\0';
    longjmp(writer->jump, 1);
}

static void writerMessage(j_common_ptr cinfo, int level) { (void)cinfo; (void)level; }

int CImagingShim_jpegEncodeRaw(
    const uint8_t *y, size_t yStride, const uint8_t *cb, const uint8_t *cr, size_t chromaStride, uint32_t width,
    uint32_t height, int subsampled, int quality, int progressive, uint8_t **output, size_t *outputSize, char *error) {
    // volatile: read after a longjmp.
    RawWriter *volatile writer = calloc(1, sizeof(RawWriter));
    unsigned char *volatile buffer = NULL;
    unsigned long size = 0;
    *output = NULL;
    *outputSize = 0;
    error[0] = '\0';
    if (!writer) {
        snprintf(error, CIMAGINGSHIM_ERROR_CAPACITY, "Out of memory");
        return -1;
    }
    writer->error = error;
    writer->cinfo.err = jpeg_std_error(&writer->errorManager);
    writer->errorManager.error_exit = writerFailed;
    writer->errorManager.emit_message = writerMessage;
    if (setjmp(writer->jump)) {
        jpeg_destroy_compress(&writer->cinfo);
        free(buffer);
        free(writer);
        return -1;
    }
    j_compress_ptr cinfo = &writer->cinfo;
    jpeg_create_compress(cinfo);
    unsigned char *target = NULL;
    jpeg_mem_dest(cinfo, &target, &size);
    cinfo->image_width = width;
    cinfo->image_height = height;
    cinfo->input_components = 3;
    cinfo->in_color_space = JCS_YCbCr;
    jpeg_set_defaults(cinfo);
    jpeg_set_colorspace(cinfo, JCS_YCbCr);
    jpeg_set_quality(cinfo, quality, TRUE);
    cinfo->dct_method = JDCT_ISLOW;
    cinfo->raw_data_in = TRUE;
    int factor = subsampled ? 2 : 1;
    cinfo->comp_info[0].h_samp_factor = factor;
    cinfo->comp_info[0].v_samp_factor = factor;
    for (int index = 1; index < 3; index++) {
        cinfo->comp_info[index].h_samp_factor = 1;
        cinfo->comp_info[index].v_samp_factor = 1;
    }
    if (progressive) jpeg_simple_progression(cinfo);
    jpeg_start_compress(cinfo, TRUE);
    JSAMPROW lumaRows[16], cbRows[8], crRows[8];
    JSAMPARRAY planes[3] = {lumaRows, cbRows, crRows};
    int lumaLines = DCTSIZE * factor;
    while (cinfo->next_scanline < cinfo->image_height) {
        size_t first = cinfo->next_scanline;
        for (int line = 0; line < lumaLines; line++) lumaRows[line] = (JSAMPROW)(y + (first + (size_t)line) * yStride);
        size_t chromaFirst = first / (size_t)factor;
        for (int line = 0; line < DCTSIZE; line++) {
            cbRows[line] = (JSAMPROW)(cb + (chromaFirst + (size_t)line) * chromaStride);
            crRows[line] = (JSAMPROW)(cr + (chromaFirst + (size_t)line) * chromaStride);
        }
        jpeg_write_raw_data(cinfo, planes, (JDIMENSION)lumaLines);
    }
    jpeg_finish_compress(cinfo);
    buffer = target;
    jpeg_destroy_compress(cinfo);
    free(writer);
    *output = buffer;
    *outputSize = size;
    return 0;
}

void CImagingShim_jpegFree(uint8_t *buffer) { free(buffer); }
