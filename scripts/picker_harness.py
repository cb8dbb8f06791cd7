"""The browser tests' harness (scripts/picker-tests): a real `photosource serve` on loopback with
the demo library, the demo cloud and a folder of generated photos, two embedding shop pages on
other loopback origins, and headless Chromium driven by selenium, with axe and screenshots."""
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

os.environ.setdefault("SE_AVOID_STATS", "true")  # selenium-manager sends nothing anywhere
DESKTOP = (1280, 900)
PHONE = (375, 812)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url, method="GET", headers=None, body=None):
    request = urllib.request.Request(url, method=method, headers=headers or {}, data=body)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


class Service_:
    """`photosource serve --config` on 127.0.0.1 with a folder source of generated photos, a folder
    destination and, given `lab` (a DemoLab), the demo print lab as a second destination.
    `environment` adds variables to the service's own (e.g. a tiny PHOTOSOURCE_REQUESTS_PER_MINUTE)."""

    def __init__(self, binary, work, shop_origins, huge_album, lab=None, environment=None, port=None):
        self.work = work
        work.mkdir(parents=True, exist_ok=True)
        starter = subprocess.run([binary, "serve", "--print-config"], capture_output=True, text=True, check=True)
        self.api_key = starter.stderr.split("accepts is ", 1)[1].split()[0]
        config = json.loads(starter.stdout)
        library = work / "library"
        self.library = library
        self.port = port or free_port()
        destinations = [{"id": "folder", "kind": "folder", "enabled": True, "root": str(work / "orders")}]
        if lab:
            destinations.append(lab.destination())
        config.update(
            sources=["demo", "demo-cloud", f"local:{library}", "uploads"], port=self.port, stateDirectory=str(work / "state"),
            destinations=destinations, picker={"shopOrigins": shop_origins})
        config["limits"]["requestsPerMinute"] = 100000
        config["traffic"]["signedAssetRequestsPerMinute"] = 1000000
        (work / "config.json").write_text(json.dumps(config))
        library.mkdir()
        self.process = None
        self.binary = binary
        self.huge_album = huge_album
        self.environment = environment or {}

    def start(self):
        env = dict(os.environ, XDG_STATE_HOME=str(self.work), XDG_DATA_HOME=str(self.work), **self.environment)
        self.out = open(self.work / "serve.out", "w+")
        self.process = subprocess.Popen(
            [self.binary, "serve", "--config", str(self.work / "config.json")], stdout=self.out,
            stderr=open(self.work / "serve.err", "w"), env=env)
        for _ in range(600):
            self.out.seek(0)
            lines = self.out.read().splitlines()
            # The first line is the address, the second where the picker is (make serve shows both).
            if len(lines) >= 2 and lines[0].startswith("listening on ") and lines[1].startswith("picker at "):
                self.base = lines[0].split()[-1]
                self.picker = lines[1].split()[2]
                assert self.picker == self.base + "/picker/?session=TOKEN", self.picker
                return self
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        sys.exit("picker-tests: the service did not start:\n" + (self.work / "serve.err").read_text())

    def session(self):
        status, _, body = fetch(self.base + "/v1/sessions", "POST", {"Authorization": f"Bearer {self.api_key}"})
        assert status == 201, body
        return json.loads(body)["token"]

    def api(self, path, token):
        status, _, body = fetch(self.base + path, headers={"Authorization": f"Bearer {token}"})
        assert status == 200, (path, status, body)
        return json.loads(body)

    def make_photos(self):
        """Many/ (150 photos: three pages), Huge/ (10,000 photos), Few/ (3 photos, ordered as a whole
        album) and Vanishing/ (2 photos, one of which a step deletes), hard links of one demo JPEG."""
        token = self.session()
        item = self.api("/v1/sources/demo/items/Welcome.jpg", token)
        status, _, photo = fetch(urllib.parse.urljoin(self.base, item["originalURL"]))
        assert status == 200
        seed = self.library / "seed.jpg"
        seed.write_bytes(photo)
        for name, count, stem in (("Many", 150, "photo"), ("Huge", self.huge_album, "photo"), ("Few", 3, "few"),
                                   ("Vanishing", 2, "vanishing")):
            folder = self.library / name
            folder.mkdir()
            for index in range(count):
                os.link(seed, folder / f"{stem}-{index + 1:05d}.jpg")
        seed.unlink()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()


