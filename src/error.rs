//! The library's error type and the one place that maps errors to exit codes
//! (SPEC §8).
//!
//! What belongs here: the error type, its exit codes, and how a message shows
//! text a person must be able to see (invisible and control characters
//! escaped). It may use [`crate::vocab`] only.

use std::path::{Path, PathBuf};

/// Everything that can stop a `planfile` command. Each message names the file
/// (and line, where there is one) and says what to do; [`Error::exit_code`]
/// is the only mapping from errors to process exit codes.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A command line that is not well formed (unknown verb, missing or empty
    /// option value, an option a verb does not take). Exit 2.
    #[error("{0}")]
    Usage(String),

    /// A slug outside `^[A-Za-z0-9][A-Za-z0-9._-]*$`, or one holding `..`
    /// (SPEC §1). Exit 2, before any file is touched.
    #[error(
        "invalid plan slug \"{}\": a slug is letters, digits, '.', '_' and '-', starts with a letter or digit, and holds no \"..\"; pass the slug of a plan under docs/plans/ or the path of its .md file",
        escape_invisible(.0)
    )]
    InvalidSlug(String),

    /// No plan file at the expected path. Exit 2 (exit 1 from `phase-graph`,
    /// which reports it as [`Error::PlanUnreadableForGraph`]).
    #[error(
        "{}: no such plan (slug \"{slug}\"); check the slug, or pass --root DIR (or set DOCS_ROOT) to the folder that holds docs/plans/",
        escape_path(path)
    )]
    PlanMissing {
        /// The slug asked for.
        slug: String,
        /// Where the plan was looked for.
        path: PathBuf,
    },

    /// A `.md` file under `docs/plans/` whose name is not a valid slug, met
    /// by `validate` with no plan named (SPEC §1, §6). Exit 2; the other
    /// plans are still linted.
    #[error(
        "{}: the file name is not a valid plan slug, so this plan is not linted; rename it to letters, digits, '.', '_' and '-' (starting with a letter or digit, no \"..\"), then .md",
        escape_path(.0)
    )]
    PlanFileName(PathBuf),

    /// `phase-graph` on a missing plan or a plan without a phase-graph table:
    /// the reference reports both with exit 1 (SPEC §5.1, §8).
    #[error("{0}")]
    PlanUnreadableForGraph(String),

    /// A `phase-graph` engine mode on a plan that does not exist or whose
    /// phase graph defines no phase: the reference's message, whole lines
    /// ending in a newline, printed as they are (SPEC §11). Exit 1.
    #[error("{0}")]
    EngineUnreadable(String),

    /// A `phase-graph` mode refused as the reference refuses it
    /// (`usage: --deps <phase>`, `unknown mode: --x`): its message, printed
    /// as it is (SPEC §11). Exit 2.
    #[error("{0}")]
    EngineRefused(String),

    /// A `phase-graph` mode of the reference that planfile does not serve
    /// yet (SPEC §11): it fails rather than print something else. Exit 2.
    #[error(
        "phase-graph {}: this mode is not implemented yet in planfile; run the reference's scripts/phase-graph.sh for it",
        escape_invisible(.0)
    )]
    EngineNotImplemented(String),

    /// `new` on a slug whose plan file already exists (or a link by that
    /// name). Exit 2, nothing written.
    #[error(
        "{}: a plan already exists here; pick another slug, or edit this plan",
        escape_path(path)
    )]
    PlanExists {
        /// The existing plan file.
        path: PathBuf,
    },

    /// A file that could not be read. Exit 2.
    #[error("{}: cannot read: {source}", escape_path(path))]
    Read {
        /// The file.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },

    /// A plan, twin or handoff that is a FIFO, a socket or a device: it is
    /// refused at once, never waited on (SPEC §6). Exit 2.
    #[error(
        "{}: is {what}, not a regular file, so it is not read; a plan, its twin and its handoffs are regular files — name the file itself, not a pipe, socket or device",
        escape_path(path)
    )]
    SpecialFile {
        /// The file.
        path: PathBuf,
        /// What it is, in words ("a FIFO (named pipe)", "a socket", "a device").
        what: &'static str,
    },

    /// A plan named by a path that is not `docs/plans/<slug>.md` of its
    /// docs root, while that file exists and is another plan: both would
    /// read and write one twin (SPEC §1: the twin's path comes from the
    /// slug), so an answer given for one would open the other's start
    /// gate. Exit 2.
    #[error(
        "{} and {} are two plans with the slug {slug}, and a plan's twin is named by its slug, so both would read and write {}: an answer for one would count for the other; run the decisions commands on {}, or rename one of the two",
        escape_path(plan),
        escape_path(canonical),
        escape_path(twin),
        escape_path(canonical)
    )]
    SharedTwin {
        /// The plan named.
        plan: PathBuf,
        /// `docs/plans/<slug>.md` of the docs root.
        canonical: PathBuf,
        /// The twin both would use.
        twin: PathBuf,
        /// The slug.
        slug: String,
    },

    /// A twin or handoff named (a staged file, `--stdin-filename`) whose
    /// slug more than one plan under `docs/plans/` holds, in different
    /// folders: they would share its twin and handoffs, so it belongs to
    /// neither (SPEC §10.1 "stdin and pre-commit"). Exit 2; the other
    /// arguments are still linted.
    #[error(
        "{}: it belongs to the plan {slug}, but {} plans under docs/plans/ have that slug: {}; a twin and handoffs are found by slug (docs/handoffs/{slug}/), so give each plan its own slug (rename one file and its handoffs folder)",
        escape_path(file),
        plans.len(),
        plans.iter().map(|p| escape_path(p)).collect::<Vec<_>>().join(" and ")
    )]
    SlugShared {
        /// The twin or handoff named.
        file: PathBuf,
        /// Its slug.
        slug: String,
        /// The plans that hold it, by path.
        plans: Vec<PathBuf>,
    },

    /// A file that is not valid UTF-8. Exit 2.
    #[error(
        "{}:{line}: the file is not valid UTF-8 (byte offset {offset}); save it as UTF-8 and run again",
        escape_path(path)
    )]
    NotUtf8 {
        /// The file.
        path: PathBuf,
        /// 1-based line of the first invalid byte.
        line: usize,
        /// 0-based byte offset of the first invalid byte.
        offset: usize,
    },

    /// A phase argument that is not a phase of the plan's graph (SPEC §4):
    /// `phase N is not in this plan (<slug> has phases: 1 2 3)`, or
    /// `(<slug> has no phase graph)` when the graph defines no phase. Exit 2.
    /// The phase is shown escaped (SPEC §8); an empty one as "an empty
    /// --phase".
    #[error(
        "{} is not in this plan ({slug} has {})",
        phase_shown(phase),
        if phases.is_empty() { "no phase graph".to_string() } else { format!("phases: {phases}") }
    )]
    UnknownPhase {
        /// The phase as normalised (or as given, when it is not a number).
        phase: String,
        /// The plan's slug.
        slug: String,
        /// The graph's phases, space-separated.
        phases: String,
    },

    /// A phase argument that is not a phase number at all (`x`, `-1`,
    /// `2\u{200B}`): `"x" is not a phase number (<slug> has phases: 1 2 3)`.
    /// Exit 2. Shown escaped (SPEC §8); an empty one as "an empty --phase".
    #[error(
        "{} is not a phase number ({slug} has {})",
        phase_quoted(phase),
        if phases.is_empty() { "no phase graph".to_string() } else { format!("phases: {phases}") }
    )]
    NotAPhaseNumber {
        /// The phase argument as given, trimmed.
        phase: String,
        /// The plan's slug.
        slug: String,
        /// The graph's phases, space-separated.
        phases: String,
    },

    /// A decision key outside the vocabulary where a key is required. Exit 2.
    #[error("unknown decision key \"{}\": not one of: {}", escape_invisible(.0), crate::vocab::key_list())]
    UnknownKey(String),

    /// A file that could not be written (or a folder that could not be
    /// created). Exit 2.
    #[error("{}: cannot write: {source}", escape_path(path))]
    Write {
        /// The file or folder.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },

    /// The twin holds something the writer cannot safely edit (a malformed
    /// table, a hand-made duplicate row for the (key, phase) being written).
    /// Exit 1, nothing written (SPEC §7).
    #[error("{0}")]
    TwinRefused(String),

    /// A write verb on a plan whose Decisions section cannot be read with
    /// certainty (SPEC §5.4): the row it writes copies its blocking from
    /// the view the reader sees, which may not be what the plan says. Exit
    /// 1, nothing written.
    #[error("{0}")]
    PlanNotCertain(String),

    /// A twin that is a symlink whose target does not exist. Exit 2.
    #[error(
        "{}: the twin is a symlink to {}, which does not exist; create the target or remove the link",
        escape_path(path),
        escape_path(target)
    )]
    DanglingTwin {
        /// The twin's path.
        path: PathBuf,
        /// Where the link points.
        target: PathBuf,
    },

    /// A folder on the path to the twin (the plan's handoff folder, or one
    /// above it) that is a symlink whose target does not exist: the rows
    /// the twin stood for cannot be read, so no reader takes it for "no
    /// twin" (SPEC §5.4, §7). Exit 2.
    #[error(
        "{}: the twin's folder {} is a symlink to {}, which does not exist; create the target or remove the link",
        escape_path(twin),
        escape_path(link),
        escape_path(target)
    )]
    DanglingTwinFolder {
        /// The twin's path.
        twin: PathBuf,
        /// The folder that is a dangling link.
        link: PathBuf,
        /// Where the link points.
        target: PathBuf,
    },

    /// The row read back after a write differs from the row written. Exit 1.
    #[error("{0}")]
    ReadBack(String),

    /// A rulings ledger or a ruling that `promote` needs and cannot find.
    /// Exit 2.
    #[error("{0}")]
    Ledger(String),

    /// `validate` with no plan named, in a docs root without `docs/plans/`.
    /// Exit 2.
    #[error(
        "{}: no such folder, so there are no plans to validate; pass --root DIR (or set DOCS_ROOT) to the folder that holds docs/plans/, or name the plans",
        escape_path(.0)
    )]
    NoPlansFolder(PathBuf),

    /// An environment variable whose value cannot be used (SPEC §9), such
    /// as a `PE_TODAY` that is not a `YYYY-MM-DD` date. Exit 2, before any
    /// write.
    #[error(
        "${variable} is \"{}\", which is not {expected}; fix or unset it and run again",
        escape_invisible(value)
    )]
    InvalidEnv {
        /// The variable's name, without `$`.
        variable: &'static str,
        /// Its value, as set.
        value: String,
        /// What the value must be, e.g. "a real YYYY-MM-DD date".
        expected: &'static str,
    },

    /// A `planfile.toml` that cannot be used. Exit 2.
    #[error("{0}")]
    Config(String),

    /// A console policy (`--policy FILE`, the `[policy]` table of
    /// `planfile.toml`) or a run file (`--run FILE`) that cannot be used: not
    /// JSON or TOML, a key outside the vocabulary, a value that is not one
    /// line (SPEC §5.5). The message names the file and line. Exit 2.
    #[error("{0}")]
    Policy(String),

    /// Writing to standard output or standard error failed (other than a
    /// closed pipe, which ends the command quietly). Exit 2.
    #[error("cannot write output: {0}")]
    Output(std::io::Error),
}

