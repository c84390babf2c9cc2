"""The `copenhagen` command line: demo game, simulations, benchmarks, solitaire, pads, server."""
