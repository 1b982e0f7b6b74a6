"""Signal sources: calendars and mailboxes that feed Canon evidence.

Each kind (``core.sources.kinds``: Google Calendar, CalDAV, ICS feeds, IMAP)
is a ``Source`` (``core.sources.base``) with its own config, found by kind
name in ``core.sources.registry``. ``core.sources.poller.poll_once`` runs one
pass of every configured source: the source says what changed, the poller
makes schema-valid SignalEvents of it and hands them to the engine through
``core.engine.signal_ingest`` (mapping is ``core.signals``'), recording each
source's freshness and health. ``core.sources.webhook`` takes pushed signals.

Client libraries load on a source's first poll, so importing this package
costs nothing for commands that do not poll.
"""
