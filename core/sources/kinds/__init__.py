"""The kinds of source Canon polls, one module each (see ``core.sources.base.Source``).

Each module holds the kind's config (its own ``[[sources]]`` options, checked)
and its ``Source`` class; the client code and its libraries (imapclient,
caldav, google-api-python-client) load on the first poll, so reading the
config costs nothing for commands that do not poll.
"""
