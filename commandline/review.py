"""`copenhagen review FILE|-`: a finished game's turns against the expert bot's, as a table of
turns with their labels and one accuracy per player (or the review's JSON with --json)."""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from bots.review import review
from facade.gametext import read_text

UNITS = {"points": "expected final points (higher is better)",
         "turns": "expected turns to reach 12 points (lower is better)"}
SHORT_UNITS = {"points": "pts", "turns": "turns"}


def lines(result: dict[str, Any]) -> list[str]:
    """The review as text: what it measures, then per turn the move played (and the expert's
    where it differs, with the loss and the label), then each player's accuracy."""
    unit = SHORT_UNITS[result["unit"]]
    names = [p["name"] for p in result["players"]]
    width = max(len(n) for n in names)
    marks = ", ".join(f"{k} {v}" for k, v in result["thresholds"].items())
    out = [f"Judged in {UNITS[result['unit']]}, {result['rollouts']} play-outs a move.",
           f"Least loss for each label: {marks} {unit}.", ""]
    for t in result["turns"]:
        head = f"{t['turn']:>3}  {names[t['player']]:<{width}}  "
        out.append(f"{head}{t.get('played_words') or t['played']}  "
                   f"[{t['played_value']} {unit}]")
        if t["best"] != t["played"]:
            label = f"  {t['label'].upper()}" if t["label"] else ""
            if t.get("in_noise"):
                label = f"  (within the noise, ±{t['noise']})"
            out.append(f"{' ' * (len(head) - 6)}best  {t.get('best_words') or t['best']}  "
                       f"[{t['best_value']} {unit}]  loss {t['loss']}{label}")
    out.append("")
    for p in result["players"]:
        out.append(f"{p['name']:<{width}}  accuracy {p['accuracy']} %: {p['inaccuracies']} "
                   f"inaccuracies, {p['mistakes']} mistakes, {p['blunders']} blunders")
    return out


def run(file: str, rollouts: int | None, as_json: bool, out: TextIO | None = None) -> int:
    """Review the game text in `file` (- for standard input) and print it (to `out`, default
    standard output)."""
    out = out or sys.stdout
    text = sys.stdin.read() if file == "-" else open(file, encoding="utf-8").read()
    result = review(read_text(text), rollouts=rollouts)
    if as_json:
        print(json.dumps(result, indent=2, ensure_ascii=False), file=out)
    else:
        print("\n".join(lines(result)), file=out)
    return 0
