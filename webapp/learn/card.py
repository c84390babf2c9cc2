"""The guided first game of the card edition: two players, the learner and Anna (played by
the script), seed "learn-1", chosen because its harbour lets five steps happen: two
neighbouring blue cards, a blue 3 paid with three blues, Any cards for two cards that are not
neighbours, a blue 2 that touches the blue 3 (one card less) and covers the coat of arms on
c3, and the ability tile that coat of arms gives; then, some turns later (played by the script),
a green 4 that completes column d and scores 2 points, and the last turns until the end card
comes up and ends the game (2 points to 1: the learner wins)."""

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
        # some turns later (both players' turns, played by the script: Anna's and the learner's)
        Auto("p2 take 3,5"),
        Auto("p1 take 3,4"),
        Auto("p2 build purple-2:B3,b4 pay P,P"),
        Auto("p1 build red-3:D1,c2,d2 pay R,R,R"),
        Auto("p2 build yellow-2:B1,c1 pay Y"),
        Auto("p1 take 1,2"),
        Auto("p2 build purple-2:a5,B5 pay P"),
        Auto("p1 build red-3:D3,c4,d4 pay P,P change"),
        Auto("p2 take 6,7"),
        Auto("p1 take 6,7"),
        Auto("p2 build yellow-2:c2,D2 pay Y"),
        Auto("p1 build red-2:b4,B5 pay R"),
        Auto("p2 take 3,4"),
        Auto("p1 take 1,2"),
        Auto("p2 take 6,7"),
        Auto("p1 build green-3:b6,b7,B8 pay G,G,G"),
        Auto("p1 arms ability both"),
        Auto("p2 take 5,6"),
        Auto("p2 discard R,Y"),
        Auto("p1 build blue-2:A3,a4 pay B"),
        Auto("p2 build purple-4:A6,a7,a8,a9 pay P,P,P"),
        Auto("p1 take 6,7"),
        Auto("p2 build blue-3:E2,d3,e3 pay B,B,B"),
        Auto("p2 arms white a3"),
        Auto("p1 take 4,5 both"),
        Auto("p1 build red-2:D5,e5 pay R"),
        Auto("p1 arms refresh"),
        Auto("p2 take 5,6"),
        Auto("p1 build green-2:c6,D6 pay G"),
        Auto("p2 build green-2:b6,B7 pay G,G"),
        Auto("p2 arms white e4"),
        Auto("p1 take 4,5"),
        Auto("p2 take 5,6"),
        Step("p1 build green-4:d7,C8,d8,d9 pay Y,Y,Y change",
             _l("Some turns later (the guided game played them for you): build the green 4 on "
                "d7, c8, d8 and d9, paid with three yellow cards as green (Change of colours, "
                "one less beside your green 2). It completes column d: 2 points."), "scoring"),
        Step("p1 arms ability discount", _l("It covers the coat of arms on d9: take the "
                                             "Construction discount ability."), "coat-of-arms"),
        # a few turns more, to the last cards of the deck
        Auto("p2 take 4,5"),
        Auto("p1 take 5,6"),
        Auto("p2 take 6,7"),
        Auto("p1 build green-3:A5,a6,a7 pay G discount"),
        Auto("p2 take 2,3"),
        Auto("p2 discard P,P"),
        Auto("p1 take 3,4 both"),
        Auto("p1 pass"),
        Auto("p2 take 3,4"),
        Auto("p2 discard G,B"),
        Step("p1 take 6,7", _l("Take the cards at 6 and 7. The end card is near the bottom "
                               "of the deck: when the harbour is refilled and it comes up, the "
                               "game ends at once and the higher score wins."), "end"),
        # Anna's last turn: the refill shows the end card
        Auto("p2 take 4,5"),
        Auto("p2 discard G,B"),
    ),
)
