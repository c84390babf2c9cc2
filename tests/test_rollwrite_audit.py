"""Audit of the Roll & Write engine against RULES 1, 3, 4 and 5 (docs/rules.md) and the
Roll & Write rulebook. Each test pins a rule that test_rollwrite_rules.py leaves open."""

import json
from collections import Counter

import pytest
from rw_helpers import at_choose, cells, manual, rows, unlock

from facade.errors import IllegalAction
from facade.grid import FULL
from facade.shapes import Shape
from rollwrite import GameState, new_game, replay
from rollwrite.actions import ArmsTrack, Choose, Draw, Pick
from rollwrite.dice import seeded_roll
from rollwrite.material import COLOURS, INFINITE_SIDE, SHAPES, TRACKS, X_SIDE, colour_of
from rollwrite.sheet import Sheet

# --- material, copied by hand from the tables of RULES 3.2 and 3.3 (not from the module) ---

RULES_TRACKS = {  # RULES 3.2: box 1..9, then the ability
    "red": ("+ ★ + ★ ★ ★ · · ·", "Reroll"),
    "blue": ("+ ★ · ★ + ★ · · ·", "No X"),
    "purple": ("+ · ★ + ★ · ★ · ·", "One X cell"),
    "green": ("+ · · ★ + · ★ ★ ·", "Change colour"),
    "yellow": ("+ · ★ + · ★ ★ · ·", "New choice"),
}

RULES_SHAPES = {  # RULES 3.3, rows top to bottom
    "R2": "#/#", "R3": ".#/##", "R4": "##/##", "R5": ".##/###",
    "B2": "#/#", "B3": ".#/##", "B4L": ".#/.#/##", "B4R": "#./#./##", "B5": ".#./.#./###",
    "P2": "#/#", "P3": "#/#/#", "P4": "#/#/#/#", "P5": "#####",
    "G2": "#/#", "G3": "#/#/#", "G4L": ".#/##/.#", "G4R": "#./##/#.", "G5": ".#./###/.#.",
    "Y2": "#/#", "Y3": ".#/##", "Y4L": ".#/##/#.", "Y4R": "#./##/.#", "Y5": "..#/###/#..",
}

RULES_X_SIDE = "R4 R4 R5 B4L B4R B5 P4 P4 P5 G4L G4R G5 Y4L Y4R Y5".split()


def test_track_table_bonus_and_star_boxes_are_those_of_rules_3_2():
    """RULES 3.2: the `+` and `★` under the boxes of each track, read through a sheet."""
    for colour, (boxes, ability) in RULES_TRACKS.items():
        symbols = boxes.split()
        assert TRACKS[colour].ability == ability
        for marked in range(10):
            sheet = Sheet("x")
            sheet.marks[colour] = sheet.usable[colour] = marked
            extra = 2 if colour == "red" else 0  # the two printed starting stars
            assert sheet.bonuses_left(colour) == symbols[:marked].count("+"), (colour, marked)
            assert sheet.stars_left(colour) == symbols[:marked].count("★") + extra, (
                colour,
                marked,
            )


def test_facade_sheet_shapes_are_those_printed_in_rules_3_3():
    """RULES 3.3: the 23 shapes as printed (rows top to bottom)."""
    assert set(SHAPES) == set(RULES_SHAPES)
    for tid, printed in RULES_SHAPES.items():
        assert SHAPES[tid] == Shape.from_rows(printed), tid


def test_x_side_has_fifteen_entries_and_infinite_side_one_2_and_3_cell_shape_per_colour():
    """RULES 3.3: X side in full (15 entries, R4 and P4 twice); ∞ side one 2- and one 3-cell
    shape of every colour."""
    assert len(X_SIDE) == 15
    assert Counter(X_SIDE) == Counter(RULES_X_SIDE)
    for colour in COLOURS:
        sizes = sorted(SHAPES[t].size for t in INFINITE_SIDE if colour_of(t) == colour)
        assert sizes == [2, 3], colour
    assert not set(INFINITE_SIDE) & set(X_SIDE)


