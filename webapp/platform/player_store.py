"""The SQL of players and the solitaire leaderboards (beside webapp/platform/store.py, which keeps
the
games): players and their device keys, single-use device codes, each player's first game on a
seed (its result, computed by the server from the game's log), friends' challenges.

Secrets and codes are stored as SHA-256 hashes and looked up by hash (what is compared is a
fixed-length digest, never the secret itself). A leaderboard page is a range of the index
`ix_results_board` (seed, listed, rank_key, finished_at, id). A player's rank is the sum of
the better buckets in `board_counts` (one row per seed and rank_key, kept in the same
transaction as every change of `listed`) plus a COUNT over the index range of their own
bucket that finished before them: neither reads the whole table (with 100,000 results on one
seed a COUNT over the index alone read every entry below the top and took 43 ms, a plain
scan: `copenhagen bench --leaderboard`)."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    Select,
    and_,
    func,
    insert,
    or_,
    select,
    true,
    tuple_,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from webapp.platform.db import (
    board_counts,
    challenge_members,
    device_codes,
    friend_challenges,
    installation,
    player_keys,
    players,
    results,
)
from webapp.platform.store import Game, new_code, utcnow

NOT_REACHED_TURNS = 500  # rank_key's turns for a game that never reached 12 points
SCORE_SPAN = 1000  # rank_key = turns * SCORE_SPAN + (SCORE_SPAN - 1 - score)
DEVICE_CODE_LIFE = timedelta(minutes=15)
DICE_KEY = "dice_key"  # the installation's row of the challenges' dice key (migration 0007)


def digest(secret: str) -> str:
    """The stored form of a secret or a code: its SHA-256 in hex."""
    return hashlib.sha256(secret.encode()).hexdigest()


def rank_key(turns: int, score: int, reached: bool) -> int:
    """Smaller ranks higher: turns to 12 points (games short of 12 after all of them), then
    the final score, highest first."""
    return ((turns if reached else NOT_REACHED_TURNS) * SCORE_SPAN
            + (SCORE_SPAN - 1 - max(0, min(score, SCORE_SPAN - 1))))


@dataclass(frozen=True)
class Player:
    """A player without an account: a random id, a name, the leaderboard switch."""

    id: str
    name: str
    hidden: bool


@dataclass(frozen=True)
class Entry:
    """A player's first game on a seed, as the leaderboards read it."""

    id: int
    seed: str
    player_id: str
    game_id: int
    code: str
    name: str
    ranked: bool
    outcome: str | None
    turns: int | None
    score: int | None
    reached: bool | None
    rank_key: int | None
    finished_at: datetime | None
    listed: bool
    operator_hidden: bool
    hinted: bool = False  # its player asked for a hint: an assisted game, ranked apart
    address: str | None = None  # keyed hash of the address it was started from

    @property
    def settled(self) -> bool:
        """Finished or given up: its player may see the others' games of the seed."""
        return self.outcome is not None


def _entry(row: Any) -> Entry:
    return Entry(row.id, row.seed, row.player_id, row.game_id, row.code, row.name,
                 bool(row.ranked), row.outcome, row.turns, row.score,
                 None if row.reached is None else bool(row.reached), row.rank_key,
                 row.finished_at, bool(row.listed), bool(row.operator_hidden),
                 bool(row.hinted), row.address)


def _listed() -> Any:
    """What `listed` is, as SQL: ranked, played to the end without hints, hidden by nobody."""
    return and_(results.c.ranked, results.c.outcome == "done", ~results.c.player_hidden,
                ~results.c.operator_hidden, ~results.c.hinted)


def _listing(conn: Connection, where: Any) -> dict[int, tuple[str, int | None, bool]]:
    """id -> (seed, rank_key, listed) of the results `where` picks."""
    return {r.id: (r.seed, r.rank_key, bool(r.listed)) for r in conn.execute(
        select(results.c.id, results.c.seed, results.c.rank_key, results.c.listed)
        .where(where))}


