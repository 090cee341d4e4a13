"""Fixtures for driving `planfile server` as real editors do (SPEC §10.2).

Each test runs once per client profile: the capabilities pytest-lsp
recorded from Neovim, VS Code and Emacs (eglot), plus Emacs with the
hover format eglot offers when markdown-mode is not installed. The server
is the binary `$PLANFILE` (else target/debug/planfile), started in a folder
outside the docs root, as an editor may start it.

Besides pytest-lsp's own checks (completion documentation formats, ...),
two more make the suite strict about what this server does: a hover in a
format the client does not take, and a registration the client does not
allow, warn with `LspSpecificationWarning`, which pytest.ini makes an
error.
"""

from __future__ import annotations

import asyncio
import copy
import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.capabilities import get_capability
from pytest_lsp import LanguageClient, client_capabilities, make_test_lsp_client
from pytest_lsp import checks

REPO = pathlib.Path(__file__).resolve().parents[2]
PLANFILE = os.environ.get("PLANFILE", str(REPO / "target" / "debug" / "planfile"))

# 0-based lines: the zero-padded phase 12, the key `relays` 29, the row of
# `relay` with the misspelled state `answerd` 30.
PLAN = """---
slug: harbour
status: active
phases: 2
---

# Harbour beacon

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 01 | Lamp driver | — | beacon | lamp blinks |
| 2 | Fog sensor *(GATED)* | 1 | beacon | fog detected |

## Phases

### Phase 1 — Lamp driver
- **Verification:** `test -s blink.log`

<!-- planfile-ignore: decision-key-unknown -->
### Phase 2 — Fog sensor *(GATED)*
- **Verification:** look at it
- **Gate-check:** manual harbour master

## Decisions

| key | value | owner | state | blocking | source | phase |
|---|---|---|---|---|---|---|
| `relays` | off | keeper | answered | no | plan | — |
| `relay` | off | keeper | answerd | yes | plan | 2 |
"""


def _emacs_without_markdown_mode() -> types.ClientCapabilities:
    """Emacs 29's eglot where markdown-mode is missing: hovers in plain
    text only (eglot offers Markdown only when it can show it)."""
    caps = copy.deepcopy(client_capabilities("emacs@v29.1"))
    caps.text_document.hover.content_format = [types.MarkupKind.PlainText]
    return caps


PROFILES = {
    "neovim@v0.7.0": lambda: client_capabilities("neovim@v0.7.0"),
    "neovim@v0.10.0": lambda: client_capabilities("neovim@v0.10.0"),
    "neovim@v0.11.0": lambda: client_capabilities("neovim@v0.11.0"),
    "visual-studio-code@v1.65.2": lambda: client_capabilities("visual-studio-code@v1.65.2"),
    "emacs@v29.1": lambda: client_capabilities("emacs@v29.1"),
    "emacs@v29.1-plaintext": _emacs_without_markdown_mode,
}


def formats(capabilities: types.ClientCapabilities, field: str) -> list:
    """The markup kinds the client lists at `field` (dotted, lsprotocol names)."""
    return list(get_capability(capabilities, field, None) or [])


def watches_files(capabilities: types.ClientCapabilities) -> bool:
    """Whether the client takes a dynamic registration of watched files."""
    return bool(
        get_capability(
            capabilities, "workspace.did_change_watched_files.dynamic_registration", False
        )
    )


if types.TEXT_DOCUMENT_HOVER not in checks.RESULT_CHECKS:

    @checks.check_result_for(method=types.TEXT_DOCUMENT_HOVER)
    def hover_format(capabilities: types.ClientCapabilities, result):
        """A hover is in a format the client lists; plain text carries no
        Markdown marks."""
        if result is None or not isinstance(result.contents, types.MarkupContent):
            return
        offered = formats(capabilities, "text_document.hover.content_format")
        kind = result.contents.kind
        assert kind in offered or (
            kind == types.MarkupKind.PlainText and not offered
        ), f"Client does not support hover format {kind.value!r}"
        if kind == types.MarkupKind.PlainText:
            value = result.contents.value
            assert "**" not in value and "`" not in value, (
                f"Markdown marks in a plain-text hover: {value!r}"
            )


if types.CLIENT_REGISTER_CAPABILITY not in checks.PARAMS_CHECKS:

    @checks.check_params_of(method=types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(capabilities: types.ClientCapabilities, params):
        """Only what the client allows to be registered dynamically is."""
        for registration in params.registrations:
            if registration.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES:
                assert watches_files(capabilities), (
                    "Client does not support dynamic registration of "
                    "'workspace/didChangeWatchedFiles'"
                )


class Session:
    """A started server with its client, docs root and what it was sent."""

    def __init__(self, client: LanguageClient, root: pathlib.Path, profile: str):
        self.client = client
        self.root = root
        self.profile = profile
        self.plan = root / "docs" / "plans" / "harbour.md"
        self.registrations: list[types.RegistrationParams] = []
        self.initialized: types.InitializeResult | None = None
        self.shut_down = False

    @property
    def capabilities(self) -> types.ClientCapabilities:
        return self.client.capabilities

    def uri(self, path: pathlib.Path) -> str:
        return path.as_uri()

    def open(self, text: str = PLAN) -> None:
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=self.uri(self.plan), language_id="markdown", version=1, text=text
                )
            )
        )

    async def diagnostics(self, until=lambda found: True, timeout: float = 10.0):
        """The plan's latest diagnostics once they satisfy `until`."""
        uri = self.uri(self.plan)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline:
            found = self.client.diagnostics.get(uri)
            if found is not None and until(found):
                return found
            await asyncio.sleep(0.02)
        raise AssertionError(
            f"no diagnostics for {uri} as wanted within {timeout} s: "
            f"{self.client.diagnostics.get(uri)!r}"
        )

    def at(self, line: int, character: int) -> dict:
        """The document and position fields of a request on the plan."""
        return {
            "text_document": types.TextDocumentIdentifier(uri=self.uri(self.plan)),
            "position": types.Position(line=line, character=character),
        }

    async def shutdown(self) -> int | None:
        """shutdown and exit; the server's exit code."""
        self.shut_down = True
        await self.client.shutdown_session()
        return self.client._server.returncode if self.client._server else None


@pytest.fixture(params=sorted(PROFILES))
async def session(request, tmp_path: pathlib.Path):
    """A server initialised with the capabilities of one client profile,
    a docs root holding the plan, and the server started elsewhere."""
    profile = request.param
    root = tmp_path / "repo"
    (root / "docs" / "plans").mkdir(parents=True)
    (root / "docs" / "plans" / "harbour.md").write_text(PLAN, encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    client = make_test_lsp_client()
    session = Session(client, root, profile)

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        session.registrations.append(params)

    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    await client.start_io(PLANFILE, "server", cwd=str(elsewhere), env=env)
    session.initialized = await client.initialize_session(
        types.InitializeParams(
            capabilities=PROFILES[profile](),
            process_id=os.getpid(),
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="repo")],
        )
    )
    yield session
    if not session.shut_down:
        await session.shutdown()
    await client.stop()
