"""Rule citations and the few readings of the BattleLore rules summary that are choices, in one place.

Every check and consequence names its source with one of these strings. The source is the
BattleLore Second Edition rules summary and player reference (Esoteric Order of Gamers, v2).
Its text marks no page boundaries (only the cover lists the sheets), so references name the
section and no page: a guessed page would be worse than none.
"""
from __future__ import annotations

BOOK = "BattleLore 2E rules summary"


def cite(section: str) -> str:
    """A rule reference: book and section (the summary's text gives no page per section)."""
    return f"{BOOK}, {section}"


SCENARIOS = cite("Setup, Scenarios")
FIRST_PLAYER = cite("Setup, Scenarios, step 2 (first player)")
MUSTER = cite("Mustering and deployment, 1. Choose deployment cards")
REVEAL = cite("Mustering and deployment, 3. Reveal deployment cards")
DEPLOY = cite("Mustering and deployment, 4. Place units and terrain")
HANDS = cite("Setup, Command and lore cards")
PRESET_HANDS = cite("Optional rules, Preset starting hands")
PREBUILT = cite("Pre-built scenarios")
EXTRA_CORE = cite("Optional rules, Playing with extra core games")
PHASES = cite("Game phases")
COMMAND = cite("Main phase, Command step")
ORDER = cite("Main phase, Order step")
MOVE = cite("Main phase, Move step")
ATTACK_STEP = cite("Main phase, Attack step")
VP_STEP = cite("Upkeep phase, Victory point step")
DRAW_STEP = cite("Upkeep phase, Draw step")
LORE_STEP = cite("Upkeep phase, Lore step")
DECLARE = cite("Combat, 1. Declare attack")
ROLL = cite("Combat, 2. Perform combat roll")
RESULTS = cite("Combat, 3. Resolve dice results")
WEAK = cite("Combat, Weak units")
SUFFER = cite("Combat, 4. Suffer damage")
RETREATS = cite("Combat, 5. Resolve retreats")
GAIN_LORE = cite("Combat, 6. Gain lore")
COUNTER = cite("Combat, 7. Counter; Counter")
ADVANCE = cite("Combat, 8. Advance; Advance")
DAMAGE = cite("Damage")
RETREAT = cite("Retreat")
SUPPORTED = cite("Retreat (supported units)")
ABILITIES = cite("Unit abilities")
LORE_CARDS = cite("Lore cards")
POISON = cite("Other rules, Poison")
STUN = cite("Other rules, Stun")
RECOVER = cite("Other rules, Recovering health")
REMOVING = cite("Other rules, Removing figures")
TERRAIN = cite("Terrain")
FOREST = cite("Terrain, Forest hexes")
BUILDING = cite("Terrain, Buildings")
WATER = cite("Terrain, Water hexes; Ford tokens; Bridge tokens")
TENT = cite("Terrain, Command tents")
HOARD = cite("Terrain reference, Hoard")
RUBBLE = cite("Terrain reference, Rubble")
FLYING = cite("Unit abilities, Flying")
ETHEREAL = cite("Unit abilities, Ethereal")
UNYIELDING = cite("Unit abilities, Unyielding")
BLEED = cite("Markers, Bleed")
BLIGHT = cite("Markers, Blight")
MARKERS = cite("Markers")
WINNING = cite("Winning the game")
CAMPAIGN = cite("Optional rules, Campaign variant")
TABLE = "Tablewarden: the table decides (card or ability effect entered by the players)"

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

# Hands (Setup, Command and lore cards) and the lore hand limit (Lore step).
START_COMMAND = 4
START_LORE = 2
MAX_LORE_CARDS = 4

# Lore to remove a poison/stun (and the expansion bleed/blight/panic) marker from an ordered unit.
TOKEN_REMOVAL_LORE = 2

# A building lets its unit ignore 1 damage each combat; we apply it automatically (it is always to
# the unit's benefit), first to the damage of step 4, else to retreat damage suffered in the hex.
AUTO_BUILDING_IGNORE = True
