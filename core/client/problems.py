"""A problem document (RFC 9457) from the HTTP API, as the error of ``core.errors`` it means.

The API names each problem by a type URI ending in its kind (``.../problems/out-of-reach``)
and a status; the status decides the error, and the kind where one status means two
things (422: a body the API refuses, or an answer the field cannot hold).
"""

from __future__ import annotations

import json
from http import HTTPStatus
from typing import Any, Final

from core.errors import (
    ApiAlreadyAnswered,
    ApiClaimRefused,
    ApiError,
    ApiInvalidAnswer,
    ApiNotFound,
    ApiUnavailable,
    OutOfReach,
    RateLimited,
    RequestInvalid,
    Unauthorized,
)

BY_STATUS: Final[dict[int, type[ApiError]]] = {
    400: RequestInvalid,
    401: Unauthorized,
    403: OutOfReach,
    404: ApiNotFound,
    405: RequestInvalid,
    409: ApiAlreadyAnswered,
    413: RequestInvalid,
    415: RequestInvalid,
    422: RequestInvalid,
    500: ApiUnavailable,
    502: ApiUnavailable,
    503: ApiUnavailable,
    504: ApiUnavailable,
}
BY_KIND: Final[dict[str, type[ApiError]]] = {
    "invalid-input": ApiInvalidAnswer,
    "unknown-place": ApiInvalidAnswer,  # an edited place nobody knows: new_place insists
    "claim-refused": ApiClaimRefused,
}


def problem_error(status: int, body: bytes, retry_after: str | None = None) -> ApiError:
    """The error for an answer with ``status`` >= 400; a body that is no problem
    document (a proxy's HTML page, say) still gives the status's error."""
    problem = _problem(body)
    kind = str(problem.get("type", "")).rsplit("/", 1)[-1] or _phrase(status)
    detail = str(problem.get("detail") or _phrase(status))
    errors = [str(e) for e in problem.get("errors", []) if isinstance(e, str)]
    if status == 429:
        return RateLimited(status, kind, detail, errors, _seconds(retry_after))
    error = BY_KIND.get(kind) or BY_STATUS.get(status)
    if error is None:
        error = ApiUnavailable if status >= 500 else RequestInvalid
    return error(status, kind, detail, errors)


def _problem(body: bytes) -> dict[str, Any]:
    try:
        data = json.loads(body)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase.lower().replace(" ", "-")
    except ValueError:
        return f"http-{status}"


def _seconds(raw: str | None) -> float | None:
    try:
        return None if raw is None else float(raw)
    except ValueError:
        return None
