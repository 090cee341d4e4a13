//! The JSON listing (SPEC §5.2): an array of objects with every field of a
//! resolved row and where it came from.

use std::io::Write;

use serde::Serialize;

use crate::manifest::Manifest;
use crate::plan::decisions::DecisionRow;

/// One resolved row as JSON.
#[derive(Debug, Serialize)]
pub struct JsonRow<'a> {
    /// The decision key.
    pub key: &'a str,
    /// The value as written.
    pub value: &'a str,
    /// The owner.
    pub owner: &'a str,
    /// The state (lower-cased).
    pub state: &'a str,
    /// Whether the row is blocking.
    pub blocking: bool,
    /// The source (lower-cased).
    pub source: &'a str,
    /// The evidence.
    pub evidence: &'a str,
    /// The phase the row is scoped to; `null` for a plan-wide row.
    pub phase: Option<u32>,
    /// The file the row was read from, shown as every output shows a
    /// path ([`crate::root::display_path`]).
    pub file: String,
    /// The 1-based line of the row in that file.
    pub line: usize,
}

impl<'a> JsonRow<'a> {
    /// The JSON shape of `row`, read from `manifest`.
    pub fn new(manifest: &Manifest, row: &'a DecisionRow) -> JsonRow<'a> {
        JsonRow {
            key: &row.key,
            value: &row.value,
            owner: &row.owner,
            state: &row.state,
            blocking: row.blocking,
            source: &row.source,
            evidence: &row.evidence,
            phase: row.phase.phase(),
            file: manifest
                .file_of(row.origin.file)
                .map(crate::root::shown_path)
                .unwrap_or_default(),
            line: row.origin.line,
        }
    }
}

/// Writes `rows` as a pretty-printed JSON array, then a newline.
pub fn write(
    out: &mut dyn Write,
    manifest: &Manifest,
    rows: &[&DecisionRow],
) -> std::io::Result<()> {
    let rows: Vec<JsonRow> = rows.iter().map(|r| JsonRow::new(manifest, r)).collect();
    super::write_json(out, &rows)
}
