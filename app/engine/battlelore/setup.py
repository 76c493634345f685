"""Game setup: new_game, scenario choice and first player, mustering, deployment, starting hands."""
from __future__ import annotations

import copy
import re
from typing import Any

from ..core import Consequence, Event, SetupError, Violation
from . import rules
from . import terrain as T
from . import violations as V
from .answers import LORE_WINDOWS
from .turns import start_turn
from .types import BattleLoreState
from .units import missing_numbers, problems_in_record, unit_from_record

SCENARIO_CODE = re.compile(r"^[A-Z][0-9]{1,2}$")
SCENARIO_LETTERS = "ABCD"


def _seat_ids(setup: dict[str, Any]) -> list[str]:
    return [f"p{i}" for i in range(1, len(setup.get("seats") or []) + 1)]


def new_game(setup: dict[str, Any]) -> BattleLoreState:
    """Initial state: two seats with their unit catalogues; scenario choice comes first."""
    if not isinstance(setup, dict):
        raise SetupError("The setup must be an object.", "setup")
    seats = setup.get("seats")
    if not isinstance(seats, list) or len(seats) != 2:
        raise SetupError("BattleLore is a game for exactly two players.", "seats")
    options = dict(setup.get("options") or {})
    vp = options.get("vp_to_win", rules.VP_TO_WIN)
    if isinstance(vp, bool) or not isinstance(vp, int) or not 1 <= vp <= rules.MAX_VP_TO_WIN:
        raise SetupError(f"options.vp_to_win must be a whole number from 1 to {rules.MAX_VP_TO_WIN}.", "options.vp_to_win")
    options["vp_to_win"] = vp
    lore = options.get("starting_lore", 0)
    if isinstance(lore, bool) or not isinstance(lore, int) or not 0 <= lore <= rules.MAX_PREBUILT_LORE:
        raise SetupError(f"options.starting_lore must be a whole number from 0 to {rules.MAX_PREBUILT_LORE}.",
                         "options.starting_lore")
    options["cards"] = _check_cards(options.get("cards"))
    campaign = options.get("campaign")
    if campaign is None and options.get("format") == "campaign":
        campaign = {"game": 1, "history": []}  # the phone wizard's "Campaign" format starts one
    if campaign is not None:
        options["campaign"] = _check_campaign(campaign)
    state: BattleLoreState = {"game": "battlelore/second-edition", "options": options, "seats": {}, "units": {},
             "features": {}, "phase": "scenario", "step": None, "first": None, "active": None,
             "turn": 0, "command": None, "ordered": [], "moved": [], "attacked": [],
             "combat": None, "winner": None, "last_combat": None,
             # Seqs of the secret choices (scenario cards, armies) made and not yet revealed, by seat, and of
             # those revealed: the log shows the opponent only the latter (a choice taken back stays secret).
             "secret_choices": {}, "revealed_choices": []}
    factions = []
    for sid, seat in zip(_seat_ids(setup), seats):
        if not isinstance(seat, dict):
            raise SetupError(f"Seat {sid} must be an object.", f"seats.{sid}")
        faction = seat.get("faction")
        if faction is not None and not isinstance(faction, str):
            raise SetupError("A faction is a name such as daqan or uthuk.", f"seats.{sid}.faction")
        if faction:
            factions.append(faction.lower())
        catalogue = {}
        units = seat.get("units") or []
        if not isinstance(units, list) or len(units) > rules.MAX_UNIT_CARDS:
            raise SetupError(f"A seat's unit list holds at most {rules.MAX_UNIT_CARDS} unit cards.", f"seats.{sid}.units")
        for i, rec in enumerate(units):
            bad = problems_in_record(rec)
            if bad:
                raise SetupError(f"Unit {i + 1} of {sid}: {'; '.join(bad)}.", f"seats.{sid}.units.{i}")
            if rec["slug"] in catalogue:
                raise SetupError(f"Unit slug {rec['slug']!r} appears twice for {sid}.",
                                 f"seats.{sid}.units.{i}")
            catalogue[rec["slug"]] = dict(rec)
        state["seats"][sid] = {
            "name": seat.get("name") or sid, "faction": (faction or "").lower() or None,
            "catalogue": catalogue, "scenario": None, "army": None, "vp": 0, "lore": 0,
            "command_cards": 0, "lore_cards": 0, "lore_played_turn": None, "deployed": False,
            "units": [], "scenario_vp": 0}
    if len(factions) == 2 and factions[0] == factions[1]:
        # Optional rules, Playing with extra core games: two players cannot play one faction.
        raise SetupError("Two players cannot play the same faction.", "seats.p2.faction")
    return state


