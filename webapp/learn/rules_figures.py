"""The rules pages' figures, each a real engine position: scripted short games (typed dice)
and moments found in fixed-seed bot games, applied action by action through the engines.
The bot games are played once, by `python -m webapp.learn.rules_figures`, into rules_examples.json
beside this module (tests/web/test_rules.py plays them again and compares): a page replays
their logs, no bot plays at request time.

A figure keeps the config and the action lines that reach it, so a test can replay them and
check every number the page prints (`Figure.numbers`, keys read by `tests/web/test_rules.py`)
against the engine. Nothing here decides a rule: positions come from `apply`, numbers from
the engines' states and events."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from boardgame import actions as CA  # noqa: N812
from boardgame.game import new_game as new_card_game
from boardgame.material import COLOURS as CARD_COLOURS
from boardgame.material import HAND_LIMIT
from bots.levels import make_bot
from bots.playout import Step, play_out
from facade.events import Event
from facade.grid import bits, cell_name, parse_cell
from facade.view import building_rows
from rollwrite import actions as RA  # noqa: N812
from rollwrite.game import new_game as new_dice_game
from rollwrite.material import COLOURS as DICE_COLOURS
from rollwrite.material import LETTER, SHAPE_ROWS, colour_of
from rollwrite.state import GameState as DiceState
from rollwrite.view import tracks_view

RW_NAMES = ["Ann", "Ben", "Cleo"]
EXAMPLE_SEEDS = range(8)  # bot games searched, in order, for a moment a figure needs
# how many of them (seeds 0 up) rules_examples.json keeps: as many as the figures search
EXAMPLE_GAMES = {"rollwrite": 1, "boardgame": 5}
EXAMPLES_FILE = Path(__file__).with_name("rules_examples.json")
# the bots of the example games: Roll & Write's strong bot uses every ★ (the greedy one never
# rerolls); the card edition's greedy bot builds with every ability and plays a game in 0.2 s
# (its strong bot took 7-12 s a game on the 2-core machine, too long for a page's first view)
EXAMPLE_LEVEL = {"rollwrite": "strong", "boardgame": "greedy"}

A = TypeVar("A")


def _as(kind: type[A], action: object) -> A:
    """A parsed action as the kind the figure's search looked for (it cannot be another)."""
    if not isinstance(action, kind):
        raise TypeError(f"expected {kind.__name__}, found {action!r}")
    return action



@dataclass
class Figure:
    """One figure: the position (config + log), its states before and after the action it is
    about, the cells to point at, and every number it prints by oracle key."""

    id: str
    edition: str  # "rollwrite" or "boardgame"
    config: dict[str, Any]
    log: list[str]  # the whole position; the action shown is log[-1] unless `upto` says
    seat: int
    before: Any
    after: Any
    events: list[Event]
    new: set[str] = field(default_factory=set)  # cells drawn by the action shown
    brick: str = ""  # the X of the action shown
    support: set[str] = field(default_factory=set)
    lines: list[dict[str, Any]] = field(default_factory=list)  # scored lines
    numbers: dict[str, int] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)

    def grid(self, state: Any = None, seat: int | None = None) -> list[list[dict[str, Any]]]:
        """The building of `seat` in `state` (default: the figure's, after), top row first,
        each cell with its name, mark and the figure's highlights."""
        state = state if state is not None else self.after
        seat = self.seat if seat is None else seat
        board = _board(state, seat)
        out = []
        for r, row in enumerate(building_rows(board[0], board[1])):
            line = []
            for c, mark in enumerate(row):
                name = f"{'abcde'[c]}{9 - r}"
                css = []
                if name in self.new:
                    css.append("new")
                if name in self.support:
                    css.append("support")
                if any(name in ln["cells"] for ln in self.lines):
                    css.append("line")
                colour = _cell_colour(state, seat, name)
                if colour:
                    css.append(f"tc-{colour}")
                line.append({"name": name, "mark": mark, "css": css})
            out.append(line)
        return out


