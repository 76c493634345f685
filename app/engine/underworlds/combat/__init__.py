"""Warhammer Underworlds combat sequence as pure functions, for the Deathgorge, Dreadfane and Shadespire rules.

Nothing here reads or changes game state: the caller (the Underworlds ruleset: attacks.py, spells.py, power.py) passes
the facts it knows (is the target on Guard, staggered, how many wounds it has left) and applies what
comes back (damage, drive back, Stagger token, backlash). Every decision names its rule source.

Editions are DATA: `CombatRules` (frozen dataclass) with `DEATHGORGE_COMBAT`, `DREADFANE_COMBAT`,
`SHADESPIRE_COMBAT` (look one up with `combat_rules("dreadfane")`); the code branches on its fields,
never on the edition name. A correction is one line, e.g.
``DEATHGORGE_COMBAT.replace(cover_symbol="double")``.

The `attack` event
------------------
``ATTACK_FIELDS`` is the core field spec of the event's data (docs/architecture.md, Event envelope, plus a few optional
members)::

    {"attacker": "p1.cyreni", "target": "p2.vexmor",
     "profile": {"name": "Blade", "dice": 2, "symbol": "smash", "damage": 2,
                 "keywords": ["cleave", "grievous 1"], "spell": false},
     "attack_roll": {"dice": 2, "crit": 1, "smash": 1},          # magic faces for spells: crit, channel, focus
     "defence_roll": {"dice": 1, "block": 1},
     "supporting": {"attacker": 1, "target": 0},                 # optional, default 0/0
     "trapped": false, "cover": false,                           # optional
     "defence": {"dice": 1, "symbol": "block"},                  # optional: a card changed the characteristic
     "innate": {"attacker": "smash", "target": null},            # optional: the one innate symbol chosen
     "cannot_be_driven_back": false}                             # optional: a card says so (no push, no trap)

The profile may be only ``{"name": "Blade"}`` (plus changed characteristics): fill the rest from the
attacker's record with ``complete_profile(event_profile, fighter["profiles"])`` before checking.
Then, with the facts from state::

    facts = dict(defence=target["defence"], guard=target_on_guard, target_staggered=...,
                 target_wounds_left=wounds - counters, attacker_wounds_left=...)
    problems = check_attack_event(rules, data, **facts)      # [Violation]; structural ones block
    result = resolve_attack_event(rules, data, **facts)      # AttackResult; .to_dict() is JSON

Read ``result.success`` / ``result.damage`` (to the target), ``result.drive_back`` (may the attacking
player push the target 1 hex; then up to ``result.knockback`` more in the same direction),
``result.target_staggered`` (give a Stagger token), ``result.backlash`` (damage to the caster),
``result.critical_abilities`` ("attacker" | "target" | None), ``result.attack_rerolls`` and
``result.rules`` (sources) / ``result.steps`` ({text, rule} per decision) for the log.
``result.result`` is the step 4 outcome: critical_hit | hit | draw | miss | critical_defence (the same
vocabulary in every edition; ``result.book_result`` has the edition's own words), or None when a spell's
backlash took the caster out of action before step 4. Multiplayer: count only supporters from the two
warbands involved (Deathgorge rulebook, Supporting fighters, multiplayer).

Forms/suggestions: ``attack_bounds(profile, defence)`` gives bounds per roll face ("attack_roll.smash").
Gambit spells and spell actions: ``resolve_casting(rules, roll, casting_value, wizard_level=...)``;
``CASTING_FIELDS`` is a field spec for a casting roll inside an event (caster, roll, casting_value, innate).
Scything: ``scything_attacks(rules, adjacent_enemies)`` says which separate Attack actions to make.

Parts: editions.py (`CombatRules`, each edition's combat data and citations), keywords.py (keyword parsing),
checks.py (input checks), sequence.py (steps 2-7 and `AttackResult`), event.py (the `attack` event's fields,
checks, resolution and bounds), casting.py (casting rolls).
"""
from .casting import CASTING_FIELDS, CastingResult, check_casting_input, resolve_casting
from .checks import check_attack_input
from .editions import (
           DEATHGORGE_COMBAT,
           DREADFANE_COMBAT,
           EDITIONS,
           RESULTS,
           SHADESPIRE_COMBAT,
           CombatRules,
           combat_rules,
)
from .event import ATTACK_FIELDS, attack_bounds, check_attack_event, complete_profile, resolve_attack_event
from .keywords import Keywords, parse_keywords
from .sequence import AttackResult, is_vulnerable, resolve_attack, scything_attacks, support_faces

__all__ = ["ATTACK_FIELDS", "CASTING_FIELDS", "DEATHGORGE_COMBAT", "DREADFANE_COMBAT", "EDITIONS", "RESULTS",
           "SHADESPIRE_COMBAT", "AttackResult", "CastingResult", "CombatRules", "Keywords", "attack_bounds",
           "check_attack_event", "check_attack_input", "check_casting_input", "combat_rules", "complete_profile",
           "is_vulnerable", "parse_keywords", "resolve_attack", "resolve_attack_event", "resolve_casting",
           "scything_attacks", "support_faces"]
