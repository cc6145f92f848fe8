"""The socket `hhtracker serve` listens on: each connection it accepts has Nagle's algorithm
off (TCP_NODELAY), as asyncio sets it only for a socket whose proto says TCP. Without it, every
answer after the first on a kept-alive connection waited for the client's delayed ACK (about
40 ms a page, a stylesheet, a script: benchmarks/RESULTS.md, "The web app's pages")."""

from __future__ import annotations

import asyncio
import socket

from hhtracker.cli.serve_cmd import listening_socket


def test_accepted_connections_have_nagle_off():
    listener = listening_socket("127.0.0.1", 0)
    port = listener.getsockname()[1]
    seen: list[int] = []

    async def main() -> None:
        accepted = asyncio.Event()

        def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            seen.append(writer.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()
            accepted.set()

        server = await asyncio.start_server(connected, sock=listener)  # (as uvicorn serves sockets=[...])
        async with server:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            await asyncio.wait_for(accepted.wait(), 10)
            writer.close()

    asyncio.run(main())
    assert seen and seen[0] != 0

