"""The kinds of source Canon polls, one module each (see ``core.sources.base.Source``).

Each module holds the whole kind: its config (its own ``[[sources]]`` options,
checked), its ``Source`` class and its client code. The client libraries
(imapclient, caldav, httpx, google-api-python-client and google-auth) are
imported inside the functions that use them, so reading the config costs
nothing for commands that do not poll. Kinds import the shared pure parsing
(``core.sources.ical``, ``core.sources.mailparse``), never the other way round.
"""
