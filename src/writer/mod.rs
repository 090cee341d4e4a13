//! Writing the twin, `docs/handoffs/<slug>/decisions.md` (SPEC §7): one row
//! upserted per call, found by column name and replaced in place or inserted
//! after the table's last line, every other byte kept; the whole
//! read-modify-write under an exclusive lock, the file replaced atomically,
//! and the row read back through the normal reader.
//!
//! [`prepare`] computes an edit without touching anything (it also serves
//! `--dry-run`); [`commit`] takes the lock, prepares again on the locked
//! file, replaces it and reads the row back.

pub mod hygiene;
pub mod unseen;

use std::fs::OpenOptions;
use std::path::{Path, PathBuf};

use crate::atomic;
use crate::error::{Error, Result, escape_invisible, escape_path};
use crate::gate;
use crate::manifest::merge::{View, resolve};
use crate::manifest::{Twin, owed};
use crate::markdown::MarkdownFile;
use crate::plan::Plan;
use crate::plan::decisions::unread;
use crate::plan::decisions::{BodyLine, Column, DecisionTable};
use crate::plan::decisions::{DecisionRow, FileKind};
use crate::root::PlanLocation;
use crate::vocab;

/// The name of the lock file beside a twin that is not a symlink (SPEC §7
/// Safety); see [`lock_path`].
pub const LOCK_FILE: &str = "decisions.md.lock";

/// A row to write, its cells already through [`hygiene::clean`] (logical
/// text: a `|` is still a `|` here; it is escaped when the row is rendered).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewRow {
    /// The decision key (one of the vocabulary).
    pub key: String,
    /// The value (answer, waiver reason, or ruling text).
    pub value: String,
    /// Who decided.
    pub owner: String,
    /// `answered` or `waived`.
    pub state: &'static str,
    /// `Some` when given; `None` takes the blocking the start gate counts
    /// for the row the same view resolves to when the edit is prepared
    /// ([`gate::counts_as_blocking`]: an empty cell on a key the template
    /// marks blocking, or `✓`, is yes), else no (SPEC §7).
    pub blocking: Option<bool>,
    /// `run` or `ruling`.
    pub source: &'static str,
    /// What proves the decision.
    pub evidence: String,
    /// The view written to: plan-wide, or one phase (the row's scope).
    pub view: View,
}

/// The cells of a row as written: [`NewRow`] with its blocking settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowCells {
    /// The decision key.
    pub key: String,
    /// The value, logical text.
    pub value: String,
    /// The owner.
    pub owner: String,
    /// The state word.
    pub state: &'static str,
    /// Whether the row blocks the start.
    pub blocking: bool,
    /// The source word.
    pub source: &'static str,
    /// The evidence, logical text.
    pub evidence: String,
    /// The phase the row is scoped to; `None` for plan-wide.
    pub phase: Option<u32>,
}

impl RowCells {
    /// The text of the cell in `column` as written to the file: the key in
    /// backticks, `|` escaped as `\|`, blocking as `yes`/`no`, a plan-wide
    /// phase as `—` (U+2014).
    pub fn cell(&self, column: Column) -> String {
        match column {
            Column::Key => format!("`{}`", self.key),
            Column::Value => hygiene::escape_pipes(&self.value),
            Column::Owner => hygiene::escape_pipes(&self.owner),
            Column::State => self.state.to_string(),
            Column::Blocking => if self.blocking { "yes" } else { "no" }.to_string(),
            Column::Source => self.source.to_string(),
            Column::Evidence => hygiene::escape_pipes(&self.evidence),
            Column::Phase => match self.phase {
                Some(p) => p.to_string(),
                None => "—".to_string(),
            },
        }
    }

    /// Where the row is scoped, for messages.
    fn scope(&self) -> String {
        match self.phase {
            Some(p) => format!("phase {p}"),
            None => "plan-wide".to_string(),
        }
    }

    /// A description of what a read row shows that differs from these
    /// cells (state, owner, blocking, source, value: what SPEC §7's
    /// read-back compares), or `None` when it shows all of them.
    pub fn mismatch(&self, read: Option<&DecisionRow>) -> Option<String> {
        let wrote = format!(
            "state {}, owner \"{}\", blocking {}, source {}, value \"{}\"",
            self.state,
            escape_invisible(&self.owner),
            if self.blocking { "yes" } else { "no" },
            self.source,
            escape_invisible(&self.value)
        );
        let Some(row) = read else {
            return Some(format!(
                "wrote {wrote}; read no row for `{}` in this view",
                self.key
            ));
        };
        let same = row.state == self.state
            && row.owner == self.owner
            && row.blocking == self.blocking
            && row.source == self.source
            && row.value == self.value;
        if same {
            None
        } else {
            Some(format!(
                "wrote {wrote}; read state {}, owner \"{}\", blocking {}, source {}, value \"{}\" (line {})",
                escape_invisible(&row.state),
                escape_invisible(&row.owner),
                row.blocking_word(),
                escape_invisible(&row.source),
                escape_invisible(&row.value),
                row.origin.line
            ))
        }
    }
}

