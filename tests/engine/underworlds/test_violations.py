"""The Underworlds violation registry: one code names each edition's rule for it, and every edition's checks answer
only with codes and rules the catalogue lists."""
import random
from dataclasses import replace

import pytest

from app.engine import registry
from app.engine.underworlds import DEATHGORGE, DREADFANE, SHADESPIRE
from app.engine.underworlds import violations as V
from tests.support.play import SETUPS, choose, fill, options, rng_pick

EDITIONS = ("underworlds/deathgorge", "underworlds/dreadfane", "underworlds/shadespire")


def test_a_code_names_the_rule_each_edition_cites_for_its_key():
    surge = [rs.edition.rule("surge") for rs in (DEATHGORGE, DREADFANE, SHADESPIRE)]
    assert V.cite("surge") == tuple(dict.fromkeys(surge)) and len(set(surge)) == 3
    for rs in (DEATHGORGE, DREADFANE, SHADESPIRE):
        assert V.GLORY_NEEDED("Say how much.", rs.edition.rule("surge"), overridable=True).rule == rs.edition.rule("surge")
        with pytest.raises(ValueError, match="does not name"):
            V.GLORY_NEEDED("Say how much.", rs.edition.rule("delve"), overridable=True)
    assert V.cite("hazard_phase") == (DREADFANE.edition.rule("hazard_phase"),)  # only the 2019 book has one
    assert V.cite_combat("innate")[0] == DEATHGORGE.edition.combat.ref("innate")


def test_a_reaction_card_cites_its_own_condition_and_only_that_code_may():
    card_rule = "Card: Sidestep (its reaction condition)"
    assert V.REACTION_CONDITION_NOT_MET("Sidestep cannot be used now.", card_rule).rule == card_rule
    with pytest.raises(ValueError, match="does not name"):
        V.WRONG_REACTION_STEP("Sidestep is used after an Attack action.", card_rule)


@pytest.mark.parametrize("ruleset_id", EDITIONS)
def test_every_edition_answers_only_with_listed_codes_and_rules(ruleset_id):
    """Random games of each sample setup; at every step, events suggested earlier (mostly out of sequence now) are
    checked again: each violation's code is in the edition's catalogue, with its rule among the code's rules."""
    rs = registry.get(ruleset_id)
    listed = {entry["code"]: entry for entry in rs.violations()}
    seen = set()
    for index, setup in enumerate(SETUPS[ruleset_id]):
        rng = random.Random(index)
        pick = rng_pick(rng)
        state, stale, played = rs.new_game(setup), [], 0
        while played < 250 and rs.outcome(state) is None:
            suggestions = options(rs, state)
            stale = (stale + [fill(s, pick) for s in rng.sample(suggestions, min(3, len(suggestions)))])[-40:]
            for event in rng.sample(stale, min(6, len(stale))):
                for violation in rs.check(state, replace(event, seq=played + 1)):
                    entry = listed[violation.code]
                    assert violation.rule in entry["rules"] or entry.get("cites_at_run_time"), violation
                    seen.add(violation.code)
            state, _ = rs.apply(state, replace(fill(choose(rng, suggestions), pick), seq=played + 1))
            played += 1
    assert len(seen) >= 15, sorted(seen)
