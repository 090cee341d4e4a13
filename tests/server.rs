//! `planfile server` driven over stdio as an editor drives it (SPEC §10.2):
//! initialize, open, change, hover, completion, code action, shutdown and
//! exit; positions after non-ASCII text in both encodings; malformed
//! messages, unknown methods, bad params, documents that are not plans and
//! a huge buffer, none of which ends the server.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use serde_json::{Value, json};

use common::Root;

/// How long to wait for any one message from the server.
const WAIT: Duration = Duration::from_secs(20);

/// A minimal LSP client: the server as a child process, a thread reading
/// its framed messages, and the messages not consumed yet.
struct Client {
    child: Child,
    stdin: ChildStdin,
    inbox: Receiver<Value>,
    pending: Vec<Value>,
    stderr: std::thread::JoinHandle<String>,
    next_id: i64,
}

fn read_message(out: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    out.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

impl Client {
    /// Starts `planfile server` in `root`, its documentation pages under
    /// `root/.cache`.
    fn start(root: &Path) -> Client {
        Client::start_with(root, &["server"])
    }

    /// Starts `planfile ARGS` in `root` (see [`Client::start`]).
    fn start_with(root: &Path, args: &[&str]) -> Client {
        Client::start_in(root, root, args)
    }

    /// Starts `planfile ARGS` with `cwd` as its working directory, its
    /// documentation pages under `cache/.cache`.
    fn start_in(cwd: &Path, cache: &Path, args: &[&str]) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_planfile"))
            .args(args)
            .current_dir(cwd)
            .env("XDG_CACHE_HOME", cache.join(".cache"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("planfile server starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let mut stderr = child.stderr.take().expect("stderr");
        let (tx, inbox) = channel();
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            while let Some(message) = read_message(&mut out) {
                if tx.send(message).is_err() {
                    break;
                }
            }
        });
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        Client {
            child,
            stdin,
            inbox,
            pending: Vec::new(),
            stderr,
            next_id: 1,
        }
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("write to the server");
        self.stdin.flush().expect("flush");
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        self.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next message that satisfies `want`, from those kept or newly
    /// read (the others are kept, in order).
    fn wait_for(&mut self, what: &str, want: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.pending.iter().position(&want) {
            return self.pending.remove(i);
        }
        loop {
            match self.inbox.recv_timeout(WAIT) {
                Ok(message) if want(&message) => return message,
                Ok(message) => self.pending.push(message),
                Err(RecvTimeoutError::Timeout) => panic!("no {what} within {WAIT:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the server ended before {what}"),
            }
        }
    }

    /// Sends a request and returns the whole response.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait_for(&format!("an answer to {method}"), |m| {
            m["id"] == json!(id) && m.get("method").is_none()
        })
    }

    /// Sends a request and returns its result (failing on an error).
    fn call(&mut self, method: &str, params: Value) -> Value {
        let response = self.request(method, params);
        assert!(response.get("error").is_none(), "{method}: {response}");
        response["result"].clone()
    }

    /// `initialize` as an editor that shows Markdown sends it, offering
    /// `encodings`; then `initialized`.
    fn initialize(&mut self, encodings: &[&str]) -> Value {
        self.initialize_with(json!({
            "general": {"positionEncodings": encodings},
            "textDocument": {
                "hover": {"contentFormat": ["markdown", "plaintext"]},
                "completion": {"completionItem": {"documentationFormat": ["markdown", "plaintext"]}},
            },
        }))
    }

    /// `initialize` with `capabilities` and no process id; then
    /// `initialized`.
    fn initialize_with(&mut self, capabilities: Value) -> Value {
        self.initialize_params(
            json!({"processId": null, "rootUri": null, "capabilities": capabilities}),
        )
    }

    /// `initialize` with `params`; then `initialized`.
    fn initialize_params(&mut self, params: Value) -> Value {
        let result = self.call("initialize", params);
        self.notify("initialized", json!({}));
        result
    }

    fn open(&mut self, path: &Path, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri(path), "languageId": "markdown", "version": 1, "text": text}}),
        );
    }

    fn change(&mut self, path: &Path, version: i32, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri(path), "version": version}, "contentChanges": [{"text": text}]}),
        );
    }

    /// The diagnostics of the next publish for `path`.
    fn diagnostics(&mut self, path: &Path) -> Vec<Value> {
        let uri = uri(path);
        let message = self.wait_for(&format!("diagnostics for {uri}"), |m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        });
        message["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// Whether a publish for `path` was received and not consumed yet.
    fn has_pending_diagnostics(&self, path: &Path) -> bool {
        let uri = uri(path);
        self.pending
            .iter()
            .any(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri)
    }

    /// Sends shutdown and exit; the exit code and everything on stderr.
    fn finish(mut self) -> (Option<i32>, String) {
        let result = self.call("shutdown", Value::Null);
        assert_eq!(result, Value::Null);
        self.notify("exit", Value::Null);
        self.end()
    }

    /// Answers the server's request `request` with a null result, as a
    /// client that did what was asked.
    fn reply_null(&mut self, request: &Value) {
        self.send(&json!({"jsonrpc": "2.0", "id": request["id"], "result": null}));
    }

    /// Sends a request and returns the whole response with every message
    /// the server sent before it (in order): what handling the messages
    /// sent so far gave.
    fn request_with_preceding(&mut self, method: &str, params: Value) -> (Value, Vec<Value>) {
        let response = self.request(method, params);
        (response, std::mem::take(&mut self.pending))
    }

    /// The exit code when the process ends within `within` (its input
    /// still open); `None` when it is still running then.
    fn exits_within(&mut self, within: Duration) -> Option<Option<i32>> {
        let deadline = std::time::Instant::now() + within;
        while std::time::Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().expect("the server's status") {
                return Some(status.code());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }

    /// Waits for the process to end; its exit code and stderr.
    fn end(mut self) -> (Option<i32>, String) {
        drop(self.stdin);
        let status = self.child.wait().expect("the server ends");
        let stderr = self.stderr.join().expect("stderr");
        (status.code(), stderr)
    }
}

fn uri(path: &Path) -> String {
    url::Url::from_file_path(path)
        .expect("an absolute path")
        .to_string()
}

fn pos(path: &Path, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri(path)}, "position": {"line": line, "character": character}})
}

