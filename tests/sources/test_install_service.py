"""`canon install-service bot|serve`: units parsed by systemd and plistlib, installed into a
temporary HOME against stub supervisors, secrets only in the 0600 environment file."""

from __future__ import annotations

import os
import plistlib
import shutil
import subprocess
from pathlib import Path
from typing import Literal

import pytest
import yaml
from click.testing import CliRunner

from core.cli import cli
from core.sources.install_service import systemd_unit

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
TOKEN = "123456:secret-token-never-in-a-unit"
needs_systemd = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed"
)


def _stubs(tmp_path: Path) -> dict[str, str]:
    """A PATH whose systemctl and launchctl record their arguments, and a HOME of its own."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("systemctl", "launchctl"):
        (bin_dir / tool).write_text(f'#!/bin/sh\necho "$@" >> "{tmp_path}/{tool}.log"\n')
    # The canon the units start: says what it was started as and which token it got.
    (bin_dir / "canon").write_text(
        f'#!/bin/sh\necho "$1 $TELEGRAM_BOT_TOKEN $CANON_DB" > "{tmp_path}/started"\n'
    )
    for f in bin_dir.iterdir():
        f.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    return {
        "PATH": f"{bin_dir}:{os.environ['PATH']}",
        "HOME": str(home),
        "CANON_DB": str(tmp_path / "canon.db"),
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "CANON_ALLOWED_USER_IDS": "42",
    }


def _install(env: dict[str, str], *args: str) -> str:
    result = CliRunner().invoke(cli, ["install-service", *args], env=env)
    assert result.exit_code == 0, result.output
    return result.output


@needs_systemd
@pytest.mark.parametrize("service", ["bot", "serve"])
def test_the_generated_unit_verifies(tmp_path: Path, service: Literal["bot", "serve"]) -> None:
    """(The units shipped in deploy/systemd are verified by test_deploy.py.)"""
    text = systemd_unit(service, "/bin/true", {"CANON_DB": "/tmp/c.db"}, tmp_path / "c.env")
    unit = tmp_path / f"canon-{service}.service"
    unit.write_text(text)
    result = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "Restart=on-failure" in text.splitlines()


def test_systemd_install_keeps_secrets_in_the_private_env_file(tmp_path: Path) -> None:
    env = _stubs(tmp_path)
    home = Path(env["HOME"])
    _install(env, "bot", "--systemd")
    unit = home / ".config/systemd/user/canon-bot.service"
    env_file = home / ".config/canon/canon.env"
    text = unit.read_text()
    assert f"ExecStart={tmp_path}/bin/canon bot" in text
    assert f"EnvironmentFile={env_file}" in text
    assert f'Environment="CANON_DB={env["CANON_DB"]}"' in text
    assert TOKEN not in text
    assert env_file.stat().st_mode & 0o777 == 0o600
    assert f"TELEGRAM_BOT_TOKEN={TOKEN}" in env_file.read_text().splitlines()
    assert "CANON_ALLOWED_USER_IDS=42" in env_file.read_text().splitlines()
    assert (tmp_path / "systemctl.log").read_text().splitlines() == [
        "--user daemon-reload",
        "--user enable --now canon-bot.service",
    ]

    # Installing again (another service, a changed token) never overwrites the file.
    output = _install({**env, "TELEGRAM_BOT_TOKEN": "other"}, "serve", "--systemd")
    assert f"kept {env_file}" in output
    assert f"TELEGRAM_BOT_TOKEN={TOKEN}" in env_file.read_text()
    assert (home / ".config/systemd/user/canon-serve.service").exists()

    output = _install(env, "bot", "--systemd", "--uninstall")
    assert not unit.exists()
    assert env_file.exists(), "the secrets are the user's: kept, and said so"
    assert f"kept {env_file}" in output
    assert "--user disable --now canon-bot.service" in (tmp_path / "systemctl.log").read_text()


def test_launchd_agent_keeps_alive_and_reads_the_token_from_the_env_file(tmp_path: Path) -> None:
    env = _stubs(tmp_path)
    home = Path(env["HOME"])
    _install(env, "serve", "--launchd")
    path = home / "Library/LaunchAgents/dev.canon.serve.plist"
    assert TOKEN not in path.read_text()
    agent = plistlib.loads(path.read_bytes())
    assert agent["KeepAlive"] is True
    assert agent["RunAtLoad"] is True
    assert agent["EnvironmentVariables"] == {"CANON_DB": env["CANON_DB"]}
    assert f"load -w {path}" in (tmp_path / "launchctl.log").read_text()
    # What launchd would start: the program, with the plist's environment only.
    subprocess.run(
        agent["ProgramArguments"],
        env={"PATH": "/usr/bin:/bin", **agent["EnvironmentVariables"]},
        check=True,
    )
    assert (tmp_path / "started").read_text().split() == ["serve", TOKEN, env["CANON_DB"]]

    _install(env, "serve", "--launchd", "--uninstall")
    assert not path.exists()
    assert f"unload {path}" in (tmp_path / "launchctl.log").read_text()


def test_dry_run_changes_nothing_and_shows_no_secret(tmp_path: Path) -> None:
    env = _stubs(tmp_path)
    output = _install(env, "bot", "--systemd", "--dry-run")
    assert "Restart=on-failure" in output
    assert f"TELEGRAM_BOT_TOKEN=<{len(TOKEN)} characters>" in output
    assert TOKEN not in output
    assert "would run: systemctl --user enable --now canon-bot.service" in output
    assert list(Path(env["HOME"]).iterdir()) == []
    assert not (tmp_path / "systemctl.log").exists()


def test_container_commands_are_printed_for_a_checkout(tmp_path: Path) -> None:
    env = _stubs(tmp_path)
    output = _install(env, "bot", "--container")
    env_file = Path(env["HOME"]) / ".config/canon/canon.env"
    assert f"--env-file={env_file}" in output
    assert "--restart=on-failure" in output
    assert output.rstrip().endswith("canon canon bot")
    assert "run yourself: " in output
    removed = _install(env, "bot", "--container", "--uninstall")
    assert "rm --force canon-bot" in removed
    assert "checkout" not in removed
    services = yaml.safe_load((DEPLOY / "container/compose.yaml").read_text())["services"]
    assert services["bot"]["command"] == ["canon", "bot"]
    assert services["serve"]["command"] == ["canon", "serve"]
    assert services["bot"]["profiles"] == ["bot"], "only started when asked for"


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["bot"], "canon: error: choose one of --systemd, --launchd or --container"),
        (["poll", "--systemd"], "'poll' is not one of 'bot', 'serve'"),
    ],
)
def test_bad_arguments_get_one_line(tmp_path: Path, args: list[str], error: str) -> None:
    result = CliRunner().invoke(cli, ["install-service", *args], env=_stubs(tmp_path))
    assert result.exit_code == 2
    assert error in result.output
    assert "Traceback" not in result.output
