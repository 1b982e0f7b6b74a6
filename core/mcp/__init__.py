"""Canon over the Model Context Protocol: ``canon mcp`` serves one entity's state,
why-chains and questions to any MCP client (stdio or streamable HTTP).

``scoped`` is what the tools do, for one entity and its shared entities;
``server`` publishes it with the official ``mcp`` SDK; ``serve`` runs a transport.
"""
