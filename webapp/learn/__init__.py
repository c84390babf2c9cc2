"""The guided first games: each a fixed seed and a list of expected actions the engine judges."""
