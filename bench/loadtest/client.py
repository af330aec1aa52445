"""A small asyncio HTTP/1.1 client (keep-alive, cookies, forms) for 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from urllib.parse import urlencode

HOST = "127.0.0.1"
# The cookies the site's flows need; others (flash messages) are left out so a stray notice
# never rides along on every later request.
KEPT_COOKIES = ("csrftoken", "sessionid")


class HttpError(Exception):
    """A request that failed on the way: refused, reset, timed out or malformed."""


@dataclass
class Response:
    """A parsed HTTP response."""

    status: int
    headers: list[tuple[str, str]]
    body: bytes

    def header(self, name: str) -> str | None:
        """The first header of that (lower-case) name."""
        return next((v for k, v in self.headers if k == name), None)

    def cookies(self) -> dict[str, str]:
        """Cookies set by this response, a deleted one as an empty value."""
        out = {}
        for key, value in self.headers:
            if key != "set-cookie":
                continue
            pair = value.split(";", 1)[0]
            name, _, content = pair.partition("=")
            out[name.strip()] = content.strip().strip('"')
        return out

    @property
    def text(self) -> str:
        """The body as text."""
        return self.body.decode("utf-8", "replace")


@dataclass
class Jar:
    """One browser's cookies for the site."""

    cookies: dict[str, str] = field(default_factory=dict)

    def update(self, response: Response) -> None:
        """Take the kept cookies a response sets (an empty value deletes)."""
        for name, value in response.cookies().items():
            if name not in KEPT_COOKIES:
                continue
            if value:
                self.cookies[name] = value
            else:
                self.cookies.pop(name, None)

    def header(self) -> str:
        """The Cookie header value."""
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    @property
    def csrf(self) -> str:
        """The CSRF cookie, which Django also accepts as the form token."""
        return self.cookies.get("csrftoken", "")


class Connection:
    """One keep-alive connection to a server on 127.0.0.1; requests on it run one at a time."""

    def __init__(self, port: int, timeout: float = 10.0) -> None:
        self.port = port
        self.timeout = timeout
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._lock = asyncio.Lock()

    async def close(self) -> None:
        """Close the socket if open."""
        writer, self._reader, self._writer = self._writer, None, None
        if writer is not None:
            writer.close()
            # Never swallow a cancellation here: Ctrl-C must stop the whole run.
            with contextlib.suppress(OSError):
                await writer.wait_closed()

    async def request(
        self,
        method: str,
        path: str,
        *,
        headers: dict[str, str] | None = None,
        body: bytes = b"",
        jar: Jar | None = None,
    ) -> Response:
        """Send one request and read its response; a stale keep-alive socket is reopened once."""
        lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}"]
        if jar is not None and jar.cookies:
            lines.append(f"Cookie: {jar.header()}")
        for key, value in (headers or {}).items():
            lines.append(f"{key}: {value}")
        if body or method == "POST":
            lines.append(f"Content-Length: {len(body)}")
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
        async with self._lock:
            for attempt in (1, 2):
                reused = self._writer is not None
                try:
                    response = await asyncio.wait_for(self._exchange(raw), self.timeout)
                except TimeoutError:
                    await self.close()
                    raise HttpError(f"{method} {path}: no answer in {self.timeout:.0f} s") from None
                except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
                    await self.close()
                    if reused and attempt == 1:
                        continue  # the server closed an idle keep-alive socket
                    raise HttpError(f"{method} {path}: {type(exc).__name__}: {exc}") from None
                if jar is not None:
                    jar.update(response)
                return response
        raise AssertionError("unreachable")

    async def _exchange(self, raw: bytes) -> Response:
        if self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(HOST, self.port)
        assert self._reader is not None
        self._writer.write(raw)
        await self._writer.drain()
        head = await self._reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        parts = status_line.split(" ", 2)
        if len(parts) < 2 or not parts[1].isdigit():
            raise ValueError(f"bad status line {status_line!r}")
        headers = []
        for line in header_lines:
            if ":" in line:
                key, value = line.split(":", 1)
                headers.append((key.strip().lower(), value.strip()))
        lookup = dict(headers)
        if lookup.get("transfer-encoding", "").lower() == "chunked":
            body = await self._chunked()
        elif "content-length" in lookup:
            body = await self._reader.readexactly(int(lookup["content-length"]))
        else:
            body = await self._reader.read()
            await self.close()
        if lookup.get("connection", "").lower() == "close":
            await self.close()
        return Response(int(parts[1]), headers, body)

    async def _chunked(self) -> bytes:
        assert self._reader is not None
        chunks = []
        while True:
            size_line = await self._reader.readuntil(b"\r\n")
            size = int(size_line.split(b";", 1)[0].strip(), 16)
            if size == 0:
                await self._reader.readuntil(b"\r\n")
                return b"".join(chunks)
            chunks.append(await self._reader.readexactly(size))
            await self._reader.readexactly(2)


def form(fields: dict[str, str]) -> tuple[dict[str, str], bytes]:
    """Headers and body of a url-encoded form post."""
    return {"Content-Type": "application/x-www-form-urlencoded"}, urlencode(fields).encode()


async def post_form(
    conn: Connection,
    path: str,
    fields: dict[str, str],
    jar: Jar,
    extra_headers: dict[str, str] | None = None,
) -> Response:
    """POST a form with the jar's cookies and CSRF token."""
    headers, body = form({**fields, "csrfmiddlewaretoken": jar.csrf})
    headers.update(extra_headers or {})
    return await conn.request("POST", path, headers=headers, body=body, jar=jar)
