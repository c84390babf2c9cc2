"""The player views' types (rollwrite.view.DiceView, boardgame.view.CardView, facade.view's
shared parts) are what `player_view` really gives: on every position of random legal games of
both editions (several seeds, player counts and options; every phase and the end; at each
position a spectator and one seat in turn, every seat at the end), each view's keys are
exactly its TypedDict's and every value has its declared type, all the way down. And the
types are no wider than the views: every member of a union and every value of a literal
turns up somewhere. A key added to a view, or a type changed, without its TypedDict
following, fails here."""

from __future__ import annotations

import functools
import random
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints

import pytest

from boardgame.game import new_game as card_game
from boardgame.phases import Phase as CardPhase
from boardgame.view import CardView
from facade.contract import EngineState
from facade.view import ViewHead
from rollwrite import actions as RA  # noqa: N812
from rollwrite.game import new_game as dice_game
from rollwrite.phases import Phase as DicePhase
from rollwrite.view import DiceView

# (path, type) -> the union members or literal values met there; a path leaves out list
# indexes and dict keys: `view.buildings[].arms[].state`
Seen = dict[tuple[str, str], set[str]]


Checker = Callable[[object, list[str], Seen], None]  # appends what is wrong, notes what it met


@functools.cache
def checker(tp: Any, path: str) -> Checker:
    """A check of values against `tp` (a TypedDict, list, dict, union, literal or scalar) at
    `path`, built once per type and path: reading the types is slow, the views are many."""
    origin = get_origin(tp)
    if origin is NotRequired:
        return checker(get_args(tp)[0], path)
    if typing.is_typeddict(tp):
        return _typed_dict(tp, path)
    if origin in (Union, types.UnionType):
        return _union(tp, path)
    if origin is Literal:
        allowed = {(type(a), a) for a in get_args(tp)}
        key = (path, str(tp))

        def literal(value: object, errors: list[str], seen: Seen) -> None:
            if (type(value), value) not in allowed:
                errors.append(f"{path}: {value!r} is not one of {get_args(tp)}")
            else:
                seen.setdefault(key, set()).add(repr(value))
        return literal
    if origin is list:
        item = checker(get_args(tp)[0], f"{path}[]")

        def a_list(value: object, errors: list[str], seen: Seen) -> None:
            if type(value) is not list:
                errors.append(f"{path}: {type(value).__name__}, not a list")
                return
            for v in value:
                item(v, errors, seen)
        return a_list
    if origin is dict:
        keys, values = checker(get_args(tp)[0], f"{path}{{key}}"), checker(get_args(tp)[1],
                                                                             f"{path}{{}}")

        def a_dict(value: object, errors: list[str], seen: Seen) -> None:
            if type(value) is not dict:
                errors.append(f"{path}: {type(value).__name__}, not a dict")
                return
            for k, v in value.items():
                keys(k, errors, seen)
                values(v, errors, seen)
        return a_dict
    scalar = type(None) if tp is None else tp
    assert scalar in (int, str, bool, type(None)), f"{path}: the checker knows no type {tp}"

    def a_scalar(value: object, errors: list[str], seen: Seen) -> None:
        if type(value) is not scalar:  # a bool is no int here, an int no bool
            errors.append(f"{path}: {value!r} is not {scalar.__name__}")
    return a_scalar


def _typed_dict(tp: Any, path: str) -> Checker:
    """Exactly the TypedDict's keys (NotRequired ones may be missing), each of its type."""
    hints = get_type_hints(tp, include_extras=True)
    required = {k for k, h in hints.items() if get_origin(h) is not NotRequired}
    fields = {k: checker(h, f"{path}.{k}") for k, h in hints.items()}

    def a_typed_dict(value: object, errors: list[str], seen: Seen) -> None:
        if type(value) is not dict:
            errors.append(f"{path}: {type(value).__name__}, not a dict ({tp.__name__})")
            return
        errors += [f"{path}: no key {k!r} ({tp.__name__})" for k in sorted(required - set(value))]
        for k, v in value.items():
            field = fields.get(k)
            if field is None:
                errors.append(f"{path}: key {k!r} not in {tp.__name__}")
            else:
                field(v, errors, seen)
    return a_typed_dict


def _union(tp: Any, path: str) -> Checker:
    """One of the members (the first that fits), noted as met."""
    members = [(str(m), checker(m, path)) for m in get_args(tp)]
    key = (path, str(tp))

    def a_union(value: object, errors: list[str], seen: Seen) -> None:
        closest: list[str] = []
        for name, member in members:
            wrong: list[str] = []
            met: Seen = {}
            member(value, wrong, met)
            if not wrong:
                seen.setdefault(key, set()).add(name)
                for k, v in met.items():
                    seen.setdefault(k, set()).update(v)
                return
            if not closest or len(wrong) < len(closest):
                closest = wrong
        errors.append(f"{path}: {value!r} is none of {tp}; nearest: {'; '.join(closest)}")
    return a_union


def check(value: object, tp: Any, path: str, seen: Seen) -> list[str]:
    """Where `value` is not of type `tp`, one line each; `seen` collects which union members
    and literal values were met."""
    errors: list[str] = []
    checker(tp, path)(value, errors, seen)
    return errors


