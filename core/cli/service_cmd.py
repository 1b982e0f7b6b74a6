"""``canon install-service``: run ``canon bot`` or ``canon serve`` under a supervisor."""

from __future__ import annotations

import click

from core.cli.common import Context, out, pass_ctx
from core.errors import ConfigError
from core.sources import install as inst
from core.sources import install_service as svc


@click.command("install-service")
@click.argument("service", type=click.Choice(["bot", "serve"]))
@click.option("--systemd", "manager", flag_value="systemd", help="A systemd user unit (Linux).")
@click.option("--launchd", "manager", flag_value="launchd", help="A launchd agent (macOS).")
@click.option(
    "--container", "manager", flag_value="container", help="Print the podman/docker commands."
)
@click.option("--dry-run", is_flag=True, help="Show what would be written and run; change nothing.")
@click.option("--uninstall", is_flag=True, help="Stop the service and remove its unit.")
@pass_ctx
def install_service(
    ctx: Context, service: str, manager: str | None, dry_run: bool, uninstall: bool
) -> None:
    """Keep `canon bot` or `canon serve` running: restarted when it fails, started at login.

    Secrets (TELEGRAM_BOT_TOKEN, CANON_LLM_API_KEY, ...) go into
    ~/.config/canon/canon.env (0600, created from this shell's environment,
    never overwritten), not into the unit.

    Example: TELEGRAM_BOT_TOKEN=... canon install-service bot --systemd
    """
    if manager is None:
        raise ConfigError("choose one of --systemd, --launchd or --container")
    env = dict(ctx.environ)
    home = inst.home_dir(env)
    install = not uninstall
    p = svc.plan_service(service, manager, home, env, install=install)  # type: ignore[arg-type]
    env_file = svc.env_file_path(home)
    console = out()
    if dry_run:
        if install:
            console.print(f"--- {env_file} (0600, only if missing)")
            console.print(svc.env_file_text(env, masked=True))
        for path, text in p.files:
            console.print(f"--- {path}\n{text}")
        for path in p.remove:
            console.print(f"would remove {path}")
        for command in p.commands:
            console.print(f"would run: {' '.join(command)}")
        return
    if install:
        console.print(svc.write_env_file(env_file, env))
    if manager == "container" and install:
        console.print("in a checkout of Canon (the image is built from it):")
    for line in inst.apply(p, run=manager != "container"):
        console.print(line)
    if uninstall:
        console.print(f"kept {env_file}: delete it yourself if no service needs it")


COMMANDS = (install_service,)
