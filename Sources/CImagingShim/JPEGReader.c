#include "CImagingShimJPEG.h"
#include "CImagingShim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>
// For struct jpeg_inverse_dct (CImagingShim_jpegStartRaw): TurboJPEG's own planar decode,
// tjDecompressToYUVPlanes, reaches into it the same way.
#include <jpegint.h>

struct CImagingShim_JPEGReader {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr errorManager;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    const uint8_t *data;
    size_t size;
    int fatalWarnings;
    int maxScans;
    int warnings;
    /// The class of the message in `error` when it came from a warning (0: none or an error).
    int recordedClass;
    /// The warning class that stopped the decode (0: it was an error, or it did not stop).
    int stoppedBy;
    /// Scan pruning allowed (CImagingShim_jpegReaderSetScanPruning), the scans it left out and
    /// the pruned copy libjpeg reads instead of `data` (owned, freed with the reader).
    int pruning;
    int droppedScans;
    uint8_t *pruned;
    /// The planes of a raw decode (set by CImagingShim_jpegStartRaw).
    CImagingShim_JPEGPlane planes[3];
    char error[CIMAGINGSHIM_ERROR_CAPACITY];
};

static CImagingShim_JPEGReader *readerOf(j_common_ptr cinfo) {
    // cinfo is the first member, so the reader starts at the same address.
    return (CImagingShim_JPEGReader *)(void *)cinfo;
}

static void record(CImagingShim_JPEGReader *reader, j_common_ptr cinfo) {
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    strncpy(reader->error, message, CIMAGINGSHIM_ERROR_CAPACITY - 1);
    reader->error[CIMAGINGSHIM_ERROR_CAPACITY - 1] = '\0';
}

// libjpeg's default prints to stderr and exits the process; ours records and jumps back.
static void failWithError(j_common_ptr cinfo) {
    CImagingShim_JPEGReader *reader = readerOf(cinfo);
    record(reader, cinfo);
    reader->recordedClass = 0;
    longjmp(reader->jump, 1);
}

// Sorts one warning. Bytes skipped before a marker are harmless while the header is being read
// (no scan seen yet); after a scan they are the scan's unused tail, which libjpeg cannot tell
// apart from a damaged scan that happened to decode to its end, so they count as corrupt.
static int classify(j_decompress_ptr cinfo, int code) {
    switch (code) {
    case JWRN_JPEG_EOF:
        return CIMAGINGSHIM_JPEG_WARN_TRUNCATED;
    case JWRN_EXTRANEOUS_DATA:
        return cinfo->input_scan_number == 0 ? CIMAGINGSHIM_JPEG_WARN_BENIGN : CIMAGINGSHIM_JPEG_WARN_CORRUPT;
    case JWRN_JFIF_MAJOR:
    case JWRN_BOGUS_ICC:
        return CIMAGINGSHIM_JPEG_WARN_BENIGN;
    default:
        return CIMAGINGSHIM_JPEG_WARN_CORRUPT;
    }
}

// Levels >= 0 are trace messages (ignored); < 0 is a warning, classified and possibly fatal.
static void onMessage(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    CImagingShim_JPEGReader *reader = readerOf(cinfo);
    int class = classify(&reader->cinfo, cinfo->err->msg_code);
    cinfo->err->num_warnings++;
    reader->warnings |= class;
    // Keep the first message of the most severe class (truncated > corrupt > benign).
    if (class > reader->recordedClass) {
        record(reader, cinfo);
        reader->recordedClass = class;
    }
    if (class & reader->fatalWarnings) {
        record(reader, cinfo);
        reader->recordedClass = class;
        reader->stoppedBy = class;
        longjmp(reader->jump, 1);
    }
}

static void printNothing(j_common_ptr cinfo) { (void)cinfo; }

// TurboJPEG's TJFLAG_LIMITSCANS, with the caller's limit.
static void checkScanCount(j_common_ptr cinfo) {
    CImagingShim_JPEGReader *reader = readerOf(cinfo);
    if (reader->cinfo.input_scan_number > reader->maxScans) {
        snprintf(reader->error, CIMAGINGSHIM_ERROR_CAPACITY, "The JPEG has more than %d scans", reader->maxScans);
        reader->recordedClass = 0;
        longjmp(reader->jump, 1);
    }
}

