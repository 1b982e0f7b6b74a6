"""Installing the poller as a cron job, a systemd user timer or a launchd agent.

The unit texts are rendered from the running ``canon`` executable and the
current CANON_* settings, so the scheduled job sees the same store and
config as the command that installed it. ``deploy/`` ships the same units as
static files for people who prefer to install by hand.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

from core.errors import ConfigError

Scheduler = Literal["cron", "systemd", "launchd"]
MARK: Final = "# canon-poller"
LABEL: Final = "dev.canon.poll"
UNIT: Final = "canon-poll"
_ENV_KEYS: Final = ("CANON_DB", "CANON_CONFIG", "CANON_WORKSPACE", "CANON_POLICY")


@dataclass(frozen=True)
class Plan:
    """Files to write (path, text) and commands to run, for one scheduler."""

    files: tuple[tuple[Path, str], ...]
    commands: tuple[tuple[str, ...], ...]
    remove: tuple[Path, ...] = ()


def canon_executable() -> str:
    found = shutil.which("canon")
    return found or str(Path(sys.executable).with_name("canon"))


def carried_env(environ: Mapping[str, str]) -> dict[str, str]:
    """The CANON_* settings (none of them secret) a scheduled or supervised canon keeps."""
    return {k: environ[k] for k in _ENV_KEYS if environ.get(k)}


def cron_line(every_minutes: int, canon: str, environ: Mapping[str, str]) -> str:
    env = " ".join(f"{k}={shlex.quote(v)}" for k, v in carried_env(environ).items())
    command = f"{env} {shlex.quote(canon)} poll --quiet".strip()
    return f"*/{every_minutes} * * * * {command} {MARK}"


def systemd_units(every_minutes: int, canon: str, environ: Mapping[str, str]) -> dict[str, str]:
    env = "".join(f'Environment="{k}={v}"\n' for k, v in carried_env(environ).items())
    service = (
        "[Unit]\nDescription=Canon: poll calendars and mailboxes once\n"
        "After=network-online.target\nWants=network-online.target\n\n"
        f"[Service]\nType=oneshot\n{env}ExecStart={canon} poll --quiet\n"
    )
    timer = (
        "[Unit]\nDescription=Canon: poll calendars and mailboxes periodically\n\n"
        f"[Timer]\nOnBootSec=2min\nOnUnitActiveSec={every_minutes}min\nPersistent=true\n\n"
        "[Install]\nWantedBy=timers.target\n"
    )
    return {f"{UNIT}.service": service, f"{UNIT}.timer": timer}


def launchd_plist(every_minutes: int, canon: str, environ: Mapping[str, str], logs: Path) -> str:
    env = "".join(
        f"        <key>{k}</key><string>{v}</string>\n" for k, v in carried_env(environ).items()
    )
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
    <key>Label</key><string>{LABEL}</string>
    <key>ProgramArguments</key>
    <array><string>{canon}</string><string>poll</string><string>--quiet</string></array>
    <key>EnvironmentVariables</key>
    <dict>
{env}    </dict>
    <key>StartInterval</key><integer>{every_minutes * 60}</integer>
    <key>RunAtLoad</key><true/>
    <key>StandardOutPath</key><string>{logs / "canon-poll.log"}</string>
    <key>StandardErrorPath</key><string>{logs / "canon-poll.log"}</string>
</dict>
</plist>
"""


def plan(
    scheduler: Scheduler,
    every_minutes: int,
    home: Path,
    environ: Mapping[str, str],
    *,
    install: bool,
) -> Plan:
    """What installing (or uninstalling) the poller for ``scheduler`` does."""
    if not 1 <= every_minutes <= 59 and scheduler == "cron":
        raise ConfigError("cron polls every 1 to 59 minutes")
    canon = canon_executable()
    if scheduler == "systemd":
        units = home / ".config" / "systemd" / "user"
        paths = tuple(units / name for name in systemd_units(1, canon, environ))
        if not install:
            return Plan(
                (),
                (("systemctl", "--user", "disable", "--now", f"{UNIT}.timer"),),
                remove=paths,
            )
        texts = systemd_units(every_minutes, canon, environ)
        return Plan(
            tuple((units / n, t) for n, t in texts.items()),
            (
                ("systemctl", "--user", "daemon-reload"),
                ("systemctl", "--user", "enable", "--now", f"{UNIT}.timer"),
            ),
        )
    if scheduler == "launchd":
        path = home / "Library" / "LaunchAgents" / f"{LABEL}.plist"
        if not install:
            return Plan((), (("launchctl", "unload", str(path)),), remove=(path,))
        logs = home / "Library" / "Logs"
        text = launchd_plist(every_minutes, canon, environ, logs)
        return Plan(((path, text),), (("launchctl", "load", "-w", str(path)),))
    return Plan((), ())  # cron edits the crontab in place: see crontab_with / crontab_without


def crontab_with(current: str, line: str) -> str:
    """The crontab with Canon's line replaced (or added); other lines untouched."""
    kept = [x for x in current.splitlines() if not x.rstrip().endswith(MARK)]
    return "\n".join([*kept, line]) + "\n"


def crontab_without(current: str) -> str:
    kept = [x for x in current.splitlines() if not x.rstrip().endswith(MARK)]
    return "\n".join(kept) + ("\n" if kept else "")


def apply(p: Plan, *, run: bool = True) -> list[str]:
    """Write the files, remove the old ones, run the commands; lines describing each step."""
    done: list[str] = []
    for path in p.remove:
        if path.exists():
            path.unlink()
            done.append(f"removed {path}")
    for path, text in p.files:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        done.append(f"wrote {path}")
    for command in p.commands:
        if not run or shutil.which(command[0]) is None:
            done.append(f"run yourself: {shlex.join(command)}")
            continue
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        status = "ok" if result.returncode == 0 else f"failed: {result.stderr.strip()[:200]}"
        done.append(f"{shlex.join(command)}: {status}")
    return done


def edit_crontab(install: bool, every_minutes: int, environ: Mapping[str, str]) -> str:
    """Add or remove Canon's crontab line through the ``crontab`` command."""
    if shutil.which("crontab") is None:
        raise ConfigError("no crontab command here; use --systemd or --launchd")
    listed = subprocess.run(["crontab", "-l"], capture_output=True, text=True, check=False)
    current = listed.stdout if listed.returncode == 0 else ""  # no crontab yet
    if install:
        line = cron_line(every_minutes, canon_executable(), environ)
        new = crontab_with(current, line)
    else:
        line = ""
        new = crontab_without(current)
    written = subprocess.run(
        ["crontab", "-"], input=new, text=True, capture_output=True, check=False
    )
    if written.returncode != 0:
        raise ConfigError(f"crontab refused the new table: {written.stderr.strip()[:200]}")
    return f"crontab: {'installed ' + line if install else 'removed the canon-poller line'}"


def home_dir(environ: Mapping[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    return Path(env.get("HOME") or Path.home())
