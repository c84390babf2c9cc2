"""Two settled Roll & Write rules: spending a + or ★ is never forced (RULES 5.1, 5.17), and a
passive pick may be taken back until every passive player is done (RULES 5.15)."""

import pytest
from rw_helpers import at_choose, manual, played_turn, unlock

from bots.levels import make_bot
from facade.errors import IllegalAction
from rollwrite import new_game, parse_action
from rollwrite.actions import Choose, End, Pick, Unpick
from rollwrite.game import replay
from rollwrite.state import GameState

# --- RULES 5.1 and 5.17: a draw is forced only by the dice alone --------------------------


def test_end_is_accepted_when_only_a_bonus_would_pay_for_a_tile():
    """RULES 5.1: dice R,B,P,G,Y and one unlocked red +: ending is the player's choice."""
    s = manual()
    unlock(s, 0, "red", 1)  # box 1: +
    at_choose(s, "RBPGY")
    options = s.legal_actions()
    assert Choose(0, "R2", (0,), 1) in options  # the bonus may still be spent
    assert End(0) in options
    s.apply("p1 end")
    assert s.phase == "passive" and s.unused_dice() == [0, 1, 2, 3, 4]
    assert s.sheets[0].bonuses_left("red") == 1  # nothing was spent


def test_the_bonus_may_still_be_spent_when_ending_is_allowed():
    """RULES 5.1: the + stays a free choice, so choosing with it works as before."""
    s = manual()
    unlock(s, 0, "red", 1)
    at_choose(s, "RBPGY")
    s.apply("p1 choose R2 with 1 +1")
    s.apply("p1 draw R2:A1,a2")
    s.apply("p1 end")
    assert s.sheets[0].bonuses_left("red") == 0 and s.unused_dice() == [1, 2, 3, 4]


def test_dice_alone_paying_for_a_fitting_tile_still_force_a_draw():
    """RULES 5.1: with R,R a red 2-cell tile is paid by the dice alone: no ending."""
    s = manual()
    unlock(s, 0, "red", 1)
    at_choose(s, "RRBPY")
    assert End(0) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="must choose and draw") as err:
        s.apply("p1 end")
    assert err.value.code == "must_draw"


def test_a_tile_paid_by_bonuses_alone_is_allowed_and_never_forced():
    """RULES 5.17: no die of the colour, two + raise the result to a 2-cell tile; optional."""
    s = manual()
    unlock(s, 0, "red", 3)  # boxes 1 and 3: two +
    at_choose(s, "BPGYR")
    options = s.legal_actions()
    assert Choose(0, "R2", (), 2) in options and End(0) in options
    s.apply("p1 choose R2 with - +2")
    s.apply("p1 draw R2:A1,a2")
    s.apply("p1 end")
    assert s.unused_dice() == [0, 1, 2, 3, 4]


def test_solitaire_may_end_without_spending_a_bonus_then_marks_its_own_die():
    """RULES 5.1 in the solitaire challenge (RULES 4): end, then pick one's own unused die."""
    s = new_game(["Solo"], 3, {"dice": "manual"})
    unlock(s, 0, "red", 1)
    at_choose(s, "RBPGY")
    s.apply("p1 end")
    assert s.to_act() == [0] and s.phase == "passive"
    s.apply("p1 pick 2")
    assert s.sheets[0].marks["blue"] == 1 and s.phase == "roll" and s.turn == 1


@pytest.mark.parametrize("level", ["greedy", "strong"])
def test_bots_still_spend_a_bonus_that_draws_a_tile(level):
    """RULES 5.1: ending is allowed, but a bonus that gets a tile drawn is worth spending."""
    s = manual()
    unlock(s, 0, "red", 1)
    s.sheets[0].stars_used["red"] = 2  # no reroll left: choose now or end
    at_choose(s, "RBPGY")
    action = make_bot("rollwrite", level, 1).choose(s.view(0), 0)
    assert isinstance(action, Choose) and action.bonuses == 1


# --- RULES 5.15: a passive player may take back their pick --------------------------------


def _passive_three_players() -> GameState:
    """Three players; p1 drew R2 with dice 1,2 and ended: dice 3,4,5 (B,B,W) are left."""
    return played_turn(3, "RRBBW")


def test_a_pick_can_be_taken_back_while_another_player_still_picks():
    """RULES 5.15: p2 picked; p3 has not: p2 may unpick and pick again."""
    s = _passive_three_players()
    s.apply("p2 pick 3")
    assert s.to_act() == [2] and s.sheets[1].marks["blue"] == 1
    assert Unpick(1) in s.legal_actions(1)
    events = s.apply("p2 unpick")
    assert [e.kind for e in events] == ["picked_back"]
    assert s.sheets[1].marks["blue"] == 0 and s.turn_state.picks[1] == [] and s.to_act() == [1, 2]
    s.apply("p2 pick 5 Y")
    assert s.sheets[1].marks["yellow"] == 1 and s.phase == "passive"