def test_every_player_starts_with_exactly_two_red_stars_and_nothing_else():
    """RULES 3.2: two extra red ★ already unlocked, usable from turn 1; nothing else."""
    s = new_game(4, 3, {"dice": "manual"})
    for sheet in s.sheets:
        assert {c: sheet.stars_left(c) for c in COLOURS} == {**dict.fromkeys(COLOURS, 0), "red": 2}
        assert all(sheet.bonuses_left(c) == 0 for c in COLOURS)


# --- chirality: rotated, not mirrored (RULES 3.3, 5.12) -----------------------------------

# (tile, dice, its printed cells on a1.., the cells of its mirror image)
CHIRAL = [
    ("B4L", "BBBBR", "A1,b1,b2,b3", "A1,b1,a2,a3"),
    ("B4R", "BBBBR", "A1,b1,a2,a3", "A1,b1,b2,b3"),
    ("Y4L", "YYYYR", "A1,a2,b2,b3", "B1,a2,b2,a3"),
    ("Y4R", "YYYYR", "B1,a2,b2,a3", "A1,a2,b2,b3"),
    ("Y5", "YYYYY", "A1,a2,b2,c2,c3", "C1,a2,b2,c2,a3"),
]


@pytest.mark.parametrize(("tile", "faces", "printed", "mirrored"), CHIRAL)
def test_chiral_entries_are_not_drawn_as_their_mirror_image(tile, faces, printed, mirrored):
    """RULES 3.3: B4L/B4R, Y4L/Y4R and Y5 are rotated only; the mirror option allows both."""
    dice = ",".join(str(i + 1) for i in range(SHAPES[tile].size))
    s = at_choose(manual(), faces)
    s.apply(f"p1 choose {tile} with {dice}")
    with pytest.raises(IllegalAction, match="mirror image"):
        s.apply(f"p1 draw {tile}:{mirrored}")
    s.apply(f"p1 draw {tile}:{printed}")
    m = at_choose(manual(mirror=True), faces)
    m.apply(f"p1 choose {tile} with {dice}")
    m.apply(f"p1 draw {tile}:{mirrored}")
    assert m.turn_state.drawn


def test_g4l_may_be_drawn_as_printed_g4r_since_that_is_a_rotation():
    """RULES 3.3: G4L `.#/##/.#` turned half way round is `#./##/#.`; rotation is allowed."""
    s = at_choose(manual(), "GGGGR")
    s.apply("p1 choose G4L with 1,2,3,4")
    s.apply("p1 draw G4L:A1,a2,b2,a3")  # the printed G4R shape
    assert s.sheets[0].building.filled == cells("a1", "a2", "b2", "a3")


# --- roll, reroll, change colour ------------------------------------------------------------


def test_reroll_faces_come_from_seed_turn_and_reroll_number():
    """RULES 4 and 3.4.1: a roll is (seed, turn, reroll number); rerolled dice only change."""
    seed = "audit-1"
    s = new_game(1, seed)
    s.apply(s.chance_action())
    first = seeded_roll(seed, 0, 0)
    assert tuple(s.dice) == first
    s.apply("p1 reroll 2,4")
    assert s.chance_action().faces == (seeded_roll(seed, 0, 1)[1], seeded_roll(seed, 0, 1)[3])
    s.apply(s.chance_action())
    want = list(first)
    want[1], want[3] = seeded_roll(seed, 0, 1)[1], seeded_roll(seed, 0, 1)[3]
    assert s.dice == want
    s.apply("p1 reroll 1")
    s.apply(s.chance_action())
    assert s.dice[0] == seeded_roll(seed, 0, 2)[0]
    assert s.sheets[0].stars_used["red"] == 2


def _draw_first_listed_tile(state: GameState) -> None:
    """Choose and draw the first listed tile, if any (RULES 5.1 makes it compulsory)."""
    chooses = [a for a in state.legal_actions() if isinstance(a, Choose)]
    if chooses:
        state.apply(chooses[0])
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Draw)))


