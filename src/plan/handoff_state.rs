//! Each phase's handoff state as the reference reads it (SPEC §3.2, §11):
//! the phase's handoff is its newest `docs/handoffs/<slug>/phase-<NN>-*.md`
//! (`<NN>` the phase number written with at least two digits; newest by
//! modification time, the first name in order among equals), and its state
//! is the first line of the file that starts with `status:`, after it:
//! `complete` is done — unless the file is still a scaffold, its
//! "What this phase did" section holding nothing but the template's
//! comments, which reads in progress —, `in-progress` is in progress,
//! `blocked` is stuck, and anything else, or no handoff, is not started.
//!
//! This is the reading the plan engine's modes use (SPEC §11), where a
//! state decides what is ready; it sits in the plan model so that every
//! reader of a phase's state can share it. One listing of the folder serves
//! every phase; each phase's newest file is read once.
//!
//! **(fix)** A `status:` line is read without its line ending and its
//! trailing blanks: `status: complete ` and a CRLF file read as complete,
//! where the reference compares `complete\r` and reads the phase as not
//! started.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::plan::progress::HandoffStatus;

/// The handoff read for one phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhaseHandoff {
    /// The newest handoff file of the phase.
    pub path: PathBuf,
    /// What it says.
    pub status: HandoffStatus,
    /// The word after `status:` as read (empty when there is no such
    /// line).
    pub word: String,
}

/// The handoff of every phase that has one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HandoffStates {
    /// Phase → its newest handoff and what it says.
    by_phase: HashMap<u32, PhaseHandoff>,
}

impl HandoffStates {
    /// Reads the handoffs in `dir` of the phases `phases` (a folder that
    /// does not exist, or cannot be listed, holds none; a file that cannot
    /// be read says nothing).
    pub fn read(dir: &Path, phases: impl IntoIterator<Item = u32>) -> HandoffStates {
        let wanted: std::collections::HashSet<u32> = phases.into_iter().collect();
        let mut newest: HashMap<u32, (SystemTime, String, PathBuf)> = HashMap::new();
        let Ok(entries) = std::fs::read_dir(dir) else {
            return HandoffStates::default();
        };
        for entry in entries.flatten() {
            let Some(name) = entry.file_name().to_str().map(str::to_string) else {
                continue;
            };
            let Some(phase) = handoff_phase(&name) else {
                continue;
            };
            if !wanted.contains(&phase) {
                continue;
            }
            let path = entry.path();
            let Ok(meta) = std::fs::metadata(&path) else {
                continue;
            };
            if !meta.is_file() {
                continue;
            }
            let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
            let newer = newest
                .get(&phase)
                .is_none_or(|(m, n, _)| modified > *m || (modified == *m && name < *n));
            if newer {
                newest.insert(phase, (modified, name, path));
            }
        }
        let by_phase = newest
            .into_iter()
            .map(|(phase, (_, _, path))| {
                let text = std::fs::read(&path)
                    .map(|b| String::from_utf8_lossy(&b).into_owned())
                    .unwrap_or_default();
                let word = status_word(&text);
                let status = match word.as_str() {
                    "complete" if is_scaffold(&text) => HandoffStatus::InProgress,
                    "complete" => HandoffStatus::Done,
                    "in-progress" => HandoffStatus::InProgress,
                    "blocked" => HandoffStatus::Stuck,
                    _ => HandoffStatus::NotStarted,
                };
                (phase, PhaseHandoff { path, status, word })
            })
            .collect();
        HandoffStates { by_phase }
    }

    /// What `phase`'s handoff says (not started when it has none).
    pub fn status(&self, phase: u32) -> HandoffStatus {
        self.by_phase
            .get(&phase)
            .map_or(HandoffStatus::NotStarted, |h| h.status)
    }

    /// The handoff read for `phase`, if it has one.
    pub fn get(&self, phase: u32) -> Option<&PhaseHandoff> {
        self.by_phase.get(&phase)
    }
}

/// The phase whose handoff `name` is: `phase-<NN>-<anything>.md` where
/// `<NN>` is the number written with at least two digits (`phase-08-x.md`
/// is phase 8, `phase-100-x.md` phase 100; `phase-8-x.md` and
/// `phase-008-x.md` are no phase's, as the reference's `phase-%02d-*.md`
/// names them).
pub fn handoff_phase(name: &str) -> Option<u32> {
    let rest = name.strip_prefix("phase-")?;
    let digits_len = rest.bytes().take_while(u8::is_ascii_digit).count();
    let (digits, after) = rest.split_at(digits_len);
    if !after.starts_with('-') || !after.ends_with(".md") || after.len() < "-.md".len() {
        return None;
    }
    let phase: u32 = digits.parse().ok()?;
    (format!("{phase:02}") == digits).then_some(phase)
}

