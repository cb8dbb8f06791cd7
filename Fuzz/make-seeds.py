#!/usr/bin/env python3
"""Writes the small seed corpora of Fuzz/Corpus (a few KB each). Re-run after changing a seed:
python3 Fuzz/make-seeds.py. JPEGs come from libturbojpeg (ctypes), PNGs are written by hand."""
import ctypes, ctypes.util, os, struct, zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Corpus")


def write(harness, name, data):
    os.makedirs(os.path.join(ROOT, harness), exist_ok=True)
    with open(os.path.join(ROOT, harness, name), "wb") as file:
        file.write(data if isinstance(data, bytes) else data.encode())


def jpeg(width, height, channels, pixel_format, subsampling, progressive):
    tj = ctypes.CDLL(ctypes.util.find_library("turbojpeg") or "libturbojpeg.so.0")
    tj.tjInitCompress.restype = ctypes.c_void_p
    handle = tj.tjInitCompress()
    pixels = bytes((x * 37 + y * 11 + c * 80) % 256 for y in range(height) for x in range(width) for c in range(channels))
    out, size = ctypes.POINTER(ctypes.c_ubyte)(), ctypes.c_ulong(0)
    flags = 16384 if progressive else 0  # TJFLAG_PROGRESSIVE
    assert tj.tjCompress2(ctypes.c_void_p(handle), pixels, width, 0, height, pixel_format,
                          ctypes.byref(out), ctypes.byref(size), subsampling, 85, flags) == 0
    data = ctypes.string_at(out, size.value)
    tj.tjFree(out)
    tj.tjDestroy(ctypes.c_void_p(handle))
    return data


def exif(orientation):
    ifd = struct.pack(">H", 1) + struct.pack(">HHIHH", 0x0112, 3, 1, orientation, 0) + struct.pack(">I", 0)
    return b"MM\x00\x2a" + struct.pack(">I", 8) + ifd


def with_exif(data, orientation):
    body = b"Exif\x00\x00" + exif(orientation)
    return data[:2] + b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body + data[2:]


def png(width, height, colour_type, bit_depth=8, interlace=0, extra=b""):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour_type]
    row = (width * channels * bit_depth + 7) // 8
    raw = b"".join(b"\x00" + bytes((x * 29 + y * 7) % 256 for x in range(row)) for y in range(height))
    if interlace:  # the same filtered bytes are fine as a seed; libpng reads them pass by pass
        raw = raw * 2

    def chunk(kind, payload):
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))

    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, interlace)
    body = chunk(b"IHDR", ihdr)
    if colour_type == 3:
        body += chunk(b"PLTE", bytes(range(48))) + chunk(b"tRNS", b"\x80\x40")
    body += chunk(b"tEXt", b"Comment\x00seed") + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body + extra


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def png_filtered(width, height, colour_type, chunk_size, window_bits=15):
    """An 8-bit PNG for the fast path: row y uses filter type y % 5, IDAT split in chunk_size pieces."""
    bpp = {0: 1, 2: 3, 4: 2, 6: 4}[colour_type]
    rows = [bytes((x * 29 + y * 7 + (x * y) % 13) % 256 for x in range(width * bpp)) for y in range(height)]
    raw = b""
    for y, row in enumerate(rows):
        prior = rows[y - 1] if y else bytes(len(row))
        kind, out = y % 5, bytearray([y % 5])
        for i, value in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b, c = prior[i], prior[i - bpp] if i >= bpp else 0
            out.append((value - [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]) % 256)
        raw += bytes(out)
    compressor = zlib.compressobj(9, zlib.DEFLATED, window_bits)
    stream = compressor.compress(raw) + compressor.flush()

    def chunk(kind, payload):
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))

    body = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0))
    body += chunk(b"gAMA", struct.pack(">I", 45455))
    body += b"".join(chunk(b"IDAT", stream[i:i + chunk_size]) for i in range(0, len(stream), chunk_size))
    return b"\x89PNG\r\n\x1a\n" + body + chunk(b"IEND", b"")


