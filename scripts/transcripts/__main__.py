"""Runs every transcript of the README and docs/ against the built `photosource` (issue 17).

    python3 scripts/transcripts [--binary .build/debug/photosource] [--keep] [PAGE.md ...]
    python3 scripts/transcripts --self-check

Each page's ```console blocks run in one bash, in a fresh working folder, against servers on
127.0.0.1 (execute.py); each command's output is compared with the page's by shape (compare.py).
Plain blocks with REPL prompts are piped into `photosource browse` (repl.py). A failure prints
the page and line, the command, the differences and a diff, and the exit status is 1. The last
line is `N passed, M failed`, counting commands. `--self-check` runs the runner's own tests and a
stale fixture page that must fail. ```console no-run (``` no-run for a REPL block) marks a block
that cannot run here; the page says why.
"""

import argparse
import difflib
import glob
import os
import sys
import tempfile
import shutil

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import clean_lines, compare_output  # noqa: E402
from execute import PageRun  # noqa: E402
from pages import parse_page, replace_outputs  # noqa: E402
from repl import run_repl_block  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
STALE_LINE, STALE_COMMANDS = 10, 3   # fixtures/stale.md: its stale command, and how many it has


def main():
    options = _arguments()
    pages = [os.path.abspath(page) for page in options.pages]
    binary = os.path.abspath(options.binary) if options.binary else os.path.join(ROOT, ".build/debug/photosource")
    os.chdir(ROOT)
    if options.self_check:
        return self_check(binary)
    pages = pages or ["README.md"] + sorted(glob.glob("docs/*.md"))
    failures, counts = run_pages(pages, binary, options.keep, options.timeout, show=options.show, update=options.update)
    failures = len(failures)
    print(f"transcripts: {counts['pages']} page(s), {counts['blocks']} block(s), {counts['commands']} command(s); "
          f"{counts['skipped']} block(s) marked no-run")
    print(f"{counts['commands'] - failures} passed, {failures} failed")
    return 1 if failures else 0


