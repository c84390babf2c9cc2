"""Both editions answer alike (webapp/games/routes.py): one table of situations, each played
on a Roll & Write table (`/rollwrite`) and on a card-edition table (`/card`) with two phones
seated and a third watching. Every refusal leaves the game as it was."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from web.conftest import Phone


@dataclass(frozen=True)
class Ed:
    """One edition as the situations see it."""

    prefix: str
    marker: str  # the id of the element the game page (and its refusals) carry
    other: str  # the prefix of the other edition's pages

    def make(self, phones: list[Phone]) -> str:
        """A game of two people: phones[0] created it at seat 1, phones[1] took seat 2."""
        host, guest = phones[0], phones[1]
        if self.prefix == "/rollwrite":
            host.get("/rollwrite/new")
            resp = host.post("/rollwrite/new", {"seats": "2", "name": "Ann", "dice": "app"})
        else:
            host.get("/card/new")
            resp = host.post("/card/new", {"mode": "table", "kind0": "person", "name0": "Ann",
                                        "kind1": "person", "name1": "Ben", "kind2": "none",
                                        "kind3": "none"})
        assert resp.status_code == 303, resp.get_data(as_text=True)[:300]
        code = resp.headers["Location"].split("?")[0].rsplit("/", 1)[-1]
        guest.get(f"{self.prefix}/{code}/join")
        joined = guest.post(f"{self.prefix}/{code}/join", {"seat": "1", "name": "Ben"})
        assert joined.status_code == 303, joined.get_data(as_text=True)[:300]
        return code


EDITIONS = [pytest.param(Ed("/rollwrite", 'id="table"', "/card"), id="rollwrite"),
            pytest.param(Ed("/card", 'id="game"', "/rollwrite"), id="card")]


def store_of(app: Any) -> Any:
    return app.extensions["store"]


def head(app: Any, code: str) -> int:
    return int(store_of(app).head(code)[0])


def a_legal_line(app: Any, code: str) -> tuple[int, str]:
    """A seat that may act now and one of its legal lines (never a take-back)."""
    store = store_of(app)
    state = store.state(store.game(code))
    for seat in state.to_act():
        lines = [str(a) for a in state.legal_actions(seat)]
        lines = [t for t in lines if t.split()[1] not in ("undo", "unpick")] or lines
        if lines:
            return seat, lines[0]
    raise AssertionError("nobody may act")


Situation = Callable[[Any, list[Phone], Ed, str], tuple[int, str]]


def _answer(resp: Any) -> tuple[int, str]:
    return resp.status_code, resp.get_data(as_text=True)


def _join(phones: list[Phone], ed: Ed, code: str, seat: str) -> tuple[int, str]:
    phones[2].get(f"{ed.prefix}/{code}/join")
    return _answer(phones[2].post(f"{ed.prefix}/{code}/join", {"seat": seat, "name": "Cy"}))


def unknown_code(app: Any, phones: list[Phone], ed: Ed, code: str) -> tuple[int, str]:
    return _answer(phones[2].get(f"{ed.prefix}/ZZZZZZ"))


def code_of_the_other_edition(app: Any, phones: list[Phone], ed: Ed,
                              code: str) -> tuple[int, str]:
    return _answer(phones[2].get(f"{ed.other}/{code}"))


def _act(phone: Phone, ed: Ed, code: str, form: dict[str, str], **kw: Any) -> tuple[int, str]:
    return _answer(phone.post(f"{ed.prefix}/{code}/act", form, **kw))


def move_from_a_watcher(app: Any, phones: list[Phone], ed: Ed, code: str) -> tuple[int, str]:
    seat, line = a_legal_line(app, code)
    return _act(phones[2], ed, code, {"seq": str(head(app, code)), "action": line})


def move_without_seq(app: Any, phones: list[Phone], ed: Ed, code: str) -> tuple[int, str]:
    seat, line = a_legal_line(app, code)
    return _act(phones[seat], ed, code, {"action": line})


def move_from_a_page_ahead(app: Any, phones: list[Phone], ed: Ed, code: str) -> tuple[int, str]:
    seat, line = a_legal_line(app, code)
    return _act(phones[seat], ed, code, {"seq": str(head(app, code) + 5), "action": line})


def not_a_move(app: Any, phones: list[Phone], ed: Ed, code: str) -> tuple[int, str]:
    seat, _line = a_legal_line(app, code)
    return _act(phones[seat], ed, code, {"seq": str(head(app, code)),
                                         "action": f"p{seat + 1} dance"})


def another_seats_move(app: Any, phones: list[Phone], ed: Ed, code: str) -> tuple[int, str]:
    seat, line = a_legal_line(app, code)
    other = 1 - seat
    return _act(phones[other], ed, code, {"seq": str(head(app, code)), "action": line})


def refused_move_as_json(app: Any, phones: list[Phone], ed: Ed, code: str) -> tuple[int, str]:
    seat, line = a_legal_line(app, code)
    return _act(phones[seat], ed, code, {"seq": str(head(app, code) + 5), "action": line},
                headers={"Accept": "application/json"})


def hint_for_a_watcher(app: Any, phones: list[Phone], ed: Ed, code: str) -> tuple[int, str]:
    return _answer(phones[2].get(f"{ed.prefix}/{code}/hint"))


def skip_from_a_watcher(app: Any, phones: list[Phone], ed: Ed, code: str) -> tuple[int, str]:
    return _answer(phones[2].post(f"{ed.prefix}/{code}/skip"))


def rematch_before_the_end(app: Any, phones: list[Phone], ed: Ed, code: str) -> tuple[int, str]:
    return _answer(phones[0].post(f"{ed.prefix}/{code}/again"))


def join_a_taken_seat(app: Any, phones: list[Phone], ed: Ed, code: str) -> tuple[int, str]:
    return _join(phones, ed, code, "1")


def join_no_such_seat(app: Any, phones: list[Phone], ed: Ed, code: str) -> tuple[int, str]:
    return _join(phones, ed, code, "7")


def join_by_an_empty_code(app: Any, phones: list[Phone], ed: Ed, code: str) -> tuple[int, str]:
    return _answer(phones[2].get(f"{ed.prefix}/join?code="))


def a_bad_new_game_form(app: Any, phones: list[Phone], ed: Ed, code: str) -> tuple[int, str]:
    phones[2].get(f"{ed.prefix}/new")
    return _answer(phones[2].post(f"{ed.prefix}/new", {"seats": "9", "mode": "nonsense"}))


# situation -> (status, a text the answer holds, whether it shows the game page)
SITUATIONS: list[tuple[Situation, int, str, bool]] = [
    (unknown_code, 404, "No such table", False),
    (code_of_the_other_edition, 404, "No such table", False),
    (move_from_a_watcher, 403, "join first", True),
    (move_without_seq, 400, "Reload the page", True),
    (move_from_a_page_ahead, 409, "Someone moved first", True),
    (not_a_move, 422, "no such move", True),
    (another_seats_move, 403, "Not your seat", True),
    (refused_move_as_json, 409, '"ok":false', False),
    (hint_for_a_watcher, 403, "No hints here", True),
    (skip_from_a_watcher, 403, "Not seated", True),
    (rematch_before_the_end, 409, "Game not over", True),
    (join_a_taken_seat, 409, "a moment ago", False),
    (join_no_such_seat, 400, "Choose one of the free seats", False),
    (join_by_an_empty_code, 400, "No code", False),
    (a_bad_new_game_form, 400, 'class="error"', False),
]


@pytest.mark.parametrize("ed", EDITIONS)
@pytest.mark.parametrize("situation,status,says,shows_game", SITUATIONS,
                         ids=[s[0].__name__ for s in SITUATIONS])
def test_both_editions_answer_alike(app: Any, phones: list[Phone], ed: Ed,
                                    situation: Situation, status: int, says: str,
                                    shows_game: bool) -> None:
    code = ed.make(phones)
    store = store_of(app)
    before = [r.text for r in store.log(store.game(code))]
    got, body = situation(app, phones, ed, code)
    assert got == status, body[:500]
    found = re.search(r"role=\"alert\">(.*?)</div>", body, re.S)
    assert says in (body.replace(" ", "") if says.startswith("\"") else body), (
        found.group(1) if found else body[:800])
    assert (ed.marker in body) == shows_game, body[:300]
    assert [r.text for r in store.log(store.game(code))] == before  # nothing changed


@pytest.mark.parametrize("ed", EDITIONS)
def test_a_move_then_the_poll_the_log_and_json_answer_alike(app: Any, phones: list[Phone],
                                                            ed: Ed) -> None:
    """A taken move: 303 to the page; a polling page that showed the move before gets the
    fresh page (htmx), then 204; the log shows the line; a program gets JSON."""
    code = ed.make(phones)
    htmx = {"HX-Request": "true"}
    seen = head(app, code)
    assert phones[1].get(f"{ed.prefix}/{code}/poll?seq={seen}", headers=htmx).status_code == 204
    seat, line = a_legal_line(app, code)
    resp = phones[seat].post(f"{ed.prefix}/{code}/act", {"seq": str(seen), "action": line})
    assert resp.status_code == 303 and f"{ed.prefix}/{code}" in resp.headers["Location"]
    moved = phones[1].get(f"{ed.prefix}/{code}/poll?seq={seen}", headers=htmx)
    assert moved.status_code == 200 and ed.marker in moved.get_data(as_text=True)
    now = head(app, code)
    assert phones[1].get(f"{ed.prefix}/{code}/poll?seq={now}", headers=htmx).status_code == 204
    info = phones[2].get(f"{ed.prefix}/{code}/poll?seq={seen}").get_json()
    assert set(info) == {"seq", "status", "changed", "next", "active", "phase", "your_turn",
                         "bots_pending"}
    assert info["seq"] == now and info["changed"] is True and info["your_turn"] is False
    log = phones[2].get(f"{ed.prefix}/{code}/log").get_data(as_text=True)
    assert line in log
    seat, line = a_legal_line(app, code)
    answer = phones[seat].post(f"{ed.prefix}/{code}/act", {"seq": str(now), "action": line},
                               headers={"Accept": "application/json"}).get_json()
    assert answer["ok"] is True and answer["seq"] == now + 1 and answer["events"]
    assert all(isinstance(e, str) and e and not re.search(r"\{\w+\}", e)
               for e in answer["events"])


@pytest.mark.parametrize("ed", EDITIONS)
def test_a_finished_game_gets_one_rematch_and_every_phone_its_own_seat(
        app: Any, phones: list[Phone], ed: Ed) -> None:
    """Both editions: "play again" on a finished game makes one rematch with the same seats;
    each phone that follows it lands in its own seat there, a watcher in none."""
    code = ed.make(phones)
    store = store_of(app)
    for _ in range(3000):
        game = store.game(code)
        if game.status == "over":
            break
        seat, line = a_legal_line(app, code)
        store.act(game, seat, line, game.seq)
    assert store.game(code).status == "over"
    made = phones[1].post(f"{ed.prefix}/{code}/again")
    assert made.status_code == 303 and made.headers["Location"].startswith(
        f"{ed.prefix}/{code}/next")
    assert phones[0].post(f"{ed.prefix}/{code}/again").status_code == 303  # the same rematch
    fresh = store.game(code).next_code
    assert fresh and store.game(fresh).next_code is None
    for i, phone in enumerate(phones[:3]):
        resp = phone.get(f"{ed.prefix}/{code}/next")
        assert resp.status_code == 303 and f"{ed.prefix}/{fresh}" in resp.headers["Location"]
        cookie = phone.client.get_cookie(f"seat_{fresh}")
        held = store.holder(store.load(fresh)[1], cookie.value if cookie else None)
        assert held == (i if i < 2 else None)
    assert [s.name for s in store.seats(store.game(fresh))] == ["Ann", "Ben"]
