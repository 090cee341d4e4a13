//! `planfile server` (SPEC §10.2): a language server for editors, speaking
//! LSP 3.17 over stdin and stdout.
//!
//! For plan files and twins it publishes the findings of the lint engine as
//! diagnostics on open and on every change, from the editor's buffers;
//! answers hover, completion and code actions; and negotiates the position
//! encoding (UTF-8 when the client offers it, else UTF-16).
//!
//! One synchronous loop ([`serve`]) reads a message ([`transport`]), lets
//! the [`Server`] handle it, and writes what the server has to send. The
//! routing list is [`Server::handle`]; each feature has its own file:
//! `diagnostics`, `hover`, `completion`, `code_actions`, and `positions`
//! for every byte ↔ position conversion. Nothing a client sends ends the
//! server but `exit`: a malformed message gets an error reply or a line on
//! stderr, an unknown request `MethodNotFound`, bad params `InvalidParams`,
//! and a request that trips a bug `InternalError`.
//!
//! A thin adapter: it lints with the same [`crate::lint::lint_manifest`] as
//! `validate`, reads settings through [`crate::config`], and adds only what
//! an editor needs (positions, hover, completion, quick fixes). It may use
//! every layer below it but the command line.

mod code_actions;
mod completion;
mod diagnostics;
mod documents;
mod hover;
mod locate;
pub mod positions;
pub mod transport;

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidChangeWatchedFiles, DidCloseTextDocument, DidOpenTextDocument,
    DidSaveTextDocument, Exit, Notification as _, ShowMessage,
};
use lsp_types::request::{
    CodeActionRequest, Completion, HoverRequest, Initialize, Request as _, Shutdown,
};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionParams, CodeActionProviderCapability,
    CodeActionResponse, CompletionOptions, CompletionParams, CompletionResponse,
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams, Hover,
    HoverParams, HoverProviderCapability, InitializeParams, InitializeResult, MarkupKind,
    MessageType, ServerCapabilities, ServerInfo, ShowMessageParams, TextDocumentSyncCapability,
    TextDocumentSyncKind, TextDocumentSyncOptions, TextDocumentSyncSaveOptions, Uri,
};
use serde_json::Value;

use self::diagnostics::DocLinks;
use self::documents::{Analysis, Document, Documents, Role, Snapshot, file_path};
use self::positions::Encoding;
use self::transport::{Incoming, log};
use crate::plan::decisions::FileKind;
use crate::root::PlanLocation;

/// Helpers of the server's unit tests.
#[cfg(test)]
mod test_support {
    use crate::markdown::MarkdownFile;
    use crate::plan::Plan;

    /// The plan model of `text`, as the file `t.md` with slug `t`.
    pub fn plan(text: &str) -> Plan {
        Plan::from_file("t", MarkdownFile::from_text("t.md".into(), text.into()))
    }
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

/// The language server's state: the open documents, the analysis of each
/// plan they belong to, and the messages waiting to be sent.
#[derive(Debug)]
pub struct Server {
    state: State,
    encoding: Encoding,
    markdown: bool,
    docs_dir: Option<PathBuf>,
    links: DocLinks,
    documents: Documents,
    /// The analysis of each plan with an open member, by plan path.
    analyses: HashMap<PathBuf, Analysis>,
    /// The settings error last shown for each docs root.
    config_errors: BTreeMap<PathBuf, String>,
    outgoing: Vec<Message>,
}

impl Server {
    /// A server that has not been initialised. With `docs_dir`, the check
    /// documentation pages are written there at `initialize`, and each
    /// diagnostic links to its page; without, diagnostics carry no link.
    pub fn new(docs_dir: Option<PathBuf>) -> Server {
        Server {
            state: State::Uninitialized,
            encoding: Encoding::Utf16,
            markdown: true,
            docs_dir,
            links: DocLinks::none(),
            documents: Documents::new(),
            analyses: HashMap::new(),
            config_errors: BTreeMap::new(),
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

    /// Handles one message. A bug met while handling it is logged, a
    /// request then gets an `InternalError` reply, and the server goes on.
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
            Message::Response(_) => Flow::Continue,
        }
    }

