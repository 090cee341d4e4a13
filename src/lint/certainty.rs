//! The certainty checks (SPEC §5.4, §6 "Validate agrees with the gate"):
//! the checks whose findings mean a Decisions section, of the plan or the
//! twin, cannot be read with certainty. While one stands the start gate
//! refuses, whatever `--ack` says.

/// The checks whose findings mean a Decisions section (of the plan or the
/// twin) cannot be read with certainty: while one stands the gate refuses,
/// and `--ack` never passes it (SPEC §5.4). A row scoped to a phase the
/// graph does not have is in no view, so it stops every view.
pub const UNREADABLE_CHECKS: [&str; 5] = [
    "decision-table-malformed",
    "decision-table-unread",
    "decisions-heading-malformed",
    "merge-conflict-marker",
    "decision-phase-unknown",
];

/// The checks whose findings stop the start only when the row they point
/// at is in the view: two rows for one key and scope in one file, of
/// which the reader silently takes the later (SPEC §4); a phase cell that
/// is neither a phase number nor plan-wide, which the reader takes as
/// plan-wide (SPEC §3.3) — the row's scope is a guess.
pub const UNREADABLE_IN_VIEW: [&str; 2] = ["decision-row-duplicate", "decision-phase-invalid"];

/// The checks whose findings stop the start when they point below the
/// file's Decisions heading: a code fence or comment never closed. Fences
/// pair up in order, so one stray fence in the section pairs with a later
/// one, hides the rows between as an example, and leaves the later one
/// unclosed.
pub const UNREADABLE_AFTER_SECTION: [&str; 1] = ["block-unclosed"];