def _solo_turn(state: GameState, reroll: bool, pick_last: bool) -> None:
    """Play one seeded solitaire turn: optional reroll, then the first or last listed tile."""
    state.apply(state.chance_action())
    if reroll:
        state.apply("p1 reroll 1,2,3")
        state.apply(state.chance_action())
    chooses = [a for a in state.legal_actions() if isinstance(a, Choose)]
    if chooses:
        state.apply(chooses[-1] if pick_last else chooses[0])
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Draw)))
    state.apply("p1 end")
    if state.phase == "passive":
        state.apply("p1 pass")


def test_equal_choices_see_equal_dice_whatever_came_before():
    """RULES 4: the dice of a turn depend on (seed, turn, reroll number), not on earlier
    choices."""
    a, b = new_game(1, "2026-11-22"), new_game(1, "2026-11-22")
    _solo_turn(a, reroll=True, pick_last=True)
    _solo_turn(b, reroll=False, pick_last=False)
    assert a.turn == b.turn == 1
    assert a.chance_action() == b.chance_action()
    assert a.chance_action().faces == seeded_roll("2026-11-22", 1, 0)


def test_one_red_star_rerolls_any_number_of_dice():
    """RULES 3.4.1 Reroll: reroll any of the dice; one ★ per reroll."""
    s = at_choose(manual(), "RRBBY")
    s.apply("p1 reroll 1,2,3,4,5")
    s.apply("p1 roll GGGGG")
    assert s.dice == ["green"] * 5
    assert s.sheets[0].stars_used["red"] == 1


def test_changed_dice_are_what_the_passive_players_pick_from():
    """RULES 5.9: the dice left for the passive players are the dice as they stand."""
    s = manual()
    unlock(s, 0, "green", 4)
    at_choose(s, "RRYYB")
    s.apply("p1 change 5 to G")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:A1,a2")
    s.apply("p1 end")
    with pytest.raises(IllegalAction, match="green"):
        s.apply("p2 pick 5 B")
    s.apply("p2 pick 5")
    assert s.sheets[1].marks["green"] == 1 and s.sheets[1].marks["blue"] == 0


def test_a_colour_change_can_be_taken_back():
    """Undo takes back your own steps (never a roll): a green ★ change comes back whole."""
    s = manual()
    unlock(s, 0, "green", 4)
    at_choose(s, "RRYYB")
    s.apply("p1 change 3,4 to R")
    s.apply("p1 undo")
    assert s.dice == ["red", "red", "yellow", "yellow", "blue"]
    assert s.sheets[0].stars_left("green") == 1


# --- choosing -------------------------------------------------------------------------------


def test_bonuses_of_another_colour_do_not_pay():
    """RULES 3.4.1: up to 2 bonuses of colour C, the colour of the tile."""
    s = manual()
    unlock(s, 0, "red", 3)  # two red +
    at_choose(s, "BBRRY")
    with pytest.raises(IllegalAction, match="blue"):
        s.apply("p1 choose B3 with 1,2 +1")
    assert s.turn_state.chosen is None and s.sheets[0].bonuses_used["red"] == 0


def test_infinite_side_shapes_are_never_crossed_out():
    """RULES 3.3: the ∞ side is unlimited."""
    s = at_choose(manual(), "RRRBY")
    s.apply("p1 choose R3 with 1,2,3")
    s.apply("p1 draw R3:A1,b1,b2")
    assert not s.facade_sheet.crossed_entries()
    assert "R3" in s.available_entries()


def test_new_choice_is_only_for_crossed_out_x_side_shapes():
    """RULES 3.4.1 New choice (yellow ★): an X-side shape that is already crossed out."""
    s = manual()
    unlock(s, 0, "yellow", 3)
    at_choose(s, "RRRRR")
    with pytest.raises(IllegalAction, match="∞ side"):
        s.apply("p1 choose R3* with 1,2,3")
    with pytest.raises(IllegalAction, match="not crossed out"):
        s.apply("p1 choose R5* with 1,2,3,4,5")
    assert s.sheets[0].stars_used["yellow"] == 0 and s.turn_state.chosen is None