/// The word of a handoff's first `status:` line: what follows it, blanks
/// before it and a `#` legend (with the blanks before it) removed, trailing
/// blanks removed.
pub fn status_word(text: &str) -> String {
    let blank = |c: char| matches!(c, ' ' | '\t' | '\r' | '\u{b}' | '\u{c}');
    text.split('\n')
        .find_map(|line| line.strip_prefix("status:"))
        .map(|rest| {
            let value = rest.trim_start_matches(blank);
            let value = value.split('#').next().unwrap_or_default();
            value.trim_end_matches(blank).to_string()
        })
        .unwrap_or_default()
}

/// Whether a handoff is still a scaffold: its first level-2 section whose
/// title starts "What this phase" (any case) holds nothing but HTML
/// comments and blank space (an unclosed comment runs to the end). The
/// frontmatter is skipped; headings inside ``` or ~~~ fences do not count;
/// a level-1 or level-2 heading ends the section. A handoff without such a
/// section is no scaffold.
pub fn is_scaffold(text: &str) -> bool {
    let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
    let mut in_frontmatter = false;
    let (mut found, mut in_section, mut closed, mut empty) = (false, false, false, true);
    let (mut in_comment, mut in_fence) = (false, false);
    let blank = |c: char| c.is_ascii_whitespace() || c == '\u{b}';
    let mut first = true;
    for line in lines.by_ref() {
        if first {
            first = false;
            if line == "---" {
                in_frontmatter = true;
                continue;
            }
        }
        if in_frontmatter {
            if line == "---" {
                in_frontmatter = false;
            }
            continue;
        }
        let lead = line.trim_start_matches(blank);
        if lead.starts_with("```") || lead.starts_with("~~~") {
            in_fence = !in_fence;
        }
        if !in_fence {
            let hashes = line.bytes().take_while(|&b| b == b'#').count();
            let after = line[hashes..].chars().next();
            if hashes > 0 && hashes <= 2 && after.is_some_and(blank) {
                if in_section {
                    in_section = false;
                    closed = true;
                }
                if hashes == 2 && !closed {
                    let title = line[2..].trim_start_matches(blank).to_lowercase();
                    if title.starts_with("what this phase") {
                        found = true;
                        in_section = true;
                    }
                }
                continue;
            }
        }
        if !in_section {
            continue;
        }
        let mut rest = line;
        let mut kept = String::new();
        while !rest.is_empty() {
            if in_comment {
                match rest.find("-->") {
                    Some(i) => {
                        rest = &rest[i + 3..];
                        in_comment = false;
                    }
                    None => rest = "",
                }
            } else {
                match rest.find("<!--") {
                    Some(i) => {
                        kept.push_str(&rest[..i]);
                        rest = &rest[i + 4..];
                        in_comment = true;
                    }
                    None => {
                        kept.push_str(rest);
                        rest = "";
                    }
                }
            }
        }
        if kept.chars().any(|c| !blank(c)) {
            empty = false;
        }
    }
    found && empty
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_as_the_reference_globs_them() {
        assert_eq!(handoff_phase("phase-08-strip.md"), Some(8));
        assert_eq!(handoff_phase("phase-100-x.md"), Some(100));
        assert_eq!(handoff_phase("phase-08-.md"), Some(8));
        assert_eq!(handoff_phase("phase-8-x.md"), None);
        assert_eq!(handoff_phase("phase-008-x.md"), None);
        assert_eq!(handoff_phase("phase-08.md"), None);
        assert_eq!(handoff_phase("phase-08-x.txt"), None);
    }

    #[test]
    fn the_first_status_line() {
        assert_eq!(status_word("---\nstatus: complete\n---\n"), "complete");
        assert_eq!(
            status_word("---\nstatus:   in-progress  # legend\n"),
            "in-progress"
        );
        assert_eq!(status_word("---\r\nstatus: complete\r\n"), "complete");
        assert_eq!(status_word("---\nphase: 1\n---\n"), "");
        assert_eq!(status_word("x\nstatus: Complete\n"), "Complete");
    }

    #[test]
    fn scaffolds() {
        assert!(is_scaffold(
            "---\nstatus: complete\n---\n## What this phase did\n\n<!-- fill\nin -->\n\n## Next\ntext\n"
        ));
        assert!(!is_scaffold(
            "---\nstatus: complete\n---\n## What this phase did\n\nReal work.\n"
        ));
        assert!(!is_scaffold("---\nstatus: complete\n---\n"));
        assert!(is_scaffold(
            "## What this phase did\n<!-- never closed\nwork\n"
        ));
        assert!(!is_scaffold("## What this phase did\n```\n## x\n```\n"));
        assert!(!is_scaffold("## What this phase did\n### Detail\n"));
        assert!(is_scaffold(
            "## What this phase did\n\n## What this phase did\nlater\n"
        ));
    }
}
