"""Runs a REPL transcript as piped input to `photosource browse` and compares it loosely.

Piped, the REPL prints no prompts (and no progress bars), so the commands' outputs cannot be cut
apart exactly. Instead every line the page shows must appear in the printed output, in the same
order, other lines in between allowed, and so must the location of the prompt after a command
that moves or lists (piped, it is printed before the listing) (compare.text_matches: normalised, `…` a wildcard). Not
compared: lines that are only `...` or `…` (the page trimmed a listing there), the progress bar
(`Order 1 [####--] 71% …`, drawn on a terminal only), and `view N` and its output (it needs a
colour terminal; piped it explains that and does nothing else). The runner's home folder is
printed as `~`.
"""

import re
import subprocess
from dataclasses import dataclass

from compare import clean_lines, text_matches

TERMINAL_ONLY_COMMANDS = ("view",)
_TRIMMED = re.compile(r"^\s*(\.\.\.|…)\s*$")
_PROGRESS_BAR = re.compile(r"^Order \d+ \[[#-]+\]")


@dataclass
class ReplOutcome:
    """A REPL block's run: the first shown line not printed (`None` when all were), and the output."""
    block: object
    missing: object     # (command, line number in the page, the line) or None
    printed: str
    ran: list           # the commands sent


def run_repl_block(block, binary, environment, work, timeout=180):
    """Pipes the block's commands into `photosource browse`; returns a `ReplOutcome`."""
    commands = [command for command in block.commands if command.text.split(" ")[0] not in TERMINAL_ONLY_COMMANDS]
    script = "".join(command.text + "\n" for command in commands)
    try:
        finished = subprocess.run([binary, "browse"], input=script.encode(), cwd=work, env=environment,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
        printed = finished.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as expired:
        printed = (expired.stdout or b"").decode("utf-8", "replace") + f"\n(stopped after {timeout} s)\n"
    home = environment.get("HOME", "")
    if home:
        printed = printed.replace(home, "~")
    return ReplOutcome(block, first_missing(commands, clean_lines(printed)), printed, commands)


def first_missing(commands, printed_lines):
    """The first shown line (with its command and page line) that the output lacks, in order."""
    position = 0
    for command in commands:
        shown_lines = [(command.line + 1 + offset, shown) for offset, shown in enumerate(command.expected)]
        for line, shown in ([command.location] if command.location else []) + shown_lines:
            if _TRIMMED.match(shown) or _PROGRESS_BAR.match(shown) or not shown.strip():
                continue
            while position < len(printed_lines) and not text_matches(shown, printed_lines[position]):
                position += 1
            if position == len(printed_lines):
                return command, line, shown
            position += 1
    return None