impl Error {
    /// The process exit code for this error (SPEC §8): 1 for a refused or
    /// mismatched twin write and for `phase-graph` on a plan it cannot graph,
    /// 2 for everything else.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::PlanUnreadableForGraph(_)
            | Error::EngineUnreadable(_)
            | Error::TwinRefused(_)
            | Error::PlanNotCertain(_)
            | Error::ReadBack(_) => 1,
            Error::Usage(_)
            | Error::InvalidSlug(_)
            | Error::PlanMissing { .. }
            | Error::PlanFileName(_)
            | Error::PlanExists { .. }
            | Error::Read { .. }
            | Error::SpecialFile { .. }
            | Error::SharedTwin { .. }
            | Error::SlugShared { .. }
            | Error::NotUtf8 { .. }
            | Error::UnknownPhase { .. }
            | Error::NotAPhaseNumber { .. }
            | Error::EngineRefused(_)
            | Error::EngineNotImplemented(_)
            | Error::UnknownKey(_)
            | Error::Write { .. }
            | Error::DanglingTwin { .. }
            | Error::DanglingTwinFolder { .. }
            | Error::Ledger(_)
            | Error::NoPlansFolder(_)
            | Error::Config(_)
            | Error::Policy(_)
            | Error::InvalidEnv { .. }
            | Error::Output(_) => 2,
        }
    }

    /// The file this error is about, with the line where there is one
    /// (`None` for an error that names no file): the path its message
    /// starts with, which the reports of unreadable plans cut off the
    /// message to print it once (a twin under a dangling folder link is
    /// about the twin).
    pub fn file(&self) -> Option<(&Path, Option<usize>)> {
        match self {
            Error::PlanMissing { path, .. }
            | Error::PlanExists { path }
            | Error::Read { path, .. }
            | Error::Write { path, .. }
            | Error::DanglingTwin { path, .. }
            | Error::DanglingTwinFolder { twin: path, .. }
            | Error::SpecialFile { path, .. }
            | Error::SlugShared { file: path, .. } => Some((path, None)),
            Error::PlanFileName(path) | Error::NoPlansFolder(path) => Some((path, None)),
            Error::NotUtf8 { path, line, .. } => Some((path, Some(*line))),
            _ => None,
        }
    }

    /// Whether this error is a closed output pipe (`planfile … | head -1`),
    /// which ends the command quietly with exit 0.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Output(e) if e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

