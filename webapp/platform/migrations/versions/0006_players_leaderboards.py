"""Players without an account (a secret per device, hashed), device codes, the solitaire
leaderboards' results and friends' challenges (issue 27).

Revision ID: 0006_players_leaderboards
Revises: 0005_hashed_tokens
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_players_leaderboards"
down_revision = "0005_hashed_tokens"
branch_labels = None
depends_on = None


def _when(name: str, nullable: bool = False) -> sa.Column:
    if nullable:
        return sa.Column(name, sa.DateTime(timezone=True), nullable=True)
    return sa.Column(name, sa.DateTime(timezone=True), nullable=False,
                     server_default=sa.func.now())


def upgrade() -> None:
    """Create players, player_keys, device_codes, results, board_counts,
    friend_challenges, challenge_members and their indexes."""
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("hidden", sa.Boolean, nullable=False, server_default=sa.false()),
        _when("created_at"),
    )
    op.create_table(
        "player_keys",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        _when("created_at"),
    )
    op.create_index("ix_player_keys_player", "player_keys", ["player_id"])
    op.create_table(
        "device_codes",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        _when("used_at", nullable=True),
    )
    op.create_table(
        "results",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False,
                  unique=True),
        sa.Column("code", sa.String(12), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("ranked", sa.Boolean, nullable=False),
        sa.Column("outcome", sa.String(8), nullable=True),
        sa.Column("turns", sa.Integer, nullable=True),
        sa.Column("score", sa.Integer, nullable=True),
        sa.Column("reached", sa.Boolean, nullable=True),
        sa.Column("rank_key", sa.Integer, nullable=True),
        _when("finished_at", nullable=True),
        sa.Column("player_hidden", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("operator_hidden", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()),
        _when("started_at"),
    )
    op.create_index("ux_results_seed_player", "results", ["seed", "player_id"], unique=True)
    op.create_index("ix_results_player", "results", ["player_id"])
    op.create_index("ix_results_board", "results",
                    ["seed", "listed", "rank_key", "finished_at", "id"])
    op.create_table(
        "board_counts",
        sa.Column("seed", sa.String(64), primary_key=True),
        sa.Column("rank_key", sa.Integer, primary_key=True),
        sa.Column("n", sa.Integer, nullable=False),
    )
    op.create_table(
        "friend_challenges",
        sa.Column("code", sa.String(12), primary_key=True),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("creator", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        _when("created_at"),
    )
    op.create_table(
        "challenge_members",
        sa.Column("challenge", sa.String(12), sa.ForeignKey("friend_challenges.code"),
                  primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        _when("joined_at"),
    )
    op.create_index("ix_challenge_members_player", "challenge_members", ["player_id"])


def downgrade() -> None:
    """Drop them (the games stay; their owner ids are the players' ids)."""
    op.drop_index("ix_challenge_members_player", "challenge_members")
    op.drop_table("challenge_members")
    op.drop_table("friend_challenges")
    op.drop_table("board_counts")
    op.drop_index("ix_results_board", "results")
    op.drop_index("ix_results_player", "results")
    op.drop_index("ux_results_seed_player", "results")
    op.drop_table("results")
    op.drop_table("device_codes")
    op.drop_index("ix_player_keys_player", "player_keys")
    op.drop_table("player_keys")
    op.drop_table("players")
