"""What a web layer reads from both engines: seq, the JSON player view, placements, event
texts from templates, refusal codes (RULES 1, 2, 3; 5.1 and 5.15 have tests of their own)."""

import json
import random

import pytest

from boardgame import actions as BA  # noqa: N812
from boardgame import messages as bmsg
from boardgame.game import new_game as card_game
from boardgame.material import END_CARD, WHITE
from facade.errors import IllegalAction, NotationError
from facade.grid import parse_cell
from facade.messages import codes, render
from facade.outcome import EndReason
from facade.placements import Placement, placements_by_cell
from rollwrite import actions as RA  # noqa: N812
from rollwrite import messages as rmsg
from rollwrite.game import new_game as dice_game
from rollwrite.phases import Phase

SECRET = "secret-seed-4711"
COMMON_KEYS = {
    "schema", "edition", "seq", "viewer", "players", "active", "phase", "to_act", "over",
    "end_reason", "winners", "target", "buildings", "summary",
}


def _random_states(make, seed: int, steps: int, every: int = 1):
    """States along one random game (copies), every `every` actions."""
    rng = random.Random(seed)
    state = make()
    n = 0
    while not state.is_over() and n < steps:
        if n % every == 0:
            yield state.clone()
        options = state.legal_actions()
        if options and isinstance(options[0], RA.Undo):
            options = options[1:] or options
        state.apply(rng.choice(options))
        n += 1
    yield state


def _json_types_only(value) -> bool:
    if value is None or type(value) in (str, int, bool):
        return True
    if type(value) is list:
        return all(_json_types_only(v) for v in value)
    if type(value) is dict:
        return all(type(k) is str and _json_types_only(v) for k, v in value.items())
    return False


# ----------------------------------------------------------------------------- seq
@pytest.mark.parametrize("make", [lambda: dice_game(3, 5), lambda: card_game(3, 5)])
def test_seq_counts_applied_actions(make):
    for state in _random_states(make, 1, 60):
        assert state.seq == len(state.log)


# ----------------------------------------------------------------------------- player view
@pytest.mark.parametrize("players", [1, 2, 4])
def test_dice_view_is_json_without_seed(players):
    for state in _random_states(lambda: dice_game(players, SECRET), players, 400, every=7):
        for viewer in [None, *range(players)]:
            view = state.player_view(viewer)
            assert _json_types_only(view)
            assert json.loads(json.dumps(view)) == view
            assert SECRET not in json.dumps(view)
            assert view["schema"] == 1 and view["edition"] == "rollwrite"
            assert COMMON_KEYS <= set(view)
            assert view["seq"] == state.seq and view["viewer"] == viewer
            assert view["phase"] == str(state.phase)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_card_view_is_json_without_seed_or_deck(players):
    for state in _random_states(lambda: card_game(players, SECRET), players, 300, every=9):
        for viewer in [None, *range(players)]:
            view = state.player_view(viewer)
            assert _json_types_only(view)
            assert json.loads(json.dumps(view)) == view
            assert SECRET not in json.dumps(view)
            assert view["schema"] == 1 and view["edition"] == "boardgame"
            assert COMMON_KEYS <= set(view)
            assert "deck" not in view and view["deck_size"] == len(state.deck)
            assert view["hand_sizes"] == [sum(h) for h in state.hands]
            if viewer is None:
                assert view["hand"] == {}
            else:
                assert list(view["hand"].values()) == state.hands[viewer]


def _reshuffle_hidden(state, viewer: int, rng: random.Random):
    """The same game with the cards the viewer cannot see dealt differently: other hands
    (same sizes) and the deck order, the end card staying where it is."""
    other = state.clone()
    pool = [c for q in range(state.players) if q != viewer
            for i, c in enumerate(("red", "yellow", "green", "blue", "purple"))
            for _ in range(state.hands[q][i])]
    pool += [c for c in state.deck if c != END_CARD]
    rng.shuffle(pool)
    for q in range(state.players):
        if q != viewer:
            size = sum(state.hands[q])
            hand = [0] * 5
            for c in pool[:size]:
                hand[("red", "yellow", "green", "blue", "purple").index(c)] += 1
            del pool[:size]
            other.hands[q] = hand
    other.deck = [END_CARD if c == END_CARD else pool.pop() for c in state.deck]
    other.config["seed"] = "another seed"
    return other


def test_card_view_hides_other_hands_and_deck_order():
    rng = random.Random(3)
    changed = 0
    for state in _random_states(lambda: card_game(4, 8), 8, 200, every=11):
        for viewer in (None, 0, 2):
            seat = 0 if viewer is None else viewer
            other = _reshuffle_hidden(state, -1 if viewer is None else seat, rng)
            if other.hands != state.hands or other.deck != state.deck:
                changed += 1
            assert other.player_view(viewer) == state.player_view(viewer)
    assert changed  # the hidden cards really were dealt differently


