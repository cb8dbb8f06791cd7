"""Whole-album order benchmark (issue 20): a COUNT-photo album ordered as ONE line {source, scope}.

  album_order.py BIN [COUNT]   (COUNT defaults to 10000)

Makes a folder of COUNT distinct small JPEGs (one made with `vips`, copied with its own 4 bytes
after EOI, so every file has its own hash in the content-addressed asset store), starts
`BIN serve` with that folder as a `local:` source and a folder destination, and times:
  accepted   POST /v1/orders with the one album line, until its 201 (the goal: < 1 s);
  expanded   until the album line's `order.item` event says `expanded` (the album listed into lines);
  delivered  until the order's `delivered` event (the goal: < 60 s).
Follows the order's Server-Sent Events rather than polling GET /v1/orders/{id}, whose body
grows with every line. Prints one Markdown table row. Only 127.0.0.1 is contacted.
"""
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from orders_bench import free_port, request, service_config, wait_for  # noqa: E402


def album(folder, count):
    """COUNT distinct 640×480 JPEGs in FOLDER/Album."""
    target = os.path.join(folder, "Album")
    os.makedirs(target, exist_ok=True)
    base = os.path.join(folder, "base.jpg")
    subprocess.run(["vips", "gaussnoise", base + "[Q=80]", "640", "480"], check=True)
    with open(base, "rb") as f:
        data = f.read()
    os.remove(base)
    for index in range(count):
        with open(os.path.join(target, f"IMG_{index:05d}.jpg"), "wb") as f:
            f.write(data + index.to_bytes(4, "big"))
    return len(data)


def main(binary, count):
    work = tempfile.mkdtemp(prefix="photosource-album-bench.")
    service = None
    try:
        size = album(os.path.join(work, "library"), count)
        key = secrets.token_urlsafe(24)
        port = free_port()
        api = f"http://127.0.0.1:{port}"
        config = service_config(work, port, key, [f"local:{os.path.join(work, 'library')}"])
        with open(os.path.join(work, "service.json"), "w") as f:
            json.dump(config, f)
        service = subprocess.Popen(
            [binary, "serve", "--config", os.path.join(work, "service.json")],
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "serve.log"), "w"))
        wait_for(f"{api}/v1/health")
        token = json.loads(request("POST", f"{api}/v1/sessions", token=key, body={})[2])["token"]
        source = json.loads(request("GET", f"{api}/v1/sources", token=token)[2])[0]["id"]

        body = {"reference": "album-bench", "product": "4x6", "items": [{"source": source, "scope": "Album"}]}
        started = time.perf_counter()
        status, _, answer = request("POST", f"{api}/v1/orders", token=token, body=body, headers={"Idempotency-Key": secrets.token_hex(8)})
        accepted = time.perf_counter() - started
        if status != 201:
            sys.exit(f"album_order: POST /v1/orders answered {status}: {answer[:300]}")
        order = json.loads(answer)["id"]
        expanded = delivered = None
        last_event = None
        while delivered is None:  # a stream lasts orders.eventStreamSeconds: resume it with Last-Event-ID
            headers = {"Authorization": f"Bearer {token}", **({"Last-Event-ID": last_event} if last_event else {})}
            with urllib.request.urlopen(urllib.request.Request(f"{api}/v1/orders/{order}/events", headers=headers), timeout=600) as stream:
                for raw in stream:
                    line = raw.decode()
                    if line.startswith("id: "):
                        last_event = line[4:].strip()
                    if expanded is None and '"state":"expanded"' in line:
                        expanded = time.perf_counter() - started
                    if line.startswith("data: ") and json.loads(line[6:]).get("status") in ("delivered", "partiallyDelivered", "failed", "cancelled"):
                        delivered = time.perf_counter() - started
                        break
        final = json.loads(request("GET", f"{api}/v1/orders/{order}", token=token)[2])
        photos = sum(1 for line in final["items"] if line.get("expandedFrom") == 0)
        folder = os.path.join(work, "orders", order)
        files = len([n for n in os.listdir(folder) if n != "manifest.json"]) if os.path.isdir(folder) else 0
        if final["status"] != "delivered":
            print(f"album_order: the order ended {final['status']}: {json.dumps(final)[:800]}", file=sys.stderr)
        print(f"| {count} × {size / 1000:.0f} kB, one album line | {accepted:.2f} s | {expanded or float('nan'):.1f} s | "
              f"{delivered or float('nan'):.1f} s ({final['status']}) | {photos} lines, {files} files |")
    finally:
        if service:
            service.terminate()
            service.wait(timeout=30)
        if not os.environ.get("KEEP"):
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10_000)