CImagingShim_JPEGReader *CImagingShim_jpegReaderCreate(const uint8_t *data, size_t size, int fatalWarnings, int maxScans) {
    CImagingShim_JPEGReader *reader = calloc(1, sizeof(CImagingShim_JPEGReader));
    if (!reader) return NULL;
    reader->data = data;
    reader->size = size;
    reader->fatalWarnings = fatalWarnings;
    reader->maxScans = maxScans;
    reader->pruning = 1;
    reader->cinfo.err = jpeg_std_error(&reader->errorManager);
    reader->errorManager.error_exit = failWithError;
    reader->errorManager.emit_message = onMessage;
    reader->errorManager.output_message = printNothing;
    if (setjmp(reader->jump)) {  // jpeg_create_decompress fails only when out of memory
        jpeg_destroy_decompress(&reader->cinfo);
        free(reader);
        return NULL;
    }
    jpeg_create_decompress(&reader->cinfo);
    if (maxScans > 0) {
        reader->progress.progress_monitor = checkScanCount;
        reader->cinfo.progress = &reader->progress;
    }
    return reader;
}

void CImagingShim_jpegReaderDestroy(CImagingShim_JPEGReader *reader) {
    if (!reader) return;
    jpeg_destroy_decompress(&reader->cinfo);
    free(reader->pruned);
    free(reader);
}

void CImagingShim_jpegReaderSetScanPruning(CImagingShim_JPEGReader *reader, int enabled) { reader->pruning = enabled; }

int CImagingShim_jpegReaderDroppedScans(const CImagingShim_JPEGReader *reader) { return reader->droppedScans; }

const char *CImagingShim_jpegReaderError(const CImagingShim_JPEGReader *reader) { return reader->error; }

int CImagingShim_jpegReaderWarnings(const CImagingShim_JPEGReader *reader) { return reader->warnings; }

int CImagingShim_jpegReaderStoppedBy(const CImagingShim_JPEGReader *reader) { return reader->stoppedBy; }

// The coefficient arrays libjpeg's jdcoefct.c allocates for a buffered (multi-scan) image.
static uint64_t coefficientBytes(j_decompress_ptr cinfo) {
    uint64_t total = 0;
    for (int index = 0; index < cinfo->num_components; index++) {
        jpeg_component_info *component = &cinfo->comp_info[index];
        uint64_t h = (uint64_t)component->h_samp_factor, v = (uint64_t)component->v_samp_factor;
        uint64_t columns = (component->width_in_blocks + h - 1) / h * h;
        uint64_t rows = (component->height_in_blocks + v - 1) / v * v;
        total += columns * rows * sizeof(JBLOCK);
    }
    return total;
}

int CImagingShim_jpegReadHeader(CImagingShim_JPEGReader *reader, CImagingShim_JPEGInfo *info) {
    j_decompress_ptr cinfo = &reader->cinfo;
    if (setjmp(reader->jump)) return -1;
    jpeg_mem_src(cinfo, reader->data, (unsigned long)reader->size);
    jpeg_read_header(cinfo, TRUE);
    int multiScan = jpeg_has_multiple_scans(cinfo);
    info->width = cinfo->image_width;
    info->height = cinfo->image_height;
    info->components = cinfo->num_components;
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE: info->outputChannels = 1; break;
    case JCS_CMYK:
    case JCS_YCCK: info->outputChannels = 4; break;
    default: info->outputChannels = 3; break;
    }
    info->progressive = multiScan;
    info->coefficientBytes = multiScan ? coefficientBytes(cinfo) : 0;
    info->ycc = cinfo->jpeg_color_space == JCS_YCbCr && cinfo->num_components == 3;
    return 0;
}

// The decode parameters of CImagingShim_jpegStart (raw 0) or CImagingShim_jpegStartRaw (raw 1).
static void configure(j_decompress_ptr cinfo, int scaleNum, int scaleDenom, int raw) {
    cinfo->scale_num = (unsigned int)scaleNum;
    cinfo->scale_denom = (unsigned int)scaleDenom;
    cinfo->dct_method = JDCT_ISLOW;
    if (raw) {
        cinfo->out_color_space = JCS_YCbCr;
        cinfo->raw_data_out = TRUE;
        return;
    }
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE: cinfo->out_color_space = JCS_GRAYSCALE; break;
    case JCS_CMYK:
    case JCS_YCCK: cinfo->out_color_space = JCS_CMYK; break;
    default: cinfo->out_color_space = JCS_RGB; break;
    }
}

