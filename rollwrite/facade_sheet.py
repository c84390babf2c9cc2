"""The shared facade sheet of Roll & Write: which X-side entries are crossed out (RULES 3.3)."""

from __future__ import annotations

from rollwrite.material import INFINITE_SIDE, SHAPES, TWO_PLAYER_CROSSED, X_SIDE

# The X-side entries (indexes into X_SIDE) of each tile id; none for the ∞ side.
X_ENTRIES: dict[str, tuple[int, ...]] = {
    t: tuple(i for i, x in enumerate(X_SIDE) if x == t) for t in SHAPES
}
# The same entries as a bit mask (bit i: X_SIDE[i]), for quick tests against the crossed ones.
X_ENTRY_MASKS: dict[str, int] = {t: sum(1 << i for i in e) for t, e in X_ENTRIES.items()}


class FacadeSheet:
    """The X side of the facade sheet, shared by the table: an entry crossed out once drawn
    can only be taken again with a yellow ★ (RULES 3.4.1); the ∞ side is never crossed.
    `mask` has bit i set when entry i of `X_SIDE` is crossed out."""

    __slots__ = ("mask",)

    def __init__(self, mask: int = 0) -> None:
        self.mask = mask

    @classmethod
    def at_setup(cls, players: int) -> FacadeSheet:
        """The sheet at the start: two players cross one 4-cell entry per colour (RULES 3.6)."""
        if players != 2:
            return cls()
        return cls(sum(1 << i for i in TWO_PLAYER_CROSSED))

    def cross(self, entry: int) -> None:
        """Cross out an X-side entry (by its index in `X_SIDE`)."""
        self.mask |= 1 << entry

    def is_crossed(self, entry: int) -> bool:
        """Whether an X-side entry is crossed out."""
        return bool(self.mask >> entry & 1)

    def open_entries(self, tile: str) -> tuple[int, ...]:
        """The entries of a tile id still open (empty for the ∞ side, or all crossed)."""
        return tuple(i for i in X_ENTRIES[tile] if not self.mask >> i & 1)

    def open_entry(self, tile: str) -> int | None:
        """The first open entry of a tile id: the one a draw crosses out; None if none."""
        for i in X_ENTRIES.get(tile, ()):
            if not self.mask >> i & 1:
                return i
        return None

    def crossed_entry(self, tile: str) -> int | None:
        """The first crossed-out entry of a tile id: what a yellow ★ takes; None if none."""
        for i in X_ENTRIES.get(tile, ()):
            if self.mask >> i & 1:
                return i
        return None

    def crossed_entries(self) -> tuple[int, ...]:
        """Indexes of the crossed-out entries, in sheet order."""
        return tuple(i for i in range(len(X_SIDE)) if self.mask >> i & 1)

    def crossed_tiles(self) -> set[str]:
        """Tile ids with at least one crossed-out entry."""
        return {X_SIDE[i] for i in self.crossed_entries()}

    def available_tiles(self) -> list[str]:
        """Tile ids that can be taken without a yellow ★: the ∞ side, then open X entries."""
        out = list(INFINITE_SIDE)
        for i, tid in enumerate(X_SIDE):
            if not self.mask >> i & 1 and tid not in out:
                out.append(tid)
        return out

    def copy(self) -> FacadeSheet:
        """An independent copy."""
        return FacadeSheet(self.mask)

    def to_list(self) -> list[bool]:
        """JSON form: one flag per X-side entry, in sheet order (the `crossed` of a saved game)."""
        return [bool(self.mask >> i & 1) for i in range(len(X_SIDE))]

    @classmethod
    def from_list(cls, flags: list[bool]) -> FacadeSheet:
        """Inverse of `to_list`."""
        return cls(sum(1 << i for i, f in enumerate(flags) if f))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FacadeSheet) and self.mask == other.mask

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"FacadeSheet(crossed={[X_SIDE[i] for i in self.crossed_entries()]})"