fn codes(diagnostics: &[Value]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap_or_default().to_string())
        .collect()
}

fn find<'a>(diagnostics: &'a [Value], code: &str) -> &'a Value {
    diagnostics
        .iter()
        .find(|d| d["code"] == code)
        .unwrap_or_else(|| panic!("no {code} in {diagnostics:?}"))
}

fn labels(completion: &Value) -> Vec<String> {
    let items = completion.get("items").unwrap_or(completion);
    items
        .as_array()
        .map(|items| {
            items
                .iter()
                .map(|i| i["label"].as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// A plan with a misspelled key on 0-based line 29, a prose verification
/// on phase 2 (heading line 21, bullet 22), a manual Gate-check (line 23)
/// and a suppression comment (line 20) that covers nothing
/// (`suppression-unused`).
const PLAN: &str = "---
slug: harbour
status: active
phases: 2
---

# Harbour beacon

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Lamp driver | — | beacon | lamp blinks |
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
| `relay` | off | keeper | answered | yes | plan | 2 |
| `permission.policy` | ask first | keeper | answered | yes | plan | — |
| `permission.destructive` | deny pushes | keeper | answered | yes | plan | — |
| `accounts` | the harbour account | keeper | answered | yes | plan | — |
| `human-acts` | none | keeper | answered | yes | plan | — |
";

#[test]
fn an_editor_session() {
    let root = Root::new();
    let plan = root.plan("harbour", PLAN);
    let mut client = Client::start(root.path());

    let init = client.initialize(&[]);
    let caps = &init["capabilities"];
    assert_eq!(caps["positionEncoding"], "utf-16");
    assert_eq!(caps["textDocumentSync"]["change"], 1, "full sync: {caps}");
    assert_eq!(caps["hoverProvider"], true);
    assert!(caps["completionProvider"].is_object(), "{caps}");
    assert_eq!(
        caps["codeActionProvider"]["codeActionKinds"],
        json!(["quickfix"])
    );

    // Open: the same findings as `validate`, gating ones as errors, each
    // with its check's name and a link to its documentation.
    client.open(&plan, PLAN);
    let found = client.diagnostics(&plan);
    assert_eq!(
        codes(&found),
        [
            "suppression-unused",
            "verification-empty-open",
            "decision-key-unknown"
        ],
        "{found:?}"
    );
    let key = find(&found, "decision-key-unknown");
    assert_eq!(key["severity"], 1);
    assert_eq!(key["source"], "planfile");
    assert_eq!(key["range"]["start"], json!({"line": 29, "character": 2}));
    assert_eq!(key["range"]["end"], json!({"line": 29, "character": 10}));
    assert!(
        key["message"].as_str().is_some_and(
            |m| m.starts_with("decision row `relays` in the plan: decision-key-unknown")
        ),
        "{key}"
    );
    let href = key["codeDescription"]["href"].as_str().expect("a link");
    let page = url::Url::parse(href)
        .ok()
        .and_then(|u| u.to_file_path().ok())
        .expect("a file link");
    let text = std::fs::read_to_string(&page).expect("the page exists");
    assert!(text.starts_with("# decision-key-unknown (F25)"), "{text}");
    let verification = find(&found, "verification-empty-open");
    assert_eq!(verification["range"]["start"]["line"], 22);

    // Change: the buffer counts, not the disk.
    let fixed = PLAN.replace("| `relays` |", "| `announce` |");
    client.change(&plan, 2, &fixed);
    let found = client.diagnostics(&plan);
    assert_eq!(
        codes(&found),
        ["suppression-unused", "verification-empty-open"],
        "{found:?}"
    );
    assert_eq!(std::fs::read_to_string(&plan).expect("the plan"), PLAN);

    // Hover on a decision key: what it answers, the answer words, the
    // shipped default, the template's blocking, the row in force.
    let hover = client.call("textDocument/hover", pos(&plan, 30, 4));
    let text = hover["contents"]["value"].as_str().expect("Markdown");
    for part in [
        "**`relay`** · decision key",
        "relayed to a person",
        "`off` `last-resort`",
        "**Shipped default:** `off`",
        "**Plan template:** blocking",
        "this row, in phase 2's view",
        "**Answer in force:** `off` (from `plan:31`)",
    ] {
        assert!(text.contains(part), "{part:?} not in {text}");
    }
    assert_eq!(hover["range"]["start"], json!({"line": 30, "character": 3}));
    // On a check name in a suppression comment, and on a Gate-check type.
    let hover = client.call("textDocument/hover", pos(&plan, 20, 30));
    let text = hover["contents"]["value"].as_str().expect("Markdown");
    assert!(
        text.contains("**decision-key-unknown** (F25) · gating"),
        "{text}"
    );
    let hover = client.call("textDocument/hover", pos(&plan, 23, 20));
    let text = hover["contents"]["value"].as_str().expect("Markdown");
    assert!(text.contains("**`manual`** · Gate-check type"), "{text}");
    assert_eq!(
        client.call("textDocument/hover", pos(&plan, 6, 3)),
        Value::Null,
        "nothing to say on the title"
    );

    // Completion in the cells of the Decisions table and after Gate-check:.
    let cell =
        |c: &mut Client, character| c.call("textDocument/completion", pos(&plan, 29, character));
    let keys = labels(&cell(&mut client, 4));
    assert_eq!(keys.len(), 19);
    assert_eq!(
        (keys[0].as_str(), keys[18].as_str()),
        ("permission.policy", "plan-approval")
    );
    // (The buffer's line 29 is now "| `announce` | off | keeper | answered | no | plan | — |".)
    assert_eq!(
        labels(&cell(&mut client, 31)),
        ["answered", "outstanding", "waived"]
    );
    assert_eq!(labels(&cell(&mut client, 41)), ["yes", "no"]);
    assert_eq!(
        labels(&cell(&mut client, 47)),
        ["plan", "run", "default", "ruling"]
    );
    assert_eq!(labels(&cell(&mut client, 53)), ["—", "1", "2"]);
    assert!(labels(&cell(&mut client, 23)).is_empty(), "the owner cell");
    let values = labels(&client.call("textDocument/completion", pos(&plan, 30, 13)));
    assert_eq!(values, ["off", "last-resort"]);
    let types = client.call("textDocument/completion", pos(&plan, 23, 18));
    assert_eq!(labels(&types).len(), 11);
    assert_eq!(
        types[0]["textEdit"]["range"],
        json!({"start": {"line": 23, "character": 18}, "end": {"line": 23, "character": 24}}),
        "the type word is replaced"
    );
    let names = labels(&client.call("textDocument/completion", pos(&plan, 20, 25)));
    assert!(
        names.contains(&"verification-empty-open".to_string()),
        "{names:?}"
    );

    // Code action: suppress the finding on its line with a comment.
    let found = vec![verification.clone()];
    let actions = client.call(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri(&plan)}, "range": verification["range"], "context": {"diagnostics": found}}),
    );
    let actions = actions.as_array().expect("actions");
    assert_eq!(actions.len(), 1, "{actions:?}");
    assert_eq!(
        actions[0]["title"],
        "Suppress verification-empty-open on this line"
    );
    assert_eq!(actions[0]["kind"], "quickfix");
    let edits = &actions[0]["edit"]["changes"][uri(&plan)];
    assert_eq!(
        edits,
        &json!([{
            "range": {"start": {"line": 22, "character": 0}, "end": {"line": 22, "character": 0}},
            "newText": "<!-- planfile-ignore: verification-empty-open -->\n",
        }])
    );
    let none = client.call(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri(&plan)}, "range": verification["range"],
               "context": {"diagnostics": [], "only": ["refactor"]}}),
    );
    assert_eq!(none, json!([]));

    let (code, stderr) = client.finish();
    assert_eq!(code, Some(0), "{stderr}");
}

