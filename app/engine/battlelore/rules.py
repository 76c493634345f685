"""Rule citations and the few readings of the BattleLore rules summary that are choices, in one place.

Every check and consequence names its source with one of these Rules. The source is the
BattleLore Second Edition rules summary and player reference (Esoteric Order of Gamers, v2).
Its text marks no page boundaries (only the cover lists the sheets), so references name the
section and no page: a guessed page would be worse than none.
"""
from __future__ import annotations

from ..core import Rule

BOOK = "BattleLore 2E rules summary"


SCENARIOS = Rule(BOOK, "Setup, Scenarios")
FIRST_PLAYER = Rule(BOOK, "Setup, Scenarios, step 2 (first player)")
MUSTER = Rule(BOOK, "Mustering and deployment, 1. Choose deployment cards")
REVEAL = Rule(BOOK, "Mustering and deployment, 3. Reveal deployment cards")
DEPLOY = Rule(BOOK, "Mustering and deployment, 4. Place units and terrain")
HANDS = Rule(BOOK, "Setup, Command and lore cards")
PRESET_HANDS = Rule(BOOK, "Optional rules, Preset starting hands")
PREBUILT = Rule(BOOK, "Pre-built scenarios")
EXTRA_CORE = Rule(BOOK, "Optional rules, Playing with extra core games")
PHASES = Rule(BOOK, "Game phases")
COMBAT = Rule(BOOK, "Combat")
COMMAND = Rule(BOOK, "Main phase, Command step")
ORDER = Rule(BOOK, "Main phase, Order step")
MOVE = Rule(BOOK, "Main phase, Move step")
ATTACK_STEP = Rule(BOOK, "Main phase, Attack step")
VP_STEP = Rule(BOOK, "Upkeep phase, Victory point step")
DRAW_STEP = Rule(BOOK, "Upkeep phase, Draw step")
LORE_STEP = Rule(BOOK, "Upkeep phase, Lore step")
DECLARE = Rule(BOOK, "Combat, 1. Declare attack")
ROLL = Rule(BOOK, "Combat, 2. Perform combat roll")
RESULTS = Rule(BOOK, "Combat, 3. Resolve dice results")
WEAK = Rule(BOOK, "Combat, Weak units")
SUFFER = Rule(BOOK, "Combat, 4. Suffer damage")
RETREATS = Rule(BOOK, "Combat, 5. Resolve retreats")
GAIN_LORE = Rule(BOOK, "Combat, 6. Gain lore")
COUNTER = Rule(BOOK, "Combat, 7. Counter; Counter")
ADVANCE = Rule(BOOK, "Combat, 8. Advance; Advance")
DAMAGE = Rule(BOOK, "Damage")
RETREAT = Rule(BOOK, "Retreat")
SUPPORTED = Rule(BOOK, "Retreat (supported units)")
ABILITIES = Rule(BOOK, "Unit abilities")
LORE_CARDS = Rule(BOOK, "Lore cards")
RUNIC_BARRIER = Rule(BOOK, "Lore cards clarifications, Runic Barrier; Mana Break")
POISON = Rule(BOOK, "Other rules, Poison")
STUN = Rule(BOOK, "Other rules, Stun")
RECOVER = Rule(BOOK, "Other rules, Recovering health")
REMOVING = Rule(BOOK, "Other rules, Removing figures")
TERRAIN = Rule(BOOK, "Terrain")
HILL = Rule(BOOK, "Terrain, Hill hexes")
CAVERN = Rule(BOOK, "Terrain reference, Cavern")
BARRICADE = Rule(BOOK, "Terrain reference, Barricade")
CRYSTAL_SPIRE = Rule(BOOK, "Terrain reference, Crystal Spire")
GRAVEYARD = Rule(BOOK, "Terrain reference, Graveyard")
PLAGUELANDS = Rule(BOOK, "Terrain reference, Plaguelands")
BLOOD_FIELD = Rule(BOOK, "Terrain reference, Blood Field")
FOREST = Rule(BOOK, "Terrain, Forest hexes")
BUILDING = Rule(BOOK, "Terrain, Buildings")
WATER = Rule(BOOK, "Terrain, Water hexes; Ford tokens; Bridge tokens")
TENT = Rule(BOOK, "Terrain, Command tents")
HOARD = Rule(BOOK, "Terrain reference, Hoard")
RUBBLE = Rule(BOOK, "Terrain reference, Rubble")
FLYING = Rule(BOOK, "Unit abilities, Flying")
ETHEREAL = Rule(BOOK, "Unit abilities, Ethereal")
UNYIELDING = Rule(BOOK, "Unit abilities, Unyielding")
BLEED = Rule(BOOK, "Markers, Bleed")
BLIGHT = Rule(BOOK, "Markers, Blight")
MARKERS = Rule(BOOK, "Markers")
WINNING = Rule(BOOK, "Winning the game")
CAMPAIGN = Rule(BOOK, "Optional rules, Campaign variant")
TABLE = Rule.house("the table decides (card or ability effect entered by the players)")

