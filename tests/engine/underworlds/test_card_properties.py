"""Random games with real Rivals decks on both sides (the Deathgorge core set's four): whatever the game reaches,
the engine never suggests a reaction whose trigger did not happen, never a power-step gambit as a reaction nor a
reaction gambit in a power step, and never says an objective is met when its condition does not hold."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.underworlds import conditions, reactions
from app.engine.underworlds.suggest import ahead
from tests.support.play import choose, content_setup, fill, options, rng_pick

from .helpers import RS

MATCHES = [(("cyrenis-razors", "cyrenis-razors-rivals"), ("steelhearts-champions", "breakneck-slaughter")),
           (("thricefold-discord", "thricefold-discord-rivals"), ("steelhearts-champions", "force-of-frost"))]
MAX_EVENTS = 1200


def _check_suggestions(state) -> int:
    """Assert what every seat is offered now; returns how many card reactions and met objectives were offered."""
    seen = 0
    window = state.get("reaction")
    for seat in state["order"]:
        deck = state["decks"].get(seat) or {}
        for s in RS.suggest(state, seat).suggestions:
            card = (deck.get("power") or {}).get(s.data.get("card") or "")
            if s.type == "reaction" and card:
                assert window is not None, f"{card['name']} offered with no reaction step open"
                assert card.get("play") != "power_step", f"{card['name']} is a power-step gambit"
                step = s.data.get("step")
                assert step in reactions.window_steps(window) and step == reactions.card_step(card)
                assert not reactions.unmet_conditions(state, seat, card, s.data.get("fighter")), card["name"]
                seen += 1
            if s.type == "power" and card and s.data.get("play") in ("ploy", "spell"):
                assert card.get("play") != "reaction", f"{card['name']} is a reaction, offered in a power step"
            objective = (deck.get("objectives") or {}).get(s.data.get("card") or "")
            if s.type == "objective" and objective and s.label.endswith(": met"):
                # A suggestion may be of the step the game reaches once the optional steps open now pass.
                states = [state] + [later for _, later in ahead(RS, state, seat)]
                assert any(conditions.verdict(st, seat, objective).met for st in states), objective["name"]
                seen += 1
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("match", range(len(MATCHES)))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_with_real_decks_offer_only_what_the_cards_allow(match, seed):
    """Every suggestion from a card agrees with the card's data at that moment, through a whole random game."""
    rng = random.Random(seed)
    pick = rng_pick(rng)
    state = RS.new_game(content_setup(seats=MATCHES[match]))
    events = 0
    while events < MAX_EVENTS and RS.outcome(state) is None:
        _check_suggestions(state)
        sugg = choose(rng, options(RS, state))
        assert sugg is not None
        ev = replace(fill(sugg, pick), seq=events + 1, id=f"e{events + 1}")
        assert not RS.check(state, ev), sugg.to_dict()
        state, _ = RS.apply(state, ev)
        events += 1
    assert RS.outcome(state) is not None
