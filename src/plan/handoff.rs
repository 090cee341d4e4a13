//! Handoffs (SPEC §3.2): `docs/handoffs/<slug>/phase-<NN>-*.md`, and whether
//! a phase is done (its newest handoff says `status: complete` and its
//! `## What this phase did` section holds more than the template comment).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::error::Result;
use crate::markdown::MarkdownFile;
use crate::plan::Frontmatter;
use crate::plan::progress::HandoffStatus;

/// The newest handoff of each phase found in a handoffs folder.
#[derive(Debug, Clone, Default)]
pub struct Handoffs {
    /// Phase number → newest handoff file (by modification time).
    newest: BTreeMap<u32, PathBuf>,
    /// The folder scanned.
    dir: PathBuf,
}

impl Handoffs {
    /// Scans `dir` for `phase-<NN>-*.md` files. A folder that does not exist
    /// holds no handoffs; an entry that cannot be inspected, or that is not
    /// a file (a folder, a dangling symlink), is skipped.
    pub fn scan(dir: &Path) -> Handoffs {
        let mut best: BTreeMap<u32, (SystemTime, PathBuf)> = BTreeMap::new();
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Handoffs {
                dir: dir.to_path_buf(),
                ..Handoffs::default()
            };
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(phase) = name.to_str().and_then(handoff_phase) else {
                continue;
            };
            let path = entry.path();
            let Ok(meta) = std::fs::metadata(&path) else {
                continue;
            };
            if !meta.is_file() {
                continue;
            }
            let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
            let newer = best
                .get(&phase)
                .is_none_or(|(t, p)| (modified, &path) > (*t, p));
            if newer {
                best.insert(phase, (modified, path));
            }
        }
        Handoffs {
            newest: best.into_iter().map(|(k, (_, p))| (k, p)).collect(),
            dir: dir.to_path_buf(),
        }
    }

    /// The folder the handoffs were scanned from
    /// (`docs/handoffs/<slug>/`).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// What the newest handoff of `phase` says (SPEC-PARITY.md F19): its
    /// frontmatter `status:` (first word, any case) `complete` is done when
    /// its "What this phase did" section holds real text and in progress
    /// otherwise; `in-progress` is in progress; `blocked` is stuck;
    /// anything else, or no handoff, is not started. A handoff that cannot
    /// be read (or is not UTF-8) is an error.
    pub fn status(&self, phase: u32) -> Result<HandoffStatus> {
        let Some(path) = self.newest(phase) else {
            return Ok(HandoffStatus::NotStarted);
        };
        let Some(file) = MarkdownFile::read(path)? else {
            return Ok(HandoffStatus::NotStarted);
        };
        let status = Frontmatter::read(&file).status.unwrap_or_default();
        let word = status
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_lowercase();
        Ok(match word.as_str() {
            "complete" if handoff_is_complete(&file) => HandoffStatus::Done,
            "complete" | "in-progress" => HandoffStatus::InProgress,
            "blocked" => HandoffStatus::Stuck,
            _ => HandoffStatus::NotStarted,
        })
    }

    /// The newest handoff of `phase`, if any.
    pub fn newest(&self, phase: u32) -> Option<&Path> {
        self.newest.get(&phase).map(PathBuf::as_path)
    }

    /// Whether `phase` is done: its newest handoff reads `status: complete`
    /// and its `## What this phase did` section holds real content. A
    /// handoff that cannot be read (or is not UTF-8) is an error.
    pub fn is_done(&self, phase: u32) -> Result<bool> {
        let Some(path) = self.newest(phase) else {
            return Ok(false);
        };
        let Some(file) = MarkdownFile::read(path)? else {
            return Ok(false);
        };
        Ok(handoff_is_complete(&file))
    }
}

/// The phase number of a handoff file name `phase-<NN>-*.md`.
pub fn handoff_phase(name: &str) -> Option<u32> {
    let rest = name.strip_prefix("phase-")?;
    if !name.ends_with(".md") {
        return None;
    }
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let after = &rest[digits.len()..];
    if !(after.starts_with('-') || after == ".md") {
        return None;
    }
    crate::plan::graph::parse_phase_number(&digits)
}

/// Whether a handoff says its phase is complete: frontmatter `status:` whose
/// first word is `complete` (any case), and a `## What this phase did`
/// section with content other than HTML comments and blank space.
pub fn handoff_is_complete(file: &MarkdownFile) -> bool {
    let fm = Frontmatter::read(file);
    let complete = fm
        .status
        .as_deref()
        .and_then(|s| s.split_whitespace().next())
        .is_some_and(|w| w.eq_ignore_ascii_case("complete"));
    if !complete {
        return false;
    }
    let Some(index) = file.doc.find_h2_starting("what this phase did") else {
        return false;
    };
    let section = file.doc.section(index, 2, file.text.len());
    let body_start = file.doc.headings[index].range.end.min(section.end);
    has_real_content(&file.text[body_start..section.end])
}

/// Whether `text` holds anything besides HTML comments and white space.
fn has_real_content(text: &str) -> bool {
    let mut rest = text;
    loop {
        match rest.find("<!--") {
            Some(start) => {
                if !rest[..start].trim().is_empty() {
                    return true;
                }
                match rest[start..].find("-->") {
                    Some(end) => rest = &rest[start + end + 3..],
                    None => return false,
                }
            }
            None => return !rest.trim().is_empty(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handoff_names() {
        assert_eq!(handoff_phase("phase-01-strip.md"), Some(1));
        assert_eq!(handoff_phase("phase-12.md"), Some(12));
        assert_eq!(handoff_phase("phase-x.md"), None);
        assert_eq!(handoff_phase("phase-01-strip.txt"), None);
        assert_eq!(handoff_phase("decisions.md"), None);
    }

    #[test]
    fn completeness() {
        let done = MarkdownFile::from_text(
            "h.md".into(),
            "---\nstatus: complete\n---\n## What this phase did\n\nReal work.\n".into(),
        );
        assert!(handoff_is_complete(&done));
        let template = MarkdownFile::from_text(
            "h.md".into(),
            "---\nstatus: complete\n---\n## What this phase did\n\n<!-- fill in -->\n\n## Next\n"
                .into(),
        );
        assert!(!handoff_is_complete(&template));
        let open = MarkdownFile::from_text(
            "h.md".into(),
            "---\nstatus: in-progress\n---\n## What this phase did\n\nHalf.\n".into(),
        );
        assert!(!handoff_is_complete(&open));
    }
}