base = jpeg(16, 16, 3, 0, 2, False)
write("jpeg", "baseline-420.jpg", base)
write("jpeg", "progressive-444.jpg", jpeg(16, 16, 3, 0, 0, True))
write("jpeg", "gray.jpg", jpeg(16, 8, 1, 6, 3, False))
write("jpeg", "cmyk-progressive.jpg", jpeg(8, 8, 4, 11, 0, True))
# 4:2:0 and gray progressive: the planar and pixel paths at 1/8 read their DC scans alone.
write("jpeg", "progressive-420.jpg", jpeg(32, 32, 3, 0, 2, True))
write("jpeg", "gray-progressive.jpg", jpeg(16, 16, 1, 6, 3, True))
write("jpeg", "exif-rotated.jpg", with_exif(base, 6))
write("jpeg", "stray-header-bytes.jpg", base[:20] + b"\x12\x34\x56" + base[20:])
write("png", "rgb.png", png(8, 8, 2))
write("png", "palette-trns.png", png(8, 4, 3))
write("png", "gray-alpha-16.png", png(4, 4, 4, 16))
write("png", "interlaced-rgba.png", png(8, 8, 6, 8, 1))
write("png", "trailing-data.png", png(4, 4, 0, extra=b"appended"))
write("png-fast", "gray-17x5.png", png_filtered(17, 5, 0, 40))
write("png-fast", "gray-alpha-9x6.png", png_filtered(9, 6, 4, 64))
write("png-fast", "rgb-33x10.png", png_filtered(33, 10, 2, 200))
write("png-fast", "rgba-16x10.png", png_filtered(16, 10, 6, 1000))
write("png-fast", "rgb-1x1.png", png_filtered(1, 1, 2, 100))
write("png-fast", "rgba-small-window.png", png_filtered(5, 5, 6, 100, window_bits=9))
for orientation in (1, 3, 6, 8):
    write("exif", f"orientation-{orientation}", exif(orientation))
write("http-headers", "ok", "HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: 1234\r\n\r\n")
write("http-headers", "continue-then-429", "HTTP/1.1 100 Continue\r\n\r\nHTTP/2 429 Too Many\r\nRetry-After: 7\r\n\r\n")
write("http-headers", "folded", "HTTP/1.0 301 Moved\r\nLocation: https://a.example/x\r\n  folded\r\nSet-Cookie: a\r\nSet-Cookie: b\r\n\r\n")
write("retry-after", "seconds", "120")
write("retry-after", "date", "Wed, 21 Oct 2026 07:28:00 GMT")
write("retry-after", "obsolete-date", "Sunday, 06-Nov-94 08:49:37 GMT")
write("address-policy", "public", "https://photos.example\nhttps://photos.example:443/a.jpg?x=1\n93.184.216.34")
write("address-policy", "loopback", "http://localhost:8080\nhttp://127.1/\n::ffff:127.0.0.1")
write("address-policy", "numeric", "https://[::1]\nhttp://2130706433/\n169.254.169.254")
write("oauth-responses", "token", '{"access_token":"a","token_type":"Bearer","expires_in":3600,"refresh_token":"r","scope":"photos"}')
write("oauth-responses", "error", '{"error":"invalid_grant","error_description":"expired s3cret"}')
write("oauth-responses", "device", '{"device_code":"d","user_code":"U-1","verification_uri":"https://a.example/d","expires_in":600,"interval":5}')
write("urls-entry", "list", "https://photos.example/a.jpg\nhttp://10.0.0.1/b.jpg\nfile:///tmp/c.jpg\nholiday/d.png\n../escape.jpg\nftp://x/y\n")

# The service's parsers (Fuzz/Harnesses/ServiceHarnesses.swift, ServiceHTTPHarnesses.swift).
import base64, hashlib, hmac, json


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def signed_path(kind, asset, key):
    payload = b64url(json.dumps(asset, separators=(",", ":"), sort_keys=True).encode())
    return b64url(hmac.new(key, f"{kind}/{payload}".encode(), hashlib.sha256).digest()) + "/" + payload


def field(text):
    data = text.encode()
    return bytes([len(data)]) + data


def asset_record(kind, session, source, item, version, size, fmt, expires, edits=b""):
    return (b"\x01" + bytes([kind]) + field(session) + field(source) + field(item) + field(version)
            + struct.pack(">q", size) + field(fmt) + struct.pack(">q", expires) + edits)


