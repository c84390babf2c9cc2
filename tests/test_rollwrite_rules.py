"""Rule-by-rule tests of the Roll & Write engine (RULES 3, 4 and 5, docs/rules.md)."""

import pytest
from rw_helpers import at_choose, cells, manual, played_turn, rows, unlock

from facade.errors import IllegalAction
from facade.grid import FULL
from rollwrite import new_game, parse_action
from rollwrite.actions import Choose, End, Pick, Undo
from rollwrite.material import TWO_PLAYER_CROSSED, X_SIDE


def finish_turn(state, passes=True):
    """End the active turn and let every passive player pass."""
    state.apply(f"p{state.active + 1} end")
    if passes:
        for p in list(state.to_act()):
            state.apply(f"p{p + 1} pass")


# --- choosing a tile -----------------------------------------------------------------


def test_dice_of_the_colour_or_white_pay_for_a_tile():
    """RULES 3.4.1: dice showing C and/or white."""
    s = at_choose(manual(), "RRWBY")
    s.apply("p1 choose R3 with 1,2,3")
    assert s.turn_state.chosen.tile == "R3"


def test_a_die_of_another_colour_cannot_pay():
    """RULES 3.4.1."""
    s = at_choose(manual(), "RRWBY")
    with pytest.raises(IllegalAction, match="die 4 shows blue"):
        s.apply("p1 choose R3 with 1,2,4")


def test_tile_size_must_equal_dice_plus_bonuses():
    """RULES 3.4.1: size = dice used + bonuses used."""
    s = at_choose(manual(), "RRRBY")
    with pytest.raises(IllegalAction, match="R2 has 2 cells"):
        s.apply("p1 choose R2 with 1,2,3")


def test_smaller_tile_than_the_dice_allow_leaves_dice_unused():
    """RULES 3.4.1: only the dice used are used."""
    s = at_choose(manual(), "RRRBY")
    s.apply("p1 choose R2 with 1,2")
    assert s.unused_dice() == [2, 3, 4]


def test_bonus_counts_as_one_more_die():
    """RULES 3.4.1: each + of the C track counts as one more die of C."""
    s = manual()
    unlock(s, 0, "red", 3)  # boxes 1 and 3 are + on red
    at_choose(s, "RRBBY")
    s.apply("p1 choose R4 with 1,2 +2")
    assert s.sheets[0].bonuses_used["red"] == 2


def test_at_most_two_bonuses_of_one_colour_per_turn():
    """RULES 3.4.1: at most two per colour per turn."""
    s = manual()
    unlock(s, 0, "red", 3)
    at_choose(s, "RBBBY")
    with pytest.raises(IllegalAction, match="at most two bonuses"):
        s.apply(Choose(0, "R4", (0,), 3))


def test_locked_bonus_cannot_be_used():
    """RULES 3.2: a + is usable only once its box is marked."""
    s = at_choose(manual(), "RBBBY")
    with pytest.raises(IllegalAction, match="0 unlocked red"):
        s.apply("p1 choose R2 with 1 +1")


def test_crossed_x_side_shape_cannot_be_taken():
    """RULES 3.3: the X side is single use."""
    s = manual()
    s.facade_sheet.cross(X_SIDE.index("R5"))
    at_choose(s, "RRRRR")
    with pytest.raises(IllegalAction, match="crossed out"):
        s.apply("p1 choose R5 with 1,2,3,4,5")


def test_x_side_shape_is_crossed_out_once_drawn():
    """RULES 3.4.2: if it is an X-side shape, cross it out."""
    s = at_choose(manual(), "RRRRR")
    s.apply("p1 choose R5 with 1,2,3,4,5")
    s.apply("p1 draw R5:A1,b1,c1,b2,c2")
    assert s.facade_sheet.is_crossed(X_SIDE.index("R5"))


