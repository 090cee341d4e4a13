//! `planfile server` (SPEC §10.2): a language server for editors, speaking
//! LSP 3.17 over stdin and stdout.
//!
//! For plan files and twins it publishes the findings of the lint engine as
//! diagnostics on open and on every change, from the editor's buffers;
//! answers hover, completion and code actions; and negotiates the position
//! encoding (UTF-8 when the client offers it, else UTF-16).
//!
//! One synchronous loop ([`serve`]) takes the messages a reader thread
//! has read ([`transport::spawn_reader`]), lets the [`Server`] handle them
//! in order, and writes what the server has to send. The routing list is
//! [`Server::handle`]; each feature has its own file: `diagnostics`,
//! `hover`, `completion`, `code_actions`, `markup` (the documentation
//! format the client takes), `watched` (files the client watches for the
//! server), `editor` (the editor's process), and `positions` for every
//! byte ↔ position conversion. Nothing a client sends ends the server but
//! `exit`: a malformed message gets an error reply or a line on stderr, an
//! unknown request `MethodNotFound`, bad params `InvalidParams`, and a
//! request that trips a bug `InternalError`.
//!
//! A burst of changes is linted once, at its newest version: a change only
//! marks its plan as due, and the due plans are linted when every message
//! read so far has been handled — or before a request is answered, so that
//! it is answered from the text as it stands at that point.
//!
//! A thin adapter: it lints with the same [`crate::lint::lint_manifest`] as
//! `validate`, reads settings through [`crate::config`] (from the
//! document's folder, not the server's working directory), and adds only
//! what an editor needs (positions, hover, completion, quick fixes). It may
//! use every layer below it but the command line.

mod code_actions;
mod completion;
mod diagnostics;
mod documents;
mod editor;
mod hover;
mod locate;
mod markup;
pub mod positions;
pub mod transport;
mod watched;

use std::collections::{BTreeMap, HashMap};
use std::io::{Read, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::mpsc::RecvTimeoutError;

use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidChangeWatchedFiles, DidCloseTextDocument, DidOpenTextDocument,
    DidSaveTextDocument, Exit, Initialized, Notification as _, ShowMessage,
};
use lsp_types::request::{
    CodeActionRequest, Completion, HoverRequest, Initialize, Request as _, Shutdown,
};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionParams, CodeActionProviderCapability,
    CodeActionResponse, CompletionOptions, CompletionParams, CompletionResponse,
    DidChangeTextDocumentParams, DidChangeWatchedFilesParams, DidCloseTextDocumentParams,
    DidOpenTextDocumentParams, DidSaveTextDocumentParams, Hover, HoverParams,
    HoverProviderCapability, InitializeParams, InitializeResult, MessageType, ServerCapabilities,
    ServerInfo, ShowMessageParams, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextDocumentSyncOptions, TextDocumentSyncSaveOptions, Uri,
};
use serde_json::Value;

use self::diagnostics::DocLinks;
use self::documents::{Analysis, Document, Documents, Role, Snapshot, file_path};
use self::editor::EditorProcess;
use self::markup::Format;
use self::positions::Encoding;
use self::transport::{Incoming, log};
use crate::plan::decisions::FileKind;
use crate::root::PlanLocation;

/// Helpers of the server's unit tests.
#[cfg(test)]
mod test_support {
    pub(crate) use crate::plan::test_plan as plan;
}

/// What the loop does after a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Read the next message.
    Continue,
    /// End the process with this exit code (after `exit`: 0 when
    /// `shutdown` came first, else 1, as LSP says).
    Exit(u8),
}

/// Where the server is in the protocol's life cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Waiting for `initialize`.
    Uninitialized,
    /// Serving.
    Running,
    /// `shutdown` was received; only `exit` is left.
    ShutDown,
}

/// An error reply: the JSON-RPC code and what went wrong.
type Failure = (ErrorCode, String);

/// What the client said at `initialize` that the server goes by.
#[derive(Debug, Clone, Copy)]
struct ClientSupport {
    /// The position encoding agreed on.
    encoding: Encoding,
    /// The format of hovers (`hover.contentFormat`).
    hover: Format,
    /// The format of completion documentation
    /// (`completionItem.documentationFormat`).
    completion: Format,
    /// Whether it takes a dynamic registration of watched files
    /// (`workspace.didChangeWatchedFiles.dynamicRegistration`).
    watches_files: bool,
}

