"""The network doubles the source tests share: names that answer from a script
(``ScriptedNames``), and a real HTTP server on loopback that keeps every request and
answers each with a function (``LoopbackServer``): a CalDAV doorway, Canon's own API, the
user's router."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx


class ScriptedNames:
    """Names answer from ``names`` (one answer per lookup; the last one repeats), an address
    resolves to itself; ``lookups`` and ``reached`` are what happened. A subclass says where
    an address is wired (``wire``); no proxy is ever configured."""

    def __init__(self, names: dict[str, list[list[str]]]) -> None:
        self.names = names
        self.lookups: list[str] = []
        self.reached: list[str] = []

    async def resolve(self, host: str, port: int) -> Sequence[str]:
        self.lookups.append(host)
        if host not in self.names:
            return [host]
        answers = self.names[host]
        return answers.pop(0) if len(answers) > 1 else answers[0]

    def proxy(self, url: httpx.URL) -> str | None:
        return None


Answer = Callable[["LoopbackServer", BaseHTTPRequestHandler], None]


class LoopbackServer:
    """A threaded HTTP server on loopback answering every method with ``answer``;
    ``asked`` keeps each request as "METHOD /path"."""

    def __init__(self, answer: Answer) -> None:
        self.asked: list[str] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_: object) -> None:
                pass

            def handle_one_request(self) -> None:
                self.raw_requestline = self.rfile.readline(65537)
                if not self.raw_requestline or not self.parse_request():
                    self.close_connection = True
                    return
                outer.asked.append(f"{self.command} {self.path}")
                answer(outer, self)
                self.wfile.flush()

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LoopbackServer:
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *_: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def answers_with(body: bytes) -> Answer:
    """An ``answer`` that is always 200 with ``body``: a server whose words must never be
    read (the user's router, Canon's own API)."""

    def answer(_server: LoopbackServer, handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)

    return answer