/// The twin's path as named and the file a write replaces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwinPath {
    /// `docs/handoffs/<slug>/decisions.md`, as named.
    pub named: PathBuf,
    /// The file written: the final target when the twin is a symlink (the
    /// link stays a link), else the named path.
    pub resolved: PathBuf,
}

impl TwinPath {
    /// Resolves the twin at `named`. [`Error::DanglingTwin`] (exit 2) for a
    /// symlink whose target does not exist; [`Error::Read`] when the link
    /// cannot be followed.
    pub fn resolve(named: &Path) -> Result<TwinPath> {
        let is_link = match std::fs::symlink_metadata(named) {
            Ok(meta) => meta.file_type().is_symlink(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
            Err(source) => {
                return Err(Error::Read {
                    path: named.to_path_buf(),
                    source,
                });
            }
        };
        if !is_link {
            return Ok(TwinPath {
                named: named.to_path_buf(),
                resolved: named.to_path_buf(),
            });
        }
        match std::fs::canonicalize(named) {
            Ok(resolved) => Ok(TwinPath {
                named: named.to_path_buf(),
                resolved,
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(Error::DanglingTwin {
                path: named.to_path_buf(),
                target: std::fs::read_link(named).unwrap_or_default(),
            }),
            Err(source) => Err(Error::Read {
                path: named.to_path_buf(),
                source,
            }),
        }
    }
}

/// One computed write: the twin's bytes before and after.
#[derive(Debug, Clone)]
pub struct Edit {
    /// The twin's paths.
    pub twin: TwinPath,
    /// The twin's text before the edit; `None` when there is no twin yet.
    pub old: Option<String>,
    /// The twin's text after the edit.
    pub new: String,
    /// The row as written.
    pub row: RowCells,
}

impl Edit {
    /// Whether the edit changes the file (an identical answer does not).
    pub fn changes(&self) -> bool {
        self.old.as_deref() != Some(self.new.as_str())
    }

    /// The unified diff of the edit (`--- a/<label>`, or `--- /dev/null`
    /// when the twin does not exist yet; `+++ b/<label>`; `@@` hunks with
    /// three lines of context); empty when nothing changes. Lines that end
    /// in a lone CR (SPEC §3) are shown ending in LF, so that the diff reads
    /// as lines on a terminal and to a diff viewer
    /// ([`Edit::has_lone_cr_endings`] says when; a CRLF line keeps its CR).
    pub fn diff(&self, label: &str) -> String {
        if !self.changes() {
            return String::new();
        }
        let old_side = match self.old {
            Some(_) => format!("a/{label}"),
            None => "/dev/null".to_string(),
        };
        let old = lone_cr_as_lf(self.old.as_deref().unwrap_or(""));
        let new = lone_cr_as_lf(&self.new);
        similar::TextDiff::from_lines(old.as_ref(), new.as_ref())
            .unified_diff()
            .context_radius(3)
            .header(&old_side, &format!("b/{label}"))
            .to_string()
    }

    /// Whether the twin, before or after the edit, has lines that end in a
    /// lone CR, which [`Edit::diff`] shows ending in LF: such a diff shows
    /// the change, but a patch tool cannot apply it to the file.
    pub fn has_lone_cr_endings(&self) -> bool {
        [self.old.as_deref(), Some(self.new.as_str())]
            .into_iter()
            .flatten()
            .any(|text| matches!(lone_cr_as_lf(text), std::borrow::Cow::Owned(_)))
    }
}

/// `text` with every CR that is not followed by an LF (a lone-CR line
/// ending) made an LF; borrowed when there is none.
fn lone_cr_as_lf(text: &str) -> std::borrow::Cow<'_, str> {
    let bytes = text.as_bytes();
    let lone = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !(0..bytes.len()).any(lone) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        out.push(if lone(i) { '\n' } else { c });
    }
    std::borrow::Cow::Owned(out)
}

/// Computes the edit that writes `row` into the twin of `location`, whose
/// plan is `plan`, without writing anything (SPEC §7).
///
/// Errors: [`Error::PlanNotCertain`] (exit 1) while the plan's Decisions
/// section cannot be read with certainty (see [`refuse_uncertain_plan`]);
/// [`Error::DanglingTwin`], [`Error::Read`], [`Error::NotUtf8`]
/// (exit 2) for a twin that cannot be read; [`Error::TwinRefused`] (exit 1)
/// for a twin the writer cannot safely edit — a file with several hard
/// links, merge-conflict markers, a malformed Decisions table, decision
/// rows no reader takes ([`unread::find`]),
/// two rows for the (key, phase) written, a table without a column the row
/// needs, no `## Decisions` section but a near miss, table lines or a
/// swallowed section ([`unseen::check`]), or an edit that would not read
/// back as written.
pub fn prepare(plan: &Plan, location: &PlanLocation, row: &NewRow) -> Result<Edit> {
    refuse_uncertain_plan(plan, location, row.view)?;
    prepare_twin(plan, location, row)
}

/// [`prepare`] once the plan is known to be readable with certainty: the
/// part that reads the twin, which a write repeats under its locks (the
/// plan does not change meanwhile, so its check is not run again).
fn prepare_twin(plan: &Plan, location: &PlanLocation, row: &NewRow) -> Result<Edit> {
    let twin_path = TwinPath::resolve(&location.twin())?;
    let twin = Twin::load(&twin_path.named)?;
    if twin.is_some() {
        refuse_hard_links(&twin_path)?;
    }
    let blocking = row.blocking.unwrap_or_else(|| {
        let twin_rows = twin.as_ref().map(Twin::rows).unwrap_or(&[]);
        let plan_rows = plan.decision_rows();
        resolve(plan_rows, twin_rows, row.view)
            .into_iter()
            .find(|r| r.key == row.key)
            .is_some_and(|r| owed::counts_as_blocking(plan_rows, twin_rows, row.view, r))
    });
    let cells = RowCells {
        key: row.key.clone(),
        value: row.value.clone(),
        owner: row.owner.clone(),
        state: row.state,
        blocking,
        source: row.source,
        evidence: row.evidence.clone(),
        phase: row.view.phase(),
    };
    let new = match &twin {
        Some(twin) => upsert(twin, &cells)?,
        None => new_twin(&location.slug, &cells),
    };
    verify(plan, &twin_path.named, &new, &cells, row.view)?;
    let edit = Edit {
        twin: twin_path,
        old: twin.map(|t| t.file.text),
        new,
        row: cells,
    };
    if edit.old.is_some() && edit.changes() {
        atomic::Target::new(edit.twin.resolved.clone())?.check_writable()?;
    }
    Ok(edit)
}

/// Refuses a write while the plan's Decisions section cannot be read with
/// certainty for `view` — the findings of the start gate
/// ([`gate::unreadable`]) in the plan, but a row scoped to a phase the
/// graph lacks, which no view reads: the row written copies its blocking
/// from the view the reader sees, and the read-back resolves against it.
/// [`Error::PlanNotCertain`] (exit 1), naming the plan, the first line and
/// the problem.
fn refuse_uncertain_plan(plan: &Plan, location: &PlanLocation, view: View) -> Result<()> {
    let manifest = crate::manifest::Manifest {
        plan: plan.clone(),
        twin: None,
    };
    let problems: Vec<crate::lint::Finding> = gate::unreadable(&manifest, view, &location.root.0)
        .into_iter()
        .filter(|f| f.kind == FileKind::Plan && f.name != "decision-phase-unknown")
        .collect();
    let Some(first) = problems.first() else {
        return Ok(());
    };
    let more = match problems.len() - 1 {
        0 => String::new(),
        1 => " (and 1 more problem)".to_string(),
        n => format!(" (and {n} more problems)"),
    };
    Err(Error::PlanNotCertain(format!(
        "{}:{}: the plan's Decisions section cannot be read with certainty, and the row written copies its blocking from it: {}{more}; fix the plan (planfile validate names every problem) and run again; nothing written",
        escape_path(&plan.file.path),
        first.line,
        first.message
    )))
}

/// Refuses a twin whose file has more than one hard link (SPEC §7): the
/// write renames a new file over it, which would leave the other names
/// holding the old rows. [`Error::TwinRefused`] (exit 1), nothing written;
/// [`Error::Read`] when the file cannot be inspected.
fn refuse_hard_links(twin: &TwinPath) -> Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let meta = std::fs::metadata(&twin.resolved).map_err(|source| Error::Read {
            path: twin.resolved.clone(),
            source,
        })?;
        if meta.nlink() > 1 {
            return Err(Error::TwinRefused(format!(
                "{}: the twin has {} hard links (one file under {} names); a write replaces the file with a new one, which would leave the other names holding the old rows; keep one name (make the others symlinks to it) and run again; nothing written",
                escape_path(&twin.named),
                meta.nlink(),
                meta.nlink()
            )));
        }
    }
    #[cfg(not(unix))]
    let _ = twin;
    Ok(())
}

