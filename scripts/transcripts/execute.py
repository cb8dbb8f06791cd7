"""Runs one page's transcripts in one bash, so variables carry from block to block.

Ports: every port a page's commands name after 127.0.0.1 or localhost, after `--port`
or in a `"port":` field is replaced by a free ephemeral port (the same one everywhere in the
page), and printed ports are mapped back for the report. Port 8080 is `make serve`: when a page
names it, the runner starts `PHOTOSOURCE_API_KEY=shop-secret-key photosource serve` on the port
it stands for; anything else a page needs (a server with a config, `photosource demo-lab`) its
own commands start, in the background, and the runner stops the page's whole process group.
Each page gets its own working folder and XDG state and data folders; the demo library's cache
is shared by the pages of a run. Nothing listens or is contacted beyond 127.0.0.1.
"""

import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass

MAKE_SERVE_PORT = 8080
MAKE_SERVE_API_KEY = "shop-secret-key"
_PORT_PATTERNS = [
    re.compile(r"((?:127\.0\.0\.1|localhost):)(\d{2,5})\b"),
    re.compile(r"(--port[ =])(\d{2,5})\b"),
    re.compile(r'("port"\s*:\s*)(\d{2,5})\b'),
]
_MARKER = re.compile(r"\x1e(\d+):(\d+)\x1e\n")


@dataclass
class Outcome:
    """What one command printed (`None` when it never finished) and its exit status."""
    block: object
    command: object
    printed: object
    status: int


class PageRun:
    """A page's working folder, its port map and the `make serve` stand-in it may need."""

    def __init__(self, page, binary, cache_home, timeout):
        self.page, self.binary, self.timeout = page, os.path.abspath(binary), timeout
        self.work = tempfile.mkdtemp(prefix="transcripts-")
        self.environment = self._environment(cache_home)
        self.ports = {}
        for port in self._doc_ports():
            self.ports[port] = next(free for free in iter(free_port, None) if free not in self.ports.values())
        self.server = None

    def _environment(self, cache_home):
        environment = {name: value for name, value in os.environ.items() if not name.startswith("PHOTOSOURCE_")}
        for name in (".home/.local/share", ".state"):
            os.makedirs(os.path.join(self.work, name))
        environment.update(
            PATH=os.path.dirname(self.binary) + os.pathsep + environment.get("PATH", ""),
            HOME=os.path.join(self.work, ".home"), XDG_STATE_HOME=os.path.join(self.work, ".state"),
            XDG_DATA_HOME=os.path.join(self.work, ".home", ".local", "share"), XDG_CACHE_HOME=cache_home,
            NO_COLOR="1", SWIFT_BACKTRACE="enable=no")
        return environment

    def _doc_ports(self):
        texts = [command.text for block in self.page.runnable for command in block.commands]
        found = {int(match.group(2)) for text in texts for pattern in _PORT_PATTERNS for match in pattern.finditer(text)}
        return sorted(found)

    def to_real(self, text):
        """`text` with the page's ports replaced by this run's."""
        for pattern in _PORT_PATTERNS:
            text = pattern.sub(lambda m: m.group(1) + str(self.ports.get(int(m.group(2)), m.group(2))), text)
        return text

    def to_page(self, text):
        """Printed `text` with this run's ports replaced by the page's, for the report."""
        back = {str(real): str(page) for page, real in self.ports.items()}
        return re.sub(r"((?:127\.0\.0\.1|localhost):)(\d+)", lambda m: m.group(1) + back.get(m.group(2), m.group(2)), text)

    def run(self):
        """Runs every runnable command of the page; returns one `Outcome` per command."""
        try:
            if MAKE_SERVE_PORT in self.ports:
                self._start_make_serve(self.ports[MAKE_SERVE_PORT])
            return self._run_commands()
        finally:
            self._stop_make_serve()

    def _start_make_serve(self, port):
        log = open(os.path.join(self.work, ".make-serve.log"), "w")
        environment = dict(self.environment, PHOTOSOURCE_API_KEY=MAKE_SERVE_API_KEY)
        self.server = subprocess.Popen([self.binary, "serve", "--host", "127.0.0.1", "--port", str(port)],
                                       cwd=self.work, env=environment, stdout=log, stderr=subprocess.STDOUT,
                                       stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 180   # the first run generates the demo library
        while time.monotonic() < deadline:
            with open(log.name, encoding="utf-8", errors="replace") as handle:
                if "listening on " in handle.read():
                    return
            if self.server.poll() is not None:
                break
            time.sleep(0.1)
        with open(log.name, encoding="utf-8", errors="replace") as handle:
            raise RuntimeError(f"`photosource serve` for port {MAKE_SERVE_PORT} did not start:\n{handle.read()}")

    def _stop_make_serve(self):
        if self.server is not None and self.server.poll() is None:
            self.server.terminate()
            try:
                self.server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()

    def _run_commands(self):
        commands = [(block, command) for block in self.page.runnable for command in block.commands]
        script = ["exec 2>&1 </dev/null"]
        for index, (_, command) in enumerate(commands):
            script.append(self.to_real(command.text))
            script.append(f"printf '\\036{index}:%d\\036\\n' $?")
        script_path = os.path.join(self.work, ".transcript.sh")
        with open(script_path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(script) + "\n")
        output_path = os.path.join(self.work, ".transcript.out")
        with open(output_path, "wb") as output:
            shell = subprocess.Popen(["bash", script_path], cwd=self.work, env=self.environment,
                                     stdout=output, stderr=subprocess.STDOUT, start_new_session=True)
            try:
                shell.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                pass
            stop_group(shell)
        with open(output_path, encoding="utf-8", errors="replace") as handle:
            printed = handle.read()
        return split_outputs(commands, printed)

    def remove(self):
        """Deletes the page's working folder."""
        shutil.rmtree(self.work, ignore_errors=True)


def split_outputs(commands, printed):
    """Cuts the shell's output at the markers printed after each command."""
    outcomes, start = [], 0
    for match in _MARKER.finditer(printed):
        index = int(match.group(1))
        block, command = commands[index]
        outcomes.append(Outcome(block, command, printed[start:match.start()], int(match.group(2))))
        start = match.end()
    for block, command in commands[len(outcomes):]:
        rest, start = printed[start:], len(printed)
        outcomes.append(Outcome(block, command, rest if rest else None, -1))
    return outcomes


def stop_group(process):
    """Stops the shell and everything it started in the background (its own process group)."""
    for sig, grace in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        process.poll()
        if not _group_alive(process.pid):
            break
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            break
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and _group_alive(process.pid):
            process.poll()
            time.sleep(0.1)
    process.wait()


def _group_alive(group):
    try:
        os.killpg(group, 0)
        return True
    except ProcessLookupError:
        return False


def free_port():
    """A port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
