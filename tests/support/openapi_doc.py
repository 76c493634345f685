"""Reading the API document (GET /api/openapi.json) in tests: its operations, request schemas and smallest valid
bodies, so checks and fuzzers follow the document rather than a list of their own."""
from __future__ import annotations

WRITE_METHODS = ("POST", "PUT", "PATCH", "DELETE")


def operations(doc: dict):
    """(METHOD, path template, operation) of every documented operation."""
    for template, ops in doc["paths"].items():
        for method, op in ops.items():
            yield method.upper(), template, op


def path_names(template: str) -> list[str]:
    """/api/games/{game_id}/handovers/{hid} -> ["game_id", "hid"]."""
    return [part.split("}")[0] for part in template.split("{")[1:]]


def resolve(doc: dict, schema: dict) -> dict:
    """A schema with its $ref followed (the first of a oneOf or allOf)."""
    while "$ref" in schema:
        schema = doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    if "oneOf" in schema:
        return resolve(doc, schema["oneOf"][0])
    if "allOf" in schema:
        return resolve(doc, schema["allOf"][0])
    return schema


def json_type(doc: dict, prop: dict) -> str | None:
    """The JSON type a property takes (None: any)."""
    prop = resolve(doc, prop)
    return prop.get("type") or ("object" if "properties" in prop else None)


def request_schema(op: dict) -> dict | None:
    """The operation's documented JSON body schema, when it documents one (not a sentence)."""
    body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    return body if body and ("$ref" in body or "oneOf" in body or "properties" in body) else None


def valid_body(doc: dict, schema: dict):
    """The smallest body the schema allows: its required fields, each at its first allowed value."""
    schema = resolve(doc, schema)
    if "enum" in schema:
        return schema["enum"][0]
    kind = json_type(doc, schema)
    if kind == "object":
        return {name: valid_body(doc, schema["properties"][name]) for name in schema.get("required", [])}
    if kind == "array":
        return [valid_body(doc, schema.get("items", {})) for _ in range(schema.get("minItems", 0))]
    if kind == "string":
        return "2026-12-01" if schema.get("format") == "date" else "x" * max(1, schema.get("minLength", 1))
    if kind in ("integer", "number"):
        return schema.get("minimum", 1)
    if kind == "boolean":
        return False
    return None