/// What [`commit`] did.
#[derive(Debug, Clone)]
pub struct Committed {
    /// The edit, as prepared under the lock.
    pub edit: Edit,
    /// The key's row as read back through the normal reader.
    pub read_back: DecisionRow,
    /// What the rewritten twin could not keep of the old file (an owner
    /// the writer may not set, an extended attribute it may not copy), one
    /// note each, for stderr (SPEC §7).
    pub notes: Vec<String>,
}

/// Writes `row` into the twin of `location` (SPEC §7): prepares the edit
/// once unlocked (so a refusal creates nothing), creates the handoff
/// folder, takes an exclusive lock on the sidecar `decisions.md.lock` beside
/// the twin and, for a twin that is a symlink, on `<target>.lock` beside its
/// final target ([`lock_path`], so writers through different links to one
/// file are serialised too) for the whole read-modify-write, prepares the edit on the locked file, replaces
/// the file atomically when its bytes change (an identical answer leaves
/// the file, and its mtime, alone), then reads the twin back and, with the plan as read, resolves
/// the same view and checks the key's row shows what was written.
///
/// Errors: those of [`prepare`]; [`Error::Write`] (exit 2) when the folder,
/// the lock or the file cannot be written, or when the twin's symlink is
/// retargeted at every attempt to lock its target; [`Error::ReadBack`]
/// (exit 1) when the row reads back differently.
pub fn commit(plan: &Plan, location: &PlanLocation, row: &NewRow) -> Result<Committed> {
    // Refuse what can be refused before creating the folder or the lock.
    let first = prepare(plan, location, row)?;
    let dir = location.handoffs_dir();
    std::fs::create_dir_all(&dir).map_err(|source| Error::Write {
        path: dir.clone(),
        source,
    })?;
    // The sidecar beside the twin's own path, always (SPEC §7); for a twin
    // that is a symlink, also the lock beside its final target, so that two
    // links to one file serialise too. Always in this order: no deadlock.
    let sidecar_path = std::fs::canonicalize(&dir)
        .unwrap_or_else(|_| dir.clone())
        .join(LOCK_FILE);
    let sidecar = lock_exclusive(&sidecar_path)?;
    let mut target = first.twin.resolved;
    let mut attempts = 0;
    let (lock, edit) = loop {
        let target_lock = lock_path(&target);
        let lock = if target_lock == sidecar_path || target_lock == dir.join(LOCK_FILE) {
            None
        } else {
            Some(lock_exclusive(&target_lock)?)
        };
        let edit = prepare_twin(plan, location, row)?;
        if edit.twin.resolved == target {
            break (lock, edit);
        }
        // The link was pointed elsewhere meanwhile: lock the new target.
        drop(lock);
        attempts += 1;
        if attempts == RELOCK_ATTEMPTS {
            return Err(Error::Write {
                path: edit.twin.named,
                source: std::io::Error::other(
                    "the symlink kept changing while its target was being locked; run again",
                ),
            });
        }
        target = edit.twin.resolved;
    };
    let target = atomic::Target::new(edit.twin.resolved.clone())?;
    target.remove_stale_temps();
    let notes = if edit.changes() {
        target.replace(edit.new.as_bytes())?
    } else {
        Vec::new()
    };
    atomic::fail_point(READ_BACK_FAIL_POINT).map_err(|source| Error::Write {
        path: edit.twin.named.clone(),
        source,
    })?;
    // Read back through the normal reader: the twin from disk, merged with
    // the plan as read (the write changed only the twin).
    let twin = Twin::load(&location.twin())?;
    let twin_rows = twin.as_ref().map(Twin::rows).unwrap_or(&[]);
    let resolved = resolve(plan.decision_rows(), twin_rows, row.view);
    let read = resolved.into_iter().find(|r| r.key == edit.row.key);
    if let Some(mismatch) = edit.row.mismatch(read) {
        return Err(Error::ReadBack(format!(
            "{}: the row for `{}` ({}) does not read back as written: {mismatch}; check the file by hand",
            escape_path(&edit.twin.named),
            edit.row.key,
            edit.row.scope()
        )));
    }
    let read_back = read.cloned().ok_or_else(|| {
        Error::ReadBack(format!(
            "{}: no row for `{}` reads back",
            escape_path(&edit.twin.named),
            edit.row.key
        ))
    })?;
    drop(lock);
    drop(sidecar);
    Ok(Committed {
        edit,
        read_back,
        notes,
    })
}

