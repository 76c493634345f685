"""Every violation code of Warhammer Underworlds, declared once: what it means, the rules it cites and whether an
override lifts it. Checks build their violations from these; the catalogue lists them (Ruleset.violations).

A check cites its own edition's rule for a key (`rs.edition.rule("surge")`), so a code names the rule of that key in
every edition's table (`cite`), or in every edition's combat rules (`cite_combat`): a check of any edition cites one
of them. Deck-building codes cite the format's section; the 2018/2019 variants' codes cite their own sections.

Violations that say the game is not at that step of its sequence (whose do-over, roll-off or end phase it is) are not
overridable: no card changes the step the game is at, and applying them would break the sequence. Rule violations
(who may do what, tokens, glory...) stay overridable: cards beat rules.
"""
from __future__ import annotations

from ..core import CORE_CODES, ViolationCodes
from . import rules
from .combat.editions import EDITIONS as COMBAT_EDITIONS
from .editions import matched_play
from .editions import reactions as rx
from .editions.rules_2018 import SHADESPIRE_CITATIONS
from .editions.rules_2019 import DREADFANE_CITATIONS
from .rules import ETHEREAL_RULE

# Each edition's table of rules by key (Deathgorge, Dreadfane, Shadespire), as its Edition cites them.
EDITION_TABLES = (rules.DEATHGORGE_RULES, DREADFANE_CITATIONS, SHADESPIRE_CITATIONS)


def cite(*keys: str) -> tuple[str, ...]:
    """The rule every edition cites for these keys (an edition whose table lacks a key cites nothing for it)."""
    return tuple(dict.fromkeys(table[key] for key in keys for table in EDITION_TABLES if key in table))


def cite_combat(*keys: str) -> tuple[str, ...]:
    """The combat rule every edition cites for these keys."""
    return tuple(dict.fromkeys(combat.refs[key] for key in keys for combat in COMBAT_EDITIONS.values()
                               if key in combat.refs))


CODES = ViolationCodes(CORE_CODES)

# -- structural: the event names nothing real or its data is malformed (never overridable) ------------------------
UNKNOWN_FIGHTER = CODES.structural("unknown_fighter", "The event names a fighter that is not in this game.")
UNKNOWN_FEATURE = CODES.structural("unknown_feature", "The event names a feature token that is not in this game.")
UNKNOWN_DEALER = CODES.structural("unknown_dealer", "Damage is dealt by a fighter or a seat of this game.")
BAD_FACE = CODES.structural("bad_face", "A roll counts a face its dice do not have.")
ROLL_TOTAL = CODES.structural("roll_total", "A roll's faces do not add up to the dice rolled.")
COUNTER_NAME = CODES.structural("counter_name", "A counter is named as the rule names it.")
WOUND_COUNTER = CODES.structural("wound_counter", "Wound counters change only through damage and healing.")

# -- the game's sequence ----------------------------------------------------------------------------------------------
GAME_OVER = CODES.declare("game_over", "The game is over.", *cite("victory"), overridable=False)
NOT_STARTED = CODES.declare("not_started", "Set up is not finished.", *cite("game_sequence"), overridable=False)
NOT_NOW = CODES.declare("not_now", "The game is not at the step where that happens.",
                        *cite("game_sequence", "do_over", "place_fighters", "end_phase", "surge", "victory"),
                        matched_play.ROLL_OFF_RULE, overridable=None)
HELD_FOR_TIED = CODES.declare("held_for_tied", "What each player tied on glory holds is entered, as a number in bounds.",
                              *cite("victory"), overridable=False)
ROLL_OFF_TIED = CODES.declare("roll_off_tied", "The roll-off is tied: roll off again.",
                              *cite("roll_off", "place_boards", "mp_place_boards", "loser_places_board"))
WRONG_WINNER = CODES.declare("wrong_winner", "The dice say another player won the roll-off.",
                             *cite("roll_off", "place_boards", "mp_place_boards", "loser_places_board"))
