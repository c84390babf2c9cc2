"""Derived data computed once, in the background: the review of a finished game, and the
solitaire par of a seed (issue 21; pages read them and never compute them).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _claim_columns() -> list[sa.Column]:
    """What every row of derived data has: the algorithm's version and the worker's claim."""
    return [
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("worker", sa.String(32), nullable=False),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    ]


def upgrade() -> None:
    """Create `reviews` (one per game) and `pars` (one per seed and bot level)."""
    op.create_table(
        "reviews",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        *_claim_columns(),
        sa.Column("body", sa.JSON, nullable=True),
    )
    op.create_table(
        "pars",
        sa.Column("seed", sa.String(64), primary_key=True),
        sa.Column("level", sa.String(16), primary_key=True),
        *_claim_columns(),
        sa.Column("turns", sa.Integer, nullable=True),
        sa.Column("score", sa.Integer, nullable=True),
        sa.Column("reached_12", sa.Boolean, nullable=True),
    )


def downgrade() -> None:
    """Drop them (they hold nothing that cannot be computed again)."""
    op.drop_table("pars")
    op.drop_table("reviews")