def _cell_colour(state: Any, seat: int, name: str) -> str:
    """The colour of the card-edition tile on a cell ("white" for a white tile; "" in Roll &
    Write, whose sheets are drawn in pencil)."""
    if isinstance(state, DiceState):  # pencil on paper: no colours
        return ""
    bit = 1 << parse_cell(name)
    if not state.boards[seat].filled & bit:
        return ""
    for colour, mask in zip(CARD_COLOURS, state.colour_masks[seat]):
        if mask & bit:
            return colour
    return "white"


def _board(state: Any, seat: int) -> tuple[int, int]:
    if isinstance(state, DiceState):
        sheet = state.sheets[seat].building
        return sheet.filled, sheet.bricks
    board = state.boards[seat]
    return board.filled, board.bricks


def _replay(edition: str, config: dict[str, Any], log: list[str]) -> tuple[Any, list[Event]]:
    """The state after `log` and the events of its last action."""
    state = (new_dice_game if edition == "rollwrite" else new_card_game)(
        config["players"], config["seed"], config.get("options"))
    events: list[Event] = []
    for line in log:
        events = state.apply(line)
    return state, events


def _figure(fid: str, edition: str, config: dict[str, Any], log: list[str], seat: int,
            shown: int = 1) -> Figure:
    """A figure about the last `shown` actions of `log`."""
    before, _ = _replay(edition, config, log[:-shown])
    after = before.clone()
    events: list[Event] = []
    for line in log[-shown:]:
        events += after.apply(line)
    return Figure(fid, edition, config, list(log), seat, before, after, events)


def _placed(line: str) -> tuple[set[str], str]:
    """The cells and the X cell of a draw/extra/arms/build line."""
    words = line.split()
    if "draw" in words or "build" in words:
        placement = words[words.index("draw" if "draw" in words else "build") + 1]
        cells = placement.split(":", 1)[1].split(",")
        brick = next((c.lower() for c in cells if c != c.lower()), "")
        return {c.lower() for c in cells}, brick
    cell = words[-1]
    return {cell.lower()}, cell.lower() if cell != cell.lower() else ""


def _support(before: Any, seat: int, cells: set[str]) -> set[str]:
    """Cells of a new tile on row 1 or right above a cell filled before it (RULES 1.2),
    read from the engine's building before the placement."""
    filled = _board(before, seat)[0]
    out = set()
    for c in cells:
        i = parse_cell(c)
        below = cell_name(i - 5) if c[1] != "1" else ""
        if c[1] == "1" or (filled >> parse_cell(below) & 1):
            out.add(c)
    return out


def _scored_lines(events: list[Event], seat: int, after: Any) -> list[dict[str, Any]]:
    """The lines the events say were scored, each with its cells and whether it holds
    windows only (read from the building after)."""
    bricks = _board(after, seat)[1]
    out = []
    for e in events:
        if e.kind == "scored" and e.player == seat:
            short = str(e.data["line"])
            cells = [f"{short}{r}" for r in range(1, 10)] if short.isalpha() else [
                f"{c}{short}" for c in "abcde"]
            mask = sum(1 << parse_cell(c) for c in cells)
            out.append({"line": short, "kind": "column" if short.isalpha() else "row",
                        "points": e.data["points"], "cells": cells,
                        "windows_only": not mask & bricks})
    return out


def _score_numbers(fig: Figure) -> None:
    for ln in fig.lines:
        fig.numbers[f"points:{fig.seat}:{ln['line']}"] = ln["points"]
    fig.numbers[f"score:{fig.seat}"] = fig.after.scores()[fig.seat]


# ---------------------------------------------------------------- Roll & Write, scripted

SOLO = {"players": ["Ann"], "seed": 0, "options": {"dice": "manual"}}

PLACEMENT_LOG = [
    "p1 roll RRGBW", "p1 choose R3 with 1,2,5", "p1 draw R3:a1,b1,B2", "p1 end", "p1 pass",
    "p1 roll BBRPW", "p1 choose B3 with 1,2,5", "p1 draw B3:b3,b4,C4",
]

