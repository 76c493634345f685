"""Warhammer Underworlds rulesets. `DEATHGORGE` is the current core rules (Deathgorge rulebook).

Layout (one job per module): edition.py (edition settings), rules.py (rule-source strings), state.py (state
shape, copy), setup.py (new_game, set-up events), rounds.py (action phase, end phase, next round), turns.py
(turns and their minor steps), activations.py, attacks.py (applies combat/'s results; drive back), power.py,
objectives.py (and the end phase sequence), damage.py (wound counters, out of action), effects.py (card effects
entered by hand: damage, heal, tokens, pushes, feature tokens), inspire.py (Inspire: the events and the
machine-checkable conditions), glory.py (bounty, glory), reactions.py (REACTION_STEPS, windows, Plunder),
spells.py, passes.py (steps that close by themselves), victory.py, suggest.py (a seat's advice, from the builders
each module keeps beside its checks), templates.py (a suggestion as the checks allow it), catalogue.py (every event
and its fields), cards.py (deck data, hands), decks.py (deck validation per format), privacy.py, ruleset.py (the
Handlers), violations.py (every violation code, declared once with the rules it cites in each edition). combat/ and
dice.py are the combat sequence (pure functions of the rolls).
Editions: each edition is one `Edition` (numbers, citations, combat rules, switches): edition.py holds the type and
Deathgorge's, editions/ the Shadespire (2018) and Dreadfane (2019) ones (data only) and their rulesets' own steps;
this package builds the three rulesets.
"""
from .edition import DEATHGORGE_EDITION, Edition  # noqa: F401
from .editions.dreadfane import DREADFANE_EDITION
from .editions.ruleset import ClassicRuleset
from .editions.shadespire import SHADESPIRE_EDITION
from .reactions import REACTION_STEPS  # noqa: F401
from .ruleset import UnderworldsRuleset

DEATHGORGE = UnderworldsRuleset(DEATHGORGE_EDITION)
DREADFANE = ClassicRuleset(DREADFANE_EDITION)
SHADESPIRE = ClassicRuleset(SHADESPIRE_EDITION)