// Before jpeg_start_decompress (which reads every scan of a progressive file): when each
// component will be decoded by a 1×1 IDCT (a raw decode gives every component the smallest
// one), switch libjpeg over to a copy without the AC scans, which cannot change the output
// (CImagingShim_jpegKeepDCScans). Runs under the caller's setjmp.
static void pruneScans(CImagingShim_JPEGReader *reader, int scaleNum, int scaleDenom, int raw) {
    j_decompress_ptr cinfo = &reader->cinfo;
    if (!reader->pruning || !jpeg_has_multiple_scans(cinfo)) return;
    jpeg_calc_output_dimensions(cinfo);
    for (int index = 0; index < cinfo->num_components; index++) {
        int size = raw ? cinfo->min_DCT_scaled_size : cinfo->comp_info[index].DCT_scaled_size;
        if (size != 1) return;
    }
    size_t size = 0;
    int dropped = 0;
    uint8_t *pruned = CImagingShim_jpegKeepDCScans(reader->data, reader->size, reader->maxScans, &size, &dropped);
    if (!pruned) return;
    free(reader->pruned);
    reader->pruned = pruned;
    reader->droppedScans = dropped;
    jpeg_abort_decompress(cinfo);
    jpeg_mem_src(cinfo, pruned, (unsigned long)size);
    jpeg_read_header(cinfo, TRUE);
    configure(cinfo, scaleNum, scaleDenom, raw);
    cinfo->do_block_smoothing = FALSE;
}

int CImagingShim_jpegStart(CImagingShim_JPEGReader *reader, int scaleNum, int scaleDenom, uint32_t *width, uint32_t *height) {
    j_decompress_ptr cinfo = &reader->cinfo;
    if (setjmp(reader->jump)) return -1;
    configure(cinfo, scaleNum, scaleDenom, 0);
    pruneScans(reader, scaleNum, scaleDenom, 0);
    jpeg_start_decompress(cinfo);
    *width = cinfo->output_width;
    *height = cinfo->output_height;
    return 0;
}

int CImagingShim_jpegReadImage(CImagingShim_JPEGReader *reader, uint8_t *pixels) {
    j_decompress_ptr cinfo = &reader->cinfo;
    size_t rowBytes = (size_t)cinfo->output_width * (size_t)cinfo->output_components;
    if (setjmp(reader->jump)) return -1;
    while (cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW rows[16];
        JDIMENSION wanted = cinfo->output_height - cinfo->output_scanline;
        if (wanted > 16) wanted = 16;
        for (JDIMENSION index = 0; index < wanted; index++) {
            rows[index] = pixels + (size_t)(cinfo->output_scanline + index) * rowBytes;
        }
        jpeg_read_scanlines(cinfo, rows, wanted);
    }
    jpeg_finish_decompress(cinfo);
    return 0;
}

