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
use crate::plan::decisions::FileKind;
use crate::plan::directive::DirectiveLine;
use crate::vocab::directives::{
    ClosedDirective, PERMISSION_MODE_LABEL, PERMISSION_MODES, PHASE_ORDER, PLAN_ORDER,
};

/// Pushes a finding for `line` (when there is one) if its first word is
/// not one that `accepts` takes (compared lower-cased, as
/// [`first_word`](crate::plan::directive::first_word) gives it; an empty
/// value is not checked): `message` gets the word, escaped for printing.
fn check_word(
    out: &mut Vec<Hit>,
    line: Option<DirectiveLine>,
    accepts: impl Fn(&str) -> bool,
    message: impl FnOnce(&str) -> String,
) {
    let Some(line) = line else { return };
    if let Some(word) = line.first_word().filter(|w| !accepts(w)) {
        out.push(Hit {
            file: FileKind::Plan,
            span: line.span,
            message: message(&escape_invisible(&word)),
            fix: None,
        });
    }
}

/// F27 `land-word-unknown`: a closed directive (Landing/Land, Gitlink,
/// Conflicts, Messaging, Issues, Isolation) whose first word is not one of
/// its words. The plan-wide lines first (in the order Landing, Gitlink,
/// Conflicts, Messaging, Issues, Isolation), then phase by phase in graph
/// order (Land, Gitlink, Isolation, Issues). Points at the line.
pub fn land_word_unknown(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    let accepts = |d: &'static ClosedDirective| move |word: &str| d.words.contains(&word);
    for directive in &PLAN_ORDER {
        let Some(label) = directive.plan_label else {
            continue;
        };
        check_word(
            out,
            plan.plan_directive(label),
            accepts(directive),
            |word| {
                let words = directive.words.join(" ");
                format!(
                    "land-word-unknown — **{label}:** \"{word}\" is not one of: {words} — a reader skips the word, so the plan reads as if it said nothing about {}; write one of: {words}",
                    directive.meaning
                )
            },
        );
    }
    for phase in plan.graph_phases() {
        for directive in &PHASE_ORDER {
            let Some(label) = directive.phase_label else {
                continue;
            };
            check_word(
                out,
                plan.phase_directive(phase, label),
                accepts(directive),
                |word| {
                    let words = directive.words.join(" ");
                    format!(
                        "phase {phase}: land-word-unknown — \"- **{label}:** {word}\" is not one of: {words} — a reader skips the word and takes the plan's line or the default for {}; write one of: {words}",
                        directive.meaning
                    )
                },
            );
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
    let label = PERMISSION_MODE_LABEL;
    check_word(
        out,
        plan.plan_directive(label),
        is_permission_mode,
        |word| {
            format!(
                "permission-mode-unknown — **{label}:** \"{word}\" is not one of: {modes} — a reader skips the word, so every phase starts in whatever the run says; write one of: {modes}"
            )
        },
    );
    for phase in plan.graph_phases() {
        check_word(
            out,
            plan.phase_directive(phase, label),
            is_permission_mode,
            |word| {
                format!(
                    "phase {phase}: permission-mode-unknown — \"- **{label}:** {word}\" is not one of: {modes} — a reader skips the word, so the phase starts in the plan's mode or the run's; write one of: {modes}"
                )
            },
        );
    }
}
