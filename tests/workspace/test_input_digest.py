"""A workspace input file read again unchanged is not parsed again (its digest is known)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.projections import zones as zone_module
from core.workspace import manual_input

ZONE = "<!-- STATE-INPUT:BEGIN zone_id=z schema=v1 -->\n- a\n<!-- STATE-INPUT:END zone_id=z -->\n"


def test_an_unchanged_file_is_parsed_once_and_a_changed_one_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parsed: list[str] = []

    def counting(text: str) -> list[zone_module.Zone]:
        parsed.append(text)
        return zone_module.find_zones(text)

    monkeypatch.setattr(manual_input, "find_zones", counting)
    monkeypatch.setattr(manual_input, "_PARSED", {})
    path = tmp_path / "HEARTBEAT.md"
    path.write_text(ZONE, encoding="utf-8")
    first = manual_input._read_zones(path)
    assert manual_input._read_zones(path) == first
    path.write_text(ZONE + "more notes\n", encoding="utf-8")
    changed = manual_input._read_zones(path)
    assert changed is not None
    assert first is not None
    assert changed[1] == first[1]
    assert parsed == [ZONE, ZONE + "more notes\n"]
