//! A plan's status as the reference reads it (SPEC §6 "Closed plans"): the
//! first line of the file that starts with `status:`, the legend after `#`
//! stripped, trailing blanks dropped, lower-cased, its first word (up to a
//! space); `active` when there is none. A plan is closed when that word is
//! `complete`, `abandoned` or `superseded`.
//!
//! This is the reading the bash tooling gives every plan, so a plan is
//! never closed here and open there: `status: "complete"` is the word
//! `"complete"` — open — though a YAML reader finds `complete`.

use crate::markdown::MarkdownFile;
use crate::vocab::CLOSED_STATUSES;

/// The status word of a plan, and where it was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanStatus {
    /// The word, lower-cased (`active` when the file has no `status:`
    /// line, or an empty one).
    pub word: String,
    /// 1-based line of the `status:` line read, if any.
    pub line: Option<usize>,
}

impl PlanStatus {
    /// Reads the status of `file` as the reference does (see the module
    /// documentation).
    pub fn read(file: &MarkdownFile) -> PlanStatus {
        let found = (1..=file.lines.len()).find_map(|line| {
            file.line_text(line)
                .strip_prefix("status:")
                .map(|rest| (line, rest))
        });
        let Some((line, rest)) = found else {
            return PlanStatus {
                word: "active".to_string(),
                line: None,
            };
        };
        PlanStatus {
            word: status_word(rest),
            line: Some(line),
        }
    }

    /// Whether the word closes the plan: `complete`, `abandoned` or
    /// `superseded`.
    pub fn is_closed(&self) -> bool {
        CLOSED_STATUSES.contains(&self.word.as_str())
    }
}

/// The value of the first line of `file` that starts with `name:` (the
/// whole file is read, front matter or not), as the reference reads its
/// front-matter fields: leading blanks dropped, a `#` and all after it
/// dropped, trailing blanks dropped; `None` when there is no such line or
/// its value is empty.
pub fn field(file: &MarkdownFile, name: &str) -> Option<String> {
    let prefix = format!("{name}:");
    let rest = (1..=file.lines.len()).find_map(|line| {
        file.line_text(line)
            .strip_prefix(prefix.as_str())
            .map(str::to_string)
    })?;
    let blank = |c: char| matches!(c, ' ' | '\t' | '\r' | '\u{b}' | '\u{c}');
    let value = rest.trim_start_matches(blank);
    let value = value.split('#').next().unwrap_or_default();
    let value = value.trim_end_matches(blank);
    (!value.is_empty()).then(|| value.to_string())
}

/// What follows `status:` on its line, read as the reference reads it:
/// leading blanks dropped, a `#` and all after it (with the blanks before
/// it) dropped, trailing blanks dropped; empty is `active`; lower-cased;
/// cut at the first space.
fn status_word(rest: &str) -> String {
    let blank = |c: char| matches!(c, ' ' | '\t' | '\r' | '\u{b}' | '\u{c}');
    let value = rest.trim_start_matches(blank);
    let value = value.split('#').next().unwrap_or_default();
    let value = value.trim_end_matches(blank);
    let value = if value.is_empty() { "active" } else { value };
    let lower = value.to_lowercase();
    lower.split(' ').next().unwrap_or_default().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn status(text: &str) -> PlanStatus {
        PlanStatus::read(&MarkdownFile::from_text(
            PathBuf::from("p.md"),
            text.to_string(),
        ))
    }

    #[test]
    fn the_first_status_line_as_the_reference_reads_it() {
        let closed = |text: &str| status(text).is_closed();
        assert!(closed("---\nslug: p\nstatus: complete\n---\n"));
        assert!(closed(
            "---\nstatus: Complete # retired after the bridge opened\n---\n"
        ));
        assert!(closed("---\nstatus:superseded by the ferry plan\n---\n"));
        assert!(closed("---\nstatus: ABANDONED\r\n---\r\n"));
        assert!(!closed("---\nstatus: \"complete\"\n---\n"));
        assert!(!closed("---\nstatus: >\n  complete\n---\n"));
        assert!(!closed("---\n? status\n: complete\n---\n"));
        assert!(!closed("---\nstatus: !!str complete\n---\n"));
        assert!(!closed("---\nstatus: complete\tfor now\n---\n"));
        assert!(!closed("---\nstatus: active\n---\nstatus: complete\n"));
        assert!(!closed("---\n  status: complete\n---\n"));
        // The reference reads the whole file, front matter or not.
        assert!(closed("# Plan\n\nstatus: complete\n"));
        assert_eq!(status("# Plan\n").word, "active");
        assert_eq!(status("---\nstatus:   # legend only\n---\n").word, "active");
        assert_eq!(
            status("---\nslug: p\nstatus: In-Progress # legend\n---\n"),
            PlanStatus {
                word: "in-progress".to_string(),
                line: Some(3)
            }
        );
    }
}

#[cfg(test)]
mod field_tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn fields_as_the_reference_reads_them() {
        let file = MarkdownFile::from_text(
            PathBuf::from("p.md"),
            "---\nclosed: 2026-01-02  # the day\nclosed_reason: Shipped v2 #12\nphases: 4 \nempty:   # none\n---\n".to_string(),
        );
        assert_eq!(field(&file, "closed").as_deref(), Some("2026-01-02"));
        assert_eq!(field(&file, "closed_reason").as_deref(), Some("Shipped v2"));
        assert_eq!(field(&file, "phases").as_deref(), Some("4"));
        assert_eq!(field(&file, "empty"), None);
        assert_eq!(field(&file, "slug"), None);
    }
}