impl ClientSupport {
    /// Before `initialize`: UTF-16, plain text, no registration.
    fn none() -> ClientSupport {
        ClientSupport {
            encoding: Encoding::Utf16,
            hover: Format::PlainText,
            completion: Format::PlainText,
            watches_files: false,
        }
    }

    /// What the capabilities of `params` say.
    fn of(params: &InitializeParams) -> ClientSupport {
        let caps = &params.capabilities;
        let text = caps.text_document.as_ref();
        ClientSupport {
            encoding: Encoding::negotiate(
                caps.general
                    .as_ref()
                    .and_then(|g| g.position_encodings.as_deref()),
            ),
            hover: Format::offered(
                text.and_then(|t| t.hover.as_ref())
                    .and_then(|h| h.content_format.as_deref()),
            ),
            completion: Format::offered(
                text.and_then(|t| t.completion.as_ref())
                    .and_then(|c| c.completion_item.as_ref())
                    .and_then(|i| i.documentation_format.as_deref()),
            ),
            watches_files: caps
                .workspace
                .as_ref()
                .and_then(|w| w.did_change_watched_files.as_ref())
                .and_then(|w| w.dynamic_registration)
                .unwrap_or(false),
        }
    }
}

/// The language server's state: the open documents, the analysis of each
/// plan they belong to, the plans due to be linted, and the messages
/// waiting to be sent.
#[derive(Debug)]
pub struct Server {
    state: State,
    support: ClientSupport,
    docs_dir: Option<PathBuf>,
    links: DocLinks,
    documents: Documents,
    /// The analysis of each plan with an open member, by plan path.
    analyses: HashMap<PathBuf, Analysis>,
    /// The plans whose documents, files or settings changed since they
    /// were last linted, by plan path.
    due: BTreeMap<PathBuf, PlanLocation>,
    /// The settings error last shown for each docs root.
    config_errors: BTreeMap<PathBuf, String>,
    /// The editor's process, when `initialize` named it.
    editor: Option<EditorProcess>,
    outgoing: Vec<Message>,
}

impl Server {
    /// A server that has not been initialised. With `docs_dir`, the check
    /// documentation pages are written there at `initialize`, and each
    /// diagnostic links to its page; without, diagnostics carry no link.
    pub fn new(docs_dir: Option<PathBuf>) -> Server {
        Server {
            state: State::Uninitialized,
            support: ClientSupport::none(),
            docs_dir,
            links: DocLinks::none(),
            documents: Documents::new(),
            analyses: HashMap::new(),
            due: BTreeMap::new(),
            config_errors: BTreeMap::new(),
            editor: None,
            outgoing: Vec::new(),
        }
    }

    /// The messages to send, in order, since the last call.
    pub fn take_outgoing(&mut self) -> Vec<Message> {
        std::mem::take(&mut self.outgoing)
    }

    /// The exit code if the input ends now: 0 after `shutdown`, else 1.
    pub fn exit_code(&self) -> u8 {
        u8::from(self.state != State::ShutDown)
    }

    /// Whether the editor's process that `initialize` named is gone (it is
    /// looked at no more than once a second; a server told of no process
    /// never finds it gone). Logs it when it is.
    pub fn editor_gone(&mut self) -> bool {
        let Some(editor) = &mut self.editor else {
            return false;
        };
        let gone = editor.is_gone();
        if gone {
            log(&format!(
                "the editor's process {} is gone; exiting",
                editor.pid()
            ));
        }
        gone
    }

    /// Lints each plan that is due (changed since its last lint) once,
    /// from the documents as they are now, and queues its diagnostics.
    pub fn lint_due(&mut self) {
        for location in std::mem::take(&mut self.due).into_values() {
            if self.is_open(&location) {
                self.relint(&location);
            }
        }
    }

    /// Marks the plan of `location` as due to be linted.
    fn mark_due(&mut self, location: &PlanLocation) {
        self.due
            .entry(location.plan.clone())
            .or_insert_with(|| location.clone());
    }