/// The fail point between replacing the twin and reading it back (see
/// [`atomic::FAIL_POINTS`] for the ones inside the replacement).
pub const READ_BACK_FAIL_POINT: &str = "twin-write-read-back";

/// How often [`commit`] locks anew when the twin's symlink is retargeted
/// between resolving it and locking its target.
const RELOCK_ATTEMPTS: usize = 8;

/// The lock file that serialises writes to `file` (SPEC §7 Safety):
/// `<file>.lock` beside it — `decisions.md.lock` beside a twin that is not
/// a symlink. `file` is the file a write replaces (the final target of a
/// twin that is a symlink), so every path that reaches one file takes one
/// lock.
pub fn lock_path(file: &Path) -> PathBuf {
    let mut name = file
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_else(|| "decisions.md".into());
    name.push(".lock");
    file.with_file_name(name)
}

/// Opens (creating it when needed) the lock file at `path` and takes an
/// exclusive lock on it, waiting for any other holder; the lock is released
/// when the returned file is dropped. A lock file that another user created
/// and this one may not write is opened read-only: the lock needs no write
/// access, so whoever may write the twin may take it. [`Error::Write`] when
/// it cannot be opened or locked.
fn lock_exclusive(path: &Path) -> Result<std::fs::File> {
    let lock_error = |source| Error::Write {
        path: path.to_path_buf(),
        source,
    };
    let lock = match OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
    {
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied && path.is_file() => {
            std::fs::File::open(path).map_err(|_| lock_error(e))?
        }
        opened => opened.map_err(lock_error)?,
    };
    lock.lock().map_err(lock_error)?;
    Ok(lock)
}

/// The header of a new twin's table, in SPEC §7's column order.
fn header_lines() -> [String; 2] {
    let names: Vec<&str> = Column::ALL.iter().map(|c| c.name()).collect();
    [
        format!("| {} |", names.join(" | ")),
        format!("|{}", "---|".repeat(Column::ALL.len())),
    ]
}

