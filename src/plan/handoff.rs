//! Handoffs (SPEC §3.2): `docs/handoffs/<slug>/phase-<NN>-*.md`, each read
//! and parsed once, and whether a phase is done (its newest handoff says
//! `status: complete` and its `## What this phase did` section holds more
//! than the template comment).
//!
//! The lint reads every handoff file of a plan (F10, F21, F26, F30,
//! SPEC-PARITY.md section B); the board reads only the newest of each
//! phase.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::Deserialize;

use crate::error::Result;
use crate::markdown::MarkdownFile;
use crate::plan::progress::HandoffStatus;
use crate::plan::{Frontmatter, Scalar};

/// The frontmatter fields of a handoff that the checks read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HandoffFrontmatter {
    /// `status:` as text, trimmed (a YAML comment is not part of it).
    pub status: Option<String>,
    /// `phase:` as text, trimmed.
    pub phase: Option<String>,
    /// `depends_on:` entries as text, in order; `None` when there is no
    /// `depends_on:` key (or it is null).
    pub depends_on: Option<Vec<String>>,
    /// `completed:` as text, trimmed.
    pub completed: Option<String>,
    /// The YAML library's first message line, when the block is not valid
    /// YAML (nothing else is then read).
    pub error: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
struct RawHandoffFrontmatter {
    #[serde(default)]
    status: Option<Scalar>,
    #[serde(default)]
    phase: Option<Scalar>,
    #[serde(default)]
    depends_on: Option<ScalarOrList>,
    #[serde(default)]
    completed: Option<Scalar>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum ScalarOrList {
    List(Vec<Scalar>),
    One(Scalar),
}

impl HandoffFrontmatter {
    /// Reads the frontmatter of a handoff with a YAML library; invalid YAML
    /// is recorded in [`HandoffFrontmatter::error`], never a panic.
    pub fn read(file: &MarkdownFile) -> HandoffFrontmatter {
        let Some(block) = &file.frontmatter else {
            return HandoffFrontmatter::default();
        };
        let yaml = &file.text[block.yaml.clone()];
        if yaml.trim().is_empty() {
            return HandoffFrontmatter::default();
        }
        let text = |s: Option<Scalar>| {
            s.and_then(|s| s.as_text())
                .map(|t| t.trim().to_string())
                .filter(|t| !t.is_empty())
        };
        match serde_saphyr::from_str::<RawHandoffFrontmatter>(yaml) {
            Ok(raw) => HandoffFrontmatter {
                status: text(raw.status),
                phase: text(raw.phase),
                depends_on: raw.depends_on.and_then(|d| match d {
                    ScalarOrList::List(items) => Some(
                        items
                            .into_iter()
                            .map(|s| s.as_text().unwrap_or_default().trim().to_string())
                            .collect(),
                    ),
                    ScalarOrList::One(Scalar::Other(_)) => None,
                    ScalarOrList::One(s) => Some(vec![s.as_text().unwrap_or_default()]),
                }),
                completed: text(raw.completed),
                error: None,
            },
            Err(e) => HandoffFrontmatter {
                error: Some(
                    e.to_string()
                        .lines()
                        .next()
                        .unwrap_or("invalid YAML")
                        .to_string(),
                ),
                ..HandoffFrontmatter::default()
            },
        }
    }
}

/// One `phase-*.md` file of a plan's handoffs folder.
#[derive(Debug, Clone)]
pub struct Handoff {
    /// The file's name, e.g. `phase-01-strip.md`.
    pub name: String,
    /// The path, as the folder was named.
    pub path: PathBuf,
    /// The phase the name gives (`phase-<NN>-*.md`, `08` is 8), if any.
    pub phase: Option<u32>,
    /// When the file was last modified (the UNIX epoch when unknown).
    pub modified: SystemTime,
    /// The file and its one parse; `None` when it cannot be read or is not
    /// UTF-8 (the checks then skip it, and [`Handoffs::is_done`] reports
    /// the error when it is the newest of a phase).
    pub file: Option<MarkdownFile>,
    /// Its frontmatter fields (empty when the file cannot be read).
    pub frontmatter: HandoffFrontmatter,
}

/// Every handoff file of a plan, and the newest of each phase.
#[derive(Debug, Clone, Default)]
pub struct Handoffs {
    /// The `phase-*.md` files, in file-name order.
    files: Vec<Handoff>,
    /// Phase number → index into `files` of its newest handoff (by
    /// modification time, then path).
    newest: BTreeMap<u32, usize>,
    /// Every (phase number, index into `files`) pair, sorted: the handoffs
    /// of one phase, in file-name order, are a run of it.
    by_phase: Vec<(u32, usize)>,
    /// The folder scanned (`None` when the handoffs were not scanned from
    /// one).
    dir: Option<PathBuf>,
}

impl Handoffs {
    /// No handoffs at all (every phase open).
    pub const NONE: Handoffs = Handoffs {
        files: Vec::new(),
        newest: BTreeMap::new(),
        by_phase: Vec::new(),
        dir: None,
    };

