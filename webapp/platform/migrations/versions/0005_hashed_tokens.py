"""Seat and host tokens stored as their SHA-256 (issue 31): a copy of the database no longer
gives every seat of every game. The tokens stored so far are hashed in place; the phones that
hold them keep their seats (the app hashes what a cookie brings before comparing).

Revision ID: 0005_hashed_tokens
Revises: 0004
Create Date: 2026-11-26
"""

from __future__ import annotations

import hashlib

import sqlalchemy as sa
from alembic import op

revision = "0005_hashed_tokens"
down_revision = "0004"
branch_labels = None
depends_on = None


def _hash(token: str) -> str:
    """webapp.platform.store.token_hash, written out: a migration keeps the rule it ran with."""
    return hashlib.sha256(token.encode()).hexdigest()


def upgrade() -> None:
    conn = op.get_bind()
    games = sa.table("games", sa.column("id", sa.Integer), sa.column("host_token", sa.String))
    seats = sa.table("seats", sa.column("game_id", sa.Integer), sa.column("seat", sa.Integer),
                     sa.column("token", sa.String))
    for gid, token in conn.execute(sa.select(games.c.id, games.c.host_token)).all():
        conn.execute(sa.update(games).where(games.c.id == gid)
                     .values(host_token=_hash(token)))
    rows = conn.execute(sa.select(seats.c.game_id, seats.c.seat, seats.c.token)
                        .where(seats.c.token.is_not(None))).all()
    for gid, seat, token in rows:
        conn.execute(sa.update(seats).where(seats.c.game_id == gid, seats.c.seat == seat)
                     .values(token=_hash(token)))


def downgrade() -> None:
    """A hash cannot be turned back into its token: the hashes stay, and after a downgrade
    the phones of games created before it must join their seats again."""
