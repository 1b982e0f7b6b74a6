"""Commands that load when they run: the group knows each command's name, module and
one-line summary, and imports the module only when that command is run or its own help
is shown. ``canon --help`` lists every command from the table, so a command's start
pays for its own imports only (loading all of them cost about a second of CPU).

Front ends outside core (the Telegram bot) plug in through the ``canon.commands``
entry points, so core never imports them; they too load only when named or listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points
from typing import Any

import click

from core.cli.common import CanonGroup

PLUGIN_GROUP = "canon.commands"


@dataclass(frozen=True)
class LazyCommand:
    """Where a command lives and what ``canon --help`` says of it: ``summary`` is the
    first paragraph of the command's help, which click shortens for the listing."""

    module: str
    attribute: str
    summary: str

    def load(self) -> click.Command:
        command = getattr(import_module(self.module), self.attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{self.module}.{self.attribute} is not a click command")
        return command

    def listing(self, name: str) -> click.Command:
        """A stand-in that lists like the real command, without importing it."""
        return click.Command(name, help=self.summary)


class LazyGroup(CanonGroup):
    """A group whose built-in commands come from ``lazy`` and whose plugins come from
    entry points, each imported only when needed."""

    def __init__(self, *args: Any, lazy: dict[str, LazyCommand], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = lazy
        self.broken_plugins: list[str] = []
        self._plugins: dict[str, EntryPoint] | None = None

    def plugins(self) -> dict[str, EntryPoint]:
        """The plugin entry points by name (read once); built-in names win."""
        if self._plugins is None:
            found = {e.name: e for e in entry_points(group=PLUGIN_GROUP)}
            self._plugins = {n: e for n, e in found.items() if n not in self.lazy}
        return self._plugins

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy, *self.plugins()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        if cmd_name in self.lazy:
            command = self.lazy[cmd_name].load()
        elif (entry := self.plugins().get(cmd_name)) is not None:
            try:
                command = entry.load()
            except (ImportError, AttributeError) as e:  # a front end not installed or broken
                self.broken_plugins.append(f"{entry.name}: {e}")
                self._plugins = {n: p for n, p in self.plugins().items() if n != cmd_name}
                return None
        else:
            return None
        self.add_command(command, cmd_name)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The listing of ``canon --help``: built-ins from the table, not imported."""
        commands: list[tuple[str, click.Command]] = []
        for name in self.list_commands(ctx):
            if name in self.lazy and name not in self.commands:
                command: click.Command | None = self.lazy[name].listing(name)
            else:
                command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                commands.append((name, command))
        if commands:
            limit = formatter.width - 6 - max(len(name) for name, _ in commands)
            rows = [(name, command.get_short_help_str(limit)) for name, command in commands]
            with formatter.section("Commands"):
                formatter.write_dl(rows)
