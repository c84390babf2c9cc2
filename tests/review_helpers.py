"""What the review tests share: game texts played by bots, and the review's schema."""

from typing import Any

from bots.levels import make_bot
from facade.gametext import write_text

TOP_KEYS = {"schema", "edition", "unit", "rollouts", "thresholds", "players", "turns"}
PLAYER_KEYS = {"player", "name", "accuracy", "inaccuracies", "mistakes", "blunders",
               "luck", "rating", "band", "score"}  # and the solitaire's "turns"
TURN_KEYS = {"turn", "player", "played", "best", "played_value", "best_value", "loss", "label"}
# schema 2 (issue 28): each move in words (English; codes with values for the web app), the
# sheet as it stood and what each move drew on it, why the best move is good, the noise
TURN_KEYS |= {"choice", "played_steps", "best_steps", "played_words", "best_words", "sheet",
              "played_picture", "best_picture", "why", "why_steps", "noise", "in_noise"}
LABELS = ("", "inaccuracy", "mistake", "blunder")


def play(state: Any, levels: list[str], turns: int, first: list[Any] = ()) -> Any:
    """Bots of these levels play `state` until `turns` turns are done (or the game ends);
    `first` are actions applied before the bots start."""
    for action in first:
        state.apply(action)
    edition = "boardgame" if hasattr(state, "deck") else "rollwrite"
    bots = {p: make_bot(edition, level, p + 1) for p, level in enumerate(levels)}
    while not state.is_over() and state.turn < turns:
        if state.is_chance():
            state.apply(state.chance_action())
        else:
            p = state.to_act()[0]
            state.apply(bots[p].choose(state.view(p), p))
    return state


def text_of(state: Any, edition: str) -> str:
    """The game text of a played state."""
    return write_text(edition, state.config["players"], state.config["options"],
                      state.config["seed"], state.log)


def check_schema(result: dict[str, Any]) -> None:
    """The review has exactly the keys the web page reads, of the right kinds."""
    assert set(result) == TOP_KEYS
    assert result["edition"] in ("rollwrite", "boardgame")
    assert result["unit"] in ("points", "turns")
    assert set(result["thresholds"]) == {"inaccuracy", "mistake", "blunder"}
    th = result["thresholds"]
    assert 0 < th["inaccuracy"] < th["mistake"] < th["blunder"]
    assert [p["player"] for p in result["players"]] == list(range(len(result["players"])))
    for p in result["players"]:
        assert set(p) - {"turns"} == PLAYER_KEYS and 0 <= p["accuracy"] <= 100
        assert (p["luck"] is None) == (result["edition"] == "boardgame")
        assert p["band"] in ("expert", "strong", "greedy", "random")
        own = [t for t in result["turns"] if t["player"] == p["player"]]
        for label, key in (("inaccuracy", "inaccuracies"), ("mistake", "mistakes"),
                           ("blunder", "blunders")):
            assert p[key] == sum(t["label"] == label for t in own)
    for t in result["turns"]:
        assert set(t) - {"dice", "luck", "rolls"} == TURN_KEYS and t["label"] in LABELS
        assert t["played_words"] and t["best_words"] and "p1 " not in t["played_words"]
        assert t["in_noise"] == (0 < t["loss"] <= t["noise"])
        assert not (t["in_noise"] and t["label"])  # inside the noise: no label
        assert isinstance(t["played"], str) and isinstance(t["best"], str) and t["played"]
        assert t["loss"] >= 0
