"""Safe in the open (the red-team findings of issue 18, each as a class): input capped before
any parsing and patterns that cannot backtrack, numbers in ASCII digits, JSON depth, pasted
options, security headers on every response, hidden information never cached, trusted hosts,
Secure cookies behind TLS, private files, one rematch per game, bounded games and replays."""

from __future__ import annotations

import json
import os
import re
import stat
import threading
from typing import Any

import pytest

from boardgame.actions import parse_action as card_action
from facade.errors import IllegalAction
from facade.gametext import GameTextError, read_text
from facade.limits import MAX_ACTION_LINE, MAX_TEXT, json_depth
from rollwrite.actions import parse_action as dice_action
from rollwrite.game import new_game
from tests.web.conftest import Phone
from tests.web.test_card_routes import new_game as new_card_game
from tests.web.test_tables import act, api, store_of, table_of
from webapp import create_app
from webapp.platform.game_text import game_text

SPACES = " " * 59_000
ODD_DIGITS = ["²", "①", "١", "٣", "Ⅳ", "5" * 5000, "-1", "1e3", " 1 2"]


# ---------------------------------------------------------------- caps before any parsing
@pytest.mark.parametrize("parse", [dice_action, card_action])
@pytest.mark.parametrize("line", ["p1 roll R" + SPACES + "W", "p1 " + "x" * 200,
                                  SPACES + "p1 end", "p1 take 3," + "4" * 500])
def test_an_action_line_over_the_cap_is_refused_before_parsing(parse, line):
    with pytest.raises(IllegalAction) as err:
        parse(line)
    assert err.value.code == "too_long" and err.value.params == {"max": MAX_ACTION_LINE}


@pytest.mark.parametrize("parse, example", [(dice_action, "p1 end"),
                                            (card_action, "p1 pass")])
def test_an_action_line_with_spaces_inside_the_cap_still_reads(parse, example):
    padded = "  " + example.replace(" ", " " * 40) + "  "
    assert len(padded) <= MAX_ACTION_LINE
    assert str(parse(padded)) == example


@pytest.mark.parametrize("head", ["p² end", "p① end", "p١ end", "pp end", "p12 end", "p1",
                                  "p0 end"])
def test_the_player_is_p_and_one_ascii_digit(head):
    with pytest.raises(IllegalAction) as err:
        dice_action(head)
    assert err.value.code == ("player_number" if head == "p0 end" else "not_an_action")


def test_a_game_text_is_capped_as_a_whole_per_line_and_in_actions():
    head = 'copenhagen-game: 1\nedition: rollwrite\nplayers: ["Ann", "Bo"]\n'
    with pytest.raises(GameTextError, match="longer than 60000"):
        read_text(head + "#" * MAX_TEXT)
    with pytest.raises(GameTextError, match="line is longer") as err:
        read_text(head + "p1 roll R" + SPACES + "W\n")
    assert err.value.line == 4
    with pytest.raises(GameTextError, match="at most 3000 actions"):
        read_text(head + "p1 end\n" * 3001)
    with pytest.raises(GameTextError, match="line is longer"):
        read_text("copenhagen-game:" + SPACES + "1")


@pytest.mark.parametrize("options, why", [
    ("[" * 450 + "]" * 450, "nests more than"),
    ('{"mirror": ' + "[" * 5 + "]" * 5 + "}", "plain values"),
    ('{"mirror": {"a": 1}}', "plain values"),
])
def test_pasted_options_must_be_one_flat_object(options, why):
    text = f'copenhagen-game: 1\nedition: rollwrite\nplayers: ["Ann"]\noptions: {options}\n'
    with pytest.raises(GameTextError, match=why):
        read_text(text)


def test_the_engines_know_their_options_and_refuse_others():
    with pytest.raises(IllegalAction) as err:
        new_game(2, 1, {"mirror": False, "colour": "blue"})
    assert err.value.code == "bad_option" and "colour" in str(err.value)
    from boardgame.game import new_game as card_game

    with pytest.raises(IllegalAction, match="not an option"):
        card_game(2, 1, {"mirror": True})
    assert new_game(2, 1, {"mirror": True, "dice": "manual"}).config["options"] == {
        "mirror": True, "dice": "manual"}