    fn on_request(&mut self, request: Request) -> Response {
        let Request { id, method, params } = request;
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
            DidOpenTextDocument::METHOD => {
                self.notification::<DidOpenTextDocument>(note.params, Server::did_open)
            }
            DidChangeTextDocument::METHOD => {
                self.notification::<DidChangeTextDocument>(note.params, Server::did_change)
            }
            DidCloseTextDocument::METHOD => {
                self.notification::<DidCloseTextDocument>(note.params, Server::did_close)
            }
            // A save, or a file changed outside the editor (a handoff, the
            // settings, a plan a Gate-check names): every open plan again.
            DidSaveTextDocument::METHOD | DidChangeWatchedFiles::METHOD => self.relint_all(),
            // `initialized`, `$/cancelRequest`, `$/setTrace` and any other
            // notification: nothing to do.
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
        let caps = &params.capabilities;
        self.encoding = Encoding::negotiate(
            caps.general
                .as_ref()
                .and_then(|g| g.position_encodings.as_deref()),
        );
        self.markdown = caps
            .text_document
            .as_ref()
            .and_then(|t| t.hover.as_ref())
            .and_then(|h| h.content_format.as_ref())
            .is_none_or(|formats| formats.contains(&MarkupKind::Markdown));
        if let Some(dir) = &self.docs_dir {
            self.links = DocLinks::write(dir);
        }
        self.state = State::Running;
        let result = InitializeResult {
            capabilities: ServerCapabilities {
                position_encoding: Some(self.encoding.kind()),
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

    fn did_open(&mut self, params: DidOpenTextDocumentParams) {
        let item = params.text_document;
        let Some(path) = file_path(&item.uri) else {
            return;
        };
        let doc = Document::new(item.uri, &path, item.version, item.text);
        let role = doc.role.clone();
        self.documents.insert(path, doc);
        if let Role::Member(_, location) = role {
            self.relint(&location);
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
            self.encoding,
        );
        if let Role::Member(_, location) = doc.role.clone() {
            self.relint(&location);
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
            self.relint(&location);
        } else {
            self.analyses.remove(&location.plan);
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
                    encoding: self.encoding,
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

    /// Lints every plan that has an open member again.
    fn relint_all(&mut self) {
        let mut locations: Vec<PlanLocation> = Vec::new();
        for doc in self.documents.values() {
            if let Role::Member(_, location) = &doc.role
                && !locations.iter().any(|l| l.plan == location.plan)
            {
                locations.push(location.clone());
            }
        }
        for location in locations {
            self.relint(&location);
        }
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
            encoding: self.encoding,
        })
    }

    fn on_hover(&mut self, params: HoverParams) -> Option<Hover> {
        let at = params.text_document_position_params;
        let snapshot = self.snapshot(&at.text_document.uri)?;
        hover::hover(&snapshot, at.position, self.markdown)
    }

    fn on_completion(&mut self, params: CompletionParams) -> Option<CompletionResponse> {
        let at = params.text_document_position;
        let snapshot = self.snapshot(&at.text_document.uri)?;
        Some(CompletionResponse::Array(completion::complete(
            &snapshot,
            at.position,
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

/// Serves one client: reads messages from `input` and writes replies and
/// notifications to `output` until `exit` (or the end of the input).
/// Returns the process exit code: 0 when `shutdown` came before the end,
/// else 1.
pub fn serve(input: &mut impl BufRead, output: &mut impl Write, server: &mut Server) -> u8 {
    loop {
        let flow = match transport::read(input) {
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
                    return 1;
                }
                Flow::Continue
            }
            Incoming::Skipped(why) => {
                log(&why);
                Flow::Continue
            }
            Incoming::Closed => return server.exit_code(),
        };
        for message in server.take_outgoing() {
            if let Err(e) = transport::write(output, &message) {
                log(&format!("cannot write to the client: {e}"));
                return 1;
            }
        }
        if let Flow::Exit(code) = flow {
            return code;
        }
    }
}

/// `planfile server`: serves the client on stdin and stdout, writing the
/// check documentation pages to `$XDG_CACHE_HOME/planfile/<version>/checks`
/// (else `~/.cache/…`, else the temporary folder's).
/// Returns the process exit code (see [`serve`]).
pub fn run_stdio() -> u8 {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut server = Server::new(Some(DocLinks::default_dir()));
    serve(&mut stdin.lock(), &mut stdout.lock(), &mut server)
}
