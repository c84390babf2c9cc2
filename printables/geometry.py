"""Rectangles for page layout: the blocks of a sheet, checked to stay on the page apart."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rect:
    """An axis-aligned box in PDF points, (x, y) its lower-left corner."""

    x: float
    y: float
    w: float
    h: float

    @property
    def top(self) -> float:
        """The y of the upper edge."""
        return self.y + self.h

    @property
    def right(self) -> float:
        """The x of the right edge."""
        return self.x + self.w

    def inside(self, other: Rect) -> bool:
        """True if this box lies within `other` (edges may touch)."""
        eps = 1e-6
        return (self.x >= other.x - eps and self.y >= other.y - eps
                and self.right <= other.right + eps and self.top <= other.top + eps)

    def overlaps(self, other: Rect) -> bool:
        """True if the two boxes share some area (touching edges do not count)."""
        eps = 1e-6
        return (self.x < other.right - eps and other.x < self.right - eps
                and self.y < other.top - eps and other.y < self.top - eps)
