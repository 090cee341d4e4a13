//! One decision row as read from a plan's or a twin's `## Decisions` table
//! (SPEC §3.3).

use compact_str::CompactString;
use serde::Serialize;

/// Which file of a plan something comes from or points into: a decision
/// row (the plan or its twin), or a lint finding (also a handoff). Ordered
/// as outputs list files: the plan, the twin, then the handoffs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FileKind {
    /// The plan, `docs/plans/<slug>.md`.
    Plan,
    /// The twin, `docs/handoffs/<slug>/decisions.md`.
    Twin,
    /// A handoff, `docs/handoffs/<slug>/phase-*.md`: the index of the file
    /// in the plan's handoffs, in file-name order
    /// ([`crate::plan::handoff::Handoffs::all`]). No decision row comes
    /// from a handoff.
    Handoff(usize),
}

/// The scope of a row, from its `phase` cell (SPEC §3.3).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PhaseScope {
    /// `—`, `-`, an empty cell, or no `phase` column: the row is plan-wide.
    PlanWide,
    /// Digits: the row belongs to that phase (`08` is 8).
    Phase(u32),
    /// Any other text (`2a`, `phase 2`): read as plan-wide, as the reference
    /// does, and flagged by the lint (`decision-phase-invalid`).
    Invalid(String),
    /// Digits too large for a phase number (`99999999999999999999`): the
    /// row names a phase no graph can have, so no view reads it; the lint
    /// flags it (`decision-phase-unknown`).
    OutOfRange(String),
}

impl PhaseScope {
    /// Reads a `phase` cell (already decoration-stripped and trimmed).
    pub fn read(cell: &str) -> PhaseScope {
        match cell {
            "" | "—" | "-" => PhaseScope::PlanWide,
            _ => match crate::plan::graph::parse_phase_number(cell) {
                Some(phase) => PhaseScope::Phase(phase),
                None if cell.bytes().all(|b| b.is_ascii_digit()) => {
                    PhaseScope::OutOfRange(cell.to_string())
                }
                None => PhaseScope::Invalid(cell.to_string()),
            },
        }
    }

    /// The scope the row is read as (SPEC §3.3, §4): an invalid cell is
    /// plan-wide; every other scope is itself. Two rows of one key and one
    /// such scope in one file repeat each other.
    pub fn read_as(&self) -> &PhaseScope {
        match self {
            PhaseScope::Invalid(_) => &PhaseScope::PlanWide,
            scope => scope,
        }
    }

    /// The phase a scoped row belongs to; `None` for a plan-wide row
    /// (including an invalid cell, which reads as plan-wide) and for a
    /// phase number out of range.
    pub fn phase(&self) -> Option<u32> {
        match self {
            PhaseScope::Phase(p) => Some(*p),
            PhaseScope::PlanWide | PhaseScope::Invalid(_) | PhaseScope::OutOfRange(_) => None,
        }
    }
}

/// Where a row was read: the file and the 1-based line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Origin {
    /// Plan or twin.
    pub file: FileKind,
    /// 1-based line of the row in that file.
    pub line: usize,
}

/// A decision row, its cells read as SPEC §3.3 says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecisionRow {
    /// The key: `*` and backticks removed, trimmed. Never empty (rows with
    /// an empty key are skipped).
    pub key: CompactString,
    /// The value as written (bold and backticks kept), trimmed, `\|` read
    /// as `|`.
    pub value: CompactString,
    /// The owner: `*` and backticks removed, trimmed.
    pub owner: CompactString,
    /// The state, decoration removed, lower-cased (may be outside the
    /// vocabulary; the lint flags it).
    pub state: CompactString,
    /// `yes`, `true` or `y` (any case, decoration removed) mean yes.
    pub blocking: bool,
    /// What the blocking cell says, read without the yes/no shortcut: the
    /// gate and the lint tell a cell that says no from one they cannot read
    /// (SPEC §5.4, §6 `decision-blocking-invalid`).
    pub blocking_cell: BlockingCell,
    /// The source, decoration removed, lower-cased (may be empty).
    pub source: CompactString,
    /// The evidence as written, trimmed, `\|` read as `|`.
    pub evidence: CompactString,
    /// The row's scope.
    pub phase: PhaseScope,
    /// Where the row was read.
    pub origin: Origin,
}

impl DecisionRow {
    /// `yes` or `no`, as listings print `blocking`.
    pub fn blocking_word(&self) -> &'static str {
        if self.blocking { "yes" } else { "no" }
    }

    /// The owner, when the owner cell names one: an empty cell and a cell
    /// of `—`, `–` or `-` alone name nobody (SPEC §6, fix).
    pub fn named_owner(&self) -> Option<&str> {
        match self.owner.as_str() {
            "" | "—" | "–" | "-" => None,
            owner => Some(owner),
        }
    }
}

/// What a `blocking` cell says (SPEC §3.3, §6).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum BlockingCell {
    /// `yes`, `true` or `y`, any case.
    Yes,
    /// `no`, `false` or `n`, any case.
    No,
    /// An empty cell, `—` or `-`, or no `blocking` column: nothing said.
    Empty,
    /// Anything else (`yse`, `maybe`): the listing prints `no` for it, as
    /// the reference does; the gate treats it as blocking and the lint
    /// flags it.
    Unreadable(String),
}

impl BlockingCell {
    /// Reads a `blocking` cell (already decoration-stripped and trimmed).
    pub fn read(cell: &str) -> BlockingCell {
        if crate::vocab::is_blocking_yes(cell) {
            BlockingCell::Yes
        } else if crate::vocab::is_blocking_no(cell) {
            BlockingCell::No
        } else if matches!(cell, "" | "—" | "-") {
            BlockingCell::Empty
        } else {
            BlockingCell::Unreadable(cell.to_string())
        }
    }
}
