"""Audit of the card edition against RULES 1, 2 and 5 (docs/rules.md) and the rulebooks.

Only rules that tests/test_boardgame_rules.py and tests/test_boardgame_properties.py do not
already pin down. Shapes are checked against an independent reading of the RULES 2.3 table.
"""

import json

import pytest

from boardgame import GameState, IllegalAction, new_game
from boardgame.actions import Build, Take
from boardgame.material import END_CARD
from facade.grid import FULL, parse_cell
from facade.outcome import EndReason

COLOURS = ("red", "yellow", "green", "blue", "purple")
LETTERS = {"red": "R", "yellow": "Y", "green": "G", "blue": "B", "purple": "P"}

# RULES 2.3, copied by hand: rows top to bottom, B brick, W window, '.' not part of the tile
RULES_TILES = {
    "purple-2": "BW",
    "purple-3": "BWW",
    "purple-4": "BWWW",
    "purple-5": "BWWWW",
    "green-2": "BW",
    "green-3": "BWW",
    "green-4": "WWW/.B.",
    "green-5": ".W./BWW/.W.",
    "red-2": "BW",
    "red-3": "WW/B.",
    "red-4": "WW/BW",
    "red-5": ".WW/BWW",
    "blue-2": "BW",
    "blue-3": "WW/B.",
    "blue-4": "..W/BWW",
    "blue-5": "..W/BWW/..W",
    "yellow-2": "BW",
    "yellow-3": "WW/B.",
    "yellow-4": ".WW/WB.",
    "yellow-5": "W../WWW/..B",
}


def cells(*names: str) -> int:
    return sum(1 << parse_cell(n) for n in names)


def hand(**counts: int) -> list[int]:
    return [counts.get(c, 0) for c in COLOURS]


def game(players: int = 3, seed: int = 1) -> GameState:
    s = new_game(players, seed)
    s.harbour = ["red", "red", "green", "blue", "yellow", "purple", "green"]
    return s


def snapshot(s: GameState) -> str:
    return json.dumps(s.to_dict(), sort_keys=True)


def images(rows: str) -> set[tuple[frozenset, tuple[int, int]]]:
    """Every rotation and mirror image of a tile as (cells, brick), at the origin."""
    lines = rows.split("/")
    h = len(lines)
    shape = set()
    brick = None
    for r, line in enumerate(lines):
        for x, ch in enumerate(line):
            if ch in "BW":
                shape.add((x, h - 1 - r))
                if ch == "B":
                    brick = (x, h - 1 - r)
    out = set()
    for flip in (False, True):
        pts = {((-x if flip else x), y) for x, y in shape}
        b = ((-brick[0] if flip else brick[0]), brick[1])
        for _ in range(4):
            pts = {(y, -x) for x, y in pts}
            b = (b[1], -b[0])
            mx = min(x for x, _ in pts)
            my = min(y for _, y in pts)
            out.add((frozenset((x - mx, y - my) for x, y in pts), (b[0] - mx, b[1] - my)))
    return out


def notation(tile: str, pts: frozenset, brick: tuple[int, int]) -> str:
    names = []
    for x, y in sorted(pts, key=lambda p: (p[1], p[0])):
        name = f"{'abcde'[x]}{y + 1}"
        names.append(name.upper() if (x, y) == brick else name)
    return f"{tile}:{','.join(names)}"


def mask_of(pts: frozenset) -> int:
    return sum(1 << (5 * y + x) for x, y in pts)


# --- 2.1 / 2.4 setup ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "hands", "deck"),
    [(2, [2, 3], 70 - 7 - 5 + 1), (3, [2, 3, 3], 60 - 7 - 8), (4, [2, 3, 3, 4], 70 - 7 - 12)],
)
def test_setup_starting_hands_and_deck_size_per_player_count(players, hands, deck):
    """RULES 2.4.2-2.4.5: harbour 7, hands 2/3/3/4 in turn order, the rest is the deck
    (2 players: the end card is inside it; 3-4: it waits beside the board)."""
    s = new_game(players, 11)
    assert [s.hand_size(p) for p in range(players)] == hands
    assert len(s.deck) == deck
    assert (END_CARD in s.deck) == (players == 2)
    assert s.discard == hand()


# --- 2.3 tile shapes and bricks -------------------------------------------------------------