def test_json_depth_is_counted_without_parsing():
    assert json_depth('{"a": [1, {"b": "[[[["}]}') == 3
    assert json_depth("[" * 30_000) == 30_000
    assert json_depth('"\\"[["') == 0


# ---------------------------------------------------------------- the web app: odd input
def test_long_whitespace_in_a_move_is_refused_at_once_and_changes_nothing(app, phones):
    code = table_of(app, phones)
    before = [r.text for r in store_of(app).log(store_of(app).game(code))]
    resp = act(phones[0], code, "p1 roll R" + " " * 30_000 + "W")
    assert resp.status_code == 422
    assert "120 characters" in resp.get_data(as_text=True)
    assert [r.text for r in store_of(app).log(store_of(app).game(code))] == before


def test_a_pasted_game_with_a_long_line_is_refused_and_not_stored(app, phone):
    phone.get("/r")
    body = 'copenhagen-game: 1\nedition: rollwrite\nplayers: ["Ann"]\np1 roll R' + SPACES + "W"
    resp = phone.post("/r", {"text": body})
    assert resp.status_code == 400 and "longer than 1000" in resp.get_data(as_text=True)
    resp = phone.post("/r", {"text": 'copenhagen-game: 1\nedition: rollwrite\nplayers: ["A"]\n'
                                     "options: " + "[" * 450 + "]" * 450})
    assert resp.status_code == 400 and "nested more than 8" in resp.get_data(as_text=True)
    with store_of(app).engine.connect() as conn:
        from sqlalchemy import text

        assert conn.execute(text("SELECT count(*) FROM games WHERE kind='replay'")).scalar() == 0


@pytest.mark.parametrize("digits", ODD_DIGITS)
def test_odd_digits_anywhere_get_a_4xx_not_a_500(app, phones, digits):
    card = new_card_game(phones[0], ["person", "person"])
    table = table_of(app, phones[1:3])
    sent = [
        phones[0].post(f"/card/{card}/join", {"seat": digits}),
        phones[0].post(f"/card/{card}/reveal", {"seat": digits}),
        phones[0].post(f"/card/{card}/act", {"seq": digits, "action": "p1 pass"}),
        phones[0].get(f"/card/{card}?pick={digits}&tile=red-2&rot={digits}&flip={digits}"),
        phones[1].post(f"/rollwrite/{table}/act", {"seq": digits, "action": "p1 setup none"}),
        phones[1].get(f"/rollwrite/{table}/poll?seq={digits}"),
        phones[1].get(f"/rollwrite/{table}?k={digits}&cell=a1"),
        phones[1].post("/rollwrite/new", {"seats": digits, "name": "Ann"}),
        phones[1].get(f"/r/{table}?at={digits}"),
        phones[1].get(f"/r/{table}?turn={digits}"),
        phones[1].post("/d/new", {"count": digits}),
        phones[1].post("/s/bots", {"bots": digits}),
    ]
    assert all(r.status_code < 500 for r in sent), [r.status_code for r in sent]


@pytest.mark.parametrize("dice", ["²", "١", "9" * 5000, "1," * 60])
def test_the_dice_table_reads_its_dice_in_ascii_and_refuses_the_rest(dice):
    from webapp.games.dice_roller import DiceRoller, DiceRollerError

    table = DiceRoller({"players": ["Ann", "Bo"], "seed": "s"})
    table.apply("roll")
    with pytest.raises(DiceRollerError):
        table.apply(f"reroll {dice}")
    assert table.seq == 1


def test_a_json_body_nested_30000_deep_is_refused_as_malformed(app, phones):
    code = table_of(app, phones)
    phone = phones[0]
    body = '{"seq": 0, "action": ' + "[" * 30_000 + "]" * 30_000 + "}"
    resp = phone.client.post(f"/rollwrite/{code}/act", data=body, content_type="application/json",
                             headers={"X-CSRFToken": phone.token})
    assert 400 <= resp.status_code < 500
    assert api(phone, code)["seq"] == 0


# ---------------------------------------------------------------- headers, hosts, cookies
PAGES = ["/", "/rollwrite/new", "/s/", "/card/new", "/d/new", "/print/", "/r", "/healthz",
         "/nowhere"]


@pytest.mark.parametrize("path", PAGES)
def test_every_response_carries_the_security_headers(client, path):
    resp = client.get(path)
    csp = resp.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
    script_src = re.search(r"script-src ([^;]+)", csp)
    assert script_src and "'self'" in script_src.group(1)
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert resp.headers["X-Frame-Options"] == "DENY"
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["Referrer-Policy"] == "same-origin"


