"""The table companion's helpers (one phone per player at a Roll & Write table): what its
pages show, its events and refusals in words, its hints, its seats."""