# --- drawing, purple extra ------------------------------------------------------------------


def test_purple_extra_x_cell_after_the_main_tile():
    """RULES 3.4.2 One X cell: before *or after* the main tile."""
    s = manual()
    unlock(s, 0, "purple", 3)
    at_choose(s, "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:A1,a2")
    s.apply("p1 extra B1")
    b = s.sheets[0].building
    assert b.filled == cells("a1", "a2", "b1") and b.bricks == cells("a1", "b1")
    assert s.sheets[0].stars_used["purple"] == 1


def test_extra_cell_cannot_take_the_last_room_of_the_chosen_tile():
    """RULES 5.1: a chosen tile must be drawn, so an extra cell may not make that impossible."""
    s = manual()
    unlock(s, 0, "purple", 3)
    s.sheets[0].building.filled = FULL & ~cells("e8", "e9")  # P2 fits on e8,e9 only
    at_choose(s, "PPBBY")
    s.apply("p1 choose P2 with 1,2")
    with pytest.raises(IllegalAction, match="no room for P2"):
        s.apply("p1 extra E8")
    s.apply("p1 draw P2:E8,e9")
    assert s.sheets[0].building.filled == FULL


def test_an_extra_cell_can_be_taken_back():
    """Undo of your own steps: the extra cell and its purple ★ come back."""
    s = manual()
    unlock(s, 0, "purple", 3)
    at_choose(s, "RRBBY")
    s.apply("p1 extra C1")
    s.apply("p1 undo")
    assert s.sheets[0].building.filled == 0 and s.sheets[0].stars_left("purple") == 1


def test_full_building_draws_nothing_and_leaves_all_dice():
    """RULES 5.1: if no tile of any colour has a legal placement, nothing is drawn."""
    s = manual()
    s.sheets[0].building.filled = FULL & ~cells("a9", "c9", "e9")  # only single holes
    at_choose(s, "RRRRR")
    assert not any(isinstance(a, Choose) for a in s.legal_actions())
    s.apply("p1 end")
    assert s.unused_dice() == [0, 1, 2, 3, 4]


# --- coats of arms --------------------------------------------------------------------------


def _line_missing_one_cell(line: str) -> tuple[int, str]:
    """A building where exactly `line` is one cell short, and that cell (upper-case)."""
    if line.isdigit():
        r = int(line)
        if r == 9:  # e1 stays empty so that column e cannot complete
            return FULL & ~cells("e1", "e9"), "E9"
        return rows(*range(1, r + 1), but=(f"e{r}",)), f"E{r}"
    other = "b" if line == "a" else "a"  # a second hole in row 9 keeps row 9 open
    return FULL & ~cells(f"{line}9", f"{other}9"), f"{line.upper()}9"


@pytest.mark.parametrize("line", [*"123456789", *"abcde"])
def test_coats_of_arms_are_on_rows_2_4_6_and_columns_b_d_only(line):
    """RULES 3.2: coats of arms at the end of rows 2, 4, 6 and on top of columns b and d."""
    s = manual()
    unlock(s, 0, "purple", 3)
    s.sheets[0].building.filled, cell = _line_missing_one_cell(line)
    at_choose(s, "RBPGY")
    events = s.apply(f"p1 extra {cell}")
    assert [e.data["line"] for e in events if e.kind == "scored"] == [line]
    unlocked = [e.data["line"] for e in events if e.kind == "arms_unlocked"]
    assert unlocked == ([line] if line in ("2", "4", "6", "b", "d") else [])


def test_coat_of_arms_with_nothing_left_to_give_is_lost():
    """RULES 3.4.2: no empty cell and every track full: the coat of arms gives nothing."""
    s = manual()
    for c in COLOURS:
        unlock(s, 0, c, 9)
    s.sheets[0].building.filled = FULL & ~cells("b2")
    at_choose(s, "RBPGY")
    events = s.apply("p1 extra B2")  # row 2 and column b at once
    assert [e.kind for e in events].count("arms_lost") == 2
    s.apply("p1 end")
    assert s.phase == "passive"


