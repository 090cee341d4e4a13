//! What a resolved row owes before a run may start (SPEC §5.4): whether it
//! blocks, whether its value gives an answer, and whether another row of
//! the view says its key blocks when the row itself cannot undo it. These
//! are rules over rows alone; the start gate ([`crate::gate`]) applies them
//! to a view, and the writer takes a row's blocking from them (SPEC §7).

use crate::manifest::in_force;
use crate::manifest::merge::{View, rank};
use crate::plan::decisions::{BlockingCell, DecisionRow, FileKind};
use crate::vocab;

/// Why a resolved row stops the start (SPEC §5.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefusalReason {
    /// The row is `outstanding` and blocking: somebody still owes the
    /// answer before the run may start.
    OutstandingBlocking,
    /// The row's state is none of `answered`, `outstanding`, `waived` (a
    /// misspelling, decoration the reader does not strip, an empty cell)
    /// and the row is blocking: it counts as outstanding.
    StateUnreadable,
    /// The row is `waived` and its key was not given with `--ack`: the
    /// waiver has not been accepted for this run.
    WaivedUnacknowledged,
    /// The row is `answered` and blocking, but its value gives no answer
    /// as the console reads it (empty, `TBD` for `relay`, see
    /// [`no_answer`]): it counts as outstanding.
    AnswerMissing,
}

impl RefusalReason {
    /// The reason as one stable word, as the JSON verdict prints it.
    pub fn code(self) -> &'static str {
        match self {
            RefusalReason::OutstandingBlocking => "outstanding-blocking",
            RefusalReason::StateUnreadable => "state-unreadable",
            RefusalReason::WaivedUnacknowledged => "waived-unacknowledged",
            RefusalReason::AnswerMissing => "answer-missing",
        }
    }
}

/// Whether the gate takes `row` as blocking: its blocking cell says yes, or
/// says something the reader cannot take as yes or no (SPEC §6
/// `decision-blocking-invalid`), which the listing prints as `no`.
pub fn blocks(row: &DecisionRow) -> bool {
    matches!(
        row.blocking_cell,
        BlockingCell::Yes | BlockingCell::Unreadable(_)
    )
}

/// Whether `row`'s blocking cell says nothing (empty, `—`, missing) while
/// the template marks its key blocking (SPEC §2): the gate cannot take
/// silence as "does not block" for such a key.
pub fn blocking_unsaid_on_template_key(row: &DecisionRow) -> bool {
    row.blocking_cell == BlockingCell::Empty
        && vocab::key_spec(&row.key).is_some_and(|spec| spec.template_blocking)
}

/// Why the value of `row`, an `answered` row, gives no answer, when it
/// does not ([`in_force::no_answer_for`]): it says nothing once rendered
/// (empty, a lone dash or `…`, `&nbsp;`, a zero-width space, an HTML
/// comment: [`in_force::says_nothing`]), or, for a word key, it holds no
/// answer word as the console reads it (SPEC §5.5: `TBD`, `?` for
/// `relay`). `None` when the value gives an answer.
pub fn no_answer(row: &DecisionRow) -> Option<String> {
    in_force::no_answer_for(&row.key, &row.value)
}

/// Why `row` is owed before a run may start, when it is (SPEC §5.4): an
/// `outstanding` row that [`blocks`], or whose blocking cell says nothing
/// while the template marks its key blocking
/// ([`blocking_unsaid_on_template_key`]); a row whose state is not one of
/// the three and that [`blocks`] or says nothing on such a key — such a
/// row counts as outstanding; an `answered` row that blocks so but whose
/// value gives no answer ([`no_answer`]). `None` for every other row
/// (waivers are judged apart). The listings keep printing `no` for an
/// empty cell, as the reference does. `blocking_elsewhere` says that
/// another row of the view says the key blocks and `row` cannot undo it
/// ([`blocking_said_among`]): then `row` counts as blocking too.
pub fn owed(row: &DecisionRow, blocking_elsewhere: bool) -> Option<RefusalReason> {
    let blocking = blocks_on_its_own(row) || blocking_elsewhere;
    match row.state.as_str() {
        vocab::STATE_OUTSTANDING => blocking.then_some(RefusalReason::OutstandingBlocking),
        vocab::STATE_ANSWERED => (no_answer(row).is_some() && (blocking || template_blocking(row)))
            .then_some(RefusalReason::AnswerMissing),
        vocab::STATE_WAIVED => None,
        _ => blocking.then_some(RefusalReason::StateUnreadable),
    }
}

/// Whether `row` counts as blocking on its own: it [`blocks`], or its
/// blocking cell says nothing while the template marks its key blocking
/// ([`blocking_unsaid_on_template_key`]).
pub fn blocks_on_its_own(row: &DecisionRow) -> bool {
    blocks(row) || blocking_unsaid_on_template_key(row)
}

/// Whether `row` is a twin row that settles nothing: its state is neither
/// `answered` nor `waived` (outstanding, or a state the reader cannot
/// read). The write verbs never write such a row, so it is a hand edit.
fn unsettled_twin_row(row: &DecisionRow) -> bool {
    row.origin.file == FileKind::Twin
        && row.state != vocab::STATE_ANSWERED
        && row.state != vocab::STATE_WAIVED
}

