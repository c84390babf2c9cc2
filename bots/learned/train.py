"""Self-play training of the solitaire's network by temporal differences (TD(0) on the sheets
the bot's drawings leave, as Szubert and Jaśkowski trained their 2048 player): after each turn
the value of the previous turn's sheet moves towards one turn plus the value of this one, and
towards 0 after the turn that reached 12 points. The games' seeds come from the training seed,
so a run is the same on any machine; a checkpoint holds the weights, the games played and the
curve, and a run resumes from it. The card edition's network learns the same way, in games
against the greedy bot, the points each seat lacks at the game's end (`play_and_learn_card`)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from boardgame.game import new_game as new_card_game
from boardgame.material import TARGET as CARD_TARGET
from boardgame.state import GameState as CardState
from bots.card.greedy import GreedyBot
from bots.learned.bot import LearnedBot
from bots.learned.card import CARD_SIZE, LearnedCardBot, position, rows
from bots.learned.ntuple import SIZE, Network
from rollwrite import actions as A  # noqa: N812
from rollwrite.game import new_game
from rollwrite.material import TARGET
from rollwrite.solitaire import new_challenge

RATE = 0.1  # each step moves a sheet's value this share of the way to its target
# Training seeds are drawn from [2**32, 2**40): the challenges the bots were tuned on (0-199)
# and the held-out ones of `bench --strength` (from 1,000,000) lie below.
SEEDS_FROM, SEEDS_TO = 1 << 32, 1 << 40
CURVE_EVERY = 200  # games per point of the curve (their mean turns to 12)


@dataclass
class Run:
    """A training run: its network, its own random generator's state and its curve."""

    network: Network
    seed: int
    players: int = 1  # 1: the solitaire challenge; 2 to 4: games of that many seats
    card: bool = False  # the card edition's games (else Roll & Write's)
    # (games, mean turns; the card edition's: the network's bot's wins in percent)
    curve: list[tuple[int, float]] = field(default_factory=list)
    window: list[float] = field(default_factory=list)  # the games' since the last point

    def game_seed(self) -> int:
        """The seed of the next game: the same for the same run and game number."""
        return random.Random(self.seed * 1_000_003 + self.network.games).randrange(SEEDS_FROM,
                                                                                   SEEDS_TO)


def _learner(network: Network, rate: float, trace: list[tuple[np.ndarray, float]] | None
             ) -> Callable[[np.ndarray, float], None]:
    """One TD step: the value of a position (the weights it reads) moves towards `target`; the
    step goes to `trace` too when one is kept."""
    def learn(row: np.ndarray, target: float) -> None:
        network.learn(row, target - float(network.values(row[None])[0]), rate)
        if trace is not None:
            trace.append((row, target))

    return learn


def play_and_learn(network: Network, seed: int, rate: float = RATE,
                   trace: list[tuple[np.ndarray, float]] | None = None, players: int = 1) -> int:
    """Play the game of `seed` (the solitaire challenge, or `players` seats) with the network's
    bot in every seat, learning after every turn of each; the turns (rounds) it took. `trace`
    gets each turn's sheet (the weights it reads) and its target, in the order learned."""
    state = new_challenge(seed) if players == 1 else new_game(players, seed)
    bots = [LearnedBot(network, seed + seat) for seat in range(players)]  # seat 0: the seed
    previous: list[np.ndarray | None] = [None] * players  # each seat's last turn's sheet
    drawn: list[np.ndarray | None] = [None] * players  # the sheet this turn's drawing left
    learn = _learner(network, rate, trace)

    while not state.is_over():
        if state.is_chance():
            state.apply(state.chance_action())
            continue
        seat = state.to_act()[0]
        action = bots[seat].decide(state, seat)
        state.apply(action)
        if isinstance(action, A.Draw):
            drawn[seat] = Network.rows([state.sheets[seat]])[0]
        if isinstance(action, A.End):  # the seat's turn is over (its sheet as its drawing left it)
            row = drawn[seat]
            if row is None:
                row = Network.rows([state.sheets[seat]])[0]
            last = previous[seat]
            if last is not None:
                learn(last, 1.0 + float(network.values(row[None])[0]))
            previous[seat], drawn[seat] = row, None
    for seat, last in enumerate(previous):
        # a seat that reached 12 has nothing to come; one the others' 12 stopped short, or
        # whose sheet could not change any more (RULES 5.19), learns no end
        if last is not None and state.sheets[seat].score >= TARGET:
            learn(last, 0.0)
    network.games += 1
    return state.turn + 1


def learned_seat(games: int) -> int:
    """The seat the network's bot holds in a card game of training (the greedy bot the other),
    turn about by the games played."""
    return games % 2


def play_and_learn_card(network: Network, seed: int, rate: float = RATE,
                        trace: list[tuple[np.ndarray, float]] | None = None,
                        players: int = 2) -> CardState:
    """Play the card game of `seed`, the network's bot against the greedy bot (`learned_seat`;
    in self-play alone the bot stalled: docs/learning.md), each seat learning after each of
    its turns: its position's value moves towards the value of its position after its next
    turn, and its last one's towards the points it lacks at the end (12 less its score); the
    game at its end."""
    state = new_card_game(players, seed)
    mine = learned_seat(network.games)
    bots = [LearnedCardBot(network, seed) if seat == mine else GreedyBot(seed + seat)
            for seat in range(players)]
    previous: list[np.ndarray | None] = [None] * players
    learn = _learner(network, rate, trace)

    while not state.is_over():
        seat = state.active
        state.apply(bots[seat].decide(state, seat))
        if state.is_over() or state.active != seat:  # the seat's turn is over
            row = rows([position(state, seat)])[0]
            last = previous[seat]
            if last is not None:
                learn(last, float(network.values(row[None])[0]))
            previous[seat] = row
    for seat, last in enumerate(previous):
        if last is not None:
            learn(last, float(CARD_TARGET - min(state.scores_[seat], CARD_TARGET)))
    network.games += 1
    return state


def train(run: Run, games: int, rate: float = RATE,
          progress: Callable[[Run], None] | None = None) -> Run:
    """Play and learn `games` more games; `progress` is told after each."""
    for _ in range(games):
        if run.card:  # the curve: the network's bot's share of the wins (in percent)
            mine = learned_seat(run.network.games)
            won = play_and_learn_card(run.network, run.game_seed(), rate,
                                      players=run.players).winners()
            measure = 100 * (mine in won) / len(won)
        else:  # the turns to 12
            measure = play_and_learn(run.network, run.game_seed(), rate, players=run.players)
        run.window.append(measure)
        if len(run.window) == CURVE_EVERY:
            run.curve.append((run.network.games, sum(run.window) / len(run.window)))
            run.window = []
        if progress is not None:
            progress(run)
    return run


def save(run: Run, path: Path) -> None:
    """The checkpoint: the weights (`path`) and the run beside them (`path` + `.json`)."""
    run.network.save(path)
    Path(f"{path}.json").write_text(json.dumps(
        {"seed": run.seed, "players": run.players, "card": run.card,
         "games": run.network.games,
         "curve": run.curve,
         "window": run.window}, indent=1))


def load(path: Path) -> Run:
    """A run from its checkpoint."""
    meta = json.loads(Path(f"{path}.json").read_text())
    card = meta.get("card", False)
    network = Network.load(path, CARD_SIZE if card else SIZE)
    return Run(network, meta["seed"], meta.get("players", 1), card,
               [tuple(p) for p in meta["curve"]], meta["window"])
