"""REST blueprints under /api (JSON; errors are always {"error": {code, message, fields?, rule?}})."""