SCORING_LOG = [
    "p1 roll RRGBW", "p1 choose R3 with 1,2,5", "p1 draw R3:a1,b1,B2", "p1 end", "p1 pick 4 B",
    "p1 roll BBGPW", "p1 choose B3 with 1,2,5", "p1 draw B3:d1,e1,E2", "p1 end", "p1 pick 4 P",
    "p1 roll PPWRY", "p1 choose P3 with 1,2,3", "p1 draw P3:c1,c2,C3", "p1 end", "p1 pick 4 R",
    "p1 roll PPPWW", "p1 choose P5 with 1,2,3,4,5", "p1 draw P5:a2,a3,A4,a5,a6", "p1 end",
    "p1 roll GGRYB", "p1 choose G2 with 1,2", "p1 draw G2:d2,D3",
]
ARMS_LOG = [*SCORING_LOG, "p1 arms b3"]
COLUMN_LOG = [*ARMS_LOG, "p1 end", "p1 pick 4 Y",
              "p1 roll PPWBR", "p1 choose P3 with 1,2,3", "p1 draw P3:a7,a8,A9"]


def placement_figure() -> Figure:
    """A tile resting on one filled cell and hanging over empty ones."""
    fig = _figure("placement", "rollwrite", SOLO, PLACEMENT_LOG, 0)
    fig.new, fig.brick = _placed(PLACEMENT_LOG[-1])
    fig.support = _support(fig.before, 0, fig.new)
    filled = _board(fig.before, 0)[0]
    fig.data["overhang"] = sorted(
        c for c in fig.new if c[1] != "1" and not filled >> (parse_cell(c) - 5) & 1
        and cell_name(parse_cell(c) - 5) not in fig.new)
    fig.data["tile"] = PLACEMENT_LOG[-1].split()[2].split(":")[0]
    return fig


def scoring_figure() -> Figure:
    """Row 1 of windows only (doubled), row 2 with bricks, then column a."""
    fig = _figure("scoring", "rollwrite", SOLO, COLUMN_LOG, 0, shown=len(COLUMN_LOG))
    fig.lines = _scored_lines(fig.events, 0, fig.after)
    _score_numbers(fig)
    return fig


def arms_figure() -> Figure:
    """Row 2 completed unlocks its coat of arms; the reward taken: an O on b3."""
    fig = _figure("coat-of-arms", "rollwrite", SOLO, ARMS_LOG, 0)
    fig.new, fig.brick = _placed(ARMS_LOG[-1])
    pending, _ = _replay("rollwrite", SOLO, ARMS_LOG[:-1])
    fig.data["pending"] = pending
    fig.data["choices"] = [str(a) for a in pending.legal_actions(0)
                           if isinstance(a, RA.ArmsCell | RA.ArmsTrack)]
    fig.numbers["cells_offered:0"] = sum(1 for a in pending.legal_actions(0)
                                         if isinstance(a, RA.ArmsCell))
    return fig


# ---------------------------------------------------------------- Roll & Write, bot games


@cache
def _stored_examples() -> dict[str, list[dict[str, Any]]]:
    """The example games as `play_examples` wrote them, by edition, seed 0 first."""
    stored: dict[str, list[dict[str, Any]]] = json.loads(EXAMPLES_FILE.read_text())
    return stored


def _bot_game(edition: str, seed: int) -> tuple[dict[str, Any], tuple[str, ...]]:
    """A fixed-seed game of three bots, as stored: its config and every action line."""
    games = _stored_examples()[edition]
    if seed >= len(games):
        raise LookupError(f"rules_examples.json keeps {len(games)} games of {edition}: raise "
                          "EXAMPLE_GAMES and run python -m webapp.learn.rules_figures")
    return games[seed]["config"], tuple(games[seed]["log"])


def play_example(edition: str, seed: int) -> tuple[dict[str, Any], tuple[str, ...]]:
    """Play the fixed-seed game of three bots: its config and every action line."""
    if edition == "rollwrite":
        state: Any = new_dice_game(RW_NAMES, seed)
    else:
        state = new_card_game(RW_NAMES, seed)
    seats = {i: make_bot(edition, EXAMPLE_LEVEL[edition], seed * 10 + i) for i in range(3)}
    steps: list[Step] = []
    play_out(state, seats, on_step=steps.append)
    return dict(state.config), tuple(state.log)


