"""Rule-by-rule tests of the card edition (RULES 1, 2 and 5, docs/rules.md)."""

import json
import random

import pytest

from boardgame import GameState, IllegalAction, new_game, parse_action
from boardgame.actions import Build, Pass, Take
from boardgame.material import END_CARD, TILE_COUNTS
from facade.grid import FULL, parse_cell
from facade.outcome import EndReason


def cells(*names: str) -> int:
    return sum(1 << parse_cell(n) for n in names)


def hand(**counts: int) -> list[int]:
    return [counts.get(c, 0) for c in ("red", "yellow", "green", "blue", "purple")]


def game(players: int = 3, seed: int = 1) -> GameState:
    s = new_game(players, seed)
    s.harbour = ["red", "red", "green", "blue", "yellow", "purple", "green"]
    return s


# --- setup ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "cards"), [(2, 70), (3, 60), (4, 70)])
def test_card_counts_per_player_count(players, cards):
    """RULES 2.1: 14 per colour (12 with 3 players) and one end card."""
    s = new_game(players, 3)
    assert s.card_total() == cards + 1


def test_starting_hands_are_2_3_3_4_and_the_harbour_holds_7():
    """RULES 2.4.5."""
    s = new_game(4, 3)
    assert [s.hand_size(p) for p in range(4)] == [2, 3, 3, 4]
    assert all(c is not None for c in s.harbour) and len(s.harbour) == 7


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tile_supply_per_player_count(players):
    """RULES 2.1: tiles per colour by size; 12 white tiles; one ability of each type each."""
    s = new_game(players, 3)
    for size, k in TILE_COUNTS[players].items():
        assert s.tiles[f"red-{size}"] == k
    assert s.tiles["white-1"] == 12
    assert s.ability_supply == dict.fromkeys(
        ["additional", "discount", "change", "both"], players
    )
    assert all(a == {"any": "active"} for a in s.abilities)


def test_two_player_end_card_lies_in_the_bottom_ten():
    """RULES 2.4.3: 2 players — top 9 cards and the end card shuffled to the bottom."""
    for seed in range(20):
        s = new_game(2, seed)
        assert END_CARD in s.deck[:10] and s.end_card == "deck"


def test_three_players_end_card_waits_until_the_first_reshuffle():
    """RULES 2.7: the first time the deck is empty, reshuffle, end card into the bottom 10."""
    s = new_game(3, 4)
    assert END_CARD not in s.deck and s.end_card == "aside"
    s.discard = [5, 5, 5, 5, 5]
    s.deck = []
    card = s._draw()
    assert card is not None and card != END_CARD
    assert s.end_card == "deck" and END_CARD in s.deck[:10]
    assert s.reshuffles == 1


def test_same_seed_same_deck():
    assert new_game(3, "x").deck == new_game(3, "x").deck


# --- taking cards -----------------------------------------------------------------------


def test_take_two_adjacent_cards():
    """RULES 2.5.A."""
    s = game()
    before = list(s.hands[0])
    s.apply("p1 take 3,4")  # position 3 green, 4 blue
    want = list(before)
    want[2] += 1
    want[3] += 1
    assert s.hands[0] == want
    assert s.active == 1


def test_positions_one_and_seven_are_not_adjacent():
    """RULES 2.1: positions 1 and 7 are not adjacent."""
    s = game()
    s.abilities[0]["any"] = "used"
    with pytest.raises(IllegalAction, match="1 and 7 are not adjacent"):
        s.apply("p1 take 1,7")


def test_any_cards_takes_two_cards_from_anywhere():
    """RULES 2.5.A Any cards; the tile flips to used."""
    s = game()
    s.apply("p1 take 1,7")
    assert s.abilities[0]["any"] == "used"


def test_additional_card_takes_a_third_card():
    """RULES 2.5.A Additional card."""
    s = game()
    with pytest.raises(IllegalAction, match="Additional card"):
        s.apply("p1 take 1,2 +5")
    s.abilities[0]["additional"] = "active"
    before = s.hand_size(0)
    s.apply("p1 take 1,2 +5")
    assert s.hand_size(0) == before + 3


def test_emptied_positions_refill_at_the_end_of_the_turn_in_order():
    """RULES 2.5.A: refilled from the deck, in position order."""
    s = game()
    top = s.deck[-2:]
    s.apply("p1 take 3,4")
    assert [s.harbour[2], s.harbour[3]] == [top[1], top[0]]


