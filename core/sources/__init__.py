"""Signal sources: calendars and mailboxes that feed Canon evidence.

Each adapter (Google Calendar, CalDAV, ICS feeds, IMAP) turns what it reads
into schema-valid SignalEvents; ``core.signals.mapping`` maps those to observations,
and ``core.sources.poller.poll_once`` runs one pass of every configured source
through the engine, recording each source's freshness and health.

Submodules import their client libraries lazily, so importing this package
costs nothing for commands that do not poll.
"""
