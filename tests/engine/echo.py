"""Echo: a test game that knows nothing of Underworlds, for the engine core's inferred passes and folds (players
call in turn; after each call the others may answer once, or let it pass)."""
from app.engine.core import Consequence, Event, ImpliedPass, Ruleset, Violation

RULE = "Echo test rules: after each call the other players may answer, or let it pass"


class Echo(Ruleset):
    """Players call in turn; after a call every other player may answer once (optional) before the next call."""

    id = "test/echo"
    title = "Echo"

    def event_types(self):
        return [{"type": "call", "label": "Call", "fields": {}},
                {"type": "answer", "label": "Answer", "fields": {}},
                {"type": "quiet", "label": "No answer", "fields": {}}]

    def new_game(self, setup):
        return {"seats": {s: {"answers": 0} for s in ("p1", "p2", "p3")}, "turn": "p1", "open": []}

    def check_event(self, state, event):
        if event.type not in ("call", "answer", "quiet"):  # as the core's handlers: only the ruleset's own events
            raise NotImplementedError(f"no handler for {event.type!r}")
        if event.type == "call":
            out = [] if event.by == state["turn"] else [Violation("not_your_turn", "Not your call.", RULE)]
            return out + ([Violation("answers_open", "Others may still answer.", RULE)] if state["open"] else [])
        if event.by not in state["open"]:
            return [Violation("no_answer_open", "Nothing to answer now.", RULE)]
        return []

    def apply_event(self, state, event):
        if event.type == "call":
            order = list(state["seats"])
            state["open"] = [s for s in order if s != event.by]
            state["turn"] = order[(order.index(event.by) + 1) % len(order)]
            return [Consequence("called", {"by": event.by}, RULE)]
        state["open"].remove(event.by)
        if event.type == "answer":
            state["seats"][event.by]["answers"] += 1
        return []

    def implied_pass(self, state, event):
        if event.type != "call" or not state["open"]:
            return None
        return ImpliedPass(Event("quiet", state["open"][0], {}), "answer", RULE)

    def suggest(self, state, seat):
        raise NotImplementedError

    def outcome(self, state):
        return None
