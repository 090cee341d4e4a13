//! Human-step checks (SPEC §6.5; SPEC-PARITY.md section B, F37, and
//! section D, F38 and F40): the `- **Human step:** <kind> · <what> · key:
//! value …` bullets of the plan's `## Operator errands` section (phase 0)
//! and of every phase of the graph, done phases included.
//!
//! A bullet the reader cannot take as a step is never asked for, so F37
//! gates: the old free-text spelling (`human-step-superseded`), a kind that
//! is not one of the eighteen (`human-step-kind-unknown`), a field the
//! grammar does not have or a value it cannot use
//! (`human-step-field-invalid`). A well-formed step with no `proof:` (F38)
//! or no `why:` (F40) is an advisory.

use super::{Hit, LintInput};
use crate::error::escape_invisible;
pub use crate::plan::human_steps::{
    Parsed, PhaseRanks, Step, StepLine, is_watch_ref, parse, phase_rank, step_lines,
};
use crate::vocab::human_steps::{self as vocab, STEP_LABEL};

/// How many characters of a superseded bullet's body F37 quotes.
const QUOTED_BODY_CHARS: usize = 80;
/// How many characters of a step's `what` F38 and F40 quote.
const QUOTED_WHAT_CHARS: usize = 60;

/// The first `n` characters of `text` (never a part of one).
fn first_chars(text: &str, n: usize) -> &str {
    text.char_indices().nth(n).map_or(text, |(i, _)| &text[..i])
}

/// Every step bullet of the input's plan with what the reader makes of it,
/// read on first use.
fn parsed_steps<'i>(input: &'i LintInput) -> &'i [(StepLine, Parsed)] {
    input.human_steps.get_or_init(|| {
        step_lines(&input.manifest.plan)
            .into_iter()
            .map(|step| {
                let parsed = parse(&step.body);
                (step, parsed)
            })
            .collect()
    })
}

/// F37 `human-step-superseded`: a step bullet in the old free-text
/// spelling, which nothing reads. Points at the bullet.
pub fn human_step_superseded(input: &LintInput, out: &mut Vec<Hit>) {
    for (step, parsed) in parsed_steps(input) {
        if *parsed == Parsed::Superseded {
            out.push(Hit::in_plan(
                step.span.clone(),
                format!(
                    "phase {}: human-step-superseded — \"- **{STEP_LABEL}:** {}\" is the 5.1.0 <who, what, proof ref> spelling, which nothing reads; write it as \"- **{STEP_LABEL}:** <kind> · <what> · open: <url or command> · proof: <ref> · where: host|any · window: <duration> [· auto-open: host] [· due: <ref>]\"",
                    step.phase,
                    escape_invisible(first_chars(&step.body, QUOTED_BODY_CHARS))
                ),
            ));
        }
    }
}

/// F37 `human-step-kind-unknown`: a step whose first word is not one of
/// the eighteen kinds. Points at the bullet.
pub fn human_step_kind_unknown(input: &LintInput, out: &mut Vec<Hit>) {
    for (step, parsed) in parsed_steps(input) {
        if let Parsed::KindUnknown(word) = parsed {
            out.push(Hit::in_plan(
                step.span.clone(),
                format!(
                    "phase {}: human-step-kind-unknown — \"{}\" is not one of: {} — the step is never asked for; start the bullet with one of these kinds",
                    step.phase,
                    escape_invisible(word),
                    vocab::kind_list()
                ),
            ));
        }
    }
}

/// F37 `human-step-field-invalid`: a step with a field the grammar does
/// not have, no `what`, or a value it cannot use. Points at the bullet.
pub fn human_step_field_invalid(input: &LintInput, out: &mut Vec<Hit>) {
    for (step, parsed) in parsed_steps(input) {
        if let Parsed::FieldInvalid(reason) = parsed {
            out.push(Hit::in_plan(
                step.span.clone(),
                format!("phase {}: human-step-field-invalid — {reason}", step.phase),
            ));
        }
    }
}

/// F38 `human-step-no-proof` (advisory): a well-formed step with no
/// `proof:`, which only a person's word can close. Points at the bullet.
pub fn human_step_no_proof(input: &LintInput, out: &mut Vec<Hit>) {
    for (step, parsed) in parsed_steps(input) {
        if let Parsed::Step(s) = parsed
            && s.proof.is_empty()
        {
            out.push(Hit::in_plan(
                step.span.clone(),
                format!(
                    "phase {}: human-step-no-proof — the {} step \"{}\" names no proof:, so only a person's word can close it and nothing can see it done before the launch; add · proof: <watch ref> (cmd:\"…\", gh:<owner/repo>#pr/<n>, …)",
                    step.phase,
                    s.kind.name,
                    escape_invisible(first_chars(&s.what, QUOTED_WHAT_CHARS))
                ),
            ));
        }
    }
}

