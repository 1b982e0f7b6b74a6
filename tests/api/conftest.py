"""Fixtures of the API's files: the pair of servers the race files share (``two_processes``)."""

from two_processes import two_processes

__all__ = ["two_processes"]
