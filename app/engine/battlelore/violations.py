"""Every violation code of BattleLore, declared once: what it means, the rules it cites (its own first) and whether
an override lifts it. Checks build their violations from these; the catalogue lists them (Ruleset.violations)."""
from __future__ import annotations

from ..core import CORE_CODES, CORE_RULE, ViolationCodes
from . import rules

CODES = ViolationCodes(CORE_CODES)

BAD_FACE = CODES.declare("bad_face", "A die face that is not on the BattleLore dice.", rules.RESULTS, overridable=False)
DICE_COUNT = CODES.declare("dice_count", "The number of dice rolled is not the number the attack rolls.", rules.ROLL)
ABILITY_WITHOUT_DICE = CODES.declare("ability_without_dice",
                                     "A dice ability is triggered by committing the dice that cause it.",
                                     rules.ABILITIES)
COMBAT_OPEN = CODES.declare("combat_open", "The current combat must be resolved first.", rules.ATTACK_STEP, rules.COMBAT)
WRONG_STEP = CODES.declare("wrong_step", "The turn is not at the step where that happens.",
                           rules.ATTACK_STEP, rules.COMMAND, rules.ORDER, rules.STUN, rules.POISON, rules.MARKERS, rules.PHASES, rules.MOVE, rules.VP_STEP,
                           rules.LORE_STEP, overridable=None)
NOT_YOUR_UNIT = CODES.declare("not_your_unit",
                              "The unit belongs to the other player, or the other player decides this.",
                              rules.ATTACK_STEP, rules.SUFFER, rules.COUNTER, rules.ADVANCE, rules.DEPLOY, rules.ORDER, rules.MOVE,
                              overridable=None)
BAD_TARGET = CODES.declare("bad_target", "The target must be an enemy unit in play.", rules.DECLARE, overridable=False)
NOT_ORDERED = CODES.declare("not_ordered", "The unit was not ordered this turn.", rules.ORDER, rules.STUN, rules.POISON, rules.MARKERS)
ALREADY_ATTACKED = CODES.declare("already_attacked", "The unit has already attacked this turn.", rules.ATTACK_STEP)
STUNNED = CODES.declare("stunned", "A stunned unit cannot attack or move.", rules.STUN)
ATTACK_TYPE = CODES.declare("attack_type", "The unit does not make that kind of attack.", rules.DECLARE)
NOT_ADJACENT = CODES.declare("not_adjacent", "A melee attack targets a unit in an adjacent hex.", rules.DECLARE)
CAVERN = CODES.declare("cavern", "A unit in a cavern can be targeted only by adjacent units.", rules.CAVERN)
NO_COMBAT = CODES.declare("no_combat", "There are no hits to resolve.", rules.SUFFER, overridable=False)
IGNORE_TOO_MUCH = CODES.declare("ignore_too_much", "More damage or retreats ignored than there are.",
                                rules.SUFFER, rules.RETREATS, overridable=False)
RETREAT_TOO_FAR = CODES.declare("retreat_too_far", "The unit retreats farther than it must.", rules.RETREAT)
MISSING_FIELD = CODES.declare("missing_field", "Where the unit retreated to is needed.", rules.RETREAT, overridable=False)
CANNOT_RETREAT = CODES.declare("cannot_retreat", "The unit cannot retreat; it suffers damage instead.",
                               rules.STUN, rules.UNYIELDING)
NO_COUNTER = CODES.declare("no_counter", "There is no counter to make now.", rules.COUNTER, overridable=False)
NO_WINDOW = CODES.declare("no_window", "There is no counter or advance to decline.",
                          rules.COUNTER, rules.ADVANCE, overridable=False)
NOT_YOUR_CHOICE = CODES.declare("not_your_choice", "The other player decides this.", rules.COUNTER)
NO_ADVANCE = CODES.declare("no_advance", "The attacker cannot advance now.", rules.ADVANCE, overridable=False)
MALFORMED = CODES.declare("malformed", "A committed die count or army count has the wrong kind of value.",
                          rules.RESULTS, rules.MUSTER, overridable=False)
COMMIT_MORE_THAN_ROLLED = CODES.declare("commit_more_than_rolled",
                                        "More dice committed than were rolled with that face.",
                                        rules.ABILITIES)
POISON_DICE = CODES.declare("poison_dice", "More results committed to poison than were rolled.", rules.POISON)
NOT_POISONED = CODES.declare("not_poisoned", "The target is not poisoned.", rules.POISON)
BAD_TOKEN = CODES.declare("bad_token", "An attack cannot cause that token.", rules.MARKERS, overridable=False)
OUT_OF_RANGE = CODES.declare("out_of_range", "The target is out of the ranged attack's range.", rules.DECLARE)
NO_LOS = CODES.declare("no_los", "Line of sight is blocked.", rules.DECLARE)
RETREAT_SHORT = CODES.declare("retreat_short", "The unit retreats less than it must, with no reason given.", rules.RETREAT)
GAME_OVER = CODES.declare("game_over", "The game is over.", rules.WINNING, overridable=False)
WRONG_PHASE = CODES.declare("wrong_phase", "The game is not in the phase where that happens.",
                            rules.PHASES, rules.SCENARIOS, rules.FIRST_PLAYER, rules.MUSTER, rules.DEPLOY, rules.LORE_CARDS, overridable=False)