# signed-url, mode 0: whole URLs the harness's keys did not sign (they must never verify).
asset = {"s": "ses_1", "src": "demo", "i": "holiday/a.jpg", "v": "1700000000-2048", "px": 256, "f": "jpeg", "exp": 1900000000}
write("signed-url", "foreign-key", b"\x00" + signed_path("thumbnail", asset, b"\x11" * 32).encode())
write("signed-url", "padded-signature", b"\x00" + (b64url(b"\x00" * 32) + "=/" + b64url(b"{}")).encode())
write("signed-url", "no-slash", b"\x00" + b"c2lnbmF0dXJl")
# signed-url, mode 1: fields for a genuine URL, then (position, byte) edits.
write("signed-url", "genuine-thumbnail", asset_record(0, "ses_1", "demo", "holiday/a.jpg", "1700000000-2048", 256, "jpeg", 1900000000))
write("signed-url", "expired-original", asset_record(1, "ses_2", "local", "b.png", "", 0, "", 1000))
write("signed-url", "edited", asset_record(0, "ses_1", "demo", "caf\u00e9.jpg", "v", 512, "auto", 1900000000, b"\x05A\x30\x00\xff/"))
# byte-range: the file size, then the Range header.
for name, seed in [("first-half", "1000\nbytes=0-499"), ("suffix", "1000\nbytes=-200"), ("open-end", "1000\nbytes=900-"),
                   ("past-end", "1000\nbytes=1000-"), ("multi", "1000\nbytes=0-1,5-9"), ("huge", "9223372036854775807\nbytes=0-")]:
    write("byte-range", name, seed)
# service-config: the configuration file.
keys = {"signingKeys": [base64.b64encode(b"k" * 32).decode()], "sealingKey": base64.b64encode(b"s" * 32).decode(),
        "apiKeyHashes": ["sha256:" + hashlib.sha256(b"psk_test").hexdigest()]}
write("service-config", "minimal", json.dumps(keys))
write("service-config", "full", json.dumps({**keys, "host": "0.0.0.0", "port": 9000, "publicBaseURL": "https://photos.shop.example",
      "sources": ["demo", "local:/srv/photos", "urls:/etc/list"], "allowedOrigins": ["https://shop.example"],
      "allowedSourceOrigins": ["http://10.0.0.5:8000"], "stateDirectory": "/var/lib/photosource",
      "limits": {"maximumBodyBytes": 65536, "requestsPerMinute": 60, "sessionLifetimeSeconds": 600, "sourceTimeoutSeconds": 2.5},
      "products": [{"id": "4x6", "name": "4x6", "width": 4, "height": 6, "unit": "inches", "minimumDPI": 150}]}))
write("service-config", "key-file", json.dumps({"signingKey": keys["sealingKey"], "sealingKey": keys["sealingKey"]}))
write("service-config", "wildcard-origin", json.dumps({**keys, "allowedOrigins": ["*"], "port": 70000}))
# authorization: header lines (the harness's API key is psk_fuzz-api-key).
write("authorization", "api-key", "Authorization: Bearer psk_fuzz-api-key")
write("authorization", "spaced", "authorization: bEARER \t psk_fuzz-api-key  ")
write("authorization", "basic", "Authorization: Basic dXNlcjpwYXNz")
write("authorization", "two-fields", "Authorization: Bearer nope\nAuthorization: Bearer psk_fuzz-api-key")
# cors-origin: the method, then header lines (allowed: https://shop.example, http://127.0.0.1:8080).
write("cors-origin", "preflight-allowed", "OPTIONS\nOrigin: https://shop.example\nAccess-Control-Request-Method: POST")
write("cors-origin", "preflight-refused", "OPTIONS\nOrigin: https://evil.example\nAccess-Control-Request-Method: GET")
write("cors-origin", "simple-allowed", "POST\nOrigin: http://127.0.0.1:8080")
write("cors-origin", "no-origin", "GET\nAccept: */*")
# request-bodies: the chunk size byte, a Content-Length line (it may lie), the body.
write("request-bodies", "signed-asset", b"\x00" + f"{len(json.dumps(asset))}\n{json.dumps(asset)}".encode())
write("request-bodies", "products-chunked", b"\x07" + b"\n" + json.dumps([{"id": "a4", "name": "A4", "width": 210, "height": 297,
      "unit": "millimeters", "minimumDPI": 150}]).encode())
write("request-bodies", "lying-length", b"\x10" + b"10\n" + b"[" + b"1," * 1500 + b"1]")
write("request-bodies", "huge-length", b"\x00" + b"99999999\n{}")