def test_coat_of_arms_boxes_stay_on_one_track_when_it_is_nearly_full():
    """RULES 3.4.2 and the Roll & Write rulebook: two boxes on *one* track, never split over
    two; a completed track scores 2 at once."""
    s = manual()
    s.sheets[0].marks["green"] = 8
    s.sheets[0].building.filled = rows(1, 2, but=("e2",))
    at_choose(s, "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:e2,E3")
    score = s.sheets[0].score
    s.apply("p1 arms track G")
    assert s.sheets[0].marks == {**dict.fromkeys(COLOURS, 0), "green": 9}
    assert s.sheets[0].score == score + 2


def test_a_coat_of_arms_choice_can_be_taken_back():
    """Undo of your own steps: the coat of arms is waiting again, the boxes unmarked."""
    s = manual()
    s.sheets[0].building.filled = rows(1, 2, but=("e2",))
    at_choose(s, "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:e2,E3")
    s.apply("p1 arms track G")
    s.apply("p1 undo")
    assert s.sheets[0].marks["green"] == 0
    assert ArmsTrack(0, "green") in s.legal_actions()
    with pytest.raises(IllegalAction, match="coat of arms"):
        s.apply("p1 end")


# --- passive players, solitaire, two players -------------------------------------------------


def test_solitaire_player_marks_one_of_their_own_unused_dice():
    """RULES 4: every turn you are the active player, then mark one of your own unused dice."""
    s = at_choose(manual(players=1), "RRBWY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:A1,a2")
    s.apply("p1 end")
    assert s.to_act() == [0] and s.phase == "passive"
    assert Pick(0, 3, "green") in s.legal_actions()
    with pytest.raises(IllegalAction, match="used by the active player"):
        s.apply("p1 pick 1 R")
    s.apply("p1 pick 4 G")  # one die only: the next turn starts at once
    assert s.turn == 1 and s.phase == "roll"
    assert sum(s.sheets[0].marks.values()) == 1


def test_two_player_passive_player_may_stop_after_one_die():
    """RULES 3.6 and 5.10: the non-active player may pick two dice, and may decline."""
    s = new_game(2, 1, {"dice": "manual"})
    s.apply("p1 setup none")
    s.apply("p2 setup none")
    at_choose(s, "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:A1,a2")
    s.apply("p1 end")
    s.apply("p2 pick 5")
    s.apply("p2 pass")
    assert s.active == 1 and s.sheets[1].marks["yellow"] == 1
    assert sum(s.sheets[1].marks.values()) == 1


def test_starting_boxes_are_for_two_player_games_and_chosen_once():
    """RULES 3.6: each player of a two-player game may mark the first two boxes of one track."""
    three = new_game(3, 1, {"dice": "manual"})
    assert three.phase == "roll"
    with pytest.raises(IllegalAction):
        three.apply("p1 setup R")
    two = new_game(2, 1, {"dice": "manual"})
    two.apply("p2 setup B")
    with pytest.raises(IllegalAction):
        two.apply("p2 setup G")
    assert two.sheets[1].marks == {**dict.fromkeys(COLOURS, 0), "blue": 2}


def test_track_points_of_a_passive_player_end_the_game_only_at_the_round_end():
    """RULES 3.5: points from completed tracks count; the round is played out."""
    s = manual(players=3)
    s.sheets[1].score = 10
    s.sheets[1].marks["blue"] = 8
    at_choose(s, "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:A1,a2")
    s.apply("p1 end")
    s.apply("p2 pick 3")
    s.apply("p3 pass")
    assert s.sheets[1].score == 12 and not s.is_over() and s.active == 1
    for _ in range(2):
        at_choose(s, "RBPGY")
        _draw_first_listed_tile(s)
        s.apply(f"p{s.active + 1} end")
        for p in list(s.to_act()):
            s.apply(f"p{p + 1} pass")
    assert s.is_over() and s.winners() == [1]


