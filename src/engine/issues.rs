//! The structural problems the board names (SPEC §11): what `phase-graph
//! --lint` prints as the plan's findings — the lint of the plan, its twin
//! and its handoffs, with `planfile.toml` and the plan's suppressions — less
//! the advisories (which the board never shows) and the phase-count line
//! (which the board words itself), in `--lint`'s order.
//!
//! The reference's board prints its `compute_issues`: the same gating
//! checks. **(fix)** planfile's own gating checks (SPEC §6: a malformed
//! Decisions table, a merge conflict marker, …) are problems of the plan
//! as well, and the board names them as `--lint` does; each line is
//! worded as `--lint` words it.

use crate::engine::Reading;
use crate::error::Result;
use crate::lint::select::CheckSet;
use crate::lint::{CHECKS, LintEnv, LintInput, Reach, Severity, in_lint_order, suppress};
use crate::plan::handoff::Handoffs;

/// The check whose line the board words itself.
const PHASE_COUNT: &str = "phase-count-mismatch";

/// The checks the board need not run: those `--lint` does not report, the
/// advisories, and the phase-count check — except the ones a suppression
/// comment of the plan or the twin names (whether it suppresses anything
/// decides `suppression-unused`).
fn left_out(reading: &Reading) -> CheckSet {
    let not_shown = CheckSet::from_indexes(
        CHECKS
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                c.reach == Reach::NotInLint
                    || c.severity == Severity::Advisory
                    || c.name == PHASE_COUNT
            })
            .map(|(i, _)| i),
    );
    let manifest = &reading.manifest;
    let named = std::iter::once(&manifest.plan.file)
        .chain(manifest.twin.as_ref().map(|t| &t.file))
        .fold(CheckSet::EMPTY, |set, file| {
            set.union(suppress::named_checks(file))
        });
    not_shown.minus(named)
}

/// The board's structural problems of `reading` (which must hold the
/// twin, [`crate::engine::Needs::TWIN`]), one line each: a finding the
/// settings made advisory ends with `(advisory, not gating)` on an open
/// plan. Errors: a `planfile.toml` that cannot be used; a handoff that
/// cannot be read.
pub fn structure_problems(reading: &Reading) -> Result<Vec<String>> {
    let root = &reading.location.root.0;
    let config = crate::config::Config::load(root)?
        .lint
        .without(left_out(reading));
    let handoffs = Handoffs::scan(&reading.handoffs_dir());
    let env = LintEnv::from_process();
    let input = LintInput::new(&reading.manifest, &handoffs, root, &env)?;
    let outcome = crate::lint::run_all(&input, &config);
    let closed = reading.is_closed();
    let lines = in_lint_order(reading.plan(), &outcome.findings)
        .into_iter()
        .filter(|f| {
            f.check().is_none_or(|c| {
                c.reach == Reach::Everywhere
                    && c.severity != Severity::Advisory
                    && c.name != PHASE_COUNT
            })
        })
        .map(|f| {
            if !closed && f.severity == Severity::Advisory {
                format!("{} (advisory, not gating)", f.message)
            } else {
                f.message.clone()
            }
        })
        .collect();
    Ok(lines)
}