def _find(edition: str, test: Any) -> tuple[dict[str, Any], list[str], int]:
    """The first action of the example games for which `test(action, state before)` holds:
    the config, the log up to and including it, and the seat that took it."""
    parse = RA.parse_action if edition == "rollwrite" else CA.parse_action
    for seed in EXAMPLE_SEEDS:
        config, log = _bot_game(edition, seed)
        state, _ = _replay(edition, config, [])
        for i, line in enumerate(log):
            action = parse(line)
            if test(action, state):
                return config, list(log[: i + 1]), action.player
            state.apply(line)
    raise LookupError(f"no example game of {edition} shows this moment")


def _dice(state: Any) -> list[dict[str, Any]]:
    used = set(state.used_dice())
    return [{"index": d + 1, "face": f, "letter": LETTER[f], "used": d in used}
            for d, f in enumerate(state.turn_state.dice)]


def turn_figure() -> Figure:
    """A whole first turn of a bot game: roll, choose, draw."""
    config, log, seat = _find("rollwrite", lambda a, s: isinstance(a, RA.Draw)
                              and s.turn_state.rerolls == 0 and not s.turn_state.drawn)
    fig = _figure("turn", "rollwrite", config, log, seat, shown=3)
    fig.new, fig.brick = _placed(log[-1])
    chosen = _as(RA.Choose, RA.parse_action(log[-2]))
    fig.data.update(roll=log[-3].split()[2], tile=chosen.tile, dice=_dice(fig.after),
                    shape=SHAPE_ROWS[chosen.tile].split("/"), colour=colour_of(chosen.tile))
    fig.numbers["dice_used"] = len(chosen.dice)
    fig.numbers[f"size:{chosen.tile}"] = len(fig.new)
    return fig


def tracks_figure() -> Figure:
    """One player's tracks when they first spend a bonus."""
    config, log, seat = _find("rollwrite", lambda a, s: isinstance(a, RA.Choose) and a.bonuses)
    fig = _figure("tracks", "rollwrite", config, log, seat)
    fig.data["tracks"] = tracks_view(fig.before.sheets[seat])
    chosen = _as(RA.Choose, RA.parse_action(log[-1]))
    fig.data.update(tile=chosen.tile, colour=colour_of(chosen.tile))
    fig.numbers["bonuses"] = chosen.bonuses
    fig.numbers["dice_used"] = len(chosen.dice)
    for c in DICE_COLOURS:
        fig.numbers[f"before.bonuses_left:{seat}:{c}"] = fig.before.sheets[seat].bonuses_left(c)
        fig.numbers[f"before.stars_left:{seat}:{c}"] = fig.before.sheets[seat].stars_left(c)
    return fig


STAR_TESTS: dict[str, Any] = {
    "reroll": lambda a, s: isinstance(a, RA.Reroll),
    "change": lambda a, s: isinstance(a, RA.Change),
    "new-choice": lambda a, s: isinstance(a, RA.Choose) and a.new_choice,
    "no-x": lambda a, s: isinstance(a, RA.Draw) and a.brick == 0,
    "extra": lambda a, s: isinstance(a, RA.Extra),
}


def star_figure(kind: str) -> Figure:
    """The first use of one ★ ability in the example games."""
    config, log, seat = _find("rollwrite", STAR_TESTS[kind])
    shown = 2 if kind == "reroll" else 1  # a reroll is followed by the dice it rolled
    fig = _figure(f"star-{kind}", "rollwrite", config, log + ([_next_line(config, log)]
                  if kind == "reroll" else []), seat, shown=shown)
    fig.data["dice_before"] = _dice(fig.before)
    fig.data["dice_after"] = _dice(fig.after)
    action = RA.parse_action(log[-1])
    if kind in ("no-x", "extra"):
        fig.new, fig.brick = _placed(log[-1])
    if kind == "new-choice":
        tile = _as(RA.Choose, action).tile
        fig.data.update(tile=tile, shape=SHAPE_ROWS[tile].split("/"), colour=colour_of(tile))
    if kind in ("reroll", "change"):
        dice = (_as(RA.Reroll, action).dice if kind == "reroll"
                else _as(RA.Change, action).dice)
        fig.data["dice_moved"] = [d + 1 for d in dice]
    fig.numbers[f"stars_left:{seat}:{_star_colour(kind)}"] = fig.after.sheets[seat].stars_left(
        _star_colour(kind))
    return fig


