"""The words and pictures every page shares (colours, pieces, tiles, events, moves, refusals,
the Roll & Write sheet) in the page's language: above the platform, below every feature."""
