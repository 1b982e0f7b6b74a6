"""Buttons laid out as a phone shows them: short answers side by side, choices stacked."""

from __future__ import annotations

import pytest

from bot.telegram_io import rows


@pytest.mark.parametrize(
    ("labels", "layout"),
    [
        (["Yes", "No", "Edit"], [["Yes", "No", "Edit"]]),
        (["Yes", "No"], [["Yes", "No"]]),
        (["Your departure date", "Your location"], [["Your departure date"], ["Your location"]]),
        (["A", "B", "C", "D"], [["A"], ["B"], ["C"], ["D"]]),
    ],
)
def test_short_answers_share_a_row_and_choices_get_one_each(
    labels: list[str], layout: list[list[str]]
) -> None:
    buttons = [(label, f"data:{label}") for label in labels]
    assert [[text for text, _ in row] for row in rows(buttons)] == layout
