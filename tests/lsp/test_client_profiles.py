"""`planfile server` with the capabilities of Neovim, VS Code and Emacs
(SPEC §10.2, "tested against real clients' profiles"): initialize, open a
plan, diagnostics, hover and completion documentation in the client's
format, quick fixes, the watched-files registration where the client
allows it, and shutdown/exit. Every test runs once per profile."""

from __future__ import annotations

import asyncio

from lsprotocol import types

from conftest import Session, formats, watches_files

MARKS = ("**", "`")


def codes(found) -> list[str]:
    return [str(d.code) for d in found]


def find(found, code: str) -> types.Diagnostic:
    matching = [d for d in found if str(d.code) == code]
    assert matching, f"no {code} in {codes(found)}"
    return matching[0]


async def test_initialize(session: Session):
    """The server answers initialize in the terms the client offered."""
    result = session.initialized.capabilities
    offered = [
        e.value if hasattr(e, "value") else e
        for e in formats(session.capabilities, "general.position_encodings")
    ]
    encoding = result.position_encoding
    encoding = encoding.value if hasattr(encoding, "value") else encoding
    assert encoding in (offered or ["utf-16"]), (encoding, offered)
    assert result.hover_provider
    assert result.completion_provider is not None
    assert result.code_action_provider
    sync = result.text_document_sync
    assert sync.open_close and sync.change == types.TextDocumentSyncKind.Full


async def test_open_gives_diagnostics(session: Session):
    session.open()
    found = await session.diagnostics(lambda ds: "decision-state-unknown" in codes(ds))
    assert {"phase-cell-zero-padded", "decision-state-unknown", "decision-key-unknown"} <= set(
        codes(found)
    )
    state = find(found, "decision-state-unknown")
    assert state.severity == types.DiagnosticSeverity.Error
    assert state.source == "planfile"
    assert state.range.start.line == 30
    assert "did you mean `answered`?" in state.message


async def test_hover_in_the_clients_format(session: Session):
    session.open()
    await session.diagnostics()
    hover = await session.client.text_document_hover_async(
        types.HoverParams(**session.at(30, 4))
    )
    assert isinstance(hover.contents, types.MarkupContent)
    value = hover.contents.value
    if types.MarkupKind.Markdown in formats(session.capabilities, "text_document.hover.content_format"):
        assert hover.contents.kind == types.MarkupKind.Markdown
        assert "**`relay`** · decision key" in value
    else:
        assert hover.contents.kind == types.MarkupKind.PlainText
        assert value.startswith("relay · decision key")
        assert not any(mark in value for mark in MARKS), value
    assert "last-resort" in value


async def test_completion_documentation_in_the_clients_format(session: Session):
    session.open()
    await session.diagnostics()
    result = await session.client.text_document_completion_async(
        types.CompletionParams(**session.at(29, 4))
    )
    items = result.items if isinstance(result, types.CompletionList) else result
    assert len(items) == 19
    markdown = types.MarkupKind.Markdown in formats(
        session.capabilities, "text_document.completion.completion_item.documentation_format"
    )
    for item in items:
        docs = item.documentation
        if markdown:
            assert isinstance(docs, types.MarkupContent)
            assert docs.kind == types.MarkupKind.Markdown
        else:
            assert isinstance(docs, str), docs
            assert not any(mark in docs for mark in MARKS), docs


async def test_quick_fixes(session: Session):
    """A safe fix is the preferred action; a guess at a misspelled word is
    offered but not preferred; "suppress" is offered beside both."""
    session.open()
    found = await session.diagnostics(lambda ds: "decision-state-unknown" in codes(ds))
    uri = session.uri(session.plan)

    async def actions(diagnostic):
        return await session.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=diagnostic.range,
                context=types.CodeActionContext(diagnostics=[diagnostic]),
            )
        )

    padded = await actions(find(found, "phase-cell-zero-padded"))
    preferred = [a for a in padded if a.is_preferred]
    assert [a.title for a in preferred] == ["write 1"], [a.title for a in padded]
    assert preferred[0].kind == types.CodeActionKind.QuickFix

    state = await actions(find(found, "decision-state-unknown"))
    by_title = {a.title: a for a in state}
    unsafe = by_title["write answered (unsafe fix)"]
    assert unsafe.is_preferred is False
    (edit,) = unsafe.edit.changes[uri]
    assert edit.new_text == "answered"
    assert (edit.range.start.line, edit.range.start.character) == (30, 27)
    assert "Suppress decision-state-unknown on this line" in by_title
    assert not any(a.is_preferred for a in state)


async def test_watched_files_where_the_client_allows(session: Session):
    session.open()
    await session.diagnostics()
    # A request after initialized: any registration comes before its answer.
    await session.client.text_document_hover_async(
        types.HoverParams(**session.at(6, 3))
    )
    if not watches_files(session.capabilities):
        assert session.registrations == []
        return
    (params,) = session.registrations
    (registration,) = params.registrations
    assert registration.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
    globs = {w["globPattern"] for w in registration.register_options["watchers"]}
    assert {
        "**/planfile.toml",
        "**/docs/handoffs/*/decisions.md",
        "**/docs/handoffs/*/phase-*.md",
    } <= globs, globs
    # The settings change on disk, and the client says so: re-linted.
    settings = session.root / "planfile.toml"
    settings.write_text('[lint]\nignore = ["phase-cell-zero-padded"]\n', encoding="utf-8")
    session.client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=settings.as_uri(), type=types.FileChangeType.Created)]
        )
    )
    await session.diagnostics(lambda ds: "phase-cell-zero-padded" not in codes(ds))


async def test_shutdown_and_exit(session: Session):
    session.open()
    await session.diagnostics()
    assert await asyncio.wait_for(session.shutdown(), timeout=10) == 0
