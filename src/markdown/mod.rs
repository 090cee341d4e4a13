//! Markdown reading: one pass of pulldown-cmark over a file, recorded as byte
//! ranges (headings, pipe tables, code spans and blocks, HTML blocks), plus a
//! line index and the frontmatter split (SPEC §3).
//!
//! Everything downstream (the plan model, the manifest reader, the lints, the
//! writer) reads this one parse; nothing re-parses a file.
//!
//! What belongs here: what a reader of Markdown must know — lines, front
//! matter, sections, pipe tables and their cells, inline text, code blocks,
//! conflict markers and the syntax of a suppression comment. Nothing here
//! knows what a plan, a decision or a check is. It may use
//! [`crate::error`] and [`crate::vocab`] only.

mod blocks;
pub mod conflict;
mod document;
mod frontmatter;

pub mod inline;

mod lines;
mod mask;

pub mod suppression;

pub mod table;

use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

pub use blocks::{MispairedBlock, UnclosedBlock, without_container_marks};
pub use document::{CodeBlock, Document, Heading, Table};
pub use frontmatter::{FrontmatterBlock, opens_frontmatter, split_frontmatter};
pub use lines::{LineIndex, line_ends, lines_with_offsets};

/// Whether `text` starts with `prefix`, ignoring ASCII case.
pub fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.len() >= prefix.len()
        && text.is_char_boundary(prefix.len())
        && text[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// A Markdown file read from disk: its path, text, line index, frontmatter
/// block and the one parse of its body.
#[derive(Debug, Clone)]
pub struct MarkdownFile {
    /// The file as named (not canonicalised).
    pub path: PathBuf,
    /// The whole text, BOM included.
    pub text: String,
    /// Line index of `text`.
    pub lines: LineIndex,
    /// The frontmatter block, if the file opens with one.
    pub frontmatter: Option<FrontmatterBlock>,
    /// The parse of the body.
    pub doc: Document,
}

impl MarkdownFile {
    /// Builds the model of `text` as the content of `path`.
    pub fn from_text(path: PathBuf, text: String) -> MarkdownFile {
        let frontmatter = split_frontmatter(&text);
        let body_start = match &frontmatter {
            Some(fm) => fm.end,
            None if text.starts_with('\u{FEFF}') => 3,
            None => 0,
        };
        let doc = Document::parse(&text, body_start);
        let lines = LineIndex::new(&text);
        MarkdownFile {
            path,
            text,
            lines,
            frontmatter,
            doc,
        }
    }

    /// Reads `path` as UTF-8 and parses it: a plan, a twin or a handoff.
    /// `Ok(None)` when the file does not exist (a dangling symlink
    /// included); [`Error::SpecialFile`] at once, without waiting on it,
    /// when it is a FIFO, a socket or a device (SPEC §6); [`Error::Read`]
    /// when it cannot be read; [`Error::NotUtf8`] when it is not UTF-8.
    pub fn read(path: &Path) -> Result<Option<MarkdownFile>> {
        let Some(bytes) = read_file(path)? else {
            return Ok(None);
        };
        let text = decode_utf8(path, bytes)?;
        Ok(Some(MarkdownFile::from_text(path.to_path_buf(), text)))
    }

    /// The 1-based line of byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.lines.line_of(offset)
    }

    /// The text of 1-based `line`, without its line ending.
    pub fn line_text(&self, line: usize) -> &str {
        &self.text[self.lines.line_range(&self.text, line)]
    }
}

/// The bytes of the regular file at `path`, read without waiting on it
/// (SPEC §6): `Ok(None)` when it does not exist (a dangling symlink
/// included); [`Error::SpecialFile`] at once when it is a FIFO, a socket
/// or a device (`/dev/zero` is never read); [`Error::Read`] when it cannot
/// be read. Every input file goes through here: plans, twins, handoffs,
/// `planfile.toml`, policy, run and ledger files.
pub fn read_file(path: &Path) -> Result<Option<Vec<u8>>> {
    let read_error = |source| Error::Read {
        path: path.to_path_buf(),
        source,
    };
    let mut file = match open_without_waiting(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        // A socket cannot be opened at all (ENXIO): what it is says more
        // than the system's reason.
        Err(source) => {
            return Err(std::fs::metadata(path)
                .ok()
                .and_then(|m| special_file_kind(&m.file_type()))
                .map_or_else(
                    || read_error(source),
                    |what| Error::SpecialFile {
                        path: path.to_path_buf(),
                        what,
                    },
                ));
        }
    };
    let kind = file.metadata().map_err(read_error)?.file_type();
    if let Some(what) = special_file_kind(&kind) {
        return Err(Error::SpecialFile {
            path: path.to_path_buf(),
            what,
        });
    }
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut file, &mut bytes).map_err(read_error)?;
    Ok(Some(bytes))
}

/// Opens `path` for reading without waiting: a FIFO with no writer opens
/// at once (`O_NONBLOCK` on Unix) instead of blocking until one comes, so
/// that the caller can look at what it opened and refuse it.
fn open_without_waiting(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// What a file of type `kind` is, in words, when it is a FIFO, a socket or
/// a device (which a plan, a twin or a handoff can never be); `None` for a
/// regular file or a folder.
fn special_file_kind(kind: &std::fs::FileType) -> Option<&'static str> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
    }
    (!kind.is_file() && !kind.is_dir()).then_some("not a regular file")
}

/// `bytes` as a UTF-8 string; [`Error::NotUtf8`] naming `path` and the line
/// of the first invalid byte otherwise.
pub fn decode_utf8(path: &Path, bytes: Vec<u8>) -> Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let line = 1 + line_ends(&bytes[..offset]).count();
        Error::NotUtf8 {
            path: path.to_path_buf(),
            line,
            offset,
        }
    })
}
