"""Turn-based tables: clocks, seats' players and missed moves, vacations, Web Push
subscriptions and their outbox (issue 39); the VAPID key pair goes in `installation`
(migration 0007).

Revision ID: 0008_turn_tables
Revises: 0007_fair_dice
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_turn_tables"
down_revision = "0007_fair_dice"
branch_labels = None
depends_on = None


def _when(name: str, nullable: bool = True) -> sa.Column:
    if nullable:
        return sa.Column(name, sa.DateTime(timezone=True), nullable=True)
    return sa.Column(name, sa.DateTime(timezone=True), nullable=False,
                     server_default=sa.func.now())


def upgrade() -> None:
    """Create turn_games, turn_seats, vacations, push_subscriptions and push_outbox with
    their indexes."""
    op.create_table(
        "turn_games",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("clock_s", sa.Integer, nullable=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("waiting", sa.JSON, nullable=False),
        _when("deadline"),
        sa.Column("reminded", sa.Boolean, nullable=False),
        _when("due_at"),
        sa.Column("over", sa.Boolean, nullable=False),
        sa.Column("claim", sa.String(32), nullable=True),
    )
    op.create_index("ix_turn_games_due", "turn_games", ["due_at"])
    op.create_table(
        "turn_seats",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("waiting", sa.Boolean, nullable=False),
        sa.Column("missed", sa.Integer, nullable=False),
        sa.Column("bot_actions", sa.Integer, nullable=False),
    )
    op.create_index("ix_turn_seats_player", "turn_seats", ["player_id", "game_id"])
    op.create_table(
        "vacations",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("month", sa.String(7), nullable=False),
        sa.Column("used", sa.Integer, nullable=False),
        _when("until"),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("endpoint_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("endpoint", sa.Text, nullable=False),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("level", sa.String(8), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        _when("created_at", nullable=False),
    )
    op.create_index("ix_push_subscriptions_player", "push_subscriptions", ["player_id"])
    op.create_table(
        "push_outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("subscription_id", sa.Integer, sa.ForeignKey("push_subscriptions.id"),
                  nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_push_outbox_due", "push_outbox", ["due_at"])
    op.create_index("ix_push_outbox_subscription", "push_outbox", ["subscription_id"])


def downgrade() -> None:
    """Drop them (the games stay, played on without clocks)."""
    op.drop_index("ix_push_outbox_subscription", "push_outbox")
    op.drop_index("ix_push_outbox_due", "push_outbox")
    op.drop_table("push_outbox")
    op.drop_index("ix_push_subscriptions_player", "push_subscriptions")
    op.drop_table("push_subscriptions")
    op.drop_table("vacations")
    op.drop_index("ix_turn_seats_player", "turn_seats")
    op.drop_table("turn_seats")
    op.drop_index("ix_turn_games_due", "turn_games")
    op.drop_table("turn_games")
