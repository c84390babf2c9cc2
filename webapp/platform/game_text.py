"""Game texts and the database: `game_text` writes the shareable text of a stored game (the
format of facade.gametext), `store_text` keeps a pasted text as a read-only game (kind
"replay") so that its replay has a link of its own."""

from __future__ import annotations

from facade.gametext import GameText, Step, replay_text, write_text
from webapp.platform.store import Game, Store

READ_ONLY_KIND = "replay"  # a game made from a pasted text: nobody sits at it


def player_names(store: Store, game: Game) -> list[str]:
    """The players' names: the seats' names where given, else the names of the game's config."""
    names = [str(n) for n in game.config.get("players") or []]
    for seat in store.seats(game):
        if seat.name and 0 <= seat.seat < len(names):
            names[seat.seat] = seat.name
    return names


def game_text(store: Store, game: Game) -> str:
    """The shareable text of a stored game: its header and every logged action.

    The seed is written only once the game is over: until then it would tell the dice still
    to come. A solitaire challenge on the installation's keyed dice never writes it: the
    other players of the challenge roll the same dice (webapp/solo/dice.py). Without it, the
    text replays the logged rolls as they are."""
    challenge = game.config.get("challenge")
    keyed = isinstance(challenge, dict) and challenge.get("dice") == "keyed"
    seed = game.config.get("seed") if game.status == "over" and not keyed else None
    comment = (f"Copenhagen, game {game.code}. Replay it with `copenhagen replay FILE`, "
               "or paste it on the replay page (/r).")
    return write_text(
        game.edition, player_names(store, game), dict(game.config.get("options") or {}), seed,
        [r.text for r in store.log(game)], comment,
    )


def stored_text(store: Store, game: Game) -> GameText:
    """A stored game as a GameText: its config and its log (line numbers are the log's)."""
    return GameText(game.edition, dict(game.config),
                    [(r.seq, r.text) for r in store.log(game)])


def store_text(store: Store, text: GameText, steps: list[Step], over: bool) -> Game:
    """Keep a replayed text as a read-only game with its whole log.

    Stored compactly: the action lines alone, without their events (which took about 9
    times the text's size). The replay pages replay the log anyway, so nothing is lost, and a
    shared replay link keeps working for as long as the database does: pasted games do not
    expire; the creation limit bounds how many a client can make."""
    return store.create_replay(READ_ONLY_KIND, text.edition, text.config,
                               [step.action for step in steps], over)


__all__ = ["READ_ONLY_KIND", "game_text", "player_names", "replay_text", "store_text",
           "stored_text"]
