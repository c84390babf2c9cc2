"""`facade.limits.json_depth` against the plain rule it stands for: one character at a time,
strings (and the escapes in them) skipped, the deepest run of open brackets."""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

from facade.limits import json_depth


def plain_depth(text: str) -> int:
    """The rule read one character at a time."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


# mostly the characters the rule looks at, so strings, escapes and brackets mix
TEXTS = st.text(alphabet=st.sampled_from('"\\[]{}a \n:,é'), max_size=80)


@settings(max_examples=600, deadline=None)
@given(TEXTS)
def test_json_depth_is_the_plain_rule(text: str) -> None:
    assert json_depth(text) == plain_depth(text)


def test_json_depth_reads_strings_escapes_and_unclosed_ends() -> None:
    cases = ['{"a": [1, {"b": "[[[["}]}', '"\\"[["', '"abc\\', '"[', '[["x\\\\"]]', ']]][',
             '{"k": "\\\\"} [', "[" * 30_000, "]" * 10 + "[[", '"\\\n[" [', ""]
    assert [json_depth(t) for t in cases] == [plain_depth(t) for t in cases] == [
        3, 0, 0, 0, 2, 0, 1, 30_000, 0, 1, 0]


def test_a_forged_text_costs_one_pass() -> None:
    """A string that never closes, escapes without end, brackets 200,000 deep: each read at
    once (the CPU of all of them together far below what a pattern that backtracks takes)."""
    forged = ['"' + "\\a" * 100_000, '"' + "a" * 200_000 + "\\", "[" * 200_000,
              '"a' * 100_000, "[\"" * 50_000]
    started = time.process_time()
    depths = [json_depth(t) for t in forged]
    spent = time.process_time() - started
    assert depths == [plain_depth(t) for t in forged]
    assert spent < 5.0  # a guard, not a speed goal: a pattern that backtracks takes minutes
