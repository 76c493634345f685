"""Where each Conquest rule comes from: one Rule per section of the rules summary, cited by every check.

The summary prints no page numbers, so a Rule names the book and the section only.
"""
from __future__ import annotations

from ..core import Rule

BOOK = "Warhammer 40,000: Conquest rules summary"

SETUP = Rule(BOOK, "Setup")
SETUP_PLANETS = Rule(BOOK, "Setup (planets dealt, first 5 face up, first planet token)")
SETUP_INITIATIVE = Rule(BOOK, "Setup (initiative token)")
SETUP_HAND = Rule(BOOK, "Setup (starting hand size)")
SETUP_RESOURCES = Rule(BOOK, "Setup (starting resources)")
MULLIGAN = Rule(BOOK, "Other rules, Mulligan draw")

DEPLOY = Rule(BOOK, "The game round, 1. Deploy")
DEPLOY_COST = Rule(BOOK, "The game round, 1. Deploy (resource cost)")
DEPLOY_ARMY = Rule(BOOK, "The game round, 1. Deploy (army units at a face-up planet)")
DEPLOY_ATTACHMENT = Rule(BOOK, "The game round, 1. Deploy (attachment cards)")
DEPLOY_SUPPORT = Rule(BOOK, "The game round, 1. Deploy (support cards)")
DEPLOY_EVENT = Rule(BOOK, "The game round, 1. Deploy (event cards)")
DEPLOY_READY = Rule(BOOK, "The game round, 1. Deploy (cards enter play ready)")

COMMIT = Rule(BOOK, "2. Command, Step 1: Commitment")
STRUGGLE = Rule(BOOK, "2. Command, Step 2: Command struggles")

COMBAT = Rule(BOOK, "3. Combat")
BATTLE_INITIATIVE = Rule(BOOK, "3. Combat, Fighting a battle (initiative)")
RANGED_SKIRMISH = Rule(BOOK, "3. Combat, Fighting a battle (ranged skirmish)")
COMBAT_TURNS = Rule(BOOK, "3. Combat, Fighting a battle (combat turns)")
COMBAT_ROUND_END = Rule(BOOK, "3. Combat, Fighting a battle (end of a combat round: ready, retreat)")
BATTLE_END = Rule(BOOK, "3. Combat, Fighting a battle; Ending the battle")
STALEMATE = Rule(BOOK, "Ending the battle (stalemate)")
ATTACK = Rule(BOOK, "3. Combat, Making an attack")
DAMAGE = Rule(BOOK, "3. Combat, Dealing damage")
SHIELDS = Rule(BOOK, "3. Combat, Shields")
INDIRECT = Rule(BOOK, "3. Combat, Indirect damage")
DAMAGED_UNITS = Rule(BOOK, "3. Combat, Damaged units")
WIN_BATTLE = Rule(BOOK, "3. Combat, Winning a battle")
WARLORD_RETREAT = Rule(BOOK, "3. Combat, Warlord retreat")

HEADQUARTERS = Rule(BOOK, "4. Headquarters")

WIN_PLANETS = Rule(BOOK, "Winning & losing (three planets sharing a type)")
LOSE_WARLORD = Rule(BOOK, "Winning & losing (bloodied warlord defeated)")
LOSE_DECK = Rule(BOOK, "Winning & losing (no cards in the draw deck)")
TIE = Rule(BOOK, "Winning & losing (both players win simultaneously)")
LAST_PLANET = Rule(BOOK, "Winning & losing (the battle for the last planet)")

ATTACHMENTS = Rule(BOOK, "Other rules, Attachment cards")
UNIQUE = Rule(BOOK, "Other rules, Unique")
RELIC = Rule(BOOK, "Other rules, Limit 1 Relic per player")
TOKENS = Rule(BOOK, "Other rules, Token units")
HALVING = Rule(BOOK, "Other rules, Doubling and halving modifiers")
ROUT = Rule(BOOK, "Other rules, Rout")
CARD_TEXT = Rule(BOOK, "Setup (card text takes precedence over the rules)")
ACTIONS = Rule(BOOK, "Cards, Abilities: Actions")
ABILITIES = Rule(BOOK, "Cards, Abilities")
REACTIONS = Rule(BOOK, "Cards, Abilities: Reactions")
INTERRUPTS = Rule(BOOK, "Cards, Abilities: Interrupts")
EVENT_CARDS = Rule(BOOK, "Other rules, Event cards")
SACRIFICE = Rule(BOOK, "Other rules, Sacrifice")
BATTLE_ABILITY = Rule(BOOK, "Cards, Abilities: Battle abilities")
CARD_EFFECTS = Rule(BOOK, "Other rules, Card effects")

KW_AMBUSH = Rule(BOOK, "Keywords, Ambush")
KW_AREA_EFFECT = Rule(BOOK, "Keywords, Area Effect")
KW_ARMORBANE = Rule(BOOK, "Keywords, Armorbane")
KW_BRUTAL = Rule(BOOK, "Keywords, Brutal")
KW_FLYING = Rule(BOOK, "Keywords, Flying")
KW_LIMITED = Rule(BOOK, "Keywords, Limited")
KW_MOBILE = Rule(BOOK, "Keywords, Mobile")
KW_NO_ATTACHMENTS = Rule(BOOK, "Keywords, No Attachments")
KW_RANGED = Rule(BOOK, "Keywords, Ranged")

TABLE = Rule.house("card effects are entered by the players")