WRONG_LOSER = CODES.declare("wrong_loser", "The dice say another player lost the roll-off and chooses the board.",
                            *cite("place_boards", "mp_place_boards", "loser_places_board"))
NOT_YOUR_DO_OVER = CODES.declare("not_your_do_over", "Another player decides on a do-over first.", *cite("do_over"),
                                 overridable=False)
HAND_SIZE = CODES.declare("hand_size", "More cards named than the hand holds, or a card named twice.",
                          *cite("draw_cards"))

# -- activations -------------------------------------------------------------------------------------------------------
NOT_ACTIVATION_STEP = CODES.declare("not_activation_step", "Activations are taken in the activation step.",
                                    *cite("activation_step"))
NOT_YOUR_TURN = CODES.declare("not_your_turn", "It is another player's turn, or their Attack action.",
                              *cite("action_phase", "combat"), overridable=None)
ATTACK_PENDING = CODES.declare("attack_pending", "The activation's Attack action is entered first.", *cite("combat"))
NO_ACTIVATIONS_LEFT = CODES.declare("no_activations_left", "Every activation of this phase is used.",
                                    *cite("activation_step"))
NO_SUCH_ACTION = CODES.declare("no_such_action", "That action is not in these rules.",
                               *cite("activation_step", "player_actions"), overridable=False)
NOT_FRIENDLY = CODES.declare("not_friendly", "Only the player's own fighters can do that.",
                             *cite("activation_step", "attack", "inspire_adv", "upgrades", "delve", "reactions"))
FIGHTER_OUT_OF_ACTION = CODES.declare("fighter_out_of_action", "The fighter is out of action.",
                                      *cite("out_of_action_adv", "upgrade_restrictions"))
CHARGE_TOKEN = CODES.declare("charge_token", "A fighter with a Charge token cannot be activated.",
                             *cite("charge_token", "returned_fighter"))
NO_SUPERACTION_AFTER_CHARGE = CODES.declare("no_superaction_after_charge",
                                            "A fighter with a Charge token cannot make a superaction.",
                                            *cite("charge_token"))
MOVED_CANNOT_CHARGE = CODES.declare("moved_cannot_charge", "A fighter with a Move token cannot Charge.", *cite("move"))
MOVED_CANNOT_MOVE = CODES.declare("moved_cannot_move", "A fighter with a Move token cannot Move again.",
                                  *cite("tokens", "returned_fighter"))
NO_ATTACK_ACTION = CODES.declare("no_attack_action", "The fighter has no Attack action.", *cite("attack"))
NO_TARGET = CODES.declare("no_target", "No enemy fighter is on the battlefield to target.", *cite("attack"))
ALREADY_ON_GUARD = CODES.declare("already_on_guard", "A fighter on Guard cannot make a Guard action.", *cite("guard"))
TARGET_NEEDED = CODES.declare("target_needed", "The action needs its target.", *cite("stun"), overridable=False)
NOT_ENEMY = CODES.declare("not_enemy", "The action chooses an enemy fighter.", *cite("stun"))
TARGET_OUT_OF_ACTION = CODES.declare("target_out_of_action", "The target is out of action.",
                                     *cite("out_of_action_adv"))
TARGET_STAGGERED = CODES.declare("target_staggered", "The action chooses a fighter with no Stagger tokens.",
                                 *cite("stun", "barge"))
UNEXPECTED_TARGET = CODES.declare("unexpected_target", "Attack targets are entered with the attack itself.",
                                  *cite("attack"), overridable=False)
NAME_NEEDED = CODES.declare("name_needed", "An action from a card is named.", *cite("activation_step"),
                            overridable=False)
NOT_A_SPELL = CODES.declare("not_a_spell", "Only an action from a card can be a spell.", *cite("spells"),
                            overridable=False)
NO_CARD_IN_HAND = CODES.declare("no_card_in_hand", "No card of that kind is in the hand.",
                                *cite("player_actions", "end_phase", "gambits", "upgrades", "salvage", "reactions"))