/// A plan whose `relay` row has an emoji and CJK text before a misspelled
/// state: `answred` starts at character 32 of 0-based line 28 (33 in
/// UTF-16, where the emoji is two code units; byte 39 in UTF-8).
const WIDE: &str = "---
slug: lamp
status: active
phases: 2
---

# Lighthouse 灯台 🚀

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Lamp 灯 | — | beacon | lamp blinks |
| 2 | Fog 🌫️ sensor | 1 | beacon | fog detected |

## Phases

### Phase 1 — Lamp
- **Verification:** `test -s blink.log`

### Phase 2 — Fog *(GATED)*
- **Gate-check:** manual harbour master
- **Verification:** `test -s fog.log`

## Decisions

| key | value | owner | state | blocking | source | phase |
|---|---|---|---|---|---|---|
| `relay` | 🚀 off 灯台 | keeper | answred | no | plan | — |
";

#[test]
fn positions_after_emoji_and_cjk_in_both_encodings() {
    let root = Root::new();
    let plan = root.plan("lamp", WIDE);
    for (offered, name, start) in [
        (vec![], "utf-16", 33),
        (vec!["utf-16"], "utf-16", 33),
        (vec!["utf-8", "utf-16"], "utf-8", 39),
    ] {
        let mut client = Client::start(root.path());
        let init = client.initialize(&offered);
        assert_eq!(init["capabilities"]["positionEncoding"], name);
        client.open(&plan, WIDE);
        let found = client.diagnostics(&plan);
        let state = find(&found, "decision-state-unknown");
        assert_eq!(
            state["range"],
            json!({"start": {"line": 28, "character": start}, "end": {"line": 28, "character": start + 7}}),
            "{name}"
        );
        // A position after the emoji lands in the state cell.
        let completion = client.call("textDocument/completion", pos(&plan, 28, start + 2));
        assert_eq!(
            labels(&completion),
            ["answered", "outstanding", "waived"],
            "{name}"
        );
        assert_eq!(
            completion[0]["textEdit"]["range"], state["range"],
            "{name}: the misspelled word is replaced"
        );
        let actions = client.call(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri(&plan)}, "range": state["range"], "context": {"diagnostics": [state]}}),
        );
        let suppress = actions
            .as_array()
            .into_iter()
            .flatten()
            .find(|a| a["title"] == "Suppress decision-state-unknown on this line")
            .expect("the suppression quick fix");
        let edit = &suppress["edit"]["changes"][uri(&plan)][0];
        let row = WIDE.lines().nth(28).expect("the row");
        let end = if name == "utf-8" {
            row.len()
        } else {
            row.encode_utf16().count()
        };
        assert_eq!(
            edit["range"]["start"],
            json!({"line": 28, "character": end}),
            "{name}: after the row's last pipe"
        );
        assert_eq!(
            edit["newText"],
            " <!-- planfile-ignore: decision-state-unknown -->"
        );
        let (code, stderr) = client.finish();
        assert_eq!(code, Some(0), "{stderr}");
    }
}

