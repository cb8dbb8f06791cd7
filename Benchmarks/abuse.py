#!/usr/bin/env python3
"""Abuse probe (issue 18): the figures of the reliability probe, measured again against
`photosource serve` with its default limits (no configuration file: the demo library).

  Benchmarks/abuse.py [path/to/photosource]     (default .build/release/photosource)

Prints a Markdown table, one row per attack: what was sent, what the service answered, and
/v1/health's requests/s and p99 (wrk, 1 thread, 8 connections) beside it when it matters.
Needs wrk. Only 127.0.0.1 is contacted; the service runs in a temporary state folder.
"""
import json
import os
import re
import resource
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release/photosource"
KEY = "psk_abuse_" + secrets.token_hex(8)

STATUS_LUA = """
counts = {}  -- a global: done() reads each thread's with thread:get
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) counts = {}; math.randomseed(os.time() + math.floor(os.clock() * 1000000)) end
function response(status, headers, body) counts[status] = (counts[status] or 0) + 1 end
function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    local c = thread:get("counts")
    for status, n in pairs(c) do total[status] = (total[status] or 0) + n end
  end
  local parts = {}
  for status, n in pairs(total) do table.insert(parts, status .. "=" .. n) end
  table.sort(parts)
  io.write("STATUS " .. table.concat(parts, ",") .. "\\n")
end
"""

RANDOM_TOKEN_LUA = STATUS_LUA + """
local path = "%s"
function request()
  local token = string.format("pst_%%08x%%08x", math.random(0, 0x7fffffff), math.random(0, 0x7fffffff))
  return wrk.format("GET", path, {["Authorization"] = "Bearer " .. token})
end
"""


def start(state):
    env = dict(os.environ, PHOTOSOURCE_API_KEY=KEY, XDG_STATE_HOME=state)
    log = open(os.path.join(state, "serve.log"), "w")
    process = subprocess.Popen([BIN, "serve", "--port", "0"], env=env, stdout=log, stderr=subprocess.STDOUT)
    for _ in range(400):
        text = open(os.path.join(state, "serve.log")).read()
        found = re.search(r"^listening on (http://[^ \n]+)", text, re.M)
        if found:
            return process, found.group(1)
        time.sleep(0.05)
    raise SystemExit("the service did not start:\n" + open(os.path.join(state, "serve.log")).read())


def call(url, method="GET", token=None):
    request = urllib.request.Request(url, method=method)
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def wrk(url, seconds, connections=8, script=None, threads=1):
    """requests/s, p99 ms, and the status counts when a script reports them."""
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", "--timeout", "5s"]
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as handle:
        if script:
            handle.write(script)
            handle.flush()
            command += ["-s", handle.name]
        output = subprocess.run(command + [url], capture_output=True, text=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", output)
    p99_ms = float(p99.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)] if p99 else float("nan")
    statuses = re.search(r"^STATUS (.*)$", output, re.M)
    errors = re.search(r"Socket errors: (.*)", output)
    return rps, p99_ms, (statuses.group(1) if statuses else ""), (errors.group(1) if errors else "none")


def health(origin, seconds=5):
    rps, p99, _, errors = wrk(origin + "/v1/health", seconds)
    return f"{rps:,.0f} req/s, p99 {p99:.1f} ms" + ("" if errors == "none" else f", socket errors {errors}")


def open_idle(port, count):
    sockets = []
    for _ in range(count):
        connection = socket.create_connection(("127.0.0.1", port))
        sockets.append(connection)
    return sockets


def closed_after(sockets, deadline_seconds):
    """Seconds until every socket was closed by the service (or None), and how many were."""
    started = time.time()
    open_ones = list(sockets)
    for connection in open_ones:
        connection.setblocking(False)
    while open_ones and time.time() - started < deadline_seconds:
        still = []
        for connection in open_ones:
            try:
                if connection.recv(4096) == b"":
                    connection.close()
                    continue
            except BlockingIOError:
                pass
            except OSError:
                connection.close()
                continue
            still.append(connection)
        open_ones = still
        time.sleep(0.2)
    for connection in open_ones:
        connection.close()
    return (time.time() - started if not open_ones else None), len(sockets) - len(open_ones)


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1))