NOTHING_PENDING = CODES.declare("nothing_pending", "No Attack action is waiting to be entered.", *cite("combat"),
                                overridable=False)

# -- attacks -----------------------------------------------------------------------------------------------------------
NO_ATTACK_PENDING = CODES.declare("no_attack_pending", "The fighter was not activated to make an Attack action.",
                                  *cite("activation_step"))
FRIENDLY_TARGET = CODES.declare("friendly_target", "A friendly fighter cannot be targeted.", *cite("combat_friendly"))
SCYTHING_SAME_TARGET = CODES.declare("scything_same_target", "Each Scything Attack action targets another fighter.",
                                     *cite("scything"))
DEFENCE_NEEDED = CODES.declare("defence_needed", "The target's Defence is needed.", *cite("combat"),
                               overridable=False)
NOT_A_WIZARD = CODES.declare("not_a_wizard", "Only a wizard casts spells.", *cite("spells"))
NO_DRIVE_BACK = CODES.declare("no_drive_back", "The target of the Attack action cannot be driven back now.",
                              *cite("combat"))
NOT_ATTACKING_PLAYER = CODES.declare("not_attacking_player", "The attacking player chooses the drive back.",
                                     *cite("combat"))
TOO_FAR = CODES.declare("too_far", "The target is driven back further than allowed.", *cite("combat"))
DRIVE_BACK_CHOICE = CODES.declare("drive_back_choice", "The attacking player first chooses the drive back.",
                                  *cite("combat"))
UNKNOWN_KEYWORD = CODES.declare("unknown_keyword", "Not an Attack action keyword the rules know; it is ignored.",
                                *cite_combat("keywords"))
NO_COVER_HEXES = CODES.declare("no_cover_hexes", "The rulebook has no cover hexes; cover is ignored.",
                               *cite_combat("defence_roll"))
NO_STAGGER = CODES.declare("no_stagger", "The rulebook has no Stagger; it is ignored.", *cite_combat("keywords"))
ONE_INNATE = CODES.declare("one_innate", "Only one innate symbol applies to a roll.", *cite_combat("innate"),
                           overridable=False)
CASTING_DICE = CODES.declare("casting_dice", "A casting roll is one magic dice per wizard level.",
                             *cite_combat("casting_roll"))

# -- the power step ----------------------------------------------------------------------------------------------------
NO_SUCH_PLAY = CODES.declare("no_such_play", "That play is not part of the power step in these rules.",
                             *cite("power_step"), overridable=False)
NOT_IN_END_PHASE = CODES.declare("not_in_end_phase", "In the end phase only upgrades are played.",
                                 *cite("end_phase_adv"))
NOT_POWER_STEP = CODES.declare("not_power_step", "Power cards are played in the power step.", *cite("power_step"))
NOT_IN_POWER_STEP = CODES.declare("not_in_power_step", "The player takes no part in this power step.",
                                  *cite("mp_power_step"))
NOT_YOUR_GO = CODES.declare("not_your_go", "It is another player's go in the power step.", *cite("power_step"))
WRONG_CARD_TYPE = CODES.declare("wrong_card_type", "The card is not of the kind played.", *cite("power_step"))
RESTRICTED = CODES.declare("restricted", "The card is restricted to fighters who cannot use it now.",
                           *cite("gambit_restrictions", "upgrade_restrictions"))
NO_WIZARD = CODES.declare("no_wizard", "Gambit spells need a friendly wizard on the battlefield.", *cite("spells"))
CASTER_NEEDED = CODES.declare("caster_needed", "The wizard who casts the spell is named.", *cite("spells"),
                              overridable=False)
CASTING_ROLL_NEEDED = CODES.declare("casting_roll_needed", "The casting roll is entered.", *cite("casting"),
                                    overridable=False)
CASTING_VALUE_NEEDED = CODES.declare("casting_value_needed", "The spell's casting value is entered.",
                                     *cite("casting"), overridable=False)
