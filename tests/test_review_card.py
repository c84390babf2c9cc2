"""The review of a card-edition game (issue 21): every seat's turns, each judged from that
seat's view alone; its review never depends on another seat's hidden hand or the deck order;
the expert's own turn costs nothing; `copenhagen review` reads card texts."""

import json

import boardgame
from boardgame.material import END_CARD, END_CARD_DEPTH
from bots import card_review as cr
from bots import review as rv
from bots.levels import make_bot
from bots.review_labels import CARD, label_of, summary
from commandline.main import main
from facade.gametext import read_text
from tests.review_helpers import check_schema, play, text_of

SEAT1_TAKE = "p2 take 1,2"  # legal whatever seat 1 holds, while its hand stays within 7


def test_every_turn_of_every_seat_is_judged_in_final_points():
    state = play(boardgame.new_game(2, 6), ["greedy", "random"], 6)
    result = rv.review(read_text(text_of(state, "boardgame")), rollouts=2)
    check_schema(result)
    assert (result["edition"], result["unit"], result["rollouts"]) == ("boardgame", "points", 2)
    assert result["thresholds"] == CARD.thresholds()
    assert [(t["turn"], t["player"]) for t in result["turns"]] == [
        (n + 1, n % 2) for n in range(6)]
    logged = " / ".join(line.split(" ", 1)[1] for line in state.log)
    assert " / ".join(t["played"] for t in result["turns"]) == logged
    for t in result["turns"]:
        assert abs(t["loss"] - max(0.0, t["best_value"] - t["played_value"])) <= 0.011  # rounded
        assert t["label"] == (label_of(t["loss"], CARD) if t["loss"] > t["noise"] else "")
        # the expert's measure: points, promise and hand, less half the other's, a won game +8
        assert -40 <= t["played_value"] <= 60 and -40 <= t["best_value"] <= 60


def test_the_experts_own_turn_costs_nothing():
    """Seat 1 plays its first turn as the review's expert would: the same move, 0 lost."""
    state = play(boardgame.new_game(2, 5), ["greedy", "greedy"], 1)
    best = cr.expert_turn(state.view(1), 1, rv.REVIEW_SEED)
    assert best and str(best[0]).startswith("p2 ")
    play(state, ["greedy", "greedy"], 3, first=best)
    result = rv.review(read_text(text_of(state, "boardgame")), rollouts=2)
    turn = result["turns"][1]
    assert turn["player"] == 1 and turn["played"] == turn["best"] == cr.moves_text(best)
    assert turn["played_value"] == turn["best_value"]
    assert (turn["loss"], turn["label"]) == (0.0, "")


def twin_tables(seed: int) -> tuple[boardgame.GameState, boardgame.GameState]:
    """Two tables alike in everything seat 0 may see: seat 1's hand is swapped with cards at
    the bottom of the deck (which no early turn draws), so seat 1 holds other cards and the
    deck is in another order."""
    a = boardgame.new_game(2, seed)
    b = a.clone()
    held = [c for c, n in zip(boardgame.material.COLOURS, a.hands[1]) for _ in range(n)]
    bottom = [i for i in range(END_CARD_DEPTH + 1) if b.deck[i] != END_CARD][:len(held)]
    hand = [0] * len(a.hands[1])
    for i, colour in zip(bottom, held):
        hand[boardgame.material.COLOUR_INDEX[b.deck[i]]] += 1
        b.deck[i] = colour
    b.hands[1] = hand
    assert a.hands[1] != b.hands[1] and a.deck != b.deck
    assert a.view(0) == b.view(0) and a.card_total() == b.card_total()
    return a, b


def test_a_seats_review_is_the_same_whatever_the_others_hide():
    """The same public moves on two tables that differ only in seat 1's hand and the deck
    order: the review of seat 0 is the same, word for word. Had it played its worlds out on
    the real tables, it would differ: the hidden cards change how the game goes on."""
    a, b = twin_tables(11)
    start_a, start_b = a.clone(), b.clone()
    greedy = make_bot("boardgame", "greedy", 1)
    actions: list[str] = []
    while a.turn < 5:  # seat 0 plays as a bot would; seat 1 only takes cards (3 + 2 + 2)
        turn = a.turn
        while a.turn == turn:
            action = str(greedy.choose(a.view(0), 0)) if a.active == 0 else SEAT1_TAKE
            a.apply(action)
            b.apply(action)
            actions.append(action)
        assert a.view(0) == b.view(0) and a.hands[1] != b.hands[1]

    def review_of(start: boardgame.GameState) -> dict:
        turns = cr.played_turns(start.clone(), actions)
        return summary("boardgame", start.names, cr.review_turns(turns, 6, rv.REVIEW_SEED, CARD),
                       6, CARD)

    ra, rb = review_of(start_a), review_of(start_b)
    assert [t["player"] for t in ra["turns"]] == [0, 1, 0, 1, 0]

    def seat0(review: dict) -> str:
        return json.dumps([review["players"][0], [t for t in review["turns"] if t["player"] == 0]])

    assert seat0(ra) == seat0(rb)
    pairs = zip(cr.played_turns(start_a.clone(), actions),
                cr.played_turns(start_b.clone(), actions))
    assert any(cr.final_points(x, 0, played) != cr.final_points(y, 0, played)
               for (x, played), (y, _) in pairs if x.active == 0)


def test_the_same_seed_gives_the_same_review_and_another_seed_other_worlds():
    state = play(boardgame.new_game(2, 7), ["greedy", "random"], 4)
    game = read_text(text_of(state, "boardgame"))
    same = rv.review(game, rollouts=3, seed=1)
    assert same == rv.review(game, rollouts=3, seed=1)
    other = rv.review(game, rollouts=3, seed=2)
    assert [t["played_value"] for t in other["turns"]] != [
        t["played_value"] for t in same["turns"]]


def test_review_command_reads_a_card_text(tmp_path, capsys):
    """`copenhagen review FILE`: a table of the turns with their labels, an accuracy per
    player; `--json` the same review."""
    state = play(boardgame.new_game(2, 9), ["greedy", "random"], 4)
    path = tmp_path / "cards.txt"
    path.write_text(text_of(state, "boardgame"))
    assert main(["review", str(path), "--rollouts", "2"]) == 0
    out = capsys.readouterr().out
    assert "expected final points" in out
    assert main(["review", str(path), "--rollouts", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    check_schema(data)
    assert data["edition"] == "boardgame" and len(data["turns"]) == 4
    for t in data["turns"]:
        name = data["players"][t["player"]]["name"]
        assert f"{t['turn']:>3}  {name}  {t['played_words']}" in out  # in words
        assert t["played"] not in out  # not in the notation
        if t["best"] != t["played"]:
            assert f"best  {t['best_words']}  [{t['best_value']} pts]  loss {t['loss']}" in out
    for p in data["players"]:
        assert f"{p['name']}  accuracy {p['accuracy']} %" in out


def test_the_number_of_worlds_by_default_follows_the_number_of_players(monkeypatch):
    """Longer games with more players: fewer worlds, for a review of about the same time."""
    assert cr.ROLLOUTS[2] > cr.ROLLOUTS[3] > cr.ROLLOUTS[4] > 0
    monkeypatch.setattr(cr, "ROLLOUTS", {2: 1, 3: 2, 4: 3})
    for players in (2, 3):
        state = play(boardgame.new_game(players, 2), ["greedy"] * players, 1)
        assert rv.review(read_text(text_of(state, "boardgame")))["rollouts"] == players - 1
