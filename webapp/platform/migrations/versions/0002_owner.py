"""Games remember the browser that started them (solo games: resume list, personal records).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add games.owner (a random browser id, never a person's name) and its index."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("owner", sa.String(64), nullable=True))
    op.create_index("ix_games_owner", "games", ["owner"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_games_owner", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("owner")
