"""One end-reason vocabulary for both editions (RULES 2.7, 3.5, 5.7, 5.19; issue 9)."""

import json

import pytest

from boardgame.simulate import END_REASONS as CARD_REASONS
from boardgame.simulate import simulate as card_simulate
from facade.outcome import EndReason
from rollwrite.simulate import END_REASONS as DICE_REASONS
from rollwrite.simulate import simulate as dice_simulate


def test_the_card_edition_s_older_words_still_read_as_the_shared_reasons():
    """Games saved before the vocabulary was shared say `12 points` and `stalled`."""
    assert EndReason("12 points") is EndReason.TARGET_REACHED
    assert EndReason("stalled") is EndReason.NO_PROGRESS
    assert EndReason("end card") is EndReason.END_CARD
    with pytest.raises(ValueError):
        EndReason("bored")


def test_reasons_are_plain_strings_in_json():
    assert json.dumps([EndReason.END_CARD]) == '["end card"]'


@pytest.mark.parametrize(
    ("simulate", "reasons"), [(dice_simulate, DICE_REASONS), (card_simulate, CARD_REASONS)]
)
def test_simulate_counts_every_game_under_a_shared_reason(simulate, reasons):
    data = simulate(2, 6, 3, check=False)
    assert list(data["ended_by"]) == [str(r) for r in reasons]
    assert sum(data["ended_by"].values()) == 6