# --- robustness: bad input, JSON, replay ------------------------------------------------------

BAD_TEXT = [
    "",
    "end",
    "p1",
    "p9 end",
    "p0 end",
    "p1 jump",
    "p1 end now",
    "p1 roll RRXGB",
    "p1 roll RRRRRRR",
    "p1 reroll 1,1",
    "p1 reroll 7",
    "p1 change 1 to Q",
    "p1 change to R",
    "p1 choose Q1 with 1,2",
    "p1 choose R2 with 1,2 +3",
    "p1 choose R2 with 1,1",
    "p1 choose R2",
    "p1 draw R2 a1,a2",
    "p1 draw R2:A1,A2",
    "p1 draw R2:a1,a1",
    "p1 draw R2:z1,a2",
    "p1 draw P5:A1,b1",
    "p1 extra z9",
    "p1 extra",
    "p1 arms track W",
    "p1 arms a1 b1",
    "p1 pick 6",
    "p1 pick 1 W",
    "p1 pick",
    "p2 setup W",
    "p2 pick 0",
    "p3 draw R2:A9,a8",
]


def _phases() -> dict[str, GameState]:
    """One state in every phase a table goes through."""
    out: dict[str, GameState] = {"setup": new_game(2, 1, {"dice": "manual"})}
    out["roll"] = manual()
    s = manual()
    for c in ("purple", "blue", "green", "yellow"):
        unlock(s, 0, c, 4)
    at_choose(s, "RRBWY")
    out["main"] = s.clone()
    s.apply("p1 reroll 3")
    out["reroll"] = s.clone()
    s.apply("p1 roll B")
    s.apply("p1 choose R2 with 1,2")
    out["chosen"] = s.clone()
    s.apply("p1 draw R2:A1,a2")
    out["drawn"] = s.clone()
    s.apply("p1 end")
    out["passive"] = s.clone()
    a = manual()
    a.sheets[0].building.filled = rows(1, 2, but=("e2",))
    at_choose(a, "RRBBY")
    a.apply("p1 choose R2 with 1,2")
    a.apply("p1 draw R2:e2,E3")
    out["arms"] = a
    solo = at_choose(manual(players=1), "RRBWY")
    solo.apply("p1 choose R2 with 1,2")
    solo.apply("p1 draw R2:A1,a2")
    solo.apply("p1 end")
    out["solo passive"] = solo
    over = manual(players=1)
    over.sheets[0].score = 12
    at_choose(over, "RBPGY")
    over.apply("p1 end")
    over.apply("p1 pass")
    assert over.is_over()
    out["over"] = over
    return out


@pytest.mark.parametrize("phase", list(_phases()))
def test_bad_text_is_refused_in_every_phase_and_changes_nothing(phase):
    """README and RULES: IllegalAction with a message for players, and no change at all."""
    state = _phases()[phase]
    for text in BAD_TEXT:
        before = json.dumps(state.to_dict(), sort_keys=True)
        with pytest.raises(IllegalAction) as err:
            state.apply(text)
        assert len(str(err.value)) > 10, text
        assert json.dumps(state.to_dict(), sort_keys=True) == before, (phase, text)


def test_json_round_trip_mid_turn_keeps_undo_and_the_waiting_coat_of_arms():
    """JSON round trip: a state read back plays on exactly like the original."""
    s = manual()
    s.sheets[0].building.filled = rows(1, 2, but=("e2",))
    at_choose(s, "RRBBY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:e2,E3")
    copy = GameState.from_dict(json.loads(json.dumps(s.to_dict())))
    assert copy == s and copy.legal_actions() == s.legal_actions()
    for step in ("p1 undo", "p1 draw R2:E2,e3", "p1 arms track Y", "p1 end", "p2 pick 5"):
        s.apply(step)
        copy.apply(step)
        assert copy == s, step


