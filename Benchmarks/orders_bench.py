"""The order benchmark's Python side (Debian python3-pil for the corpus; only 127.0.0.1 is contacted).

  orders_bench.py corpus DIR COUNT WIDTH HEIGHT QUALITY SIGMA
      COUNT distinct 4:2:0 JPEGs: a few encoded scenes with sensor-like noise (SIGMA), each
      copied with its own 4 bytes after EOI, so every file has its own SHA-256 and MD5 (the
      asset store is content-addressed) while encoding stays quick.
  orders_bench.py run BIN CORPUS ROUNDS LABEL
      Starts `BIN demo-cloud --photos CORPUS` and `BIN serve` (a folder destination), then
      ROUNDS times, alternating: (a) one order of every photo, from POST /v1/orders until the
      order is `delivered` (materialise from the cloud + folder delivery), the service's peak
      RSS (VmHWM, reset before each order); (b) `curl --parallel` of the same originals from
      the cloud into a folder, then `md5sum` of them, then `sync -f` of the folder (the peer
      made durable, as a delivery is; a second time from the same start). Prints one Markdown
      table row.
      FILES=print: the folder destination asks for print files (`"files": "print"`), so each
      line is also rendered for PRODUCT (8x10: 2400×3000 at 300 dpi) into the asset store and
      the folder receives the print files; the peer stays `curl --parallel` + `md5sum`.
"""
import base64
import hashlib
import json
import os
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

BASES = 4  # scenes encoded per corpus; the other files are copies with distinct trailing bytes


def corpus(folder, count, width, height, quality, sigma):
    from PIL import Image

    from service_bench import noisy_scene

    os.makedirs(folder, exist_ok=True)
    noise = None
    bases = []
    for index in range(min(BASES, count)):
        path = os.path.join(folder, f".base-{index}.jpg")
        if not os.path.exists(path):
            if noise is None:
                noise = Image.effect_noise((width, height), sigma).convert("RGB")
            image = noisy_scene(index, width, height, noise)
            image.save(path + ".partial", "JPEG", quality=quality, subsampling=2)  # 2 = 4:2:0
            os.replace(path + ".partial", path)
        with open(path, "rb") as f:
            bases.append(f.read())
    for index in range(count):
        path = os.path.join(folder, f"IMG_{index + 1:04d}.jpg")
        if not os.path.exists(path):
            with open(path + ".partial", "wb") as f:
                f.write(bases[index % len(bases)] + index.to_bytes(4, "big"))
            os.replace(path + ".partial", path)
    sizes = [os.path.getsize(os.path.join(folder, f"IMG_{i + 1:04d}.jpg")) for i in range(count)]
    print(f"{count} files, {statistics.mean(sizes) / 1e6:.1f} MB each on average", file=sys.stderr)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


def request(method, url, token=None, body=None, headers=None, follow=True):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method)
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        req.add_header(name, value)
    opener = urllib.request.build_opener() if follow else urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(req, timeout=600) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url, seconds=120):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            if request("GET", url)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    sys.exit(f"orders_bench: {url} did not answer in {seconds} s")


def service_config(work, port, key, sources, files="originals", **orders):
    """A `photosource serve` configuration for a benchmark: loopback on `port`, the API key `key`,
    fresh keys, no rate limit, state in WORK/state, one folder destination `bench-folder` in
    WORK/orders receiving `files` (originals or print files), quick order polling plus `orders` settings."""
    return {
        "host": "127.0.0.1", "port": port, "sources": sources,
        "apiKeyHashes": ["sha256:" + hashlib.sha256(key.encode()).hexdigest()],
        "signingKeys": [base64.b64encode(os.urandom(32)).decode()],
        "sealingKey": base64.b64encode(os.urandom(32)).decode(),
        "limits": {"requestsPerMinute": 1_000_000_000},
        "stateDirectory": os.path.join(work, "state"),
        "destinations": [{"id": "bench-folder", "kind": "folder", "root": os.path.join(work, "orders"), "files": files}],
        "orders": {"pollIntervalSeconds": 0.05, **orders},
    }


def peak_rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def reset_peak(pid):
    with open(f"/proc/{pid}/clear_refs", "w") as f:
        f.write("5")