NO_UNSPENT_GLORY = CODES.declare("no_unspent_glory", "Not enough unspent glory for the upgrade.", *cite("upgrades"))
FIGHTER_NEEDED = CODES.declare("fighter_needed", "The fighter who gets the upgrade is named.", *cite("upgrades"),
                               overridable=False)
BEAST_UPGRADE = CODES.declare("beast_upgrade", "A beast cannot be given Attack action upgrades.", *cite("beast"))
ALREADY_DELVED = CODES.declare("already_delved", "Each player delves once in each power step.", *cite("delve"))
DELVE_NEEDS = CODES.declare("delve_needs", "Delving names the feature token and the fighter on it.", *cite("delve"),
                            overridable=False)
NOT_ON_TOKEN = CODES.declare("not_on_token", "The fighter is not on that feature token.", *cite("delve"))
STAGGERED = CODES.declare("staggered", "A staggered fighter cannot delve.", *cite("delve"))
WOULD_BE_BLOCKED = CODES.declare("would_be_blocked", "Delving cannot make a blocked hex.", *cite("delve"))
CANNOT_SALVAGE = CODES.declare("cannot_salvage", "The card can be salvaged only when its fighters are out of action.",
                               *cite("salvage"))

# -- objectives and the end phase ----------------------------------------------------------------------------------
GLORY_NEEDED = CODES.declare("glory_needed", "The glory the objective is worth is entered.", *cite("surge"),
                             overridable=None)
WRONG_GLORY = CODES.declare("wrong_glory", "The objective is worth another amount of glory.", *cite("end_phase"))
NOT_SURGE = CODES.declare("not_surge", "The objective is scored in the end phase, not revealed.", *cite("surge"))
NOT_END_PHASE = CODES.declare("not_end_phase", "Objectives are scored in the end phase.", *cite("end_phase"))
SURGE_OBJECTIVE = CODES.declare("surge_objective", "A surge objective is revealed when its condition is met.",
                                *cite("surge"))
THIRD_END_PHASE_ONLY = CODES.declare("third_end_phase_only", "The objective is scored in the third end phase.",
                                     *cite("end_phase"))
NOT_IMMEDIATE = CODES.declare("not_immediate", "Only objectives scored 'immediately' are scored in the action phase.",
                              *cite("surge"))
JUST_DRAWN = CODES.declare("just_drawn", "An objective drawn after scoring waits for a later action.", *cite("surge"))
NOT_YOUR_END_PHASE = CODES.declare("not_your_end_phase", "Another player is running through the end phase sequence.",
                                   *cite("end_phase"), overridable=None)
SCORING_ONLY = CODES.declare("scoring_only", "In the last end phase players only score objectives.",
                             *cite("round_3"))
END_PHASE_ORDER = CODES.declare("end_phase_order", "The end phase sequence goes in order.", *cite("end_phase"))
NOT_IN_PLAY = CODES.declare("not_in_play", "No such persisting gambit is in play.", *cite("gambits"),
                            overridable=False)
CARD_NOT_IN_DECK = CODES.declare("card_not_in_deck", "The card is not in the player's deck.",
                                 *cite("draw_cards", "end_phase", "gambits", "upgrades", "salvage", "reactions"))
CARD_ALREADY_USED = CODES.declare("card_already_used", "The card was already played, scored or discarded.",
                                  *cite("draw_cards", "end_phase", "gambits", "upgrades", "salvage", "reactions"))
GLORY_NEGATIVE = CODES.declare("glory_negative", "Glory cannot go below zero.", *cite("victory"), overridable=False)

# -- reactions ---------------------------------------------------------------------------------------------------------
NO_REACTION_STEP = CODES.declare("no_reaction_step", "No reaction step is open.", *cite("reaction_steps"),
                                 overridable=None)
ALREADY_PASSED = CODES.declare("already_passed", "The player passed in this reaction step.",
                               *cite("reaction_limits"), overridable=None)
WRONG_REACTION_STEP = CODES.declare("wrong_reaction_step", "The reaction is used in another reaction step.",
                                    *cite("reaction_steps", "reactions", "plunder"))
