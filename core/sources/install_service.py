"""Installing a long-running canon (``canon bot``, ``canon serve``) as a supervised service.

The poller's installer (``core.sources.install``) schedules a command that runs
and exits; these run for good, so the supervisor restarts them when they fail:
a systemd user unit (``Restart=on-failure``), a launchd agent (``KeepAlive``),
or a container (``--restart=on-failure``, the image of ``deploy/container``).
The plans are the poller's ``Plan``, written and run by its ``apply``.

Secrets (the bot's token, an API key) never go into the unit or the plist,
which anyone on the machine may read: they stay in one environment file,
``~/.config/canon/canon.env``, created 0600 from the current environment and
never overwritten. The unit reads it with ``EnvironmentFile=``, the plist
through ``sh`` sourcing it, the container with ``--env-file``. The non-secret
CANON_* settings are carried into the unit as the poller's are.
"""

from __future__ import annotations

import os
import plistlib
import shlex
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Final, Literal

from core.private_files import private_dir
from core.sources.install import Plan, canon_executable, carried_env

Service = Literal["bot", "serve"]
Manager = Literal["systemd", "launchd", "container"]
IMAGE: Final = "canon"
"""The image ``deploy/container/Containerfile`` builds (podman build ... -t canon .)."""
_WHAT: Final[Mapping[str, str]] = {
    "bot": "the Telegram bot (canon bot)",
    "serve": "the HTTP API (canon serve)",
}
_SECRET_KEYS: Final = ("TELEGRAM_BOT_TOKEN",)
"""Settings outside CANON_* that belong in the environment file."""


def unit_name(service: Service) -> str:
    return f"canon-{service}"


def launchd_label(service: Service) -> str:
    return f"dev.canon.{service}"


def env_file_path(home: Path) -> Path:
    return home / ".config" / "canon" / "canon.env"


def env_file_values(environ: Mapping[str, str]) -> dict[str, str]:
    """What the environment file holds: every setting but the carried, non-secret ones."""
    carried = carried_env(environ)
    return {
        k: v
        for k, v in sorted(environ.items())
        if v and k not in carried and (k.startswith("CANON_") or k in _SECRET_KEYS)
    }


def env_file_text(environ: Mapping[str, str], *, masked: bool = False) -> str:
    """The environment file, readable by systemd and by sh; ``masked`` hides the values."""
    lines = [
        "# Canon's settings and secrets for its services (mode 0600; never world-readable).",
        "# KEY=value lines; add what your [[sources]] name as password_env here too.",
    ]
    for key, value in env_file_values(environ).items():
        shown = f"<{len(value)} characters>" if masked else shlex.quote(value)
        lines.append(f"{key}={shown}")
    if "TELEGRAM_BOT_TOKEN" not in environ:
        lines.append("# TELEGRAM_BOT_TOKEN=<your bot's token>   (canon bot needs it)")
    return "\n".join(lines) + "\n"


def write_env_file(path: Path, environ: Mapping[str, str]) -> str:
    """Create the environment file 0600 unless it exists; what was done, in one line."""
    private_dir(path.parent)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        return f"kept {path} (edit it to change settings or secrets)"
    os.fchmod(fd, 0o600)  # whatever the umask
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(env_file_text(environ))
    return f"wrote {path} (0600)"


def systemd_unit(service: Service, canon: str, environ: Mapping[str, str], env_file: Path) -> str:
    env = "".join(f'Environment="{k}={v}"\n' for k, v in carried_env(environ).items())
    return (
        f"[Unit]\nDescription=Canon: {_WHAT[service]}\n"
        "After=network-online.target\nWants=network-online.target\n\n"
        f"[Service]\nType=simple\n{env}EnvironmentFile={env_file}\n"
        f"ExecStart={canon} {service}\nRestart=on-failure\nRestartSec=5\n\n"
        "[Install]\nWantedBy=default.target\n"
    )


def launchd_plist(
    service: Service, canon: str, environ: Mapping[str, str], env_file: Path, logs: Path
) -> str:
    log = str(logs / f"canon-{service}.log")
    agent = {
        "Label": launchd_label(service),
        # sh exports the environment file's settings, then becomes canon: $0 is the
        # file, $1 canon, $2 the command.
        "ProgramArguments": [
            "/bin/sh",
            "-c",
            'set -a; . "$0"; set +a; exec "$1" "$2"',
            str(env_file),
            canon,
            service,
        ],
        "EnvironmentVariables": carried_env(environ),
        "KeepAlive": True,
        "RunAtLoad": True,
        "StandardOutPath": log,
        "StandardErrorPath": log,
    }
    return plistlib.dumps(agent).decode()


def container_engine() -> str:
    return "podman" if shutil.which("podman") or not shutil.which("docker") else "docker"


def container_commands(
    service: Service, env_file: Path, *, install: bool
) -> tuple[tuple[str, ...], ...]:
    engine = container_engine()
    name = unit_name(service)
    if not install:
        return ((engine, "rm", "--force", name),)
    return (
        (engine, "build", "-f", "deploy/container/Containerfile", "-t", IMAGE, "."),
        (
            engine,
            "run",
            "--detach",
            "--name",
            name,
            "--restart=on-failure",
            f"--env-file={env_file}",
            "--volume=canon-data:/data",
            IMAGE,
            "canon",
            service,
        ),
    )


def plan_service(
    service: Service,
    manager: Manager,
    home: Path,
    environ: Mapping[str, str],
    *,
    install: bool,
) -> Plan:
    """What installing (or uninstalling) ``service`` under ``manager`` does, but for the
    environment file (``write_env_file``), which uninstalling keeps."""
    canon = canon_executable()
    env_file = env_file_path(home)
    if manager == "systemd":
        unit = f"{unit_name(service)}.service"
        path = home / ".config" / "systemd" / "user" / unit
        if not install:
            return Plan((), (("systemctl", "--user", "disable", "--now", unit),), remove=(path,))
        return Plan(
            ((path, systemd_unit(service, canon, environ, env_file)),),
            (
                ("systemctl", "--user", "daemon-reload"),
                ("systemctl", "--user", "enable", "--now", unit),
            ),
        )
    if manager == "launchd":
        path = home / "Library" / "LaunchAgents" / f"{launchd_label(service)}.plist"
        if not install:
            return Plan((), (("launchctl", "unload", str(path)),), remove=(path,))
        logs = home / "Library" / "Logs"
        text = launchd_plist(service, canon, environ, env_file, logs)
        return Plan(((path, text),), (("launchctl", "load", "-w", str(path)),))
    # The image is built from a checkout of Canon: these are printed, never run.
    return Plan((), container_commands(service, env_file, install=install))
