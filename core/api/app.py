"""The aiohttp application of the HTTP API: authentication, limits, bodies, problems.

Every request but ``/v1/health`` carries ``Authorization: Bearer <token>``; a
token is looked up by the hash of its secret, then spends one request of its
rate-limit bucket (kept in the store: shared by every worker). A secret this worker
has not seen live (every guess, and a real token's first request here) first spends
from its client address's bucket (an IPv6 address's /64), before it is looked up:
guessing tokens is held to the rate, 429 with Retry-After, like ``canon mcp``'s door. A body must be
JSON (415 otherwise), no bigger than ``max_body`` (413) and valid against its
schema (422). Whatever goes wrong is a problem document (``core.api.problems``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, Final

from aiohttp import web

from core.api import handlers
from core.api.bodies import as_checked, body_errors, value_errors
from core.api.call import Call, Services
from core.api.limits import MAX_BODY, RateLimiter, address_bucket
from core.api.openapi import openapi_document
from core.api.problems import Problem, problems
from core.api.routes import HEALTH, ROUTES, Param, Route
from core.api.tokens import SeenTokens, spend_for
from core.domain.api_tokens import ApiToken
from core.domain.error_sentences import plain_query_reason, plain_reason
from core.domain.principals import token_principal
from core.errors import SpendRefused
from core.jsonlines import parse_json
from core.store.spend_along import SpendAlong, Spent

SERVICES: Final = web.AppKey("services", Services)


def api_app(
    services: Services,
    clock: Callable[[], datetime],
    *,
    max_body: int = MAX_BODY,
    rate_per_second: float = 5.0,
    burst: int = 20,
    seconds: Callable[[], float] = time.time,
) -> web.Application:
    """The application; ``clock`` and ``seconds`` are read once per request (the edge).

    ``seconds`` times the rate limits, whose buckets every worker on the store shares:
    the epoch's seconds, which all workers agree on."""
    limiter = RateLimiter(rate_per_second, burst)
    seen = SeenTokens()

    def serve(route: Route) -> Callable[[web.Request], Any]:
        async def handle(request: web.Request) -> web.Response:
            if not route.auth:  # the one open route
                return web.json_response(await handlers.health(None), status=route.status)
            at = seconds()
            along = seen.spend_along(
                services.engine.store.api_tokens, _secret(request), at, limiter
            )
            if along is None:
                if not seen.knows(_secret(request)):
                    await _spend_address(services, request, limiter, at)
                # Who asks and one request of their bucket, in one round trip to the store.
                spent = await _authenticate(services, request, limiter, at)
                _refuse_spent(spent)
                assert spent is not None
                seen.add(spent[0])
                return await answer(route, request, spent[0])
            # A token seen live here: its spend rides with the request's first read, and
            # the request is answered only once the spend is known to allow it.
            with along.current():
                try:
                    response = await answer(route, request, along.token)
                except SpendRefused as e:
                    _refuse_spent(e.spent)  # raises: a refused spend is a 401 or a 429
                    raise
                except Exception:
                    _refuse_spent(await along.outcome())
                    raise
                except asyncio.CancelledError:
                    # The client went away: the request still spends its one request.
                    _spend_behind(along)
                    raise
                _refuse_spent(await along.outcome())
                return response

        return handle

    async def answer(route: Route, request: web.Request, token: ApiToken) -> web.Response:
        """The route's answer to an authenticated request of ``token``."""
        refusal = route.refusal(token.role)
        if refusal is not None:
            raise Problem(403, refusal, kind="claim-refused")
        try:
            body = await _body(request, route, max_body) if route.request else None
        except Problem as refused:
            if route.keeps_refused and refused.status in (400, 422):
                await _keep_refused(services, route, token, request, refused, clock())
            raise
        call = Call(
            services,
            token,
            clock(),
            body,
            _query(route.query, request.query),
            dict(request.match_info),
        )
        return web.json_response(await route.handler(call), status=route.status)

    document: list[dict[str, Any]] = []  # built at its first request: no start pays for it

    async def openapi(_request: web.Request) -> web.Response:
        if not document:
            document.append(openapi_document())
        return web.json_response(document[0])

    app = web.Application(client_max_size=max_body, middlewares=[problems])
    app[SERVICES] = services
    for route in (HEALTH, *ROUTES):
        app.router.add_route(route.method, route.path, serve(route))
    app.router.add_get("/v1/openapi.json", openapi)
    return app


_CHALLENGE: Final = {"WWW-Authenticate": 'Bearer realm="canon"'}


def _secret(request: web.Request) -> str | None:
    """The bearer secret the request carries, or None."""
    scheme, _, secret = request.headers.get("Authorization", "").partition(" ")
    return secret.strip() or None if scheme.lower() == "bearer" else None


async def _authenticate(
    services: Services, request: web.Request, limiter: RateLimiter, at: float
) -> tuple[ApiToken, float] | None:
    """The request's live token and how long it must wait (0: go ahead), its bucket
    spent; None for an unknown or revoked token."""
    secret = _secret(request)
    if secret is None:
        raise Problem(401, "send Authorization: Bearer <token>", headers=_CHALLENGE)
    return await spend_for(services.engine.store.api_tokens, secret, at, limiter)


