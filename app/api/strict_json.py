"""Flask's JSON reader swapped for the strict one, so `request.get_json()` anywhere refuses NaN & co."""
from __future__ import annotations

from flask.json.provider import DefaultJSONProvider

from app.schemas import sanity


class StrictJSONProvider(DefaultJSONProvider):
    """Reads JSON with app.schemas.sanity.loads (WireProblem -> 400 naming the field, see api.errors)."""

    # Answers keep the engine's order, as the live frames do: a warband's fighters in the order of its card,
    # so a state read over REST (the referee's "State after this") lists them as the table does.
    sort_keys = False

    def loads(self, s, **kwargs):
        """Parse and check a JSON document."""
        return sanity.loads(s)
