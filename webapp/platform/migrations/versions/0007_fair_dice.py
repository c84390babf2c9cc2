"""A fair challenge (issue 42): the installation's dice key, the old games' dice source, and
what the leaderboards now know of each entry.

- `installation`: one row `dice_key`, a random secret made here once (or by the first start of
  a database that has none: webapp/solo/dice.py). Every server and worker of the installation
  reads the same key, so they all derive the same dice for a challenge; nobody without the
  database can.
- The challenge games stored so far rolled their dice from the public seed: each is marked
  `"dice": "open"` in its challenge settings. Their logs hold their rolls and their config
  their seed, so they replay, rank and keep their par (the par rows stored so far were played
  on the open dice: the par of a keyed game is stored under another name, see
  webapp/solo/pars.py) exactly as before.
- `results.hinted`: the entry's player asked for a hint (an assisted game, ranked apart);
  `results.address`: a keyed hash of the address the entry was started from (never the
  address itself), so the board can say how many players of a seed one address holds.

Revision ID: 0007_fair_dice
Revises: 0006_players_leaderboards
Create Date: 2026-11-28
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0007_fair_dice"
down_revision = "0006_players_leaderboards"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """The key table and its key; old challenge games marked; the two result columns."""
    op.create_table(
        "installation",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False,
                  server_default=sa.func.now()),
    )
    installation = sa.table("installation", sa.column("name", sa.String),
                            sa.column("value", sa.String))
    conn = op.get_bind()
    conn.execute(sa.insert(installation).values(name="dice_key", value=secrets.token_hex(32)))
    games = sa.table("games", sa.column("id", sa.Integer), sa.column("kind", sa.String),
                     sa.column("config", sa.JSON))
    for gid, config in conn.execute(sa.select(games.c.id, games.c.config)
                                    .where(games.c.kind == "solo")).all():
        challenge = (config or {}).get("challenge")
        if isinstance(challenge, dict) and "dice" not in challenge:
            new = {**config, "challenge": {**challenge, "dice": "open"}}
            conn.execute(sa.update(games).where(games.c.id == gid).values(config=new))
    with op.batch_alter_table("results") as batch:
        batch.add_column(sa.Column("hinted", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("address", sa.String(64), nullable=True))
    op.create_index("ix_results_seed_address", "results", ["seed", "address"])


def downgrade() -> None:
    """Drop the columns and the key (the games keep their marks and their dice: an older
    version of the app reads a keyed game's stored seed as it is)."""
    op.drop_index("ix_results_seed_address", "results")
    with op.batch_alter_table("results") as batch:
        batch.drop_column("address")
        batch.drop_column("hinted")
    op.drop_table("installation")