def _arguments():
    parser = argparse.ArgumentParser(prog="transcripts", description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", help="Markdown pages (default: README.md and docs/*.md)")
    parser.add_argument("--binary", help="the photosource to run (default: .build/debug/photosource)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds a page may take")
    parser.add_argument("--keep", action="store_true", help="keep each page's working folder")
    parser.add_argument("--show", action="store_true", help="print every command's output (to write a transcript)")
    parser.add_argument("--update", action="store_true",
                        help="write what the failing console commands printed into their pages (review the diff)")
    parser.add_argument("--self-check", action="store_true", help="test the runner itself")
    return parser.parse_args()


def run_pages(paths, binary, keep=False, timeout=300, show=False, update=False):
    """Runs the pages' transcripts; returns the failed commands' (page, line) and the counts."""
    if not os.access(binary, os.X_OK):
        sys.exit(f"transcripts: {binary} is not built; run `swift build --product photosource` first.")
    for tool in ("bash", "curl", "jq"):
        if not shutil.which(tool):
            sys.exit(f"transcripts: the transcripts need `{tool}`; install it (apt-get install {tool}).")
    cache_home = tempfile.mkdtemp(prefix="transcripts-cache-")
    counts = dict(pages=0, blocks=0, commands=0, skipped=0)
    failures = []
    try:
        for path in paths:
            page = parse_page(path)
            repl_blocks = [block for block in page.repl_blocks if block.runs]
            counts["skipped"] += sum(1 for block in page.blocks + page.repl_blocks if not block.runs)
            if not page.runnable and not repl_blocks:
                continue
            counts["pages"] += 1
            counts["blocks"] += len(page.runnable) + len(repl_blocks)
            run = PageRun(page, binary, cache_home, timeout)
            try:
                outcomes = run.run() if page.runnable else []
                repl_outcomes = [run_repl_block(block, run.binary, run.environment, run.work) for block in repl_blocks]
            except RuntimeError as error:   # the `make serve` stand-in did not start
                print(f"FAIL {shown_path(path)}: {error}")
                lines = [command.line for block in page.runnable + repl_blocks for command in block.commands]
                counts["commands"] += len(lines)
                failures += [(path, line) for line in lines]
                continue
            finally:
                if keep:
                    print(f"{path}: working folder kept at {run.work}")
                else:
                    run.remove()
            commands = len(outcomes) + sum(len(outcome.ran) for outcome in repl_outcomes)
            counts["commands"] += commands
            if show:
                for outcome in outcomes:
                    print(f"$ {outcome.command.text}\n{run.to_page(outcome.printed or '').rstrip()}")
                for outcome in repl_outcomes:
                    print(f"REPL block at line {outcome.block.line}:\n{outcome.printed.rstrip()}")
            failed = [(path, outcome.command.line) for outcome in outcomes if report(path, run, outcome)]
            failed += [(path, outcome.missing[1]) for outcome in repl_outcomes if report_repl(path, outcome)]
            failures += failed
            if update:
                update_page(path, run, [outcome for outcome in outcomes if (path, outcome.command.line) in failed])
            print(f"{shown_path(path)}: {commands - len(failed)} of {commands} command(s) as shown")
    finally:
        shutil.rmtree(cache_home, ignore_errors=True)
    return failures, counts


def update_page(path, run, failed):
    """Writes what the failed commands printed (ports as the page has them) in place of their output."""
    replacements = [(outcome.command, clean_lines(run.to_page(outcome.printed)))
                    for outcome in failed if outcome.printed is not None]
    if replacements:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(replace_outputs(text, replacements))
        print(f"{shown_path(path)}: updated the output of {len(replacements)} command(s); review with git diff")


def shown_path(path):
    """`path` relative to the repository when it is inside it."""
    relative = os.path.relpath(os.path.abspath(path), ROOT)
    return path if relative.startswith("..") else relative


def report(path, run, outcome):
    """Prints a failed command's report; returns whether it failed."""
    command = outcome.command
    if outcome.printed is None:
        problems = ["it did not finish (the page timed out, or an earlier command ended the shell)"]
        printed = ""
    else:
        printed = run.to_page(outcome.printed)
        problems = compare_output(command.expected, outcome.printed)
        if outcome.status == -1:
            problems.insert(0, "it did not finish before the page's timeout (what it printed so far is below)")
        elif outcome.status != 0:
            problems.insert(0, f"exit status {outcome.status}")
    if not problems:
        return False
    print(f"FAIL {shown_path(path)}:{command.line} (the block at line {outcome.block.line})")
    print("  $ " + command.text.replace("\n", "\n    "))
    for problem in problems:
        print(f"  - {problem}")
    diff = difflib.unified_diff(clean_lines(command.expected), clean_lines(printed), "shown", "printed", lineterm="")
    for line in diff:
        print("    " + line)
    return True


def report_repl(path, outcome):
    """Prints a REPL block's report when a shown line was not printed; returns whether one was not."""
    if outcome.missing is None:
        return False
    command, line, shown = outcome.missing
    print(f"FAIL {shown_path(path)}:{line} (the REPL block at line {outcome.block.line}, command `{command.text}`)")
    print(f"  - {shown!r} shown, not printed (in this order); the piped commands were: "
          + "; ".join(sent.text for sent in outcome.ran))
    print("  printed:")
    for printed in clean_lines(outcome.printed):
        print("    " + printed)
    return True


def self_check(binary):
    """The runner's unit tests, then a stale page that must fail exactly where it is stale."""
    import unittest
    suite = unittest.defaultTestLoader.discover(os.path.dirname(os.path.abspath(__file__)), pattern="test_*.py")
    if not unittest.TextTestRunner(verbosity=1).run(suite).wasSuccessful():
        return 1
    stale = os.path.join(FIXTURES, "stale.md")
    print("self-check: a stale page; the one FAIL below is expected")
    failures, counts = run_pages([stale], binary)
    print(f"self-check: {counts['commands'] - len(failures)} passed, {len(failures)} failed on the stale page "
          f"(expected: {STALE_COMMANDS - 1} passed, 1 failed, at line {STALE_LINE})")
    if failures != [(stale, STALE_LINE)] or counts["commands"] != STALE_COMMANDS:
        print("self-check: FAILED, the runner does not catch a stale transcript")
        return 1
    print("self-check: the stale transcript was caught")
    return 0


if __name__ == "__main__":
    sys.exit(main())