impl From<std::io::Error> for Error {
    /// An I/O error on an output stream.
    fn from(e: std::io::Error) -> Self {
        Error::Output(e)
    }
}

/// The result type of the library.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// `text` with control characters and invisible or look-alike characters
/// (zero-width, bidi controls, non-breaking spaces, BOM) shown as `\u{XXXX}`,
/// so a message makes a look-alike visible (SPEC §8).
pub fn escape_invisible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_invisible(c) {
            out.push_str(&format!("\\u{{{:X}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` as [`escape_invisible`] shows it, and with every non-ASCII letter
/// of a word that also holds ASCII letters shown as `\u{XXXX}` too: a
/// Cyrillic `о` in `blоcking` looks like the Latin one, so a message that
/// quotes the word shows `bl\u{43E}cking` (SPEC §8). Words wholly in
/// another script are left as written.
pub fn escape_lookalikes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_inclusive(char::is_whitespace) {
        let mixed = word.chars().any(|c| c.is_ascii_alphabetic())
            && word.chars().any(|c| !c.is_ascii() && c.is_alphabetic());
        for c in word.chars() {
            if is_invisible(c) || (mixed && !c.is_ascii() && c.is_alphabetic()) {
                out.push_str(&format!("\\u{{{:X}}}", c as u32));
            } else {
                out.push(c);
            }
        }
    }
    out
}

/// `path` as a message shows it: displayed, with invisible and control
/// characters escaped as [`escape_invisible`] does (SPEC §8).
pub fn escape_path(path: &Path) -> String {
    escape_invisible(&path_text(path))
}

/// `path` as text, with each byte that is not part of UTF-8 (a file name
/// the system gives as it is, SPEC §10.1) written `\xNN`, so the name is
/// shown as it is rather than with a replacement character; a UTF-8 path
/// is its text.
pub fn path_text(path: &Path) -> String {
    let bytes = path.as_os_str().as_encoded_bytes();
    if let Ok(text) = std::str::from_utf8(bytes) {
        return text.to_string();
    }
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out
}

/// A phase argument as [`Error::UnknownPhase`] names it: `phase <text>`,
/// escaped, or "an empty --phase".
fn phase_shown(phase: &str) -> String {
    if phase.is_empty() {
        "an empty --phase".to_string()
    } else {
        format!("phase {}", escape_invisible(phase))
    }
}

/// A phase argument as [`Error::NotAPhaseNumber`] names it: quoted and
/// escaped, or "an empty --phase".
fn phase_quoted(phase: &str) -> String {
    if phase.is_empty() {
        "an empty --phase".to_string()
    } else {
        format!("\"{}\"", escape_lookalikes(phase))
    }
}

/// Whether `c` is a control character or an invisible / space look-alike
/// character that a message must escape (and that does not count as
/// visible text).
pub fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00A0}'
                | '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180E}'
                | '\u{2000}'..='\u{200F}'
                | '\u{2028}'..='\u{202F}'
                | '\u{205F}'..='\u{206F}'
                | '\u{3000}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF9}'..='\u{FFFB}'
                | '\u{1BCA0}'..='\u{1BCA3}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E007F}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_look_alikes() {
        assert_eq!(escape_invisible("re\u{200B}lay"), "re\\u{200B}lay");
        assert_eq!(escape_invisible("a\u{A0}b\tc"), "a\\u{A0}b\\u{9}c");
        assert_eq!(escape_invisible("plain — text"), "plain — text");
        assert_eq!(escape_invisible("tag\u{E0041}"), "tag\\u{E0041}");
    }

    #[test]
    fn paths_and_phases_are_shown_escaped() {
        assert_eq!(
            escape_path(Path::new("/tmp/pr\u{200B}/l\n.ndjson")),
            "/tmp/pr\\u{200B}/l\\u{A}.ndjson"
        );
        let unknown = |phase: &str| Error::UnknownPhase {
            phase: phase.into(),
            slug: "p".into(),
            phases: "1 2".into(),
        };
        assert_eq!(
            unknown("1\u{200B}").to_string(),
            "phase 1\\u{200B} is not in this plan (p has phases: 1 2)"
        );
        assert_eq!(
            unknown("1\n2").to_string(),
            "phase 1\\u{A}2 is not in this plan (p has phases: 1 2)"
        );
        assert_eq!(
            unknown("").to_string(),
            "an empty --phase is not in this plan (p has phases: 1 2)"
        );
    }
}
