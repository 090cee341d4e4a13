//! What the decisions block of a phase's boot prompt says (SPEC §5.3): the
//! rows of the view, what the start gate counts as owed among them, why a
//! section cannot be read with certainty, and the answer in force for each
//! key. `decisions prompt` and the plan engine's boot prompt print it from
//! this one place ([`crate::output::prompt::write`]), so the two never
//! differ.

use std::path::Path;

use super::{Verdict, check_view};
use crate::manifest::in_force::{InForce, answers_in_force};
use crate::manifest::policy::{ConsolePolicy, RunFields};
use crate::manifest::{Manifest, View};
use crate::plan::decisions::DecisionRow;

/// Everything the decisions block of one view shows.
#[derive(Debug, Clone)]
pub struct DecisionsBlock<'a> {
    /// The view.
    pub view: View,
    /// The view's resolved rows, in output order.
    pub rows: Vec<&'a DecisionRow>,
    /// The answer in force for every key (SPEC §5.5), with no run fields:
    /// what a session would meet.
    pub in_force: Vec<InForce<'a>>,
    /// The start gate's verdict on the view: what it counts as owed, and
    /// the findings that keep a section from being read with certainty.
    pub verdict: Verdict<'a>,
    /// Whether the plan or the twin holds any decision row at all.
    pub has_manifest: bool,
    /// Whether the plan has a `## Decisions` section (which may hold no
    /// table).
    pub has_section: bool,
}

/// The decisions block of `view` of `manifest` (read from docs root
/// `root`), with the console's `policy`.
pub fn decisions_block<'a>(
    manifest: &'a Manifest,
    view: View,
    root: &Path,
    policy: &ConsolePolicy,
) -> DecisionsBlock<'a> {
    let rows = manifest.resolve(view);
    let in_force = answers_in_force(&rows, &RunFields::default(), policy);
    let verdict = check_view(manifest, view, &[] as &[&str], root, policy);
    DecisionsBlock {
        view,
        has_manifest: !manifest.plan_rows().is_empty() || !manifest.twin_rows().is_empty(),
        has_section: manifest.plan.decisions().is_some(),
        rows,
        in_force,
        verdict,
    }
}