@pytest.mark.parametrize("tile", sorted(RULES_TILES))
def test_every_rotation_and_flip_of_each_tile_is_accepted_with_its_brick(tile):
    """RULES 2.3: tiles rotate and flip; the brick moves with the tile. Every image of the
    RULES table is a legal build on row 1, and the brick on any other cell of it is refused."""
    colour = tile.split("-")[0]
    size = int(tile.split("-")[1])
    for pts, brick in images(RULES_TILES[tile]):
        allowed = {b for p, b in images(RULES_TILES[tile]) if p == pts}
        s = game()
        s.hands[0] = hand(**{colour: size})
        s.apply(f"p1 build {notation(tile, pts, brick)} pay {','.join([LETTERS[colour]] * size)}")
        assert s.boards[0].filled == mask_of(pts)
        assert s.boards[0].bricks == mask_of(frozenset([brick]))
        for wrong in pts - allowed:
            s = game()
            s.hands[0] = hand(**{colour: size})
            before = snapshot(s)
            with pytest.raises(IllegalAction, match="brick"):
                s.apply(
                    f"p1 build {notation(tile, pts, wrong)} "
                    f"pay {','.join([LETTERS[colour]] * size)}"
                )
            assert snapshot(s) == before


def test_listed_builds_are_exactly_the_rules_images_of_each_tile():
    """RULES 2.3: on an empty board, the builds anchored at a1 are exactly the rotations and
    mirror images of the RULES table, each with its brick — nothing more, nothing less."""
    s = game()
    s.hands[0] = hand(red=5, yellow=5, green=5, blue=5, purple=5)
    listed: dict[str, set[tuple[int, int]]] = {t: set() for t in RULES_TILES}
    for a in s.legal_actions():
        if (
            isinstance(a, Build)
            and a.mask & cells("a1", "a2", "a3", "a4", "a5")
            and (a.mask & cells("a1", "b1", "c1", "d1", "e1"))
        ):
            listed[a.tile].add((a.mask, a.brick))
    for tile, rows in RULES_TILES.items():
        expected = {(mask_of(p), mask_of(frozenset([b]))) for p, b in images(rows)}
        assert listed[tile] == expected, tile


def test_a_tile_that_fits_nowhere_is_not_offered():
    """RULES 2.5.B and 5.8: a player cannot take a tile they cannot place."""
    s = game()
    s.boards[0].filled = FULL & ~cells("d8", "e8", "d9", "e9")
    s.hands[0] = hand(red=5, yellow=5, green=5, blue=5, purple=5)
    offered = {a.tile for a in s.legal_actions() if isinstance(a, Build)}
    assert offered == {
        "red-2",
        "yellow-2",
        "green-2",
        "blue-2",
        "purple-2",
        "red-3",
        "yellow-3",
        "blue-3",
        "red-4",
    }
    with pytest.raises(IllegalAction):
        s.apply("p1 build purple-3:d8,e8,D9 pay P,P,P")


def test_an_exhausted_tile_is_refused_and_not_offered():
    """RULES 2.1 and 2.5.B: only tiles still in the supply can be built."""
    s = game()
    s.tiles["red-2"] = 0
    s.hands[0] = hand(red=2)
    assert not [a for a in s.legal_actions() if isinstance(a, Build)]
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="no red-2 tile is left"):
        s.apply("p1 build red-2:A1,b1 pay R,R")
    assert snapshot(s) == before


# --- 2.5.A taking cards -----------------------------------------------------------------


def test_adjacent_take_does_not_spend_any_cards_and_one_seven_is_never_listed_without_it():
    """RULES 2.1 and 2.5.A: adjacent cards need no ability; 1 and 7 are not adjacent."""
    s = game()
    s.apply("p1 take 3,4")
    assert s.abilities[0]["any"] == "active"
    s = game()
    s.abilities[0]["any"] = "used"
    takes = {(a.first, a.second) for a in s.legal_actions() if isinstance(a, Take)}
    assert takes == {(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6)}