const TWIN: &str = "# Decisions — harbour

## Decisions

| key | value | owner | state | blocking | source | evidence | phase |
|---|---|---|---|---|---|---|---|
| `stop` | halt | op | answerd | no | run | memo | — |
";

#[test]
fn a_twin_has_its_findings_and_its_changes_relint_the_plan() {
    let root = Root::new();
    let plan = root.plan("harbour", PLAN);
    let twin = root.twin("harbour", TWIN);
    root.config("[lint]\nadvisory = [\"verification-empty-open\"]\n");
    let mut client = Client::start(root.path());
    client.initialize(&[]);
    client.open(&plan, PLAN);
    let found = client.diagnostics(&plan);
    assert_eq!(
        find(&found, "verification-empty-open")["severity"],
        2,
        "advisory is a warning"
    );
    assert!(
        !codes(&found).contains(&"decision-state-unknown".to_string()),
        "the twin's finding is not in the plan: {found:?}"
    );

    client.open(&twin, TWIN);
    let in_plan = client.diagnostics(&plan);
    let in_twin = client.diagnostics(&twin);
    assert_eq!(
        codes(&in_plan),
        [
            "suppression-unused",
            "verification-empty-open",
            "decision-key-unknown"
        ]
    );
    assert_eq!(codes(&in_twin), ["decision-state-unknown"]);
    assert_eq!(in_twin[0]["range"]["start"]["line"], 6);

    // A twin row for a phase the plan lacks: the twin's change re-lints
    // the plan, and the finding lands in the twin.
    let changed = TWIN.replace(
        "| answerd | no | run | memo | — |",
        "| answered | no | run | memo | 7 |",
    );
    client.change(&twin, 2, &changed);
    let in_plan = client.diagnostics(&plan);
    let in_twin = client.diagnostics(&twin);
    assert_eq!(
        codes(&in_plan),
        [
            "suppression-unused",
            "verification-empty-open",
            "decision-key-unknown"
        ]
    );
    assert_eq!(codes(&in_twin), ["decision-phase-unknown"]);
    // Hover in the twin reads the merge of both buffers.
    let hover = client.call("textDocument/hover", pos(&twin, 6, 4));
    let text = hover["contents"]["value"].as_str().expect("Markdown");
    assert!(text.contains("**`stop`** · decision key"), "{text}");

    // Closing the plan clears its diagnostics and keeps the twin's.
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri(&plan)}}),
    );
    assert!(client.diagnostics(&plan).is_empty());
    assert_eq!(
        codes(&client.diagnostics(&twin)),
        ["decision-phase-unknown"]
    );

    let (code, stderr) = client.finish();
    assert_eq!(code, Some(0), "{stderr}");
}