ONE_REACTION_PER_STEP = CODES.declare("one_reaction_per_step", "One reaction per player in each reaction step.",
                                      *cite("reaction_limits"))
NOTHING_TO_REACT_TO = CODES.declare("nothing_to_react_to", "No reaction was used to react to.",
                                    *cite("reacting_to_reaction"))
NO_GAMBITS_IN_END_PHASE = CODES.declare("no_gambits_in_end_phase", "Players cannot use gambits in the end phase.",
                                        *cite("end_phase_adv"))
REACTION_CONDITION_NOT_MET = CODES.declare("reaction_condition_not_met", "The card's reaction condition is not met.",
                                           *cite("reactions"), cites_at_run_time="the card's own reaction condition")
CARD_CHOICE_NEEDED = CODES.declare("card_choice_needed", "The card's effect needs the player's one choice.",
                                   *cite("gambits"), cites_at_run_time="the card's own effect")
REACTION_ONLY = CODES.declare("reaction_only", "The card is a reaction, played in its reaction step.",
                              *cite("reactions"), cites_at_run_time="the card's own timing")
NOT_A_REACTION = CODES.declare("not_a_reaction", "The card is played in a power step, not as a reaction.",
                               *cite("reactions"), cites_at_run_time="the card's own timing")
OBJECTIVE_CONDITION_NOT_MET = CODES.declare("objective_condition_not_met",
                                            "What the game tracks contradicts the objective's condition.",
                                            *cite("surge", "end_phase"),
                                            cites_at_run_time="the card's own scoring condition")
REACTION_STEP_OPEN = CODES.declare("reaction_step_open", "Players who may react have not passed yet.",
                                   *cite("reaction_steps"))
PLUNDER_NOT_OPEN = CODES.declare("plunder_not_open", "Plunder follows an Attack action that took its target out of "
                                 "action.", *cite("plunder"))
PLUNDER_NEEDS_TOKEN = CODES.declare("plunder_needs_token", "Plunder names the feature token placed.",
                                    *cite("plunder"))
FEATURE_NOT_AVAILABLE = CODES.declare("feature_not_available", "The feature token is not available.",
                                      *cite("plunder"))
HEX_HAS_FEATURE_TOKEN = CODES.declare("hex_has_feature_token", "A hex holds one feature token.",
                                      *cite("features_adv"))

# -- Inspire -----------------------------------------------------------------------------------------------------------
ALREADY_INSPIRED = CODES.declare("already_inspired", "The fighter is already Inspired.", *cite("inspire_adv"))
INSPIRE_CONDITION_NOT_MET = CODES.declare("inspire_condition_not_met", "The fighter's Inspire condition is not met.",
                                          *cite("inspire"))
NO_INSPIRE_STEP = CODES.declare("no_inspire_step", "Fighters become Inspired in an Inspire step.", *cite("inspire"))
NOT_INSPIRED = CODES.declare("not_inspired", "The fighter is not Inspired.", *cite("inspire_adv"))
AFTER_SUPERACTION = CODES.declare("after_superaction", "A fighter is Inspired, and a surge objective scored, only after "
                                  "the superaction under way.", *cite("after_superaction"))

# -- card effects entered by hand --------------------------------------------------------------------------------------
NOT_WOUNDED = CODES.declare("not_wounded", "Only a fighter with a wound counter can be healed.", *cite("heal"))
NO_SUCH_TOKEN = CODES.declare("no_such_token", "The fighter has no such token.", *cite("tokens"))
NO_SUCH_COUNTER = CODES.declare("no_such_counter", "The fighter does not have that many such counters.",
                                *cite("remove"))
NOT_OUT_OF_ACTION = CODES.declare("not_out_of_action", "The fighter is on the battlefield.",
                                  *cite("out_of_action_adv"))
FEATURE_NOT_ON_BOARD = CODES.declare("feature_not_on_board", "The feature token is not on the battlefield.",
                                     *cite("features_adv"))
