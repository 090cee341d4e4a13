//! Directive checks (SPEC §6.5; SPEC-PARITY.md section B, F27 and F31):
//! the closed one-word directives of a plan — the plan-wide lines of its
//! `## Session budget` section (`**Landing:** trunk`) and the bullets of
//! its phases (`- **Land:** pr`) — must use a word of their vocabulary.
//!
//! A reader falls through an unknown word to the next level (phase, then
//! plan, then the default), so `Land: prr` would behave exactly like a
//! plan that never mentioned landing; these checks gate so that the typo is
//! named.

use super::{Hit, LintInput};
use crate::error::escape_invisible;
use crate::manifest::FileKind;
use crate::plan::directive::DirectiveLine;
use crate::vocab::directives::{
    ClosedDirective, PERMISSION_MODE_LABEL, PERMISSION_MODES, PHASE_ORDER, PLAN_ORDER,
};

/// The first word of `line` when it is not one of `accepts` (compared as
/// [`first_word`](crate::plan::directive::first_word) gives it, lower-case);
/// `None` when it is, or when the value is empty.
fn unknown_word(line: &DirectiveLine, accepts: impl Fn(&str) -> bool) -> Option<String> {
    line.first_word().filter(|w| !accepts(w))
}

fn hit(line: &DirectiveLine, message: String) -> Hit {
    Hit {
        file: FileKind::Plan,
        span: line.span.clone(),
        message,
    }
}

/// Whether `word` (lower-case) is one of a closed directive's words.
fn closed_accepts(directive: &ClosedDirective) -> impl Fn(&str) -> bool + '_ {
    |word| directive.words.contains(&word)
}

/// F27 `land-word-unknown`: a closed directive (Landing/Land, Gitlink,
/// Conflicts, Messaging, Issues, Isolation) whose first word is not one of
/// its words. The plan-wide lines first (in the order Landing, Gitlink,
/// Conflicts, Messaging, Issues, Isolation), then phase by phase in graph
/// order (Land, Gitlink, Isolation, Issues). Points at the line.
pub fn land_word_unknown(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    for directive in &PLAN_ORDER {
        let Some(label) = directive.plan_label else {
            continue;
        };
        let Some(line) = plan.plan_directive(label) else {
            continue;
        };
        if let Some(word) = unknown_word(&line, closed_accepts(directive)) {
            let words = directive.words.join(" ");
            out.push(hit(
                &line,
                format!(
                    "land-word-unknown — **{label}:** \"{}\" is not one of: {words} — a reader skips the word, so the plan reads as if it said nothing about {}; write one of: {words}",
                    escape_invisible(&word),
                    directive.meaning
                ),
            ));
        }
    }
    for phase in plan.graph_phases() {
        for directive in &PHASE_ORDER {
            let Some(label) = directive.phase_label else {
                continue;
            };
            let Some(line) = plan.phase_directive(phase, label) else {
                continue;
            };
            if let Some(word) = unknown_word(&line, closed_accepts(directive)) {
                let words = directive.words.join(" ");
                out.push(hit(
                    &line,
                    format!(
                        "phase {phase}: land-word-unknown — \"- **{label}:** {}\" is not one of: {words} — a reader skips the word and takes the plan's line or the default for {}; write one of: {words}",
                        escape_invisible(&word),
                        directive.meaning
                    ),
                ));
            }
        }
    }
}

/// Whether `word` is a permission mode, ignoring case.
fn is_permission_mode(word: &str) -> bool {
    PERMISSION_MODES
        .iter()
        .any(|m| m.eq_ignore_ascii_case(word))
}

/// F31 `permission-mode-unknown`: a `Permission mode` line (plan-wide) or
/// bullet (phase) whose first word is not a permission mode, compared
/// without regard to case. The plan-wide line first, then phases in graph
/// order. Points at the line.
pub fn permission_mode_unknown(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    let modes = PERMISSION_MODES.join(" ");
    if let Some(line) = plan.plan_directive(PERMISSION_MODE_LABEL)
        && let Some(word) = unknown_word(&line, is_permission_mode)
    {
        out.push(hit(
            &line,
            format!(
                "permission-mode-unknown — **{PERMISSION_MODE_LABEL}:** \"{}\" is not one of: {modes} — a reader skips the word, so every phase starts in whatever the run says; write one of: {modes}",
                escape_invisible(&word)
            ),
        ));
    }
    for phase in plan.graph_phases() {
        let Some(line) = plan.phase_directive(phase, PERMISSION_MODE_LABEL) else {
            continue;
        };
        if let Some(word) = unknown_word(&line, is_permission_mode) {
            out.push(hit(
                &line,
                format!(
                    "phase {phase}: permission-mode-unknown — \"- **{PERMISSION_MODE_LABEL}:** {}\" is not one of: {modes} — a reader skips the word, so the phase starts in the plan's mode or the run's; write one of: {modes}",
                    escape_invisible(&word)
                ),
            ));
        }
    }
}