def test_hand_limit_discard_down_to_seven_of_your_choice():
    """RULES 2.5.A: above 7 after taking, discard down to 7 (player's choice, 5.8)."""
    s = game()
    s.hands[0] = hand(red=6)
    s.apply("p1 take 3,4")
    assert s.phase == "discard" and s.active == 0
    with pytest.raises(IllegalAction, match="exactly 1"):
        s.apply("p1 discard R,R")
    with pytest.raises(IllegalAction, match="do not have"):
        s.apply("p1 discard Y")
    s.apply("p1 discard G")
    assert s.hand_size(0) == 7 and s.active == 1


# --- building ---------------------------------------------------------------------------


def test_build_costs_the_tile_size_in_cards_of_its_colour():
    """RULES 2.5.B."""
    s = game()
    s.hands[0] = hand(red=3)
    s.apply("p1 build red-3:a1,B1,a2 pay R,R,R")
    assert s.hands[0] == hand() and s.discard[0] == 3
    assert s.tiles["red-3"] == TILE_COUNTS[3][3] - 1


def test_cards_of_another_colour_need_change_of_colours():
    """RULES 2.5.B Change of colours."""
    s = game()
    s.hands[0] = hand(red=2, green=1)
    with pytest.raises(IllegalAction, match="Change of colours"):
        s.apply("p1 build red-3:a1,B1,a2 pay R,R,G")
    s.abilities[0]["change"] = "active"
    s.apply("p1 build red-3:a1,B1,a2 pay R,R,G change")
    assert s.abilities[0]["change"] == "used"


def test_change_of_colours_lets_only_one_colour_count():
    s = game()
    s.abilities[0]["change"] = "active"
    s.hands[0] = hand(red=1, green=1, blue=1)
    with pytest.raises(IllegalAction, match="one other colour"):
        s.apply("p1 build red-3:a1,B1,a2 pay R,G,B change")


def test_too_few_cards_is_refused():
    s = game()
    s.hands[0] = hand(red=2)
    with pytest.raises(IllegalAction, match="need 3 red card"):
        s.apply("p1 build red-3:a1,B1,a2 pay R,R,R")


@pytest.mark.parametrize(
    ("adjacent", "discount", "cost"),
    [(False, False, 3), (True, False, 2), (False, True, 2), (True, True, 1)],
)
def test_cost_with_every_combination_of_discounts(adjacent, discount, cost):
    """RULES 2.5.B: −1 next to a same-colour tile, −1 Construction discount; they stack."""
    s = game()
    s.hands[0] = hand(red=5)
    if adjacent:
        s.boards[0].filled = cells("c1")
        s.boards[0].bricks = cells("c1")
        s.colour_masks[0][0] = cells("c1")
    if discount:
        s.abilities[0]["discount"] = "active"
    pay = ",".join(["R"] * cost)
    flag = " discount" if discount else ""
    s.apply(f"p1 build red-3:a1,B1,a2 pay {pay}{flag}")
    assert s.hands[0][0] == 5 - cost


def test_cost_never_goes_below_zero():
    """RULES 2.5.B: a 2-cell tile next to its colour with the discount is free."""
    s = game()
    s.boards[0].filled = s.colour_masks[0][0] = cells("c1")
    s.abilities[0]["discount"] = "active"
    s.hands[0] = hand()
    s.apply("p1 build red-2:A1,b1 pay - discount")
    assert s.boards[0].filled == cells("a1", "b1", "c1")


def test_same_colour_diagonal_is_not_adjacent():
    """RULES 2.5.B: orthogonally adjacent only."""
    s = game()
    s.boards[0].filled = cells("c1", "d1")
    s.colour_masks[0][0] = cells("c1")  # red on c1, d2 only touches it diagonally
    s.hands[0] = hand(red=3)
    with pytest.raises(IllegalAction, match="costs 2"):
        s.apply("p1 build red-2:D2,e2 pay R")


def test_a_tile_must_have_a_legal_placement():
    """RULES 2.5.B and 1: the placement rule."""
    s = game()
    s.hands[0] = hand(red=3)
    with pytest.raises(IllegalAction, match="must touch row 1"):
        s.apply("p1 build red-3:a3,B3,a4 pay R,R,R")


def test_tiles_rotate_and_flip_with_their_brick():
    """RULES 2.3: red-3 is `WW/B.`; its brick turns with it."""
    s = game()
    s.hands[0] = hand(red=6)
    with pytest.raises(IllegalAction, match="brick of red-3 is on B1 or A2"):
        s.apply("p1 build red-3:A1,b1,a2 pay R,R,R")  # the corner is a window
    s.apply("p1 build red-3:a1,b1,B2 pay R,R,R")  # flipped and turned
    assert s.boards[0].bricks == cells("b2")


def test_white_tiles_are_not_for_sale():
    s = game()
    with pytest.raises(IllegalAction, match="coat of arms"):
        s.apply("p1 build white-1:a1 pay -")


