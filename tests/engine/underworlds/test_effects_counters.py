"""Raise tokens and named counters (Deathgorge rulebook, Tokens and counters pg 19; Out of action pg 24;
End phase pg 38); the 2018/2019 editions have neither (Shadespire and Dreadfane rulebooks)."""
from app.engine import registry
from app.engine.core import Event
from app.engine.underworlds import DREADFANE, SHADESPIRE, effects, per_state
from tests.support.play import SETUPS, play_random

from .editions.helpers import Table, setup
from .helpers import RS, codes, pass_power, play, started


def _offers(state, seat, type_):
    return [s for s in RS.suggest(state, seat).suggestions if s.type == type_]


def test_raise_token_given_and_removed_like_the_others():
    """Tokens and counters (pg 19): the core set's Raise tokens are given and removed; none to remove, no removal."""
    state = started()
    assert "no_such_token" in codes(state, "token", "p1", fighter="p1.leader", token="raise", action="remove")
    state, _ = play(state, "token", "p2", fighter="p1.leader", token="raise", action="give")
    assert state["fighters"]["p1.leader"]["tokens"]["raise"] == 1
    give = [s for s in _offers(state, "p1", "token") if s.data.get("action") == "give"][0]
    assert "raise" in give.choices["token"]
    remove = {s.data["token"]: s.choices["fighter"] for s in _offers(state, "p1", "token")
              if s.data.get("action") == "remove"}
    assert remove == {"raise": ["p1.leader"]}
    state, _ = play(state, "token", "p1", fighter="p1.leader", token="raise", action="remove")
    assert state["fighters"]["p1.leader"]["tokens"]["raise"] == 0


def test_raise_tokens_are_not_cleared_in_the_end_phase():
    """End phase (pg 38): only Move, Charge, Guard and Stagger tokens are cleared; a Raise token stays."""
    state = started()
    state, _ = play(state, "token", "p1", fighter="p1.brute", token="raise", action="give")
    state, _ = play(state, "token", "p1", fighter="p1.brute", token="guard", action="give")
    while state["phase"] == "action":
        state, _ = play(state, "player_action", state["turn"]["seat"], action="pass")
        state = pass_power(state)
    for seat in list(state["end"]["order"]):
        state, cons = play(state, "end_phase_done", seat)
    assert "round_ends" in cons
    assert state["fighters"]["p1.brute"]["tokens"]["raise"] == 1
    assert state["fighters"]["p1.brute"]["tokens"]["guard"] == 0


def test_named_counters_given_kept_per_name_and_removed():
    """Advanced rules, Tokens and counters (pg 19): rules may name counters; give adds, remove takes them off."""
    state = started()
    state, _ = play(state, "counter", "p1", fighter="p1.leader", name=" Blood ", action="give", count=2)
    state, _ = play(state, "counter", "p2", fighter="p1.leader", name="rage", action="give", count=1)
    assert state["fighters"]["p1.leader"]["counters"] == {"blood": 2, "rage": 1}
    state, _ = play(state, "counter", "p1", fighter="p1.leader", name="BLOOD", action="remove", count=2)
    assert state["fighters"]["p1.leader"]["counters"] == {"rage": 1}


def test_cannot_remove_more_counters_than_the_fighter_has_unless_overridden():
    """Advanced rules, Tokens and counters (pg 19) 'remove': with none of the counter, you cannot remove it."""
    state = started()
    state, _ = play(state, "counter", "p1", fighter="p1.leader", name="blood", action="give", count=1)
    vs = RS.check(state, Event("counter", "p1", {"fighter": "p1.leader", "name": "blood", "action": "remove",
                                                 "count": 2}))
    assert [v.code for v in vs] == ["no_such_counter"] and vs[0].overridable and "pg 19" in vs[0].rule
    assert "no_such_counter" in codes(state, "counter", "p1", fighter="p1.brute", name="blood", action="remove",
                                      count=1)
    state, _ = play(state, "counter", "p1", override="card: takes all", fighter="p1.leader", name="blood",
                    action="remove", count=2)
    assert state["fighters"]["p1.leader"]["counters"] == {}