def test_take_never_just_one_card_nor_an_empty_position():
    """RULES 2.5.A: take 2 cards, never just one; an emptied position holds no card."""
    s = game()
    s.harbour[4] = None
    before = snapshot(s)
    for text, message in [
        ("p1 take 3,3", "once"),
        ("p1 take 4,5", "position 5 is empty"),
        ("p1 take 3", "write a take"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            s.apply(text)
        assert snapshot(s) == before


def test_additional_card_with_any_cards_spends_both_and_may_force_a_discard():
    """RULES 2.5.A: Any cards + Additional card = 3 cards from anywhere; then discard to 7."""
    s = game()
    s.abilities[0]["additional"] = "active"
    s.hands[0] = hand(red=6)
    s.apply("p1 take 1,7 +4")
    assert s.abilities[0]["any"] == "used" and s.abilities[0]["additional"] == "used"
    assert s.phase == "discard" and s.hand_size(0) == 9
    s.apply("p1 discard R,B")
    assert s.hands[0] == hand(red=6, green=1) and s.active == 1


# --- 2.5.B building -----------------------------------------------------------------------


def test_change_of_colours_rules_example_pays_either_colour():
    """RULES 2.5.B: 4 green + 1 purple pay for a 5-cell green or a 5-cell purple tile."""
    for text in (
        "p1 build green-5:b1,A2,b2,c2,b3 pay G,G,G,G,P change",
        "p1 build purple-5:A1,b1,c1,d1,e1 pay G,G,G,G,P change",
    ):
        s = game()
        s.abilities[0]["change"] = "active"
        s.hands[0] = hand(green=4, purple=1)
        s.apply(text)
        assert s.hands[0] == hand() and s.abilities[0]["change"] == "used"
        assert s.discard == hand(green=4, purple=1)


def test_player_chooses_which_cards_pay():
    """RULES 5.8: when more than enough cards match, the player chooses what to discard."""
    s = game()
    s.abilities[0]["change"] = "active"
    s.hands[0] = hand(red=3, green=3)
    s.apply("p1 build red-3:a1,B1,a2 pay G,G,G change")
    assert s.hands[0] == hand(red=3)


def test_construction_discount_is_spent_when_used():
    """RULES 2.5 and 2.5.B: a used ability tile flips to inactive and cannot be used again."""
    s = game()
    s.abilities[0]["discount"] = "active"
    s.hands[0] = hand(red=2)
    s.apply("p1 build red-3:a1,B1,a2 pay R,R discount")
    assert s.abilities[0]["discount"] == "used"


# --- 2.6 coats of arms --------------------------------------------------------------------


def test_one_coat_of_arms_action_per_covered_cell_and_completed_row_resolved_one_at_a_time():
    """RULES 2.2 and 2.6: a purple-5 on e2-e6 completes rows 2, 4, 6 and covers e5: four
    actions, taken one at a time by the same player."""
    s = game()
    below = [f"{c}{r}" for c in "abcd" for r in range(1, 7)] + ["e1"]
    s.boards[0].filled = s.boards[0].bricks = cells(*below)
    s.abilities[0]["any"] = "used"
    s.hands[0] = hand(purple=5)
    s.apply("p1 build purple-5:E2,e3,e4,e5,e6 pay P,P,P,P,P")
    assert s.scores_[0] == 5  # rows 2-6, each with a brick
    assert s.phase == "arms" and s.pending_arms == 4
    for step, text in enumerate(
        ["p1 arms white a7", "p1 arms ability discount", "p1 arms ability both"]
    ):
        s.apply(text)
        assert s.active == 0 and s.phase == "arms" and s.pending_arms == 3 - step
    s.apply("p1 arms refresh")
    assert s.active == 1 and s.pending_arms == 0
    assert s.abilities[0] == {"any": "active", "discount": "active", "both": "active"}


def test_refresh_flips_every_used_ability_tile():
    """RULES 2.6.3: all used ability tiles flip back to active (not just one)."""
    s = game()
    s.abilities[0] = {"any": "used", "discount": "used", "change": "active"}
    s.boards[0].filled = cells("c1", "c2")
    s.hands[0] = hand(blue=2)
    s.apply("p1 build blue-2:C3,c4 pay B,B")
    s.apply("p1 arms refresh")
    assert s.abilities[0] == {"any": "active", "discount": "active", "change": "active"}


def test_ability_coat_of_arms_needs_a_tile_left_in_the_supply():
    """RULES 2.6.2: an ability tile only if the supply still has one of that type."""
    s = game()
    s.ability_supply["discount"] = 0
    s.boards[0].filled = cells("c1", "c2")
    s.hands[0] = hand(blue=2)
    s.apply("p1 build blue-2:C3,c4 pay B,B")
    offered = {str(a) for a in s.legal_actions()}
    assert "p1 arms ability discount" not in offered and "p1 arms ability both" in offered
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="no Construction discount tile is left"):
        s.apply("p1 arms ability discount")
    assert snapshot(s) == before


def test_white_tile_reaching_twelve_ends_the_game_before_the_remaining_coat_of_arms():
    """RULES 2.6.1 and 5.5: a white tile scores like any tile; 12 ends the game at once,
    even with another coat-of-arms action still pending."""
    s = game()
    s.boards[0].filled = (FULL & ((1 << 15) - 1)) | cells("a4", "b4", "c4", "d4", "a5", "b5", "c5")
    s.scores_[0] = 10
    s.hands[0] = hand(blue=2)
    s.apply("p1 build blue-2:E4,e5 pay B,B")  # row 4 (+1) and e5: two actions
    assert s.scores_[0] == 11 and s.pending_arms == 2
    s.apply("p1 arms white d5")  # row 5, windows only: +2
    assert s.is_over() and EndReason(s.end_reason) is EndReason.TARGET_REACHED
    assert s.winners() == [0]
    assert s.scores_[0] == 13 and s.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        s.apply("p1 arms refresh")


# --- 2.7 deck, end card, game end -----------------------------------------------------------


def test_deck_is_rebuilt_the_moment_it_first_runs_empty():
    """RULES 2.7 (3-4 players): "the first time the deck is empty, shuffle the discard pile
    into a new deck" with the end card in its bottom 10 — at once, so cards paid afterwards
    go to the new discard pile, not into the rebuilt deck."""
    s = game(3)
    s.deck = ["blue", "yellow"]
    s.discard = hand(red=3, yellow=3, green=3, blue=3, purple=3)
    s.apply("p1 take 3,4")  # the refill draws the last two cards: the deck is empty
    assert s.end_card == "deck" and len(s.deck) == 16 and END_CARD in s.deck[:10]
    assert s.discard == hand()
    s.hands[1] = hand(red=3)
    s.apply("p2 build red-3:a1,B1,a2 pay R,R,R")
    assert s.discard == hand(red=3)


def test_end_card_revealed_mid_refill_stops_drawing_and_nobody_plays_on():
    """RULES 2.7: revealed while refilling, the game ends; no further card is drawn and the
    next player does not play."""
    s = game(2)
    s.deck = ["red", END_CARD, "blue"]  # top of the deck is the end of the list
    s.scores_ = [2, 5]
    s.apply("p1 take 1,2")
    assert s.is_over() and EndReason(s.end_reason) is EndReason.END_CARD
    assert s.end_card == "revealed"
    assert s.harbour[0] == "blue" and s.harbour[1] is None and s.deck == ["red"]
    assert s.winners() == [1]
    with pytest.raises(IllegalAction, match="over"):
        s.apply("p2 take 3,4")


def test_end_card_tie_on_score_and_empty_cells_is_a_shared_victory():
    """RULES 1 and 2.7: equal score and equal empty cells at the end card share the win."""
    s = game(2)
    s.deck = [END_CARD]
    s.scores_ = [3, 3]
    s.boards[0].filled = cells("a1")
    s.boards[1].filled = cells("e1")
    events = s.apply("p1 take 1,2")
    over = [e for e in events if e.kind == "game_over"]
    assert over and over[0].data["winners"] == [0, 1] and "share" in over[0].text


# --- bad input, hidden information, JSON ----------------------------------------------------


def _phases() -> dict[str, tuple[GameState, list[str]]]:
    act = game()
    act.hands[0] = hand(red=3)
    act.harbour[6] = None
    discard = game()
    discard.hands[0] = hand(red=6)
    discard.apply("p1 take 3,4")
    build = game()
    build.abilities[0]["both"] = "active"
    build.apply("p1 take 1,2 both")
    arms = game()
    arms.boards[0].filled = cells("c1", "c2")
    arms.hands[0] = hand(blue=2, red=3)
    arms.ability_supply["change"] = 0
    arms.apply("p1 build blue-2:C3,c4 pay B,B")
    common = [
        "",
        "hello",
        "p1",
        "take 1,2",
        "p2 take 1,2",
        "p5 take 1,2",
        "p0 take 1,2",
        "p1 take 1,8",
        "p1 take 1,2 +2",
        "p1 fly",
        "p1 build red-3 pay R",
        "p1 discard X",
        "p1 arms ability magic",
        "p1 arms white z9",
        "p1 pass now",
        "p1 build white-1:a1 pay -",
        "p1 build red-9:a1 pay R",
    ]
    return {
        "act": (
            act,
            common
            + [
                "p1 take 6,7",
                "p1 take 1,2 +3",
                "p1 take 1,2 both",
                "p1 discard R",
                "p1 build red-3:a1,b1,c1 pay R,R,R",
                "p1 build red-3:A1,b1,a2 pay R,R,R",
                "p1 build red-3:a1,B1,a2 pay R,R",
                "p1 build red-3:a1,B1,a2 pay R,R,R discount",
                "p1 build red-3:a1,B1,a2 pay R,R,G change",
                "p1 build red-3:a3,B3,a4 pay R,R,R",
                "p1 build blue-3:a1,B1,a2 pay B,B,B",
                "p1 arms white a1",
                "p1 arms refresh",
                "p1 arms ability both",
                "p1 pass",
            ],
        ),
        "discard": (
            discard,
            common
            + [
                "p1 discard R,R",
                "p1 discard Y",
                "p1 discard -",
                "p1 take 1,2",
                "p1 build red-3:a1,B1,a2 pay R,R,R",
                "p1 pass",
                "p2 discard R",
                "p1 arms refresh",
            ],
        ),
        "build": (
            build,
            common
            + [
                "p1 take 5,6",
                "p1 discard R",
                "p1 build red-5:A1,b1,c1,b2,c2 pay R,R,R,R,R",
                "p1 arms refresh",
                "p2 pass",
            ],
        ),
        "arms": (
            arms,
            common
            + [
                "p1 arms white c3",
                "p1 arms white a5",
                "p1 arms ability any",
                "p1 arms ability change",
                "p1 arms refresh",
                "p1 take 5,6",
                "p1 pass",
                "p1 build red-3:a1,B1,a2 pay R,R,R",
                "p2 arms refresh",
                "p1 discard R",
            ],
        ),
    }


@pytest.mark.parametrize("phase", ["act", "discard", "build", "arms"])
def test_bad_text_raises_illegal_action_with_a_message_and_changes_nothing(phase):
    """RULES 1 notation and the engine contract: bad input raises IllegalAction with a
    message for the player and leaves the state exactly as it was, in every phase."""
    s, texts = _phases()[phase]
    assert s.phase == phase
    for text in texts:
        before = snapshot(s)
        with pytest.raises(IllegalAction) as err:
            s.apply(text)
        assert str(err.value).strip(), text
        assert snapshot(s) == before, text


def test_json_round_trip_mid_coat_of_arms_keeps_fresh_abilities_and_play_continues_alike():
    """JSON round trip (RULES 5.6 state included): a copy in the middle of a chain of
    coat-of-arms actions plays on exactly like the original."""
    s = game()
    s.boards[0].filled = (FULL & ((1 << 15) - 1)) | cells("a4", "b4", "c4", "d4")
    s.hands[0] = hand(blue=2)
    s.apply("p1 build blue-2:E4,e5 pay B,B")
    s.apply("p1 arms ability discount")
    copy = GameState.from_dict(json.loads(json.dumps(s.to_dict())))
    assert copy == s and not copy.usable(0, "discount")
    assert copy.legal_actions() == s.legal_actions()
    for state in (s, copy):
        state.apply("p1 arms white a5")
        state.apply("p2 take 1,2")
    assert copy == s


def test_view_hides_the_deck_and_other_hands_in_every_phase():
    """Hidden information: in every phase, a view shows the viewer's hand only and never
    the deck order or the seed."""
    for s, _ in _phases().values():
        for viewer in range(s.players):
            v = s.view(viewer)
            assert v["deck"] is None and v["config"]["seed"] is None
            assert [h is not None for h in v["hands"]] == [p == viewer for p in range(s.players)]
            assert v["deck_size"] == len(s.deck)


@pytest.mark.parametrize("edition", ["boardgame", "rollwrite"])
@pytest.mark.parametrize("thing", [None, 3, ("p1", "end"), b"p1 end"])
def test_something_that_is_no_action_is_refused_plainly(edition, thing):
    """DESIGN engines: any input that is no action gets IllegalAction, and nothing changes."""
    import importlib

    s = importlib.import_module(edition).new_game(3, 5)
    before = s.to_dict()
    with pytest.raises(IllegalAction, match="is not an action of this game"):
        s.apply(thing)
    assert s.to_dict() == before