/// The text of a new twin holding one row (SPEC §7): title, a paragraph on
/// what the file is, the `## Decisions` heading and the table.
pub fn new_twin(slug: &str, cells: &RowCells) -> String {
    let [header, delimiter] = header_lines();
    format!(
        "# Decisions — {slug}\n\n\
         Written by `planfile decisions` (answer, waive, promote); change it with \
         those commands, not by hand. A row here overrides, as a whole, the \
         plan's row for the same key and scope, and in a phase's view that \
         phase's own rows win over plan-wide ones.\n\n\
         ## Decisions\n\n{header}\n{delimiter}\n{}\n",
        render_row(&Column::ALL.map(Some), cells, None)
    )
}

/// Renders a row line for a table whose header cells name `columns`: each
/// known column (its first occurrence) gets the row's cell; any other
/// column keeps the raw cell of `old` (the line being replaced, with its
/// cell texts) or is left empty.
fn render_row(columns: &[Option<Column>], cells: &RowCells, old: Option<&[&str]>) -> String {
    let mut line = String::from("|");
    for (i, column) in columns.iter().enumerate() {
        let ours = column.filter(|c| columns.iter().position(|x| *x == Some(*c)) == Some(i));
        match ours {
            Some(c) => {
                line.push(' ');
                line.push_str(&cells.cell(c));
                line.push(' ');
            }
            None => match old.and_then(|o| o.get(i)) {
                Some(raw) if !raw.is_empty() => line.push_str(raw),
                _ => line.push(' '),
            },
        }
        line.push('|');
    }
    line
}

/// The line ending a file uses: the ending of its first line (`\r\n`, `\n`
/// or a lone `\r`, SPEC §3), else `\n`.
fn file_ending(text: &str) -> &'static str {
    let bytes = text.as_bytes();
    match bytes.iter().position(|b| matches!(b, b'\n' | b'\r')) {
        Some(i) if bytes[i] == b'\n' => "\n",
        Some(i) if bytes.get(i + 1) == Some(&b'\n') => "\r\n",
        Some(_) => "\r",
        None => "\n",
    }
}

/// The line ending `text` ends with, if it ends with one.
fn trailing_ending(text: &str) -> Option<&'static str> {
    if text.ends_with("\r\n") {
        Some("\r\n")
    } else if text.ends_with('\n') {
        Some("\n")
    } else if text.ends_with('\r') {
        Some("\r")
    } else {
        None
    }
}

/// The edited text of an existing twin (SPEC §7 Upsert). A twin without a
/// `## Decisions` section gets one appended, unless it holds something a
/// person takes for one ([`unseen::check`] refuses it).
fn upsert(twin: &Twin, cells: &RowCells) -> Result<String> {
    let file = &twin.file;
    let text = file.text.as_str();
    let markers = file.conflict_marker_lines();
    if let Some(first) = markers.first() {
        let lines: Vec<String> = markers.iter().map(usize::to_string).collect();
        return Err(Error::TwinRefused(format!(
            "{}:{first}: line{} {} {} merge-conflict marker{} left from a merge that was never finished, so the twin holds both sides of the conflict; resolve it by hand (keep the side you mean, delete the marker lines) and run again; nothing written",
            escape_path(&file.path),
            if lines.len() == 1 { "" } else { "s" },
            lines.join(", "),
            if lines.len() == 1 { "is a" } else { "are" },
            if lines.len() == 1 { "" } else { "s" },
        )));
    }
    let bom = text.starts_with('\u{FEFF}');
    let slug = file
        .path
        .parent()
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if text.trim_start_matches('\u{FEFF}').trim().is_empty() {
        let body = new_twin(&slug, cells);
        return Ok(if bom { format!("\u{FEFF}{body}") } else { body });
    }
    let Some(section) = &twin.decisions else {
        unseen::check(file, &slug)?;
        let [header, delimiter] = header_lines();
        let row = render_row(&Column::ALL.map(Some), cells, None);
        return Ok(insert_block(
            text,
            text.len(),
            &["## Decisions".into(), String::new(), header, delimiter, row],
        ));
    };
    if !section.problems.is_empty() {
        let lines: Vec<String> = section
            .problems
            .iter()
            .map(|p| format!("line {}: {}", p.line, p.kind.describe()))
            .collect();
        return Err(Error::TwinRefused(format!(
            "{}:{}: the Decisions table cannot be edited safely: {}. Fix the table by hand (planfile validate names the problems) and run again; nothing written",
            escape_path(&file.path),
            section.problems[0].line,
            lines.join("; ")
        )));
    }
    if let Some(found) = unread::find(file, FileKind::Twin, Some(section)).first() {
        return Err(unseen::refuse_unread(file, found));
    }
    let Some(table) = &section.table else {
        let [header, delimiter] = header_lines();
        let row = render_row(&Column::ALL.map(Some), cells, None);
        return Ok(insert_block(
            text,
            section.range.end,
            &[header, delimiter, row],
        ));
    };
    upsert_row(file, table, cells)
}