    /// Scans `dir` for `phase-*.md` files and reads each once. A folder
    /// that does not exist holds no handoffs; an entry that cannot be
    /// inspected, or that is not a file (a folder, a dangling symlink), is
    /// skipped; a file that cannot be read is kept without its text.
    pub fn scan(dir: &Path) -> Handoffs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Handoffs {
                dir: Some(dir.to_path_buf()),
                ..Handoffs::default()
            };
        };
        let mut files = Vec::new();
        for entry in entries.flatten() {
            let Some(name) = entry.file_name().to_str().map(str::to_string) else {
                continue;
            };
            if !(name.starts_with("phase-") && name.ends_with(".md")) {
                continue;
            }
            let path = entry.path();
            let Ok(meta) = std::fs::metadata(&path) else {
                continue;
            };
            if !meta.is_file() {
                continue;
            }
            let file = MarkdownFile::read(&path).ok().flatten();
            files.push(Handoff {
                phase: handoff_phase(&name),
                modified: meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
                frontmatter: file
                    .as_ref()
                    .map(HandoffFrontmatter::read)
                    .unwrap_or_default(),
                file,
                name,
                path,
            });
        }
        Handoffs {
            dir: Some(dir.to_path_buf()),
            ..Handoffs::from_files(files)
        }
    }

    /// The handoffs `files` (in any order), sorted by name, with the newest
    /// of each phase found.
    pub fn from_files(mut files: Vec<Handoff>) -> Handoffs {
        files.sort_by(|a, b| a.name.cmp(&b.name));
        let mut newest: BTreeMap<u32, usize> = BTreeMap::new();
        for (i, h) in files.iter().enumerate() {
            let Some(phase) = h.phase else { continue };
            let newer = newest.get(&phase).is_none_or(|&j| {
                let best = &files[j];
                (h.modified, &h.path) > (best.modified, &best.path)
            });
            if newer {
                newest.insert(phase, i);
            }
        }
        let mut by_phase: Vec<(u32, usize)> = files
            .iter()
            .enumerate()
            .filter_map(|(i, h)| Some((h.phase?, i)))
            .collect();
        by_phase.sort_unstable();
        Handoffs {
            files,
            newest,
            by_phase,
            dir: None,
        }
    }

    /// These handoffs with the one named `name` read from `text` instead
    /// of the disk — a buffer on stdin standing for that file (SPEC §10.1
    /// "stdin and pre-commit") — or with it added when the folder has no
    /// such file. It keeps the file's modification time, or takes the
    /// present one for a file not on disk. A name that is not `phase-*.md`
    /// changes nothing: no check reads such a file.
    pub fn with_text(self, name: &str, text: String) -> Handoffs {
        if !(name.starts_with("phase-") && name.ends_with(".md")) {
            return self;
        }
        let dir = self.dir.clone();
        let path = dir.as_deref().unwrap_or(Path::new("")).join(name);
        let modified = std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .unwrap_or_else(|_| SystemTime::now());
        let file = MarkdownFile::from_text(path.clone(), text);
        let mut files: Vec<Handoff> = self.files.into_iter().filter(|h| h.name != name).collect();
        files.push(Handoff {
            name: name.to_string(),
            phase: handoff_phase(name),
            modified,
            frontmatter: HandoffFrontmatter::read(&file),
            file: Some(file),
            path,
        });
        Handoffs {
            dir,
            ..Handoffs::from_files(files)
        }
    }

    /// The folder the handoffs were scanned from (`docs/handoffs/<slug>/`;
    /// empty for handoffs not scanned from a folder).
    pub fn dir(&self) -> &Path {
        self.dir.as_deref().unwrap_or(Path::new(""))
    }

    /// What the newest handoff of `phase` says (SPEC-PARITY.md F19): its
    /// frontmatter `status:` (first word, any case) `complete` is done when
    /// its "What this phase did" section holds real text and in progress
    /// otherwise; `in-progress` is in progress; `blocked` is stuck;
    /// anything else, or no handoff, is not started. A newest handoff that
    /// cannot be read (or is not UTF-8) is an error.
    pub fn status(&self, phase: u32) -> Result<HandoffStatus> {
        let Some(handoff) = self.newest_index(phase).map(|i| &self.files[i]) else {
            return Ok(HandoffStatus::NotStarted);
        };
        let read;
        let file = match &handoff.file {
            Some(file) => file,
            None => match MarkdownFile::read(&handoff.path)? {
                Some(file) => {
                    read = file;
                    &read
                }
                None => return Ok(HandoffStatus::NotStarted),
            },
        };
        let word = handoff
            .frontmatter
            .status
            .as_deref()
            .and_then(|s| s.split_whitespace().next())
            .unwrap_or("")
            .to_lowercase();
        Ok(match word.as_str() {
            "complete" if handoff_is_complete(file) => HandoffStatus::Done,
            "complete" | "in-progress" => HandoffStatus::InProgress,
            "blocked" => HandoffStatus::Stuck,
            _ => HandoffStatus::NotStarted,
        })
    }

    /// Every handoff, in file-name order.
    pub fn all(&self) -> &[Handoff] {
        &self.files
    }

    /// The handoff at `index` of [`Handoffs::all`].
    pub fn get(&self, index: usize) -> Option<&Handoff> {
        self.files.get(index)
    }

    /// The handoffs whose name gives `phase`, in file-name order, each with
    /// its index in [`Handoffs::all`].
    pub fn of_phase(&self, phase: u32) -> impl Iterator<Item = (usize, &Handoff)> {
        let first = self.by_phase.partition_point(|&(p, _)| p < phase);
        self.by_phase[first..]
            .iter()
            .take_while(move |&&(p, _)| p == phase)
            .map(|&(_, i)| (i, &self.files[i]))
    }

    /// The index in [`Handoffs::all`] of the newest handoff of `phase`.
    pub fn newest_index(&self, phase: u32) -> Option<usize> {
        self.newest.get(&phase).copied()
    }

    /// The newest handoff of `phase`, if any.
    pub fn newest(&self, phase: u32) -> Option<&Path> {
        self.newest_index(phase)
            .map(|i| self.files[i].path.as_path())
    }

    /// Whether `phase` is done: its newest handoff reads `status: complete`
    /// and its `## What this phase did` section holds real content. A
    /// newest handoff that cannot be read (or is not UTF-8) is an error.
    pub fn is_done(&self, phase: u32) -> Result<bool> {
        let Some(handoff) = self.newest_index(phase).map(|i| &self.files[i]) else {
            return Ok(false);
        };
        match &handoff.file {
            Some(file) => Ok(handoff_is_complete(file)),
            None => MarkdownFile::read(&handoff.path)
                .map(|f| f.is_some_and(|f| handoff_is_complete(&f))),
        }
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

/// Whether a handoff's frontmatter `status:` has the first word `complete`
/// (any case).
pub fn says_complete(file: &MarkdownFile) -> bool {
    Frontmatter::read(file)
        .status
        .as_deref()
        .and_then(|s| s.split_whitespace().next())
        .is_some_and(|w| w.eq_ignore_ascii_case("complete"))
}

/// The `## What this phase did` section of a handoff: the byte range of its
/// heading and of its body (up to the next level-1 or level-2 heading).
pub fn what_this_phase_did(file: &MarkdownFile) -> Option<(Range<usize>, Range<usize>)> {
    let index = file.doc.find_h2_starting("what this phase did")?;
    let section = file.doc.section(index, 2, file.text.len());
    let heading = file.doc.headings[index].range.clone();
    let body_start = heading.end.min(section.end);
    Some((heading, body_start..section.end))
}

/// Whether a handoff says its phase is complete: frontmatter `status:` whose
/// first word is `complete` (any case), and the file is no scaffold — its
/// `## What this phase did` section, when it has one, holds content other
/// than HTML comments and blank space (SPEC §3.2, SPEC-PARITY.md A.6: the
/// reference's `is_scaffold` reads a handoff without that section as
/// written, so the phase is done, and the advisories leave it alone).
pub fn handoff_is_complete(file: &MarkdownFile) -> bool {
    says_complete(file)
        && what_this_phase_did(file).is_none_or(|(_, body)| has_real_content(&file.text[body]))
}

/// Whether `text` holds anything besides HTML comments and white space (an
/// HTML comment never closed runs to the end).
pub fn has_real_content(text: &str) -> bool {
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
        // No section at all is no scaffold: the phase is done.
        let bare = MarkdownFile::from_text(
            "h.md".into(),
            "---\nstatus: complete\n---\n# Phase 3 — adds-two\n".into(),
        );
        assert!(handoff_is_complete(&bare));
    }

    #[test]
    fn frontmatter_fields() {
        let read = |text: &str| {
            HandoffFrontmatter::read(&MarkdownFile::from_text("h.md".into(), text.into()))
        };
        let fm = read(
            "---\nphase: 3\nstatus: in-progress   # waiting on the crane\ndepends_on: [2, 01]\ncompleted: 2026-09-03\n---\n",
        );
        assert_eq!(fm.status.as_deref(), Some("in-progress"));
        assert_eq!(fm.phase.as_deref(), Some("3"));
        assert_eq!(fm.depends_on, Some(vec!["2".to_string(), "1".to_string()]));
        assert_eq!(fm.completed.as_deref(), Some("2026-09-03"));
        let block = read("---\ndepends_on:\n  - 4\n---\n");
        assert_eq!(block.depends_on, Some(vec!["4".to_string()]));
        assert_eq!(read("---\nphase: 2\n---\n").depends_on, None);
        assert_eq!(read("# no frontmatter\n"), HandoffFrontmatter::default());
        assert!(read("---\nstatus: [open\n---\n").error.is_some());
    }
}