def _check_cards(cards: object) -> dict[str, Any]:
    """Known command and lore card names (from content): offered as buttons, never required."""
    if cards is None:
        return {"command": [], "lore": []}
    if not isinstance(cards, dict):
        raise SetupError("options.cards must be {command: [...], lore: [...]}.", "options.cards")
    out = {}
    for kind in ("command", "lore"):
        items = cards.get(kind) or []
        if (not isinstance(items, list) or len(items) > rules.MAX_CARD_NAMES
                or not all(isinstance(c, dict) and isinstance(c.get("name"), str) and len(c["name"]) <= 80
                           and len(c) <= 5 for c in items)):
            raise SetupError(f"options.cards.{kind} must be a list of at most {rules.MAX_CARD_NAMES} cards with names.",
                             f"options.cards.{kind}")
        for c in items:
            if kind == "command" and c.get("section") not in (None, *("left", "center", "right", "any")):
                raise SetupError(f"Command card {c['name']!r}: unknown section.", "options.cards.command")
            if kind == "lore" and c.get("window") not in (None, *LORE_WINDOWS):
                raise SetupError(f"Lore card {c['name']!r}: unknown window.", "options.cards.lore")
            cost = c.get("cost")
            if cost is not None and (isinstance(cost, bool) or not isinstance(cost, int) or not 0 <= cost <= 30):
                raise SetupError(f"Card {c['name']!r}: a cost is a whole number from 0 to 30, or null.",
                                 f"options.cards.{kind}")
        out[kind] = [dict(c) for c in items]
    return out


def _check_campaign(campaign: object) -> dict[str, Any]:
    if not isinstance(campaign, dict):
        raise SetupError("options.campaign must be an object.", "options.campaign")
    game = campaign.get("game", 1)
    history = campaign.get("history") or []
    if isinstance(game, bool) or not isinstance(game, int) or not 1 <= game <= 4:
        raise SetupError("A campaign has four scenarios: game must be 1 to 4.", "options.campaign.game")
    if not isinstance(history, list) or len(history) != game - 1:
        raise SetupError("options.campaign.history must hold one result per earlier scenario.",
                         "options.campaign.history")
    for i, item in enumerate(history):
        if (not isinstance(item, dict) or item.get("winner") not in ("p1", "p2")
                or not isinstance(item.get("vp"), dict)
                or any(not isinstance(item["vp"].get(s), int) for s in ("p1", "p2"))):
            raise SetupError("Each campaign result is {winner: p1|p2, vp: {p1: n, p2: n}}.",
                             f"options.campaign.history.{i}")
    return {"game": game, "history": history}


# -- scenario choice and first player ----------------------------------------------------------

def scenario_choices(state: BattleLoreState, seat: str) -> list[str]:
    """Scenario codes this seat may choose (campaign rules restrict them)."""
    camp = state["options"].get("campaign")
    if camp:
        letter = SCENARIO_LETTERS[camp["game"] - 1]
        if camp["game"] == 1:
            return ["A1"]  # Campaign variant: each player begins with their faction's A1 card
        if camp["history"][-1]["winner"] == seat:
            return [f"{letter}{n}" for n in range(1, 10)]
        return [f"{letter}1"]
    return [f"{letter}{n}" for letter in SCENARIO_LETTERS for n in range(1, 10)]