ELIMINATED = CODES.declare("eliminated", "The unit has been eliminated.", rules.DAMAGE, rules.ORDER, overridable=False)
FULL_HEALTH = CODES.declare("full_health", "The unit is already at full health.", rules.RECOVER)
NO_TOKEN = CODES.declare("no_token", "The unit has no such token.",
                         rules.POISON, rules.STUN, rules.BLEED, rules.BLIGHT, rules.MARKERS, overridable=None)
UNKNOWN_SEAT = CODES.declare("unknown_seat", "No such seat.", rules.TABLE, rules.FIRST_PLAYER, overridable=False)
BELOW_ZERO = CODES.declare("below_zero", "A count would go below 0.", rules.TABLE, overridable=False)
UNKNOWN_TERRAIN = CODES.declare("unknown_terrain", "Not a terrain type or a tile in this game.",
                                CORE_RULE, rules.TERRAIN, overridable=False)
UNKNOWN_UNIT = CODES.declare("unknown_unit", "No such unit in this game or in the seat's unit list.",
                             CORE_RULE, rules.MUSTER, overridable=False)
ALREADY_CHOSEN = CODES.declare("already_chosen", "The scenario card is already chosen.", rules.SCENARIOS)
BAD_SCENARIO = CODES.declare("bad_scenario", "A scenario card is named by its initiative, e.g. A1.",
                             rules.FIRST_PLAYER, overridable=False)
CAMPAIGN_SCENARIO = CODES.declare("campaign_scenario", "The campaign decides which scenario card is chosen.",
                                  rules.CAMPAIGN)
ALREADY_MUSTERED = CODES.declare("already_mustered", "The army is already mustered.", rules.MUSTER, overridable=False)
BAD_UNIT = CODES.declare("bad_unit", "The unit card's numbers are not usable.", rules.MUSTER, overridable=False)
NO_TENT_PREBUILT = CODES.declare("no_tent_prebuilt", "Command tents cannot be mustered in pre-built scenarios.",
                                 rules.PREBUILT)
ARMY_SIZE = CODES.declare("army_size", "An army has a fixed number of deployment cards.", rules.MUSTER)
ARMY_TOO_LARGE = CODES.declare("army_too_large", "More deployment cards than a faction has deployment hexes.",
                               rules.MUSTER, overridable=False)
TOO_MANY_UNIT_CARDS = CODES.declare("too_many_unit_cards", "More unit cards than one seat's list holds.", rules.MUSTER,
                                    overridable=False)
TOO_MANY_DECOYS = CODES.declare("too_many_decoys", "More decoy cards than a player has.", rules.MUSTER)
OVER_BUDGET = CODES.declare("over_budget", "The army costs more muster points than the player has.", rules.MUSTER)
ALREADY_DEPLOYED = CODES.declare("already_deployed", "The player has finished deploying.", rules.DEPLOY)
UNITS_UNPLACED = CODES.declare("units_unplaced", "Units are still to be placed.", rules.DEPLOY, overridable=False)
UNIT_INCOMPLETE = CODES.declare("unit_incomplete", "A unit's numbers are missing from its reference card entry.",
                                rules.MUSTER, overridable=False)
NOT_ENOUGH_CARDS = CODES.declare("not_enough_cards", "More deployment cards of a unit than the player owns.",
                                 rules.EXTRA_CORE)
NAME_THE_TILE = CODES.declare("name_the_tile", "Name which tile of that terrain type.", rules.TERRAIN, overridable=False)
IMPASSABLE = CODES.declare("impassable", "Water hexes are impassable without a ford or bridge.", rules.WATER)
FEATURE_GONE = CODES.declare("feature_gone", "That tile has been removed from the board.",
                             rules.DEPLOY, rules.TABLE, rules.MOVE, rules.RETREAT)
HEX_OCCUPIED = CODES.declare("hex_occupied", "Another unit occupies that hex.", rules.MOVE)
NOT_YOUR_TURN = CODES.declare("not_your_turn", "It is not your turn.", rules.PHASES)
NO_COMMAND_CARDS = CODES.declare("no_command_cards", "No command card to play.", rules.COMMAND)
ALREADY_ORDERED = CODES.declare("already_ordered", "Each unit is ordered once per turn.", rules.ORDER)
ORDER_LIMIT = CODES.declare("order_limit", "The command card orders fewer units.", rules.ORDER)
WRONG_SECTION = CODES.declare("wrong_section", "The unit is not in the section the command card orders.", rules.ORDER)
NOT_ENOUGH_LORE = CODES.declare("not_enough_lore", "Not enough lore.", rules.STUN, rules.POISON, rules.MARKERS, rules.LORE_CARDS)
ALREADY_MOVED = CODES.declare("already_moved", "The unit has already moved this turn.", rules.MOVE)
TOO_FAR = CODES.declare("too_far", "The unit moves farther than its movement.", rules.MOVE)
NO_LORE_CARDS = CODES.declare("no_lore_cards", "No lore card in hand.", rules.LORE_CARDS)
ONE_LORE_CARD = CODES.declare("one_lore_card", "One lore card per turn.", rules.LORE_CARDS)
LORE_BLOCKED = CODES.declare("lore_blocked", "An opponent's card stops another lore card this turn.", rules.RUNIC_BARRIER)
