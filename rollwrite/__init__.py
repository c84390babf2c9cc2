"""rollwrite package."""