FEATURE_ON_BOARD = CODES.declare("feature_on_board", "The feature token is already on the battlefield.",
                                 *cite("features_adv"))
BLOCKED_HEX = CODES.declare("blocked_hex", "Fighters cannot be in a blocked hex.", *cite("features_adv"))
HEX_OCCUPIED = CODES.declare("hex_occupied", "A hex holds one fighter.", *cite("features_adv"))
NO_SUCH_FACE = CODES.declare("no_such_face", "The feature token has no such side.", *cite("features_adv"),
                             overridable=False)
FIGHTER_ON_TOKEN = CODES.declare("fighter_on_token", "A token with a fighter on it cannot become a blocked hex.",
                                 *cite("features_adv"))
LETHAL_HEX_NO_EFFECT = CODES.declare("lethal_hex_no_effect", "Lethal hexes do not affect an ethereal fighter.",
                                     ETHEREAL_RULE)
NOT_ENOUGH_WOUNDS = CODES.declare("not_enough_wounds", "The fighter's wound counters do not take it out of action.",
                                  *cite("out_of_action"))
BELOW_ONE = CODES.declare("below_one", "Characteristics cannot be reduced below 1.", *cite("modifiers"))

# -- deck-building (per format) -------------------------------------------------------------------------------------
_SIZES = (rules.R_NEMESIS, rules.R_RELIC)
_OLDER = (rules.R_SHADESPIRE, rules.R_DREADFANE)
UNKNOWN_FORMAT = CODES.declare("unknown_format", "Not a format of these rules.", rules.R_RIVALS, overridable=False)
RIVALS_ONE_DECK = CODES.declare("rivals_one_deck", "The Rivals format uses exactly one Rivals deck.", rules.R_RIVALS)
RIVALS_OTHER_WARBAND = CODES.declare("rivals_other_warband", "A warband uses its own Rivals deck or a universal one.",
                                     rules.R_DECKS)
RIVALS_NOT_A_RIVALS_DECK = CODES.declare("rivals_not_a_rivals_deck", "The Rivals format plays a pre-built Rivals "
                                         "deck, not a collection of a product's cards.", rules.R_RIVALS)
RIVALS_FOREIGN_CARD = CODES.declare("rivals_foreign_card", "Rivals decks are played as they come.", rules.R_RIVALS)
RIVALS_INCOMPLETE = CODES.declare("rivals_incomplete", "A Rivals deck has 12 objective and 20 power cards.",
                                  rules.R_DECKS)
OBJECTIVE_DECK_TOO_SMALL = CODES.declare("objective_deck_too_small", "The objective deck has too few cards.",
                                         *_SIZES)
TOO_MANY_SURGE = CODES.declare("too_many_surge", "Too many surge objectives.", *_SIZES)
POWER_DECK_TOO_SMALL = CODES.declare("power_deck_too_small", "The power deck has too few cards.", *_SIZES, *_OLDER)
TOO_MANY_GAMBITS = CODES.declare("too_many_gambits", "More than half of the power deck is gambits.", *_SIZES)
CARD_IN_WRONG_DECK = CODES.declare("card_in_wrong_deck", "Objectives go in the objective deck, gambits and upgrades "
                                   "in the power deck.", rules.R_DECKS)
DUPLICATE_CARD = CODES.declare("duplicate_card", "Each card in a deck is unique.", rules.R_GLOSSARY_OBJ, rules.R_RELIC,
                               *_OLDER)
NEMESIS_OTHER_WARBAND = CODES.declare("nemesis_other_warband", "A Nemesis deck uses the warband's own Rivals deck.",
                                      rules.R_NEMESIS)
NEMESIS_ONE_UNIVERSAL = CODES.declare("nemesis_one_universal", "A Nemesis deck adds one universal Rivals deck.",
                                      rules.R_NEMESIS)
NEMESIS_NOT_A_RIVALS_DECK = CODES.declare("nemesis_not_a_rivals_deck", "The other deck of a Nemesis deck is a "
                                          "universal Rivals deck, not a collection of universal cards.",
                                          rules.R_NEMESIS)