def test_second_copy_of_r4_stays_available():
    """RULES 3.3: R4 is printed twice on the X side."""
    s = at_choose(manual(), "RRRRB")
    s.apply("p1 choose R4 with 1,2,3,4")
    s.apply("p1 draw R4:A1,b1,a2,b2")
    assert s.facade_sheet.open_entries("R4") == (X_SIDE.index("R4") + 1,)
    assert s.facade_sheet.crossed_entry("R4") == X_SIDE.index("R4")
    assert "R4" in s.available_entries()


def test_yellow_star_takes_a_crossed_shape_without_crossing_again():
    """RULES 3.4.1 New choice (yellow ★)."""
    s = manual()
    i = X_SIDE.index("R5")
    s.facade_sheet.cross(i)
    unlock(s, 0, "yellow", 3)  # box 3 is a yellow ★
    at_choose(s, "RRRRR")
    s.apply("p1 choose R5* with 1,2,3,4,5")
    s.apply("p1 draw R5:A1,b1,c1,b2,c2")
    assert s.sheets[0].stars_used["yellow"] == 1
    assert len(s.facade_sheet.crossed_entries()) == 1


def test_tile_that_fits_nowhere_cannot_be_chosen():
    """RULES 1 and 5.1: a tile must have a legal placement."""
    s = manual()
    s.sheets[0].building.filled = rows(1, 2, 3, 4, 5, 6, 7, 8) | cells("c9")
    at_choose(s, "PPPPP")
    with pytest.raises(IllegalAction, match="does not fit"):
        s.apply("p1 choose P3 with 1,2,3")


# --- drawing --------------------------------------------------------------------------


def test_draw_marks_exactly_one_x_chosen_by_the_player():
    """RULES 3.4.2: one cell X of your choice, the others O."""
    s = at_choose(manual(), "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:a1,A2")
    b = s.sheets[0].building
    assert b.bricks == cells("a2") and b.filled == cells("a1", "a2")


