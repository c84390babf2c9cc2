"""The guided first game of the card edition (placeholder)."""

from __future__ import annotations

from webapp.learn.script import Script

CARD = Script(name="card", edition="boardgame", rules="card",
              config={"players": ["You", "Anna"], "seed": "learn-1"}, moves=())