def _star_colour(kind: str) -> str:
    return {"reroll": "red", "change": "green", "new-choice": "yellow", "no-x": "blue",
            "extra": "purple"}[kind]


def _next_line(config: dict[str, Any], log: list[str]) -> str:
    for seed in EXAMPLE_SEEDS:
        c, full = _bot_game("rollwrite", seed)
        if c == config and list(full[: len(log)]) == log:
            return full[len(log)]
    raise LookupError("the reroll's dice are missing")


def passive_figure() -> Figure:
    """The others' picks after a turn that left dice unused."""
    def first_pick(a: Any, s: Any) -> bool:
        return isinstance(a, RA.Pick) and s.players > 1

    config, log, _seat = _find("rollwrite", first_pick)
    # show every pick of that turn: extend the log to the next roll
    full = next(full for seed in EXAMPLE_SEEDS
                for c, full in [_bot_game("rollwrite", seed)]
                if c == config and list(full[: len(log)]) == log)
    end = len(log)
    while end < len(full) and " roll " not in full[end]:
        end += 1
    turn_log = list(full[:end])
    start = len(log) - 1
    fig = _figure("passive", "rollwrite", config, turn_log, 0, shown=end - start)
    active = fig.before.active
    fig.seat = active
    picks = []
    for line in turn_log[start:]:
        a = RA.parse_action(line)
        if isinstance(a, RA.Pick):
            picks.append({"player": a.player, "name": RW_NAMES[a.player], "die": a.die + 1,
                          "track": a.track, "face": fig.before.turn_state.dice[a.die]})
            fig.numbers[f"marked:{a.player}:{a.track}"] = fig.after.sheets[a.player].marks[
                a.track]
    fig.data.update(picks=picks, dice=_dice(fig.before), active=RW_NAMES[active])
    return fig


def end_figure() -> Figure:
    """The last position of the first example game."""
    config, log = _bot_game("rollwrite", EXAMPLE_SEEDS[0])
    fig = _figure("end", "rollwrite", config, list(log), 0)
    for p in range(fig.after.players):
        fig.numbers[f"score:{p}"] = fig.after.scores()[p]
        fig.numbers[f"empty:{p}"] = fig.after.sheets[p].building.empty
    fig.numbers["turn"] = fig.after.turn + 1
    fig.data["winners"] = fig.after.winners()
    return fig


# ---------------------------------------------------------------- the card edition


def _hand(state: Any, seat: int) -> dict[str, int]:
    return dict(zip(CARD_COLOURS, state.hands[seat]))


def take_figure(kind: str = "neighbours") -> Figure:
    """Two harbour cards taken: `neighbours` (the rule) or `any` (with Any cards)."""
    def test(a: Any, s: Any) -> bool:
        if not isinstance(a, CA.Take) or a.extra is not None or a.both:
            return False
        return (abs(a.first - a.second) == 1) == (kind == "neighbours")

    config, log, seat = _find("boardgame", test)
    fig = _figure("take" if kind == "neighbours" else f"take-{kind}", "boardgame", config, log,
                  seat)
    action = _as(CA.Take, CA.parse_action(log[-1]))
    fig.data.update(harbour=list(fig.before.harbour), taken=[action.first, action.second],
                    harbour_after=list(fig.after.harbour))
    fig.numbers["position:1"] = action.first + 1
    fig.numbers["position:2"] = action.second + 1
    for c in CARD_COLOURS:
        fig.numbers[f"before.hand:{seat}:{c}"] = _hand(fig.before, seat)[c]
        fig.numbers[f"hand:{seat}:{c}"] = _hand(fig.after, seat)[c]
    return fig


