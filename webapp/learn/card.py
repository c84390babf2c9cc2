"""The guided first game of the card edition: two players, the learner and Anna (played by
the script), seed "learn-1", chosen because its harbour lets five steps happen: two
neighbouring blue cards, a blue 3 paid with three blues, Any cards for two cards that are not
neighbours, a blue 2 that touches the blue 3 (one card less) and covers the coat of arms on
c3, and the ability tile that coat of arms gives."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from webapp.learn.script import Auto, Script, Step

CARD = Script(
    name="card",
    edition="boardgame",
    rules="card",
    config={"players": ["You", "Anna"], "seed": "learn-1"},
    moves=(
        Step("p1 take 4,5", _l("Take the two blue cards at 4 and 5: a turn takes two "
                               "neighbouring cards, or builds."), "take"),
        Auto("p2 take 6,7"),
        Step("p1 build blue-3:A1,a2,b2 pay B,B,B", _l("Build the blue 3 on a1, a2 and b2: a "
                                                      "tile costs its size in cards of its "
                                                      "colour."), "pay"),
        Auto("p2 take 5,6"),
        Step("p1 take 1,5", _l("Use your Any cards ability: take the cards at 1 and 5, which "
                               "are not neighbours."), "abilities"),
        Auto("p2 build yellow-3:A1,a2,b2 pay Y,Y,Y"),
        Step("p1 build blue-2:B3,c3 pay B", _l("Build the blue 2 on b3 and c3: it touches your "
                                               "blue 3, so it costs one card less."), "pay"),
        Step("p1 arms ability change", _l("It covers the coat of arms on c3: take the Change "
                                          "of colours ability."), "abilities"),
    ),
)
