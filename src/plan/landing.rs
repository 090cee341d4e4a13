//! The landing ledger, `docs/handoffs/<slug>/landing.md` (SPEC §11): what
//! each phase's landing actually did, as `phase-landing.sh` records it —
//! one row of a pipe table per record, its columns found by their header
//! names (any case, `*` and backticks ignored), never by position.

use std::path::Path;

use crate::markdown::inline::without_marks;

/// The ledger's file name in a plan's handoffs folder.
pub const LANDING_FILE: &str = "landing.md";

/// The ledger's columns besides `phase`, in the order a reader prints
/// them (the reference's `LANDING_COLUMNS`).
pub const LANDING_COLUMNS: [&str; 9] = [
    "repo", "state", "policy", "ref", "sha", "pr", "by", "recorded", "note",
];

/// One record of the ledger.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct LandingRow {
    /// The phase cell, as written (digits).
    pub phase: String,
    /// The cells of [`LANDING_COLUMNS`], in that order (empty for a column
    /// the ledger lacks).
    pub cells: Vec<String>,
}

/// A cell without `*` and backticks, trimmed of blanks.
fn plain(cell: &str) -> String {
    let kept = without_marks(cell);
    kept.trim_matches([' ', '\t']).to_string()
}

/// Whether `line` is a table's separator row (`|---|:--:|`).
fn is_separator(line: &str) -> bool {
    let Some(rest) = line.strip_prefix('|') else {
        return false;
    };
    let rest = rest.trim_end_matches([' ', '\t']);
    let body = rest.trim_start_matches([' ', '\t']);
    !body.is_empty()
        && body
            .chars()
            .all(|c| matches!(c, '-' | ':' | '|') || c.is_ascii_whitespace())
}

/// The ledger's rows under `handoffs_dir` (none when it has no ledger):
/// the first pipe line whose cells name a `phase` and a `state` column is
/// the header (pipe lines before it are skipped); after it, every pipe
/// line but a separator whose phase cell is digits is a record.
pub fn read_ledger(handoffs_dir: &Path) -> Vec<LandingRow> {
    let Ok(bytes) = std::fs::read(handoffs_dir.join(LANDING_FILE)) else {
        return Vec::new();
    };
    let text = String::from_utf8_lossy(&bytes);
    let mut header: Option<Vec<String>> = None;
    let mut rows = Vec::new();
    for line in text.split('\n') {
        if !line.starts_with('|') {
            continue;
        }
        let cells: Vec<&str> = line.split('|').collect();
        // The cells between the first pipe and the last one.
        let inner: &[&str] = if cells.len() > 2 {
            &cells[1..cells.len() - 1]
        } else {
            &[]
        };
        let Some(names) = &header else {
            let names: Vec<String> = inner.iter().map(|c| plain(c).to_lowercase()).collect();
            if names.iter().any(|n| n == "phase") && names.iter().any(|n| n == "state") {
                header = Some(names);
            }
            continue;
        };
        if is_separator(line) {
            continue;
        }
        // The last column of a name wins, as a later header cell
        // overwrites an earlier one.
        let at = |name: &str| names.iter().rposition(|n| n == name);
        let cell = |name: &str| {
            at(name)
                .and_then(|i| cells.get(i + 1))
                .map(|c| plain(c))
                .unwrap_or_default()
        };
        let phase = cell("phase");
        if phase.is_empty() || !phase.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        rows.push(LandingRow {
            phase,
            cells: LANDING_COLUMNS.iter().map(|c| cell(c)).collect(),
        });
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_by_name() {
        let dir = tempfile::tempdir().expect("a folder");
        std::fs::write(
            dir.path().join(LANDING_FILE),
            "# Landing\n\n| x |\n| State | **Phase** | Repo | Note |\n|---|---|---|---|\n| landed | 2 | `web` | ok |\n| held | x | a | b |\n| held | 10 | api |\n",
        )
        .expect("write");
        let rows = read_ledger(dir.path());
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].phase, "2");
        assert_eq!(rows[0].cells[0], "web");
        assert_eq!(rows[0].cells[1], "landed");
        assert_eq!(rows[0].cells[8], "ok");
        assert_eq!(rows[1].cells[8], "");
        assert!(is_separator("| --- | :-: |"));
        assert!(!is_separator("| 1 | a |"));
    }
}
