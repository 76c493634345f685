"""Warhammer Underworlds rulesets. `DEATHGORGE` is the current core rules (Deathgorge rulebook).

Layout (one job per module): edition.py (edition settings), rules.py (rule-source strings), state.py (state
shape, copy), setup.py (new_game, set-up events), turns.py (rounds, phases, turns, minor steps),
activations.py, attacks.py (applies combat.py's results; drive back), power.py, objectives.py (and the end
phase), fighters.py (damage, heal, tokens, Inspire, feature tokens, out of action), inspire.py (machine-checkable
Inspire conditions), glory.py (bounty, glory), reactions.py (REACTION_STEPS, windows, Plunder), victory.py,
suggest.py, catalogue.py (every event and its fields), cards.py (deck data, hands), ruleset.py (dispatch).
Editions: edition.py settings; editions/ holds the Shadespire (2018) and Dreadfane (2019) rulesets.
combat.py/dice.py are the combat sequence (pure functions); decks.py checks decks against the deck-building rules.
"""
from .edition import DEATHGORGE_EDITION, Edition  # noqa: F401
from .reactions import REACTION_STEPS  # noqa: F401
from .ruleset import UnderworldsRuleset  # noqa: F401

DEATHGORGE = UnderworldsRuleset(DEATHGORGE_EDITION)

# Earlier editions: the same ruleset with Shadespire (2018) and Dreadfane (2019) settings.
from .editions import DREADFANE, SHADESPIRE  # noqa: E402,F401
