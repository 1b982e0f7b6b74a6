"""Every error of the HTTP API as an RFC 9457 problem document, never a traceback.

A handler raises ``Problem`` (or one of Canon's own errors, translated here); the
``problems`` middleware turns it, aiohttp's own HTTP errors and anything
unexpected into ``application/problem+json`` with type, title, status and detail.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from http import HTTPStatus
from typing import Any, Final

from aiohttp import web

from core.errors import (
    AlreadyAnswered,
    CanonError,
    ClaimRefused,
    InputError,
    InvalidAnswer,
    NotFound,
    NotYours,
    Overtaken,
    TooManyQuestions,
)

log = logging.getLogger(__name__)
MEDIA_TYPE: Final = "application/problem+json"
TYPE_BASE: Final = "https://canon.invalid/problems/"
"""Problem types are URIs naming the kind of error; they are identifiers, not pages."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Problem(Exception):
    """An error the API reports as a problem document."""

    def __init__(
        self,
        status: int,
        detail: str,
        *,
        kind: str | None = None,
        headers: dict[str, str] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.kind = kind or HTTPStatus(status).phrase.lower().replace(" ", "-")
        self.headers = headers or {}
        self.extra = extra or {}

    def response(self) -> web.Response:
        body = {
            "type": TYPE_BASE + self.kind,
            "title": HTTPStatus(self.status).phrase,
            "status": self.status,
            "detail": self.detail,
            **self.extra,
        }
        return web.Response(
            status=self.status,
            text=json.dumps(body, ensure_ascii=False),
            content_type=MEDIA_TYPE,
            headers=self.headers,
        )


def from_canon_error(e: CanonError) -> Problem:
    """Canon's own errors, as the problem a client can act on."""
    if isinstance(e, NotFound):
        return Problem(404, str(e))
    if isinstance(e, ClaimRefused):  # the token's role may not claim that
        return Problem(403, str(e), kind="claim-refused")
    if isinstance(e, NotYours):  # another member's word: theirs to answer, forget or undo
        return Problem(403, str(e), kind="not-yours")
    if isinstance(e, AlreadyAnswered):
        return Problem(409, str(e), kind="already-answered")
    if isinstance(e, Overtaken):  # the answer handler says whose word; a bare one is still 409
        return Problem(409, str(e), kind="overtaken")
    if isinstance(e, InvalidAnswer | InputError):
        return Problem(422, str(e), kind="invalid-input")
    if isinstance(e, TooManyQuestions):  # an agent's flood of proposals: the user answers first
        return Problem(429, str(e), kind="too-many-questions")
    log.warning("request failed: %s", e)
    return Problem(503, "Canon could not do that now; try again later", kind="unavailable")


@web.middleware
async def problems(request: web.Request, handler: Handler) -> web.StreamResponse:
    try:
        return await handler(request)
    except Problem as p:
        return p.response()
    except CanonError as e:
        return from_canon_error(e).response()
    except web.HTTPException as e:
        if e.status < 400:
            raise
        detail = {
            404: f"no route {request.method} {request.path}",
            405: f"{request.method} is not allowed on {request.path}",
            413: "the request body is too large",
        }.get(e.status, e.reason)
        return Problem(e.status, detail, headers=_allow(e)).response()
    except Exception:
        log.exception("unexpected error on %s %s", request.method, request.path)
        return Problem(500, "an unexpected error; it was logged").response()


def _allow(e: web.HTTPException) -> dict[str, str]:
    allow = e.headers.get("Allow")
    return {"Allow": allow} if allow else {}