#[test]
fn nothing_a_client_sends_ends_the_server_but_exit() {
    let root = Root::new();
    let plan = root.plan("harbour", PLAN);
    let mut client = Client::start(root.path());

    // Before initialize: requests are refused, the server stays.
    let early = client.request("textDocument/hover", pos(&plan, 0, 0));
    assert_eq!(early["error"]["code"], -32002, "{early}");
    client.initialize(&[]);

    // Not JSON: a parse error with a null id.
    let body = "{\"jsonrpc\": \"2.0\", \"id\": 99, \"method\":";
    client.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    let reply = client.wait_for("the parse error", |m| m["error"]["code"] == -32700);
    assert_eq!(reply["id"], Value::Null);
    // JSON that is not a message, a frame without a length, a bad length.
    client.send(&json!([1, 2, 3]));
    let reply = client.wait_for("the invalid request", |m| m["error"]["code"] == -32600);
    assert_eq!(reply["id"], Value::Null);
    client.send_raw(b"Content-Type: application/json\r\n\r\n");
    client.send_raw(b"Content-Length: lots\r\n\r\n");
    // An unknown request, bad params, a notification with bad params.
    let unknown = client.request("textDocument/formatting", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    let bad = client.request("textDocument/hover", json!({"textDocument": 5}));
    assert_eq!(bad["error"]["code"], -32602, "{bad}");
    client.notify("textDocument/didOpen", json!({"textDocument": "nope"}));
    client.notify("$/unknownNotification", json!({}));
    // A second initialize.
    let again = client.request("initialize", json!({"capabilities": {}}));
    assert_eq!(again["error"]["code"], -32600, "{again}");

    // Documents that are not plans: no diagnostics, no answers, no crash.
    let readme = root.path().join("README.md");
    client.open(
        &readme,
        "# Read me\n\n| key | state |\n|---|---|\n| x | y |\n",
    );
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": "untitled:Untitled-1", "languageId": "markdown", "version": 1, "text": "x"}}),
    );
    assert_eq!(
        client.call("textDocument/hover", pos(&readme, 2, 3)),
        Value::Null
    );
    assert!(!client.has_pending_diagnostics(&readme));
    // A plan that is not one at all: binary-ish text, no graph.
    let odd = root.plan("odd", "");
    client.open(&odd, "\u{0}\u{1}|||\r\r\n<!--\n```\n| a |\n|-|\n");
    let found = client.diagnostics(&odd);
    assert!(!found.is_empty(), "the lint speaks about it");
    // A huge buffer: 8 MB of plan, half of it one line, linted and answered.
    let mut huge = PLAN.to_string();
    huge.push_str("\n## Notes\n\n");
    while huge.len() < 4 << 20 {
        huge.push_str("Filler about the 灯台 and its 🚀, one more line of it.\n");
    }
    huge.push_str(&"x🌫️".repeat(1 << 20));
    client.open(&plan, &huge);
    let found = client.diagnostics(&plan);
    assert_eq!(
        codes(&found),
        [
            "suppression-unused",
            "verification-empty-open",
            "decision-key-unknown"
        ]
    );
    let hover = client.call("textDocument/hover", pos(&plan, 30, 4));
    assert!(hover["contents"]["value"].as_str().is_some(), "{hover}");

    // After shutdown only exit is taken; then exit 0.
    let result = client.call("shutdown", Value::Null);
    assert_eq!(result, Value::Null);
    let late = client.request("textDocument/hover", pos(&plan, 0, 0));
    assert_eq!(late["error"]["code"], -32600, "{late}");
    client.notify("exit", Value::Null);
    let (code, stderr) = client.end();
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("not valid JSON"), "logged: {stderr}");
    assert!(stderr.contains("Content-Length"), "logged: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn the_stdio_flag_editor_clients_pass_is_accepted() {
    let root = Root::new();
    let mut client = Client::start_with(root.path(), &["server", "--stdio"]);
    let init = client.initialize(&["utf-8"]);
    assert_eq!(init["serverInfo"]["name"], "planfile");
    let (code, stderr) = client.finish();
    assert_eq!(code, Some(0), "{stderr}");
}

#[test]
fn exit_without_shutdown_and_a_closed_input_end_with_1() {
    let root = Root::new();
    let mut client = Client::start(root.path());
    client.initialize(&[]);
    client.notify("exit", Value::Null);
    assert_eq!(client.end().0, Some(1));

    let mut client = Client::start(root.path());
    client.initialize(&[]);
    assert_eq!(client.end().0, Some(1), "the input closed without shutdown");
}

