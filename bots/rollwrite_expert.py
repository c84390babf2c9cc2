"""The expert Roll & Write bot: the learned bot (`bots.learned.bot.LearnedRollsBot`) on the
shipped network, for every number of players. The network values a sheet by the turns still to
come before it holds 12 points; the bot takes, at each decision about its own sheet (its rolls
too), the step that leaves the fewest. It decides from `state.view(seat)` alone, its imagined
rolls from its own seed: a game is the same from its seed on any machine.

It replaced (issue 40) a search that played the strong bot's best few candidates out over
imagined dice with the greedy policy. On seeds no bot was tuned on (`copenhagen bench
--strength`'s: 2-player games from base seed 40,040, seats alternating; solitaire challenges
1,000,000-1,000,199), 2026-11-29, search then learned:
- two players, against strong: 72.5 % (67.4-77.1) then 87.0 % (82.9-90.3), 320 games;
  against greedy: 96.3 % (92.1-98.3) then 97.5 % (93.8-99.0), 160 games;
- three and four players, one expert against strong bots (90 games each): 55.6 % then 80.6 %,
  and 47.8 % then 82.2 % (the bench's tables; the search's from a script on the same seeds);
- the solitaire's turns to 12: 10.48 (10.35-10.62) then 9.59 (9.45-9.72), 200 challenges;
- a decision's CPU at the 95th percentile (6 games each): 80 ms (two players) and 83 ms
  (solitaire), then 43 and 13 ms.
The network was trained in the solitaire alone (`copenhagen train`, docs/learning.md); it
values the own sheet only, and beats the search at every table size all the same.
"""

from __future__ import annotations

from bots.learned.bot import LearnedRollsBot
from bots.learned.shipped import solitaire_network


class ExpertBot(LearnedRollsBot):
    """The learned bot, rolls included, on the shipped network."""

    name = "expert"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(solitaire_network(), seed)
