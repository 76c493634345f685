"""Every violation code of Conquest, declared once: what it means, the rules it cites (its own first) and whether
an override lifts it. Checks build their violations from these; the catalogue lists them (Ruleset.violations)."""
from __future__ import annotations

from ..core import CORE_CODES, ViolationCodes
from . import rules

CODES = ViolationCodes(CORE_CODES)

NO_EFFECT = CODES.declare("no_effect", "The Battle ability or card ability would change nothing now.", rules.CARD_EFFECTS)
TARGET_NEEDED = CODES.declare("target_needed", "The Battle ability needs a target.",
                              rules.BATTLE_ABILITY, overridable=False)
BAD_TARGET = CODES.declare("bad_target", "That is not a legal target of the Battle ability.", rules.BATTLE_ABILITY)
OUT_OF_STEP = CODES.declare("out_of_step",
                            "The game is not at the step where that happens, or the step is the other player's.",
                            rules.KW_MOBILE, rules.ATTACK, rules.COMBAT_TURNS, rules.WARLORD_RETREAT,
                            rules.COMBAT_ROUND_END, rules.STALEMATE, rules.BATTLE_ABILITY, rules.COMMIT,
                            rules.STRUGGLE, rules.DEPLOY, rules.KW_AMBUSH, rules.HEADQUARTERS, rules.SETUP_INITIATIVE,
                            rules.SETUP_PLANETS, rules.MULLIGAN, rules.SETUP, rules.SHIELDS, rules.INDIRECT,
                            rules.DAMAGED_UNITS, rules.DAMAGE, overridable=False)
NOT_YOURS = CODES.declare("not_yours", "Only the player the rule names may do that with these units or this damage.",
                          rules.KW_MOBILE, rules.INDIRECT, overridable=False)
NOT_MOBILE = CODES.declare("not_mobile", "The unit does not have Mobile.", rules.KW_MOBILE)
MOVED = CODES.declare("moved", "The unit already moved this phase.", rules.KW_MOBILE)
NOT_ADJACENT = CODES.declare("not_adjacent", "Mobile moves go to an adjacent face-up planet.", rules.KW_MOBILE)
NOT_HERE = CODES.declare("not_here", "The unit is not in this battle.",
                         rules.ATTACK, rules.WARLORD_RETREAT, rules.COMBAT_ROUND_END, overridable=False)
EXHAUSTED = CODES.declare("exhausted", "The unit is exhausted.", rules.ATTACK, rules.WARLORD_RETREAT)
NOT_RANGED = CODES.declare("not_ranged", "Only Ranged units attack in the ranged skirmish.",
                           rules.KW_RANGED, rules.WARLORD_RETREAT)
BAD_DEFENDER = CODES.declare("bad_defender", "The defender must be an enemy unit at the planet.",
                             rules.ATTACK, overridable=False)
NO_AREA_EFFECT = CODES.declare("no_area_effect", "The unit does not have Area Effect.", rules.KW_AREA_EFFECT)
AE_DEFENDER = CODES.declare("ae_defender", "Area Effect is used instead of declaring a defender.",
                            rules.KW_AREA_EFFECT, overridable=False)
NO_DEFENDER = CODES.declare("no_defender", "The attack needs a defender.", rules.ATTACK, overridable=False)
NOT_FACE_UP = CODES.declare("not_face_up", "Only face-up planets in the line can be named.",
                            rules.COMMIT, rules.DEPLOY_ARMY, rules.CARD_TEXT, overridable=False)
NOT_YOUR_SHIELD = CODES.declare("not_your_shield", "The other player has the shield opportunity.",
                                rules.SHIELDS, overridable=False)
NOT_DAMAGED = CODES.declare("not_damaged", "Shields only protect one of your own units being dealt this damage.",
                            rules.SHIELDS, overridable=False)
ONE_SHIELD = CODES.declare("one_shield", "Only 1 shield card per unit each time damage is dealt.", rules.SHIELDS)
ARMORBANE = CODES.declare("armorbane", "No shields against an Armorbane attacker.", rules.KW_ARMORBANE)
SHIELD_NO_EFFECT = CODES.declare("shield_no_effect", "The damage destroys the unit even after the biggest shield: "
                                  "a shield would change nothing.", rules.CARD_EFFECTS, rules.SHIELDS)
NO_CARDS = CODES.declare("no_cards", "No cards in hand to discard as a shield.", rules.SHIELDS)
NO_ROOM = CODES.declare("no_room", "The unit is not yours or cannot take more damage.",
                        rules.INDIRECT, overridable=False)
TOO_MUCH = CODES.declare("too_much", "More indirect damage than the unit (or what is left) can take.",
                         rules.INDIRECT, overridable=False)
