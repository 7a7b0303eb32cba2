"""A server for the stdio tests: ``python stdio_server.py [protect]``. stdout is the protocol; logs go to stderr."""

from __future__ import annotations

import sys

from sdk_support import SDK, make_server

server = make_server()
if "protect" in sys.argv:
    from mcp_boundary.mcp import protect_server

    protect_server(server)
if SDK == "fastmcp":
    server.run(transport="stdio", show_banner=False)
else:
    server.run("stdio")
