#include "CImagingShimJPEG.h"

#include <stdlib.h>
#include <string.h>

// Why this is exact: a progressive JPEG sends each component's DC coefficients in scans of
// their own (Ss = 0, Se = 0: a first scan and any successive-approximation refinements) and
// every AC coefficient in other scans (Ss >= 1). A decode at 1/8 runs libjpeg's 1×1 IDCT on
// every component, which reads the DC coefficient alone, so the AC scans cannot change one
// output sample. Entropy-decoding them is most of a progressive decode, and the AC scans are
// most of the file. Block smoothing must be off for the pruned stream: with the AC scans
// missing, libjpeg would otherwise estimate AC coefficients and (libjpeg-turbo 2.1+) adjust DC.
// That is only the same output when the original file leaves libjpeg nothing to smooth either:
// its scans must bring every coefficient of every component to full precision, in a valid
// progression (libjpeg's own coef_bits rules). A file that ends its progression early, which
// libjpeg smooths, is decoded whole (the shim's differential fuzzer found this in seconds).

enum { SOI = 0xD8, EOI = 0xD9, SOS = 0xDA, DNL = 0xDC, SOF2 = 0xC2, SOF10 = 0xCA };

// libjpeg's coef_bits bookkeeping: the precision (successive-approximation bit) each
// coefficient of each component has reached, -1 before its first scan.
typedef struct Progression {
    int components;
    uint8_t ids[4];
    signed char bits[4][64];
} Progression;

// The frame's components; 0 when the frame header is malformed or has over 4 components.
static int readFrame(Progression *progression, const uint8_t *segment, size_t length) {
    if (length < 8) return 0;
    int components = segment[7];
    if (components < 1 || components > 4 || length != 8 + 3 * (size_t)components) return 0;
    progression->components = components;
    for (int index = 0; index < components; index++) progression->ids[index] = segment[8 + 3 * index];
    memset(progression->bits, -1, sizeof(progression->bits));
    return 1;
}

// Applies one scan (`count` component ids, spectral range, successive-approximation bits);
// 0 when the progression is not one libjpeg accepts without a warning (stricter: a coefficient
// may get one first scan only).
static int applyScan(Progression *progression, const uint8_t *ids, size_t count, int first, int last, int high, int low) {
    if (first > last || last > 63 || low > 13 || (high != 0 && high != low + 1)) return 0;
    if (first > 0 && count != 1) return 0;
    for (size_t scan = 0; scan < count; scan++) {
        int component = -1;
        for (int index = 0; index < progression->components; index++) {
            if (progression->ids[index] == ids[scan]) component = index;
        }
        if (component < 0) return 0;
        signed char *bits = progression->bits[component];
        if (first > 0 && bits[0] < 0) return 0;  // AC before the component's DC
        for (int coefficient = first; coefficient <= last; coefficient++) {
            if (bits[coefficient] != (high == 0 ? -1 : high)) return 0;
            bits[coefficient] = (signed char)low;
        }
    }
    return 1;
}

// Every coefficient of every component at full precision.
static int complete(const Progression *progression) {
    for (int index = 0; index < progression->components; index++) {
        for (int coefficient = 0; coefficient < 64; coefficient++) {
            if (progression->bits[index][coefficient] != 0) return 0;
        }
    }
    return 1;
}

// The end of the entropy-coded data that starts at `from`: the offset of the 0xFF that starts
// the next marker (stuffed 0xFF00, restart markers and fill bytes are part of the data).
// Returns 0 when the data runs to the end of the buffer.
static size_t endOfScan(const uint8_t *data, size_t size, size_t from) {
    size_t position = from;
    while (position < size) {
        const uint8_t *found = memchr(data + position, 0xFF, size - position);
        if (!found) return 0;
        size_t index = (size_t)(found - data);
        if (index + 1 >= size) return 0;
        uint8_t next = data[index + 1];
        if (next == 0x00 || (next >= 0xD0 && next <= 0xD7) || next == 0xFF) {
            position = index + (next == 0xFF ? 1 : 2);
            continue;
        }
        return index;
    }
    return 0;
}

uint8_t *CImagingShim_jpegKeepDCScans(const uint8_t *data, size_t size, int maxScans, size_t *outputSize, int *droppedScans) {
    if (size < 4 || data[0] != 0xFF || data[1] != SOI) return NULL;
    uint8_t *output = malloc(size);
    if (!output) return NULL;
    memcpy(output, data, 2);
    size_t position = 2, written = 2;
    int scans = 0, dropped = 0, progressive = 0;
    Progression progression;
    for (;;) {
        // A marker: 0xFF, any fill bytes, a code. Anything else between segments is left for
        // libjpeg to judge (it warns), so the stream is not pruned.
        if (position >= size || data[position] != 0xFF) break;
        while (position < size && data[position] == 0xFF) position++;
        if (position >= size) break;
        uint8_t code = data[position++];
        if (code == EOI) {
            if (!progressive || dropped == 0 || !complete(&progression)) break;
            output[written++] = 0xFF;
            output[written++] = EOI;
            // Keep only the DC scans' bytes for the decode (often a tenth of the file).
            uint8_t *shrunk = realloc(output, written);
            if (shrunk) output = shrunk;
            *outputSize = written;
            *droppedScans = dropped;
            return output;
        }
        // Markers without a length, a second SOI, a DNL (its height must reach libjpeg) and
        // reserved codes: leave the stream as it is.
        if (code == SOI || code == DNL || code == 0x00 || code == 0x01 || (code >= 0xD0 && code <= 0xD7)) break;
        if (position + 2 > size) break;
        size_t length = ((size_t)data[position] << 8) | data[position + 1];
        if (length < 2 || position + length > size) break;
        const uint8_t *segment = data + position;
        if (code >= 0xC0 && code <= 0xCF && code != 0xC4 && code != 0xC8 && code != 0xCC) {
            if (code != SOF2 && code != SOF10) break;  // only progressive frames hold separable scans
            if (progressive || !readFrame(&progression, segment, length)) break;
            progressive = 1;
        }
        int keep = 1;
        size_t next = position + length;
        if (code == SOS) {
            if (!progressive || length < 6) break;
            size_t components = segment[2];
            if (components < 1 || components > 4 || length != 6 + 2 * components) break;
            uint8_t first = segment[3 + 2 * components], last = segment[4 + 2 * components];
            uint8_t approximation = segment[5 + 2 * components];
            uint8_t ids[4];
            for (size_t index = 0; index < components; index++) ids[index] = segment[3 + 2 * index];
            if (first == 0 && last != 0) break;  // a malformed scan: libjpeg reports it
            if (!applyScan(&progression, ids, components, first, last, approximation >> 4, approximation & 15)) break;
            if (maxScans > 0 && ++scans > maxScans) break;
            next = endOfScan(data, size, position + length);
            if (next == 0) break;  // truncated: libjpeg reports it
            keep = first == 0;
        }
        if (keep) {
            output[written++] = 0xFF;
            output[written++] = code;
            memcpy(output + written, data + position, next - position);
            written += next - position;
        } else {
            dropped++;
        }
        position = next;
    }
    free(output);
    return NULL;
}