def cloud_token(cloud):
    """An access token of the demo cloud (auto-approve) through authorization code + PKCE."""
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    redirect = "http://127.0.0.1:9/callback"
    query = urllib.parse.urlencode({
        "response_type": "code", "client_id": "photosource-demo", "redirect_uri": redirect,
        "state": "bench", "code_challenge": challenge, "code_challenge_method": "S256"})
    status, headers, _ = request("GET", f"{cloud}/oauth/authorize?{query}", follow=False)
    location = headers.get("Location", "")
    code = urllib.parse.parse_qs(urllib.parse.urlparse(location).query).get("code", [None])[0]
    if not code:
        sys.exit(f"orders_bench: the demo cloud did not approve the sign-in ({status} {location})")
    form = urllib.parse.urlencode({
        "grant_type": "authorization_code", "code": code, "redirect_uri": redirect,
        "client_id": "photosource-demo", "code_verifier": verifier}).encode()
    req = urllib.request.Request(f"{cloud}/oauth/token", data=form, method="POST")
    with urllib.request.urlopen(req, timeout=60) as response:
        return json.load(response)["access_token"]


def rest_disk():
    """Before each timed side: nothing of the other side's left to write.

    curl never flushes its files: the kernel would write them back during our order, whose
    fsyncs would then wait for them (our removed files likewise), so everything is synced first,
    outside the timing. REST=seconds adds a pause after it (default 0): this machine's disk is
    rate-limited (durable writes run at 1–1.8 GB/s for a burst, then at a flat ~315 MB/s; see
    docs/benchmarks.md), and a pause lets a burst allowance refill where one does.
    """
    os.sync()
    time.sleep(float(os.environ.get("REST", "0")))


