"""The error raised for a pad option that cannot be honoured (bad paper, page count, path)."""

from __future__ import annotations


class PadOptionError(ValueError):
    """An option of a printable pad is invalid; the message says what to use instead."""
