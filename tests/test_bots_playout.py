"""One bot factory and one play-out loop for both editions (issue 9; bots see views, RULES 4)."""

import random

import pytest

import boardgame
import rollwrite
from bots.levels import CARD_LEVELS, DICE_LEVELS, EDITIONS, LEVEL_NAMES, check_level, make_bot
from bots.playout import Step, play_out

ENGINES = {"rollwrite": rollwrite, "boardgame": boardgame}


class Spy:
    """A bot that plays like `bot` and notes what it was given."""

    def __init__(self, bot):
        self.bot, self.seen = bot, []

    def choose(self, view, player):
        self.seen.append((view, player))
        return self.bot.choose(view, player)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_make_bot_builds_the_edition_s_own_bot_of_that_level(edition, level):
    bot = make_bot(edition, level, 3)
    own = {"rollwrite": DICE_LEVELS, "boardgame": CARD_LEVELS}[edition][level]
    assert type(bot) is own


def test_both_editions_offer_the_same_levels():
    assert tuple(DICE_LEVELS) == tuple(CARD_LEVELS) == LEVEL_NAMES == (
        "random", "greedy", "strong", "expert")


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_unknown_level_gets_one_message_naming_the_levels_in_both_editions(edition):
    with pytest.raises(ValueError) as err:
        make_bot(edition, "master")
    assert str(err.value) == "unknown bot level 'master': random, greedy, strong or expert"
    with pytest.raises(ValueError, match="unknown bot level 'master'"):
        check_level("master")
    assert check_level("strong") == "strong"


def test_an_unknown_edition_is_refused_with_the_editions_there_are():
    with pytest.raises(ValueError, match="unknown edition 'chess': rollwrite or boardgame"):
        make_bot("chess", "greedy")


@pytest.mark.parametrize("edition", EDITIONS)
def test_play_out_plays_to_the_end_giving_each_bot_only_its_seat_s_view(edition):
    """Bots decide from `state.view(seat)` (RULES 4: no peeking), never from the state."""
    state = ENGINES[edition].new_game(2, 8)
    spies = {p: Spy(make_bot(edition, "greedy", p)) for p in range(2)}
    steps: list[Step] = []
    applied = play_out(state, spies, on_step=steps.append)
    assert state.is_over() and applied == len(steps) > 10
    for spy in spies.values():
        assert spy.seen and all(isinstance(view, dict) for view, _ in spy.seen)
    for p, spy in spies.items():
        assert {player for _, player in spy.seen} == {p}
    bot_steps = [s for s in steps if s.seat is not None]
    assert len(bot_steps) == sum(len(s.seen) for s in spies.values())


def test_play_out_rolls_the_dice_itself_and_reports_them_as_chance_steps():
    state = rollwrite.new_game(2, 8)
    steps: list[Step] = []
    play_out(state, {p: make_bot("rollwrite", "greedy", p) for p in range(2)},
             on_step=steps.append)
    rolls = [s for s in steps if s.seat is None]
    assert rolls and all(type(s.action).__name__ == "Roll" for s in rolls)
    assert sum(1 for line in state.log if " roll " in f" {line} ") >= len(rolls)


@pytest.mark.parametrize("edition", EDITIONS)
def test_play_out_stops_when_a_seat_without_a_bot_must_act(edition):
    """A person's seat: the loop hands over instead of playing for them."""
    state = ENGINES[edition].new_game(3, 4)
    bots = {0: make_bot(edition, "greedy", 0), 2: make_bot(edition, "greedy", 2)}
    assert play_out(state, bots) > 0  # seat 0 plays its turn first
    assert not state.is_over() and not state.is_chance() and state.to_act() == [1]
    log = list(state.log)
    assert play_out(state, bots) == 0 and state.log == log


def test_play_out_uses_the_random_source_given_for_unseeded_dice():
    """Companion mode rolls no dice of its own (`dice: manual`); `rng` rolls them."""
    logs = []
    for _ in range(2):
        state = rollwrite.new_game(1, "any", {"dice": "manual"})
        play_out(state, {0: make_bot("rollwrite", "greedy")}, rng=random.Random(5))
        logs.append(state.log)
    assert logs[0] == logs[1] and any(" roll " in line for line in logs[0])


def test_play_out_refuses_to_go_on_for_ever():
    state = boardgame.new_game(2, 1)
    with pytest.raises(RuntimeError, match="did not end within 7 actions"):
        play_out(state, {p: make_bot("boardgame", "random", p) for p in range(2)},
                 max_actions=7)
    assert len(state.log) == 7
