"""Turn-based tables (issue 39): clocks per move, My games on every device, Web Push."""