def test_manual_game_replays_exactly_with_rerolls_and_undo():
    """Exact replay: typed-in dice, rerolls and taken-back steps are in the log."""
    s = new_game(3, "t", {"dice": "manual"})
    for line in [
        "p1 roll rrbby",
        "p1 reroll 5",
        "p1 roll r",
        "p1 choose R3 with 1,2,5",
        "p1 undo",
        "p1 choose R2 with 1,2",
        "p1 draw R2:A1,a2",
        "p1 undo",
        "p1 draw R2:a1,B1",
        "p1 end",
        "p2 pick 3",
        "p3 pass",
        "p2 roll GGGPW",
        "p2 choose G4L with 1,2,3,5",
        "p2 draw G4L:a1,B1,c1,b2",
        "p2 end",
    ]:
        s.apply(line)
    again = replay(s.config, s.log)
    assert again == s
    assert s.sheets[0].building.filled == cells("a1", "b1")
    assert s.facade_sheet.is_crossed(X_SIDE.index("G4L"))


def test_typed_in_dice_must_be_five_faces_then_the_rerolled_ones():
    """Manual dice (companion mode): real dice typed in, checked for count and faces."""
    s = manual()
    with pytest.raises(IllegalAction, match="roll 5 dice"):
        s.apply("p1 roll RRB")
    s.apply("p1 roll R R b w y")
    assert s.dice == ["red", "red", "blue", "white", "yellow"]
    s.apply("p1 reroll 3,4")
    with pytest.raises(IllegalAction, match="not 1"):
        s.apply("p1 roll G")
    s.apply("p1 roll GP")
    assert s.dice == ["red", "red", "green", "purple", "yellow"]


# --- messages that must say what is really wrong ---------------------------------------------


def _message(state: GameState, text: str) -> str:
    with pytest.raises(IllegalAction) as err:
        state.apply(text)
    return str(err.value)


def test_turn_steps_during_two_player_setup_point_to_the_setup():
    """RULES 3.6: before the first roll the two players choose starting boxes; nobody is
    picking dice yet."""
    s = new_game(2, 1, {"dice": "manual"})
    for text in ("p1 choose R2 with 1,2", "p1 reroll 1", "p1 draw R2:A1,a2", "p1 end"):
        msg = _message(s, text)
        assert "passive players are picking" not in msg, text
        assert "roll the dice first" not in msg, text
        assert "setup" in msg or "starting" in msg, (text, msg)


def test_active_player_is_not_told_they_marked_dice_during_the_passive_phase():
    """RULES 3.4.3: in a game of 2-4 the active player marks no dice; the message must not say
    they did."""
    s = at_choose(manual(), "RRBWY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:A1,a2")
    s.apply("p1 end")
    for text in ("p1 end", "p1 pick 3", "p1 choose R2 with 1,2"):
        msg = _message(s, text)
        assert "already marked their dice" not in msg, (text, msg)


def test_passive_player_ending_is_told_to_pick_or_pass():
    """RULES 3.4.3 and 5.10: a passive player picks a die or passes; the dice are rolled."""
    s = at_choose(manual(), "RRBWY")
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:A1,a2")
    s.apply("p1 end")
    msg = _message(s, "p2 end")
    assert "roll the dice first" not in msg
    assert "pick" in msg or "pass" in msg, msg


def test_active_player_undo_before_rolling_is_not_told_they_are_not_active():
    """Undo never takes back a roll; the active player is told that, not that only the active
    player may undo."""
    s = manual()
    assert s.to_act() == [0]
    msg = _message(s, "p1 undo")
    assert "only the active player" not in msg, msg
    s.apply("p1 roll RRBBY")
    s.apply("p1 reroll 3")
    msg = _message(s, "p1 undo")
    assert "only the active player" not in msg, msg



@pytest.mark.parametrize("value", ["false", "yes", 0, None])
def test_mirror_option_must_be_true_or_false(value):
    """RULES 5.12: the table option `mirror` is on or off; text such as "false" is refused
    rather than read as on."""
    with pytest.raises(IllegalAction, match="mirror is on or off"):
        new_game(3, 1, {"mirror": value})
