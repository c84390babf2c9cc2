"""The cached fast paths of move generation list exactly what the plain rules list."""

from __future__ import annotations

import random

import pytest

from boardgame import movegen as card_movegen
from boardgame.game import new_game as new_card_game
from boardgame.material import COLOUR_COUNT
from boardgame.phases import ACT, BUILD


def _card_states(games: int, seed: int) -> list:
    """States of random 2-4 player card games, with abilities and hands shuffled about."""
    out = []
    for g in range(games):
        rng = random.Random(seed + g)
        state = new_card_game(2 + g % 3, seed + g)
        while not state.is_over():
            if state.phase in (ACT, BUILD):
                twin = state.clone()
                p = twin.active
                for ab in ("discount", "change"):
                    if rng.random() < 0.5:
                        twin.abilities[p][ab] = rng.choice(("active", "used"))
                twin.hands[p] = [rng.randrange(0, 5) for _ in range(COLOUR_COUNT)]
                out.append(twin)
            state.apply(rng.choice(state.legal_actions()))
    return out


@pytest.mark.slow
def test_card_build_options_match_the_plain_rule() -> None:
    for state in _card_states(24, 500):
        for _ in range(2):  # the second time from the caches
            assert card_movegen.build_options(state) == card_movegen.build_options_plain(state)



# --- Roll & Write -----------------------------------------------------------------------

def _rw_buildings(count: int, seed: int) -> list[int]:
    """Buildings grown by random legal placements, from empty to nearly full."""
    from facade.grid import is_legal
    from rollwrite.shape_index import placement_index

    rng = random.Random(seed)
    out = []
    for _ in range(count):
        filled = 0
        for _ in range(rng.randrange(0, 16)):
            options = [p.mask for p in placement_index().placements if is_legal(p.mask, filled)]
            if not options:
                break
            filled |= rng.choice(options)
        out.append(filled)
    return out


def test_the_fitting_tiles_match_the_placement_rule_and_the_whole_table_pass() -> None:
    """RULES 1: a tile fits when one of its placements is on empty cells and supported. The
    legal set of a building (grown from the empty one) answers as the plain rule and as the
    numpy pass over every placement."""
    from facade.grid import is_legal
    from facade.shapes import placements
    from rollwrite.material import SHAPES
    from rollwrite.shape_index import SHAPE_IDS, fitting_shapes, placement_index

    seen = {True: 0, False: 0}
    for filled in _rw_buildings(60, 7):
        for mirror in (False, True):
            table = placement_index(mirror)
            whole = fitting_shapes(filled, mirror)
            legal = table.legal_set(filled)[3]
            for i, tid in enumerate(SHAPE_IDS):
                plain = any(is_legal(p.mask, filled) for p in placements(SHAPES[tid], mirror))
                assert bool(legal & table.shape_bits[i]) is plain, (tid, filled, mirror)
                assert (tid in whole) is plain
                seen[plain] += 1
    assert seen[True] and seen[False]  # both answers were met


def test_the_incremental_legal_sets_match_the_placement_rule() -> None:
    """Each sheet's legal placements, grown action by action from the cells drawn (and
    undone, and copied), are those of the plain rule recomputed from scratch: on empty cells
    and supported (RULES 1). The test the tiles and cells use on top of them agrees too."""
    from facade.grid import bits, is_legal
    from rollwrite import movegen
    from rollwrite.game import new_game
    from rollwrite.phases import MAIN
    from rollwrite.shape_index import SHAPE_INDEX, placement_index

    met = {"set": 0, "forced": 0, "after": 0}
    for g in range(16):
        mirror = g % 2 == 1
        rng = random.Random(300 + g)
        state = new_game(1 + g % 4, 300 + g, {"mirror": mirror})
        table = placement_index(mirror)
        while not state.is_over():
            for sheet in state.sheets:
                filled = sheet.building.filled
                legal = sheet.legal_set(mirror)
                assert legal == table.legal_set(filled)  # grown == from scratch
                plain = sum(1 << i for i, p in enumerate(table.placements)
                            if is_legal(p.mask, filled))
                assert legal[0] == filled and legal[3] == plain
                met["set"] += 1
            t = state.turn_state
            if t.phase == MAIN and t.chosen is None and not t.pending_arms:
                assert movegen.draw_forced_now(state) is movegen.draw_forced(
                    movegen.choose_options(state))
                met["forced"] += 1
            if t.phase == MAIN and t.chosen is not None and not t.drawn:
                filled = state.sheets[state.active].building.filled
                shape = SHAPE_INDEX[t.chosen.tile]
                for c in bits(state.sheets[state.active].building.support):
                    assert movegen.keeps_chosen_placeable(state, 1 << c) is table.any_legal(
                        filled | 1 << c, shape)
                    met["after"] += 1
            state.apply(rng.choice(state.legal_actions()))
    assert min(met.values()) > 50, met