async def _spend_address(
    services: Services, request: web.Request, limiter: RateLimiter, at: float
) -> None:
    """One request from the client address's bucket, or the 429 saying when to retry.
    Spent before the secret is looked up: a refused guess learns nothing."""
    wait = await services.engine.store.api_tokens.take_request(
        address_bucket(request.remote), at, limiter.per_second, limiter.burst
    )
    if wait > 0:
        raise Problem(
            429,
            "too many requests without a token known here from this address; slow down",
            headers={"Retry-After": RateLimiter.retry_after(wait)},
        )


def _refuse_spent(spent: Spent) -> None:
    """The 401 or 429 problem of a spend that refused its request."""
    if spent is None:
        raise Problem(401, "unknown or revoked token", headers=_CHALLENGE)
    if spent[1] > 0:
        raise Problem(
            429,
            "too many requests for this token; slow down",
            headers={"Retry-After": RateLimiter.retry_after(spent[1])},
        )


_BEHIND: set[asyncio.Task[Any]] = set()


def _spend_behind(along: SpendAlong) -> None:
    """Send a cancelled request's spend if no read carried it (its task is gone)."""
    task = asyncio.get_running_loop().create_task(along.outcome())
    _BEHIND.add(task)
    task.add_done_callback(_BEHIND.discard)


async def _body(request: web.Request, route: Route, max_body: int) -> Any:
    if request.content_type != "application/json":
        raise Problem(415, "send the body as application/json")
    charset = request.charset
    if charset is not None and charset.strip('"').lower() != "utf-8":
        # JSON is UTF-8 (RFC 8259, 8.1): a body declared in another charset is refused,
        # never decoded as UTF-8 (a UTF-16 or Latin-1 body would be misread or blamed).
        raise Problem(
            415,
            f"JSON bodies are UTF-8 (RFC 8259); charset={charset} is not read: "
            "send UTF-8, with charset=utf-8 or no charset",
        )
    if request.content_length is not None and request.content_length > max_body:
        raise Problem(413, f"the body is larger than {max_body} bytes")
    raw = await request.read()  # aiohttp refuses more than client_max_size (413)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Problem(400, f"the body is not UTF-8 text: {e.reason}", kind="not-json") from None
    # Never raises: too deep, a number out of range, NaN: each is why not.
    # A person's words with a lone surrogate are the handler's to refuse and keep.
    data, why_not = parse_json(text, surrogates=route.words is not None)
    if why_not is not None:
        raise Problem(400, f"the body is {why_not}", kind="not-json")
    errors = body_errors(str(route.request), as_checked(str(route.request), data, route.words))
    if errors:
        # Said in words; the validator's own (a JSON path, Python's repr) kept in ``errors``.
        raise Problem(
            422, plain_reason(errors[0]), kind="invalid-body", extra={"errors": errors[:20]}
        )
    return data


REFUSED_BODY: Final = "http_body"
"""The dead letter's schema for a write's body refused whole: kept, never retried."""


async def _keep_refused(
    services: Services,
    route: Route,
    token: ApiToken,
    request: web.Request,
    refused: Problem,
    now: datetime,
) -> None:
    """Keep a write's refused body in the dead-letter queue as ``token``'s: its text (bytes
    that are not UTF-8 escaped), bounded as every letter is, with why it was refused."""
    raw = await request.read()  # read already: aiohttp keeps the body
    text = raw.decode("utf-8", errors="backslashreplace")
    data, why_not = parse_json(text)  # JSON of the wrong shape is kept as JSON, not escaped twice
    # The raw detail when there is one (the letter's ``reasons`` say it in words).
    detail = refused.extra.get("errors") or [refused.detail]
    why = f"{route.method} {route.path}: {refused.status} {detail[0]}"
    writer = token_principal(token.id, token.role, token.entity_id, token.name)
    kept = text if why_not is not None else data
    await services.engine.ingest_invalid(REFUSED_BODY, kept, [why], now=now, principal=writer)


def _query(params: tuple[Param, ...], given: Mapping[str, str]) -> dict[str, Any]:
    """The route's query parameters, typed and checked (422 when one is wrong or unknown:
    "?entity_id=user:alice" silently ignored would answer for the token's own entity, and
    the caller would take that for Alice's)."""
    names = [p.name for p in params]
    unknown = sorted(set(given) - set(names))
    if unknown:
        takes = f"it takes {', '.join(names)}" if names else "it takes none"
        raise Problem(
            422,
            f"unknown query parameter {', '.join(unknown)}; {takes}",
            kind="invalid-query",
        )
    out: dict[str, Any] = {}
    for p in params:
        raw = given.get(p.name)
        if raw is None:
            if p.required:
                raise Problem(422, f"query parameter {p.name} is required", kind="invalid-query")
            continue
        value: Any = raw
        if p.schema.get("type") == "integer":
            try:
                value = int(raw)
            except ValueError:
                raise Problem(
                    422, f"{p.name} must be a whole number", kind="invalid-query"
                ) from None
        errors = value_errors(p.schema, value)
        if errors:  # said in words; the validator's own (repr, regex) kept in ``errors``
            raise Problem(
                422,
                plain_query_reason(p.name, errors[0]),
                kind="invalid-query",
                extra={"errors": [f"{p.name}: {e}" for e in errors[:20]]},
            )
        out[p.name] = value
    return out