int CImagingShim_jpegStartRaw(CImagingShim_JPEGReader *reader, int scaleNum, int scaleDenom, CImagingShim_JPEGPlanes *planes) {
    j_decompress_ptr cinfo = &reader->cinfo;
    if (setjmp(reader->jump)) return -1;
    if (cinfo->jpeg_color_space != JCS_YCbCr || cinfo->num_components != 3) {
        snprintf(reader->error, CIMAGINGSHIM_ERROR_CAPACITY, "A raw decode needs a three-component YCbCr JPEG");
        reader->recordedClass = 0;
        return -1;
    }
    configure(cinfo, scaleNum, scaleDenom, 1);
    pruneScans(reader, scaleNum, scaleDenom, 1);
    jpeg_start_decompress(cinfo);
    // libjpeg scales a subsampled component's IDCT up (4:2:0 chroma at 1/8 comes out of a 2×2
    // IDCT, as large as the luma) so that its upsampler has nothing to do. A planar decode
    // wants each plane at its own sampling: give every component the smallest component's
    // scaled IDCT, as tjDecompressToYUVPlanes does (its DCT size, MCU width and IDCT method;
    // the start of the output pass has already set up every component's multiplier table for
    // the accurate integer method, which all scaled IDCTs share). At 1/8 that is a DC-only IDCT.
    int smallest = 0;
    for (int index = 1; index < cinfo->num_components; index++) {
        if (cinfo->comp_info[index].DCT_scaled_size < cinfo->comp_info[smallest].DCT_scaled_size) smallest = index;
    }
    int dctSize = cinfo->comp_info[smallest].DCT_scaled_size;
    for (int index = 0; index < cinfo->num_components; index++) {
        jpeg_component_info *component = &cinfo->comp_info[index];
        component->DCT_scaled_size = dctSize;
        // MCU_width is set scan by scan, so only a single-scan file has it for every component
        // (a damaged multi-scan file may leave one unset: fuzzing found the garbage overflowing
        // here). The buffered multi-scan path does not read MCU_sample_width.
        if (!cinfo->inputctl->has_multiple_scans) component->MCU_sample_width = component->MCU_width * dctSize;
        component->downsampled_width = (JDIMENSION)(((uint64_t)cinfo->image_width * (uint64_t)(component->h_samp_factor * dctSize)
            + (uint64_t)(cinfo->max_h_samp_factor * DCTSIZE) - 1) / (uint64_t)(cinfo->max_h_samp_factor * DCTSIZE));
        component->downsampled_height = (JDIMENSION)(((uint64_t)cinfo->image_height * (uint64_t)(component->v_samp_factor * dctSize)
            + (uint64_t)(cinfo->max_v_samp_factor * DCTSIZE) - 1) / (uint64_t)(cinfo->max_v_samp_factor * DCTSIZE));
        cinfo->idct->inverse_DCT[index] = cinfo->idct->inverse_DCT[smallest];
    }
    for (int index = 0; index < 3; index++) {
        jpeg_component_info *component = &cinfo->comp_info[index];
        uint32_t size = (uint32_t)component->DCT_scaled_size;
        uint32_t h = (uint32_t)component->h_samp_factor, v = (uint32_t)component->v_samp_factor;
        CImagingShim_JPEGPlane *plane = &reader->planes[index];
        plane->width = component->downsampled_width;
        plane->height = component->downsampled_height;
        // Whole MCUs: libjpeg hands out v rows of blocks per iMCU row, each size samples high.
        plane->stride = (component->width_in_blocks + h - 1) / h * h * size;
        plane->rows = cinfo->total_iMCU_rows * v * size;
        plane->horizontalScale = h * size;
        plane->verticalScale = v * size;
    }
    planes->y = reader->planes[0];
    planes->cb = reader->planes[1];
    planes->cr = reader->planes[2];
    planes->horizontalDenominator = (uint32_t)cinfo->max_h_samp_factor * DCTSIZE;
    planes->verticalDenominator = (uint32_t)cinfo->max_v_samp_factor * DCTSIZE;
    return 0;
}

int CImagingShim_jpegReadRaw(CImagingShim_JPEGReader *reader, uint8_t *y, uint8_t *cb, uint8_t *cr) {
    j_decompress_ptr cinfo = &reader->cinfo;
    uint8_t *bases[3] = {y, cb, cr};
    // At most 4 (sampling factor) × 8 (DCT scaled size) rows per component and iMCU row.
    JSAMPROW rows[3][32];
    JSAMPARRAY arrays[3] = {rows[0], rows[1], rows[2]};
    JDIMENSION linesPerRow = (JDIMENSION)(cinfo->max_v_samp_factor * cinfo->min_DCT_scaled_size);
    if (setjmp(reader->jump)) return -1;
    for (int index = 0; index < 3; index++) {
        jpeg_component_info *component = &cinfo->comp_info[index];
        if (component->v_samp_factor * component->DCT_scaled_size > 32) {
            snprintf(reader->error, CIMAGINGSHIM_ERROR_CAPACITY, "Unsupported JPEG sampling factors");
            return -1;
        }
    }
    while (cinfo->output_scanline < cinfo->output_height) {
        JDIMENSION row = cinfo->output_scanline / linesPerRow;
        for (int index = 0; index < 3; index++) {
            jpeg_component_info *component = &cinfo->comp_info[index];
            size_t count = (size_t)(component->v_samp_factor * component->DCT_scaled_size);
            size_t stride = reader->planes[index].stride;
            for (size_t line = 0; line < count; line++) {
                rows[index][line] = bases[index] + ((size_t)row * count + line) * stride;
            }
        }
        if (jpeg_read_raw_data(cinfo, arrays, linesPerRow) == 0) {
            snprintf(reader->error, CIMAGINGSHIM_ERROR_CAPACITY, "The JPEG data ended early");
            return -1;
        }
    }
    jpeg_finish_decompress(cinfo);
    return 0;
}