def check_choose_scenario(state: BattleLoreState, event: Event) -> list[Violation]:
    """Each player chooses one scenario card, once, before mustering (Setup, Scenarios)."""
    out = []
    code = event.data["scenario"].strip().upper()
    if state["phase"] != "scenario":
        return [V.WRONG_PHASE("Scenarios are chosen before mustering.", rules.SCENARIOS)]
    if state["seats"][event.by]["scenario"]:
        return [V.ALREADY_CHOSEN("You have already chosen your scenario card.", rules.SCENARIOS)]
    if not SCENARIO_CODE.match(code):
        return [V.BAD_SCENARIO("A scenario card is named by its initiative, e.g. A1 or B2.", rules.FIRST_PLAYER)]
    camp = state["options"].get("campaign")
    if camp and code not in scenario_choices(state, event.by):
        allowed = scenario_choices(state, event.by)
        who = "the winner of the last scenario" if len(allowed) > 1 else "this player"
        out.append(V.CAMPAIGN_SCENARIO(f"In the campaign {who} must choose {allowed[0] if len(allowed) == 1 else 'a ' + allowed[0][0] + ' card'}.", rules.CAMPAIGN))
    return out


def _initiative(code: str) -> tuple[str, int]:
    return code[0], int(code[1:])


def keep_secret(state: BattleLoreState, event: Event) -> None:
    """Note which entry holds a seat's secret choice now (its data stays hidden from the others until revealed)."""
    state.setdefault("secret_choices", {})[event.by] = event.seq


def reveal_secrets(state: BattleLoreState) -> None:
    """The secret choices in effect are revealed: the log may show them to everyone from now on."""
    revealed = state.setdefault("revealed_choices", [])
    revealed.extend(seq for seq in state.get("secret_choices", {}).values() if seq is not None)
    state["secret_choices"] = {}


