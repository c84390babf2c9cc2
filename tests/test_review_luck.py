"""The luck of the dice in a Roll & Write review (issue 28): per turn, the value of the dice as
they stood against the mean over a sample of other rolls in the same position, in the review's
unit, positive when they helped; summed per player."""

import pytest

import rollwrite
from bots import review as rv
from bots import rollwrite_review as rr
from bots.review_labels import ROLLWRITE, SOLITAIRE
from facade.gametext import read_text
from tests.review_helpers import play, text_of

ALMOST_ROW_1 = 0b01111  # a1-d1 drawn: a tile on e1 completes row 1


def rolled(players: int, faces: str) -> rollwrite.GameState:
    """Player 1 at their first tile with these dice, row 1 lacking only e1, no reroll left
    (so dice that fit no tile place nothing)."""
    state = rollwrite.new_game(players, 1, {"dice": "manual"})
    while not state.is_chance():
        p = state.to_act()[0]
        state.apply(state.legal_actions(p)[0])  # the starting tracks (two players)
    sheet = state.sheets[0]
    sheet.building.filled = ALMOST_ROW_1
    sheet.stars_used["red"] += sheet.stars_left("red")
    state.apply(f"p1 roll {faces}")
    return state


@pytest.mark.parametrize(("players", "scale"), [(2, ROLLWRITE), (1, SOLITAIRE)])
def test_a_roll_that_completes_a_row_is_luck_and_one_that_places_nothing_bad_luck(players,
                                                                                  scale):
    good, bad = rolled(players, "RRRRR"), rolled(players, "RBPGY")
    assert any("choose R" in str(a) for a in good.legal_actions(0))
    assert not any("choose" in str(a) for a in bad.legal_actions(0))  # nothing to place
    good_luck, bad_luck = rr.luck(good, 0, scale), rr.luck(bad, 0, scale)
    assert good_luck > 0.3 and bad_luck < -0.3, (good_luck, bad_luck)
    assert rr.roll_value(bad, 0) == 0  # nothing placed adds nothing
    # the mean over all rolls: the luck of every roll, weighted by its chance, sums to 0
    assert sum(chance * rr.luck(rr.with_dice(good, faces), 0, scale)
               for faces, chance in rr.ALL_ROLLS) == pytest.approx(0, abs=1e-9)


def test_each_players_luck_is_the_sum_over_their_turns():
    state = play(rollwrite.new_game(2, 12), ["greedy", "random"], 5)
    result = rv.review(read_text(text_of(state, "rollwrite")), rollouts=2)
    for p in result["players"]:
        own = [t["luck"] for t in result["turns"] if t["player"] == p["player"]]
        assert own and p["luck"] == pytest.approx(sum(own), abs=0.02)
