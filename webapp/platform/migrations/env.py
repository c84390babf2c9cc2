"""Alembic environment of the game store: runs on the connection the app hands over."""

from __future__ import annotations

from alembic import context

from webapp.platform.db import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
