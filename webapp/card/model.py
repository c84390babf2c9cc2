"""The card edition's table screen as data for its templates: the viewer's hand, every
player's building, the harbour and supply, and the viewer's legal actions grouped for tapping
(harbour picks, a tile turned and placed, a coat of arms), all from the engine's player view
and `legal_actions`; the selection in progress travels in the page's address. The route
passes in what it read of the request (the address's arguments, the hands revealed on this
screen): nothing here reads Flask's request or session."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import url_for
from flask_babel import lazy_gettext as _l

from boardgame import actions as A  # noqa: N812
from boardgame.material import (
    ABILITY_NAMES,
    ARMS_CELLS,
    ARMS_ROWS,
    COLOURS,
    HARBOUR_SIZE,
    LETTER,
    WHITE,
)
from boardgame.state import GameState as CardState
from boardgame.view import CardView
from facade.errors import IllegalAction
from facade.grid import cell_name, index, parse_cell
from webapp.card.build import build_step, cards_words
from webapp.games import botplay, play
from webapp.games.botplay import LEVEL_LABELS
from webapp.games.visit import Visit
from webapp.platform.i18n import gettext as _
from webapp.platform.inputs import number
from webapp.platform.store import Game, Store
from webapp.words.colours import COLOUR_WORDS
from webapp.words.event_i18n import event_line

# the abilities' names: boardgame.material.ABILITY_NAMES (extracted for the catalogs from there)
ABILITY_LABELS = {k: _l(v) for k, v in ABILITY_NAMES.items()}
ABILITY_HELP = {
    "any": _l("Take two cards from anywhere in the harbour, not only side by side."),
    "additional": _l("Take a third card from the harbour."),
    "discount": _l("A facade tile costs one card less."),
    "change": _l("Pay with cards of one other colour as if they were the tile's colour."),
    "both": _l("Take cards and build in the same turn."),
}


def mode(game: Game) -> str:
    """How the game is played: "hotseat" (one shared screen) or "table" (a phone each)."""
    return str(game.config.get("mode", "table"))


def revealed(game: Game, state: CardState, reveals: Mapping[str, Any]) -> int | None:
    """Hot-seat: the seat whose hand this screen shows now, if its person asked for it
    during this very turn (`reveals`: game code -> [seat, turn], kept by the screen)."""
    shown = reveals.get(game.code)
    if not shown or state.is_over():
        return None
    seat, turn = shown
    return seat if seat == state.active and turn == state.turn else None


@dataclass
class Who:
    """Who is looking: the seat whose hand and choices the page shows (None: only the
    public table), whether this screen is a participant, and what hot-seat waits for."""

    viewer: int | None
    participant: bool
    pass_to: int | None = None  # hot-seat: the seat the phone must be handed to
    humans: list[int] = field(default_factory=list)


def who(visit: Visit, state: CardState, reveals: Mapping[str, Any], frame: bool = False) -> Who:
    """Who looks at this screen (`reveals`: the hands it was asked to show, see `revealed`);
    a frame of the bots' moves on the shared hot-seat screen shows only the public table
    (nobody's hand, no "pass the phone")."""
    humans = [s.seat for s in visit.seats if not s.bot]
    if mode(visit.game) == "hotseat" and visit.host:
        if frame:
            return Who(None, True, None, humans)
        viewer = revealed(visit.game, state, reveals)
        if viewer not in humans:
            viewer = None  # a bot's hand is never shown, nor played from this screen
        pass_to = None
        if viewer is None and not state.is_over() and state.active in humans:
            pass_to = state.active
        return Who(viewer, True, pass_to, humans)
    return Who(visit.seat, visit.seat is not None or visit.host, None, humans)


def cards(counts: list[int] | tuple[int, ...]) -> list[dict[str, Any]]:
    """A hand (counts in COLOURS order) grouped by colour, for display."""
    return [
        {"colour": c, "letter": LETTER[c], "name": COLOUR_WORDS[c], "count": n}
        for c, n in zip(COLOURS, counts) if n
    ]


def board(pv: CardView, masks: list[int], seat: int) -> list[dict[str, Any]]:
    """Rows top (9) to bottom (1) of a player's building, from the player view's rows, with
    the colour of each tile (public: tiles are coloured on the table)."""
    rows = []
    for k, marks in enumerate(pv["buildings"][seat]["rows"]):
        r = 8 - k
        row = []
        for c, mark in enumerate(marks):
            i = index(c, r)
            bit = 1 << i
            colour = None
            if mark:
                colour = next((COLOURS[n] for n in range(5) if masks[n] & bit), "white")
            row.append({
                "cell": cell_name(i), "index": i, "colour": colour,
                "letter": LETTER.get(colour or "", "W" if colour else ""),
                "brick": mark == "X", "arms": bool(ARMS_CELLS & bit),
            })
        rows.append({"number": r + 1, "arms": r in ARMS_ROWS, "cells": row})
    return rows


def take_label(state: CardState, a: A.Take) -> dict[str, Any]:
    picks = [a.first, a.second] + ([a.extra] if a.extra is not None else [])
    cards = [state.harbour[i] or "" for i in picks]  # a take picks cards, never a gap
    uses = []
    if abs(a.first - a.second) != 1:
        uses.append(ABILITY_LABELS["any"])
    if a.extra is not None:
        uses.append(ABILITY_LABELS["additional"])
    if a.both:
        uses.append(ABILITY_LABELS["both"])
    words = ", ".join(
        _("%(colour)s from %(position)s", colour=COLOUR_WORDS[c], position=i + 1)
        for c, i in zip(cards, picks)
    )
    label = _("Take %(cards)s", cards=words)
    if a.both:
        label = _("Take %(cards)s and build this turn", cards=words)
    return {"line": str(a), "label": label, "uses": uses}


def _int_arg(args: Mapping[str, Any], name: str) -> int | None:
    return number(args.get(name), 3)


def _picks(args: Mapping[str, Any]) -> list[int]:
    raw = str(args.get("pick", ""))
    out: list[int] = []
    for part in raw.split(",")[:3]:
        position = number(part, 1)
        if position is not None and 1 <= position <= 7 and position - 1 not in out:
            out.append(position - 1)
    return out


def _cell_arg(args: Mapping[str, Any]) -> int | None:
    raw = str(args.get("cell", ""))
    try:
        return parse_cell(raw) if raw else None
    except IllegalAction:
        return None


def _url(code: str, **args: Any) -> str:
    return url_for("card.page", code=code, **{k: v for k, v in args.items() if v is not None})


def choices(game: Game, state: CardState, seat: int, args: Mapping[str, Any],
            link_to: Callable[..., str] | None = None) -> dict[str, Any]:
    """The viewer's legal actions grouped for the screen, with the selection in the URL's
    `args` (harbour picks, a tile, a cell, an orientation) narrowing them down; `link_to` makes
    those URLs (the game's page by default; a review's puzzle gives its own)."""
    url = link_to or (lambda **kw: _url(game.code, **kw))
    legal = state.legal_actions(seat)
    takes = [a for a in legal if isinstance(a, A.Take)]
    builds = [a for a in legal if isinstance(a, A.Build)]
    out: dict[str, Any] = {
        "phase": state.phase, "picks": [], "pickable": {}, "takes": [],
        "discards": [_discard(a) for a in legal if isinstance(a, A.Discard)],
        "buildable": sorted({a.tile for a in builds}),
        "tile": None, "build": None,
        "white": {}, "white_cell": None,
        "abilities": [{"key": a.ability, "line": str(a)} for a in legal
                      if isinstance(a, A.ArmsAbility)],
        "refresh": next((str(a) for a in legal if isinstance(a, A.ArmsRefresh)), None),
        "can_pass": next((str(a) for a in legal if isinstance(a, A.Pass)), None),
        "only_pass": bool(legal) and all(isinstance(a, A.Pass) for a in legal),
        "hand_over": state.cards_over_limit(seat),
    }
    # taking cards: tap harbour cards; the next card is offered only if some take has it
    picks = [p for p in _picks(args) if any(p in take_set(a) for a in takes)]
    chosen = set(picks)
    while chosen and not any(chosen <= take_set(a) for a in takes):
        picks.pop()
        chosen = set(picks)
    out["picks"] = picks
    for i in range(HARBOUR_SIZE):
        if i in chosen:
            rest = [p for p in picks if p != i]
            out["pickable"][i] = url(pick=_join(rest) or None)
        elif len(picks) < 3 and any(chosen | {i} <= take_set(a) for a in takes):
            out["pickable"][i] = url(pick=_join([*picks, i]))
    if len(picks) >= 2:
        out["takes"] = [take_label(state, a) for a in takes if take_set(a) == chosen]
    # building: a tile, turned and flipped, then where its brick goes, then how to pay
    tile = args.get("tile")
    if tile is not None and tile in out["buildable"]:
        out["tile"] = tile
        out["build"] = build_step(game.code, state, seat, tile, builds, _int_arg(args, "rot"),
                                  _int_arg(args, "flip"), _cell_arg(args), link_to)
    # coats of arms: a white tile on a cell, an ability tile, or flipping tiles back
    whites = [a for a in legal if isinstance(a, A.ArmsWhite)]
    wcell = _cell_arg(args)
    for a in whites:
        out["white"][a.cell] = url(cell=cell_name(a.cell)) + "#myboard"
        if a.cell == wcell:
            out["white_cell"] = {"cell": cell_name(a.cell), "line": str(a), "mask": 1 << a.cell}
    return out


def take_set(a: A.Take) -> set[int]:
    return {a.first, a.second} | ({a.extra} if a.extra is not None else set())


def _join(picks: list[int]) -> str:
    return ",".join(str(p + 1) for p in picks)


def _discard(a: A.Discard) -> dict[str, Any]:
    return {"line": str(a), "label": _("Discard %(cards)s", cards=cards_words(a.cards)),
            "cards": cards(a.cards)}


def _events_of(store: Store, game: Game, upto: int, last: int = 0) -> list[dict[str, Any]]:
    """Recent events up to position `upto` (newest last), each with the seq of the action
    that caused it."""
    rows = store.log(game, after=max(0, upto - last) if last else 0, upto=upto)
    out = []
    for row in rows:
        for ev in row.events:
            out.append({"seq": row.seq, "kind": ev["kind"], "text": event_line("boardgame", ev),
                        "player": ev.get("player")})
    return out


def _by_turn(events: list[dict[str, Any]], first: str) -> list[dict[str, Any]]:
    """Events grouped under the turn they happened in, the newest turn first (`first`: the
    name of the first player, for the turn no event opens)."""
    groups: list[dict[str, Any]] = []
    for ev in events:
        if ev["kind"] == "turn_started" or not groups:
            title = ev["text"] if ev["kind"] == "turn_started" else (
                _("Turn %(turn)s: %(name)s", turn=1, name=first) if ev["seq"] == 1
                else _("Earlier"))
            groups.append({"title": title, "events": []})
            if ev["kind"] == "turn_started":
                continue
        groups[-1]["events"].append(ev)
    return groups[::-1]


def model(visit: Visit, state: CardState, who: Who, args: Mapping[str, Any],
          frame: bool = False) -> dict[str, Any]:
    """Everything the table screen shows, from the viewer's player view only (a spectator's
    view when nobody's hand may be shown), the selection in progress from the address's
    `args`; a frame (a past `state`) offers no move."""
    store, game, seats = visit.store, visit.game, visit.seats
    viewer = who.viewer
    pv = state.player_view(viewer)
    hand = [pv["hand"][c] for c in COLOURS] if viewer is not None else None
    players = []
    for p, info in enumerate(pv["players"]):
        seat = seats[p]
        players.append({
            "seat": p, "name": info["name"], "bot": seat.bot,
            "bot_label": LEVEL_LABELS.get(seat.bot or ""),
            "score": info["score"], "hand_size": pv["hand_sizes"][p],
            "abilities": [
                {"key": k, "label": ABILITY_LABELS[k], "state": v,
                 "fresh": k in pv["fresh_abilities"][p]}
                for k, v in pv["abilities"][p].items()
            ],
            "empty": info["empty_cells"],
            "board": board(pv, state.colour_masks[p], p),
            "open": seat.token is None and not seat.bot,
            "active": p == pv["active"] and not pv["over"],
        })
    supply = [
        {"colour": colour, "letter": LETTER[colour], "name": COLOUR_WORDS[colour],
         "sizes": [{"tile": f"{colour}-{n}", "size": n, "left": pv["supply"][f"{colour}-{n}"]}
                   for n in (2, 3, 4, 5)]}
        for colour in COLOURS
    ]
    harbour = [
        {"position": h["position"], "index": h["position"] - 1, "colour": h["colour"],
         "letter": LETTER.get(h["colour"] or "", ""),
         "name": COLOUR_WORDS.get(h["colour"] or "", "")}
        for h in pv["harbour"]
    ]
    my_turn = viewer is not None and viewer in pv["to_act"] and not frame
    offered = choices(game, state, viewer, args) if my_turn and viewer is not None else None
    levels = visit.bots
    return {
        "game": game, "mode": mode(game), "seq": pv["seq"],
        "who": who, "viewer": viewer, "hand": cards(hand) if hand is not None else None,
        "hand_line": A.cards_text(tuple(hand)) if hand is not None else None,
        "hand_size": sum(hand) if hand is not None else 0,
        "players": players, "supply": supply, "white_left": pv["supply"][WHITE],
        "ability_supply": [
            {"key": k, "label": ABILITY_LABELS[k], "help": ABILITY_HELP[k], "left": n}
            for k, n in pv["ability_supply"].items()
        ],
        "harbour": harbour, "deck_size": pv["deck_size"],
        "end_card": pv["end_card"], "active": pv["active"],
        "active_name": pv["players"][pv["active"]]["name"], "phase": pv["phase"],
        "my_turn": my_turn, "choices": offered, "over": pv["over"], "winners": pv["winners"],
        "end_reason": pv["end_reason"] or "",
        "bots_pending": bool(botplay.pending(state, levels)),
        "open_seats": [p for p in players if p["open"]],
        "turns": _by_turn(_events_of(store, game, pv["seq"], last=12),
                          pv["players"][0]["name"]),
        "frame": frame,
        # what the poll compares besides the move: a seat, a bot's move for a run-out clock
        "table_sig": play.table_signature(store, game, seats),
        "hint": None, "ability_help": ABILITY_HELP, "ability_labels": ABILITY_LABELS,
        "colour_names": COLOUR_WORDS, "level_labels": LEVEL_LABELS,
    }


