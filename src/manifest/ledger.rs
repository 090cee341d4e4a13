//! The rulings ledger (SPEC §7 promote): an NDJSON file the console appends
//! to, one JSON object per line. A ruling is a line with `"type":"ruling"`;
//! its `what` is the decision's value and its `decisionKey` the key it
//! answers. Other lines (acks, notes) are passed over, and lines that are
//! not JSON are skipped — but never silently: a skipped line after the
//! ruling that could be a later version of it refuses the promotion, and
//! the others are named, for a note.

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
    /// `phase`: the phase the ruling was made in, when the line gives one
    /// (a number, or a string of digits).
    pub phase: Option<u32>,
    /// 1-based line of the ruling in the ledger.
    pub line: usize,
}

/// A line of the ledger that is not JSON (or not UTF-8), skipped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedLine {
    /// 1-based line in the ledger.
    pub line: usize,
    /// Why it is not JSON, as the JSON reader says (without its position).
    pub why: String,
    /// Whether it could be a version of the ruling looked for: it names
    /// the ruling's id as its `"id"` and no other `"type"` than `ruling`.
    pub could_be_the_ruling: bool,
}

/// What [`find`] found in a ledger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    /// The ruling: the last line that is one with the id looked for.
    pub ruling: Option<Ruling>,
    /// The lines skipped after it (every skipped line when there is no
    /// ruling), in order. Blank lines are not counted.
    pub skipped: Vec<SkippedLine>,
}

/// The UTF-8 byte order mark, which is not part of a ledger's first line.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Finds ruling `id` in the ledger text `bytes`: the LAST line that parses
/// as a JSON object with `"type":"ruling"` and that `"id"` (a string, or a
/// number written the same); an `ack` line with the same id is never the
/// ruling. A UTF-8 byte order mark at the start of the ledger is not part of
/// its first line. Lines that are not JSON (or not UTF-8) are skipped and
/// returned when they come after the ruling found (SPEC §7).
pub fn find(bytes: &[u8], id: &str) -> Search {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    let mut ruling = None;
    let mut skipped = Vec::new();
    for (index, line) in bytes.split(|b| *b == b'\n').enumerate() {
        let object = match serde_json::from_slice::<Value>(line) {
            Ok(Value::Object(object)) => object,
            Ok(_) => continue,
            Err(_) if line.trim_ascii().is_empty() => continue,
            Err(e) => {
                skipped.push(SkippedLine {
                    line: index + 1,
                    why: without_position(&e),
                    could_be_the_ruling: could_be_ruling(line, id),
                });
                continue;
            }
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
        skipped.clear();
        ruling = Some(Ruling {
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
            phase: match object.get("phase") {
                Some(Value::Number(n)) => n.as_u64().and_then(|n| u32::try_from(n).ok()),
                Some(Value::String(s)) => crate::plan::graph::parse_phase_number(s),
                _ => None,
            },
            line: index + 1,
        });
    }
    Search { ruling, skipped }
}

/// The JSON reader's message for `e`, without its "at line 1 column N"
/// (the ledger line is named apart), but with the column.
fn without_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let message = text
        .rsplit_once(" at line ")
        .map_or(text.as_str(), |(message, _)| message);
    format!("{message}, column {}", e.column())
}

/// Whether `line`, which is not JSON, could be a version of ruling `id`: it
/// gives `"id"` that value (as a JSON string in any spelling — `\u00e9`
/// for `é` too — or as a number for an id written as one), and any
/// `"type"` it gives is `"ruling"`.
fn could_be_ruling(line: &[u8], id: &str) -> bool {
    let text = String::from_utf8_lossy(line);
    let numeric = serde_json::from_str::<serde_json::Number>(id).is_ok();
    let names_id = field_values(&text, "id").into_iter().any(|value| {
        json_string_at(value).is_some_and(|s| s == id)
            || (numeric
                && value.strip_prefix(id).is_some_and(|rest| {
                    !rest.starts_with(|c: char| c.is_ascii_digit() || ".eE+-".contains(c))
                }))
    });
    names_id
        && field_values(&text, "type").into_iter().all(|value| {
            !value.starts_with('"') || json_string_at(value).is_some_and(|t| t == "ruling")
        })
}

/// The JSON string literal `text` starts with, decoded (escapes such as
/// `\u00e9` and `\"` read as JSON reads them); `None` when `text` does not
/// start with a whole one.
fn json_string_at(text: &str) -> Option<String> {
    let body = text.strip_prefix('"')?;
    let mut escaped = false;
    let end = body.char_indices().find_map(|(i, c)| {
        if escaped {
            escaped = false;
            None
        } else if c == '\\' {
            escaped = true;
            None
        } else {
            (c == '"').then_some(i)
        }
    })?;
    serde_json::from_str(&text[..end + 2]).ok()
}

/// The text after each `"<name>":` in `text` (blanks around the colon
/// skipped), to the end of the line.
fn field_values<'a>(text: &'a str, name: &str) -> Vec<&'a str> {
    let key = format!("\"{name}\"");
    text.match_indices(&key)
        .filter_map(|(at, _)| {
            text[at + key.len()..]
                .trim_start()
                .strip_prefix(':')
                .map(str::trim_start)
        })
        .collect()
}

