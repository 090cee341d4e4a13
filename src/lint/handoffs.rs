//! Handoff checks (SPEC §6.5; SPEC-PARITY.md section B): the files of
//! `docs/handoffs/<slug>/` that the board reads a phase's status from.
//!
//! - F21 (gating, in the structure tier): a phase with several handoff
//!   files (`handoff-duplicate`), and a newest handoff that says `complete`
//!   while its "What this phase did" is still the template
//!   (`handoff-scaffold-complete`).
//! - F10 (gating, reported by `validate` only, as the workflow's
//!   `validate.sh` reports it and its `--lint` does not): every handoff has
//!   a known `status:` (`handoff-status-invalid`), a boot section
//!   (`handoff-boot-missing`), and a `depends_on:` that agrees with the
//!   Phase graph (`handoff-depends-mismatch`). A closed plan is checked for
//!   its statuses only, as the workflow's tooling checks it; its findings
//!   never gate.

use std::ops::Range;

use super::{Hit, LintInput, line_span};
use crate::error::escape_invisible;
use crate::markdown::MarkdownFile;
use crate::plan::decisions::FileKind;
use crate::plan::graph::{DependsToken, parse_phase_number};
use crate::plan::handoff::{Handoff, has_real_content, says_complete, what_this_phase_did};
use crate::vocab::handoffs::{BOOT_PHRASES, is_status, status_list};

/// The handoffs of the input that could be read, in file-name order, each
/// with its index and its file.
pub(super) fn readable<'a>(
    input: &'a LintInput,
) -> impl Iterator<Item = (usize, &'a Handoff, &'a MarkdownFile)> + 'a {
    input
        .handoffs
        .all()
        .iter()
        .enumerate()
        .filter_map(|(i, h)| h.file.as_ref().map(|f| (i, h, f)))
}

/// The byte range of the frontmatter line of `file` that starts `key:`
/// (the first one); line 1 when there is none.
fn frontmatter_line(file: &MarkdownFile, key: &str) -> Range<usize> {
    let line = file.frontmatter.as_ref().and_then(|block| {
        let yaml = &file.text[block.yaml.clone()];
        yaml.lines()
            .position(|l| {
                l.strip_prefix(key)
                    .is_some_and(|rest| rest.trim_start().starts_with(':'))
            })
            .map(|i| block.first_line + i)
    });
    line_span(file, line.unwrap_or(1))
}

/// F21 `handoff-duplicate`: a phase of the graph with more than one
/// handoff file; the board reads only the newest. Phases in graph order.
/// Points at the first line of the first readable one (by name).
pub fn handoff_duplicate(input: &LintInput, out: &mut Vec<Hit>) {
    for phase in input.manifest.plan.graph_phases() {
        let files: Vec<(usize, &Handoff)> = input.handoffs.of_phase(phase).collect();
        if files.len() < 2 {
            continue;
        }
        let names: Vec<String> = files
            .iter()
            .map(|(_, h)| escape_invisible(&h.name))
            .collect();
        let Some((index, file)) = files
            .iter()
            .find_map(|(i, h)| h.file.as_ref().map(|f| (*i, f)))
        else {
            continue;
        };
        out.push(Hit {
            file: FileKind::Handoff(index),
            span: line_span(file, 1),
            message: format!(
                "phase {phase}: {} handoff files ({}) — the board reads the phase's status from the newest of them by modification time and never sees the others'; keep one file for the phase and delete or merge the rest",
                files.len(),
                names.join(" ")
            ),
            fix: None,
        });
    }
}

/// F21 `handoff-scaffold-complete`: the newest handoff of a phase of the
/// graph says `status: complete` while its "What this phase did" section
/// holds only the template, so the phase reads as not done. Phases in graph
/// order. Points at the section's heading.
pub fn handoff_scaffold_complete(input: &LintInput, out: &mut Vec<Hit>) {
    let handoffs = input.handoffs;
    for phase in input.manifest.plan.graph_phases() {
        let Some(index) = handoffs.newest_index(phase) else {
            continue;
        };
        let Some(handoff) = handoffs.get(index) else {
            continue;
        };
        let Some(file) = handoff.file.as_ref() else {
            continue;
        };
        if !says_complete(file) {
            continue;
        }
        let Some((heading, body)) = what_this_phase_did(file) else {
            continue;
        };
        if has_real_content(&file.text[body]) {
            continue;
        }
        out.push(Hit {
            file: FileKind::Handoff(index),
            span: heading,
            message: format!(
                "phase {phase}: handoff-scaffold-complete — {} says complete but its \"What this phase did\" is still the template, so the phase reads as not done and nothing after it starts; write what the phase did, or set status: in-progress",
                escape_invisible(&handoff.name)
            ),
            fix: None,
        });
    }
}

