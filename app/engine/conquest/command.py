"""The command phase: secret commitments on the command dials, command struggles and their bonuses."""
from __future__ import annotations

from typing import Any

from ..core import Consequence, Event, Violation
from . import combat, rules, victory, windows
from . import violations as V
from .board import dial_number, face_up, face_up_slots, planet_label, ready_units_at, seats, units_at, warlord
from .types import ConquestState


def start_phase(state: ConquestState) -> list[Consequence]:
    """Both players now choose a planet on their dials (a dial set after its player passed the deploy phase is
    kept: early_dial)."""
    before = state["step"]
    early = before.get("name") == "deploy"
    state["phase"] = "command"
    state["step"] = {"name": "commit", "dials": dict(before.get("dials") or {}) if early else {},
                     "seqs": dict(before.get("seqs") or {}) if early else {}}
    return [Consequence("phase", {"phase": "command", "round": state["round"]}, rules.COMMIT)]


def early_dial(state: ConquestState, seat: str) -> bool:
    """May the seat set its dial now, in the deploy phase? Once it has passed (it takes no more deployment turns:
    1. Deploy), its dial is its next decision, so it may set it while the other player deploys on; it stays
    secret, and is revealed with the other dial in the command phase (2. Command, Step 1). This is what lets a
    player's dial say he passes (passes.py), with no "Pass" entered."""
    step = state["step"]
    return step.get("name") == "deploy" and seat in step.get("passed", []) and seat not in (step.get("dials") or {})


def check_commit(state: ConquestState, ev: Event) -> list[Violation]:
    """Each player secretly selects a face-up planet on his command dial, once."""
    if early_dial(state, ev.by):
        return [] if ev.data["planet"] in face_up_slots(state) else \
            [V.NOT_FACE_UP("The dial chooses one of the face-up planets in the line.", rules.COMMIT)]
    if state["step"].get("name") != "commit":
        return [V.OUT_OF_STEP("Commit to a planet in the command phase.", rules.COMMIT)]
    if ev.by in state["step"]["dials"]:
        return [V.OUT_OF_STEP("You have already committed this round.", rules.COMMIT)]
    if ev.data["planet"] not in face_up_slots(state):
        return [V.NOT_FACE_UP("The dial chooses one of the face-up planets in the line.", rules.COMMIT)]
    return []


def apply_commit(state: ConquestState, ev: Event) -> list[Consequence]:
    """Store the secret choice; when both have chosen, reveal, move and resolve command struggles."""
    if state["step"].get("name") == "deploy":
        state["step"].setdefault("dials", {})[ev.by] = ev.data["planet"]
        state["step"].setdefault("seqs", {})[ev.by] = ev.seq
        return [Consequence("committed", {"seat": ev.by}, rules.COMMIT)]
    dials = state["step"]["dials"]
    dials[ev.by] = ev.data["planet"]
    state["step"]["seqs"][ev.by] = ev.seq  # the entry this dial comes from (revealed with it)
    cons = [Consequence("committed", {"seat": ev.by}, rules.COMMIT)]  # the planet stays secret
    if len(dials) < 2:
        return cons
    return cons + _reveal(state)


def _reveal(state: ConquestState) -> list[Consequence]:
    dials = state["step"]["dials"]
    state["revealed_dials"].extend(s for s in state["step"]["seqs"].values() if s is not None)
    cons = [Consequence("dials_revealed", {s: {"planet": dials[s], "dial": dial_number(state, dials[s])}
                                           for s in seats(state)}, rules.COMMIT)]
    for seat in seats(state):
        slot = dials[seat]
        wl = warlord(state, seat)
        movers = [wl] + [u for u in units_at(state, "hq", seat) if u is not wl]
        for u in movers:
            # The warlord moves wherever it is (it may have stayed at a planet after a stalemate).
            u["at"] = slot
            if u is not wl:
                u["ready"] = False  # units committed with the warlord arrive exhausted
        for u in movers:
            windows.note_unit(state, "commit", u)
        cons.append(Consequence("units_committed", {"seat": seat, "planet": slot,
                                                    "units": [u["id"] for u in movers if u["at"] == slot]},
                                rules.COMMIT))
    state["step"] = {"name": "bonuses", "revealed": dict(dials), "queue": []}
    for p in face_up(state):
        cons += _struggle(state, p["slot"])
    return cons + _next_bonus(state)


def struggle_winner(state: ConquestState, slot: int) -> tuple[str | None, dict[str, Any]]:
    """Who wins a planet's command struggle: a lone ready warlord, else most command icons on ready units."""
    ready_wl = [s for s in seats(state) if warlord(state, s)["at"] == slot and warlord(state, s)["ready"]]
    icons = {s: sum(u.get("command") or 0 for u in ready_units_at(state, slot, s)) for s in seats(state)}
    if len(ready_wl) == 1:
        return ready_wl[0], icons
    a, b = seats(state)
    if icons[a] == icons[b]:
        return None, icons  # on a tie, no one wins
    return (a if icons[a] > icons[b] else b), icons


def _struggle(state: ConquestState, slot: int) -> list[Consequence]:
    winner, icons = struggle_winner(state, slot)
    cons = [Consequence("command_struggle", {"planet": slot, "name": planet_label(state, slot),
                                             "winner": winner, "icons": icons}, rules.STRUGGLE)]
    info = state["planets"].get(planet_label(state, slot), {})
    if winner:
        windows.note(state, "command_struggle_won", seat=winner, planet=slot)
    if winner and (info.get("resources") or info.get("cards")):
        state["step"]["queue"].append({"seat": winner, "planet": slot})
    return cons


def _next_bonus(state: ConquestState) -> list[Consequence]:
    if state.get("result") or state["step"].get("queue"):
        return []  # the game ended (a drawn-out deck) or another bonus waits
    return combat.start_phase(state)


def check_take_bonus(state: ConquestState, ev: Event) -> list[Violation]:
    """The winner of the next command struggle (in line order) chooses his bonuses."""
    step = state["step"]
    if step.get("name") != "bonuses" or not step["queue"]:
        return [V.OUT_OF_STEP("There is no command bonus to take now.", rules.STRUGGLE)]
    if step["queue"][0]["seat"] != ev.by:
        return [V.OUT_OF_STEP("The other player won this command struggle.", rules.STRUGGLE)]
    return []


def apply_take_bonus(state: ConquestState, ev: Event) -> list[Consequence]:
    """Take both, either or none of the planet's resource and card bonuses."""
    item = state["step"]["queue"].pop(0)
    info = state["planets"].get(planet_label(state, item["planet"]), {})
    seat = state["seats"][ev.by]
    gained = info.get("resources", 0) if ev.data["resources"] else 0
    seat["resources"] += gained
    drawn = victory.draw_cards(state, ev.by, info.get("cards", 0)) if ev.data["cards"] else 0
    cons = [Consequence("bonus_taken", {"seat": ev.by, "planet": item["planet"], "resources": gained,
                                        "cards": drawn}, rules.STRUGGLE)]
    cons += victory.evaluate(state)
    return cons + _next_bonus(state)


def hidden_dials(state: ConquestState, viewer: str) -> dict[str, Any]:
    """The dials as a viewer may see them: his own choice, and only whether the other has chosen."""
    dials = state["step"].get("dials", {})
    return {s: (dials[s] if s == viewer else None) for s in dials}
