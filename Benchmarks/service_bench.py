"""The small jobs Benchmarks/service.sh leaves to Python (Debian python3-pil, no numpy).

  service_bench.py photos DIR COUNT        COUNT 12 MP JPEGs, q90, 4:2:0 like phones write
  service_bench.py folder DIR COUNT        COUNT small distinct JPEGs named IMG_1.jpg … (a 100k-photo folder)
  service_bench.py free-port               a free TCP port on 127.0.0.1
  service_bench.py config FILE KEY STATE SOURCE…   a service configuration with random keys, no rate limit to speak of
  service_bench.py thumbnail-urls ORIGIN   the absolute thumbnailURLs of the page JSON on stdin
  service_bench.py percentiles P…          nearest-rank percentiles of the numbers on stdin
"""
import base64
import hashlib
import io
import json
import math
import os
import random
import socket
import sys

WIDTH, HEIGHT = 4000, 3000


def noisy_scene(index, width, height, noise):
    """A phone-like photo: smooth random shapes (seeded by index) plus `noise` shifted per index."""
    from PIL import Image, ImageChops, ImageDraw, ImageFilter

    rng = random.Random(index + 1)
    scene = Image.new("RGB", (400, 300), tuple(rng.randrange(256) for _ in range(3)))
    draw = ImageDraw.Draw(scene)
    for _ in range(40):
        x, y = rng.randrange(400), rng.randrange(300)
        w, h = rng.randrange(10, 200), rng.randrange(10, 150)
        shape = draw.ellipse if rng.random() < 0.5 else draw.rectangle
        shape((x, y, x + w, y + h), fill=tuple(rng.randrange(256) for _ in range(3)))
    scene = scene.filter(ImageFilter.GaussianBlur(2)).resize((width, height), Image.BICUBIC)
    return ImageChops.add(scene, ImageChops.offset(noise, index * 37, index * 53), 1.0, -128)


def photos(folder, count):
    from PIL import Image

    os.makedirs(folder, exist_ok=True)
    # Sensor-like noise, shared and shifted per file; smooth shapes for the scene itself.
    noise = Image.effect_noise((WIDTH, HEIGHT), 12).convert("RGB")
    for index in range(count):
        path = os.path.join(folder, f"photo-{index:03d}.jpg")
        if os.path.exists(path):
            continue
        image = noisy_scene(index, WIDTH, HEIGHT, noise)
        image.save(path + ".partial", "JPEG", quality=90, subsampling=2)  # 2 = 4:2:0
        os.replace(path + ".partial", path)


def folder(path, count):
    from PIL import Image

    os.makedirs(path, exist_ok=True)
    buffer = io.BytesIO()
    Image.new("RGB", (64, 48), (90, 140, 200)).save(buffer, "JPEG", quality=80)
    template = buffer.getvalue()
    for index in range(1, count + 1):
        # A distinct trailing byte after EOI keeps the files distinct without re-encoding.
        with open(os.path.join(path, f"IMG_{index}.jpg"), "wb") as f:
            f.write(template + index.to_bytes(4, "big"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        print(s.getsockname()[1])


def config(file, key, state, sources):
    def random_key():
        return base64.b64encode(os.urandom(32)).decode()

    document = {
        "host": "127.0.0.1",
        "port": 0,
        "sources": sources,
        "apiKeyHashes": ["sha256:" + hashlib.sha256(key.encode()).hexdigest()],
        "signingKeys": [random_key()],
        "sealingKey": random_key(),
        # One client address sends every thumbnail request: the limits must not answer 429
        # (the signed-asset budget is still counted on every request, as in production).
        "limits": {"requestsPerMinute": 1_000_000_000},
        "traffic": {"signedAssetRequestsPerMinute": 1_000_000_000},
        "stateDirectory": state,
    }
    with open(file, "w") as f:
        json.dump(document, f, indent=2)


def thumbnail_urls(origin):
    page = json.load(sys.stdin)
    for item in page["items"]:
        if "thumbnailURL" in item:
            url = item["thumbnailURL"]
            print(url if url.startswith("http") else origin + url)


def percentiles(points):
    values = sorted(float(line) for line in sys.stdin if line.strip())
    if not values:
        sys.exit("percentiles: no numbers on stdin")
    print(" ".join(f"{values[max(0, math.ceil(p / 100 * len(values)) - 1)]:.2f}" for p in points))


if __name__ == "__main__":
    command, rest = sys.argv[1], sys.argv[2:]
    if command == "photos":
        photos(rest[0], int(rest[1]))
    elif command == "folder":
        folder(rest[0], int(rest[1]))
    elif command == "free-port":
        free_port()
    elif command == "config":
        config(rest[0], rest[1], rest[2], rest[3:])
    elif command == "thumbnail-urls":
        thumbnail_urls(rest[0])
    elif command == "percentiles":
        percentiles([float(p) for p in rest])
    else:
        sys.exit(__doc__)
