"""The home page, the language switch and the health check."""
