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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from facade.errors import IllegalAction
from facade.events import Event
from facade.limits import (
    MAX_GAME_ACTIONS,
    MAX_JSON_DEPTH,
    MAX_NAME,
    MAX_SEED,
    MAX_TEXT,
    MAX_TEXT_LINE,
    json_depth,
)

FORMAT_KEY = "copenhagen-game"
VERSION = 1
HEADER_KEYS = (FORMAT_KEY, "edition", "players", "options", "seed")
MAX_PLAYERS = 8  # far above any edition's own limit: only a guard against silly input
_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz-")


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


def _value(text: str, line: int) -> Any:
    """A header value: JSON, else the text itself (`edition: rollwrite`, `seed: 2026-05-01`).
    Its nesting is counted before it is parsed: the parser recurses."""
    if json_depth(text) > MAX_JSON_DEPTH:
        raise GameTextError(f"a header value nests more than {MAX_JSON_DEPTH} levels deep", line,
                            code="text_nested", max=MAX_JSON_DEPTH)
    try:
        return json.loads(text)
    except ValueError:  # not JSON (or a number too long to read): the text as it is
        return text


def _header(line: str) -> tuple[str, str] | None:
    """`players: ["Ann"]` -> ('players', '["Ann"]'): a header key and its value, or None when
    the line is no header line (split at the first colon, no pattern: nothing backtracks)."""
    key, colon, value = line.partition(":")
    key = key.strip().lower()
    if not colon or not key or not set(key) <= _KEY_CHARS:
        return None
    return key, value.strip()


def _options(value: Any, line: int | None) -> dict[str, Any]:
    """The options: one JSON object of plain values (text, numbers, true/false, null); which
    keys and values an edition knows, its engine checks."""
    if not isinstance(value, dict) or not all(
        isinstance(v, str | int | float | bool) or v is None for v in value.values()
    ):
        raise GameTextError('options are a JSON object of plain values, like {"mirror": false}',
                            line, code="text_options")
    return dict(value)


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
    names = [" ".join(n.split()) for n in value]
    if any(len(n) > MAX_NAME for n in names):
        raise GameTextError(f"a player's name has at most {MAX_NAME} characters", line,
                            code="text_name_long", max=MAX_NAME)
    return names


def read_text(text: str) -> GameText:
    """Read a game text; GameTextError naming the line when the header is wrong or missing.
    The action lines are only collected here: `replay_text` checks them. Lengths are checked
    before anything is parsed: the text, each line, and how many actions it holds."""
    if len(text) > MAX_TEXT:
        raise GameTextError(f"the text is longer than {MAX_TEXT} characters",
                            code="text_too_long", max=MAX_TEXT)
    header: dict[str, tuple[int, Any]] = {}
    actions: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if len(raw) > MAX_TEXT_LINE:
            raise GameTextError(f"the line is longer than {MAX_TEXT_LINE} characters", number,
                                code="text_line_too_long", max=MAX_TEXT_LINE)
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        found = None if actions else _header(line)
        if found is not None and found[0] in HEADER_KEYS:
            key, value = found
            if key in header:
                raise GameTextError(f"'{key}' is given twice", number, code="text_twice", key=key)
            if not header and key != FORMAT_KEY:
                raise GameTextError(
                    f"this is not a Copenhagen game text: it starts with '{FORMAT_KEY}: "
                    f"{VERSION}'", number, code="text_start", start=f"{FORMAT_KEY}: {VERSION}")
            header[key] = (number, _value(value, number))
            continue
        if not header:
            raise GameTextError(
                f"this is not a Copenhagen game text: it starts with '{FORMAT_KEY}: {VERSION}'",
                number, code="text_start", start=f"{FORMAT_KEY}: {VERSION}")
        if len(actions) >= MAX_GAME_ACTIONS:
            raise GameTextError(f"a game has at most {MAX_GAME_ACTIONS} actions", number,
                                code="text_too_many_actions", max=MAX_GAME_ACTIONS)
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
    if not isinstance(edition, str) or not (edition.isascii() and edition.isalpha()
                                            and edition.islower()):
        raise GameTextError("the edition is a word, like rollwrite", edition_line,
                            code="text_edition", edition=str(edition)[:20])
    players_line, players = header["players"]
    options_line, options = header.get("options", (None, {}))
    config: dict[str, Any] = {"players": _players(players, players_line),
                              "options": _options(options, options_line)}
    seeded = "seed" in header
    if seeded:
        seed = header["seed"][1]
        if (not isinstance(seed, str | int) or isinstance(seed, bool)
                or len(str(seed)) > MAX_SEED):
            raise GameTextError(f"the seed is a text or a whole number of at most {MAX_SEED} "
                                "characters", header["seed"][0], code="text_seed", max=MAX_SEED)
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
