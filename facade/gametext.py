"""The shareable text of a game: a header (format, edition, players, options, seed) and then one
action per line in the edition's notation. `copenhagen replay` and the web app's replay page
read it back and replay it through the engine; nothing here knows an edition's rules.

    # lines starting with # are comments; blank lines are skipped
    copenhagen-game: 1
    edition: rollwrite
    players: ["Ann", "Bo"]
    options: {"mirror": false, "dice": "seeded"}
    seed: "3f9c0a71d2b4e816"
    p1 setup G
    p2 setup none
    p1 roll RRGBW
    ...

Header values are JSON (a bare word is read as text). Without a `seed` line the rolls in the
text are taken as written: an option `dice` is then set to `manual`, so the engine does not
check them against a seed (the text of an unfinished game leaves its seed out, since the seed
tells the dice still to come).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from facade.errors import IllegalAction
from facade.events import Event

FORMAT_KEY = "copenhagen-game"
VERSION = 1
HEADER_KEYS = (FORMAT_KEY, "edition", "players", "options", "seed")
MAX_PLAYERS = 8  # far above any edition's own limit: only a guard against silly input
_HEADER = re.compile(r"^\s*([a-z-]+)\s*:\s*(.*?)\s*$", re.IGNORECASE)


class GameTextError(IllegalAction):
    """A game text that cannot be read or replayed; `line` is its 1-based line number (None
    for a problem of the whole text), `action` the line's text, `reason` the plain reason
    in English. `code` and `params` say the reason for screens to word it (the engine's own
    code and params when the engine refused a line; `game_text` when nothing more precise is
    known); `params` also holds `line`."""

    def __init__(self, reason: str, line: int | None = None, action: str = "",
                 code: str = "game_text", **params: Any) -> None:
        where = f"line {line}" if line is not None else "the game text"
        shown = f" ({action})" if action else ""
        super().__init__(f"{where}{shown}: {reason}", code, line=line, **params)
        self.line = line
        self.action = action
        self.reason = reason


@dataclass
class GameText:
    """A game text as read: the edition, the engine's config and the numbered action lines."""

    edition: str
    config: dict[str, Any]
    actions: list[tuple[int, str]] = field(default_factory=list)  # (line number, action)
    seeded: bool = True  # a seed was given: the engine checks the rolls against it


@dataclass
class Step:
    """One replayed action: its line, its text as the engine logged it, what it caused."""

    line: int
    action: str
    events: list[Event]


def write_text(
    edition: str, players: list[str], options: dict[str, Any], seed: Any, actions: list[str],
    comment: str = "",
) -> str:
    """The text of a game; `seed` None leaves the seed out (the rolls are then as written)."""
    lines = [f"# {line}" for line in comment.splitlines() if line.strip()]
    lines += [
        f"{FORMAT_KEY}: {VERSION}",
        f"edition: {edition}",
        f"players: {json.dumps(list(players), ensure_ascii=False)}",
        f"options: {json.dumps(dict(options), ensure_ascii=False, sort_keys=True)}",
    ]
    if seed is not None:
        lines.append(f"seed: {json.dumps(seed, ensure_ascii=False)}")
    lines += [a.strip() for a in actions]
    return "\n".join(lines) + "\n"


