"""The SQL of Web Push (beside webapp/turns/records.py): the installation's keys, the
devices' subscriptions, and the outbox of notices the background worker delivers (each row
claimed by a compare-and-set on its `due_at`, so several workers share the work and the
claim of one that died lapses)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from webapp.platform.db import installation, push_outbox, push_subscriptions

MAX_SUBSCRIPTIONS = 10  # devices a player may subscribe


@dataclass(frozen=True)
class Subscription:
    """One device's subscription."""

    id: int
    player_id: str
    endpoint: str
    p256dh: str
    auth: str
    level: str
    lang: str

    def info(self) -> dict[str, Any]:
        """As pywebpush takes it (the browser's PushSubscription.toJSON())."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


@dataclass(frozen=True)
class Notice:
    """A queued notice for one device, as the delivery reads it."""

    id: int
    due_at: datetime
    attempts: int
    payload: dict[str, Any]
    subscription: Subscription


def endpoint_hash(endpoint: str) -> str:
    """What an endpoint is looked up by (a short, fixed-length key)."""
    return hashlib.sha256(endpoint.encode()).hexdigest()


def _sub(row: Any) -> Subscription:
    return Subscription(row.id, row.player_id, row.endpoint, row.p256dh, row.auth, row.level,
                        row.lang)


class PushRecords:
    """Web Push's rows in one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # ------------------------------------------------------------------ the keys
    def key(self, name: str) -> str | None:
        """A secret of the installation (table `installation`), if made."""
        with self.engine.connect() as conn:
            found = conn.execute(select(installation.c.value)
                                 .where(installation.c.name == name)).scalar()
        return None if found is None else str(found)

    def keep_key(self, name: str, value: str) -> str:
        """Store a new installation key unless another server stored one first: the one
        kept."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(installation).values(name=name, value=value))
        except IntegrityError:
            pass
        kept = self.key(name)
        assert kept is not None  # stored by this server or by the one that won
        return kept

    # ------------------------------------------------------------------ subscriptions
    def save(self, player_id: str, endpoint: str, p256dh: str, auth: str, level: str | None,
             lang: str) -> str | None:
        """Keep (or update) a device's subscription (`level` None: as it was, else all);
        its level, or None when the player has MAX_SUBSCRIPTIONS others already."""
        key = endpoint_hash(endpoint)
        values = {"player_id": player_id, "endpoint": endpoint, "p256dh": p256dh,
                  "auth": auth, "lang": lang}
        with self.engine.begin() as conn:
            old = conn.execute(select(push_subscriptions.c.level).where(
                push_subscriptions.c.endpoint_hash == key)).scalar()
            if old is not None:
                conn.execute(update(push_subscriptions)
                             .where(push_subscriptions.c.endpoint_hash == key)
                             .values(**values, level=level or old))
                return str(level or old)
            count = conn.execute(select(func.count()).select_from(push_subscriptions).where(
                push_subscriptions.c.player_id == player_id)).scalar() or 0
            if count >= MAX_SUBSCRIPTIONS:
                return None
            conn.execute(insert(push_subscriptions).values(endpoint_hash=key, **values,
                                                           level=level or "all"))
        return level or "all"

    def find(self, endpoint: str) -> Subscription | None:
        """The subscription of an endpoint."""
        with self.engine.connect() as conn:
            row = conn.execute(select(push_subscriptions).where(
                push_subscriptions.c.endpoint_hash == endpoint_hash(endpoint))).first()
        return None if row is None else _sub(row)

    def remove(self, subscription_id: int) -> None:
        """Forget a subscription and what waits for it."""
        with self.engine.begin() as conn:
            conn.execute(delete(push_outbox).where(
                push_outbox.c.subscription_id == subscription_id))
            conn.execute(delete(push_subscriptions).where(
                push_subscriptions.c.id == subscription_id))

    def of(self, player_id: str) -> list[Subscription]:
        """A player's subscriptions."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(push_subscriptions).where(
                push_subscriptions.c.player_id == player_id)).all()
        return [_sub(r) for r in rows]

    # ------------------------------------------------------------------ the outbox
    def due(self, now: datetime, limit: int) -> list[Notice]:
        """The notices due by `now`, the oldest first (on the index of `due_at`)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(push_outbox.c.id.label("notice"), push_outbox.c.due_at,
                       push_outbox.c.attempts, push_outbox.c.payload, push_subscriptions)
                .join(push_subscriptions,
                      push_subscriptions.c.id == push_outbox.c.subscription_id)
                .where(push_outbox.c.due_at <= now).order_by(push_outbox.c.due_at)
                .limit(limit)).all()
        return [Notice(r.notice, r.due_at, r.attempts, dict(r.payload), _sub(r)) for r in rows]

    def claim(self, notice: Notice, until: datetime) -> bool:
        """Claim a notice: move its `due_at` from the value read to `until`; one wins."""
        with self.engine.begin() as conn:
            return bool(conn.execute(update(push_outbox).where(
                push_outbox.c.id == notice.id, push_outbox.c.due_at == notice.due_at)
                .values(due_at=until)).rowcount)

    def sent(self, notice_id: int) -> None:
        """A notice delivered (or given up): gone from the outbox."""
        with self.engine.begin() as conn:
            conn.execute(delete(push_outbox).where(push_outbox.c.id == notice_id))

    def later(self, notice_id: int, attempts: int, due_at: datetime) -> None:
        """A notice the push service did not take: tried again at `due_at`."""
        with self.engine.begin() as conn:
            conn.execute(update(push_outbox).where(push_outbox.c.id == notice_id)
                         .values(attempts=attempts, due_at=due_at))
