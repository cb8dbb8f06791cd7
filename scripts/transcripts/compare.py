"""Compares what a transcript shows with what its command printed: shapes, not ids.

- JSON (a whole output, or the JSON part of a line such as `data: {...}`) is compared by
  structure: every key shown must be there (more keys are fine), arrays element by element with
  the same length (an array whose last shown element is "…" only needs to start with the others),
  booleans and null equal, numbers any number, strings equal after normalising (below).
- An HTTP status line (`HTTP/1.1 200 OK`) must be equal; the header lines after it are compared
  by name: every name shown must be there, spelled the same (more headers are fine; values are
  not compared).
- Any other line must be equal after normalising. `…` in a line matches any text; a line that is
  only `…` matches any number of lines.
- Normalising replaces what differs from run to run: timestamps and HTTP dates, the port after
  127.0.0.1/localhost, ids with a 3-letter prefix (`ord_TG4TQ5v2sqPon08R`), numbers of 9 or more
  digits (Unix times such as a webhook signature's `t=1795777829`), tokens, signatures
  and digests (runs of 20+ URL-safe or base64 characters with both letters and digits), device
  user codes (`SGTX-NGPQ`). Trailing blank lines and carriage returns are ignored.
"""

import json
import re

WILDCARD = "…"
_RULES = [
    (re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)"), lambda m: "<time>"),
    (re.compile(r"[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT"), lambda m: "<date>"),
    (re.compile(r"\b(127\.0\.0\.1|localhost):\d+"), lambda m: m.group(1) + ":<port>"),
    (re.compile(r"(?<![A-Za-z0-9_-])([a-z]{3})_[A-Za-z0-9_-]{16}(?![A-Za-z0-9_-])"), lambda m: m.group(1) + "_<id>"),
    (re.compile(r"(?<![A-Za-z0-9])\d{9,}(?![A-Za-z0-9])"), lambda m: "<number>"),
    (re.compile(r"[A-Za-z0-9_+/-]{20,}={0,2}"),
     lambda m: "<token>" if re.search(r"\d", m.group(0)) and re.search(r"[A-Za-z]", m.group(0)) else m.group(0)),
    (re.compile(r"\b[A-Z]{4}-[A-Z]{4}\b"), lambda m: "<code>"),
]
_STATUS_LINE = re.compile(r"^HTTP/[0-9.]+ \d{3}\b")
_HEADER_LINE = re.compile(r"^([!#$%&'*+.^_`|~0-9A-Za-z-]+):")
_JSON_IN_LINE = re.compile(r"^(.*?)([\[{].*)$")


def normalise(text):
    """`text` with what differs from run to run replaced by placeholders."""
    for pattern, replacement in _RULES:
        text = pattern.sub(replacement, text)
    return text


def text_matches(expected, actual):
    """Whether one shown line matches one printed line (normalised, `…` as a wildcard)."""
    expected, actual = normalise(expected).rstrip(), normalise(actual).rstrip()
    if WILDCARD not in expected:
        return expected == actual
    pattern = ".*".join(re.escape(part) for part in expected.split(WILDCARD))
    return re.fullmatch(pattern, actual, re.S) is not None


