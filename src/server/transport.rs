//! The LSP base protocol over a byte stream (SPEC §10.2): `Content-Length`
//! framing, JSON-RPC 2.0 messages as [`lsp_server::Message`].
//!
//! `lsp_server::Connection::stdio()` ends its reader thread on the first
//! message that is not valid JSON, which would end the server; this reader
//! instead reports what was wrong and goes on with the next message. A body
//! that is not JSON is answered with a parse error (-32700); JSON that is not
//! a JSON-RPC message with an invalid-request error (-32600); a framing
//! problem (a header without `Content-Length`, a body larger than
//! [`MAX_BODY`]) is logged and skipped. Only the end of the input ends the
//! reading.
//!
//! The serving loop reads through [`spawn_reader`]: a thread that reads
//! and decodes messages while the server lints, and hands them over in
//! batches (every message already read when the input has nothing more
//! at once), so that a burst of changes is seen whole before any of it is
//! linted.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver};

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use serde_json::Value;

/// The largest message body read, in bytes (64 MiB). A larger one is
/// skipped, its bytes read and dropped, so the stream stays in step.
pub const MAX_BODY: usize = 64 << 20;

/// The longest header line kept, in bytes; the rest of a longer line is
/// dropped.
const MAX_HEADER_LINE: u64 = 8 << 10;

/// What one read from the input gave.
#[derive(Debug)]
pub enum Incoming {
    /// A well-formed message.
    Message(Message),
    /// A message that cannot be served: answer it with this error (`id`
    /// `None` answers with a null id, as JSON-RPC says when the id cannot be
    /// read).
    Invalid {
        /// The request's id, when one could be read.
        id: Option<RequestId>,
        /// The JSON-RPC error code.
        code: ErrorCode,
        /// What was wrong.
        message: String,
    },
    /// Something skipped without an answer (a framing problem, a malformed
    /// notification or response); the text says what, for the log.
    Skipped(String),
    /// The input ended (or cannot be read any more).
    Closed,
}

/// The size of the reader thread's buffer: the bytes read from the input
/// at once (a burst of edits fits in it).
const READ_BUFFER: usize = 64 << 10;

/// Starts a thread that reads `input` ([`read`]) until it ends, and sends
/// what it reads in batches: each batch holds the messages read until the
/// buffered input ran out, so a burst the client wrote at once arrives
/// whole. The last batch ends with [`Incoming::Closed`]. Errors: the
/// thread could not be started.
pub fn spawn_reader(input: impl Read + Send + 'static) -> io::Result<Receiver<Vec<Incoming>>> {
    let (batches, received) = mpsc::channel();
    std::thread::Builder::new()
        .name("planfile-server-input".to_string())
        .spawn(move || {
            let mut input = BufReader::with_capacity(READ_BUFFER, input);
            loop {
                let mut batch = Vec::new();
                let closed = loop {
                    let incoming = read(&mut input);
                    let closed = matches!(incoming, Incoming::Closed);
                    batch.push(incoming);
                    if closed || input.buffer().is_empty() {
                        break closed;
                    }
                };
                if batches.send(batch).is_err() || closed {
                    return;
                }
            }
        })?;
    Ok(received)
}

/// Reads the next message from `input`.
pub fn read(input: &mut impl BufRead) -> Incoming {
    match read_frame(input) {
        Ok(Frame::Body(body)) => decode(&body),
        Ok(Frame::Skipped(why)) => Incoming::Skipped(why),
        Ok(Frame::End) => Incoming::Closed,
        Err(e) => {
            log(&format!("cannot read the input: {e}"));
            Incoming::Closed
        }
    }
}

/// One frame of the input.
enum Frame {
    Body(Vec<u8>),
    Skipped(String),
    End,
}

/// Reads one header line (without its line break), at most
/// [`MAX_HEADER_LINE`] bytes of it; `None` at the end of the input.
fn header_line(input: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut line = Vec::new();
    let n = input
        .by_ref()
        .take(MAX_HEADER_LINE)
        .read_until(b'\n', &mut line)?;
    if n == 0 {
        return Ok(None);
    }
    if line.last() != Some(&b'\n') && n as u64 == MAX_HEADER_LINE {
        // Drop the rest of an overlong line.
        let mut rest = Vec::new();
        loop {
            rest.clear();
            let m = input
                .by_ref()
                .take(MAX_HEADER_LINE)
                .read_until(b'\n', &mut rest)?;
            if m == 0 || rest.last() == Some(&b'\n') {
                break;
            }
        }
    }
    while matches!(line.last(), Some(b'\n' | b'\r')) {
        line.pop();
    }
    Ok(Some(String::from_utf8_lossy(&line).into_owned()))
}

