"""Workspace fixtures: a real folder of Markdown files (see workspace_fixtures)."""

from __future__ import annotations

from workspace_fixtures import workspace

__all__ = ["workspace"]
