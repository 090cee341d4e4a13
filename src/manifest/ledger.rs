//! The rulings ledger (SPEC §7 promote): an NDJSON file the console appends
//! to, one JSON object per line. A ruling is a line with `"type":"ruling"`;
//! its `what` is the decision's value and its `decisionKey` the key it
//! answers. Other lines (acks, notes, text that is not JSON) are skipped.

use std::path::Path;

use serde_json::Value;

use crate::error::{Error, Result, escape_invisible, escape_path};

/// One ruling read from the ledger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ruling {
    /// The ruling's id, as given on the command line.
    pub id: String,
    /// `decisionKey`, when the line names one (a string, non-empty).
    pub key: Option<String>,
    /// `what`, when the line holds it as a string.
    pub what: Option<String>,
    /// 1-based line of the ruling in the ledger.
    pub line: usize,
}

/// Finds ruling `id` in the ledger text `bytes`: the LAST line that parses
/// as a JSON object with `"type":"ruling"` and that `"id"` (a string, or a
/// number written the same). Lines that are not JSON (or not UTF-8) are
/// skipped; an `ack` line with the same id is never the ruling. `None` when
/// no line qualifies.
pub fn find(bytes: &[u8], id: &str) -> Option<Ruling> {
    let mut found = None;
    for (index, line) in bytes.split(|b| *b == b'\n').enumerate() {
        let Ok(Value::Object(object)) = serde_json::from_slice::<Value>(line) else {
            continue;
        };
        if object.get("type").and_then(Value::as_str) != Some("ruling") {
            continue;
        }
        let matches = match object.get("id") {
            Some(Value::String(s)) => s == id,
            Some(Value::Number(n)) => n.to_string() == id,
            _ => false,
        };
        if !matches {
            continue;
        }
        found = Some(Ruling {
            id: id.to_string(),
            key: object
                .get("decisionKey")
                .and_then(Value::as_str)
                .filter(|k| !k.is_empty())
                .map(str::to_string),
            what: object
                .get("what")
                .and_then(Value::as_str)
                .map(str::to_string),
            line: index + 1,
        });
    }
    found
}

/// Reads the ledger at `path` and finds ruling `id` (see [`find`]).
/// [`Error::Ledger`] (exit 2) when the ledger does not exist or holds no
/// such ruling; [`Error::Read`] when it cannot be read.
pub fn load_ruling(path: &Path, id: &str) -> Result<Ruling> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(Error::Ledger(format!(
                "{}: no rulings ledger here; pass --rulings FILE or set PE_RULINGS_FILE to the run's rulings.ndjson",
                escape_path(path)
            )));
        }
        Err(source) => {
            return Err(Error::Read {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    find(&bytes, id).ok_or_else(|| {
        Error::Ledger(format!(
            "{}: no ruling with id \"{}\" (a line with \"type\":\"ruling\" and that \"id\"); check the id, or pass the ledger that holds it with --rulings FILE",
            escape_path(path),
            escape_invisible(id)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEDGER: &str = r#"{"type":"ruling","id":"r-1","decisionKey":"stop","what":"first"}
not json
{"type":"ruling","id":"r-1","decisionKey":"stop","what":"second"}
{"type":"ack","id":"r-1","what":"an ack"}
{"type":"ruling","id":7,"what":"numbered"}
["type","ruling"]
"#;

    #[test]
    fn the_last_ruling_line_wins_and_acks_never_do() {
        let ruling = find(LEDGER.as_bytes(), "r-1").expect("r-1");
        assert_eq!(ruling.what.as_deref(), Some("second"));
        assert_eq!(ruling.key.as_deref(), Some("stop"));
        assert_eq!(ruling.line, 3);
    }

    #[test]
    fn numeric_ids_and_missing_fields() {
        let ruling = find(LEDGER.as_bytes(), "7").expect("7");
        assert_eq!(ruling.key, None);
        assert_eq!(ruling.what.as_deref(), Some("numbered"));
        assert!(find(LEDGER.as_bytes(), "r-2").is_none());
    }

    #[test]
    fn non_utf8_lines_are_skipped() {
        let mut bytes = b"\xff\xfe junk\n".to_vec();
        bytes.extend_from_slice(br#"{"type":"ruling","id":"x","what":"ok"}"#);
        assert_eq!(
            find(&bytes, "x").and_then(|r| r.what).as_deref(),
            Some("ok")
        );
    }

    #[test]
    fn a_missing_ledger_names_the_file() {
        let err =
            load_ruling(Path::new("/nonexistent/rulings.ndjson"), "r-1").expect_err("an error");
        assert_eq!(err.exit_code(), 2);
        assert!(err.to_string().contains("/nonexistent/rulings.ndjson"));
    }
}