    /// Handles one message. A change to a document only makes its plan
    /// due: [`Server::lint_due`] lints it (as the serving loop does once
    /// it has handled every message read, and a request does before it is
    /// answered). A bug met while handling a message is logged, a request
    /// then gets an `InternalError` reply, and the server goes on.
    pub fn handle(&mut self, message: Message) -> Flow {
        let (id, method) = match &message {
            Message::Request(r) => (Some(r.id.clone()), r.method.clone()),
            Message::Notification(n) => (None, n.method.clone()),
            Message::Response(_) => (None, "a response".to_string()),
        };
        match catch_unwind(AssertUnwindSafe(|| self.dispatch(message))) {
            Ok(flow) => flow,
            Err(_) => {
                log(&format!("internal error while handling {method}; going on"));
                if let Some(id) = id {
                    self.outgoing.push(Message::Response(Response::new_err(
                        id,
                        ErrorCode::InternalError as i32,
                        format!("planfile server: internal error while handling {method}"),
                    )));
                }
                Flow::Continue
            }
        }
    }

    /// The routing of every message.
    fn dispatch(&mut self, message: Message) -> Flow {
        match message {
            Message::Request(request) => {
                let response = self.on_request(request);
                self.outgoing.push(Message::Response(response));
                Flow::Continue
            }
            Message::Notification(note) => self.on_notification(note),
            Message::Response(response) => {
                // The answer to the server's one request, the registration
                // of watched files: a refusal is logged, the server goes on
                // without it (a save still re-lints).
                if let Some(error) = response.error {
                    log(&format!(
                        "the client refused request {}: {}",
                        response.id, error.message
                    ));
                }
                Flow::Continue
            }
        }
    }