/// `lines` as `3`, `3 and 7`, or `3, 7 and 9`.
fn line_list(lines: &[usize]) -> String {
    let numbers: Vec<String> = lines.iter().map(usize::to_string).collect();
    match numbers.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => numbers.join(""),
    }
}

/// A ruling read from a ledger, with a note on the lines skipped after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loaded {
    /// The ruling.
    pub ruling: Ruling,
    /// When lines after the ruling were skipped (none of which could be a
    /// later version of it), a note naming them, for stderr.
    pub note: Option<String>,
}

/// Reads the ledger at `path` and finds ruling `id` (see [`find`]).
///
/// Errors, all [`Error::Ledger`] (exit 2), naming the ledger (and line):
/// the ledger does not exist; it holds no such ruling; or a line after the
/// ruling (any line, when there is none) is not JSON but could be a version
/// of it ([`SkippedLine::could_be_the_ruling`]) — taking the ruling before
/// it would promote what may have been corrected. [`Error::Read`] when the
/// ledger cannot be read.
pub fn load_ruling(path: &Path, id: &str) -> Result<Loaded> {
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
    let Search { ruling, skipped } = find(&bytes, id);
    let shown_id = escape_invisible(id);
    if let Some(line) = skipped.iter().find(|l| l.could_be_the_ruling) {
        let which = match &ruling {
            Some(ruling) => format!(
                "a later version of the ruling than line {}, which promote would take instead",
                ruling.line
            ),
            None => "the ruling asked for".to_string(),
        };
        return Err(Error::Ledger(format!(
            "{}:{}: the line is not JSON ({}) but names ruling \"{shown_id}\", so it may be {which}; fix the line (or delete it, if it is not that ruling) and run again; nothing written",
            escape_path(path),
            line.line,
            escape_invisible(&line.why)
        )));
    }
    let lines: Vec<usize> = skipped.iter().map(|l| l.line).collect();
    let Some(ruling) = ruling else {
        let also = if lines.is_empty() {
            String::new()
        } else {
            format!(
                " (line{} {} {} not JSON and skipped)",
                if lines.len() == 1 { "" } else { "s" },
                line_list(&lines),
                if lines.len() == 1 { "is" } else { "are" }
            )
        };
        return Err(Error::Ledger(format!(
            "{}: no ruling with id \"{shown_id}\" (a line with \"type\":\"ruling\" and that \"id\"){also}; check the id, or pass the ledger that holds it with --rulings FILE",
            escape_path(path),
        )));
    };
    let note = (!lines.is_empty()).then(|| {
        let one = lines.len() == 1;
        format!(
            "{}: line{} {} after ruling \"{shown_id}\" (line {}) {} not JSON and {} skipped; {} like a version of the ruling, so line {} is the one promoted",
            escape_path(path),
            if one { "" } else { "s" },
            line_list(&lines),
            ruling.line,
            if one { "is" } else { "are" },
            if one { "was" } else { "were" },
            if one { "it does not look" } else { "none of them looks" },
            ruling.line
        )
    });
    Ok(Loaded { ruling, note })
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

    fn ruling(bytes: &[u8], id: &str) -> Option<Ruling> {
        find(bytes, id).ruling
    }

    #[test]
    fn the_last_ruling_line_wins_and_acks_never_do() {
        let search = find(LEDGER.as_bytes(), "r-1");
        let ruling = search.ruling.expect("r-1");
        assert_eq!(ruling.what.as_deref(), Some("second"));
        assert_eq!(ruling.key.as_deref(), Some("stop"));
        assert_eq!(ruling.line, 3);
        assert_eq!(search.skipped, Vec::new(), "line 2 comes before the ruling");
    }

    #[test]
    fn numeric_ids_and_missing_fields() {
        let ruling = ruling(LEDGER.as_bytes(), "7").expect("7");
        assert_eq!(ruling.key, None);
        assert_eq!(ruling.what.as_deref(), Some("numbered"));
        let search = find(LEDGER.as_bytes(), "r-2");
        assert!(search.ruling.is_none());
        assert_eq!(search.skipped.len(), 1);
        assert!(!search.skipped[0].could_be_the_ruling);
    }

    #[test]
    fn non_utf8_lines_are_skipped() {
        let mut bytes = b"\xff\xfe junk\n".to_vec();
        bytes.extend_from_slice(br#"{"type":"ruling","id":"x","what":"ok"}"#);
        assert_eq!(
            ruling(&bytes, "x").and_then(|r| r.what).as_deref(),
            Some("ok")
        );
    }

    #[test]
    fn a_bom_is_not_part_of_the_first_line() {
        let bytes = "\u{FEFF}{\"type\":\"ruling\",\"id\":\"r-2\",\"what\":\"go\"}\r\n";
        let search = find(bytes.as_bytes(), "r-2");
        assert_eq!(search.ruling.and_then(|r| r.what).as_deref(), Some("go"));
        assert_eq!(search.skipped, Vec::new());
        // Only at the start of the ledger.
        let later = format!("\n{bytes}");
        assert!(find(later.as_bytes(), "r-2").ruling.is_none());
    }

    #[test]
    fn skipped_lines_after_the_ruling_are_returned() {
        let ledger = concat!(
            r#"{"type":"ruling","id":"r-1","decisionKey":"stop","what":"keep running"}"#,
            "\n\n   \n",
            r#"{"type":"ruling","id":"r-1","what":"HALT",}"#,
            "\n",
            r#"{"type":"ack","id":"r-1",}"#,
            "\n",
            r#"{"type" : "ruling", "id" : 17,"#,
            "\n",
            r#"{"id":"r-10","type":"ruling""#,
            "\n",
        );
        let search = find(ledger.as_bytes(), "r-1");
        assert_eq!(search.ruling.map(|r| r.line), Some(1));
        let skipped: Vec<(usize, bool)> = search
            .skipped
            .iter()
            .map(|l| (l.line, l.could_be_the_ruling))
            .collect();
        assert_eq!(skipped, [(4, true), (5, false), (6, false), (7, false)]);
        assert_eq!(
            search.skipped[0].why, "trailing comma, column 43",
            "{:?}",
            search.skipped[0]
        );
        let numbered = find(ledger.as_bytes(), "17");
        assert!(numbered.ruling.is_none());
        let candidates: Vec<usize> = numbered
            .skipped
            .iter()
            .filter(|l| l.could_be_the_ruling)
            .map(|l| l.line)
            .collect();
        assert_eq!(candidates, [6]);
        assert!(!could_be_ruling(br#"{"id":170,"type":"ruling""#, "17"));
        assert!(could_be_ruling(br#"{"id":17}}"#, "17"));
    }

    fn ledger_file(text: &str) -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("rulings.ndjson");
        std::fs::write(&path, text).expect("the ledger");
        (dir, path)
    }

    #[test]
    fn a_malformed_later_version_refuses_the_promotion() {
        let (_dir, path) = ledger_file(concat!(
            r#"{"type":"ruling","id":"r-1","decisionKey":"stop","what":"keep running on a bounced invoice"}"#,
            "\n",
            r#"{"type":"ruling","id":"r-1","decisionKey":"stop","what":"HALT on the first bounced invoice",}"#,
            "\n",
        ));
        let err = load_ruling(&path, "r-1").expect_err("refused");
        assert_eq!(err.exit_code(), 2);
        let message = err.to_string();
        assert!(
            message.contains("rulings.ndjson:2: the line is not JSON (trailing comma, column"),
            "{message}"
        );
        assert!(
            message.contains("a later version of the ruling than line 1"),
            "{message}"
        );
        assert!(message.ends_with("nothing written"), "{message}");
    }

    #[test]
    fn a_malformed_only_version_is_named() {
        let (_dir, path) = ledger_file("{\"type\":\"ruling\",\"id\":\"r-3\",\"what\":\"x\"\n");
        let message = load_ruling(&path, "r-3").expect_err("refused").to_string();
        assert!(
            message.contains("rulings.ndjson:1: the line is not JSON"),
            "{message}"
        );
        assert!(message.contains("may be the ruling asked for"), "{message}");
    }

    #[test]
    fn other_skipped_lines_are_noted() {
        let (_dir, path) = ledger_file(concat!(
            r#"{"type":"ruling","id":"r-1","decisionKey":"stop","what":"halt"}"#,
            "\nnot json\n",
            r#"{"type":"ruling","id":"r-2","what":"x",}"#,
            "\n",
        ));
        let loaded = load_ruling(&path, "r-1").expect("r-1");
        assert_eq!(loaded.ruling.what.as_deref(), Some("halt"));
        let note = loaded.note.expect("a note");
        assert!(
            note.contains("rulings.ndjson: lines 2 and 3 after ruling \"r-1\" (line 1) are not JSON and were skipped"),
            "{note}"
        );
        let message = load_ruling(&path, "r-9").expect_err("no r-9").to_string();
        assert!(
            message.contains("(lines 2 and 3 are not JSON and skipped)"),
            "{message}"
        );
        let (_dir, clean) = ledger_file(r#"{"type":"ruling","id":"r-1","what":"halt"}"#);
        assert_eq!(load_ruling(&clean, "r-1").expect("r-1").note, None);
    }

    #[test]
    fn a_missing_ledger_names_the_file() {
        let err =
            load_ruling(Path::new("/nonexistent/rulings.ndjson"), "r-1").expect_err("an error");
        assert_eq!(err.exit_code(), 2);
        assert!(err.to_string().contains("/nonexistent/rulings.ndjson"));
    }

    #[test]
    fn line_lists() {
        assert_eq!(line_list(&[3]), "3");
        assert_eq!(line_list(&[3, 7]), "3 and 7");
        assert_eq!(line_list(&[3, 7, 9]), "3, 7 and 9");
    }
}
