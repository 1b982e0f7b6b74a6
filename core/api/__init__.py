"""The HTTP API (``canon serve``): a versioned JSON front end over the engine,
the conversation services and the store's reads, for agents that are not Canon's bot.

``tokens`` authenticates bearer tokens, ``problems`` writes every error as an
RFC 9457 problem document, ``routes`` holds the route table (what the OpenAPI
document is generated from) and ``app`` assembles the aiohttp application.
"""
