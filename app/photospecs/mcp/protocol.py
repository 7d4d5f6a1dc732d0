"""MCP over JSON-RPC 2.0, stateless: one request body in, one status and body out.

Two eras of the protocol are served side by side:
- handshake revisions (2024-11-05 .. 2025-11-25): initialize, then requests carrying the
  negotiated revision in the MCP-Protocol-Version header;
- 2026-07-28: no handshake; every request carries its revision in params._meta, results carry
  resultType, and server/discover describes the server.
Every result body is pre-encoded (mcp/build.py); per request only the envelope is decoded and
the id is spliced in.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any, Literal, NamedTuple

import msgspec

from photospecs.mcp import tools
from photospecs.mcp.build import McpCatalog
from photospecs.mcp.records import PLAIN_END, Encoded, ToolError
from photospecs.mcp.resources import NotFound, Resources
from photospecs.mcp.server import BATCH_VERSIONS, HANDSHAKE_VERSIONS, MAX_BATCH, MODERN_VERSIONS, SUPPORTED_VERSIONS
from photospecs.wire.errors import ECHO_LIMIT, encode_error, quoted

LATEST_HANDSHAKE = HANDSHAKE_VERSIONS[-1]
# What a client that sends no MCP-Protocol-Version header is assumed to speak (transport spec).
DEFAULT_VERSION = "2025-03-26"
STRUCTURED_SINCE = "2025-06-18"  # first revision with structuredContent and outputSchema

META_VERSION = "io.modelcontextprotocol/protocolVersion"
META_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities"

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
HEADER_MISMATCH = -32020
UNSUPPORTED_VERSION = -32022

_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder().decode


class Reply(NamedTuple):
    """A status and a body: `head`, then (when set) a pre-built `result` up to `cut` (without
    its closing brace, or a tool result's text block alone), then `end`. The parts stay apart
    so the transport can gzip the result as deflated at start-up (gzip_splice)."""

    status: int
    head: bytes | None  # None: 202 Accepted, no body
    result: bytes | None = None
    end: bytes = b""
    cut: int = -1
    tail: bytes | None = None  # result up to cut, then end: made once for a remembered answer

    @property
    def body(self) -> bytes | None:
        if self.tail is not None:
            return self.head + self.tail  # type: ignore[operator]
        if self.result is None:
            return self.head
        return b"".join((self.head or b"", memoryview(self.result)[: self.cut], self.end))


ACCEPTED = Reply(202, None)
_new_reply = tuple.__new__


class RequestHeaders(NamedTuple):
    protocol_version: str | None
    method: str | None  # Mcp-Method (2026-07-28)
    name: str | None  # Mcp-Name (2026-07-28)

    @classmethod
    def read(cls, raw: RawHeaders) -> RequestHeaders:
        """The protocol's view of the MCP-Protocol-Version, Mcp-Method and Mcp-Name values."""
        version, method, name = raw
        return cls(_text(version), _text(method), _decoded_name(name))


RawHeaders = tuple[bytes | None, bytes | None, bytes | None]  # the three headers' values as sent


def _text(value: bytes | None) -> str | None:
    return None if value is None else value.decode("latin-1").strip()


def _decoded_name(value: bytes | None) -> str | None:
    """Mcp-Name, decoding the =?base64?...?= form clients use for non-ASCII names."""
    text = _text(value)
    if text is not None and text.startswith("=?base64?") and text.endswith("?="):
        try:
            return base64.b64decode(text[9:-2], validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            return text
    return text


class ProtocolError(Exception):
    def __init__(self, code: int, message: str, data: Any = None) -> None:
        self.code, self.message, self.data = code, message, data


def rpc_error(request_id: Any, code: int, message: str, data: Any = None) -> bytes:
    error: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    return encode_error({"jsonrpc": "2.0", "id": request_id, "error": error})


def _is_valid_id(value: Any) -> bool:
    return value is None or (isinstance(value, (str, int, float)) and not isinstance(value, bool))


# The methods whose Mcp-Name header repeats a parameter (2026-07-28).
NAMED_BY = {"tools/call": "name", "resources/read": "uri", "prompts/get": "name"}


class Era(NamedTuple):
    version: str
    modern: bool
    structured: bool  # tool results carry structuredContent (since 2025-06-18)


ERAS = {
    v: Era(v, v in MODERN_VERSIONS, v >= STRUCTURED_SINCE)
    for v in SUPPORTED_VERSIONS
}


class Request(msgspec.Struct):
    """The usual message, read in one typed pass, its params kept as the bytes the client sent."""

    jsonrpc: Literal["2.0"]
    id: int | str
    method: str
    params: msgspec.Raw = msgspec.field(default_factory=msgspec.Raw)


_decode_request = msgspec.json.Decoder(Request).decode

# The answer to a request is a function of its method, its params and the protocol headers alone
# (never of its id), so each worker remembers its latest answers: an agent asking again what any
# client asked before is answered without the protocol's checks and dispatch, a quarter of an
# MCP call's time (bench/RESULTS.md). Bounded: params over MEMO_PARAMS bytes are not remembered,
# and the memo is emptied when it holds MEMO_SIZE answers, so a stream of distinct requests
# costs one dictionary insertion each and evicts nothing for long.
MEMO_SIZE = 1024
MEMO_PARAMS = 512
MEMO_TAIL = 16384  # a remembered answer up to this size keeps its identity body too (at most 16 MB a worker)


def envelope(request_id: Any) -> bytes:
    return b'{"jsonrpc":"2.0","id":' + _encode(request_id) + b',"result":'


class Server:
    """Answers MCP messages from tables built once at start-up; `mcp.lookups` is what tool
    resolvers read to turn arguments into a result."""

    def __init__(self, mcp: McpCatalog) -> None:
        self.tools = mcp.tools
        self.lookups = mcp.lookups
        self.resources = Resources(mcp.resources, mcp.lookups.data.doc_aliases)
        self.bodies = mcp.server
        self.deflated = mcp.deflated
        self._memo: dict[tuple[str, bytes, RawHeaders], Reply] = {}

    # --- entry point ---------------------------------------------------------------------------

    def handle(self, body: bytes, raw: RawHeaders) -> Reply:
        try:
            request = _decode_request(body)
        except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
            return self._handle(body, RequestHeaders.read(raw))  # anything else: a batch, a notification, an odd id, bad JSON
        if len(request.params) > MEMO_PARAMS:
            return self._handle(body, RequestHeaders.read(raw))
        key = (request.method, bytes(request.params), raw)
        known = self._memo.get(key)
        if known is not None:
            # tuple.__new__ skips the generated __new__'s frame (0.14 us; _replace costs 1 us more)
            return _new_reply(Reply, (known.status, envelope(request.id), known.result, known.end, known.cut, known.tail))
        reply = self._handle(body, RequestHeaders.read(raw))
        if reply.status == 200 and reply.result is not None:  # a result, not an error
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            small = len(reply.result) <= MEMO_TAIL
            self._memo[key] = reply._replace(tail=bytes(memoryview(reply.result)[: reply.cut]) + reply.end) if small else reply
        return reply

    def _handle(self, body: bytes, headers: RequestHeaders) -> Reply:
        try:
            message = _decode(body)
        except msgspec.DecodeError as exc:
            return Reply(400, rpc_error(None, PARSE_ERROR, f"Parse error: {exc}"))
        except UnicodeDecodeError:  # msgspec's answer to some invalid UTF-8 inside strings
            return Reply(400, rpc_error(None, PARSE_ERROR, "Parse error: the body is not valid UTF-8"))
        except RecursionError:  # msgspec's answer to nesting deeper than it decodes
            return Reply(400, rpc_error(None, PARSE_ERROR, "Parse error: JSON nested too deeply"))
        if isinstance(message, list):
            return self._batch(message, headers)
        return self._one(message, headers)

    def _batch(self, messages: list[Any], headers: RequestHeaders) -> Reply:
        version = headers.protocol_version or DEFAULT_VERSION
        if version not in BATCH_VERSIONS:
            return Reply(400, rpc_error(None, INVALID_REQUEST, f"Invalid request: protocol revision {version[:ECHO_LIMIT]} has no batches; send one message per request"))
        if not messages:
            return Reply(400, rpc_error(None, INVALID_REQUEST, "Invalid request: empty batch"))
        if len(messages) > MAX_BATCH:
            return Reply(400, rpc_error(None, INVALID_REQUEST, f"Invalid request: a batch holds at most {MAX_BATCH} messages"))
        answers = [body for body in (self._one(m, headers).body for m in messages) if body is not None]
        return Reply(200, b"[" + b",".join(answers) + b"]") if answers else ACCEPTED

    def _one(self, message: Any, headers: RequestHeaders) -> Reply:
        if not isinstance(message, dict):
            return Reply(400, rpc_error(None, INVALID_REQUEST, "Invalid request: a JSON-RPC message must be an object"))
        request_id = message.get("id")
        if not _is_valid_id(request_id):
            return Reply(400, rpc_error(None, INVALID_REQUEST, "Invalid request: id must be a string, a number or null"))
        is_notification = "id" not in message
        if message.get("jsonrpc") != "2.0":
            return Reply(400, rpc_error(request_id, INVALID_REQUEST, 'Invalid request: "jsonrpc" must be "2.0"'))
        method = message.get("method")
        if not isinstance(method, str):
            if not is_notification and ("result" in message or "error" in message):
                return ACCEPTED  # a client's answer to a server request; we never send any
            return Reply(400, rpc_error(request_id, INVALID_REQUEST, 'Invalid request: "method" must be a string'))
        params = message.get("params")
        if params is not None and not isinstance(params, dict):
            return Reply(400, rpc_error(request_id, INVALID_PARAMS, 'Invalid params: "params" must be an object'))
        if is_notification:
            return ACCEPTED
        try:
            era = self._era(headers, method, params or {})
        except ProtocolError as exc:  # no revision of ours can take this request
            return Reply(400, rpc_error(request_id, exc.code, exc.message, exc.data))
        try:
            result = self._dispatch(method, params or {}, era)
        except ProtocolError as exc:
            return Reply(_error_status(exc.code, era), rpc_error(request_id, exc.code, exc.message, exc.data))
        head = envelope(request_id)
        if isinstance(result, Encoded):  # a tool's result
            if not era.structured:
                return Reply(200, head, result.structured, PLAIN_END + b"}", result.text_end)
            result = result.structured
        if not era.modern:
            return Reply(200, head, result, b"}}")
        return Reply(200, head, result, self.bodies.modern_ends.get(method, self.bodies.meta_end))

    # --- protocol revision ------------------------------------------------------------------

    def _era(self, headers: RequestHeaders, method: str, params: dict[str, Any]) -> Era:
        meta = params.get("_meta")
        envelope = meta.get(META_VERSION) if isinstance(meta, dict) else None
        header = headers.protocol_version
        if envelope is None and (header is None or header in HANDSHAKE_VERSIONS):
            return ERAS[header or DEFAULT_VERSION]
        version = envelope if envelope is not None else header
        if not isinstance(version, str):
            raise ProtocolError(INVALID_PARAMS, f"Invalid params: _meta[{META_VERSION!r}] must be a string")
        if header is not None and envelope is not None and header != envelope:
            raise ProtocolError(HEADER_MISMATCH, "The MCP-Protocol-Version header does not match params._meta")
        if version not in SUPPORTED_VERSIONS:
            raise ProtocolError(
                UNSUPPORTED_VERSION,
                "Unsupported protocol version",
                {"supported": list(SUPPORTED_VERSIONS), "requested": version[:ECHO_LIMIT]},
            )
        era = ERAS[version]
        if era.modern:
            if not isinstance(meta, dict) or META_VERSION not in meta or not isinstance(meta.get(META_CAPABILITIES), dict):
                raise ProtocolError(
                    INVALID_PARAMS,
                    f"Invalid params: params._meta must carry {META_VERSION!r} and {META_CAPABILITIES!r}",
                )
            # The revision's transport requires both headers, so that intermediaries can route
            # and filter without reading the body.
            if headers.method != method:
                missing = "is missing" if headers.method is None else "does not match the request's method"
                raise ProtocolError(HEADER_MISMATCH, f"The Mcp-Method header {missing}")
            named = NAMED_BY.get(method)
            if named is not None and headers.name != params.get(named):
                missing = "is missing" if headers.name is None else f"does not match params.{named}"
                raise ProtocolError(HEADER_MISMATCH, f"The Mcp-Name header {missing}")
        return era

    # --- methods --------------------------------------------------------------------------------

    def _dispatch(self, method: str, params: dict[str, Any], era: Era) -> bytes | Encoded:
        if method == "tools/call":
            return self._call(params)
        if method == "tools/list":
            if params.get("cursor") is not None:
                raise ProtocolError(INVALID_PARAMS, "Invalid params: unknown cursor (the tool list has one page)")
            return self.tools.listing
        if method == "server/discover":
            return self.bodies.discover
        handler = self._data_methods.get(method)
        if handler is not None:
            try:
                answer: bytes = handler(self, params, era.modern)
                return answer
            except NotFound as exc:
                raise ProtocolError(exc.code, exc.message, exc.data) from None
        if method == "ping" and not era.modern:  # 2026-07-28 removed ping
            return b"{}"
        if method == "initialize" and not era.modern:
            requested = params.get("protocolVersion")
            if not isinstance(requested, str):
                raise ProtocolError(INVALID_PARAMS, 'Invalid params: initialize needs "protocolVersion" (a string)')
            initialize = self.bodies.initialize
            return initialize.get(requested, initialize[LATEST_HANDSHAKE])
        raise ProtocolError(METHOD_NOT_FOUND, f"Method not found: {quoted(method)}", method[:ECHO_LIMIT])

    _data_methods = {
        "resources/list": lambda self, params, modern: self.resources.list(params.get("cursor")),
        "resources/templates/list": lambda self, params, modern: self.resources.templates(),
        "resources/read": lambda self, params, modern: self.resources.read(params.get("uri"), modern),
        "completion/complete": lambda self, params, modern: self.resources.complete(params),
        "prompts/list": lambda self, params, modern: self.resources.prompts(),
        "prompts/get": lambda self, params, modern: self.resources.prompt(params),
    }

    def _call(self, params: dict[str, Any]) -> bytes | Encoded:
        name = params.get("name")
        if not isinstance(name, str):
            raise ProtocolError(INVALID_PARAMS, 'Invalid params: tools/call needs "name" (a string)')
        arguments = params.get("arguments")
        if arguments is not None and not isinstance(arguments, dict):
            raise ProtocolError(INVALID_PARAMS, 'Invalid params: "arguments" must be an object')
        try:
            outcome = tools.call(self.tools, self.lookups, name, arguments)
        except tools.UnknownTool:
            raise ProtocolError(INVALID_PARAMS, f"Unknown tool: {quoted(name)}", {"tools": list(self.tools.records)}) from None
        return tools.error_result(outcome) if isinstance(outcome, ToolError) else outcome


def _error_status(code: int, era: Era) -> int:
    """Method and parameter errors travel in a 200 in the handshake revisions, as their clients
    expect, and as 404/400 in 2026-07-28, as that revision's transport defines."""
    if not era.modern:
        return 200
    return 404 if code == METHOD_NOT_FOUND else 400