def test_all_windows_needs_a_blue_star():
    """RULES 3.4.2 No X (blue ★)."""
    s = at_choose(manual(), "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    with pytest.raises(IllegalAction, match="no unlocked blue"):
        s.apply("p1 draw R2:a1,a2")


def test_blue_star_marks_every_cell_o():
    """RULES 3.4.2 No X."""
    s = manual()
    unlock(s, 0, "blue", 2)
    at_choose(s, "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:a1,a2")
    assert s.sheets[0].building.bricks == 0
    assert s.sheets[0].stars_used["blue"] == 1


def test_tiles_are_rotated_not_mirrored():
    """RULES 3.3: rotation only by default."""
    s = at_choose(manual(), "RRRRR")
    s.apply("p1 choose R5 with 1,2,3,4,5")
    with pytest.raises(IllegalAction, match="mirror image"):
        s.apply("p1 draw R5:A1,b1,c1,a2,b2")


def test_mirror_option_allows_mirror_images():
    """RULES 5.12: the table option `mirror`."""
    s = at_choose(manual(mirror=True), "RRRRR")
    s.apply("p1 choose R5 with 1,2,3,4,5")
    s.apply("p1 draw R5:A1,b1,c1,a2,b2")
    assert s.turn_state.drawn


def test_draw_must_follow_the_placement_rule():
    """RULES 1: at least one cell on row 1 or on a drawn cell."""
    s = at_choose(manual(), "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    with pytest.raises(IllegalAction, match="must touch row 1"):
        s.apply("p1 draw R2:c3,C4")


def test_only_the_chosen_tile_is_drawn():
    s = at_choose(manual(), "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    with pytest.raises(IllegalAction, match="you chose R2, not B2"):
        s.apply("p1 draw B2:a1,A2")


def test_purple_star_draws_an_extra_x_cell_before_or_after():
    """RULES 3.4.2 One X cell (purple ★)."""
    s = manual()
    unlock(s, 0, "purple", 3)  # box 3 is a purple ★
    at_choose(s, "RRBBY")
    s.apply("p1 extra C1")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:a1,A2")
    b = s.sheets[0].building
    assert b.bricks == cells("c1", "a2")


def test_purple_and_blue_together_draw_an_extra_o():
    """RULES 3.4.2: with No X as well it may be an O."""
    s = manual()
    unlock(s, 0, "purple", 3)
    unlock(s, 0, "blue", 2)
    at_choose(s, "RRBBY")
    s.apply("p1 extra c1")
    assert s.sheets[0].building.windows == cells("c1")
    assert s.sheets[0].stars_used == {**s.sheets[0].stars_used, "purple": 1, "blue": 1}


def test_scoring_after_every_tile_including_the_extra_cell():
    """RULES 3.4.2: score after every tile drawn."""
    s = manual()
    unlock(s, 0, "purple", 3)
    s.sheets[0].building.filled = cells("a1", "b1", "c1", "d1")
    at_choose(s, "RRBBY")
    events = s.apply("p1 extra E1")
    assert any(e.kind == "scored" for e in events)
    assert s.sheets[0].score == 1  # row 1 with the X just drawn


# --- stars before choosing --------------------------------------------------------------


def test_two_starting_red_stars_reroll_on_turn_one():
    """RULES 3.2: two extra red ★ already unlocked, usable from turn 1."""
    s = at_choose(manual(), "RRBBY")
    s.apply("p1 reroll 3,4")
    s.apply("p1 roll GG")
    s.apply("p1 reroll 5")
    s.apply("p1 roll W")
    assert s.dice == ["red", "red", "green", "green", "white"]
    with pytest.raises(IllegalAction, match="no unlocked red"):
        s.apply("p1 reroll 1")


def test_reroll_comes_before_choosing():
    """RULES 5.9."""
    s = at_choose(manual(), "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    with pytest.raises(IllegalAction, match="before choosing"):
        s.apply("p1 reroll 3")


def test_green_star_turns_dice_of_one_colour_to_one_face():
    """RULES 3.4.1 Change colour (green ★)."""
    s = manual()
    unlock(s, 0, "green", 4)
    at_choose(s, "RRYYB")
    s.apply("p1 change 3,4 to R")
    assert s.dice == ["red"] * 4 + ["blue"]
    with pytest.raises(IllegalAction, match="no unlocked green"):
        s.apply("p1 change 5 to R")


def test_colour_change_needs_dice_of_one_colour():
    s = manual()
    unlock(s, 0, "green", 4)
    at_choose(s, "RRYYB")
    with pytest.raises(IllegalAction, match="same colour"):
        s.apply("p1 change 1,3 to B")


# --- coats of arms ----------------------------------------------------------------------


def test_coat_of_arms_row_gives_a_choice_at_once():
    """RULES 3.4.2: completing row 2 unlocks its coat of arms."""
    s = manual()
    s.sheets[0].building.filled = rows(1, 2, but=("e2",))
    at_choose(s, "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    events = s.apply("p1 draw R2:e2,E3")
    assert [e.kind for e in events if e.kind.startswith("arms")] == ["arms_unlocked"]
    assert s.turn_state.pending_arms == ["2"]
    with pytest.raises(IllegalAction, match="coat of arms"):
        s.apply("p1 end")


def test_coat_of_arms_two_boxes_on_one_track():
    """RULES 3.4.2: mark two boxes on one track of your choice."""
    s = manual()
    s.sheets[0].building.filled = rows(1, 2, but=("e2",))
    at_choose(s, "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:e2,E3")
    s.apply("p1 arms track G")
    assert s.sheets[0].marks["green"] == 2


def test_coat_of_arms_boxes_unlock_from_the_next_turn():
    """RULES 5.2: boxes marked in your own turn unlock from your next turn on."""
    s = manual(players=1)
    s.sheets[0].building.filled = rows(1, 2, but=("e2",))
    at_choose(s, "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:e2,E3")
    s.apply("p1 arms track R")  # boxes 1 (+) and 2 (★) of red
    assert s.sheets[0].bonuses_left("red") == 0
    assert s.sheets[0].stars_left("red") == 2  # only the two starting stars
    s.apply("p1 end")
    s.apply("p1 pass")
    assert s.sheets[0].bonuses_left("red") == 1
    assert s.sheets[0].stars_left("red") == 3


def test_coat_of_arms_o_cell_can_chain_another_coat_of_arms():
    """RULES 3.4.2 and 5.11: the 1-cell O can unlock a further coat of arms."""
    s = manual()
    col_b_but_top = cells(*[f"b{r}" for r in range(1, 9)])
    s.sheets[0].building.filled = rows(1, 2, but=("e2",)) | col_b_but_top | rows(8)
    at_choose(s, "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:e2,E3")
    assert s.turn_state.pending_arms == ["2"]
    events = s.apply("p1 arms b9")
    assert "b" in s.turn_state.pending_arms
    assert any(e.kind == "scored" and e.data["line"] == "b" for e in events)


def test_row_and_column_at_once_give_one_choice_each():
    """RULES 5.11: a row and a column with coats of arms at once: one choice each."""
    s = manual()
    s.sheets[0].building.filled = FULL & ~cells("b2")
    unlock(s, 0, "purple", 3)
    at_choose(s, "RRBBY")
    s.apply("p1 extra B2")  # completes row 2 and column b
    assert s.turn_state.pending_arms == ["2", "b"]
    s.apply("p1 arms track R")
    assert s.turn_state.pending_arms == ["b"]
    s.apply("p1 arms track B")
    assert s.sheets[0].marks["red"] == 2 and s.sheets[0].marks["blue"] == 2


# --- forced placement and the end of the turn ---------------------------------------------


def test_a_fitting_tile_must_be_drawn():
    """RULES 5.1: if a legal tile and placement exist, a tile must be drawn."""
    s = at_choose(manual(), "RRBBY")
    with pytest.raises(IllegalAction, match="must choose and draw"):
        s.apply("p1 end")


def test_no_fitting_tile_draws_nothing_and_leaves_all_dice():
    """RULES 5.1: nothing drawn, all 5 dice stay unused."""
    s = at_choose(manual(), "RBPGY")  # one die of each colour: no 2-cell tile
    assert not any(isinstance(a, Choose) for a in s.legal_actions())
    s.apply("p1 end")
    assert s.unused_dice() == [0, 1, 2, 3, 4]
    assert s.phase == "passive"


def test_the_turn_ends_only_on_confirm():
    """Turn boundary: the active player confirms with `end`."""
    s = at_choose(manual(), "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:A1,a2")
    assert s.phase == "main" and End(0) in s.legal_actions()


def test_undo_takes_back_steps_one_by_one():
    """Turn boundary and undo: own steps, one by one."""
    s = at_choose(manual(), "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:A1,a2")
    s.apply("p1 undo")
    assert s.sheets[0].building.filled == 0 and s.turn_state.chosen.tile == "R2"
    s.apply("p1 undo")
    assert s.turn_state.chosen is None
    with pytest.raises(IllegalAction, match="cannot be undone"):
        s.apply("p1 undo")


def test_undo_is_listed_first_among_legal_actions():
    """Turn boundary and undo: self-play and bots drop a take-back by looking at the head."""
    s = at_choose(manual(), "RRBBY")
    assert not any(isinstance(a, Undo) for a in s.legal_actions())
    s.apply("p1 choose R2 with 1,2")
    options = s.legal_actions()
    assert isinstance(options[0], Undo)
    assert sum(isinstance(a, Undo) for a in options) == 1


def test_a_reroll_cannot_be_undone():
    s = at_choose(manual(), "RRBBY")
    s.apply("p1 reroll 5")
    s.apply("p1 roll R")
    with pytest.raises(IllegalAction, match="cannot be undone"):
        s.apply("p1 undo")


def test_undo_gives_back_a_crossed_x_side_entry_and_used_bonus():
    s = manual()
    unlock(s, 0, "red", 1)
    at_choose(s, "RRRBY")
    s.apply("p1 choose R4 with 1,2,3 +1")
    s.apply("p1 draw R4:A1,b1,a2,b2")
    s.apply("p1 undo")
    s.apply("p1 undo")
    assert not s.facade_sheet.crossed_entries() and s.sheets[0].bonuses_used["red"] == 0


# --- passive players ----------------------------------------------------------------------


def test_white_die_marks_any_track():
    """RULES 3.4.3: white: any track."""
    s = played_turn()
    s.apply("p2 pick 4 G")
    assert s.sheets[1].marks["green"] == 1


def test_coloured_die_marks_only_its_own_track():
    """RULES 3.4.3."""
    s = played_turn()
    with pytest.raises(IllegalAction, match="marks the blue track"):
        s.apply("p2 pick 3 G")


def test_used_die_cannot_be_picked():
    """RULES 3.4.3: one of the dice the active player did not use."""
    s = played_turn()
    with pytest.raises(IllegalAction, match="used by the active player"):
        s.apply("p2 pick 1 R")


def test_several_players_may_pick_the_same_die():
    """RULES 3.4.3."""
    s = played_turn()
    s.apply("p2 pick 3 B")
    s.apply("p3 pick 3 B")
    assert s.sheets[1].marks["blue"] == s.sheets[2].marks["blue"] == 1
    assert s.active == 1  # next turn


def test_nobody_marks_when_all_dice_were_used():
    """RULES 3.4.3: if all 5 dice were used, nobody marks."""
    s = manual()
    unlock(s, 0, "red", 0)
    at_choose(s, "RRRRR")
    s.apply("p1 choose R5 with 1,2,3,4,5")
    s.apply("p1 draw R5:A1,b1,c1,b2,c2")
    s.apply("p1 end")
    assert s.active == 1 and s.phase == "roll"


def test_passive_player_with_full_tracks_marks_nothing():
    """RULES 5.4."""
    s = at_choose(manual(), "RRBBY")
    for c in ("blue", "yellow"):
        s.sheets[1].marks[c] = 9
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:A1,a2")
    s.apply("p1 end")
    assert s.to_act() == [2]


def test_passive_player_may_decline():
    """RULES 5.10."""
    s = played_turn()
    s.apply("p2 pass")
    assert s.sheets[1].marks == dict.fromkeys(s.sheets[1].marks, 0)


def test_two_player_passive_picks_two_dice_even_of_one_colour():
    """RULES 3.6: the non-active player picks two of the unused dice."""
    s = new_game(2, 1, {"dice": "manual"})
    s.apply("p1 setup none")
    s.apply("p2 setup none")
    at_choose(s, "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:A1,a2")
    s.apply("p1 end")
    s.apply("p2 pick 3 B")
    assert s.to_act() == [1]
    with pytest.raises(IllegalAction, match="already picked die 3"):
        s.apply("p2 pick 3 B")
    s.apply("p2 pick 4 B")
    assert s.sheets[1].marks["blue"] == 2 and s.active == 1


def test_marked_bonus_is_usable_from_the_next_turn():
    """RULES 3.4.3: unlocked for use from your next turn on."""
    s = played_turn()
    s.apply("p2 pick 3 B")  # blue box 1: +
    assert s.sheets[1].bonuses_left("blue") == 0
    s.apply("p3 pass")
    assert s.active == 1
    assert s.sheets[1].bonuses_left("blue") == 1


def test_completed_track_scores_two_at_once():
    """RULES 3.2: a whole track scores 2 points at once."""
    s = played_turn()
    s.sheets[1].marks["blue"] = 8
    events = s.apply("p2 pick 3 B")
    assert s.sheets[1].score == 2
    assert any(e.kind == "track_completed" for e in events)


# --- two players, game end -----------------------------------------------------------------


def test_two_player_setup_crosses_one_four_cell_shape_per_colour():
    """RULES 3.6 and 5.3: one R4, one P4, B4R, G4R and Y4R."""
    s = new_game(2, 1)
    crossed = sorted(X_SIDE[i] for i in s.facade_sheet.crossed_entries())
    assert crossed == sorted(["R4", "P4", "B4R", "G4R", "Y4R"])
    assert sorted(TWO_PLAYER_CROSSED) == list(s.facade_sheet.crossed_entries())


def test_two_player_setup_marks_two_boxes_usable_from_turn_one():
    """RULES 3.6: the first two boxes of one track of their choice."""
    s = new_game(2, 1, {"dice": "manual"})
    s.apply("p1 setup R")
    s.apply("p2 setup none")
    assert s.sheets[0].marks["red"] == 2
    assert s.sheets[0].bonuses_left("red") == 1 and s.sheets[0].stars_left("red") == 3


def test_game_ends_at_the_end_of_the_round_in_which_someone_reaches_12():
    """RULES 3.5: all players have had the same number of turns."""
    s = manual(players=3)
    s.sheets[0].score = 11
    s.sheets[0].building.filled = rows(1, but=("a1",))
    s.sheets[0].building.bricks = cells("b1")
    at_choose(s, "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:A1,a2")  # completes row 1: 12 points
    assert s.sheets[0].score == 12
    finish_turn(s)
    assert not s.is_over() and s.active == 1
    for _ in range(2):
        at_choose(s, "RBPGY")
        finish_turn(s)
    assert s.is_over() and s.winners() == [0]


def test_tie_break_fewest_empty_cells_then_shared_victory():
    """RULES 3.5 and 1: tie-break by empty cells; still tied: shared victory."""
    s = manual(players=3)
    for sh in s.sheets:
        sh.score = 12
    s.sheets[1].building.filled = cells("a1")
    assert s.winners() == [1]
    s.sheets[2].building.filled = cells("b1")
    assert s.winners() == [1, 2]


# --- chance and notation --------------------------------------------------------------------


def test_seeded_table_refuses_typed_in_dice():
    """Dice are chance actions: rolled from the seed in digital play."""
    s = new_game(3, 5)
    roll = s.chance_action()
    wrong = "RRRRR" if roll.faces != ("red",) * 5 else "BBBBB"
    with pytest.raises(IllegalAction, match="game rolls the dice"):
        s.apply(f"p1 roll {wrong}")
    s.apply(roll)
    assert s.phase == "main"


def test_same_seed_same_dice():
    """RULES 4: a roll is derived from (seed, turn, reroll number)."""
    a, b = new_game(1, "2026-11-22"), new_game(1, "2026-11-22")
    assert a.chance_action() == b.chance_action()


@pytest.mark.parametrize(
    "text",
    [
        "p1 roll RRGBW",
        "p2 reroll 1,3",
        "p1 change 2,4 to R",
        "p1 choose R3 with 1,2 +1",
        "p1 choose R4* with 1,2,3,5",
        "p1 choose R2 with - +2",
        "p1 draw R3:A1,a2,b2",
        "p1 extra A3",
        "p1 extra a3",
        "p1 arms a4",
        "p1 arms track G",
        "p1 end",
        "p1 undo",
        "p3 pick 3 G",
        "p2 pass",
        "p1 setup G",
        "p2 setup none",
    ],
)
def test_action_notation_round_trip(text):
    assert str(parse_action(text)) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("end", "start with the player"),
        ("p1 jump", "unknown action"),
        ("p1 roll RRXGB", "no die face"),
        ("p1 reroll 7", "dice are numbered 1 to 5"),
        ("p1 pick 3 W", "not a track"),
        ("p1 draw R3 a1", "colon"),
        ("p1 end now", "takes nothing"),
    ],
)
def test_malformed_actions_get_clear_messages(text, message):
    with pytest.raises(IllegalAction, match=message):
        parse_action(text)


def test_pick_without_track_letter_means_the_die_colour():
    s = played_turn()
    s.apply(Pick(1, 2, ""))
    assert s.sheets[1].marks["blue"] == 1
