"""boardgame package."""