def additional_figure() -> Figure:
    """Additional card: no example game's bot took that tile, so the first example game's first
    coat of arms taken as an ability takes Additional card instead (the engine checks it is
    legal), the others play on as in that game, and the player's next take is a legal one
    of two neighbours and a third card, the third as far from them as the harbour allows."""
    config, log, seat = _find("boardgame", lambda a, s: isinstance(a, CA.ArmsAbility))
    script = [*log[:-1], f"p{seat + 1} arms ability additional"]
    _, full = _bot_game("boardgame", config["seed"])
    for line in full[len(log):]:
        action = CA.parse_action(line)
        if action.player == seat and isinstance(action, CA.Take | CA.Build | CA.Pass):
            break
        script.append(line)
    state, _ = _replay("boardgame", config, script)
    takes = [(a, a.extra) for a in state.legal_actions(seat) if isinstance(a, CA.Take)
             and a.extra is not None and abs(a.first - a.second) == 1 and not a.both]
    if sum(state.hands[seat]) + 3 > HAND_LIMIT:
        raise LookupError("the Additional card figure's take would need a discard")
    # the first whose third card lies farthest from the pair: it plainly comes from elsewhere
    take, third = max(takes, key=lambda t: min(abs(t[1] - t[0].first), abs(t[1] - t[0].second)))
    script.append(str(take))
    fig = _figure("take-additional", "boardgame", config, script, seat)
    fig.data.update(harbour=list(fig.before.harbour), taken=[take.first, take.second, third],
                    harbour_after=list(fig.after.harbour))
    fig.numbers["position:1"] = take.first + 1
    fig.numbers["position:2"] = take.second + 1
    fig.numbers["position:3"] = third + 1
    for c in CARD_COLOURS:
        fig.numbers[f"before.hand:{seat}:{c}"] = _hand(fig.before, seat)[c]
        fig.numbers[f"hand:{seat}:{c}"] = _hand(fig.after, seat)[c]
    return fig


def both_figure() -> Figure:
    """Both actions: the first take of the example games that used it and went on to build,
    shown with the build of the same turn (and the discard between them, if any)."""
    for seed in EXAMPLE_SEEDS:
        config, full = _bot_game("boardgame", seed)
        for i, line in enumerate(full):
            action = CA.parse_action(line)
            if not isinstance(action, CA.Take) or not action.both:
                continue
            end = i + 1
            while end < len(full) and isinstance(CA.parse_action(full[end]), CA.Discard):
                end += 1
            if end < len(full) and isinstance(CA.parse_action(full[end]), CA.Build):
                return _both(config, list(full[: end + 1]), action, end - i + 1)
    raise LookupError("no example game builds after Both actions")


def _both(config: dict[str, Any], log: list[str], take: Any, shown: int) -> Figure:
    seat = take.player
    fig = _figure("both", "boardgame", config, log, seat, shown=shown)
    build = _as(CA.Build, CA.parse_action(log[-1]))
    fig.new, fig.brick = _placed(log[-1])
    fig.lines = _scored_lines(fig.events, seat, fig.after)
    built = next(e for e in fig.events if e.kind == "built")
    fig.data.update(harbour=list(fig.before.harbour), taken=[take.first, take.second],
                    tile=build.tile, colour=build.tile.split("-")[0],
                    pay=CA.cards_text(build.pay).split(",") if sum(build.pay) else [])
    fig.numbers["position:1"] = take.first + 1
    fig.numbers["position:2"] = take.second + 1
    fig.numbers[f"size:{build.tile}"] = len(fig.new)
    fig.numbers["cost"] = built.data["cost"]
    for ln in fig.lines:
        fig.numbers[f"points:{seat}:{ln['line']}"] = ln["points"]
    return fig


def build_figure(kind: str) -> Figure:
    """A build: `plain` at full price, `neighbour` one card cheaper, `change` paid with another
    colour, `discount` with Construction discount."""
    def test(a: Any, s: Any) -> bool:
        if not isinstance(a, CA.Build):
            return False
        size = sum(1 for _ in bits(a.mask))
        if kind == "plain":
            return not a.discount and not a.change and sum(a.pay) == size
        if kind == "neighbour":
            return not a.discount and sum(a.pay) == size - 1
        return a.discount if kind == "discount" else a.change

    config, log, seat = _find("boardgame", test)
    fig = _figure(f"build-{kind}", "boardgame", config, log, seat)
    action = _as(CA.Build, CA.parse_action(log[-1]))
    fig.new, fig.brick = _placed(log[-1])
    built = next(e for e in fig.events if e.kind == "built")
    fig.lines = _scored_lines(fig.events, seat, fig.after)
    fig.data.update(tile=action.tile, colour=action.tile.split("-")[0], pay=CA.cards_text(
        action.pay).split(",") if sum(action.pay) else [])
    fig.numbers["cost"] = built.data["cost"]
    for ln in fig.lines:
        fig.numbers[f"points:{seat}:{ln['line']}"] = ln["points"]
    if kind != "change":  # its caption names the price only
        fig.numbers[f"size:{action.tile}"] = len(fig.new)
    return fig


