"""The guided first game of Roll & Write: two players, the learner and Anna (played by the
script), seed "learn-5", found by a search over seeds whose dice let the three turns below
happen: a yellow 3 paid with two yellows and a white on turn 1; on turn 3 one green-or-white
die, a red ★ reroll of the other four that brings two greens, and the green 4 (paid with a
bonus) completing row 2 with windows only, which wins the coat of arms of row 2."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from webapp.learn.script import Auto, Script, Step

ROLLWRITE = Script(
    name="rollwrite",
    edition="rollwrite",
    rules="rollwrite",
    config={"players": ["You", "Anna"], "seed": "learn-5",
            "options": {"mirror": False, "dice": "seeded"}},
    moves=(
        Step("p1 setup G", _l("Two players each start with two boxes of one track: take green, "
                              "whose + counts as one extra green die."), "tracks"),
        Auto("p2 setup P"),
        Step("p1 roll YGYBW", _l("Roll the five dice: every turn starts with them."), "turn"),
        Step("p1 choose Y3 with 1,3,5", _l("Take the yellow 3 with dice 1, 3 and 5: two yellows "
                                           "and the white joker pay its three cells."), "turn"),
        Step("p1 draw Y3:B1,a2,b2", _l("Put the X (a brick) on b1: b1 sits on row 1 and holds "
                                       "the whole tile up."), "placement"),
        Step("p1 end", _l("End your turn: Anna now picks from the dice you did not use."),
             "turn"),
        Auto("p2 pick 2 G"),
        Auto("p2 pick 4 B"),
        Auto("p2 roll BWYRR"),
        Auto("p2 choose R2 with 4,5"),
        Auto("p2 draw R2:A1,b1"),
        Auto("p2 end"),
        Step("p1 pick 2 G", _l("Anna left dice 1, 2 and 3 unused: take the white die, a joker, "
                               "for your green track."), "passive"),
        Step("p1 pick 1 B", _l("With two players you pick two dice: take the blue one for the + "
                               "of your blue track."), "passive"),
        Step("p1 roll YRWYY", _l("Your turn again: roll the dice."), "turn"),
        Step("p1 reroll 1,2,4,5", _l("Green would complete row 2: spend a red ★ to reroll "
                                     "the four dice that are not white."), "stars"),
        Auto("p1 roll BGRG"),
        Step("p1 choose G4L with 2,3,5 +1", _l("Take the green 4: two greens, the white die and "
                                               "your green + make four."), "turn"),
        Step("p1 draw G4L:D1,c2,d2,e2", _l("Put the X on d1: row 2 is then complete with "
                                           "windows only and scores 2 points."), "scoring"),
        Step("p1 arms track G", _l("Row 2 carries a coat of arms: take two green boxes, which "
                                   "reach a ★ for your next turn."), "coat-of-arms"),
        Step("p1 end", _l("End your turn: whoever reaches 12 points first wins."), "turn"),
        Auto("p2 pick 1 B"),
        Auto("p2 pick 4 R"),
    ),
)