def test_counter_event_structure_is_checked():
    """Structural checks: a counter needs a name, a whole count of at least 1, a real fighter; wounds are damage."""
    state = started()
    for bad in ({"name": "   "}, {"count": 0}, {"fighter": "p9.nobody"}, {"action": "swap"}, {"name": "x" * 25},
                {"name": "Wound"}):
        data = {"fighter": "p1.leader", "name": "blood", "action": "give", "count": 1, **bad}
        vs = RS.check(state, Event("counter", "p1", data))
        assert vs and not any(v.overridable for v in vs), bad


def test_out_of_action_clears_raise_tokens_and_named_counters():
    """Advanced rules, Out of action (pg 24): clear all the fighter's tokens and all counters from their card."""
    state = started()
    state, _ = play(state, "token", "p1", fighter="p1.minion", token="raise", action="give")
    state, _ = play(state, "counter", "p1", fighter="p1.minion", name="blood", action="give", count=3)
    state, _ = play(state, "damage", "p2", fighter="p1.minion", amount=3, source="card")
    f = state["fighters"]["p1.minion"]
    assert f["out"] and f["tokens"]["raise"] == 0 and f["counters"] == {}
    assert "fighter_out_of_action" in codes(state, "counter", "p1", fighter="p1.minion", name="blood",
                                            action="give", count=1)


def test_counter_suggestions_pass_check():
    """One source of legality: every fighter a counter suggestion offers passes check() (Tokens and counters pg 19)."""
    state = started()
    state, _ = play(state, "counter", "p2", fighter="p2.brute", name="blood", action="give", count=2)
    state, _ = play(state, "damage", "p1", fighter="p2.minion", amount=3, source="card")
    offers = _offers(state, "p1", "counter")
    give = [s for s in offers if s.data["action"] == "give"][0]
    assert give.group == "Table" and "p2.minion" not in give.choices["fighter"]
    assert give.bounds["name"]["type"] == "str" and give.bounds["count"]["min"] == 1
    remove = [s for s in offers if s.data["action"] == "remove"]
    assert [(s.data["name"], s.data["fighter"], s.bounds["count"]["max"]) for s in remove] == [("blood", "p2.brute", 2)]
    for s in offers:
        for f in s.choices.get("fighter", [s.data.get("fighter")]):
            top = s.bounds["count"]["max"]
            data = {**s.data, "fighter": f, "name": s.data.get("name", "blood"), "count": top}
            assert not RS.check(state, Event("counter", "p1", data))


def test_earlier_editions_have_no_raise_tokens_or_named_counters():
    """Shadespire (2018) and Dreadfane (2019) rulebooks: their core sets list no Raise tokens and their rules
    know tokens only (Dreadfane Tokens pg 5, glossary Give/Remove), so neither is offered nor accepted."""
    for rs, rid in ((SHADESPIRE, "underworlds/shadespire"), (DREADFANE, "underworlds/dreadfane")):
        t = Table(rs, setup(rid))
        fid = next(iter(t.state["fighters"]))
        assert "counter" not in {e["type"] for e in rs.catalogue()}
        token = next(e for e in rs.catalogue() if e["type"] == "token")
        assert token["fields"]["token"]["choices"] == ["move", "charge", "guard"] and "Raise" not in token["help"]
        assert t.refuse("counter", "p1", fighter=fid, name="blood", action="give", count=1) == ["unknown_event"]
        assert t.refuse("token", "p1", fighter=fid, token="raise", action="give")
        t.start()
        while t.state["phase"] != "action":
            if t.state["phase"] == "hazard":
                t.play("hazard", "p1", action="draw" if t.state["hazards"]["drawn"] < t.state["round"] else "end")
            else:
                t.play("roll_off", "p1", purpose="first_turn", first="p1")
        offers = [s for s in rs.suggest(t.state, "p1").suggestions if s.type in ("token", "counter")]
        assert offers and all(s.type == "token" for s in offers)
        assert all("raise" not in s.choices.get("token", []) and s.data.get("token") != "raise" for s in offers)