def expected(tp: Any, path: str, out: Seen) -> Seen:
    """Every union and literal in `tp`, by path, with all its members: what `seen` should
    hold once enough views are checked."""
    origin = get_origin(tp)
    if origin is NotRequired:
        return expected(get_args(tp)[0], path, out)
    if typing.is_typeddict(tp):
        for k, h in get_type_hints(tp, include_extras=True).items():
            expected(h, f"{path}.{k}", out)
    elif origin in (Union, types.UnionType):
        out[(path, str(tp))] = {str(m) for m in get_args(tp)}
        for m in get_args(tp):
            expected(m, path, out)
    elif origin is Literal:
        out[(path, str(tp))] = {repr(a) for a in get_args(tp)}
    elif origin is list:
        expected(get_args(tp)[0], f"{path}[]", out)
    elif origin is dict:
        expected(get_args(tp)[0], f"{path}{{key}}", out)
        expected(get_args(tp)[1], f"{path}{{}}", out)
    return out


def positions(make: Callable[[], EngineState], seed: int) -> Iterator[EngineState]:
    """Every position of one game of random legal moves (an Undo never chosen when another
    move exists), its end included; manual dice are rolled from the same random source."""
    rng = random.Random(seed)
    state = make()
    while True:
        yield state
        if state.is_over():
            return
        if state.is_chance():
            state.apply(state.chance_action(rng))  # type: ignore[attr-defined]
            continue
        options = list(state.legal_actions())
        moves = [a for a in options if not isinstance(a, RA.Undo)] or options
        state.apply(rng.choice(moves))


DICE_GAMES = [
    (players, seed, options)
    for players in (1, 2, 3, 4)
    for seed, options in ((1, {}), (2, {"mirror": True}), (3, {"dice": "manual"}))
]
CARD_GAMES = [(players, seed) for players in (2, 3, 4) for seed in (1, 2, 3, 4, 5)]


def _views(games: list[tuple[Callable[[], EngineState], int]], typ: Any, phases: set[str]
           ) -> Seen:
    """Check, at every position of the games, a spectator's view and one seat's (each seat in
    turn), every seat's at the end; every phase must be met. Gives the unions' members and
    literals' values met."""
    seen: Seen = {}
    met: set[str] = set()
    count = 0
    for make, seed in games:
        for i, state in enumerate(positions(make, seed)):
            met.add(str(state.phase))  # type: ignore[attr-defined]
            seats = range(state.players) if state.is_over() else [i % state.players]
            for viewer in (None, *seats):
                errors = check(state.player_view(viewer), typ, "view", seen)
                assert not errors, "\n".join(errors[:20])
                count += 1
    assert met == phases, f"phases never met: {phases - met}"
    assert count > 1000
    return seen


def _unmet(typ: Any, seen: Seen) -> dict[tuple[str, str], set[str]]:
    want = expected(typ, "view", {})
    return {k: want[k] - seen.get(k, set()) for k in want if want[k] - seen.get(k, set())}


def test_dice_views_have_exactly_the_keys_and_types_of_dice_view():
    games = [(lambda p=p, s=s, o=o: dice_game(p, s, o), s) for p, s, o in DICE_GAMES]
    seen = _views(games, DiceView, {str(p) for p in DicePhase})
    assert not _unmet(DiceView, seen)  # every union member and literal value was met


def test_card_views_have_exactly_the_keys_and_types_of_card_view():
    games = [(lambda p=p, s=s: card_game(p, s), s) for p, s in CARD_GAMES]
    seen = _views(games, CardView, {str(p) for p in CardPhase})
    assert not _unmet(CardView, seen)


def test_the_checker_finds_a_missing_key_an_extra_key_and_a_wrong_type():
    view: Any = dice_game(2, 1).player_view(0)  # spoilt below on purpose
    assert not check(view, DiceView, "view", {})
    del view["rerolls"]
    view["secret"] = 1
    view["buildings"][1]["arms"][0]["state"] = "gone"
    view["players"][0]["score"] = True  # a bool is not an int here
    assert sorted(check(view, DiceView, "view", {})) == [
        "view.buildings[].arms[].state: 'gone' is not one of ('open', 'pending', 'used')",
        "view.players[].score: True is not int",
        "view: key 'secret' not in DiceView",
        "view: no key 'rerolls' (DiceView)",
    ]


def test_both_views_open_with_the_head_the_contract_promises():
    head = set(get_type_hints(ViewHead))
    for typ in (DiceView, CardView):
        hints = get_type_hints(typ)
        assert head < set(hints) and all(hints[k] == get_type_hints(ViewHead)[k] for k in head)
    for state in (dice_game(3, 1), card_game(3, 1)):
        assert head <= set(state.player_view(None))


@pytest.mark.parametrize("edition", ["rollwrite", "boardgame"])
def test_the_edition_literal_names_the_view(edition):
    typ = DiceView if edition == "rollwrite" else CardView
    assert get_type_hints(typ)["edition"] == Literal[edition]
