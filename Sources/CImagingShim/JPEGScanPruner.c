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

enum { SOI = 0xD8, EOI = 0xD9, SOS = 0xDA, DNL = 0xDC, SOF2 = 0xC2, SOF10 = 0xCA };

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
    for (;;) {
        // A marker: 0xFF, any fill bytes, a code. Anything else between segments is left for
        // libjpeg to judge (it warns), so the stream is not pruned.
        if (position >= size || data[position] != 0xFF) break;
        while (position < size && data[position] == 0xFF) position++;
        if (position >= size) break;
        uint8_t code = data[position++];
        if (code == EOI) {
            if (!progressive || dropped == 0) break;
            output[written++] = 0xFF;
            output[written++] = EOI;
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
            progressive = 1;
        }
        int keep = 1;
        size_t next = position + length;
        if (code == SOS) {
            if (!progressive || length < 6) break;
            size_t components = segment[2];
            if (components < 1 || components > 4 || length != 6 + 2 * components) break;
            uint8_t first = segment[3 + 2 * components], last = segment[4 + 2 * components];
            if (first == 0 && last != 0) break;  // a malformed scan: libjpeg reports it
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
