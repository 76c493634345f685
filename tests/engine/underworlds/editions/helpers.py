"""Setups and small drivers shared by the edition tests (fighter numbers: facts.md of the rule sources, TW_RULES_DIR)."""
from app.engine.core import Event
from app.engine.underworlds.setup import do_over_seat


def liberator(slug, name, leader=False, dice=2, damage=3):
    return {"slug": slug, "name": name, "leader": leader, "traits": [], "move": 3,
            "defence": {"dice": 1, "symbol": "block"}, "wounds": 4, "inspired": {"defence": {"dice": 2, "symbol": "block"}},
            "profiles": [{"name": "Hammer", "range": 1, "dice": dice, "symbol": "smash", "damage": damage,
                          "keywords": []}]}


def reaver(slug, name, wounds=2, leader=False):
    return {"slug": slug, "name": name, "leader": leader, "traits": [], "move": 4,
            "defence": {"dice": 1, "symbol": "dodge"}, "wounds": wounds, "inspired": {"move": 5},
            "profiles": [{"name": "Axe", "range": 1, "dice": 2, "symbol": "fury", "damage": 1, "keywords": []}]}


STEELHEART = [liberator("severin", "Severin Steelheart", True), liberator("angharad", "Angharad Brightshield", dice=3, damage=2),
              liberator("obryn", "Obryn the Bold")]
GARREK = [reaver("garrek", "Garrek Gorebeard", 4, True), reaver("karsus", "Karsus the Chained", 3),
          reaver("saek", "Blooded Saek", 3), reaver("targor", "Targor"), reaver("arnulf", "Arnulf")]


def setup(ruleset, players=2, **options):
    warbands = [("Ana", STEELHEART), ("Ben", GARREK), ("Cai", STEELHEART), ("Dee", GARREK)]
    return {"ruleset": ruleset, "options": {"format": "standard", **options},
            "seats": [{"name": n, "warband": "custom", "fighters": [dict(f) for f in fs]}
                      for n, fs in warbands[:players]]}


def ev(type_, by, **data):
    return Event(type_, by, data)


class Table:
    """Plays events through a ruleset, asserting each is accepted; keeps the log."""

    def __init__(self, rs, setup_data):
        self.rs = rs
        self.setup = setup_data
        self.state = rs.new_game(setup_data)
        self.log = []
        self.cons = []

    def play(self, type_, by, **data):
        e = Event(type_, by, data, id=f"e{len(self.log) + 1}", seq=len(self.log) + 1)
        blocked = self.rs.judge(self.state, e).blocked
        assert not blocked, [v.to_dict() for v in blocked]
        self.state, self.cons = self.rs.apply(self.state, e)
        self.log.append(e)
        return self.cons

    def refuse(self, type_, by, **data):
        """The codes of the violations an event would meet (it is not applied)."""
        return [v.code for v in self.rs.judge(self.state, Event(type_, by, data)).blocked]

    def start(self, first="p1", deployer="p1"):
        """Set up to the first action phase's roll-off (or hazard phase)."""
        self.play("roll_off", "p1", purpose="boards", first=first)
        while self.state["step"] == "do_overs":
            self.play("do_over", do_over_seat(self.state), choice="none")
        self.play("roll_off", "p1", purpose="deployment", first=deployer)
        self.play("deployed", "p1", finished_first=deployer)

    def power_passes(self):
        """Everyone in the power step passes."""
        while self.state["step"] == "power":
            seat = self.state["power"]["order"][self.state["power"]["next"]]
            self.play("power", seat, play="pass")

    def act(self, seat, **data):
        """An activation (activate or, with player=..., a player action), then everyone passes the power step."""
        if "player" in data:
            self.play("player_action", seat, action=data.pop("player"))
        else:
            self.play("activate", seat, **data)
        self.power_passes()

    def pass_turns(self, n):
        """The players whose turn it is pass their activations, n times."""
        for _ in range(n):
            self.act(self.state["turn"]["seat"], player="pass")

    def finish_end_phase(self):
        """Every player finishes their end phase sequence; a game ending tied on glory is told what each tied player
        holds as the engine counts it from the positions entered (the numbers its suggestion starts from)."""
        while self.state["phase"] == "end" and self.state["step"] == "end":
            self.play("end_phase_done", self.state["end"]["order"][self.state["end"]["i"]])
        if self.state["step"] == "held":
            seat = self.state["held_asked"][0]
            offer = next(s for s in self.rs.suggest(self.state, seat).suggestions if s.type == "objectives_held")
            self.play("objectives_held", seat, **offer.data)

    def kill(self, fid, by="p1", source="card"):
        """Deal a fighter enough damage to take it out of action."""
        f = self.state["fighters"][fid]
        return self.play("damage", by, fighter=fid, amount=f["wounds"] - f["damage"], source=source)

    def quiet_round(self, first="p1"):
        """A round where everyone passes every activation: roll-off, activations, end phase."""
        if self.state["step"] == "roll_off":
            self.play("roll_off", first, purpose="first_turn", first=first)
        total = sum(self.rs.edition.turns_per_round[self.state["players"]] for _ in self.state["seats"])
        self.pass_turns(total - self.state["turn"]["n"])
        self.finish_end_phase()


def to_action(t, first="p1"):
    """Through the hazard phase (Dreadfane: draw the round's hazards, then end it) to the first-turn roll-off."""
    while t.state["phase"] == "hazard":
        if t.state["hazards"]["drawn"] < t.state["round"]:
            t.play("hazard", "p1", action="draw")
        else:
            t.play("hazard", "p1", action="end")
    t.play("roll_off", first, purpose="first_turn", first=first)
