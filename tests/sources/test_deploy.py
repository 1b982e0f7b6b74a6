"""Deployment units and scripts: parsed by systemd, run against stub schedulers."""

from __future__ import annotations

import os
import plistlib
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from core.cli import cli
from core.sources.install import cron_line, crontab_with, crontab_without, systemd_units

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
needs_systemd = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed"
)


def _stubs(tmp_path: Path) -> dict[str, str]:
    """A PATH whose crontab and launchctl record into files under tmp_path."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "crontab").write_text(
        '#!/bin/sh\ntab="$STUB_DIR/crontab.txt"\n'
        'if [ "$1" = "-l" ]; then [ -e "$tab" ] && cat "$tab" && exit 0; '
        'echo "no crontab for you" >&2; exit 1; fi\n'
        'if [ "$1" = "-" ]; then cat > "$tab"; exit 0; fi\nexit 2\n'
    )
    (bin_dir / "launchctl").write_text('#!/bin/sh\necho "$@" >> "$STUB_DIR/launchctl.log"\n')
    (bin_dir / "canon").write_text("#!/bin/sh\nexit 0\n")
    for f in bin_dir.iterdir():
        f.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    return {
        "PATH": f"{bin_dir}:{os.environ['PATH']}",
        "HOME": str(home),
        "STUB_DIR": str(tmp_path),
        "CANON_CONFIG": "/etc/canon.toml",
    }


def _run(script: str, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["sh", str(DEPLOY / script), *args], env=env, capture_output=True, text=True, check=False
    )


@needs_systemd
@pytest.mark.parametrize("source", ["shipped", "generated"])
def test_systemd_units_verify(tmp_path: Path, source: str) -> None:
    if source == "shipped":
        units = {
            p.name: p.read_text().replace("%h/.local/bin/canon", "/bin/true")
            for p in (DEPLOY / "systemd").iterdir()
        }
    else:
        units = systemd_units(10, "/bin/true", {"CANON_DB": "/tmp/c.db"})
    for name, text in units.items():
        (tmp_path / name).write_text(text)
    result = subprocess.run(
        ["systemd-analyze", "verify", *(str(tmp_path / n) for n in units)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_cron_scripts_add_one_line_and_keep_the_others(tmp_path: Path) -> None:
    env = _stubs(tmp_path)
    tab = tmp_path / "crontab.txt"
    tab.write_text("0 3 * * * backup.sh\n")
    assert _run("cron/install-cron.sh", env, "10").returncode == 0
    assert _run("cron/install-cron.sh", env, "10").returncode == 0  # idempotent
    lines = tab.read_text().splitlines()
    assert lines[0] == "0 3 * * * backup.sh"
    assert len(lines) == 2
    assert lines[1].startswith("*/10 * * * * CANON_CONFIG=/etc/canon.toml ")
    assert _run("cron/install-cron.sh", env, "abc").returncode == 2
    assert _run("cron/uninstall-cron.sh", env).returncode == 0
    assert tab.read_text().splitlines() == ["0 3 * * * backup.sh"]


def test_launchd_scripts_render_a_valid_plist_from_their_own_location(tmp_path: Path) -> None:
    env = _stubs(tmp_path)
    copy = tmp_path / "elsewhere"
    shutil.copytree(DEPLOY / "launchd", copy)  # paths derive from the script, not the cwd
    result = subprocess.run(
        ["sh", str(copy / "install-launchd.sh"), "15"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    target = Path(env["HOME"]) / "Library/LaunchAgents/dev.canon.poll.plist"
    plist = plistlib.loads(target.read_bytes())
    assert plist["StartInterval"] == 900
    assert plist["ProgramArguments"][1:] == ["poll", "--quiet"]
    assert plist["EnvironmentVariables"]["CANON_CONFIG"] == "/etc/canon.toml"
    assert "load -w" in (tmp_path / "launchctl.log").read_text()
    subprocess.run(
        ["sh", str(copy / "uninstall-launchd.sh")], env=env, check=True, capture_output=True
    )
    assert not target.exists()


def test_install_poller_command_for_cron_and_launchd(tmp_path: Path) -> None:
    env = _stubs(tmp_path)
    runner = CliRunner()
    assert (
        runner.invoke(cli, ["install-poller", "--cron", "--every", "15m"], env=env).exit_code == 0
    )
    assert "*/15 * * * *" in (tmp_path / "crontab.txt").read_text()
    assert runner.invoke(cli, ["uninstall-poller", "--cron"], env=env).exit_code == 0
    assert "canon-poller" not in (tmp_path / "crontab.txt").read_text()
    installed = runner.invoke(cli, ["install-poller", "--launchd"], env=env)
    assert installed.exit_code == 0, installed.output
    plist = Path(env["HOME"]) / "Library/LaunchAgents/dev.canon.poll.plist"
    assert plistlib.loads(plist.read_bytes())["StartInterval"] == 300
    dry = runner.invoke(cli, ["install-poller", "--systemd", "--dry-run"], env=env)
    assert "OnUnitActiveSec=5min" in dry.output
    assert not (Path(env["HOME"]) / ".config/systemd").exists()


def test_crontab_editing_is_pure_and_reversible() -> None:
    line = cron_line(5, "/usr/bin/canon", {"CANON_DB": "/d b"})
    assert line.startswith("*/5 * * * * CANON_DB='/d b' /usr/bin/canon poll --quiet")
    table = crontab_with("MAILTO=me\n", line)
    assert crontab_with(table, line) == table
    assert crontab_without(table) == "MAILTO=me\n"


def test_the_container_files_name_the_poller() -> None:
    containerfile = (DEPLOY / "container/Containerfile").read_text()
    assert 'CMD ["canon", "poll", "--every", "5m", "--quiet"]' in containerfile
    compose = (DEPLOY / "container/compose.yaml").read_text()
    import yaml

    services = yaml.safe_load(compose)["services"]
    assert services["poller"]["command"][:2] == ["canon", "poll"]
