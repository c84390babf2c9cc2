"""The solo form: a level given for a bot beyond the number of bots chosen is ignored (the
browser hides those fields; an old browser may still send them)."""

from __future__ import annotations

from .conftest import Phone


def test_levels_beyond_the_bots_chosen_are_ignored(app, phone: Phone):
    phone.get("/s/")
    resp = phone.post("/s/bots", {"name": "Ann", "bots": "1", "level1": "strong",
                                  "level2": "nonsense", "level3": "random"})
    assert resp.status_code == 303, resp.get_data(as_text=True)
    code = resp.headers["Location"].split("?")[0].rsplit("/", 1)[1]  # ?at=0: a bot began
    store = app.extensions["store"]
    seats = store.seats(store.game(code))
    assert [s.bot for s in seats] == [None, "strong"]


def test_a_bad_level_of_a_chosen_bot_is_refused(app, phone: Phone):
    phone.get("/s/")
    resp = phone.post("/s/bots", {"name": "Ann", "bots": "2", "level1": "strong",
                                  "level2": "nonsense"})
    assert resp.status_code == 400
    assert "Bot 2" in resp.get_data(as_text=True)


def test_every_level_field_is_in_its_own_box_the_css_hides(phone: Phone):
    html = phone.get("/s/").get_data(as_text=True)
    for n in (1, 2, 3):
        box = html.split(f'class="bot-level bot-level-{n}"', 1)[1].split("</div>", 1)[0]
        assert f'id="level{n}"' in box