/// The value of a `Content-Length` header found anywhere in `line` (any
/// case), so that a header following stray bytes is still found.
fn content_length(line: &str) -> Option<Result<usize, String>> {
    const NAME: &str = "content-length:";
    let at = line.to_ascii_lowercase().find(NAME)?;
    let value = line[at + NAME.len()..].trim();
    Some(
        value
            .parse::<usize>()
            .map_err(|_| format!("Content-Length \"{value}\" is not a number")),
    )
}

fn read_frame(input: &mut impl BufRead) -> io::Result<Frame> {
    let mut length: Option<Result<usize, String>> = None;
    let mut saw_header = false;
    loop {
        let Some(line) = header_line(input)? else {
            return Ok(Frame::End);
        };
        if line.trim().is_empty() {
            if saw_header {
                break;
            }
            continue;
        }
        saw_header = true;
        if let Some(found) = content_length(&line) {
            length = Some(found);
        }
    }
    let length = match length {
        None => {
            return Ok(Frame::Skipped(
                "a message without a Content-Length header was skipped".into(),
            ));
        }
        Some(Err(why)) => return Ok(Frame::Skipped(format!("{why}; the message was skipped"))),
        Some(Ok(n)) => n,
    };
    if length > MAX_BODY {
        let dropped = io::copy(&mut input.by_ref().take(length as u64), &mut io::sink())?;
        if (dropped as usize) < length {
            return Ok(Frame::End);
        }
        return Ok(Frame::Skipped(format!(
            "a message of {length} bytes was skipped (the limit is {MAX_BODY} bytes)"
        )));
    }
    let mut body = vec![0; length];
    match input.read_exact(&mut body) {
        Ok(()) => Ok(Frame::Body(body)),
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(Frame::End),
        Err(e) => Err(e),
    }
}

/// Decodes one body: a request, a notification or a response, or why it
/// is none of them.
fn decode(body: &[u8]) -> Incoming {
    let value: Value = match serde_json::from_slice(body) {
        Ok(value) => value,
        Err(e) => {
            return Incoming::Invalid {
                id: None,
                code: ErrorCode::ParseError,
                message: format!("the message is not valid JSON: {e}"),
            };
        }
    };
    let Value::Object(map) = &value else {
        return Incoming::Invalid {
            id: None,
            code: ErrorCode::InvalidRequest,
            message: "a message must be one JSON object (LSP has no batches)".into(),
        };
    };
    let id = map
        .get("id")
        .and_then(|id| serde_json::from_value::<RequestId>(id.clone()).ok());
    let invalid = |id: Option<RequestId>, e: serde_json::Error| Incoming::Invalid {
        id,
        code: ErrorCode::InvalidRequest,
        message: format!("not a valid JSON-RPC request: {e}"),
    };
    if map.contains_key("method") {
        if map.contains_key("id") {
            match serde_json::from_value::<Request>(value.clone()) {
                Ok(request) => Incoming::Message(Message::Request(request)),
                Err(e) => invalid(id, e),
            }
        } else {
            match serde_json::from_value::<Notification>(value.clone()) {
                Ok(note) => Incoming::Message(Message::Notification(note)),
                Err(e) => Incoming::Skipped(format!("a malformed notification was skipped: {e}")),
            }
        }
    } else if map.contains_key("result") || map.contains_key("error") {
        match serde_json::from_value::<Response>(value.clone()) {
            Ok(response) => Incoming::Message(Message::Response(response)),
            Err(e) => Incoming::Skipped(format!("a malformed response was skipped: {e}")),
        }
    } else {
        Incoming::Invalid {
            id,
            code: ErrorCode::InvalidRequest,
            message: "a message needs a \"method\" (request, notification) or a \"result\" or \"error\" (response)".into(),
        }
    }
}

/// Writes `message` to `out`, framed, and flushes.
pub fn write(out: &mut impl Write, message: &Message) -> io::Result<()> {
    message.write(out)
}

/// Writes an error response whose id could not be read (`"id": null`).
pub fn write_error_without_id(
    out: &mut impl Write,
    code: ErrorCode,
    message: &str,
) -> io::Result<()> {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": { "code": code as i32, "message": message },
    })
    .to_string();
    write!(out, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    out.flush()
}