# -- readings that are choices (each easy to change) ---------------------------------------------

# The poison rule's die icon was lost in the text extraction. The same glyph (☼) stands for the
# result that lets Spirit Possession move a unit one hex, i.e. the morale (retreat) result, so we
# read poison as "morale results may be committed to cause 1 damage each". (Other rules, Poison.)
POISON_FACE = "morale"

# Victory is checked "each time the first player starts a new turn"; command tents and hoards are
# captured "at the start of their turn". The summary does not order the two. We check victory
# first (it is the moment the turn starts), then resolve captures. Flip to False to capture first.
VICTORY_BEFORE_CAPTURES = True

# "You win if you have 16 or more VPs and more VPs than your opponent." (Winning the game)
VP_TO_WIN = 16

# Muster budget and army size (Mustering and deployment).
MUSTER_POINTS = 50
TENT_BONUS = 5
ARMY_CARDS = 18
DECOYS = 11
MAX_START_LORE = 5

# -- bounds of the game's shape (no override lifts them: an override lifts a rule, not the board) ---------------

# "The 18 hexes shaded in your faction's color are your deployment hexes" and each of the 18 deployment cards goes
# "1 facedown on each of the 18 shaded deployment hexes" (Mustering and deployment, 1-2): a seat never fields more
# than 18 deployment cards, whatever rule an override lifts (an army of another size is still placed on them).
# Pre-built scenarios place units on their map's shaded hexes ("often ... a faction's deployment hexes",
# Pre-built scenarios); we read them as holding no more, so the same 18 bounds a pre-built army.
DEPLOYMENT_HEXES = 18
# Unit cards one seat may hold in its list: the content lists 13 units for every faction together
# (content/battlelore/units.yaml); a table entering the cards of every expansion it owns stays far under 64.
MAX_UNIT_CARDS = 64
# Command and lore card names a game offers as buttons: the content lists 5 command and 15 lore cards.
MAX_CARD_NAMES = 100
# A table may play to another VP total than 16 (Winning the game), up to this.
MAX_VP_TO_WIN = 100
# Lore a pre-built scenario gives at the start: mustering gives at most 5 (Mustering and deployment, 3).
MAX_PREBUILT_LORE = 20

# Hands (Setup, Command and lore cards) and the lore hand limit (Lore step).
START_COMMAND = 4
START_LORE = 2
MAX_LORE_CARDS = 4

# Lore to remove a poison/stun (and the expansion bleed/blight/panic) marker from an ordered unit.
TOKEN_REMOVAL_LORE = 2

# A building lets its unit ignore 1 damage each combat; we apply it automatically (it is always to
# the unit's benefit), first to the damage of step 4, else to retreat damage suffered in the hex.
AUTO_BUILDING_IGNORE = True