/// F40 `human-step-no-why` (advisory): a well-formed step with no `why:`;
/// it is given its kind's first reason. Points at the bullet.
pub fn human_step_no_why(input: &LintInput, out: &mut Vec<Hit>) {
    for (step, parsed) in parsed_steps(input) {
        if let Parsed::Step(s) = parsed
            && s.why.is_empty()
        {
            let reasons = s.kind.reasons;
            out.push(Hit::in_plan(
                step.span.clone(),
                format!(
                    "phase {}: human-step-no-why — the {} step \"{}\" names no why:, so it is given its kind's first reason ({}), marked inferred; add · why: <reason> with one of: {}",
                    step.phase,
                    s.kind.name,
                    escape_invisible(first_chars(&s.what, QUOTED_WHAT_CHARS)),
                    reasons.first().copied().unwrap_or(""),
                    reasons.join(" ")
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Plan;

    fn invalid(body: &str) -> String {
        match parse(body) {
            Parsed::FieldInvalid(reason) => reason,
            other => panic!("{body}: {other:?}"),
        }
    }

    #[test]
    fn kinds_and_superseded() {
        assert_eq!(
            parse("the owner signs the release (proof: `cmd:\"gh release view\"`)"),
            Parsed::Superseded
        );
        assert_eq!(
            parse("harbour master · signs · tomorrow"),
            Parsed::Superseded
        );
        assert_eq!(
            parse("Token-Paste · paste it · proof: `cmd:\"x\"`"),
            Parsed::KindUnknown("token-paste".into())
        );
        assert!(matches!(
            parse("`Browser-Login` · sign in · why: identity"),
            Parsed::Step(step) if step.why == "identity"
        ));
        assert!(
            matches!(parse("**sms** · read · window: 30m"), Parsed::KindUnknown(w) if w == "sms")
        );
    }

    #[test]
    fn field_rules() {
        assert!(
            invalid("physical · plug it in · colour: blue")
                .starts_with("\"colour: blue\" is not a field")
        );
        assert_eq!(
            invalid("physical"),
            "a physical step needs what to do after its kind"
        );
        assert_eq!(
            invalid("captcha · pass · where: phone"),
            "where: \"phone\" is not one of: host any"
        );
        assert_eq!(
            invalid("captcha · pass · auto-open: any"),
            "auto-open: \"any\" is not one of: host"
        );
        assert!(invalid("captcha · pass · window: soon").starts_with("window: \"soon\""));
        assert_eq!(
            invalid("mcp-login · x · credential: t"),
            "credential: belongs to a secret-entry step, not mcp-login"
        );
        assert!(invalid("secret-entry · x · credential: Key").starts_with("credential: \"Key\""));
        for bad in [
            "soon",
            "date:2026-10-06",
            "phase:operator-acts",
            "unit:-oProxyCommand=x/y",
            "gh:acme/app",
            "cmd:\"\"",
            "cmd: \"''\"",
        ] {
            assert!(
                invalid(&format!("operator-act · x · due: `{bad}`"))
                    .starts_with(&format!("due: \"{bad}\"")),
                "{bad}"
            );
        }
        assert!(
            invalid("decision · x · why: fun").starts_with("why: \"fun\" is not a reason (want")
        );
        assert!(
            invalid("physical · x · why: money")
                .starts_with("why: \"money\" is not a reason a physical step")
        );
        assert!(invalid("physical · x · effort: long").starts_with("effort: \"long\""));
        assert!(invalid("physical · x · unblocks: 3a").starts_with("unblocks: \"3a\""));
        assert!(
            invalid("physical · x · guide: ../a.md")
                .starts_with("guide: \"../a.md\" is not a path")
        );
        assert!(
            invalid("physical · x · guide: a.txt")
                .starts_with("guide: \"a.txt\" is not a markdown")
        );
        assert!(
            invalid("email-link · x · open: javascript:alert(1)")
                .starts_with("open: \"javascript:alert(1)\"")
        );
        let good = "physical · free the brake · unblocks: 02, 3 · guide: docs/guides/brake.md · proof: `cmd:\"test -s b\"` · why: physical · effort: 5m · window: 3 days · open: https://example.com/x";
        assert!(matches!(parse(good), Parsed::Step(_)), "{:?}", parse(good));
        for due in [
            "gh:acme/app#run/42",
            "date:2026-10-06T09:00:00Z",
            "phase:operator-acts/2",
            "cmd:\"test -f x\"",
            "unit:build-box/nightly-build.service",
            "lock:a/07",
        ] {
            assert!(is_watch_ref(due), "{due}");
        }
    }

    #[test]
    fn step_lines_errands_first_then_graph_order() {
        let text = "## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 2 | B | — | r |\n| 1 | A | — | r |\n\n## Phases\n\n### Phase 1 — A\n- **Human step:** physical · one\n```\n- **Human step:** in a fence, not a step\n```\n- **Human step:**\n\n### Phase 2 — B\n* **human  step**: decision · two\n\n### Phase 1 — A again\n- **Human step:** physical · three\n\n## Operator errands\n\n- **Human step:** operator-act · zero\n";
        let plan = Plan::from_file(
            "t",
            crate::markdown::MarkdownFile::from_text("t.md".into(), text.to_string()),
        );
        let steps: Vec<(u32, String)> = step_lines(&plan)
            .into_iter()
            .map(|s| (s.phase, s.body))
            .collect();
        assert_eq!(
            steps,
            [
                (0, "operator-act · zero".to_string()),
                (2, "decision · two".to_string()),
                (1, "physical · one".to_string()),
                (1, "physical · three".to_string()),
            ]
        );
    }

    #[test]
    fn cuts_at_characters() {
        assert_eq!(first_chars("ééé", 2), "éé");
        assert_eq!(first_chars("ab", 5), "ab");
    }
}
