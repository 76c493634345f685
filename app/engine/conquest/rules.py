"""Where each Conquest rule comes from: one constant per section of the rules summary, cited by every check."""

BOOK = "Warhammer 40,000: Conquest rules summary"


def cite(section: str) -> str:
    """A rule reference in the house style: book, then section (the summary prints no page numbers)."""
    return f"{BOOK}, {section}"


SETUP = cite("Setup")
SETUP_PLANETS = cite("Setup (planets dealt, first 5 face up, first planet token)")
SETUP_INITIATIVE = cite("Setup (initiative token)")
SETUP_HAND = cite("Setup (starting hand size)")
SETUP_RESOURCES = cite("Setup (starting resources)")
MULLIGAN = cite("Other rules, Mulligan draw")

DEPLOY = cite("The game round, 1. Deploy")
DEPLOY_COST = cite("The game round, 1. Deploy (resource cost)")
DEPLOY_ARMY = cite("The game round, 1. Deploy (army units at a face-up planet)")
DEPLOY_ATTACHMENT = cite("The game round, 1. Deploy (attachment cards)")
DEPLOY_SUPPORT = cite("The game round, 1. Deploy (support cards)")
DEPLOY_EVENT = cite("The game round, 1. Deploy (event cards)")
DEPLOY_READY = cite("The game round, 1. Deploy (cards enter play ready)")

COMMIT = cite("2. Command, Step 1: Commitment")
STRUGGLE = cite("2. Command, Step 2: Command struggles")

COMBAT = cite("3. Combat")
BATTLE_INITIATIVE = cite("3. Combat, Fighting a battle (initiative)")
RANGED_SKIRMISH = cite("3. Combat, Fighting a battle (ranged skirmish)")
COMBAT_TURNS = cite("3. Combat, Fighting a battle (combat turns)")
COMBAT_ROUND_END = cite("3. Combat, Fighting a battle (end of a combat round: ready, retreat)")
BATTLE_END = cite("3. Combat, Fighting a battle; Ending the battle")
STALEMATE = cite("Ending the battle (stalemate)")
ATTACK = cite("3. Combat, Making an attack")
DAMAGE = cite("3. Combat, Dealing damage")
SHIELDS = cite("3. Combat, Shields")
INDIRECT = cite("3. Combat, Indirect damage")
DAMAGED_UNITS = cite("3. Combat, Damaged units")
WIN_BATTLE = cite("3. Combat, Winning a battle")
WARLORD_RETREAT = cite("3. Combat, Warlord retreat")

HEADQUARTERS = cite("4. Headquarters")

WIN_PLANETS = cite("Winning & losing (three planets sharing a type)")
LOSE_WARLORD = cite("Winning & losing (bloodied warlord defeated)")
LOSE_DECK = cite("Winning & losing (no cards in the draw deck)")
TIE = cite("Winning & losing (both players win simultaneously)")
LAST_PLANET = cite("Winning & losing (the battle for the last planet)")

ATTACHMENTS = cite("Other rules, Attachment cards")
UNIQUE = cite("Other rules, Unique")
RELIC = cite("Other rules, Limit 1 Relic per player")
TOKENS = cite("Other rules, Token units")
HALVING = cite("Other rules, Doubling and halving modifiers")
ROUT = cite("Other rules, Rout")
CARD_TEXT = cite("Setup (card text takes precedence over the rules)")
ACTIONS = cite("Cards, Abilities: Actions")
BATTLE_ABILITY = cite("Cards, Abilities: Battle abilities")

KW_AMBUSH = cite("Keywords, Ambush")
KW_AREA_EFFECT = cite("Keywords, Area Effect")
KW_ARMORBANE = cite("Keywords, Armorbane")
KW_BRUTAL = cite("Keywords, Brutal")
KW_FLYING = cite("Keywords, Flying")
KW_LIMITED = cite("Keywords, Limited")
KW_MOBILE = cite("Keywords, Mobile")
KW_NO_ATTACHMENTS = cite("Keywords, No Attachments")
KW_RANGED = cite("Keywords, Ranged")

TABLE = "Tablewarden: card effects are entered by the players"
