"""Reads the transcripts out of a Markdown page.

A ```console block is a transcript: a line starting with `$ ` is a command (a line ending in a
backslash continues it on the next line), and the lines after it, up to the next command, are
what it prints. A command with a here-document (`cat > service.json <<EOF`) takes the lines up
to its delimiter. ```console no-run marks a transcript that cannot run here (the page says why).

A plain ``` block with REPL prompts (`Sample Library:/ [page 1/1]> ls`) is a REPL transcript: the
text after each prompt is a command (less an aside after two spaces in parentheses), and the lines
up to the next prompt are what it prints; after a command that moves or lists (`open`, `..`,
`next`, `ls`, …) the next prompt's location is printed too, as piped input shows it. Lines before the first prompt (`$ make demo`) are not
part of it. ``` no-run marks one that cannot run here.
"""

import re
from dataclasses import dataclass, field

FENCE = re.compile(r"^(`{3,}|~{3,})\s*(.*)$")
PROMPT = re.compile(r"^([^>]+:/[^>]*\[page [0-9/]+\])> ?(.*)$")
NAVIGATION = {"ls", "open", "cd", "back", "..", "next", "prev", "page"}   # they print where the browser is
ASIDE = re.compile(r"\s{2,}\(.*\)$")
HEREDOC = re.compile(r"<<-?\s*(['\"]?)(\w+)\1")


@dataclass
class Command:
    """One `$ ` command of a transcript and the output the page shows for it."""
    line: int            # 1-based line of the `$ ` in the page
    text: str            # the command, continuation lines joined with newlines
    expected: list = field(default_factory=list)
    location: tuple = None   # REPL: (page line, location) the command prints before its output


@dataclass
class Block:
    """One ```console block."""
    line: int            # 1-based line of the opening fence
    commands: list = field(default_factory=list)
    runs: bool = True    # False for ```console no-run


@dataclass
class Page:
    """A page's transcripts, in page order."""
    path: str
    blocks: list = field(default_factory=list)
    repl_blocks: list = field(default_factory=list)

    @property
    def runnable(self):
        return [block for block in self.blocks if block.runs and block.commands]


def parse_page(path, text=None):
    """Parses the page at `path` (or `text`, when given) into a `Page`."""
    if text is None:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    page = Page(path)
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        fence, info = match.group(1), match.group(2).split()
        start = index
        index += 1
        body = []
        while index < len(lines) and not lines[index].startswith(fence):
            body.append(lines[index])
            index += 1
        index += 1   # the closing fence
        if info and info[0] == "console":
            page.blocks.append(parse_block(body, start + 1, runs="no-run" not in info[1:]))
        elif info in ([], ["text"], ["no-run"], ["text", "no-run"]) and any(PROMPT.match(line) for line in body):
            page.repl_blocks.append(parse_repl_block(body, start + 1, runs="no-run" not in info))
    return page


def parse_repl_block(body, fence_line, runs=True):
    """Splits a REPL block into its commands (the text after each prompt) and their output."""
    block = Block(fence_line, runs=runs)
    for offset, line in enumerate(body):
        prompt = PROMPT.match(line)
        if prompt:
            if block.commands and block.commands[-1].text.split(" ")[0] in NAVIGATION:
                block.commands[-1].location = (fence_line + 1 + offset, prompt.group(1))
            block.commands.append(Command(fence_line + 1 + offset, ASIDE.sub("", prompt.group(2)).strip()))
        elif block.commands:
            block.commands[-1].expected.append(line)
    return block


def parse_block(body, fence_line, runs=True):
    """Splits a console block's lines into commands and their expected output."""
    block = Block(fence_line, runs=runs)
    current = None
    continuing, delimiter = False, None
    for offset, line in enumerate(body):
        number = fence_line + 1 + offset
        if delimiter is not None:
            current.text += "\n" + line
            delimiter = None if line == delimiter else delimiter
        elif continuing:
            current.text += "\n" + line
            continuing = line.endswith("\\")
        elif line.startswith("$ ") or line == "$":
            current = Command(number, line[2:])
            block.commands.append(current)
            continuing = line.endswith("\\")
            heredoc = HEREDOC.search(line)
            delimiter = heredoc.group(2) if heredoc else None
        elif current is not None:
            current.expected.append(line)
    return block


def replace_outputs(text, replacements):
    """`text` with each command's shown output replaced: `replacements` maps commands to new lines."""
    lines = text.split("\n")
    for command, new in sorted(replacements, key=lambda pair: pair[0].line, reverse=True):
        first = command.line + command.text.count("\n")   # the line after the command (0-based)
        lines[first:first + len(command.expected)] = new
    return "\n".join(lines)