/// Writes one line to stderr, the server's log.
pub fn log(line: &str) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "planfile server: {line}");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    fn read_all(input: &str) -> Vec<Incoming> {
        let mut reader = io::Cursor::new(input.as_bytes().to_vec());
        let mut out = Vec::new();
        loop {
            match read(&mut reader) {
                Incoming::Closed => return out,
                other => out.push(other),
            }
        }
    }

    #[test]
    fn reads_messages_and_survives_bad_ones() {
        let input = [
            frame(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#),
            frame("{not json"),
            frame(r#"[1,2]"#),
            frame(r#"{"jsonrpc":"2.0","id":7,"method":5}"#),
            "X-Other: 1\r\n\r\n".to_string(),
            "Content-Length: many\r\n\r\n".to_string(),
            frame(r#"{"jsonrpc":"2.0","method":"exit"}"#),
        ]
        .concat();
        let got = read_all(&input);
        assert_eq!(got.len(), 7, "{got:?}");
        assert!(
            matches!(&got[0], Incoming::Message(Message::Request(r)) if r.method == "initialize")
        );
        assert!(matches!(
            &got[1],
            Incoming::Invalid {
                id: None,
                code: ErrorCode::ParseError,
                ..
            }
        ));
        assert!(matches!(
            &got[2],
            Incoming::Invalid {
                code: ErrorCode::InvalidRequest,
                ..
            }
        ));
        assert!(matches!(
            &got[3],
            Incoming::Invalid { id: Some(id), code: ErrorCode::InvalidRequest, .. } if *id == RequestId::from(7)
        ));
        assert!(matches!(&got[4], Incoming::Skipped(_)));
        assert!(matches!(&got[5], Incoming::Skipped(_)));
        assert!(
            matches!(&got[6], Incoming::Message(Message::Notification(n)) if n.method == "exit")
        );
    }

    #[test]
    fn oversized_bodies_and_lines_are_skipped_in_step() {
        let big = MAX_BODY + 1;
        let mut input = format!("Content-Length: {big}\r\n\r\n").into_bytes();
        input.resize(input.len() + big, b' ');
        input.extend_from_slice(frame(r#"{"jsonrpc":"2.0","method":"exit"}"#).as_bytes());
        let mut reader = io::Cursor::new(input);
        assert!(matches!(read(&mut reader), Incoming::Skipped(_)));
        assert!(matches!(read(&mut reader), Incoming::Message(_)));
        assert!(matches!(read(&mut reader), Incoming::Closed));

        let long = format!(
            "X-Long: {}\r\n{}",
            "x".repeat(100_000),
            frame(r#"{"jsonrpc":"2.0","method":"exit"}"#)
        );
        let got = read_all(&long);
        assert!(matches!(&got[..], [Incoming::Message(_)]), "{got:?}");
    }

    #[test]
    fn a_truncated_body_ends_the_input() {
        let got = read_all("Content-Length: 50\r\n\r\n{\"jsonrpc\"");
        assert!(got.is_empty(), "{got:?}");
    }

    #[test]
    fn what_is_read_together_comes_in_one_batch() {
        let input = [
            frame(r#"{"jsonrpc":"2.0","method":"a"}"#),
            frame(r#"{"jsonrpc":"2.0","method":"b"}"#),
        ]
        .concat();
        let batches = spawn_reader(io::Cursor::new(input.into_bytes())).expect("a thread");
        let batch = batches.recv().expect("a batch");
        assert_eq!(batch.len(), 2, "{batch:?}");
        assert!(
            matches!(&batch[1], Incoming::Message(Message::Notification(n)) if n.method == "b")
        );
        let last = batches.recv().expect("the end");
        assert!(matches!(&last[..], [Incoming::Closed]), "{last:?}");
        assert!(batches.recv().is_err(), "nothing after the end");
    }

    #[test]
    fn error_without_id_is_framed_json() {
        let mut out = Vec::new();
        write_error_without_id(&mut out, ErrorCode::ParseError, "bad").expect("in memory");
        let text = String::from_utf8(out).expect("UTF-8");
        let (head, body) = text.split_once("\r\n\r\n").expect("framed");
        assert_eq!(head, format!("Content-Length: {}", body.len()));
        let value: Value = serde_json::from_str(body).expect("JSON");
        assert_eq!(value["id"], Value::Null);
        assert_eq!(value["error"]["code"], -32700);
    }
}
