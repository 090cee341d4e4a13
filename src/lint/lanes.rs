//! The advisories on where an open phase works and how it lands
//! (SPEC-PARITY.md section D): F28 (a phase that lands from a checkout it
//! shares) and F35 (a `Checkout` bullet the console never acts on).

use super::{Hit, LintInput};
use crate::plan::Plan;
use crate::plan::decisions::FileKind;
use crate::plan::directive::DirectiveLine;
use crate::vocab::console::{
    CHECKOUT_DEFAULT_WORDS, CHECKOUT_LABEL, DEFAULT_LAND, ISOLATION_WORKTREE, WORKTREES_LABEL,
    WORKTREES_ON,
};
use crate::vocab::directives::{ClosedDirective, ISOLATION, LANDING};

/// The word a closed directive resolves to for `phase` (SPEC-PARITY.md
/// section B, note on F27): the phase bullet's first word if it is one of
/// the directive's words, else `plan_word` (the plan-wide line's, see
/// [`plan_word`]), else `None`. An unknown word falls through to the next
/// level. The bullet that gave the word comes with it (`None` for the
/// plan-wide line).
fn resolve(
    plan: &Plan,
    phase: u32,
    directive: &ClosedDirective,
    plan_word: Option<&str>,
) -> Option<(String, Option<DirectiveLine>)> {
    if let Some(label) = directive.phase_label
        && let Some(bullet) = plan.phase_directive(phase, label)
        && let Some(word) = valid_word(&bullet, directive)
    {
        return Some((word, Some(bullet)));
    }
    plan_word.map(|w| (w.to_string(), None))
}

/// The first word of `line` when it is one of `directive`'s words.
fn valid_word(line: &DirectiveLine, directive: &ClosedDirective) -> Option<String> {
    line.first_word()
        .filter(|w| directive.words.contains(&w.as_str()))
}

/// The plan-wide word of `directive` (its `## Session budget` line), when
/// it is one of its words.
fn plan_word(plan: &Plan, directive: &ClosedDirective) -> Option<String> {
    let line = plan.plan_directive(directive.plan_label?)?;
    valid_word(&line, directive)
}

/// F28 `land-needs-lane`: an open phase whose resolved land policy is not
/// `hold` and whose resolved isolation is not `worktree` (when neither the
/// phase nor the plan names a valid isolation, a plan-wide `Worktrees: on`
/// line gives it one).
pub fn land_needs_lane(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    let worktrees_on = plan
        .plan_directive(WORKTREES_LABEL)
        .and_then(|l| l.first_word())
        .is_some_and(|w| w == WORKTREES_ON);
    let plan_land = plan_word(plan, &LANDING);
    let plan_isolation = plan_word(plan, &ISOLATION);
    for &(phase, block) in input.open_blocks() {
        let (policy, bullet) = resolve(plan, phase, &LANDING, plan_land.as_deref())
            .unwrap_or_else(|| (DEFAULT_LAND.to_string(), None));
        if policy == DEFAULT_LAND {
            continue;
        }
        match resolve(plan, phase, &ISOLATION, plan_isolation.as_deref()) {
            Some((word, _)) if word == ISOLATION_WORKTREE => continue,
            None if worktrees_on => continue,
            _ => {}
        }
        let span = bullet
            .map(|b| b.span)
            .unwrap_or_else(|| input.heading_span(block));
        out.push(Hit {
            file: FileKind::Plan,
            span,
            message: format!(
                "phase {phase}: land-needs-lane — it lands with `{policy}` from a checkout it shares with other phases, so the landing carries every commit on that branch, not only this phase's; give it \"- **Isolation:** worktree\", or land it `hold` and let one phase land for all"
            ),
            fix: None,
        });
    }
}

/// F35 `checkout-inert`: an open phase's `Checkout` bullet whose value
/// (bold and backticks removed) is not one of [`CHECKOUT_DEFAULT_WORDS`]
/// in any case: the console acts only on the default branch.
pub fn checkout_inert(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    for &(phase, _) in input.open_blocks() {
        let Some(bullet) = plan.phase_directive(phase, CHECKOUT_LABEL) else {
            continue;
        };
        let value = bullet.value.as_str();
        if value.is_empty() || CHECKOUT_DEFAULT_WORDS.contains(&value.to_lowercase().as_str()) {
            continue;
        }
        out.push(Hit {
            file: FileKind::Plan,
            span: bullet.span.clone(),
            message: format!(
                "phase {phase}: checkout-inert — `Checkout: {value}` is acted on by nobody (it is carried, never run): the console moves a phase off the run branch only for the default branch (`main`, `master` or `default`, a checkout detached at the trunk) and never checks out any other branch for a session; write `default`, or remove the bullet and name the branch in the phase's text"
            ),
            fix: None,
        });
    }
}