def main():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))  # 1,124 sockets of our own
    rows = []
    state = tempfile.mkdtemp(prefix="photosource-abuse.")
    process, origin = start(state)
    port = int(origin.rsplit(":", 1)[1])
    try:
        rows.append(("/v1/health alone", "wrk 5 s", health(origin)))

        # Idle connections: 1,124 that send nothing; health meanwhile; all closed by the header timeout?
        opened = time.time()
        idle = open_idle(port, 1124)
        during = health(origin)
        seconds, closed = closed_after(idle, 40)
        last = f", the last {time.time() - opened:.1f} s after they opened (header timeout 10 s)" if seconds else ""
        rows.append(("1,124 idle connections (send nothing)", f"/v1/health meanwhile: {during}",
                     f"{closed} of 1,124 closed by the service{last}"))

        # Slowloris: 40 connections trickling one header line a second.
        slow = open_idle(port, 40)
        for connection in slow:
            connection.sendall(b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        stop = threading.Event()

        def trickle():
            line = 0
            while not stop.is_set():
                line += 1
                for connection in slow:
                    try:
                        connection.sendall(f"X-Trickle-{line}: 1\r\n".encode())
                    except OSError:
                        pass
                time.sleep(1)
        trickler = threading.Thread(target=trickle, daemon=True)
        trickler.start()
        seconds, closed = closed_after(slow, 30)
        stop.set()
        rows.append(("40 slowloris connections (a header line a second)", "for up to 30 s",
                     f"{closed} of 40 closed" + (f", the last after {seconds:.1f} s" if seconds else "")))

        # Sessions, a page of signed thumbnail URLs.
        token = json.loads(call(origin + "/v1/sessions", "POST", KEY)[1])["token"]
        page = json.loads(call(origin + "/v1/sources/demo/items?count=50", token=token)[1])
        thumbnail = next(item["thumbnailURL"] for item in page["items"] if item.get("thumbnailURL"))
        thumbnail_path = thumbnail if thumbnail.startswith("/") else "/" + thumbnail.split("/", 3)[3]
        call(origin + thumbnail_path)

        # Wrong tokens: random bearer values on an authenticated route, one client address.
        rps, _, statuses, _ = wrk(origin + "/v1/sources", 5, 8, RANDOM_TOKEN_LUA % "/v1/sources")
        rows.append(("random bearer tokens on GET /v1/sources, 5 s", f"{rps:,.0f} req/s, each token new",
                     f"answers {statuses} (the address's budget: 600/min, then 429)"))

        # Random tokens on a signed thumbnail: charged to the address's signed-asset budget.
        rps, _, statuses, _ = wrk(origin + thumbnail_path, 5, 8, RANDOM_TOKEN_LUA % thumbnail_path)
        rows.append(("random bearer tokens on a signed thumbnail, 5 s", f"{rps:,.0f} req/s",
                     f"answers {statuses} (signed assets: 6,000/min per address, then 429)"))
        status, _ = call(origin + "/v1/health")
        rows.append(("/v1/health right after the image burst", "one GET", f"{status} (health is in no budget)"))

        # A flood of distinct tokens: does the limiter's table become the attack?
        before = rss_kib(process.pid)
        flood = {}

        def run_flood():
            flood["result"] = wrk(origin + "/v1/sources", 10, 32, RANDOM_TOKEN_LUA % "/v1/sources")
        flooder = threading.Thread(target=run_flood)
        flooder.start()
        time.sleep(1)
        during = health(origin, 8)
        flooder.join()
        after = rss_kib(process.pid)
        rps, _, statuses, _ = flood["result"]
        rows.append((f"{rps * 10:,.0f} distinct tokens in 10 s ({rps:,.0f}/s) on GET /v1/sources",
                     f"/v1/health meanwhile: {during}",
                     f"answers {statuses}; RSS {before // 1024} → {after // 1024} MiB"))
        rows.append(("/v1/health after the flood", "wrk 5 s", health(origin)))

        # Session creation: its own budget (3,000/min per API key), not the general one.
        created = refused = 0
        for _ in range(700):
            status, _ = call(origin + "/v1/sessions", "POST", KEY)
            created += status == 201
            refused += status == 429
        rows.append(("700 sessions created by the API key in a row", "POST /v1/sessions",
                     f"{created} created, {refused} answered 429 (budget 3,000/min)"))
    finally:
        process.terminate()
        process.wait(20)
        subprocess.run(["rm", "-rf", state])

    print("| attack | load | what the service did |")
    print("|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    load = open("/proc/loadavg").read().split()[:3]
    print(f"\nConditions: {BIN}, default limits, 2 cores, load average {' '.join(load)} at the end.")


if __name__ == "__main__":
    main()
