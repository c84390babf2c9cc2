"""What an applied action caused, for logs, screens and tests (shared by both editions)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One consequence of an action: `kind` for code, `text` for people, `data` for details."""

    kind: str
    text: str
    player: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form."""
        return {"kind": self.kind, "text": self.text, "player": self.player, "data": self.data}