/// A finding that `validate --fix` repairs is offered as a preferred quick
/// fix making the same edit, beside "suppress": here the zero-padded phase
/// cell `01` of the graph (0-based line 12).
#[test]
fn the_fixes_of_validate_fix_are_quick_fixes() {
    let root = Root::new();
    let text = PLAN.replace("| 1 | Lamp driver |", "| 01 | Lamp driver |");
    let plan = root.plan("harbour", &text);
    let mut client = Client::start(root.path());
    client.initialize(&[]);
    client.open(&plan, &text);
    let found = client.diagnostics(&plan);
    let padded = find(&found, "phase-cell-zero-padded").clone();
    let actions = client.call(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri(&plan)}, "range": padded["range"],
               "context": {"diagnostics": [padded]}}),
    );
    let actions = actions.as_array().expect("actions");
    let fix = actions
        .iter()
        .find(|a| a["isPreferred"] == true)
        .expect("a preferred quick fix");
    assert_eq!(fix["kind"], "quickfix");
    assert_eq!(fix["title"], "write 1");
    assert_eq!(
        fix["edit"]["changes"][uri(&plan)],
        json!([{
            "range": {"start": {"line": 12, "character": 2}, "end": {"line": 12, "character": 4}},
            "newText": "1",
        }])
    );
    assert!(
        actions
            .iter()
            .any(|a| a["title"] == "Suppress phase-cell-zero-padded on this line"),
        "{actions:?}"
    );
    let (code, stderr) = client.finish();
    assert_eq!(code, Some(0), "{stderr}");
}

/// The messages of `messages` that publish diagnostics for `path`.
fn publishes<'a>(messages: &'a [Value], path: &Path) -> Vec<&'a Value> {
    let uri = uri(path);
    messages
        .iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri)
        .collect()
}

/// A notification as its framed bytes.
fn framed(method: &str, params: Value) -> Vec<u8> {
    let body = json!({"jsonrpc": "2.0", "method": method, "params": params}).to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

/// A `didChange` of `path` to `version` replacing the text from
/// (`line`, `from`) to (`line`, `to`) with `text`.
fn edit(path: &Path, version: i32, line: u32, (from, to): (u32, u32), text: &str) -> Vec<u8> {
    framed(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": uri(path), "version": version},
            "contentChanges": [{
                "range": {"start": {"line": line, "character": from}, "end": {"line": line, "character": to}},
                "text": text,
            }],
        }),
    )
}

/// SPEC §10.2 (in the editor's world): the settings are those found from
/// the document's own folder upward — here a `planfile.toml` above the
/// docs root, in the repository the plan is in — and never those of the
/// server's working directory, here another project with its own.
#[test]
fn settings_come_from_the_documents_folder_not_the_servers() {
    let project = tempfile::tempdir().expect("a folder");
    std::fs::write(
        project.path().join("planfile.toml"),
        "[lint]\nignore = [\"verification-empty-open\"]\n",
    )
    .expect("the project's settings");
    let root = project.path().join("handbook");
    std::fs::create_dir_all(root.join("docs/plans")).expect("docs/plans");
    let plan = root.join("docs/plans/harbour.md");
    std::fs::write(&plan, PLAN).expect("the plan");
    let elsewhere = tempfile::tempdir().expect("a folder");
    std::fs::write(
        elsewhere.path().join("planfile.toml"),
        "[lint]\nignore = [\"decision-key-unknown\"]\n",
    )
    .expect("another project's settings");

    let mut client = Client::start_in(elsewhere.path(), elsewhere.path(), &["server"]);
    client.initialize(&[]);
    client.open(&plan, PLAN);
    let found = client.diagnostics(&plan);
    assert_eq!(
        codes(&found),
        ["suppression-unused", "decision-key-unknown"],
        "the project's settings, not those of the server's folder: {found:?}"
    );
    let (code, stderr) = client.finish();
    assert_eq!(code, Some(0), "{stderr}");
}

/// SPEC §10.2: a client that takes dynamic registrations is asked to watch
/// `planfile.toml`, twins and handoffs; a change it reports re-lints the
/// open plans it affects, with the settings read again, and leaves the
/// others alone. A client that does not take them is asked nothing.
#[test]
fn watched_files_are_registered_and_their_changes_relint() {
    let root = Root::new();
    let plan = root.plan("harbour", PLAN);
    let mut client = Client::start(root.path());
    client.initialize_with(json!({
        "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}},
    }));
    let register = client.wait_for("a registration", |m| {
        m["method"] == "client/registerCapability"
    });
    let registration = &register["params"]["registrations"][0];
    assert_eq!(registration["method"], "workspace/didChangeWatchedFiles");
    let globs: Vec<&str> = registration["registerOptions"]["watchers"]
        .as_array()
        .expect("watchers")
        .iter()
        .filter_map(|w| w["globPattern"].as_str())
        .collect();
    for glob in [
        "**/planfile.toml",
        "**/docs/handoffs/*/decisions.md",
        "**/docs/handoffs/*/phase-*.md",
    ] {
        assert!(globs.contains(&glob), "{glob} in {globs:?}");
    }
    client.reply_null(&register);

    client.open(&plan, PLAN);
    assert!(codes(&client.diagnostics(&plan)).contains(&"verification-empty-open".to_string()));
    // The settings change on disk: the plan is linted with the new ones.
    root.config("[lint]\nignore = [\"verification-empty-open\"]\n");
    let settings = uri(&root.path().join("planfile.toml"));
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": settings, "type": 2}]}),
    );
    assert_eq!(
        codes(&client.diagnostics(&plan)),
        ["suppression-unused", "decision-key-unknown"]
    );
    // A change in another project's files: nothing is linted again.
    let other = tempfile::tempdir().expect("a folder");
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri(&other.path().join("docs/handoffs/harbour/decisions.md")), "type": 1}]}),
    );
    let (_, before) = client.request_with_preceding("textDocument/hover", pos(&plan, 6, 3));
    assert!(publishes(&before, &plan).is_empty(), "{before:?}");
    let (code, stderr) = client.finish();
    assert_eq!(code, Some(0), "{stderr}");

    // A client that does not take dynamic registrations (Neovim's
    // profiles) is asked nothing.
    let mut client = Client::start(root.path());
    client.initialize_with(json!({
        "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": false}},
    }));
    let (_, before) = client.request_with_preceding("textDocument/hover", pos(&plan, 6, 3));
    assert!(
        !before
            .iter()
            .any(|m| m["method"] == "client/registerCapability"),
        "{before:?}"
    );
    let (code, stderr) = client.finish();
    assert_eq!(code, Some(0), "{stderr}");
}