def apply_choose_scenario(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Record a scenario card; when both are revealed, the alphabetically first takes first player."""
    state["seats"][event.by]["scenario"] = event.data["scenario"].strip().upper()
    if event.data.get("name"):
        state["seats"][event.by]["scenario_name"] = event.data["name"]
    keep_secret(state, event)
    chosen = {s: v["scenario"] for s, v in state["seats"].items()}
    if not all(chosen.values()):
        return []
    reveal_secrets(state)
    cons = [Consequence("scenarios_revealed", {"scenarios": chosen}, rules.SCENARIOS)]
    camp = state["options"].get("campaign")
    keys = {s: _initiative(c) for s, c in chosen.items()}
    p1, p2 = keys["p1"], keys["p2"]
    if (camp and camp["game"] == 1) or p1 == p2:
        # Campaign: the first scenario's first player is determined randomly; a tie in
        # initiative is not covered by the summary, so the table decides it the same way.
        state["phase"] = "first_player"
        return cons
    first = "p1" if p1 < p2 else "p2"
    state["first"] = first
    state["phase"] = "muster"
    cons.append(Consequence("first_player", {"seat": first, "by": "scenario order"}, rules.FIRST_PLAYER))
    return cons


def check_first_player(state: BattleLoreState, event: Event) -> list[Violation]:
    """The first player is set by the table only when scenario order does not decide it."""
    if state["phase"] != "first_player":
        return [V.WRONG_PHASE("The first player is set by scenario order.", rules.FIRST_PLAYER)]
    if event.data["seat"] not in state["seats"]:
        return [V.UNKNOWN_SEAT("No such seat.", rules.FIRST_PLAYER)]
    return []


def apply_first_player(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Record the randomly determined first player; mustering begins."""
    state["first"] = event.data["seat"]
    state["phase"] = "muster"
    return []


# -- unit reference cards entered at the table ---------------------------------------------------

def slugify(name: str) -> str:
    """A unit slug from its name ("Flesh Rippers" -> "flesh-rippers")."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "unit"


def unit_record(data: dict[str, Any]) -> dict[str, Any]:
    """The record a unit_card event enters (slug from the name when not given)."""
    rec: dict[str, Any] = copy.deepcopy(data["unit"])  # the state never shares objects with an event
    if not rec.get("slug") and isinstance(rec.get("name"), str):
        rec["slug"] = slugify(rec["name"])
    return rec


def check_unit_card(state: BattleLoreState, event: Event) -> list[Violation]:
    """Players enter a unit's reference card numbers before mustering (no public data set exists)."""
    if state["phase"] not in ("scenario", "first_player", "muster"):
        return [V.WRONG_PHASE("Unit cards are entered before the armies are revealed.", rules.MUSTER)]
    if state["seats"][event.by]["army"] is not None:
        return [V.ALREADY_MUSTERED("Your army is already mustered.", rules.MUSTER)]
    rec = unit_record(event.data)
    bad = problems_in_record(rec)
    if bad:
        return [V.BAD_UNIT(f"Unit card: {'; '.join(bad)}.", rules.MUSTER)]
    catalogue = state["seats"][event.by]["catalogue"]
    if rec["slug"] not in catalogue and len(catalogue) >= rules.MAX_UNIT_CARDS:
        return [V.TOO_MANY_UNIT_CARDS(f"Your unit list already holds {rules.MAX_UNIT_CARDS} unit cards.", rules.MUSTER)]
    return []


def apply_unit_card(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Add the unit to (or replace it in) the seat's unit list."""
    rec = unit_record(event.data)
    state["seats"][event.by]["catalogue"][rec["slug"]] = rec
    if event.data.get("faction"):
        state["seats"][event.by]["faction"] = event.data["faction"].lower()
    return []


# -- mustering --------------------------------------------------------------------------------

def muster_cost(state: BattleLoreState, seat: str, army: dict[str, Any]) -> int:
    """Muster points an army list costs."""
    cat = state["seats"][seat]["catalogue"]
    return sum(cat[slug]["muster"] * n for slug, n in army.items() if slug in cat)


def check_muster(state: BattleLoreState, event: Event) -> list[Violation]:
    """18 deployment cards for at most 50 muster points (+5 with a command tent). (Mustering)"""
    if state["phase"] != "muster":
        return [V.WRONG_PHASE("Armies are mustered after the scenarios are chosen.", rules.MUSTER)]
    seat = state["seats"][event.by]
    if seat["army"] is not None:
        return [V.ALREADY_MUSTERED("Your army is already mustered.", rules.MUSTER)]
    army = event.data["army"]
    out = []
    cat = seat["catalogue"]
    for slug, n in army.items():
        if slug not in cat:
            return [V.UNKNOWN_UNIT(f"{slug!r} is not in your unit list; enter it first.", rules.MUSTER)]
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            return [V.MALFORMED(f"data.army.{slug} must be a whole number >= 0.", rules.MUSTER)]
        if n > rules.DEPLOYMENT_HEXES:
            return [V.ARMY_TOO_LARGE(f"data.army.{slug}: {n} deployment cards do not fit on the "
                                     f"{rules.DEPLOYMENT_HEXES} deployment hexes.", rules.MUSTER)]
        gaps = missing_numbers(cat[slug])
        if n and gaps:
            return [V.UNIT_INCOMPLETE(f"{cat[slug].get('name', slug)} lacks {', '.join(gaps)}: enter them from its reference card.", rules.MUSTER)]
        if cat[slug].get("cards") is not None and n > cat[slug]["cards"]:
            out.append(V.NOT_ENOUGH_CARDS(f"You have {cat[slug]['cards']} deployment card(s) for {cat[slug].get('name', slug)}.", rules.EXTRA_CORE))
    tent = event.data.get("command_tent") or False
    decoys = event.data.get("decoys") or 0
    fielded = sum(army.values()) + (1 if tent else 0) + decoys
    if fielded > rules.DEPLOYMENT_HEXES:
        # Structural (no override lifts it): the reveal builds every unit mustered.
        out.append(V.ARMY_TOO_LARGE(f"An army is placed one card to a deployment hex: {fielded} deployment cards do "
                                 f"not fit on {rules.DEPLOYMENT_HEXES}.", rules.MUSTER))
    prebuilt = state["options"].get("prebuilt", False)
    if tent and prebuilt:
        out.append(V.NO_TENT_PREBUILT("Command tents cannot be mustered in pre-built scenarios.", rules.PREBUILT))
    if prebuilt:
        return out
    cards = sum(army.values()) + (1 if tent else 0) + decoys
    if cards != rules.ARMY_CARDS:
        out.append(V.ARMY_SIZE(f"An army is exactly {rules.ARMY_CARDS} deployment cards; this is {cards}.", rules.MUSTER))
    if decoys > rules.DECOYS:
        out.append(V.TOO_MANY_DECOYS(f"Each player has {rules.DECOYS} decoy cards.", rules.MUSTER))
    budget = rules.MUSTER_POINTS + (rules.TENT_BONUS if tent else 0)
    cost = muster_cost(state, event.by, army)
    if cost > budget:
        out.append(V.OVER_BUDGET(f"The army costs {cost} muster points; you have {budget}.", rules.MUSTER))
    return out


def apply_muster(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Keep the (secret) army; when both are mustered, reveal: decoys go, lore for unspent points."""
    seat = state["seats"][event.by]
    seat["army"] = {"army": {k: v for k, v in event.data["army"].items() if v},
                    "command_tent": bool(event.data.get("command_tent")),
                    "decoys": event.data.get("decoys") or 0}
    keep_secret(state, event)
    if not all(s["army"] is not None for s in state["seats"].values()):
        return []
    reveal_secrets(state)
    return reveal(state)


def reveal(state: BattleLoreState) -> list[Consequence]:
    """Reveal both armies: units enter play, lore tokens for unspent muster points (max 5)."""
    cons = []
    prebuilt = state["options"].get("prebuilt", False)
    for sid, seat in state["seats"].items():
        army = seat["army"]
        for slug, n in army["army"].items():
            rec = seat["catalogue"][slug]
            for i in range(1, n + 1):
                if rec.get("kind", "unit") == "terrain":
                    fid = f"{sid}.{slug}-{i}"
                    state["features"][fid] = {"id": fid, "type": rec["terrain"], "owner": sid,
                                              "removed": False, "name": rec.get("name") or slug}
                    continue
                uid = f"{sid}.{slug}-{i}"
                state["units"][uid] = unit_from_record(sid, uid, rec)
                seat["units"].append(uid)
        if army["command_tent"]:
            fid = f"{sid}.tent"
            state["features"][fid] = {"id": fid, "type": "command_tent", "owner": sid, "removed": False,
                                      "name": "Command tent"}
        if prebuilt:
            lore = state["options"].get("starting_lore", 0)
        else:
            budget = rules.MUSTER_POINTS + (rules.TENT_BONUS if army["command_tent"] else 0)
            lore = min(rules.MAX_START_LORE, max(0, budget - muster_cost(state, sid, army["army"])))
        seat["lore"] = lore
        cons.append(Consequence("army_revealed", {"seat": sid, "units": list(seat["units"]),
                                                  "decoys_removed": army["decoys"]}, rules.REVEAL))
        cons.append(Consequence("lore_gained", {"seat": sid, "amount": lore,
                                                "why": "unspent muster points"}, rules.REVEAL))
    state["phase"] = "deploy"
    return cons


# -- deployment -------------------------------------------------------------------------------

def check_place(state: BattleLoreState, event: Event) -> list[Violation]:
    """Units are placed on their deployment hexes after the reveal (Mustering, 4)."""
    if state["phase"] != "deploy":
        return [V.WRONG_PHASE("Units are placed after the armies are revealed.", rules.DEPLOY)]
    unit = state["units"][event.data["unit"]]
    if unit["seat"] != event.by:
        return [V.NOT_YOUR_UNIT("Place your own units.", rules.DEPLOY, overridable=False)]
    if state["seats"][event.by]["deployed"]:
        return [V.ALREADY_DEPLOYED("You have finished deploying.", rules.DEPLOY)]
    pos = event.data["to"]
    if pos["terrain"] == "hoard":
        return []  # a Great Dragon's hoard tile is placed under it (Terrain reference, Hoard)
    return T.check_position(state, unit, pos, rules.DEPLOY)


def apply_place(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Put the unit in its hex (re-placing is allowed until deployment is done)."""
    unit = state["units"][event.data["unit"]]
    pos = dict(event.data["to"])
    cons = []
    if pos["terrain"] == "hoard":
        n = sum(1 for f in state["features"].values() if f["owner"] == event.by and f["type"] == "hoard") + 1
        fid = f"{event.by}.hoard-{n}"
        state["features"][fid] = {"id": fid, "type": "hoard", "owner": event.by, "removed": False,
                                  "name": "Hoard"}
        pos["terrain"] = fid
        cons.append(Consequence("hoard_placed", {"feature": fid, "unit": unit["id"]}, rules.HOARD))
    unit["pos"] = T.normalise_position(state, pos)
    seat = state["seats"][event.by]
    if all(state["units"][u]["pos"] is not None for u in seat["units"]):
        # Mustering and deployment, 4: the deployment cards are replaced one at a time, so the last unit put down
        # ends that player's placing; nothing is said at the table, so no "done" is asked for (a misplaced unit
        # is the referee's to correct).
        cons.append(Consequence("deployment_done", {"seat": event.by}, rules.DEPLOY))
        cons.extend(finish_deploying(state, event.by))
    return cons


def check_deploy_done(state: BattleLoreState, event: Event) -> list[Violation]:
    """Every mustered unit is placed before a player finishes deploying."""
    if state["phase"] != "deploy":
        return [V.WRONG_PHASE("Deployment comes after the reveal.", rules.DEPLOY)]
    seat = state["seats"][event.by]
    if seat["deployed"]:
        return [V.ALREADY_DEPLOYED("You have finished deploying.", rules.DEPLOY)]
    unplaced = [state["units"][u]["name"] for u in seat["units"] if state["units"][u]["pos"] is None]
    if unplaced:
        return [V.UNITS_UNPLACED(f"Place {', '.join(unplaced)} first.", rules.DEPLOY)]
    return []


def apply_deploy_done(state: BattleLoreState, event: Event) -> list[Consequence]:
    """When both have deployed: starting hands (4 command, 2 lore) and the first player's turn."""
    if state["seats"][event.by]["deployed"]:
        # a log stored before the last unit placed ended the placing holds a "done" after it: replayed as nothing
        return []
    return finish_deploying(state, event.by)


def finish_deploying(state: BattleLoreState, seat_id: str) -> list[Consequence]:
    """The seat has placed its units; when both have: starting hands and the first player's turn."""
    state["seats"][seat_id]["deployed"] = True
    if not all(s["deployed"] for s in state["seats"].values()):
        return []
    cons = []
    preset = state["options"].get("preset_hands", False)
    for sid, seat in state["seats"].items():
        seat["command_cards"] = rules.START_COMMAND
        seat["lore_cards"] = rules.START_LORE
        cons.append(Consequence("starting_hand", {
            "seat": sid, "command_cards": rules.START_COMMAND, "lore_cards": rules.START_LORE,
            "command_hand": ["Patrol Left", "Patrol Right", "Patrol Center", "Line Advance"] if preset else None},
            rules.PRESET_HANDS if preset else rules.HANDS))
    state["phase"] = "main"
    cons.extend(start_turn(state, state["first"]))
    return cons