/// F10 `handoff-status-invalid`: a handoff whose frontmatter `status:` is
/// missing or not one of `complete in-progress blocked pending` (compared
/// exactly, trimmed; a YAML comment is not part of it). Points at the
/// `status:` line, or line 1.
pub fn handoff_status_invalid(input: &LintInput, out: &mut Vec<Hit>) {
    for (index, handoff, file) in readable(input) {
        let status = handoff.frontmatter.status.as_deref();
        if status.is_some_and(is_status) {
            continue;
        }
        let said = match status {
            Some(s) => format!("\"{}\"", escape_invisible(s)),
            None => "(none)".to_string(),
        };
        let why = match &handoff.frontmatter.error {
            Some(e) => format!(
                " (its frontmatter is not valid YAML: {})",
                escape_invisible(e)
            ),
            None => String::new(),
        };
        out.push(Hit {
            file: FileKind::Handoff(index),
            span: frontmatter_line(file, "status"),
            message: format!(
                "{}: handoff-status-invalid — status {said} is not one of: {}{why}; the workflow's tools read any other status as a phase not started, so write one of these words, lower-case, in the frontmatter",
                escape_invisible(&handoff.name),
                status_list()
            ),
            fix: None,
        });
    }
}

/// F10 `handoff-boot-missing`: a handoff of an open plan that holds none of
/// `start next phase`, `final phase`, `closeout` (any case, anywhere), so
/// it has no boot section for the next session. Points at line 1.
pub fn handoff_boot_missing(input: &LintInput, out: &mut Vec<Hit>) {
    if input.manifest.plan.is_closed() {
        return;
    }
    for (index, handoff, file) in readable(input) {
        let text = file.text.to_lowercase();
        if BOOT_PHRASES.iter().any(|p| text.contains(p)) {
            continue;
        }
        out.push(Hit {
            file: FileKind::Handoff(index),
            span: line_span(file, 1),
            message: format!(
                "{}: handoff-boot-missing — it has no boot section (no \"start next phase\", \"final phase\" or \"closeout\" in it), so the next session has nothing to start from; add a \"## ▶ Start next phase(s)\" section, or say that this is the final phase",
                escape_invisible(&handoff.name)
            ),
            fix: None,
        });
    }
}

/// The phases a graph row's Depends-on tokens name, ranges expanded,
/// duplicates kept, sorted; `None` when they are more than `limit`.
fn expanded(tokens: &[DependsToken], limit: u64) -> Option<Vec<u32>> {
    let count: u64 = tokens
        .iter()
        .map(|t| match *t {
            DependsToken::Phase(_) => 1,
            DependsToken::Range(a, b) => u64::from(b - a) + 1,
            DependsToken::Unknown(_) => 0,
        })
        .sum();
    if count > limit {
        return None;
    }
    let mut phases: Vec<u32> = tokens
        .iter()
        .flat_map(|t| {
            match *t {
                DependsToken::Phase(p) => Some(p..=p),
                DependsToken::Range(a, b) => Some(a..=b),
                DependsToken::Unknown(_) => None,
            }
            .into_iter()
            .flatten()
        })
        .collect();
    phases.sort_unstable();
    Some(phases)
}

/// `[1, 3]`, or the tokens as written when the list is too long to print.
fn written(phases: &[u32]) -> String {
    let items: Vec<String> = phases.iter().map(u32::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// F10 `handoff-depends-mismatch`: a handoff of an open plan whose
/// frontmatter `phase:` is a phase number N and whose `depends_on:` (none
/// is `[]`) does not list, in any order, the phases the Phase graph gives
/// N (ranges expanded, repeats kept; none when N is not in the graph).
/// Points at the `depends_on:` line, or the `phase:` line.
pub fn handoff_depends_mismatch(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    if plan.is_closed() {
        return;
    }
    for (index, handoff, file) in readable(input) {
        let fm = &handoff.frontmatter;
        let Some(phase) = fm.phase.as_deref().and_then(parse_phase_number) else {
            continue;
        };
        let got_text: Vec<&str> = fm
            .depends_on
            .as_deref()
            .unwrap_or(&[])
            .iter()
            .map(String::as_str)
            .collect();
        let got: Option<Vec<u32>> = got_text.iter().map(|t| parse_phase_number(t)).collect();
        let tokens = plan
            .graph
            .as_ref()
            .and_then(|g| g.row(phase))
            .map(|r| r.depends.as_slice())
            .unwrap_or(&[]);
        let limit = got_text.len() as u64;
        let want = expanded(tokens, limit);
        let agrees = match (&got, &want) {
            (Some(got), Some(want)) => {
                let mut got = got.clone();
                got.sort_unstable();
                &got == want
            }
            _ => false,
        };
        if agrees {
            continue;
        }
        let want_text = match expanded(tokens, 64) {
            Some(want) => written(&want),
            None => "more than 64 phases".to_string(),
        };
        let span = if fm.depends_on.is_some() {
            frontmatter_line(file, "depends_on")
        } else {
            frontmatter_line(file, "phase")
        };
        out.push(Hit {
            file: FileKind::Handoff(index),
            span,
            message: format!(
                "{}: handoff-depends-mismatch — depends_on [{}] disagrees with the Phase graph, which gives phase {phase} the dependencies {want_text}; make depends_on list the same phases (or fix the graph)",
                escape_invisible(&handoff.name),
                escape_invisible(&got_text.join(", "))
            ),
            fix: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DependsToken::{Phase, Range, Unknown};

    #[test]
    fn expansion() {
        assert_eq!(
            expanded(&[Range(1, 2), Phase(2), Unknown("x".into())], 10),
            Some(vec![1, 2, 2])
        );
        assert_eq!(expanded(&[Range(1, u32::MAX)], 10), None);
        assert_eq!(written(&[1, 3]), "[1, 3]");
    }
}