NEMESIS_CARD_OUTSIDE_DECKS = CODES.declare("nemesis_card_outside_decks", "A Nemesis deck uses only cards of its two "
                                           "Rivals decks.", rules.R_NEMESIS)
RELIC_SYMBOL = CODES.declare("relic_symbol", "A Relic deck holds only cards of the warband's, its Grand Alliance's "
                             "or the universal symbol.", rules.R_RELIC)
TOO_MANY_PLOTS = CODES.declare("too_many_plots", "One plot card besides the warband's own.", rules.R_RELIC)
FORBIDDEN_CARD = CODES.declare("forbidden_card", "The format's list forbids the card.", rules.R_NEMESIS,
                               rules.R_CHAMPIONSHIP,
                               cites_at_run_time="the format's published card list (its name and date)")
TOO_MANY_RESTRICTED = CODES.declare("too_many_restricted", "More restricted cards than the format's list allows.",
                                    rules.R_NEMESIS, rules.R_CHAMPIONSHIP,
                                    cites_at_run_time="the format's published card list (its name and date)")
OBJECTIVE_DECK_SIZE = CODES.declare("objective_deck_size", "The objective deck holds exactly 12 cards.", *_OLDER)
TOO_MANY_PLOYS = CODES.declare("too_many_ploys", "No more than half of the power deck can be ploys.", *_OLDER)
NOT_USABLE_BY_WARBAND = CODES.declare("not_usable_by_warband", "Only cards of the warband's or the universal symbol.",
                                      *_OLDER)

# -- the 2018 and 2019 rules' own checks ---------------------------------------------------------------------------
REACTION_PRECEDENCE = CODES.declare("reaction_precedence", "Another player has precedence at this reaction "
                                    "opportunity.", *cite("reactions"), rx.REACTION_TO_REACTION_2019,
                                    cites_at_run_time="the rule of the reaction opportunity open now")
END_OF_ACTIVATION_USED = CODES.declare("end_of_activation_used", "One reaction at the end of an activation.",
                                       rx.END_OF_ACTIVATION_2019, rx.END_OF_ACTIVATION_2018)
NO_PLUNDER = CODES.declare("no_plunder", "These rules have no Plunder reaction.", *cite("plunder"))
SUDDEN_DEATH = CODES.declare("sudden_death", "No power cards, draws or scoring in a sudden death round.",
                             matched_play.SUDDEN_DEATH_RULE)
HAZARD_PHASE = CODES.declare("hazard_phase", "In the hazard phase hazard cards are drawn and resolved.",
                             *cite("hazard_phase"))
NOT_HAZARD_PHASE = CODES.declare("not_hazard_phase", "Hazard cards are drawn in the hazard phase.",
                                 *cite("hazard_phase"))
HAZARD_DECK_EMPTY = CODES.declare("hazard_deck_empty", "The hazard deck is empty.", *cite("hazard_deck"))
HAZARDS_ALL_DRAWN = CODES.declare("hazards_all_drawn", "This round's hazard cards are all drawn.",
                                  *cite("hazard_phase"))
HAZARD_ALREADY_DRAWN = CODES.declare("hazard_already_drawn", "The hazard card was already drawn this game.",
                                     *cite("hazard_deck"))
HAZARD_NEEDS_CARD = CODES.declare("hazard_needs_card", "The hazard card discarded is named.", *cite("hazard_phase"),
                                  overridable=False)
HAZARD_NOT_IN_EFFECT = CODES.declare("hazard_not_in_effect", "The hazard card is not in effect.",
                                     *cite("hazard_phase"))
HAZARDS_LEFT_TO_DRAW = CODES.declare("hazards_left_to_draw", "This round's hazard cards are drawn first.",
                                     *cite("hazard_phase"))
OBJECTIVE_HEX = CODES.declare("objective_hex", "Objective hexes are printed on the board.", *cite("features_adv"))