def test_both_actions_take_discard_then_build_then_refill():
    """RULES 2.5: Both actions — take, discard to 7, then build; refill after the build."""
    s = game()
    s.abilities[0]["both"] = "active"
    s.hands[0] = hand(red=6)
    s.apply("p1 take 1,2 both")
    assert s.phase == "discard"
    assert s.harbour[0] is None
    s.apply("p1 discard R")
    assert s.phase == "build"
    s.apply("p1 build red-3:a1,B1,a2 pay R,R,R")
    assert s.active == 1 and s.harbour[0] is not None


def test_both_actions_may_skip_the_build():
    s = game()
    s.abilities[0]["both"] = "active"
    s.apply("p1 take 1,2 both")
    s.apply(Pass(0))
    assert s.active == 1


# --- coats of arms ----------------------------------------------------------------------


def test_covering_a_coat_of_arms_cell_gives_an_action():
    """RULES 2.2 and 2.6: c3 covered -> one action."""
    s = game()
    s.boards[0].filled = cells("c1", "c2")
    s.hands[0] = hand(blue=2)
    s.apply("p1 build blue-2:C3,c4 pay B,B")
    assert s.phase == "arms" and s.pending_arms == 1
    s.apply("p1 arms ability discount")
    assert s.abilities[0]["discount"] == "active" and s.active == 1


def test_white_tile_can_chain_a_further_coat_of_arms():
    """RULES 2.6.1: the white tile is a normal tile; covering c3 gives another action."""
    s = game()
    s.boards[0].filled = cells("a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2")
    s.hands[0] = hand(blue=2)
    s.apply("p1 build blue-2:E1,e2 pay B,B")  # completes rows 1 and 2: row 2 has arms
    assert s.pending_arms == 1
    s.apply("p1 arms white c3")  # covers the c3 coat of arms
    assert s.pending_arms == 1 and s.phase == "arms"
    assert s.boards[0].windows & cells("c3")
    s.apply("p1 arms ability both")
    assert s.active == 1 and s.tiles["white-1"] == 11


def test_refresh_flips_used_abilities_usable_next_turn():
    """RULES 2.6.3 and 5.6."""
    s = game()
    s.abilities[0]["any"] = "used"
    s.boards[0].filled = cells("c1", "c2")
    s.hands[0] = hand(blue=2)
    s.apply("p1 build blue-2:C3,c4 pay B,B")
    s.apply("p1 arms refresh")
    assert s.abilities[0]["any"] == "active"
    assert "any" not in s.fresh[0]  # the turn ended; usable on the next one


def test_gained_ability_is_not_usable_in_the_same_turn():
    """RULES 5.6: an ability gained during a turn is usable from the next turn."""
    s = game()
    s.boards[0].filled = (FULL & (1 << 15) - 1) | cells("a4", "b4", "c4", "d4")
    s.hands[0] = hand(blue=2)
    s.apply("p1 build blue-2:E4,e5 pay B,B")  # completes row 4 and covers e5: two actions
    assert s.pending_arms == 2
    s.apply("p1 arms ability discount")
    assert s.phase == "arms" and not s.usable(0, "discount")
    s.apply("p1 arms ability both")
    assert s.active == 1 and s.abilities[0]["discount"] == "active"


def test_no_player_owns_two_abilities_of_a_type():
    s = game()
    s.abilities[0]["discount"] = "active"
    s.boards[0].filled = cells("c1", "c2")
    s.hands[0] = hand(blue=2)
    s.apply("p1 build blue-2:C3,c4 pay B,B")
    with pytest.raises(IllegalAction, match="already own"):
        s.apply("p1 arms ability discount")


def test_impossible_coat_of_arms_is_skipped():
    """RULES 2.6: an impossible action is skipped."""
    s = game()
    s.tiles["white-1"] = 0
    s.ability_supply = dict.fromkeys(s.ability_supply, 0)
    s.boards[0].filled = cells("c1", "c2")
    s.hands[0] = hand(blue=2)
    events = s.apply("p1 build blue-2:C3,c4 pay B,B")
    assert any(e.kind == "arms_lost" for e in events) and s.active == 1


# --- game end -------------------------------------------------------------------------


def test_twelve_points_end_the_game_at_once_before_coats_of_arms():
    """RULES 2.7 and 5.5: 12 points end the game before the pending coat of arms."""
    s = game()
    s.boards[0].filled = (FULL & (1 << 10) - 1) | cells("a3", "b3", "d3", "e3")
    s.scores_[0] = 11
    s.hands[0] = hand(green=2)
    s.apply("p1 build green-2:C3,c4 pay G,G")  # row 3 (+1) and the c3 coat of arms
    assert s.is_over() and EndReason(s.end_reason) is EndReason.TARGET_REACHED
    assert s.scores_[0] == 12 and s.pending_arms == 0 and s.winners() == [0]
    with pytest.raises(IllegalAction, match="over"):
        s.apply("p2 take 1,2")