/// Upserts the row into an existing, well-formed table.
fn upsert_row(file: &MarkdownFile, table: &DecisionTable, cells: &RowCells) -> Result<String> {
    let text = file.text.as_str();
    let needed: Vec<Column> = Column::ALL
        .into_iter()
        .filter(|c| *c != Column::Phase || cells.phase.is_some())
        .collect();
    let missing: Vec<&str> = needed
        .iter()
        .filter(|c| table.column_index(**c).is_none())
        .map(|c| c.name())
        .collect();
    if !missing.is_empty() {
        return Err(Error::TwinRefused(format!(
            "{}:{}: the Decisions table has no {} column, which the row needs; add the column(s) to the header and the delimiter row and run again; nothing written",
            escape_path(&file.path),
            table.header_line,
            missing
                .iter()
                .map(|m| format!("`{m}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let matches: Vec<&BodyLine> = table
        .lines
        .iter()
        .filter(|l| {
            l.row
                .and_then(|i| table.rows.get(i))
                .is_some_and(|r| r.key == cells.key && r.phase.phase() == cells.phase)
        })
        .collect();
    if matches.len() > 1 {
        let lines: Vec<String> = matches.iter().map(|l| l.line.to_string()).collect();
        return Err(Error::TwinRefused(format!(
            "{}: lines {} each hold a row for `{}` ({}); the twin was edited by hand — delete all but one of them and run again; nothing written",
            escape_path(&file.path),
            lines.join(" and "),
            cells.key,
            cells.scope()
        )));
    }
    match matches.first() {
        Some(line) => {
            let range = file.lines.line_range(text, line.line);
            let old: Vec<&str> = line.cells.iter().map(|r| &text[r.clone()]).collect();
            let indent = indent_of(&text[range.clone()]);
            let row = render_row(&table.columns, cells, Some(&old));
            let kept = trailing_suppression(&text[range.clone()]);
            Ok(format!(
                "{}{indent}{row}{kept}{}",
                &text[..range.start],
                &text[range.end..]
            ))
        }
        None => {
            let last = table.last_line();
            let range = file.lines.line_range(text, last);
            let with_end = file.lines.line_range_with_ending(last);
            let indent = indent_of(&text[range.clone()]);
            let row = render_row(&table.columns, cells, None);
            let ending = &text[range.end..with_end.end];
            if ending.is_empty() {
                let ending = previous_ending(file, last).unwrap_or_else(|| file_ending(text));
                Ok(format!("{text}{ending}{indent}{row}"))
            } else {
                Ok(format!(
                    "{}{indent}{row}{ending}{}",
                    &text[..with_end.end],
                    &text[with_end.end..]
                ))
            }
        }
    }
}

/// The suppression comment after the last pipe of a row line, with the
/// blanks before it (SPEC §10.1): a replaced row keeps it. Empty when the
/// line has none.
fn trailing_suppression(line: &str) -> &str {
    crate::markdown::suppression::trailing_directive(line).map_or("", |at| &line[at..])
}

/// The ending of the line before 1-based `line`, if there is one.
fn previous_ending(file: &MarkdownFile, line: usize) -> Option<&'static str> {
    if line < 2 {
        return None;
    }
    let range = file.lines.line_range(&file.text, line - 1);
    let with_end = file.lines.line_range_with_ending(line - 1);
    trailing_ending(&file.text[range.end..with_end.end])
}

/// The spaces and tabs a line starts with.
fn indent_of(line: &str) -> &str {
    let end = line.len() - line.trim_start_matches([' ', '\t']).len();
    &line[..end]
}

/// `text` with `lines` inserted at byte `at` (the start of a line, or the
/// end of the text) as a block: a blank line before it unless there is one,
/// a blank line after it when text follows, the ending of the line it
/// follows (else the file's own), and the final newline (or its absence)
/// kept at the end of the file.
fn insert_block(text: &str, at: usize, lines: &[String]) -> String {
    let (head, tail) = text.split_at(at);
    let ending = trailing_ending(head).unwrap_or_else(|| file_ending(text));
    let mut out = String::with_capacity(text.len() + 256);
    out.push_str(head);
    if !out.is_empty() && trailing_ending(&out).is_none() {
        out.push_str(ending);
    }
    if !out.is_empty() && !last_line_blank(&out) {
        out.push_str(ending);
    }
    for line in lines {
        out.push_str(line);
        out.push_str(ending);
    }
    if !tail.is_empty() {
        out.push_str(ending);
        out.push_str(tail);
    } else if !text.is_empty() && trailing_ending(text).is_none() {
        out.truncate(out.len() - ending.len());
    }
    out
}

/// Whether the last line of `text` (which ends with a line ending) is
/// blank.
fn last_line_blank(text: &str) -> bool {
    crate::markdown::lines_with_offsets(text)
        .last()
        .is_none_or(|(_, last)| last.trim_matches([' ', '\t']).is_empty())
}

/// Checks, before anything is written, that `new` reads as a well-formed
/// twin in which the view resolves the key to exactly the row written.
/// [`Error::TwinRefused`] (exit 1) otherwise.
fn verify(plan: &Plan, path: &Path, new: &str, cells: &RowCells, view: View) -> Result<()> {
    let twin = Twin::from_file(MarkdownFile::from_text(path.to_path_buf(), new.to_string()));
    let refuse = |why: String| {
        Err(Error::TwinRefused(format!(
            "{}: the twin cannot be edited safely: after the edit {why}; fix the file by hand and run again; nothing written",
            escape_path(path)
        )))
    };
    let Some(section) = &twin.decisions else {
        return refuse("it would have no `## Decisions` section the reader finds".into());
    };
    if let Some(problem) = section.problems.first() {
        return refuse(format!(
            "line {} would be {}",
            problem.line,
            problem.kind.describe()
        ));
    }
    let own = twin
        .rows()
        .iter()
        .filter(|r| r.key == cells.key && r.phase.phase() == cells.phase)
        .count();
    if own != 1 {
        return refuse(format!(
            "it would hold {own} rows for `{}` ({})",
            cells.key,
            cells.scope()
        ));
    }
    let resolved = resolve(plan.decision_rows(), twin.rows(), view);
    let read = resolved.into_iter().find(|r| r.key == cells.key);
    match cells.mismatch(read) {
        Some(mismatch) => refuse(format!(
            "the row would not read back as written: {mismatch}"
        )),
        None => Ok(()),
    }
}

/// Whether `key` is a decision key of the vocabulary (exact, case-sensitive).
pub fn is_known_key(key: &str) -> bool {
    vocab::key_index(key).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn cells(key: &str, value: &str, phase: Option<u32>) -> RowCells {
        RowCells {
            key: key.into(),
            value: value.into(),
            owner: "op".into(),
            state: vocab::STATE_ANSWERED,
            blocking: false,
            source: vocab::SOURCE_RUN,
            evidence: "decisions.sh 2026-09-14".into(),
            phase,
        }
    }

    fn twin(text: &str) -> Twin {
        Twin::from_file(MarkdownFile::from_text(
            PathBuf::from("docs/handoffs/t/decisions.md"),
            text.to_string(),
        ))
    }

    const TABLE: &str = "| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n";

    /// The read-back compares every cell SPEC §7 names: a row that
    /// differs from what was written in any one of them is a mismatch that
    /// names it, and only the row as written is none.
    #[test]
    fn read_back_notices_any_one_cell_that_differs() {
        let written = cells("stop", "halt", None);
        let text = format!(
            "## Decisions\n\n{TABLE}| `stop` | halt | op | answered | no | run | e | — |\n"
        );
        let as_written = twin(&text);
        assert_eq!(written.mismatch(as_written.rows().first()), None);
        for (from, to, shown) in [
            ("| halt |", "| hold |", "value \"hold\""),
            ("| op |", "| ops |", "owner \"ops\""),
            ("| answered |", "| waived |", "state waived"),
            ("| no |", "| yes |", "blocking yes"),
            ("| run |", "| plan |", "source plan"),
        ] {
            let other = twin(&text.replacen(from, to, 1));
            let mismatch = written.mismatch(other.rows().first());
            assert!(
                mismatch
                    .as_deref()
                    .is_some_and(|m| m.contains("; read state") && m.contains(shown)),
                "{from} -> {to}: {mismatch:?}"
            );
        }
        assert!(
            written
                .mismatch(None)
                .is_some_and(|m| m.ends_with("read no row for `stop` in this view"))
        );
    }

    #[test]
    fn replaces_the_row_in_place() {
        let text = format!(
            "# D\n\n## Decisions\n\n{TABLE}| `stop` | halt | op | answered | no | run | e | — |\n| `relay` | off | op | answered | no | run | e | — |\n"
        );
        let out = upsert(&twin(&text), &cells("stop", "go on", None)).expect("upsert");
        assert_eq!(
            out,
            text.replace(
                "| `stop` | halt | op | answered | no | run | e | — |",
                "| `stop` | go on | op | answered | no | run | decisions.sh 2026-09-14 | — |"
            )
        );
    }

    #[test]
    fn keeps_unknown_columns_and_the_twins_order() {
        let text = "## Decisions\n\n| phase | ticket | key | value | owner | state | blocking | source | evidence |\n|---|---|---|---|---|---|---|---|---|\n|  2 |  T-9  | `waits` | x | op | answered | no | run | e |\n";
        let out = upsert(&twin(text), &cells("waits", "y", Some(2))).expect("upsert");
        assert!(out.ends_with(
            "| 2 |  T-9  | `waits` | y | op | answered | no | run | decisions.sh 2026-09-14 |\n"
        ));
        let out = upsert(&twin(text), &cells("stop", "z", None)).expect("upsert");
        assert!(out.ends_with(
            "| e |\n| — | | `stop` | z | op | answered | no | run | decisions.sh 2026-09-14 |\n"
        ));
    }

    #[test]
    fn inserts_without_a_final_newline() {
        let text = format!("## Decisions\r\n\r\n{}", TABLE.replace('\n', "\r\n"));
        let text = text.trim_end().to_string();
        let out = upsert(&twin(&text), &cells("stop", "x", None)).expect("upsert");
        assert!(out.starts_with(&text));
        assert!(out.ends_with(
            "---|\r\n| `stop` | x | op | answered | no | run | decisions.sh 2026-09-14 | — |"
        ));
    }

    #[test]
    fn a_cr_only_twin_stays_cr_only() {
        let text = format!(
            "# D\r\r## Decisions\r\r{}| `stop` | halt | op | answered | no | run | e | — |\r",
            TABLE.replace('\n', "\r")
        );
        let out = upsert(&twin(&text), &cells("relay", "off", None)).expect("upsert");
        assert_eq!(
            out,
            format!(
                "{text}| `relay` | off | op | answered | no | run | decisions.sh 2026-09-14 | — |\r"
            )
        );
        let out = upsert(&twin(&text), &cells("stop", "go", None)).expect("upsert");
        assert!(!out.contains('\n'), "{out:?}");
        assert!(out.contains("\r| `stop` | go |"), "{out:?}");
    }

    #[test]
    fn adds_a_table_to_a_section_without_one() {
        let text = "# D\n\n## Decisions\n\nNone yet.\n## Notes\n\nkeep\n";
        let out = upsert(&twin(text), &cells("stop", "x", None)).expect("upsert");
        assert_eq!(
            out,
            format!(
                "# D\n\n## Decisions\n\nNone yet.\n\n{TABLE}| `stop` | x | op | answered | no | run | decisions.sh 2026-09-14 | — |\n\n## Notes\n\nkeep\n"
            )
        );
    }

    #[test]
    fn appends_a_section_to_a_file_without_one() {
        let out = upsert(&twin("# Notes\n\ntext"), &cells("stop", "x", None)).expect("upsert");
        assert_eq!(
            out,
            format!(
                "# Notes\n\ntext\n\n## Decisions\n\n{TABLE}| `stop` | x | op | answered | no | run | decisions.sh 2026-09-14 | — |"
            )
        );
    }

    #[test]
    fn refuses_tables_it_cannot_edit() {
        let dup = format!(
            "## Decisions\n\n{TABLE}| `stop` | a | op | answered | no | run | e | — |\n| `stop` | b | op | answered | no | run | e | |\n"
        );
        let err = upsert(&twin(&dup), &cells("stop", "x", None)).expect_err("refused");
        assert_eq!(err.exit_code(), 1);
        assert!(err.to_string().contains("lines 5 and 6"), "{err}");
        assert!(upsert(&twin(&dup), &cells("stop", "x", Some(2))).is_ok());

        let no_phase = "## Decisions\n\n| key | value | owner | state | blocking | source | evidence |\n|---|---|---|---|---|---|---|\n";
        let err = upsert(&twin(no_phase), &cells("stop", "x", Some(2))).expect_err("refused");
        assert!(err.to_string().contains("`phase`"), "{err}");
        assert!(upsert(&twin(no_phase), &cells("stop", "x", None)).is_ok());
    }

    #[test]
    fn refuses_a_twin_with_conflict_markers() {
        let text = format!(
            "## Decisions\n\n{TABLE}<<<<<<< HEAD\n| `relay` | | op | outstanding | yes | run | e | — |\n=======\n| `relay` | off | op | answered | yes | run | e | — |\n>>>>>>> answer\n"
        );
        let err = upsert(&twin(&text), &cells("mcp", "x", None)).expect_err("refused");
        assert_eq!(err.exit_code(), 1);
        let message = err.to_string();
        assert!(
            message.contains(":5: lines 5, 7, 9 are merge-conflict markers"),
            "{message}"
        );
    }

    #[test]
    fn mismatches_name_what_was_written_and_read() {
        let written = cells("stop", "halt", None);
        let text = format!(
            "## Decisions\n\n{TABLE}| `stop` | halt | op | answered | no | run | e | — |\n"
        );
        let twin = twin(&text);
        assert_eq!(written.mismatch(twin.rows().first()), None);
        let other = format!(
            "## Decisions\n\n{TABLE}| `stop` | halt | someone | Answered | yes | run | e | — |\n"
        );
        let twin = self::twin(&other);
        let message = written.mismatch(twin.rows().first()).expect("a mismatch");
        assert!(
            message.contains("wrote state answered, owner \"op\", blocking no"),
            "{message}"
        );
        assert!(
            message.contains("read state answered, owner \"someone\", blocking yes"),
            "{message}"
        );
        assert!(message.contains("(line 5)"), "{message}");
        let none = written.mismatch(None).expect("a mismatch");
        assert!(none.contains("read no row for `stop`"), "{none}");
    }

    #[test]
    fn the_lock_sits_beside_the_file_written() {
        assert_eq!(
            lock_path(Path::new("docs/handoffs/p/decisions.md")),
            Path::new("docs/handoffs/p").join(LOCK_FILE)
        );
        assert_eq!(
            lock_path(Path::new("/srv/shared/p.md")),
            Path::new("/srv/shared/p.md.lock")
        );
    }

    #[test]
    fn file_endings() {
        assert_eq!(file_ending("a\r\nb\n"), "\r\n");
        assert_eq!(file_ending("a\nb\r\n"), "\n");
        assert_eq!(file_ending("a"), "\n");
        assert_eq!(file_ending("a\rb\n"), "\r");
        assert_eq!(trailing_ending("a\r"), Some("\r"));
        assert_eq!(trailing_ending("a\r\n"), Some("\r\n"));
        assert_eq!(trailing_ending("a"), None);
        assert!(last_line_blank("a\r\r"));
        assert!(!last_line_blank("a\rb\r"));
        assert!(last_line_blank("a\n\n"));
        assert!(last_line_blank("a\r\n  \r\n"));
        assert!(!last_line_blank("a\nb\n"));
    }
}