/// SPEC §10.2: the server exits when the editor's process that
/// `initialize` named is gone, though its input stays open — with 1, as
/// LSP says of an exit without `shutdown` — and not while it runs.
#[cfg(unix)]
#[test]
fn the_server_exits_when_the_editors_process_is_gone() {
    let root = Root::new();
    let plan = root.plan("harbour", PLAN);
    let mut editor = Command::new("sleep")
        .arg("600")
        .spawn()
        .expect("a stand-in editor");
    let mut client = Client::start(root.path());
    client.initialize_params(json!({
        "processId": editor.id(),
        "rootUri": null,
        "capabilities": {},
    }));
    client.open(&plan, PLAN);
    client.diagnostics(&plan);
    assert_eq!(
        client.exits_within(Duration::from_millis(2500)),
        None,
        "the server serves while the editor runs"
    );
    assert_eq!(
        client.call("textDocument/hover", pos(&plan, 6, 3)),
        Value::Null
    );
    editor.kill().expect("the editor is killed");
    editor.wait().expect("and reaped");
    assert_eq!(
        client.exits_within(Duration::from_secs(10)),
        Some(Some(1)),
        "the server ends within seconds of its editor"
    );
    let (_, stderr) = client.end();
    assert!(stderr.contains("is gone"), "logged: {stderr}");
}