def run(binary, corpus_dir, rounds, label):
    work = tempfile.mkdtemp(prefix="photosource-orders-bench.", dir=os.environ.get("WORK_DIR"))
    processes = []
    try:
        cloud_process = subprocess.Popen(
            [binary, "demo-cloud", "--port", "0", "--photos", corpus_dir],
            stdout=subprocess.PIPE, stderr=open(os.path.join(work, "cloud.log"), "w"), text=True)
        processes.append(cloud_process)
        cloud = cloud_process.stdout.readline().strip().rstrip("/")
        key = secrets.token_urlsafe(24)
        port = free_port()
        api = f"http://127.0.0.1:{port}"
        config = service_config(
            work, port, key, [f"cloud:{cloud}"], files=os.environ.get("FILES", "originals"), assetDirectory=os.path.join(work, "assets"),
            **({"fetchConcurrency": int(os.environ["FETCH_CONCURRENCY"])} if os.environ.get("FETCH_CONCURRENCY") else {}))
        with open(os.path.join(work, "service.json"), "w") as f:
            json.dump(config, f)
        service = subprocess.Popen(
            [binary, "serve", "--config", os.path.join(work, "service.json")],
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "serve.log"), "w"))
        processes.append(service)
        wait_for(f"{api}/v1/health")

        token = json.loads(request("POST", f"{api}/v1/sessions", token=key, body={})[2])["token"]
        sources = json.loads(request("GET", f"{api}/v1/sources", token=token)[2])
        source = next(s["id"] for s in sources if s.get("requiresSignIn"))
        authorize = json.loads(request("POST", f"{api}/v1/sources/{source}/sign-in", token=token)[2])["authorizeURL"]
        request("GET", authorize)  # the cloud approves and redirects to the service's callback
        albums = json.loads(request("GET", f"{api}/v1/sources/{source}/items", token=token)[2])["items"]
        album = albums[0]["id"]
        photos = []
        page = 1
        while True:
            listing = json.loads(request(
                "GET", f"{api}/v1/sources/{source}/items?scope={urllib.parse.quote(album)}&page={page}&count=100",
                token=token)[2])
            photos += [item["id"] for item in listing["items"] if item.get("kind") == "image"]
            if not listing["items"] or len(listing["items"]) < 100:
                break
            page += 1
        total_bytes = sum(os.path.getsize(os.path.join(corpus_dir, name))
                          for name in os.listdir(corpus_dir) if name.startswith("IMG_"))

        cloud_token_value = cloud_token(cloud)
        originals = [f"{cloud}/v1/photos/{urllib.parse.quote(photo)}/original" for photo in photos]
        ours, theirs, durable, peaks = [], [], [], []
        for round_number in range(rounds):
            # (a) one order of every photo, timed until it is delivered.
            rest_disk()
            reset_peak(service.pid)
            body = {"reference": f"bench-{round_number}", "product": os.environ.get("PRODUCT", "8x10"),
                    "items": [{"source": source, "itemId": photo, "copies": 1} for photo in photos]}
            started = time.perf_counter()
            status, _, answer = request("POST", f"{api}/v1/orders", token=token, body=body,
                                        headers={"Idempotency-Key": f"bench-{round_number}-{secrets.token_hex(4)}"})
            if status != 201:
                sys.exit(f"orders_bench: POST /v1/orders answered {status}: {answer[:300]}")
            order = json.loads(answer)["id"]
            phases = {}  # status → when it was first seen, for the phase split on stderr
            while True:
                state = json.loads(request("GET", f"{api}/v1/orders/{order}", token=token)[2])
                phases.setdefault(state["status"], time.perf_counter() - started)
                if state["status"] not in ("accepted", "materialising", "delivering"):
                    break
                time.sleep(0.05)
            elapsed = time.perf_counter() - started
            print(f"{label} round {round_number + 1}: " + ", ".join(f"{name} at {at:.2f} s" for name, at in phases.items()),
                  file=sys.stderr)
            if state["status"] != "delivered":
                sys.exit(f"orders_bench: the order ended {state['status']}: {json.dumps(state)[:600]}")
            ours.append(elapsed)
            peaks.append(peak_rss_kib(service.pid))
            # Next round starts from an empty asset store and order folder, as the first did.
            if os.environ.get("KEEP") != "1" or round_number + 1 < rounds:
                shutil.rmtree(os.path.join(work, "assets"), ignore_errors=True)
                shutil.rmtree(os.path.join(work, "orders"), ignore_errors=True)

            # (b) curl --parallel of the same originals into a folder, then md5sum.
            target = os.path.join(work, "curl")
            shutil.rmtree(target, ignore_errors=True)
            os.makedirs(target)
            arguments = ["curl", "-sS", "--no-progress-meter", "--fail", "--parallel",
                         "-H", f"Authorization: Bearer {cloud_token_value}"]
            for index, url in enumerate(originals):
                arguments += ["-o", os.path.join(target, f"{index:04d}.jpg"), url]
            rest_disk()
            started = time.perf_counter()
            subprocess.run(arguments, check=True)
            files = sorted(os.path.join(target, name) for name in os.listdir(target))
            subprocess.run(["md5sum", *files], check=True, stdout=subprocess.DEVNULL)
            theirs.append(time.perf_counter() - started)
            # The same, made durable as the service's delivery is: the folder's file system synced
            # (syncfs; everything else was synced before), timed from the same start.
            subprocess.run(["sync", "-f", target], check=True)
            durable.append(time.perf_counter() - started)

        def cell(values):
            return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"

        megabytes = total_bytes / 1e6
        ratio = statistics.median(theirs) / statistics.median(ours)
        durable_ratio = statistics.median(durable) / statistics.median(ours)
        print(f"| {label}: {len(photos)} × {megabytes / len(photos):.1f} MB | {cell(ours)} s "
              f"({megabytes / statistics.median(ours):.0f} MB/s) | {cell(theirs)} s "
              f"({megabytes / statistics.median(theirs):.0f} MB/s) | **{ratio:.2f}×** | {cell(durable)} s | "
              f"{durable_ratio:.2f}× | "
              f"{statistics.median(peaks) / 1024:.0f} MiB ({min(peaks) / 1024:.0f}–{max(peaks) / 1024:.0f}) |")
    finally:
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        if os.environ.get("KEEP") == "1":
            print(f"kept {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    command, rest = sys.argv[1], sys.argv[2:]
    if command == "corpus":
        corpus(rest[0], int(rest[1]), int(rest[2]), int(rest[3]), int(rest[4]), float(rest[5]))
    elif command == "run":
        run(rest[0], rest[1], int(rest[2]), rest[3])
    else:
        sys.exit(__doc__)