def compare_json(expected, actual, path="$"):
    """The differences that matter between two decoded JSON values, as sentences."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: an object was shown, {kind(actual)} printed"]
        problems = []
        for key, value in expected.items():
            if key not in actual:
                problems.append(f"{path}: key {key!r} is missing")
            else:
                problems += compare_json(value, actual[key], f"{path}.{key}")
        return problems
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return [f"{path}: an array was shown, {kind(actual)} printed"]
        shown = expected
        if expected and expected[-1] == WILDCARD:
            shown = expected[:-1]
            if len(actual) < len(shown):
                return [f"{path}: at least {len(shown)} elements shown, {len(actual)} printed"]
        elif len(actual) != len(expected):
            return [f"{path}: {len(expected)} elements shown, {len(actual)} printed"]
        problems = []
        for index, value in enumerate(shown):
            problems += compare_json(value, actual[index], f"{path}[{index}]")
        return problems
    if isinstance(expected, bool) or expected is None:
        return [] if actual is expected else [f"{path}: {json.dumps(expected)} shown, {json.dumps(actual)} printed"]
    if isinstance(expected, (int, float)):
        ok = isinstance(actual, (int, float)) and not isinstance(actual, bool)
        return [] if ok else [f"{path}: a number was shown, {kind(actual)} printed"]
    if not isinstance(actual, str):
        return [f"{path}: a string was shown, {kind(actual)} printed"]
    return [] if text_matches(expected, actual) else [f"{path}: {expected!r} shown, {actual!r} printed"]


def kind(value):
    """The JSON type name of a decoded value."""
    if isinstance(value, bool):
        return "a boolean"
    return {dict: "an object", list: "an array", str: "a string", type(None): "null"}.get(
        type(value), "a number")


def clean_lines(text_or_lines):
    """Lines without carriage returns, trailing spaces or trailing blank lines."""
    lines = text_or_lines.split("\n") if isinstance(text_or_lines, str) else list(text_or_lines)
    lines = [line.replace("\r", "").rstrip() for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def compare_output(expected_lines, actual_text):
    """Every way the printed output differs from the shown one (empty when it matches)."""
    expected, actual = clean_lines(expected_lines), clean_lines(actual_text)
    whole = "\n".join(expected).strip()
    if whole[:1] in ("{", "[") and len(expected) > 1:
        try:
            shown = json.loads(whole)
        except ValueError:
            shown = None
        if shown is not None:
            try:
                printed = json.loads("\n".join(actual))
            except ValueError:
                return ["JSON was shown, and the output is not JSON"]
            return compare_json(shown, printed)
    return _compare_items(_items(expected), _items(actual))


def _items(lines):
    """Groups lines: an HTTP status line with its header names, or one line."""
    items, index = [], 0
    while index < len(lines):
        if _STATUS_LINE.match(lines[index]):
            status, names = lines[index], []
            index += 1
            while index < len(lines) and _HEADER_LINE.match(lines[index]):
                names.append(_HEADER_LINE.match(lines[index]).group(1))
                index += 1
            items.append(("status", status, names))
        else:
            items.append(("line", lines[index], None))
            index += 1
    return items


def _compare_items(expected, actual):
    problems, position = [], 0
    for number, item in enumerate(expected):
        if item == ("line", WILDCARD, None):
            following = expected[number + 1] if number + 1 < len(expected) else None
            if following is None:
                return problems
            while position < len(actual) and _item_problems(following, actual[position]):
                position += 1
            continue
        if position >= len(actual):
            return problems + [f"line {number + 1} shown ({item[1]!r}) was not printed"]
        problems += _item_problems(item, actual[position])
        position += 1
    if position < len(actual):
        problems.append(f"{len(actual) - position} more line(s) printed than shown, from {actual[position][1]!r}")
    return problems


def _item_problems(expected, actual):
    kind_shown, shown, names = expected
    kind_printed, printed, printed_names = actual
    if kind_shown == "status":
        if kind_printed != "status" or not text_matches(shown, printed):
            return [f"status line {shown!r} shown, {printed!r} printed"]
        missing = [name for name in names if name not in printed_names]
        return [f"header {name} shown, not printed" for name in missing]
    match = _JSON_IN_LINE.match(shown)
    if match:
        try:
            value = json.loads(match.group(2))
        except ValueError:
            value = None
        if value is not None:
            printed_match = _JSON_IN_LINE.match(printed)
            if not printed_match or not text_matches(match.group(1), printed_match.group(1)):
                return [f"{shown!r} shown, {printed!r} printed"]
            try:
                return compare_json(value, json.loads(printed_match.group(2)))
            except ValueError:
                return [f"JSON shown ({shown!r}), {printed!r} printed"]
    return [] if text_matches(shown, printed) else [f"{shown!r} shown, {printed!r} printed"]