def _relist(conn: Connection, where: Any) -> None:
    """Recompute `listed` of the results `where` picks and move board_counts with it, in the
    caller's transaction."""
    before = _listing(conn, where)
    conn.execute(update(results).where(where).values(listed=_listed()))
    after = _listing(conn, where)
    deltas: dict[tuple[str, int], int] = {}
    for rid, (seed, key, listed) in after.items():
        was = before.get(rid, (seed, key, False))
        if was[2] and was[1] is not None:
            deltas[(was[0], was[1])] = deltas.get((was[0], was[1]), 0) - 1
        if listed and key is not None:
            deltas[(seed, key)] = deltas.get((seed, key), 0) + 1
    for (seed, key), d in deltas.items():
        if d:
            _count(conn, seed, key, d)


def _count(conn: Connection, seed: str, key: int, d: int) -> None:
    """board_counts[seed, key] += d (an upsert: two servers may count the same key)."""
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    stmt = dialect.insert(board_counts).values(seed=seed, rank_key=key, n=d)
    conn.execute(stmt.on_conflict_do_update(
        index_elements=[board_counts.c.seed, board_counts.c.rank_key],
        set_={"n": board_counts.c.n + d}))


class Boards:
    """Players, results and challenges in the store's database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # ------------------------------------------------------------------ players
    def player_by_secret(self, secret: str) -> Player | None:
        """The player whose device key is this secret (looked up by its hash)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(players, player_keys.c.key_hash)
                .join(player_keys, player_keys.c.player_id == players.c.id)
                .where(player_keys.c.key_hash == digest(secret))).first()
        if row is None or not secrets.compare_digest(row.key_hash, digest(secret)):
            return None
        return Player(row.id, row.name, bool(row.hidden))

    def player(self, player_id: str) -> Player | None:
        """The player with that id, if any."""
        with self.engine.connect() as conn:
            row = conn.execute(select(players).where(players.c.id == player_id)).first()
        return None if row is None else Player(row.id, row.name, bool(row.hidden))

    def create_player(self, name: str, wanted_id: str | None = None) -> tuple[Player, str]:
        """A new player and the secret of its first device; `wanted_id` (this browser's id
        from before players existed) becomes its id unless a player has it already."""
        secret = secrets.token_urlsafe(32)
        for pid in ([wanted_id] if wanted_id else []) + [secrets.token_hex(16)] * 3:
            if pid is None:
                continue
            try:
                with self.engine.begin() as conn:
                    conn.execute(insert(players).values(id=pid, name=name, hidden=False))
                    conn.execute(insert(player_keys).values(key_hash=digest(secret),
                                                            player_id=pid))
                return Player(pid, name, False), secret
            except IntegrityError:
                continue
        raise RuntimeError("could not make a player id")

    def rename(self, player_id: str, name: str) -> None:
        """The player's name from now on (and on their results not yet finished)."""
        with self.engine.begin() as conn:
            conn.execute(update(players).where(players.c.id == player_id).values(name=name))
            conn.execute(update(results).where(results.c.player_id == player_id,
                                               results.c.outcome.is_(None)).values(name=name))

    def set_hidden(self, player_id: str, hidden: bool) -> None:
        """Hide the player from every leaderboard (or show them again)."""
        with self.engine.begin() as conn:
            conn.execute(update(players).where(players.c.id == player_id)
                         .values(hidden=hidden))
            conn.execute(update(results).where(results.c.player_id == player_id)
                         .values(player_hidden=hidden))
            _relist(conn, results.c.player_id == player_id)

    # ------------------------------------------------------------------ devices
    def new_device_code(self, player_id: str, code: str, now: datetime | None = None) -> None:
        """Keep the hash of a fresh device code for the player (it expires)."""
        now = now or utcnow()
        with self.engine.begin() as conn:
            conn.execute(insert(device_codes).values(
                code_hash=digest(code), player_id=player_id,
                expires_at=now + DEVICE_CODE_LIFE, used_at=None))

    def redeem_device_code(self, code: str, now: datetime | None = None) -> tuple[Player,
                                                                                   str] | None:
        """Use a device code once: a new device key (its secret) for the code's player, or
        None when the code is unknown, used or expired."""
        now = now or utcnow()
        hashed = digest(code)
        secret = secrets.token_urlsafe(32)
        with self.engine.begin() as conn:
            row = conn.execute(select(device_codes).where(
                device_codes.c.code_hash == hashed)).first()
            if row is None or not secrets.compare_digest(row.code_hash, hashed):
                return None
            done = conn.execute(update(device_codes).where(
                device_codes.c.code_hash == hashed, device_codes.c.used_at.is_(None),
                device_codes.c.expires_at > now).values(used_at=now)).rowcount
            if not done:
                return None
            conn.execute(insert(player_keys).values(key_hash=digest(secret),
                                                    player_id=row.player_id))
        found = self.player(row.player_id)
        return None if found is None else (found, secret)

    # ------------------------------------------------------------------ results
    def enter(self, game: Game, seed: str, player: Player, ranked: bool,
              address: str | None = None) -> bool:
        """Record `game` as the player's game on `seed` if it is their first there (with the
        mark of the address it began from); whether it was (a later game is practice)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(results).values(
                    seed=seed, player_id=player.id, game_id=game.id, code=game.code,
                    name=player.name, ranked=ranked, outcome=None,
                    player_hidden=player.hidden, operator_hidden=False, listed=False,
                    hinted=False, address=address))
            return True
        except IntegrityError:
            return False

    def entry(self, seed: str, player_id: str) -> Entry | None:
        """The player's first game on a seed, if any."""
        with self.engine.connect() as conn:
            row = conn.execute(select(results).where(
                results.c.seed == seed, results.c.player_id == player_id)).first()
        return None if row is None else _entry(row)

    def entry_of_game(self, game_id: int) -> Entry | None:
        """The entry a game is, if it is some player's first game on its seed."""
        with self.engine.connect() as conn:
            row = conn.execute(select(results).where(results.c.game_id == game_id)).first()
        return None if row is None else _entry(row)

    def finish(self, game_id: int, turns: int, score: int, reached: bool,
               now: datetime | None = None) -> bool:
        """Store the result of an entry's game (replayed by the server) once it is over."""
        with self.engine.begin() as conn:
            done = conn.execute(update(results).where(
                results.c.game_id == game_id, results.c.outcome.is_(None)).values(
                outcome="done", turns=turns, score=score, reached=reached,
                rank_key=rank_key(turns, score, reached), finished_at=now or utcnow()
            )).rowcount
            if done:
                _relist(conn, results.c.game_id == game_id)
        return bool(done)

    def give_up(self, game_id: int, now: datetime | None = None) -> bool:
        """The player stops their game on the seed: given up, never listed."""
        with self.engine.begin() as conn:
            return bool(conn.execute(update(results).where(
                results.c.game_id == game_id, results.c.outcome.is_(None)).values(
                outcome="gave_up", finished_at=now or utcnow(), listed=False)).rowcount)

    def hinted(self, game_id: int) -> bool:
        """Mark an entry's game as assisted (its player asked for a hint while playing it):
        it is ranked apart from then on. Whether it was an entry still being played."""
        with self.engine.begin() as conn:
            done = conn.execute(update(results).where(
                results.c.game_id == game_id, results.c.outcome.is_(None),
                ~results.c.hinted).values(hinted=True)).rowcount
        return bool(done)

    def hide(self, seed: str, who: str, hidden: bool = True, same_address: bool = False,
             ) -> int:
        """The operator hides (or shows again) the entries of a seed whose game code or
        name is `who` (with `same_address`: every entry of the seed started from the same
        address as those); how many."""
        with self.engine.begin() as conn:
            where = and_(results.c.seed == seed,
                         or_(results.c.code == who.upper(), results.c.name == who))
            if same_address:
                marks = [a for a in conn.execute(select(results.c.address).where(where))
                         .scalars() if a]
                where = or_(where, and_(results.c.seed == seed,
                                        results.c.address.in_(marks)))
            count = conn.execute(update(results).where(where)
                                 .values(operator_hidden=hidden)).rowcount
            _relist(conn, where)
        return int(count)

    @staticmethod
    def board_query(seed: str, limit: int = 50, offset: int = 0) -> Select:
        """The query of a board page: a range of `ix_results_board` in its order."""
        return (select(results).where(results.c.seed == seed, results.c.listed == true())
                .order_by(results.c.rank_key, results.c.finished_at, results.c.id)
                .limit(limit).offset(offset))

    @staticmethod
    def rank_query(entry: Entry) -> Select:
        """The query of a rank within its bucket: the entries with the same turns and
        points that finished before this one, counted over `ix_results_board` (a range of
        it, in its order)."""
        return select(func.count()).select_from(results).where(
            results.c.seed == entry.seed, results.c.listed == true(),
            results.c.rank_key == entry.rank_key,
            tuple_(results.c.finished_at, results.c.id)
            < tuple_(entry.finished_at, entry.id))

    @staticmethod
    def above_query(entry: Entry) -> Select:
        """The entries in better buckets: a sum over board_counts (one row per turns and
        points of the seed, a few hundred at most)."""
        return select(func.coalesce(func.sum(board_counts.c.n), 0)).where(
            board_counts.c.seed == entry.seed, board_counts.c.rank_key < entry.rank_key)

    def board(self, seed: str, limit: int = 50, offset: int = 0) -> list[Entry]:
        """A page of a seed's leaderboard, best first (one range of the board index)."""
        with self.engine.connect() as conn:
            rows = conn.execute(self.board_query(seed, limit, offset)).all()
        return [_entry(r) for r in rows]

    def rank(self, entry: Entry) -> int | None:
        """An entry's place on its seed's board (1 = best), counted over the index."""
        if not entry.listed or entry.rank_key is None or entry.finished_at is None:
            return None
        both = select(self.above_query(entry).scalar_subquery()
                      + self.rank_query(entry).scalar_subquery())
        with self.engine.connect() as conn:  # one round trip
            return int(conn.execute(both).scalar_one()) + 1

    def assisted(self, seed: str, limit: int = 50) -> list[Entry]:
        """The games of a seed played to the end with hints (ranked, hidden by nobody), best
        first: shown apart from the board."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(results).where(results.c.seed == seed, results.c.hinted,
                                      results.c.ranked, results.c.outcome == "done",
                                      ~results.c.player_hidden, ~results.c.operator_hidden)
                .order_by(results.c.rank_key, results.c.finished_at, results.c.id)
                .limit(limit)).all()
        return [_entry(r) for r in rows]

    def sharing(self, seed: str, addresses: list[str]) -> dict[str, int]:
        """How many players entered the seed from each of these address marks."""
        wanted = sorted({a for a in addresses if a})
        if not wanted:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(results.c.address, func.count(func.distinct(results.c.player_id)))
                .where(results.c.seed == seed, results.c.address.in_(wanted))
                .group_by(results.c.address)).all()
        return {str(a): int(n) for a, n in rows}

    def listed_count(self, seed: str) -> int:
        """How many players a seed's board ranks (the sum of its buckets)."""
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.coalesce(func.sum(board_counts.c.n), 0))
                                    .where(board_counts.c.seed == seed)).scalar_one())

    def entries_of(self, player_id: str) -> list[Entry]:
        """Every first game of a player, newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(results).where(results.c.player_id == player_id)
                                .order_by(results.c.started_at.desc(), results.c.id.desc())
                                ).all()
        return [_entry(r) for r in rows]

    # ------------------------------------------------------------------ the dice key
    def read_dice_key(self) -> str | None:
        """The installation's dice key (webapp/solo/dice.py), if it has one (read only)."""
        with self.engine.connect() as conn:
            found = conn.execute(select(installation.c.value)
                                 .where(installation.c.name == DICE_KEY)).scalar()
        return str(found) if found else None

    def dice_key(self) -> str:
        """The installation's dice key, made now (once, whoever is first) if it has none."""
        found = self.read_dice_key()
        if found:
            return found
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(installation).values(name=DICE_KEY,
                                                         value=secrets.token_hex(32)))
        except IntegrityError:
            pass  # another server made it first: theirs is the key
        made = self.read_dice_key()
        if made is None:
            raise RuntimeError("the installation's dice key could not be kept")
        return made

    # ------------------------------------------------------------------ friends
    def create_challenge(self, seed: str, creator: Player) -> str:
        """A friends' challenge on `seed`, its creator its first member; its code."""
        for _ in range(20):
            code = new_code() + new_code()[:2]
            try:
                with self.engine.begin() as conn:
                    conn.execute(insert(friend_challenges).values(code=code, seed=seed,
                                                                  creator=creator.id))
                    conn.execute(insert(challenge_members).values(challenge=code,
                                                                  player_id=creator.id))
                return code
            except IntegrityError:
                continue
        raise RuntimeError("could not find a free challenge code")

    def challenge(self, code: str) -> dict[str, Any] | None:
        """A friends' challenge: {"code", "seed", "creator"}."""
        with self.engine.connect() as conn:
            row = conn.execute(select(friend_challenges).where(
                friend_challenges.c.code == code)).first()
        return None if row is None else {"code": row.code, "seed": row.seed,
                                         "creator": row.creator, "created": row.created_at}

    def made_on(self, seed: str) -> tuple[str, datetime | None] | None:
        """Who made the first friends' challenge of `seed` (their name) and when."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(players.c.name, friend_challenges.c.created_at)
                .join(players, players.c.id == friend_challenges.c.creator)
                .where(friend_challenges.c.seed == seed)
                .order_by(friend_challenges.c.created_at).limit(1)).first()
        return None if row is None else (str(row.name), row.created_at)

    def join(self, code: str, player_id: str) -> None:
        """Make the player a member of a challenge (once)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(challenge_members).values(challenge=code,
                                                              player_id=player_id))
        except IntegrityError:
            pass  # a member already

    def members(self, code: str, seed: str) -> list[tuple[Player, Entry | None]]:
        """A challenge's members in the order they joined, each with their game on its
        seed (None: not started yet)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(players.c.id, players.c.name, players.c.hidden,
                       results.c.id.label("rid"))
                .join(challenge_members, challenge_members.c.player_id == players.c.id)
                .outerjoin(results, and_(results.c.player_id == players.c.id,
                                         results.c.seed == seed))
                .where(challenge_members.c.challenge == code)
                .order_by(challenge_members.c.joined_at, players.c.id)).all()
            found = {r.id: _entry(r) for r in conn.execute(select(results).where(
                results.c.id.in_([r.rid for r in rows if r.rid is not None])))}
        return [(Player(r.id, r.name, bool(r.hidden)),
                 found.get(r.rid) if r.rid is not None else None) for r in rows]

    def challenges_of(self, player_id: str, limit: int = 20) -> list[dict[str, Any]]:
        """The friends' challenges a player is in, newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(friend_challenges)
                .join(challenge_members,
                      challenge_members.c.challenge == friend_challenges.c.code)
                .where(challenge_members.c.player_id == player_id)
                .order_by(friend_challenges.c.created_at.desc()).limit(limit)).all()
        return [{"code": r.code, "seed": r.seed, "creator": r.creator} for r in rows]
