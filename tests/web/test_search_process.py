"""The bots' searches a background job asks for run in a process of their own (the app's
webapp.platform.jobs.Searchers), not in the web process whose pages they would slow."""

from __future__ import annotations

import os

import pytest

from webapp.platform.jobs import Searchers


def test_a_search_runs_in_another_process_and_gives_back_its_result(
        searchers: Searchers) -> None:
    assert searchers.jobs.run(os.getpid) != os.getpid()
    assert searchers.jobs.run(divmod, 17, 5) == (3, 2)


def test_a_search_that_fails_fails_the_job_that_asked(searchers: Searchers) -> None:
    with pytest.raises(ZeroDivisionError):
        searchers.jobs.run(divmod, 1, 0)


def test_the_review_of_a_finished_game_comes_from_the_search_process(
        searchers: Searchers) -> None:
    import rollwrite
    from facade.gametext import read_text
    from tests.review_helpers import play, text_of
    from webapp.review.reviews import BotReview

    state = play(rollwrite.new_game(2, 4), ["greedy", "greedy"], 2)
    body = BotReview(searchers.jobs)(read_text(text_of(state, "rollwrite")))
    assert body["unit"] == "points" and body["turns"]


def test_the_search_process_has_the_niceness_asked_for_not_its_job_threads() -> None:
    """A job thread runs at nice 19 and the search process starts from it: the process sets
    its own niceness (COPENHAGEN_SEARCH_NICE; the suite asks for 0), not an increment of 19."""
    from webapp.platform import jobs

    searcher = jobs.Searcher()  # a search process of its own, started by a job
    pool = jobs.Jobs()
    try:
        job = pool.submit("niceness", searcher.run, os.getpriority, os.PRIO_PROCESS, 0)
        assert job is not None
        assert job.result(timeout=120) == int(os.environ[jobs.SEARCH_NICE_VARIABLE]) == 0
    finally:
        pool.shutdown()
        searcher.shutdown()