def _counter_checks(rs, state, seat) -> list:
    """Every seat's verdict on giving each fighter a counter and removing one, and one too many, of each it has."""
    out = []
    for f, fighter in state["fighters"].items():
        asks = [("x", "give", 1)] + [(n, "remove", k) for n, have in fighter["counters"].items() for k in (1, have + 1)]
        for name, action, count in asks:
            found = rs.check(state, Event("counter", seat, {"fighter": f, "name": name, "action": action,
                                                            "count": count}))
            out.append((f, name, action, count, [v.to_dict() for v in found]))
    return out


def _games_with_counters():
    """States of random games of every edition with named counters, card effects played often (counters given
    and removed, fighters taken out of action), with their rulesets."""
    for rid in [r for r in SETUPS if r.startswith("underworlds/")]:
        rs = registry.get(rid)
        if not rs.spec_for("counter"):
            continue
        for seed in (3, 4):
            states: list = []
            play_random(rs, SETUPS[rid][-1], seed, max_events=250, rare_groups={"Table": 1.0},
                        on_event=lambda s, *_, into=states: into.append(s))
            yield rs, states


def test_a_counter_is_judged_the_same_whoever_enters_it():
    """What lets the seats' views share the counters' checks (effects.counter_legality): over played games, in
    every step (reaction and power steps, drive backs, the end phase), each check of a counter gives every seat
    the same verdict."""
    counted = 0
    for rs, states in _games_with_counters():
        for state in states:
            seats = rs.seat_ids(state)
            first = _counter_checks(rs, state, seats[0])
            assert all(_counter_checks(rs, state, seat) == first for seat in seats[1:]), state["step"]
            counted += sum(1 for f in state["fighters"].values() if f["counters"])
    assert counted, "no game gave a counter: the removals went unchecked"


def test_each_seats_advice_is_the_same_worked_out_alone_or_after_the_other_seats():
    """The counters' checks are remembered per state for every seat (per_state.py): each seat's suggestions, asked
    after the other seats' of the same state, equal those worked out with nothing remembered, state after state,
    so a counter given, removed or a fighter taken out shows in the next state's suggestions."""
    for rs, states in _games_with_counters():
        for state in states[::3]:
            seats = rs.seat_ids(state)
            together = {seat: rs.suggest(state, seat).to_dict() for seat in seats}
            for seat in seats:
                per_state._LAST.clear()
                assert rs.suggest(state, seat).to_dict() == together[seat]


def test_removal_offers_follow_the_counters_of_each_new_state():
    """A counter given shows as a removal in every seat's next suggestions; once removed, it is offered no more."""
    state = started()
    before = {seat: _offers(state, seat, "counter") for seat in ("p1", "p2")}
    assert all(not any(s.data.get("action") == "remove" for s in offers) for offers in before.values())
    state, _ = play(state, "counter", "p2", fighter="p1.leader", name="blood", action="give", count=2)
    for seat in ("p1", "p2"):
        removals = [s for s in _offers(state, seat, "counter") if s.data.get("action") == "remove"]
        assert [(s.by, s.data, s.bounds["count"]["max"]) for s in removals] == \
               [(seat, {"action": "remove", "name": "blood", "fighter": "p1.leader"}, 2)]
    state, _ = play(state, "counter", "p1", fighter="p1.leader", name="blood", action="remove", count=2)
    for seat in ("p1", "p2"):
        assert not any(s.data.get("action") == "remove" for s in _offers(state, seat, "counter"))


def test_a_counter_given_is_judged_once_for_every_fighter_on_the_battlefield():
    """effects.counter_legality checks one counter given for all the fighters on the battlefield (Advanced rules,
    Out of action pg 24): over played games, in every step, it offers exactly the fighters each checked alone
    accepts, and none out of action."""
    offered = out = 0
    for rs, states in _games_with_counters():
        for state in states:
            seat = rs.seat_ids(state)[0]
            alive = [f for f, v in state["fighters"].items() if not v["out"]]
            if not alive:
                continue
            ok, _ = effects.counter_legality(rs, state, seat, alive)
            data = {"name": "x", "action": "give", "count": 1}
            assert ok == [f for f in state["fighters"]
                          if not rs.check(state, Event("counter", seat, {**data, "fighter": f}))], state["step"]
            offered += bool(ok)
            out += len(alive) < len(state["fighters"])
    assert offered > 100 and out > 20