def test_the_turn_moves_on_only_when_every_passive_player_is_done():
    """RULES 5.15: the last pick (or pass) ends the passive phase at once; then no unpick."""
    s = _passive_three_players()
    s.apply("p2 pick 3")
    s.apply("p3 pick 5 G")
    assert s.phase == "roll" and s.active == 1
    assert not any(isinstance(a, Unpick) for p in range(3) for a in s.legal_actions(p))
    with pytest.raises(IllegalAction, match="while the other players are still picking") as err:
        s.apply("p2 unpick")
    assert err.value.code == "unpick_refused"


def test_unpick_gives_back_the_points_of_a_completed_track():
    """RULES 5.15 with 3.2: the +2 of a track completed by the pick is taken back too."""
    s = _passive_three_players()
    s.sheets[1].marks["blue"] = 8
    s.apply("p2 pick 3")
    assert s.sheets[1].score == 2
    s.apply("p2 unpick")
    assert s.sheets[1].score == 0 and s.sheets[1].marks["blue"] == 8
    assert s.sheets[1].score == s.recount(1)


def test_unpick_of_a_white_die_clears_the_track_it_marked():
    """RULES 5.15: a white die marked the track named; taking it back clears that track."""
    s = _passive_three_players()
    s.apply("p3 pick 5 P")
    s.apply("p3 unpick")
    assert s.sheets[2].marks["purple"] == 0 and 2 in s.to_act()


def test_unpick_without_a_pick_is_refused():
    """RULES 5.15: only a pick made this turn can be taken back."""
    s = _passive_three_players()
    assert Unpick(1) not in s.legal_actions(1)
    with pytest.raises(IllegalAction, match="no pick to take back") as err:
        s.apply("p2 unpick")
    assert err.value.code == "unpick_refused"


def test_legal_actions_of_all_seats_list_only_the_seats_still_to_act():
    """RULES 5.15: a finished passive player's unpick is asked for by seat, so a game loop
    over `legal_actions()` never waits on a player who is done."""
    s = _passive_three_players()
    s.apply("p2 pick 3")
    assert Unpick(1) in s.legal_actions(1)
    assert all(a.player == 2 for a in s.legal_actions())


def test_two_players_the_first_of_the_two_picks_can_be_taken_back():
    """RULES 5.15 with 3.6: the second pick finishes the passive phase, so only the first
    pick, before the second is made, can be taken back."""
    s = new_game(2, 1, {"dice": "manual"})
    s.apply("p1 setup none")
    s.apply("p2 setup none")
    at_choose(s, "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:A1,a2")
    s.apply("p1 end")
    s.apply("p2 pick 3")
    assert Unpick(1) in s.legal_actions() and s.to_act() == [1]
    s.apply("p2 unpick")
    assert s.turn_state.picks[1] == [] and s.sheets[1].marks["blue"] == 0
    s.apply("p2 pick 5")
    s.apply("p2 pick 3")
    assert s.phase == "roll" and s.active == 1
    assert s.sheets[1].marks == {**dict.fromkeys(s.sheets[1].marks, 0), "blue": 1, "yellow": 1}


def test_two_player_setup_has_no_unpick():
    """RULES 5.15 and 3.6: the starting track is not a pick."""
    s = new_game(2, 1)
    s.apply("p1 setup G")
    assert Unpick(0) not in s.legal_actions(0)
    with pytest.raises(IllegalAction) as err:
        s.apply("p1 unpick")
    assert err.value.code == "unpick_refused"


def test_solitaire_pick_ends_the_turn_so_it_cannot_be_taken_back():
    """RULES 5.15 and 4: the only passive player is done with their pick."""
    s = new_game(["Solo"], 3, {"dice": "manual"})
    at_choose(s, "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:A1,a2")
    s.apply("p1 end")
    s.apply("p1 pick 3")
    assert s.phase == "roll"
    with pytest.raises(IllegalAction):
        s.apply("p1 unpick")


def test_unpick_notation_round_trips_and_replays():
    """RULES 5.15: `p2 unpick` is read and written; a log with it replays exactly."""
    assert str(parse_action("p2 unpick")) == "p2 unpick"
    assert parse_action(" P2  UNPICK ") == Unpick(1)
    s = _passive_three_players()
    s.apply("p2 pick 3")
    s.apply("p2 unpick")
    s.apply("p2 pick 4")
    again = replay(s.config, s.log)
    assert again == s and again.log[-2:] == ["p2 unpick", "p2 pick 4 B"]
    assert GameState.from_dict(s.to_dict()) == s


def test_a_state_saved_before_unpick_existed_still_loads():
    """RULES 5.15: an older saved state has no record of picked tracks: nothing to unpick."""
    s = _passive_three_players()
    s.apply("p2 pick 3")
    d = s.to_dict()
    del d["pick_tracks"]
    old = GameState.from_dict(d)
    assert not old.may_unpick(1) and Pick(2, 2, "blue") in old.legal_actions(2)