/// Whether `row` is `answered` but its value gives no answer
/// ([`no_answer`]: it says nothing, or is only a placeholder): it counts as
/// outstanding, and it can never lower the blocking the plan or the
/// template gives its key (SPEC §5.4).
pub fn answered_without_answer(row: &DecisionRow) -> bool {
    row.state == vocab::STATE_ANSWERED && no_answer(row).is_some()
}

/// Whether `row` settles nothing, so its blocking cell cannot undo what
/// another row says: an unsettled twin row, or a row answered without an
/// answer ([`answered_without_answer`]).
pub fn settles_nothing(row: &DecisionRow) -> bool {
    unsettled_twin_row(row) || answered_without_answer(row)
}

/// Whether the template marks `row`'s key blocking (SPEC §2).
pub fn template_blocking(row: &DecisionRow) -> bool {
    vocab::key_spec(&row.key).is_some_and(|spec| spec.template_blocking)
}

/// Which other rows say that a row's key blocks when the row cannot undo
/// it (see [`blocking_said_among`]): those that meet `says_yes`, of
/// the plan alone or of the twin too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Overruled {
    /// The row's blocking cell says nothing: any other row that
    /// [`blocks`], in the plan or the twin.
    ByAnyYes,
    /// The row settles nothing: a row of the plan that
    /// [`blocks_on_its_own`].
    ByThePlan,
}

impl Overruled {
    /// How `row`'s blocking can be overruled; `None` when `row` may say
    /// otherwise (it answers or waives, or it is a plan row that answers).
    pub fn of(row: &DecisionRow) -> Option<Overruled> {
        if row.blocking_cell == BlockingCell::Empty {
            Some(Overruled::ByAnyYes)
        } else if settles_nothing(row) && !blocks(row) {
            Some(Overruled::ByThePlan)
        } else {
            None
        }
    }

    /// Whether `other` says the key blocks under this rule.
    pub fn says_yes(self, other: &DecisionRow) -> bool {
        match self {
            Overruled::ByAnyYes => blocks(other),
            Overruled::ByThePlan => other.origin.file == FileKind::Plan && blocks_on_its_own(other),
        }
    }
}

/// The row of `candidates` (rows of `row`'s key, the plan's before the
/// twin's) that says the key blocks under `rule` in `view`: the one of
/// highest rank, the later on equal rank; `row` itself is left out.
pub fn best_saying_yes<'a>(
    candidates: impl IntoIterator<Item = &'a DecisionRow>,
    view: View,
    row: &DecisionRow,
    rule: Overruled,
) -> Option<&'a DecisionRow> {
    candidates
        .into_iter()
        .filter(|r| r.key == row.key && r.origin != row.origin && rule.says_yes(r))
        .filter_map(|r| rank(r, view).map(|rank| (rank, r)))
        .max_by_key(|(rank, _)| *rank)
        .map(|(_, r)| r)
}

/// The row of `view` among the plan's rows `plan_rows` and the twin's
/// rows `twin_rows` that says `row`'s key blocks, when
/// `row`'s blocking cannot undo it; the one of highest rank (SPEC §4; on
/// equal rank the later). `row` cannot undo it when
/// - its own blocking cell says nothing (empty, `—`, no column): another
///   row for the key that [`blocks`] says it; a twin row with an empty
///   blocking cell over the plan's `blocking yes` still blocks;
/// - it settles nothing ([`settles_nothing`]: a twin row that is
///   outstanding or in a state the reader cannot read, or any row answered
///   with a value that gives no answer) and does not block on its own: a
///   row of the plan for the key that blocks on its own
///   ([`blocks_on_its_own`]) says it. Such a row does not lower what the
///   plan says: only an answer or a waiver settles a decision the plan
///   marks blocking.
///
/// `None` when no other row says yes, or `row` may say otherwise (an
/// answered or waived twin row, a plan row that answers: a plan's phase
/// row `no` over its plan-wide `yes` stands).
pub fn blocking_said_among<'a>(
    plan_rows: &'a [DecisionRow],
    twin_rows: &'a [DecisionRow],
    view: View,
    row: &DecisionRow,
) -> Option<&'a DecisionRow> {
    let rule = Overruled::of(row)?;
    best_saying_yes(plan_rows.iter().chain(twin_rows), view, row, rule)
}

/// Whether the gate counts `row`, the row `view` resolves to for its key
/// among the plan's rows `plan_rows` and the twin's rows `twin_rows`, as
/// blocking (SPEC §5.4): it blocks on its own ([`blocks_on_its_own`]: a
/// `yes`, a cell that is no yes/no word, an empty cell on a key the
/// template marks blocking), or another row of the view says the key
/// blocks and `row` cannot undo it ([`blocking_said_among`]). The writer
/// takes this as the default blocking of the row it writes (SPEC §7), so
/// an answer never lowers a decision's blocking unless asked to.
pub fn counts_as_blocking(
    plan_rows: &[DecisionRow],
    twin_rows: &[DecisionRow],
    view: View,
    row: &DecisionRow,
) -> bool {
    blocks_on_its_own(row)
        || (answered_without_answer(row) && template_blocking(row))
        || blocking_said_among(plan_rows, twin_rows, view, row).is_some()
}
