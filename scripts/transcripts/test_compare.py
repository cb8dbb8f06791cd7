"""Tests of compare.py and pages.py (run by `python3 scripts/transcripts --self-check`)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import compare_output, normalise  # noqa: E402
from pages import Command, parse_page, replace_outputs  # noqa: E402
from repl import first_missing  # noqa: E402

HEADERS = ["HTTP/1.1 200 OK", "ETag: \"acf9\"", "Content-Type: image/jpeg", "Date: Mon, 23 Nov 2026 04:56:44 GMT", ""]


class CompareJSONTests(unittest.TestCase):
    def test_ids_tokens_timestamps_and_numbers_may_differ(self):
        shown = ['{"expiresAt":"2026-11-23T06:56:42Z","id":"ses_6PTLc-_4yimI7FVI","token":"pP2Z4bu5meTk7cTgTB8659Cqe_wbId6KU-S4suWsnWs","dpi":150}']
        printed = '{"expiresAt":"2027-01-01T00:00:00Z","id":"ses_AAAAAAAAAAAAAAA1","token":"zzzz4bu5meTk7cTgTB8659Cqe_wbId6KU-S4suWsnWs","dpi":151}\n'
        self.assertEqual(compare_output(shown, printed), [])

    def test_an_added_field_passes_and_a_removed_one_fails(self):
        shown = ['{"status":"delivered","items":[{"itemId":"Welcome.jpg","warnings":[]}]}']
        self.assertEqual(compare_output(shown, '{"status":"delivered","new":1,"items":[{"itemId":"Welcome.jpg","warnings":[],"x":true}]}'), [])
        problems = compare_output(shown, '{"status":"delivered","items":[{"itemId":"Welcome.jpg"}]}')
        self.assertEqual(problems, ["$.items[0]: key 'warnings' is missing"])

    def test_constant_strings_booleans_and_array_lengths_must_match(self):
        shown = ['{"verdict":"acceptable","signedIn":true,"items":[1,2]}']
        self.assertEqual(len(compare_output(shown, '{"verdict":"low","signedIn":false,"items":[1]}')), 3)

    def test_pretty_json_is_compared_with_compact_json(self):
        shown = ["{", '  "status": "ok"', "}"]
        self.assertEqual(compare_output(shown, '{"status":"ok"}'), [])
        self.assertEqual(compare_output(shown, "not json"), ["JSON was shown, and the output is not JSON"])

    def test_an_array_ending_in_an_ellipsis_needs_only_its_first_elements(self):
        self.assertEqual(compare_output(['["a","…"]'], '["a","b","c"]'), [])
        self.assertNotEqual(compare_output(['["a","…"]'], '["b"]'), [])

    def test_json_after_a_prefix_such_as_an_event_stream_line(self):
        self.assertEqual(compare_output(['data: {"status":"accepted"}'], 'data: {"status":"accepted","x":1}'), [])
        self.assertNotEqual(compare_output(['data: {"status":"accepted"}'], 'data: {"status":"failed"}'), [])


class CompareTextTests(unittest.TestCase):
    def test_a_different_status_line_fails(self):
        problems = compare_output(HEADERS, "HTTP/1.1 404 Not Found\r\nETag: \"x\"\r\nContent-Type: image/jpeg\r\nDate: x\r\n\r\n")
        self.assertEqual(problems, ["status line 'HTTP/1.1 200 OK' shown, 'HTTP/1.1 404 Not Found' printed"])

    def test_header_values_may_differ_and_added_headers_pass_but_a_missing_name_fails(self):
        printed = "HTTP/1.1 200 OK\r\nETag: \"b0b0\"\r\nContent-Type: image/png\r\nRateLimit: 5\r\nDate: y\r\n\r\n"
        self.assertEqual(compare_output(HEADERS, printed), [])
        self.assertEqual(compare_output(HEADERS, "HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nDate: y\r\n"),
                         ["header ETag shown, not printed"])

    def test_ports_are_normalised_and_the_ellipsis_is_a_wildcard(self):
        self.assertEqual(compare_output(["… order worker: ord_aLlWmkznGRkdyZYj failed at http://127.0.0.1:8090/x"],
                                        "2026-11-27T11:01:41+0000 info order worker: ord_Wj8ynPeBlfCQi7mf failed at http://127.0.0.1:41234/x"), [])
        self.assertNotEqual(compare_output(["… order worker: failed"], "order worker: done"), [])

    def test_a_line_of_only_an_ellipsis_matches_any_lines(self):
        self.assertEqual(compare_output(["first", "…", "last"], "first\na\nb\nlast\n"), [])
        self.assertEqual(compare_output(["first", "…"], "first\na\nb\n"), [])

    def test_missing_and_extra_lines_fail(self):
        self.assertEqual(compare_output(["200"], ""), ["line 1 shown ('200') was not printed"])
        self.assertEqual(compare_output([], "surprise\n"), ["1 more line(s) printed than shown, from 'surprise'"])

    def test_paths_without_digits_are_not_taken_for_tokens(self):
        self.assertEqual(normalise("Travel/Italy/Amalfi/Amalfi 1.jpg"), "Travel/Italy/Amalfi/Amalfi 1.jpg")
        self.assertEqual(normalise("VUvEdzG25zpGSfgg88z0MA=="), "<token>")
        self.assertEqual(normalise("t=1795777829,v1=9fabb780d2239e35942db3e90075e749"), "t=<number>,v1=<token>")
        self.assertEqual(normalise("Content-Length: 79467"), "Content-Length: 79467")


class PageTests(unittest.TestCase):
    def test_commands_outputs_continuations_heredocs_and_no_run(self):
        text = "\n".join([
            "# page", "```console", "$ A=1 \\", "  B=2", "$ cat > f.json <<EOF", "{", "$ not a command", "EOF",
            "$ cat f.json", "{", "$ not a command", "```", "", "```console no-run", "$ open a browser", "```",
            "```json", "$ ignored", "```"])
        page = parse_page("page.md", text)
        self.assertEqual([block.runs for block in page.blocks], [True, False])
        commands = page.blocks[0].commands
        self.assertEqual([command.line for command in commands], [3, 5, 9, 11])
        self.assertEqual(commands[0].text, "A=1 \\\n  B=2")
        self.assertEqual(commands[1].text, "cat > f.json <<EOF\n{\n$ not a command\nEOF")
        self.assertEqual(commands[2].expected, ["{"])   # outside a here-document, `$ ` starts a command
        self.assertEqual(len(page.runnable), 1)

    def test_repl_blocks_split_at_prompts_without_asides(self):
        text = "\n".join(["```", "$ make demo", "Sample Library:/ [page 1/1]> ls", "  1  Archive/", "  ...",
                          "Sample Library:/Archive/Scans [page 2/100]> view 8     (draws the photo)", "```"])
        block = parse_page("page.md", text).repl_blocks[0]
        self.assertEqual([(command.text, command.expected) for command in block.commands],
                         [("ls", ["  1  Archive/", "  ..."]), ("view 8", [])])
        self.assertEqual(block.commands[0].location, (6, "Sample Library:/Archive/Scans [page 2/100]"))

    def test_replacing_outputs_keeps_everything_else(self):
        text = "\n".join(["```console", "$ a \\", "  b", "old 1", "old 2", "$ c", "kept", "```"])
        command = parse_page("page.md", text).blocks[0].commands[0]
        self.assertEqual(replace_outputs(text, [(command, ["new"])]),
                         "\n".join(["```console", "$ a \\", "  b", "new", "$ c", "kept", "```"]))


class ReplComparisonTests(unittest.TestCase):
    def test_shown_lines_must_be_printed_in_order_with_trimmed_lines_and_progress_bars_skipped(self):
        commands = [Command(3, "ls", ["  1  Archive/", "  ...", "  8  Welcome.jpg"]),
                    Command(7, "order", ["Order 1 [####----]  40%  delivering", "Order 1 (ord_DTqT3KdfY6ecDm-R): delivered"])]
        printed = ["Sample Library:/", "  1  Archive/", "  2  Events/", "  8  Welcome.jpg", "Order 1 (ord_aLlWmkznGRkdyZYj): delivered"]
        self.assertIsNone(first_missing(commands, printed))
        self.assertEqual(first_missing(commands, printed[:3] + printed[4:]), (commands[0], 6, "  8  Welcome.jpg"))
        self.assertEqual(first_missing(commands, list(reversed(printed)))[1], 6)


if __name__ == "__main__":
    unittest.main()
