"""Marshmallow schemas: wire payloads, events, content files."""
