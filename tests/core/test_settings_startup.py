"""Reading the settings loads configuration, not the language machinery.

Every command reads ``core.settings`` first; when it imported the context renderer (for
its default token budget) and the workspace package (for its projection settings), every
one of them also loaded the engine and compiled the extraction rules, more than half a
second of regular expressions before the command did anything. These tests pin what a
fresh process holds after reading its settings (never how long it took).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fresh_interpreter import probe_answer

SETTINGS_OWN = {
    "core.extraction",
    "core.extraction.llm_config",
    "core.extraction.reader_mode",
    "core.extraction.gazetteer",
    "core.extraction.city_names_said",
    "core.extraction.users_clock",
    "core.extraction.word_gates",
    "core.extraction.pattern_cache",  # what word_gates compiles through: no rule of its own
}
"""The configuration modules of the extraction package the settings name (the model's
configuration, where messages are read, places and their zones, and the gazetteer's own
list of names said for cities: data only), and the gate the gazetteer's few patterns are
compiled with (stdlib only); no rule module."""

NEVER = (
    "core.engine.engine",
    "core.conversation.context",
    "core.workspace.projection",
    "core.workspace.manual_input",
    "aiohttp",
    "spacy",
)


def loaded_after_reading_settings(tmp_path: Path, environ: dict[str, str]) -> set[str]:
    probe = (
        "import json, sys\n"
        "from core.settings import load_settings\n"
        f"settings = load_settings({environ!r})\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    return set(probe_answer(probe, cwd=tmp_path))


@pytest.mark.parametrize(
    "environ",
    [
        {"CANON_DB": "memory://"},
        {
            "CANON_DB": "memory://",
            "CANON_ALLOWED_USER_IDS": "111,222",
            "CANON_USER_NAMES": "111=Alice,222=Bob",
            "CANON_SHARED_ENTITIES": "family:home",
            "CANON_CONTEXT_TOKENS": "900",
            "CANON_PROJECTION_MODE": "legacy_string",
        },
    ],
    ids=["defaults", "a household"],
)
def test_reading_settings_compiles_no_extraction_rule(
    tmp_path: Path, environ: dict[str, str]
) -> None:
    loaded = loaded_after_reading_settings(tmp_path, environ)
    extraction = {m for m in loaded if m == "core.extraction" or m.startswith("core.extraction.")}
    assert extraction <= SETTINGS_OWN, sorted(extraction - SETTINGS_OWN)
    assert not loaded & set(NEVER), sorted(loaded & set(NEVER))
    assert "core.settings" in loaded


def test_the_workspace_package_still_offers_its_names() -> None:
    """The package loads each module when one of its names is first asked for."""
    import core.workspace
    from core.workspace.projection import refresh_projections
    from core.workspace.settings import WorkspaceSettings

    assert core.workspace.refresh_projections is refresh_projections
    assert core.workspace.WorkspaceSettings is WorkspaceSettings
    assert set(core.workspace.__all__) == set(core.workspace._HOMES)
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = core.workspace.no_such_name  # type: ignore[attr-defined]