def _value(text: str) -> Any:
    """A header value: JSON, else the text itself (`edition: rollwrite`, `seed: 2026-05-01`)."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def _players(value: Any, line: int) -> list[str]:
    if isinstance(value, int) and not isinstance(value, bool):
        if not 1 <= value <= MAX_PLAYERS:
            raise GameTextError(f"the number of players must be 1 to {MAX_PLAYERS}", line,
                                code="text_players", high=MAX_PLAYERS)
        return [f"Player {i + 1}" for i in range(value)]
    if (not isinstance(value, list) or not 1 <= len(value) <= MAX_PLAYERS
            or not all(isinstance(n, str) and n.strip() for n in value)):
        raise GameTextError(
            'players are a list of names, like ["Ann", "Bo"], or a number of players', line,
            code="text_players", high=MAX_PLAYERS,
        )
    return [" ".join(n.split()) for n in value]


def read_text(text: str) -> GameText:
    """Read a game text; GameTextError naming the line when the header is wrong or missing.
    The action lines are only collected here: `replay_text` checks them."""
    header: dict[str, tuple[int, Any]] = {}
    actions: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = _HEADER.match(line)
        if not actions and m and m.group(1).lower() in HEADER_KEYS:
            key = m.group(1).lower()
            if key in header:
                raise GameTextError(f"'{key}' is given twice", number, code="text_twice", key=key)
            if not header and key != FORMAT_KEY:
                raise GameTextError(
                    f"this is not a Copenhagen game text: it starts with '{FORMAT_KEY}: "
                    f"{VERSION}'", number, code="text_start", start=f"{FORMAT_KEY}: {VERSION}")
            header[key] = (number, _value(m.group(2)))
            continue
        if not header:
            raise GameTextError(
                f"this is not a Copenhagen game text: it starts with '{FORMAT_KEY}: {VERSION}'",
                number, code="text_start", start=f"{FORMAT_KEY}: {VERSION}")
        actions.append((number, line))
    if not header:
        raise GameTextError(f"the text is empty: a game text starts with '{FORMAT_KEY}: "
                            f"{VERSION}'", code="text_empty", start=f"{FORMAT_KEY}: {VERSION}")
    version_line, version = header[FORMAT_KEY]
    if version != VERSION:
        raise GameTextError(f"version {version} of the game text is not known; this reads "
                            f"version {VERSION}", version_line, code="text_version",
                            version=version, known=VERSION)
    for key in ("edition", "players"):
        if key not in header:
            raise GameTextError(f"the header has no '{key}:' line", code="text_missing", key=key)
    edition_line, edition = header["edition"]
    if not isinstance(edition, str) or not re.fullmatch(r"[a-z]+", edition):
        raise GameTextError("the edition is a word, like rollwrite", edition_line,
                            code="text_edition", edition=str(edition))
    players_line, players = header["players"]
    options_line, options = header.get("options", (None, {}))
    if not isinstance(options, dict):
        raise GameTextError('options are a JSON object, like {"mirror": false}', options_line,
                            code="text_options")
    config: dict[str, Any] = {"players": _players(players, players_line),
                              "options": dict(options)}
    seeded = "seed" in header
    if seeded:
        seed = header["seed"][1]
        if not isinstance(seed, str | int) or isinstance(seed, bool):
            raise GameTextError("the seed is a text or a whole number", header["seed"][0],
                                code="text_seed")
        config["seed"] = seed
    elif "dice" in config["options"]:
        config["options"]["dice"] = "manual"  # no seed to check the rolls against
    return GameText(edition, config, actions, seeded)


def replay_text(
    game: GameText, factory: Callable[[dict[str, Any]], Any], upto: int | None = None,
) -> tuple[Any, list[Step]]:
    """Replay the text's actions (the first `upto`, default all) on a fresh state from
    `factory(config)`; the state reached and every step. GameTextError names the first
    line the engine refuses, with the engine's reason."""
    try:
        state = factory(game.config)
    except IllegalAction as err:
        raise GameTextError(f"the header does not make a game: {err}", code=err.code,
                            **err.params) from err
    steps: list[Step] = []
    for number, text in game.actions[:upto]:
        try:
            events = state.apply(text)
        except IllegalAction as err:
            raise GameTextError(str(err), number, text, code=err.code,
                                **{k: v for k, v in err.params.items() if k != "line"}) from err
        log = getattr(state, "log", None)
        steps.append(Step(number, log[-1] if log else text, events))
    return state, steps


__all__ = ["GameText", "GameTextError", "Step", "read_text", "replay_text", "write_text"]
