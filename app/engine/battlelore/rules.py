"""Rule citations and the few readings of the BattleLore rules summary that are choices, in one place.

Every check and consequence names its source with one of these strings. The source is the
BattleLore Second Edition rules summary and player reference (Esoteric Order of Gamers, v2):
page 1 is the rules summary front, page 2 its back, pages 3-4 the player references.
"""
from __future__ import annotations

BOOK = "BattleLore 2E rules summary"


def cite(section: str, page: int | None = None) -> str:
    """A rule reference: book, section and page where the summary gives one."""
    return f"{BOOK}, {section}" + (f" (pg {page})" if page else "")


SCENARIOS = cite("Setup, Scenarios", 1)
FIRST_PLAYER = cite("Setup, Scenarios, step 2 (first player)", 1)
MUSTER = cite("Mustering and deployment, 1. Choose deployment cards", 1)
REVEAL = cite("Mustering and deployment, 3. Reveal deployment cards", 1)
DEPLOY = cite("Mustering and deployment, 4. Place units and terrain", 1)
HANDS = cite("Setup, Command and lore cards", 1)
PRESET_HANDS = cite("Optional rules, Preset starting hands", 2)
PREBUILT = cite("Pre-built scenarios", 2)
EXTRA_CORE = cite("Optional rules, Playing with extra core games", 2)
PHASES = cite("Game phases", 1)
COMMAND = cite("Main phase, Command step", 1)
ORDER = cite("Main phase, Order step", 1)
MOVE = cite("Main phase, Move step", 1)
ATTACK_STEP = cite("Main phase, Attack step", 1)
VP_STEP = cite("Upkeep phase, Victory point step", 1)
DRAW_STEP = cite("Upkeep phase, Draw step", 1)
LORE_STEP = cite("Upkeep phase, Lore step", 1)
DECLARE = cite("Combat, 1. Declare attack", 1)
ROLL = cite("Combat, 2. Perform combat roll", 1)
RESULTS = cite("Combat, 3. Resolve dice results", 1)
WEAK = cite("Combat, Weak units", 1)
SUFFER = cite("Combat, 4. Suffer damage", 1)
RETREATS = cite("Combat, 5. Resolve retreats", 1)
GAIN_LORE = cite("Combat, 6. Gain lore", 1)
COUNTER = cite("Combat, 7. Counter; Counter", 1)
ADVANCE = cite("Combat, 8. Advance; Advance", 1)
DAMAGE = cite("Damage", 1)
RETREAT = cite("Retreat", 1)
SUPPORTED = cite("Retreat (supported units)", 1)
ABILITIES = cite("Unit abilities", 1)
LORE_CARDS = cite("Lore cards", 2)
POISON = cite("Other rules, Poison", 2)
STUN = cite("Other rules, Stun", 2)
RECOVER = cite("Other rules, Recovering health", 2)
REMOVING = cite("Other rules, Removing figures", 2)
TERRAIN = cite("Terrain", 2)
FOREST = cite("Terrain, Forest hexes", 2)
BUILDING = cite("Terrain, Buildings", 2)
WATER = cite("Terrain, Water hexes; Ford tokens; Bridge tokens", 2)
TENT = cite("Terrain, Command tents", 2)
HOARD = cite("Terrain reference, Hoard", 4)
RUBBLE = cite("Terrain reference, Rubble", 4)
FLYING = cite("Unit abilities, Flying", 4)
ETHEREAL = cite("Unit abilities, Ethereal", 4)
UNYIELDING = cite("Unit abilities, Unyielding", 4)
BLEED = cite("Markers, Bleed", 4)
BLIGHT = cite("Markers, Blight", 4)
MARKERS = cite("Markers", 4)
WINNING = cite("Winning the game", 2)
CAMPAIGN = cite("Optional rules, Campaign variant", 2)
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

# "You win if you have 16 or more VPs and more VPs than your opponent." (Winning the game, pg 2)
VP_TO_WIN = 16

# Muster budget and army size (Mustering and deployment, pg 1).
MUSTER_POINTS = 50
TENT_BONUS = 5
ARMY_CARDS = 18
DECOYS = 11
MAX_START_LORE = 5

# Hands (Setup, Command and lore cards, pg 1) and the lore hand limit (Lore step, pg 1).
START_COMMAND = 4
START_LORE = 2
MAX_LORE_CARDS = 4

# Lore to remove a poison/stun (and the expansion bleed/blight/panic) marker from an ordered unit.
TOKEN_REMOVAL_LORE = 2

# A building lets its unit ignore 1 damage each combat; we apply it automatically (it is always to
# the unit's benefit), first to the damage of step 4, else to retreat damage suffered in the hex.
AUTO_BUILDING_IGNORE = True