/// SPEC §10.2: a burst of changes is linted once, at its newest version —
/// no diagnostics are published for the versions a newer one replaced —
/// and a request after it is answered from the newest text. A request
/// inside a burst is answered from the text as it stands at that point.
#[test]
fn a_burst_of_changes_is_linted_once_at_its_newest_version() {
    let root = Root::new();
    let plan = root.plan("harbour", PLAN);
    let mut client = Client::start(root.path());
    client.initialize(&[]);
    client.open(&plan, PLAN);
    assert!(codes(&client.diagnostics(&plan)).contains(&"decision-key-unknown".to_string()));

    // Versions 2 to 9 type into the title; version 10 writes the misspelled
    // key `relays` (0-based line 29, characters 3 to 9) as `announce`. The
    // whole burst is written at once, as one write to the pipe.
    let mut burst = Vec::new();
    for version in 2..10 {
        let at = 16 + (version as u32 - 2);
        burst.extend(edit(&plan, version, 6, (at, at), "!"));
    }
    burst.extend(edit(&plan, 10, 29, (3, 9), "announce"));
    assert!(burst.len() < 4096, "one atomic pipe write: {}", burst.len());
    client.send_raw(&burst);
    let (hover, before) = client.request_with_preceding("textDocument/hover", pos(&plan, 29, 4));
    let published = publishes(&before, &plan);
    let versions: Vec<&Value> = published.iter().map(|m| &m["params"]["version"]).collect();
    assert_eq!(versions, [&json!(10)], "one lint, of the newest version");
    let found = published[0]["params"]["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        codes(&found),
        ["suppression-unused", "verification-empty-open"]
    );
    let text = hover["result"]["contents"]["value"].as_str().unwrap_or("");
    assert!(text.contains("**`announce`** · decision key"), "{hover}");

    // Change, hover, change, hover: each hover sees its own version.
    let mut mixed = edit(&plan, 11, 29, (3, 11), "relay");
    let hover_at = |id: i64| {
        let body = json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": pos(&plan, 29, 4)}).to_string();
        format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
    };
    mixed.extend(hover_at(1001));
    mixed.extend(edit(&plan, 12, 29, (3, 8), "stop"));
    mixed.extend(hover_at(1002));
    client.send_raw(&mixed);
    let first = client.wait_for("the first hover", |m| m["id"] == 1001);
    let second = client.wait_for("the second hover", |m| m["id"] == 1002);
    let value = |h: &Value| {
        h["result"]["contents"]["value"]
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    assert!(value(&first).contains("**`relay`**"), "{first}");
    assert!(value(&second).contains("**`stop`**"), "{second}");

    let (code, stderr) = client.finish();
    assert_eq!(code, Some(0), "{stderr}");
}

/// SPEC §10.2: hover and completion documentation come in a format the
/// client supports — plain text without Markdown marks for a client that
/// offers no `markdown` (Emacs' eglot without markdown-mode offers
/// `plaintext` for hovers, and Emacs 29 no documentation format at all).
#[test]
fn a_client_without_markdown_gets_plain_text() {
    let root = Root::new();
    let plan = root.plan("harbour", PLAN);
    let mut client = Client::start(root.path());
    client.initialize_with(json!({
        "textDocument": {"hover": {"contentFormat": ["plaintext"]}, "completion": {"completionItem": {}}},
    }));
    client.open(&plan, PLAN);
    client.diagnostics(&plan);
    let no_marks = |text: &str| !text.contains("**") && !text.contains('`');

    let hover = client.call("textDocument/hover", pos(&plan, 30, 4));
    assert_eq!(hover["contents"]["kind"], "plaintext", "{hover}");
    let text = hover["contents"]["value"].as_str().expect("text");
    assert!(text.starts_with("relay · decision key\n\n"), "{text}");
    assert!(text.contains("- Answer words: off last-resort"), "{text}");
    assert!(no_marks(text), "{text}");
    let hover = client.call("textDocument/hover", pos(&plan, 20, 30));
    let text = hover["contents"]["value"].as_str().expect("text");
    assert!(
        text.starts_with("decision-key-unknown (F25) · gating"),
        "{text}"
    );
    assert!(no_marks(text), "{text}");

    let keys = client.call("textDocument/completion", pos(&plan, 29, 4));
    let items = keys.as_array().expect("items");
    assert_eq!(items.len(), 19);
    for item in items {
        let docs = &item["documentation"];
        let text = docs
            .as_str()
            .unwrap_or_else(|| panic!("a plain string: {item}"));
        assert!(no_marks(text), "{text}");
    }
    let (code, stderr) = client.finish();
    assert_eq!(code, Some(0), "{stderr}");
}

/// SPEC §10.1 "Unsafe fixes": a misspelled state or key that the finding
/// names the word for is offered as a quick fix that is not preferred
/// (`isPreferred` false), writing that word — and `validate --fix` leaves
/// it alone.
#[test]
fn a_misspelled_word_is_an_unsafe_quick_fix_not_preferred() {
    let root = Root::new();
    let text = PLAN.replace(
        "| answered | no | plan | — |",
        "| answerd | no | plan | — |",
    );
    assert_ne!(text, PLAN);
    let plan = root.plan("harbour", &text);
    let mut client = Client::start(root.path());
    client.initialize(&[]);
    client.open(&plan, &text);
    let found = client.diagnostics(&plan);
    for (code, title, range, new_text) in [
        (
            "decision-state-unknown",
            "write answered (unsafe fix)",
            json!({"start": {"line": 29, "character": 28}, "end": {"line": 29, "character": 35}}),
            "answered",
        ),
        (
            "decision-key-unknown",
            "write relay (unsafe fix)",
            json!({"start": {"line": 29, "character": 3}, "end": {"line": 29, "character": 9}}),
            "relay",
        ),
    ] {
        let diagnostic = find(&found, code).clone();
        assert!(
            diagnostic["message"]
                .as_str()
                .is_some_and(|m| m.contains(&format!("did you mean `{new_text}`?"))),
            "{diagnostic}"
        );
        let actions = client.call(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri(&plan)}, "range": diagnostic["range"],
                   "context": {"diagnostics": [diagnostic]}}),
        );
        let actions = actions.as_array().expect("actions");
        let fix = actions
            .iter()
            .find(|a| a["title"] == title)
            .unwrap_or_else(|| panic!("{title} in {actions:?}"));
        assert_eq!(fix["kind"], "quickfix");
        assert_eq!(fix["isPreferred"], false, "{fix}");
        assert_eq!(
            fix["edit"]["changes"][uri(&plan)],
            json!([{"range": range, "newText": new_text}])
        );
        assert!(
            !actions.iter().any(|a| a["isPreferred"] == true),
            "nothing preferred: {actions:?}"
        );
    }
    let (code, stderr) = client.finish();
    assert_eq!(code, Some(0), "{stderr}");

    let fixed = root
        .cmd()
        .args(["validate", "harbour", "--fix"])
        .output()
        .expect("validate --fix runs");
    assert_eq!(
        std::fs::read_to_string(&plan).expect("the plan"),
        text,
        "validate --fix applies no unsafe fix: {}",
        String::from_utf8_lossy(&fixed.stderr)
    );
}
