"""ApiError: one failure with its HTTP status, stable code, plain message, and fields/rule when known."""
from __future__ import annotations


class ApiError(Exception):
    """A refusal the client should see: becomes {"error": {code, message, fields?, rule?}} (+ extra members)."""

    def __init__(self, status: int, code: str, message: str, fields: dict | None = None,
                 rule: str | None = None, extra: dict | None = None, violations: list | None = None,
                 details: dict | None = None):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.fields = fields
        self.rule = rule
        self.extra = extra or {}
        self.violations = violations
        self.details = details or {}  # more members of the error itself (e.g. closed_by of a late play)

    def body(self) -> dict:
        """JSON body of the error reply."""
        err: dict = {"code": self.code, "message": self.message}
        if self.fields:
            err["fields"] = self.fields
        if self.rule:
            err["rule"] = self.rule
        if self.violations:
            err["violations"] = self.violations
        err.update(self.details)
        return {"error": err, **self.extra}


def invalid_payload(problem) -> ApiError:
    """400 for a payload app.schemas.sanity refused (NaN, lone surrogate, too deep), naming the field."""
    return ApiError(400, "invalid", f"{problem.field}: {problem.message}", fields={problem.field: problem.message})
