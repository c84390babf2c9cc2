"""Playing solo's helpers: the solitaire challenge's records, par and unfinished games."""