UNIQUE = CODES.declare("unique", "A unique card you already have in play.", rules.UNIQUE)
RELIC = CODES.declare("relic", "You already control a Relic.", rules.RELIC)
TOKEN_FROM_HAND = CODES.declare("token_from_hand", "Token units are put into play by abilities, not deployed.",
                                rules.TOKENS, overridable=False)
PLANET_FOR_UNIT = CODES.declare("planet_for_unit", "Only units go to a planet.", rules.DEPLOY, overridable=False)
NOT_ATTACHMENT = CODES.declare("not_attachment", "Only attachments are attached.",
                               rules.DEPLOY_ATTACHMENT, overridable=False)
EMPTY_HAND = CODES.declare("empty_hand", "No cards in hand.", rules.DEPLOY, rules.DEPLOY_EVENT)
COST = CODES.declare("cost", "Not enough resources to pay the cost.", rules.DEPLOY_COST)
LIMITED = CODES.declare("limited", "A Limited card was already deployed or played this round.", rules.KW_LIMITED)
NO_HP = CODES.declare("no_hp", "The unit's HP is needed.", rules.DEPLOY_ARMY, overridable=False)
NO_PLANET = CODES.declare("no_planet", "Army units are deployed at a face-up planet.", rules.DEPLOY_ARMY)
NO_ACTION_WINDOW = CODES.declare("no_action_window", "Actions are used on your deployment or combat turn.",
                                 rules.ACTIONS)
NO_HOST = CODES.declare("no_host", "The attachment needs a card to go on.", rules.DEPLOY_ATTACHMENT, overridable=False)
EVENT_CARD = CODES.declare("event_card", "Event cards are played as actions, not deployed or put into play.",
                           rules.DEPLOY_EVENT, overridable=False)
NO_ATTACHMENTS = CODES.declare("no_attachments", "The card cannot have (these) attachments.", rules.KW_NO_ATTACHMENTS)
TOKEN_LIMIT = CODES.declare("token_limit", "No more tokens of that kind can be in play.", rules.TOKENS)
NO_UNITS = CODES.declare("no_units", "That player has no units.", rules.INDIRECT, overridable=False)
NOT_ENOUGH = CODES.declare("not_enough", "Resources or cards would go below 0.",
                           rules.DEPLOY_COST, rules.CARD_TEXT, overridable=False)
REVEAL_NEEDED = CODES.declare("reveal_needed", "Name the planet turned face up.", rules.HEADQUARTERS, overridable=False)
BAD_PLANET = CODES.declare("bad_planet", "That planet is not one of the unseen planet cards.",
                           rules.HEADQUARTERS, rules.SETUP_PLANETS, overridable=False)
NO_PLANET_LEFT = CODES.declare("no_planet_left", "No face-down planet remains.", rules.HEADQUARTERS, overridable=False)
UNKNOWN_SEAT = CODES.declare("unknown_seat", "The initiative token goes to one of the two players.",
                             rules.SETUP_INITIATIVE, overridable=False)
ONE_MULLIGAN = CODES.declare("one_mulligan", "Only one mulligan: the second hand is kept.",
                             rules.MULLIGAN, overridable=False)
GAME_OVER = CODES.declare("game_over", "The game is over.",
                          rules.WIN_PLANETS, rules.LOSE_WARLORD, rules.LOSE_DECK, rules.TIE, rules.LAST_PLANET,
                          overridable=False)
UNKNOWN_UNIT = CODES.structural("unknown_unit", "The event names a card that is not in play.")

# Card abilities played from their records (ability_play.py).
NO_WINDOW = CODES.declare("no_window", "Nothing has happened that this Reaction or Interrupt answers.",
                          rules.REACTIONS, rules.INTERRUPTS)
UNKNOWN_ABILITY = CODES.declare("unknown_ability", "The engine knows no ability of that card in your deck, or it is "
                                "not one a player plays.", rules.ABILITIES, overridable=False)
SOURCE_EXHAUSTED = CODES.declare("source_exhausted", "The card must exhaust to pay for its ability, and it is "
                                 "exhausted already.", rules.ABILITIES)
ONCE = CODES.declare("once", "The card's ability is limited to once per phase or round.", rules.ABILITIES,
                     cites_at_run_time="the card's own text")
CARD_CHOICE_NEEDED = CODES.declare("card_choice_needed", "The ability needs its one choice (a unit).",
                                   rules.ABILITIES, overridable=False, cites_at_run_time="the card's own text")
CARD_BAD_CHOICE = CODES.declare("card_bad_choice", "That unit is not one the card may choose.", rules.ABILITIES,
                                cites_at_run_time="the card's own text")
