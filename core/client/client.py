"""``CanonClient``: Canon's HTTP API (``canon serve``) from Python, one method per route.

    async with CanonClient() as canon:          # CANON_URL and CANON_TOKEN
        block = await canon.context(max_tokens=400)
        result = await canon.post_message("I moved to Oakland", message_id="m-1")

Every answer is a typed value (``core.client.results``, ``core.client.beliefs``); every
problem document the API sends is raised as the error of ``core.errors`` it means
(``OutOfReach``, ``ApiNotFound``, ``RateLimited``, ...), and an API that does not answer
within ``timeout`` seconds as ``ApiUnreachable``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Final
from urllib.parse import quote

import httpx

from core.client.beliefs import Change, State, Value, Why, read_state
from core.client.problems import problem_error
from core.client.results import (
    Answer,
    AnswerResult,
    Context,
    DeadLetter,
    Health,
    MessageResult,
    ObservationsResult,
    Question,
)
from core.client_tls import client_tls
from core.domain.timeutil import format_ts
from core.errors import ApiUnavailable, ApiUnreachable, ConfigError

DEFAULT_TIMEOUT: Final = 10.0
"""Seconds for a whole request (connect, send, wait, read)."""


class CanonClient:
    """An async client of one Canon HTTP API, speaking with one bearer token.

    ``base_url`` (e.g. ``http://127.0.0.1:8787``) and ``token`` come from the
    arguments, else from ``CANON_URL`` and ``CANON_TOKEN`` in ``env`` (default:
    the process environment).
    """

    def __init__(
        self,
        base_url: str | None = None,
        token: str | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        env: Mapping[str, str] | None = None,
    ) -> None:
        env = os.environ if env is None else env
        url = base_url or env.get("CANON_URL", "")
        secret = token or env.get("CANON_TOKEN", "")
        if not url:
            raise ConfigError("no Canon URL: pass base_url or set CANON_URL")
        if not secret:
            raise ConfigError("no Canon token: pass token or set CANON_TOKEN")
        url = url.rstrip("/").removesuffix("/v1")
        self.base_url = url
        self._http = httpx.AsyncClient(
            base_url=f"{url}/v1",
            headers={"Authorization": f"Bearer {secret}", "Accept": "application/json"},
            timeout=timeout,
            verify=client_tls(),
        )

    async def __aenter__(self) -> CanonClient:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    # -- the routes (core/api/routes.py), in its order -------------------------------
    async def post_message(
        self, text: str, *, message_id: str | None = None, at: datetime | None = None
    ) -> MessageResult:
        """A message the user wrote: extracted, resolved; the decisions and any question.
        Posting the same ``message_id`` again is a duplicate."""
        body: dict[str, Any] = {"text": text}
        if message_id is not None:
            body["message_id"] = message_id
        if at is not None:
            body["at"] = format_ts(at)
        return MessageResult.read(await self._call("POST", "/messages", json=body))

    async def post_observations(self, observations: Sequence[Any]) -> ObservationsResult:
        """StateObservation payloads, idempotent by event_id; invalid ones are dead-lettered."""
        body = {"observations": list(observations)}
        return ObservationsResult.read(await self._call("POST", "/observations", json=body))

    async def context(self, *, entity: str | None = None, max_tokens: int | None = None) -> Context:
        """The context block to put before the assistant's reply."""
        params = _params(entity=entity, max_tokens=max_tokens)
        return Context.read(await self._call("GET", "/context", params=params))

    async def state(self, *, entity: str | None = None) -> State:
        """What Canon believes, by entity and field."""
        return read_state(await self._call("GET", "/state", params=_params(entity=entity)))

    async def questions(self, *, entity: str | None = None) -> list[Question]:
        """The questions waiting for the user, oldest first."""
        got = await self._call("GET", "/questions", params=_params(entity=entity))
        return [Question.read(q) for q in got["questions"]]

    async def answer(
        self,
        question_id: str,
        answer: Answer,
        value: Value = None,
        *,
        new_place: bool = False,
        parts: Sequence[str] | None = None,
    ) -> AnswerResult:
        """Answer a question: ``yes``, ``no``, or ``edit`` with the right ``value``; with
        ``new_place`` an edited place Canon does not know is stored anyway. A ``no`` with
        ``parts`` (ids of questions in its ``group``) rejects only those parts, as the chat's
        "Which part is wrong?"; the rest comes back in ``asked_again``."""
        body: dict[str, Any] = {"answer": answer}
        if answer == "edit":
            body["value"] = value
            if new_place:
                body["new_place"] = True
        if parts is not None:
            # Sent as given, also with a Yes or an Edit: the API refuses those (422), which
            # the caller should hear rather than have the parts silently dropped.
            body["parts"] = list(parts)
        path = f"/questions/{quote(question_id, safe='')}/answer"
        return AnswerResult.read(await self._call("POST", path, json=body))

    async def why(self, field: str, *, entity: str | None = None) -> Why:
        """The evidence behind ``field``'s value and how it got there."""
        params = _params(field=field, entity=entity)
        return Why.read(await self._call("GET", "/why", params=params))

    async def history(self, *, entity: str | None = None, field: str | None = None) -> list[Change]:
        """Every committed change, oldest first."""
        got = await self._call("GET", "/history", params=_params(entity=entity, field=field))
        return [Change.read(c) for c in got["changes"]]

    async def forget(self, field: str, *, entity: str | None = None) -> Question:
        """Ask to forget ``field``: the question the user confirms."""
        body = {"field": field, **({"entity_id": entity} if entity else {})}
        return Question.read((await self._call("POST", "/forget", json=body))["question"])

    async def undo(self, *, entity: str | None = None) -> Question:
        """Ask to undo the newest change: the question the user confirms."""
        body = {"entity_id": entity} if entity else {}
        return Question.read((await self._call("POST", "/undo", json=body))["question"])

    async def dead_letters(self) -> list[DeadLetter]:
        """Inputs that failed validation, for the entities the token reaches."""
        got = await self._call("GET", "/dead-letters")
        return [DeadLetter.read(d) for d in got["dead_letters"]]

    async def health(self) -> Health:
        """Liveness (needs no token, but sends it all the same)."""
        return Health.read(await self._call("GET", "/health"))

    async def openapi(self) -> dict[str, Any]:
        """The OpenAPI 3.1 document the server serves."""
        return await self._call("GET", "/openapi.json")

    # -- the boundary ----------------------------------------------------------------
    async def _call(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        params: Mapping[str, str | int] | None = None,
    ) -> dict[str, Any]:
        try:
            response = await self._http.request(method, path, json=json, params=params)
        except httpx.TimeoutException as e:
            raise ApiUnreachable(f"Canon at {self.base_url} did not answer in time") from e
        except httpx.HTTPError as e:
            raise ApiUnreachable(f"Canon at {self.base_url} cannot be reached: {e}") from e
        try:
            response.raise_for_status()
        except httpx.HTTPStatusError as e:
            raise problem_error(
                response.status_code, response.content, response.headers.get("Retry-After")
            ) from e
        try:
            data = response.json()
        except ValueError as e:
            raise ApiUnavailable(
                response.status_code, "not-json", f"{method} {path} answered without JSON"
            ) from e
        if not isinstance(data, dict):
            raise ApiUnavailable(response.status_code, "not-an-object", f"{method} {path}")
        return data


def _params(**given: str | int | None) -> dict[str, str | int]:
    return {k: v for k, v in given.items() if v is not None}