class DemoLab:
    """`photosource demo-lab` on 127.0.0.1: the print lab every picker order also goes to. It
    downloads each asset from the service, checks its MD5 and calls back (signed) until shipped."""

    SECRET = "demo-lab-callback-secret"

    def __init__(self, binary, work, service_port):
        self.port = free_port()
        self.service = f"http://127.0.0.1:{service_port}"
        self.binary = binary
        self.work = work
        self.process = None

    def start(self):
        """Starts the lab and waits until it listens."""
        self.log = open(self.work / "lab.out", "w+")
        self.process = subprocess.Popen(
            [self.binary, "demo-lab", "--port", str(self.port), "--callback-url", f"{self.service}/v1/destinations/lab/callbacks",
             "--callback-secret", self.SECRET, "--allow-origin", self.service, "--stage-interval", "0.2"],
            stdout=self.log, stderr=subprocess.STDOUT)
        for _ in range(300):
            self.log.seek(0)
            if any(line.startswith("http") for line in self.log.read().splitlines()):
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        self.log.seek(0)
        sys.exit("picker-tests: the demo lab did not start:\n" + self.log.read())

    def destination(self):
        """The service's `printLab` destination entry for this lab (a SKU for every product)."""
        return {"id": "lab", "kind": "printLab", "enabled": True, "url": f"http://127.0.0.1:{self.port}/v4.0/Orders",
                "callbackSecrets": [self.SECRET],
                "skus": {product: f"GLOBAL-PHO-{product.upper()}" for product in ("4x6", "5x7", "8x10", "16x20", "a4", "a3")},
                "recipient": {"name": "Ada Lovelace", "address": {"line1": "1 Loop Road", "postalOrZipCode": "12345",
                                                                  "countryCode": "GB", "townOrCity": "London"}}}

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(20)


EMBED_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head>
<body><h1>A shop</h1><iframe id="picker" title="Photo picker" src="{picker}/picker/" width="1200" height="760"></iframe>
<script>
window.received = [];
const token = new URLSearchParams(location.search).get("token");
window.addEventListener("message", (event) => {{
  if (event.origin !== "{picker}") return;
  window.received.push(event.data);
  if (event.data && event.data.type === "photosource.ready")
    document.getElementById("picker").contentWindow.postMessage({{type: "photosource.session", token, product: "4x6"}}, "{picker}");
}});
</script></body></html>"""


class ShopPage:
    """A shop page embedding the picker, on its own loopback origin (a port of its own)."""

    def __init__(self, host):
        self.page = b""
        shop = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                page = shop.page
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://{host}:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def set_picker(self, picker_base):
        """The picker this page embeds (known once the service listens)."""
        self.page = EMBED_PAGE.format(picker=picker_base).encode()

    def stop(self):
        self.server.shutdown()


def chromium():
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--disable-background-networking", "--disable-component-update",
                     "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1",
                     "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-sync",
                     "--disable-default-apps", "--metrics-recording-only", "--disable-features=Translate,OptimizationHints"):
        options.add_argument(argument)
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")
    if shutil.which("chromium"):
        options.binary_location = shutil.which("chromium")
    driver = webdriver.Chrome(service=Service(executable_path=shutil.which("chromedriver")), options=options)
    driver.set_window_size(*DESKTOP)
    return driver


def wait(driver, condition, seconds=30, message=""):
    return WebDriverWait(driver, seconds, poll_frequency=0.1).until(lambda d: condition(d), message)


def temporary_folder():
    return Path(tempfile.mkdtemp(prefix="picker-tests-"))
