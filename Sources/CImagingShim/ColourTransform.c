// Little CMS behind the shim: each transform has its own lcms context, so an error message is
// captured per call instead of through lcms's process-wide handler, and no lcms state is shared
// between concurrent renders.
#include "CImagingShimColour.h"
#include <lcms2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct CImagingShim_ColourTransform {
    cmsContext context;
    cmsHTRANSFORM transform;
};

typedef struct ErrorSink {
    char *buffer;
    size_t capacity;
} ErrorSink;

static void captureError(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)code;
    ErrorSink *sink = (ErrorSink *)cmsGetContextUserData(context);
    if (sink && sink->buffer && sink->capacity > 0 && sink->buffer[0] == 0) {
        snprintf(sink->buffer, sink->capacity, "%s", text ? text : "lcms error");
    }
}

static void setError(char *error, size_t capacity, const char *text) {
    if (error && capacity > 0 && error[0] == 0) snprintf(error, capacity, "%s", text);
}

static int spaceCode(cmsColorSpaceSignature space) {
    switch (space) {
        case cmsSigRgbData: return 1;
        case cmsSigCmykData: return 2;
        case cmsSigGrayData: return 3;
        default: return 0;
    }
}

int CImagingShim_profileColourSpace(const uint8_t *profile, size_t size) {
    if (!profile || size < 128 || size > UINT32_MAX) return 0;
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (!context) return 0;
    cmsSetLogErrorHandlerTHR(context, NULL);  // silence: the answer 0 says it
    cmsHPROFILE handle = cmsOpenProfileFromMemTHR(context, profile, (cmsUInt32Number)size);
    int code = handle ? spaceCode(cmsGetColorSpace(handle)) : 0;
    if (handle) cmsCloseProfile(handle);
    cmsDeleteContext(context);
    return code;
}

CImagingShim_ColourTransform *CImagingShim_colourTransformCreate(
    const uint8_t *profile, size_t size, CImagingShim_ColourInput input, char *error, size_t errorCapacity) {
    if (error && errorCapacity > 0) error[0] = 0;
    if (!profile || size < 128 || size > UINT32_MAX) {
        setError(error, errorCapacity, "the profile is shorter than an ICC header");
        return NULL;
    }
    ErrorSink *sink = malloc(sizeof(ErrorSink));
    if (!sink) return NULL;
    sink->buffer = error;
    sink->capacity = errorCapacity;
    cmsContext context = cmsCreateContext(NULL, sink);
    if (!context) { free(sink); return NULL; }
    cmsSetLogErrorHandlerTHR(context, captureError);

    cmsHPROFILE source = cmsOpenProfileFromMemTHR(context, profile, (cmsUInt32Number)size);
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(context);
    cmsHTRANSFORM transform = NULL;
    if (!source) {
        setError(error, errorCapacity, "lcms could not read the profile");
    } else if (!srgb) {
        setError(error, errorCapacity, "lcms could not make the sRGB profile");
    } else {
        cmsColorSpaceSignature space = cmsGetColorSpace(source);
        cmsUInt32Number format = 0;
        switch (input) {
            case CImagingShim_ColourInputRGB:
                if (space == cmsSigRgbData) format = TYPE_RGB_8;
                break;
            case CImagingShim_ColourInputInvertedCMYK:
                if (space == cmsSigCmykData) format = TYPE_CMYK_8_REV;
                break;
            case CImagingShim_ColourInputGray:
                if (space == cmsSigGrayData) format = TYPE_GRAY_8;
                break;
        }
        if (format == 0) {
            setError(error, errorCapacity, "the profile's colour space does not match the image's");
        } else {
            transform = cmsCreateTransformTHR(
                context, source, format, srgb, TYPE_RGB_8, INTENT_RELATIVE_COLORIMETRIC,
                cmsFLAGS_BLACKPOINTCOMPENSATION | cmsFLAGS_NOCACHE);
            if (!transform) setError(error, errorCapacity, "lcms could not build the transform");
        }
    }
    if (source) cmsCloseProfile(source);
    if (srgb) cmsCloseProfile(srgb);
    if (!transform) {
        cmsDeleteContext(context);
        free(sink);
        return NULL;
    }
    sink->buffer = NULL;  // the caller's buffer is not ours after this call
    CImagingShim_ColourTransform *result = malloc(sizeof(CImagingShim_ColourTransform));
    if (!result) {
        cmsDeleteTransform(transform);
        cmsDeleteContext(context);
        free(sink);
        return NULL;
    }
    result->context = context;
    result->transform = transform;
    return result;
}

void CImagingShim_colourTransformApply(
    const CImagingShim_ColourTransform *transform, const uint8_t *input, uint8_t *output, size_t pixelCount) {
    // cmsDoTransform takes a 32-bit count: convert in slices.
    const size_t slice = 1u << 24;
    cmsUInt32Number inputBytes = T_BYTES(cmsGetTransformInputFormat(transform->transform))
        * (T_CHANNELS(cmsGetTransformInputFormat(transform->transform)) + T_EXTRA(cmsGetTransformInputFormat(transform->transform)));
    for (size_t done = 0; done < pixelCount; done += slice) {
        size_t count = pixelCount - done < slice ? pixelCount - done : slice;
        cmsDoTransform(transform->transform, input + done * inputBytes, output + done * 3, (cmsUInt32Number)count);
    }
}

void CImagingShim_colourTransformApplyRows(
    const CImagingShim_ColourTransform *transform, const uint8_t *input, size_t inputStride,
    uint8_t *output, size_t outputStride, size_t width, size_t rows) {
    if (width == 0 || width > UINT32_MAX) return;  // a row is one call: lcms counts pixels in 32 bits
    for (size_t row = 0; row < rows; row++) {
        cmsDoTransform(transform->transform, input + row * inputStride, output + row * outputStride, (cmsUInt32Number)width);
    }
}

void CImagingShim_colourTransformDestroy(CImagingShim_ColourTransform *transform) {
    if (!transform) return;
    ErrorSink *sink = (ErrorSink *)cmsGetContextUserData(transform->context);
    cmsDeleteTransform(transform->transform);
    cmsDeleteContext(transform->context);
    free(sink);
    free(transform);
}

size_t CImagingShim_sRGBProfile(uint8_t *output, size_t capacity) {
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (!context) return 0;
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(context);
    cmsUInt32Number needed = 0;
    size_t result = 0;
    if (srgb && cmsSaveProfileToMem(srgb, NULL, &needed)) {
        result = needed;
        if (output && capacity >= needed && !cmsSaveProfileToMem(srgb, output, &needed)) result = 0;
    }
    if (srgb) cmsCloseProfile(srgb);
    cmsDeleteContext(context);
    return result;
}