    fn on_request(&mut self, request: Request) -> Response {
        let Request { id, method, params } = request;
        if self.state == State::Running {
            // Answer from the text as it stands after every change before
            // this request.
            self.lint_due();
        }
        let result = match (self.state, method.as_str()) {
            (State::Uninitialized, Initialize::METHOD) => self.initialize(params),
            (State::Uninitialized, _) => Err((
                ErrorCode::ServerNotInitialized,
                format!("{method} before initialize"),
            )),
            (_, Initialize::METHOD) => Err((
                ErrorCode::InvalidRequest,
                "initialize was already received".to_string(),
            )),
            (State::ShutDown, _) => Err((
                ErrorCode::InvalidRequest,
                format!("{method} after shutdown: only exit is accepted now"),
            )),
            (State::Running, Shutdown::METHOD) => {
                self.state = State::ShutDown;
                Ok(Value::Null)
            }
            (State::Running, HoverRequest::METHOD) => {
                self.request::<HoverRequest>(params, Server::on_hover)
            }
            (State::Running, Completion::METHOD) => {
                self.request::<Completion>(params, Server::on_completion)
            }
            (State::Running, CodeActionRequest::METHOD) => {
                self.request::<CodeActionRequest>(params, Server::on_code_action)
            }
            (State::Running, _) => Err((
                ErrorCode::MethodNotFound,
                format!("planfile server does not handle {method}"),
            )),
        };
        match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    /// Reads the params of request `R` and answers with `handler`; bad
    /// params are `InvalidParams`.
    fn request<R: lsp_types::request::Request>(
        &mut self,
        params: Value,
        handler: fn(&mut Server, R::Params) -> R::Result,
    ) -> Result<Value, Failure> {
        let params: R::Params = serde_json::from_value(params).map_err(|e| {
            (
                ErrorCode::InvalidParams,
                format!("invalid params for {}: {e}", R::METHOD),
            )
        })?;
        serde_json::to_value(handler(self, params))
            .map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    fn on_notification(&mut self, note: Notification) -> Flow {
        if note.method == Exit::METHOD {
            return Flow::Exit(self.exit_code());
        }
        if self.state != State::Running {
            return Flow::Continue;
        }
        match note.method.as_str() {
            Initialized::METHOD => self.initialized(),
            DidOpenTextDocument::METHOD => {
                self.notification::<DidOpenTextDocument>(note.params, Server::did_open)
            }
            DidChangeTextDocument::METHOD => {
                self.notification::<DidChangeTextDocument>(note.params, Server::did_change)
            }
            DidCloseTextDocument::METHOD => {
                self.notification::<DidCloseTextDocument>(note.params, Server::did_close)
            }
            DidSaveTextDocument::METHOD => {
                self.notification::<DidSaveTextDocument>(note.params, Server::did_save)
            }
            DidChangeWatchedFiles::METHOD => self.notification::<DidChangeWatchedFiles>(
                note.params,
                Server::did_change_watched_files,
            ),
            // `$/cancelRequest`, `$/setTrace` and any other notification:
            // nothing to do.
            _ => {}
        }
        Flow::Continue
    }

    /// Reads the params of notification `N` and runs `handler`; bad params
    /// are logged.
    fn notification<N: lsp_types::notification::Notification>(
        &mut self,
        params: Value,
        handler: fn(&mut Server, N::Params),
    ) {
        match serde_json::from_value(params) {
            Ok(params) => handler(self, params),
            Err(e) => log(&format!("{} ignored: invalid params: {e}", N::METHOD)),
        }
    }

    fn initialize(&mut self, params: Value) -> Result<Value, Failure> {
        let params: InitializeParams = serde_json::from_value(params).map_err(|e| {
            (
                ErrorCode::InvalidParams,
                format!("invalid params for initialize: {e}"),
            )
        })?;
        self.support = ClientSupport::of(&params);
        self.editor = params.process_id.map(EditorProcess::new);
        if let Some(dir) = &self.docs_dir {
            self.links = DocLinks::write(dir);
        }
        self.state = State::Running;
        let result = InitializeResult {
            capabilities: ServerCapabilities {
                position_encoding: Some(self.support.encoding.kind()),
                text_document_sync: Some(TextDocumentSyncCapability::Options(
                    TextDocumentSyncOptions {
                        open_close: Some(true),
                        change: Some(TextDocumentSyncKind::FULL),
                        save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                        ..TextDocumentSyncOptions::default()
                    },
                )),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                completion_provider: Some(CompletionOptions {
                    trigger_characters: Some(["|", " ", ":", ",", "`"].map(String::from).to_vec()),
                    ..CompletionOptions::default()
                }),
                code_action_provider: Some(CodeActionProviderCapability::Options(
                    CodeActionOptions {
                        code_action_kinds: Some(vec![CodeActionKind::QUICKFIX]),
                        ..CodeActionOptions::default()
                    },
                )),
                ..ServerCapabilities::default()
            },
            server_info: Some(ServerInfo {
                name: "planfile".to_string(),
                version: Some(env!("CARGO_PKG_VERSION").to_string()),
            }),
        };
        serde_json::to_value(result).map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    /// After `initialized`: asks the client to watch the files the
    /// diagnostics read, when it takes such a registration.
    fn initialized(&mut self) {
        if self.support.watches_files {
            self.outgoing
                .push(Message::Request(watched::registration()));
        }
    }

    fn did_open(&mut self, params: DidOpenTextDocumentParams) {
        let item = params.text_document;
        let Some(path) = file_path(&item.uri) else {
            return;
        };
        let doc = Document::new(item.uri, &path, item.version, item.text);
        let role = doc.role.clone();
        self.documents.insert(path, doc);
        if let Role::Member(_, location) = role {
            self.mark_due(&location);
        }
    }

    fn did_change(&mut self, params: DidChangeTextDocumentParams) {
        let Some(path) = file_path(&params.text_document.uri) else {
            return;
        };
        let Some(doc) = self.documents.get_mut(&path) else {
            log(&format!(
                "a change to {} ignored: it is not open",
                params.text_document.uri.as_str()
            ));
            return;
        };
        doc.apply(
            params.text_document.version,
            params.content_changes,
            self.support.encoding,
        );
        if let Role::Member(_, location) = doc.role.clone() {
            self.mark_due(&location);
        }
    }

    fn did_close(&mut self, params: DidCloseTextDocumentParams) {
        let Some(path) = file_path(&params.text_document.uri) else {
            return;
        };
        let Some(doc) = self.documents.remove(&path) else {
            return;
        };
        let Role::Member(_, location) = doc.role else {
            return;
        };
        self.outgoing
            .push(Message::Notification(diagnostics::publish(
                doc.uri,
                Vec::new(),
                None,
            )));
        if self.is_open(&location) {
            self.mark_due(&location);
        } else {
            self.analyses.remove(&location.plan);
            self.due.remove(&location.plan);
        }
    }

    /// A document saved in the editor: the open plans the saved file
    /// affects (a handoff, the settings) are due.
    fn did_save(&mut self, params: DidSaveTextDocumentParams) {
        if let Some(path) = file_path(&params.text_document.uri) {
            self.files_changed(&[path]);
        }
    }

    /// Files changed on disk, as the client watched them: the open plans
    /// they affect are due (their settings are read again).
    fn did_change_watched_files(&mut self, params: DidChangeWatchedFilesParams) {
        let paths: Vec<PathBuf> = params
            .changes
            .iter()
            .filter_map(|change| file_path(&change.uri))
            .collect();
        self.files_changed(&paths);
    }

    /// Marks due every open plan that a change to one of `paths` affects
    /// ([`watched::affects`]).
    fn files_changed(&mut self, paths: &[PathBuf]) {
        let affected: Vec<PlanLocation> = self
            .open_plans()
            .into_iter()
            .filter(|location| paths.iter().any(|p| watched::affects(p, location)))
            .collect();
        for location in affected {
            self.mark_due(&location);
        }
    }

    /// Whether the plan or the twin of `location` is open.
    fn is_open(&self, location: &PlanLocation) -> bool {
        self.documents.contains_key(&location.plan) || self.documents.contains_key(&location.twin())
    }

    /// Lints the plan of `location` with its twin and publishes the
    /// diagnostics of whichever of the two is open.
    fn relint(&mut self, location: &PlanLocation) {
        let analysis = documents::analyse(location, &self.documents);
        self.note_config_error(location, analysis.config_error.as_deref());
        for (kind, path) in [
            (FileKind::Plan, location.plan.clone()),
            (FileKind::Twin, location.twin()),
        ] {
            if let Some(doc) = self.documents.get(&path) {
                let snapshot = Snapshot {
                    doc,
                    kind,
                    analysis: &analysis,
                    encoding: self.support.encoding,
                };
                let found = diagnostics::diagnostics(&snapshot, &self.links);
                self.outgoing
                    .push(Message::Notification(diagnostics::publish(
                        doc.uri.clone(),
                        found,
                        Some(doc.version),
                    )));
            }
        }
        self.analyses.insert(location.plan.clone(), analysis);
    }

    /// Every plan that has an open member, once each.
    fn open_plans(&self) -> Vec<PlanLocation> {
        let mut locations: Vec<PlanLocation> = Vec::new();
        for doc in self.documents.values() {
            if let Role::Member(_, location) = &doc.role
                && !locations.iter().any(|l| l.plan == location.plan)
            {
                locations.push(location.clone());
            }
        }
        locations
    }

    /// Logs and shows a settings error once (again when it changes); the
    /// defaults are used meanwhile.
    fn note_config_error(&mut self, location: &PlanLocation, error: Option<&str>) {
        let root = location.root.0.clone();
        let Some(error) = error else {
            self.config_errors.remove(&root);
            return;
        };
        if self.config_errors.get(&root).map(String::as_str) == Some(error) {
            return;
        }
        self.config_errors.insert(root, error.to_string());
        let message = format!("{error}; the default settings are used meanwhile");
        log(&message);
        self.outgoing.push(Message::Notification(Notification::new(
            ShowMessage::METHOD.to_string(),
            ShowMessageParams {
                typ: MessageType::WARNING,
                message: format!("planfile: {message}"),
            },
        )));
    }

    /// The open plan or twin at `uri` with its analysis.
    fn snapshot(&self, uri: &Uri) -> Option<Snapshot<'_>> {
        let path = file_path(uri)?;
        let doc = self.documents.get(&path)?;
        let Role::Member(kind, location) = &doc.role else {
            return None;
        };
        Some(Snapshot {
            doc,
            kind: *kind,
            analysis: self.analyses.get(&location.plan)?,
            encoding: self.support.encoding,
        })
    }

    fn on_hover(&mut self, params: HoverParams) -> Option<Hover> {
        let at = params.text_document_position_params;
        let snapshot = self.snapshot(&at.text_document.uri)?;
        hover::hover(&snapshot, at.position, self.support.hover)
    }

    fn on_completion(&mut self, params: CompletionParams) -> Option<CompletionResponse> {
        let at = params.text_document_position;
        let snapshot = self.snapshot(&at.text_document.uri)?;
        Some(CompletionResponse::Array(completion::complete(
            &snapshot,
            at.position,
            self.support.completion,
        )))
    }

    fn on_code_action(&mut self, params: CodeActionParams) -> Option<CodeActionResponse> {
        let snapshot = self.snapshot(&params.text_document.uri)?;
        Some(code_actions::actions(
            &snapshot,
            params.range,
            params.context.only.as_deref(),
            &self.links,
        ))
    }
}

/// How long the loop waits for a message before it looks at the editor's
/// process again.
const TICK: std::time::Duration = EditorProcess::INTERVAL;

/// Serves one client: reads messages from `input` (on a thread of its own,
/// [`transport::spawn_reader`]) and writes replies and notifications to
/// `output` until `exit`, the end of the input, or the end of the editor's
/// process. Every message read so far is handled, in order, before the
/// plans they changed are linted, once each ([`Server::lint_due`]).
/// Returns the process exit code: 0 when `shutdown` came before the end,
/// else 1 (as LSP says of an exit without shutdown).
pub fn serve(
    input: impl Read + Send + 'static,
    output: &mut impl Write,
    server: &mut Server,
) -> u8 {
    let batches = match transport::spawn_reader(input) {
        Ok(batches) => batches,
        Err(e) => {
            log(&format!("cannot start reading the input: {e}"));
            return 1;
        }
    };
    loop {
        let mut batch = match batches.recv_timeout(TICK) {
            Ok(batch) => batch,
            Err(RecvTimeoutError::Timeout) => Vec::new(),
            Err(RecvTimeoutError::Disconnected) => return server.exit_code(),
        };
        loop {
            for incoming in batch {
                if let Some(code) = handle_incoming(incoming, output, server) {
                    return code;
                }
            }
            // What arrived meanwhile belongs to the same burst.
            match batches.try_recv() {
                Ok(more) => batch = more,
                Err(_) => break,
            }
        }
        server.lint_due();
        if let Err(code) = send(output, server) {
            return code;
        }
        if server.editor_gone() {
            return server.exit_code();
        }
    }
}

/// Handles one thing read and sends what it gives; the exit code when the
/// serving ends.
fn handle_incoming(incoming: Incoming, output: &mut impl Write, server: &mut Server) -> Option<u8> {
    let flow = match incoming {
        Incoming::Message(message) => server.handle(message),
        Incoming::Invalid { id, code, message } => {
            log(&message);
            let written = match id {
                Some(id) => transport::write(
                    output,
                    &Message::Response(Response::new_err(id, code as i32, message)),
                ),
                None => transport::write_error_without_id(output, code, &message),
            };
            if let Err(e) = written {
                log(&format!("cannot write to the client: {e}"));
                return Some(1);
            }
            Flow::Continue
        }
        Incoming::Skipped(why) => {
            log(&why);
            Flow::Continue
        }
        Incoming::Closed => return Some(server.exit_code()),
    };
    if let Err(code) = send(output, server) {
        return Some(code);
    }
    match flow {
        Flow::Exit(code) => Some(code),
        Flow::Continue => None,
    }
}

/// Writes the server's outgoing messages; the exit code 1 when the client
/// cannot be written to.
fn send(output: &mut impl Write, server: &mut Server) -> Result<(), u8> {
    for message in server.take_outgoing() {
        if let Err(e) = transport::write(output, &message) {
            log(&format!("cannot write to the client: {e}"));
            return Err(1);
        }
    }
    Ok(())
}

/// `planfile server`: serves the client on stdin and stdout, writing the
/// check documentation pages to `$XDG_CACHE_HOME/planfile/<version>/checks`
/// (else `~/.cache/…`, else the temporary folder's).
/// Returns the process exit code (see [`serve`]).
pub fn run_stdio() -> u8 {
    let stdout = std::io::stdout();
    let mut server = Server::new(Some(DocLinks::default_dir()));
    serve(std::io::stdin(), &mut stdout.lock(), &mut server)
}