def test_card_view_shows_the_viewers_own_hand():
    state = card_game(3, 8)
    other = state.clone()
    other.hands[1] = [3, 0, 0, 0, 0]
    assert other.player_view(1) != state.player_view(1)
    assert other.player_view(1)["hand"]["red"] == 3


def test_building_rows_put_row_9_first_and_name_cells():
    state = card_game(2, 1)
    state.hands[0] = [2, 0, 0, 0, 0]
    state.apply("p1 build red-2:A1,b1 pay R,R")
    b = state.player_view(None)["buildings"][0]
    assert b["rows"][-1] == ["X", "O", "", "", ""] and b["rows"][0] == [""] * 5
    assert len(b["rows"]) == 9 and all(len(r) == 5 for r in b["rows"])
    assert b["cells"] == {"a1": "X", "b1": "O"}
    assert {a["cell"] for a in b["arms"] if a["kind"] == "cell"} == {"c3", "e5", "b7", "d9"}


def test_dice_view_tracks_show_unlocked_and_used_boxes():
    state = dice_game(1, 2)
    sheet = state.sheets[0]
    sheet.marks["red"] = sheet.usable["red"] = 3  # + ★ + unlocked
    sheet.bonuses_used["red"] = 1
    sheet.stars_used["red"] = 3  # both starting stars and the star of box 2
    red = state.player_view(0)["tracks"][0]["red"]
    assert [b["state"] for b in red["boxes"][:4]] == ["used", "used", "unlocked", "locked"]
    assert [b["kind"] for b in red["boxes"][:3]] == ["+", "★", "+"]
    assert red["starting_stars_left"] == 0 and red["stars_left"] == 0
    assert red["bonuses_left"] == 1 and red["marked"] == 3 and not red["complete"]


def test_dice_view_lists_dice_facade_sheet_and_chosen():
    state = dice_game(2, 9)
    state.apply("p1 setup none")
    state.apply("p2 setup G")
    state.apply(state.chance_action())
    view = state.player_view(1)
    assert [d["index"] for d in view["dice"]] == [1, 2, 3, 4, 5]
    assert [d["face"] for d in view["dice"]] == state.dice
    assert len(view["facade_sheet"]) == 25
    crossed = [e["id"] for e in view["facade_sheet"] if e["crossed"]]
    assert sorted(crossed) == ["B4R", "G4R", "P4", "R4", "Y4R"]
    assert view["tracks"][1]["green"]["marked"] == 2 and view["chosen"] is None


# ----------------------------------------------------------------------------- placements
def test_dice_placements_match_the_legal_draws():
    checked = 0
    for seed in range(12):
        for state in _random_states(lambda s=seed: dice_game(3, s), seed, 300):
            turn = state.turn_state
            if turn.phase != "main" or turn.chosen is None or turn.drawn:
                assert state.placements() == []
                continue
            if turn.pending_arms:
                continue
            draws = [a for a in state.legal_actions() if isinstance(a, RA.Draw)]
            pls = state.placements()
            assert all(isinstance(p, Placement) for p in pls)
            assert {p.mask for p in pls} == {a.mask for a in draws}
            for p in pls:
                assert state.draws_for(p.mask) == [a for a in draws if a.mask == p.mask]
                assert p.tile == turn.chosen.tile and len(p.cells) == p.mask.bit_count()
            checked += 1
    assert checked > 20


def test_card_placements_match_the_legal_builds():
    checked = 0
    for seed in range(8):
        for state in _random_states(lambda s=seed: card_game(2 + s % 3, s), seed, 200):
            legal = state.legal_actions()
            builds = [a for a in legal if isinstance(a, BA.Build)]
            for tile in state.tiles:
                pls = state.placements(tile)
                if tile == WHITE:
                    cells = {1 << a.cell for a in legal if isinstance(a, BA.ArmsWhite)}
                    assert {p.mask for p in pls} == cells
                    continue
                mine = [a for a in builds if a.tile == tile]
                assert {(p.mask, p.brick) for p in pls} == {(a.mask, a.brick) for a in mine}
                for p in pls:
                    listed = state.builds_for(tile, p.mask, p.brick)
                    assert min(sum(a.pay) for a in listed) == p.cost
                    assert ("construction_discount" in p.discounts) == any(
                        a.discount for a in listed if sum(a.pay) == p.cost)
                checked += len(pls)
    assert checked > 100