def test_rollwrite_choices_and_picks_match_a_plain_listing() -> None:
    """The cached per-colour choices and the pick table give, in order, what the rules
    give built from scratch: every tile that fits and is on the sheet (or crossed out, with
    a yellow ★), every way to pay it; every unused die on every track it may mark."""
    from itertools import combinations

    from rollwrite import movegen
    from rollwrite.actions import Choose, Pick
    from rollwrite.facade_sheet import X_ENTRY_MASKS
    from rollwrite.game import new_game
    from rollwrite.material import (
        BONUSES_PER_COLOUR_PER_TURN,
        COLOURS,
        SHAPES,
        TRACK_LENGTH,
        WHITE,
        colour_of,
    )
    from rollwrite.phases import MAIN, PASSIVE
    from rollwrite.shape_index import fitting_shapes

    def plain_chooses(state) -> set:
        p = state.active
        sheet = state.sheets[p]
        dice = state.turn_state.dice
        fits = fitting_shapes(sheet.building.filled, state.mirror)
        out = set()
        for tid in SHAPES:
            colour = colour_of(tid)
            payers = [d for d, f in enumerate(dice) if f in (colour, WHITE)]
            bonus = min(BONUSES_PER_COLOUR_PER_TURN, sheet.bonuses_left(colour))
            entries = X_ENTRY_MASKS[tid]
            crossed = state.facade_sheet.mask & entries
            starred = (True,) if crossed and sheet.stars_left("yellow") > 0 else ()
            plain = (False,) if not entries or crossed != entries else ()
            if tid not in fits:
                continue
            for k in range(bonus + 1):
                for paid in combinations(payers, SHAPES[tid].size - k):
                    for new in plain + starred:
                        out.add((tid, tuple(sorted(paid)), k, new))
        return out

    met = {"choose": 0, "pick": 0}
    for players in (1, 2, 3, 4):
        for g in range(6):
            rng = random.Random(900 + 10 * players + g)
            state = new_game(players, 900 + g)
            while not state.is_over():
                t = state.turn_state
                if t.phase == MAIN and t.chosen is None and not t.pending_arms:
                    listed = movegen.choose_options(state)
                    assert all(isinstance(c, Choose) for c in listed)
                    # one representative per interchangeable die: same tiles, payments
                    # as multisets of faces, bonuses and stars
                    faces = {(c.tile, tuple(sorted(t.dice[d] for d in c.dice)), c.bonuses,
                              c.new_choice) for c in listed}
                    want = {(tid, tuple(sorted(t.dice[d] for d in paid)), k, new)
                            for tid, paid, k, new in plain_chooses(state)}
                    assert faces == want
                    assert len(listed) == len(set(listed))
                    met["choose"] += 1
                if t.phase == PASSIVE:
                    for p in range(players):
                        if t.done[p]:
                            continue
                        marks = state.sheets[p].marks
                        used = set(state.used_dice()) | set(t.picks[p])
                        first = {}
                        for d, f in enumerate(t.dice):
                            if d not in used:
                                first.setdefault(f, d)
                        want = [
                            Pick(p, d, c)
                            for f, d in sorted(first.items(), key=lambda x: x[1])
                            for c in (COLOURS if f == WHITE else (f,))
                            if marks[c] < TRACK_LENGTH
                        ]
                        assert movegen.pick_options(state, p) == want
                        met["pick"] += 1
                state.apply(rng.choice(state.legal_actions()))
    assert met["choose"] > 100 and met["pick"] > 100, met


def test_rollwrite_lists_nothing_for_a_seat_that_is_not_at_the_table() -> None:
    from rollwrite.game import new_game

    for players in (1, 2, 3, 4):
        state = new_game(players, 5)
        rng = random.Random(players)
        for _ in range(60):
            for seat in (-1, players, 7):
                assert state.legal_actions(seat) == [], (seat, state.phase)
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))


def test_the_rollwrite_log_is_written_out_when_read_and_copies_keep_their_own() -> None:
    """Actions are kept as objects and written as text when the log is read; reading it
    early or late gives the same text, and a clone's log is its own."""
    from rollwrite.game import new_game, replay

    state = new_game(3, 12)
    rng = random.Random(12)
    texts = []
    for step in range(80):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        texts.append(str(action))
        if step == 30:
            assert state.log == texts and state.seq == 31
            twin = state.clone()
    assert state.log == texts and state.seq == len(texts)
    twin.apply(twin.legal_actions()[0])
    assert twin.log[:31] == texts[:31] and len(twin.log) == 32 and state.log == texts
    assert replay(state.config, state.log) == state


