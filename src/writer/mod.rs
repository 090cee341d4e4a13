//! Writing the twin, `docs/handoffs/<slug>/decisions.md` (SPEC §7): one row
//! upserted per call, found by column name and replaced in place or inserted
//! after the table's last line, every other byte kept; the whole
//! read-modify-write under an exclusive lock, the file replaced atomically,
//! and the row read back through the normal reader.
//!
//! [`prepare`] computes an edit without touching anything (it also serves
//! `--dry-run`); [`commit`] takes the lock, prepares again on the locked
//! file, replaces it and reads the row back.
//!
//! What belongs here: the twin writer and the hygiene of what it writes. It
//! refuses what the start gate refuses, so it sits above [`crate::gate`];
//! it replaces files through [`crate::atomic`].

pub mod cells;
#[cfg(test)]
mod fixtures;
pub mod hygiene;
mod lock;
mod row;
pub mod unseen;
mod upsert;

pub use lock::{LOCK_FILE, TwinPath, lock_path};
use lock::{RELOCK_ATTEMPTS, lock_exclusive};
pub use row::{NewRow, RowCells};
use upsert::verify;
pub use upsert::{Edit, new_twin};

use crate::atomic;
use crate::error::{Error, Result, escape_path};
use crate::gate;
use crate::manifest::merge::{View, resolve};
use crate::manifest::{Twin, owed};
use crate::plan::Plan;
use crate::plan::decisions::{DecisionRow, FileKind};
use crate::root::PlanLocation;
use crate::vocab;

/// Computes the edit that writes `row` into the twin of `location`, whose
/// plan is `plan`, without writing anything (SPEC §7).
///
/// Errors: [`Error::PlanNotCertain`] (exit 1) while the plan's Decisions
/// section cannot be read with certainty (see [`refuse_uncertain_plan`]);
/// [`Error::DanglingTwin`], [`Error::Read`], [`Error::NotUtf8`]
/// (exit 2) for a twin that cannot be read; [`Error::TwinRefused`] (exit 1)
/// for a twin the writer cannot safely edit — a file with several hard
/// links, merge-conflict markers, a malformed Decisions table, decision
/// rows no reader takes ([`unread::find`](crate::plan::decisions::unread::find)),
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
        Some(twin) => upsert::upsert(twin, &cells)?,
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

/// Whether `key` is a decision key of the vocabulary (exact, case-sensitive).
pub fn is_known_key(key: &str) -> bool {
    vocab::key_index(key).is_some()
}

#[cfg(test)]
mod tests {

    use crate::writer::fixtures::{TABLE, cells, twin};

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
}
