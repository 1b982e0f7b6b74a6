"""A worker's memory of the tokens it has seen live (``SeenTokens``): bounded, and when it is
full only the token seen first is forgotten, never all of them at once."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.api.tokens import SeenTokens
from core.domain.api_tokens import ApiToken

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def token(n: int) -> ApiToken:
    return ApiToken(f"t-{n}", f"laptop {n}", f"user:u{n}", f"{n:064x}", NOW)


def seen(*numbers: int, most: int) -> SeenTokens:
    tokens = SeenTokens(most=most)
    for n in numbers:
        tokens.add(token(n))
    return tokens


@pytest.mark.parametrize(
    ("added", "most", "kept", "forgotten"),
    [
        ((1, 2, 3), 3, (1, 2, 3), ()),
        ((1, 2, 3, 4), 3, (2, 3, 4), (1,)),
        ((1, 2, 3, 4, 5), 3, (3, 4, 5), (1, 2)),
        # Seeing a kept token again takes no room and forgets nobody.
        ((1, 2, 3, 2, 1), 3, (1, 2, 3), ()),
        ((1, 2, 3, 3, 4), 3, (2, 3, 4), (1,)),
    ],
)
def test_a_full_memory_forgets_the_token_seen_first(
    added: tuple[int, ...], most: int, kept: tuple[int, ...], forgotten: tuple[int, ...]
) -> None:
    tokens = seen(*added, most=most)
    assert len(tokens) == len(kept)
    assert all(token(n).secret_sha256 in tokens for n in kept)
    assert not any(token(n).secret_sha256 in tokens for n in forgotten)
