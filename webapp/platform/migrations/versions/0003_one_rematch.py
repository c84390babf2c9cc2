"""A game has at most one rematch: a unique key on games.parent_id (four phones pressing "play
again" at once made two rematches when this was a check before an insert).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25
"""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Keep the first rematch of any game that has several (only the one recorded as its
    `next_code` is reachable), then add the unique index."""
    op.execute(
        "UPDATE games SET parent_id = NULL WHERE parent_id IS NOT NULL AND code NOT IN "
        "(SELECT next_code FROM games WHERE next_code IS NOT NULL)"
    )
    op.create_index("ux_games_parent", "games", ["parent_id"], unique=True)


def downgrade() -> None:
    """Drop the index."""
    op.drop_index("ux_games_parent", "games")