def test_only_the_roll_made_for_this_moment_skips_its_checks() -> None:
    """`chance_action` remembers the seeded roll it made; that very roll, applied at that
    very moment, is not checked again. A stale one, or typed-in faces, still are."""
    import pytest

    from facade.errors import IllegalAction
    from rollwrite.actions import Roll
    from rollwrite.game import new_game

    state = new_game(3, 8)
    first = state.chance_action()
    assert state.chance_action() is first  # made once for this moment
    twin = state.clone()
    state.apply(Roll(first.player, first.faces))  # equal faces, another object: checked, fine
    twin.apply(first)
    assert state == twin
    rng = random.Random(8)
    while not (state.is_chance() and state.turn == 3):  # p1's turn again
        state.apply(rng.choice(state.legal_actions()))
    assert state.active == first.player and state.chance_action().faces != first.faces
    with pytest.raises(IllegalAction, match="the game rolls the dice"):
        state.apply(first)  # turn 1's roll, remembered no longer: checked and refused
    wrong = Roll(state.active, tuple("white" for _ in state.chance_action().faces))
    if wrong.faces != state.chance_action().faces:
        with pytest.raises(IllegalAction):
            state.apply(wrong)


def test_the_game_hash_is_the_same_twice_and_sees_a_changed_listing(monkeypatch) -> None:
    """`python -m benchmarks.game_hash` is how a speed-up shows it changed no game: the same
    code gives the same hash, and a listing in another order gives another."""
    from benchmarks.game_hash import game_hash
    from rollwrite import movegen

    first = game_hash(3)
    assert game_hash(3) == first
    plain = movegen.pick_options
    monkeypatch.setattr(movegen, "pick_options", lambda state, p: plain(state, p)[::-1])
    assert game_hash(3) != first


def test_a_rollwrite_clone_has_a_config_of_its_own() -> None:
    """A clone's config is a copy, as deep as the config (bots set a clone's seed)."""
    import copy

    from rollwrite.game import new_game

    state = new_game(3, 44, {"mirror": True})
    state.config["extra"] = {"nested": [1, 2]}  # deeper than the engine's own configs
    twin = state.clone()
    assert twin.config == copy.deepcopy(state.config)
    twin.config["seed"] = 45
    twin.config["players"][0] = "someone else"
    twin.config["options"]["mirror"] = False
    twin.config["extra"]["nested"].append(3)
    assert state.config["seed"] == 44 and state.config["players"][0] != "someone else"
    assert state.config["options"]["mirror"] is True and state.config["extra"]["nested"] == [1, 2]


def _dice_draw_states(games: int, seed: int) -> list:
    """Roll & Write states waiting for a drawing, reached by greedy play (1-2 players)."""
    import rollwrite
    from bots.levels import make_bot
    from rollwrite.actions import Draw

    out = []
    for g in range(games):
        state = rollwrite.new_game(1 + g % 2, seed + g)
        bots = [make_bot("rollwrite", "greedy", g), make_bot("rollwrite", "greedy", g + 1)]
        while not state.is_over():
            if state.is_chance():
                state.apply(state.chance_action())
                continue
            p = state.to_act()[0]
            if any(isinstance(a, Draw) for a in state.legal_actions(p)):
                out.append(state.clone())
            state.apply(bots[p].decide(state, p))
    return out


def test_greedy_remembered_drawing_is_the_best_legal_drawing() -> None:
    """The greedy bot keeps the best drawing of a tile per grid (issue 21, for the search's
    rollouts); it equals the best of the engine's own legal drawings valued plainly."""
    from bots.rollwrite.evaluate import grid_value
    from bots.rollwrite.greedy import STAR_COST, best_draw
    from rollwrite.actions import Draw

    states = _dice_draw_states(6, 900)
    assert len(states) > 40
    for state in states * 2:  # the second time from the cache
        p, tile = state.active, state.turn_state.chosen.tile
        sheet = state.sheets[p]
        filled, bricks = sheet.building.filled, sheet.building.bricks
        draws = [a for a in state.legal_actions(p) if isinstance(a, Draw) and a.tile == tile]
        plain = max(
            grid_value(filled | d.mask, bricks | d.brick) - (STAR_COST if d.brick == 0 else 0)
            for d in draws
        )
        value, draw = best_draw(state, tile)
        assert value == pytest.approx(plain)
        assert draw in draws


def test_greedy_coat_of_arms_values_from_the_sheet_equal_a_played_copy() -> None:
    """The greedy bot values coats of arms on a copy of the sheet alone (issue 21); every
    choice is worth exactly what playing it on a copy of the whole game gives."""
    import rollwrite
    from bots.levels import make_bot
    from bots.rollwrite.greedy import after_value, arms_value
    from rollwrite.actions import ArmsCell, ArmsTrack

    seen = {ArmsCell: 0, ArmsTrack: 0}
    for g in range(30):
        state = rollwrite.new_game(1 + g % 3, 700 + g)
        bots = [make_bot("rollwrite", "greedy", g + i) for i in range(3)]
        while not state.is_over():
            if state.is_chance():
                state.apply(state.chance_action())
                continue
            p = state.to_act()[0]
            if state.turn_state.pending_arms:
                for a in state.legal_actions(p):
                    if type(a) in seen:
                        seen[type(a)] += 1
                        assert arms_value(state, a, p) == after_value(state, a, p), str(a)
            state.apply(bots[p].decide(state, p))
    assert min(seen.values()) > 20, seen