def test_card_placement_names_its_discount_reasons():
    state = card_game(2, 1)
    state.hands[0] = [3, 0, 0, 0, 0]
    state.apply("p1 build red-2:A1,b1 pay R,R")
    state.hands[1] = [0, 0, 0, 0, 0]
    state.apply("p2 take 1,2")
    state.hands[0] = [2, 0, 0, 0, 0]
    pls = {p.mask: p for p in state.placements("red-2")}
    beside = pls[(1 << parse_cell("c1")) | (1 << parse_cell("d1"))]
    apart = pls[(1 << parse_cell("d1")) | (1 << parse_cell("e1"))]
    assert beside.cost == 1 and beside.discounts == ("adjacent_same_colour",)
    assert apart.cost == 2 and apart.discounts == ()


def test_placements_by_cell_indexes_every_covering_placement():
    state = card_game(2, 1)
    state.hands[0] = [5, 0, 0, 0, 0]
    pls = state.placements("red-3")
    index = placements_by_cell(pls)
    for name, ids in index.items():
        assert ids == [i for i, p in enumerate(pls) if name in p.cells]
    assert set(index) == {c for p in pls for c in p.cells}


# ----------------------------------------------------------------------------- events
def _all_events(make, games: int, players: tuple[int, ...]):
    for g in range(games):
        rng = random.Random(g)
        state = make(players[g % len(players)], g)
        while not state.is_over():
            options = state.legal_actions()
            if isinstance(options[0], RA.Undo) and rng.random() < 0.9:
                options = options[1:] or options
            yield from state.apply(rng.choice(options))


@pytest.mark.parametrize(("make", "module", "players"), [
    (dice_game, rmsg, (1, 2, 3, 4)),
    (card_game, bmsg, (2, 3, 4)),
])
@pytest.mark.slow
def test_every_event_text_is_its_template_rendered(make, module, players):
    seen = set()
    known = set(codes(module.TEMPLATES))
    for ev in _all_events(make, 150, players):
        assert ev.text == module.render(ev.kind, ev.data)
        assert ev.kind in known
        assert json.loads(json.dumps(ev.to_dict())) == ev.to_dict()
        seen.add(ev.kind)
    assert {"scored", "turn_started", "game_over"} <= seen


def test_render_words_optional_parts_and_forms():
    data = {"name": "Ann", "tile": "R3", "dice": "RW", "bonuses": 1, "new_choice": True}
    assert rmsg.render("chosen", data) == "Ann takes R3 with RW +1 bonus (yellow ★: New choice)"
    assert rmsg.render("chosen", {**data, "bonuses": 0, "new_choice": False}) == (
        "Ann takes R3 with RW")
    assert render("scored", {"name": "Bo", "line": "b", "points": 4}) == (
        "Bo completes column b: +4")
    over = {"reason": "end card", "names": ["A", "B"], "score": 9, "form": "shared"}
    assert render("game_over", over) == "game over (end card): A and B share the victory with 9"


# ----------------------------------------------------------------------------- refusals
def test_refusals_carry_codes_and_keep_their_message():
    state = dice_game(3, 1)
    with pytest.raises(IllegalAction) as err:
        state.apply("p2 end")
    assert err.value.code == "not_your_turn" and err.value.params == {"player": 1, "active": 0}
    assert str(err.value) == "it is Player 1's turn, not Player 2's"
    with pytest.raises(IllegalAction) as err:
        state.apply("p1 jump")
    assert err.value.code == "unknown_action" and isinstance(err.value, NotationError)
    with pytest.raises(IllegalAction) as err:
        state.apply("p1 draw")
    assert err.value.code == "placement_syntax"

    card = card_game(2, 1)
    card.hands[0] = [1, 0, 0, 0, 0]
    with pytest.raises(IllegalAction) as err:
        card.apply("p1 build red-2:A1,b1 pay R,R")
    assert err.value.code == "unaffordable" and "you need 2 red card(s)" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        card.apply("p1 build red-2:A2,b2 pay R,R")
    assert err.value.code == "illegal_placement"
    card.over = True
    with pytest.raises(IllegalAction) as err:
        card.apply("p1 take 1,2")
    assert err.value.code == "game_over" and err.value.to_dict()["message"] == "the game is over"


def test_plain_refusals_default_to_illegal():
    err = IllegalAction("no")
    assert err.code == "illegal" and err.params == {} and str(err) == "no"


# ----------------------------------------------------------------------------- phases
def test_dice_phase_and_end_reason_are_string_enums_with_the_old_values():
    state = dice_game(3, 1)
    assert state.phase is Phase.ROLL and state.phase == "roll"
    assert [p.value for p in Phase] == ["setup", "roll", "reroll", "main", "passive", "over"]
    assert EndReason.TARGET_REACHED == "12 points reached"
    assert json.dumps({"p": Phase.MAIN}) == '{"p": "main"}'
