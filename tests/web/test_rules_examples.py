"""The rules figures' bot games are data (issue 38): played once into rules_examples.json,
checked here by playing them again, and never played while a page is built."""

from __future__ import annotations

import pytest

from webapp.learn import rules_figures as RF  # noqa: N812


def test_the_stored_example_games_are_the_ones_the_bots_play():
    """Fails when a bot, an engine or EXAMPLE_GAMES changed and the file was not written
    again (python -m webapp.learn.rules_figures)."""
    assert RF.EXAMPLES_FILE.read_text() == RF.examples_text(RF.play_examples())


def test_the_figures_are_built_without_playing_a_bot_game(monkeypatch: pytest.MonkeyPatch):
    def no_bots(edition: str, seed: int) -> None:
        raise AssertionError(f"a bot game of {edition} was played (seed {seed})")

    monkeypatch.setattr(RF, "play_example", no_bots)
    monkeypatch.setattr(RF, "make_bot", no_bots)
    RF.rollwrite_figures.cache_clear()
    RF.card_figures.cache_clear()
    try:
        assert len(RF.rollwrite_figures()) >= 10 and len(RF.card_figures()) >= 10
    finally:
        RF.rollwrite_figures.cache_clear()
        RF.card_figures.cache_clear()