def test_the_cdn_is_allowed_for_scripts_only_when_htmx_comes_from_it(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "TESTING": True})
    csp = app.test_client().get("/").headers["Content-Security-Policy"]
    assert "script-src 'self' https://cdn.jsdelivr.net" in csp


INLINE = re.compile(r"<script(?![^>]*\ssrc=)[^>]*>|\son[a-z]+\s*=|\shx-on|javascript:|\sstyle=",
                    re.IGNORECASE)


def test_no_page_has_inline_script_handlers_or_styles(app, phones):
    table = table_of(app, phones[:2])
    card = new_card_game(phones[2], ["person", "person"])
    pages = [(phones[0], p) for p in PAGES[:-2]]
    pages += [(phones[0], f"/rollwrite/{table}"), (phones[0], f"/rollwrite/{table}/log"),
              (phones[0], f"/r/{table}"), (phones[2], f"/card/{card}"),
              (phones[2], f"/card/{card}/log"), (phones[3], f"/card/{card}/join")]
    for phone, path in pages:
        html = phone.get(path).get_data(as_text=True)
        assert not INLINE.findall(html), (path, INLINE.findall(html))


def test_a_card_page_is_never_stored_and_a_table_page_is_always_checked(app, phones):
    card = new_card_game(phones[0], ["person", "person"])
    for path in (f"/card/{card}", f"/card/{card}/poll?seq=0", f"/card/{card}/log"):
        assert phones[0].get(path).headers["Cache-Control"] == "no-store", path
    assert 'hx-history="false"' in phones[0].get(f"/card/{card}").get_data(as_text=True)
    table = table_of(app, phones[1:3])
    assert phones[1].get(f"/rollwrite/{table}").headers["Cache-Control"] == "no-cache, private"


def test_the_hot_seat_hand_shows_only_to_its_turn_even_when_asked_again(app, phone):
    """Back after passing the phone asks the server again (nothing is cached): the hand of
    the player who just played is not on the page any more."""
    code = new_card_game(phone, ["person", "person"])
    phone.post(f"/card/{code}/reveal", {"seat": "0"})
    page = phone.get(f"/card/{code}").get_data(as_text=True)
    assert "data-hand" in page
    state = store_of(app).state(store_of(app).game(code))
    take = next(a for a in state.legal_actions(0) if str(a).split()[1] == "take")
    assert phone.post(f"/card/{code}/act", {"seq": str(state.seq), "action": str(take)}
                      ).status_code == 303
    again = phone.get(f"/card/{code}").get_data(as_text=True)
    assert "data-hand" not in again and "Pass the phone" in again


def test_cookies_are_secure_over_https_and_still_work_over_plain_http(app):
    for base, secure in (("https://localhost", True), ("http://localhost", False)):
        phone = Phone(app.test_client())
        phone.client.get("/rollwrite/new", base_url=base)
        page = phone.client.get("/rollwrite/new", base_url=base).get_data(as_text=True)
        phone.token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
        resp = phone.client.post("/rollwrite/new", base_url=base, data={
            "csrf_token": phone.token, "seats": "2", "name": "Ann", "dice": "app"},
            headers={"Referer": f"{base}/rollwrite/new"})  # same-origin: the policy keeps it
        assert resp.status_code == 303
        cookies = resp.headers.getlist("Set-Cookie")
        assert cookies and all(("; Secure" in c) is secure for c in cookies), cookies


def test_the_secret_key_and_the_database_are_private_files(tmp_path):
    from types import SimpleNamespace

    from webapp import _secret_key
    from webapp.platform.db import database_url, make_engine

    instance = tmp_path / "instance"
    _secret_key(SimpleNamespace(instance_path=str(instance)))  # type: ignore[arg-type]
    engine = make_engine(database_url(None, str(instance)))
    with engine.connect():
        pass
    engine.dispose()
    for name in ("secret_key", "copenhagen.sqlite3"):
        mode = stat.S_IMODE((instance / name).stat().st_mode)
        assert mode == 0o600, (name, oct(mode))