def test_revealing_the_end_card_ends_the_game():
    """RULES 2.7: the end card revealed while refilling; highest score wins."""
    s = game(players=2)
    s.deck = ["red", END_CARD]
    s.scores_[1] = 3
    s.apply("p1 take 1,2")
    assert s.is_over() and EndReason(s.end_reason) is EndReason.END_CARD and s.winners() == [1]


def test_tie_break_fewest_empty_cells_then_shared():
    """RULES 1 tie-break."""
    s = game()
    s.scores_ = [4, 4, 2]
    s.boards[1].filled = cells("a1")
    assert s.winners() == [1]
    s.boards[0].filled = cells("b1")
    assert s.winners() == [0, 1]


def test_empty_deck_and_discard_never_deadlock():
    """RULES 5.7: positions stay empty; a player with no legal action passes."""
    s = game(players=2)
    s.deck = []
    s.discard = [0] * 5
    s.end_card = "revealed"  # out of the game already, for this position
    s.harbour = [None] * 7
    for p in range(2):
        s.hands[p] = hand()
    assert s.legal_actions() == [Pass(0)]
    s.apply("p1 pass")
    s.apply("p2 pass")
    assert s.is_over() and EndReason(s.end_reason) is EndReason.NO_PROGRESS


def test_passing_is_refused_when_something_is_possible():
    s = game()
    with pytest.raises(IllegalAction, match="dead end"):
        s.apply("p1 pass")


# --- hidden information, notation, JSON --------------------------------------------------


def test_view_hides_other_hands_and_the_deck_order():
    """Issue 3: a view shows only what the player may see."""
    s = game()
    v = s.view(1)
    assert v["deck"] is None and v["config"]["seed"] is None
    assert v["hands"][1] == s.hands[1] and v["hands"][0] is None and v["hands"][2] is None
    assert v["hand_sizes"] == [s.hand_size(p) for p in range(3)]
    json.dumps(v)


def test_state_from_view_is_consistent_with_what_was_seen():
    s = game()
    v = s.view(1)
    t = GameState.from_view(v, 1, random.Random(5))
    assert t.hands[1] == s.hands[1]
    assert [t.hand_size(p) for p in range(3)] == [s.hand_size(p) for p in range(3)]
    assert len(t.deck) == len(s.deck) and t.card_total() == s.card_total()
    assert t.harbour == s.harbour


@pytest.mark.parametrize(
    "text",
    [
        "p1 take 3,4",
        "p2 take 1,7 +4",
        "p1 take 3,4 both",
        "p3 discard R,R,G",
        "p1 build red-3:A1,a2,b2 pay R,R",
        "p1 build red-3:A1,a2,b2 pay R discount",
        "p1 build red-3:A1,a2,b2 pay R,G change",
        "p1 build red-2:A1,a2 pay - discount",
        "p1 arms white b4",
        "p1 arms ability discount",
        "p1 arms refresh",
        "p2 pass",
    ],
)
def test_action_notation_round_trip(text):
    assert str(parse_action(text)) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("take 3,4", "start with the player"),
        ("p1 take 3", "write a take"),
        ("p1 take 3,9", "harbour position"),
        ("p1 discard X", "not a card"),
        ("p1 build red-3 pay R", "colon"),
        ("p1 arms ability magic", "unknown ability"),
        ("p1 fly", "unknown action"),
    ],
)
def test_malformed_actions_get_clear_messages(text, message):
    with pytest.raises(IllegalAction, match=message):
        parse_action(text)


def test_not_your_turn():
    s = game()
    with pytest.raises(IllegalAction, match="Player 1's turn"):
        s.apply(Take(1, 2, 3))


def test_listed_builds_all_apply():
    s = game()
    s.hands[0] = hand(red=3, green=2)
    builds = [a for a in s.legal_actions() if isinstance(a, Build)]
    assert builds
    for b in builds:
        s.clone().apply(b)


def test_cards_over_limit_is_what_a_discard_gives_up():
    """The card page's "discard N" comes from the engine (HAND_LIMIT), not from a 7 of its own."""
    from boardgame.game import new_game
    from boardgame.material import HAND_LIMIT

    s = new_game(2, 1)
    s.hands[0] = [0, 0, 0, 0, 0]
    assert s.cards_over_limit(0) == 0
    s.hands[0] = [HAND_LIMIT, 2, 0, 0, 1]
    assert s.cards_over_limit(0) == 3 == s.hand_size(0) - HAND_LIMIT
