"""What the bot tests share: positions to ask a bot about."""

import random


def random_positions(engine, players, seed, count):
    """States reached by random legal play, with the seat to decide."""
    rng = random.Random(seed)
    state = engine.new_game(players, seed)
    out = []
    while not state.is_over() and len(out) < count:
        if state.is_chance():
            state.apply(state.chance_action())
            continue
        p = rng.choice(state.to_act())
        out.append((state.clone(), p))
        state.apply(rng.choice(state.legal_actions(p)))
    return out