def test_serve_answers_to_this_machine_by_default_and_warns_of_per_worker_limits():
    from commandline.serve import limit_warning, trusted_hosts

    hosts = trusted_hosts(None) if "COPENHAGEN_TRUSTED_HOSTS" not in os.environ else []
    assert {"localhost", "127.0.0.1"} <= set(hosts)
    assert trusted_hosts("*") is None
    assert trusted_hosts("a.example, b.example") == ["a.example", "b.example"]
    assert "2 times" in (limit_warning(2, "memory://") or "")
    assert limit_warning(1, "memory://") is None
    assert limit_warning(4, "redis://127.0.0.1:6379") is None


# ---------------------------------------------------------------- bounded costs
def test_a_game_is_refused_moves_past_its_cap(app, phones):
    code = table_of(app, phones)
    store_of(app).max_actions = 1  # the app's store: its cap
    assert act(phones[0], code, "p1 setup none").status_code == 303
    resp = act(phones[1], code, "p2 setup none")
    assert resp.status_code == 422 and "1 moves" in resp.get_data(as_text=True)
    assert api(phones[0], code)["seq"] == 1


def test_a_pasted_game_is_stored_compactly(app, phones):
    code = table_of(app, phones)
    store = store_of(app)
    game = store.game(code)
    import random

    from tests.web.test_forged_requests import _advance

    _advance(store, game, random.Random(3))
    text = game_text(store, store.game(code))
    phones[0].get("/r")
    resp = phones[0].post("/r", {"text": text})
    assert resp.status_code == 303
    pasted = store.game(resp.headers["Location"].rsplit("/", 1)[1])
    stored = sum(len(r.text) + len(json.dumps(r.events)) for r in store.log(pasted))
    assert stored < 1.5 * len(text), (stored, len(text))  # before: about 9 times the text


def test_replay_positions_come_from_kept_states_and_equal_a_full_replay(app, phones):
    """The fast path (a kept state every 25 actions, then a few actions) against the plain
    rule (replay the log from the start), at every position of a finished game; the game is
    replayed once for all the pages (one timeline in the app's memory, the one checked)."""
    from tests.web.test_forged_requests import _advance
    from webapp.review.replay_routes import Timeline

    code = table_of(app, phones)
    store = store_of(app)
    import random

    _advance(store, store.game(code), random.Random(4))
    game = store.game(code)
    for at in (0, 1, 24, 25, 26, game.seq // 2, game.seq):
        assert phones[0].get(f"/r/{code}?at={at}").status_code == 200
    kept = app.extensions["memory_replay_timelines"]
    assert list(kept) == [(game.id, game.seq)]  # every page used the one timeline
    line = kept[(game.id, game.seq)]
    assert isinstance(line, Timeline)
    plain = store.factories["rollwrite"](game.config)
    for at, row in enumerate([None, *store.log(game)]):
        if row is not None:
            plain.apply(row.text)
        assert line.state_at(at).to_dict() == plain.to_dict(), at


# ---------------------------------------------------------------- one rematch per game
@pytest.mark.both_databases
def test_four_phones_pressing_play_again_at_once_make_one_rematch(app, phones):
    code = table_of(app, phones, seats=4)
    store = store_of(app)
    import random

    from tests.web.test_forged_requests import _advance

    _advance(store, store.game(code), random.Random(5))
    assert store.game(code).status == "over"
    for phone in phones:
        phone.get(f"/rollwrite/{code}")
    barrier = threading.Barrier(4)
    answers: list[Any] = []

    def press(phone: Phone) -> None:
        barrier.wait()
        answers.append(phone.post(f"/rollwrite/{code}/again").status_code)

    threads = [threading.Thread(target=press, args=(p,)) for p in phones]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == [303] * 4
    with store.engine.connect() as conn:
        from sqlalchemy import text

        parent = store.game(code).id
        count = conn.execute(text("SELECT count(*) FROM games WHERE parent_id = :p"),
                             {"p": parent}).scalar()
    assert count == 1
    fresh = store.game(store.game(code).next_code or "")
    assert fresh.parent_id == parent
    for i, phone in enumerate(phones):  # every phone lands in its own seat
        resp = phone.get(f"/rollwrite/{code}/next")
        assert resp.headers["Location"].endswith(f"/rollwrite/{fresh.code}")
        assert store.seat_of(fresh, phone.client.get_cookie(f"seat_{fresh.code}").value) == i