def card_scoring_figure() -> Figure:
    """A build that completes a line."""
    config, log, seat = _find("boardgame", lambda a, s: isinstance(a, CA.Build) and _scores(s, a))
    fig = _figure("card-scoring", "boardgame", config, log, seat)
    fig.new, fig.brick = _placed(log[-1])
    fig.lines = _scored_lines(fig.events, seat, fig.after)
    _score_numbers(fig)
    return fig


def _scores(state: Any, action: Any) -> bool:
    trial = state.clone()
    return any(e.kind == "scored" for e in trial.apply(action))


def card_arms_figure() -> Figure:
    """A coat of arms taken as a white tile, with the build that earned it."""
    config, log, seat = _find("boardgame", lambda a, s: isinstance(a, CA.ArmsWhite))
    start = max(i for i, line in enumerate(log) if " build " in line)
    fig = _figure("card-arms", "boardgame", config, log, seat, shown=len(log) - start)
    fig.new, fig.brick = _placed(log[-1])
    earned = [e for e in fig.events if e.kind == "arms_unlocked"]
    fig.data.update(tile=_as(CA.Build, CA.parse_action(log[start])).tile, steps=[
        {"form": e.data["form"], "cell": e.data.get("cell", ""),
         "ability": e.data.get("ability", "")} for e in fig.events if e.kind == "arms"])
    fig.numbers[f"arms_earned:{seat}"] = sum(e.data["count"] for e in earned)
    fig.lines = _scored_lines(fig.events, seat, fig.after)
    for ln in fig.lines:
        fig.numbers[f"points:{seat}:{ln['line']}"] = ln["points"]
    return fig


def card_end_figure() -> Figure:
    """The last position of the first card example game."""
    config, log = _bot_game("boardgame", EXAMPLE_SEEDS[0])
    fig = _figure("card-end", "boardgame", config, list(log), 0)
    for p in range(fig.after.players):
        fig.numbers[f"score:{p}"] = fig.after.scores()[p]
        fig.numbers[f"empty:{p}"] = fig.after.boards[p].empty
    fig.data["winners"] = fig.after.winners()
    fig.data["reason"] = str(fig.after.end_reason)
    return fig


@cache
def rollwrite_figures() -> dict[str, Figure]:
    """Every figure of the Roll & Write rules page, by id."""
    figs = [placement_figure(), scoring_figure(), arms_figure(), turn_figure(), tracks_figure(),
            passive_figure(), end_figure(), *(star_figure(k) for k in STAR_TESTS)]
    return {f.id: f for f in figs}


@cache
def card_figures() -> dict[str, Figure]:
    """Every figure of the card-edition rules page, by id."""
    figs = [take_figure(), take_figure("any"), build_figure("plain"), build_figure("neighbour"),
            build_figure("change"), build_figure("discount"), additional_figure(), both_figure(),
            card_arms_figure(),
            card_scoring_figure(), card_end_figure()]
    return {f.id: f for f in figs}


def play_examples() -> dict[str, list[dict[str, Any]]]:
    """Every example game the figures search (EXAMPLE_GAMES), played now: what
    rules_examples.json holds."""
    return {edition: [{"config": config, "log": list(log)} for seed in range(count)
                      for config, log in [play_example(edition, seed)]]
            for edition, count in EXAMPLE_GAMES.items()}


def examples_text(games: dict[str, list[dict[str, Any]]]) -> str:
    """The examples file's text: one action line a line, so a change reads in a diff."""
    return json.dumps(games, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    EXAMPLES_FILE.write_text(examples_text(play_examples()))
