//! Hover (SPEC §10.2): on a decision key in a Decisions table, what the key
//! answers, its answer words, its shipped default, whether the template
//! marks it blocking, which row is in force for the row's view, and the
//! answer in force; on a check name in a suppression comment, the check's
//! documentation; on a Gate-check type, what clears it. Every word shown
//! comes from the vocabulary ([`crate::vocab`]) or the registry
//! ([`crate::lint::CHECKS`]).

use lsp_types::{Hover, HoverContents, Position};

use super::documents::Snapshot;
use super::locate;
use super::markup::Format;
use crate::lint::{self, PlanReport, file_label};
use crate::manifest::View;
use crate::manifest::in_force;
use crate::manifest::policy::RunFields;
use crate::plan::decisions::{Column, DecisionRow, PhaseScope};
use crate::vocab::{self, GATE_TYPES, KeySpec};

/// The answer in force for a key in a view (SPEC §5.5), as the hover of
/// the key shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InForce {
    /// The answer (empty when nothing answers).
    pub answer: String,
    /// Where it comes from, as `resolve` prints it: `run`, `plan:<line>`,
    /// `twin:<line>`, `console`, `legacy`, `default` or `none`.
    pub from: String,
}

/// The hover at `position` of the document of `snapshot`, in `format`
/// (Markdown, or plain text without its marks); `None` where there is
/// nothing to say.
pub fn hover(snapshot: &Snapshot, position: Position, format: Format) -> Option<Hover> {
    let file = snapshot.file()?;
    let offset = snapshot.offset(position);
    let (text, span) = if let Some(found) = locate::suppressed_at(file, offset) {
        if found.name.is_empty() {
            return None;
        }
        (check_text(snapshot, &found.name), found.token)
    } else if let Some(span) = (snapshot.kind == crate::plan::decisions::FileKind::Plan)
        .then(|| locate::gate_type_at(snapshot.plan(), offset))
        .flatten()
        .filter(|span| !span.is_empty())
    {
        (gate_type_text(&file.text[span.clone()]), span)
    } else {
        let cell = locate::cell_at(file, snapshot.decisions(), offset)?;
        let row = cell.row.filter(|_| cell.column == Column::Key)?;
        // The row in force (SPEC §4) and the answer in force (SPEC §5.5),
        // as `decisions resolve` gives it without a run.
        let in_force = answer_in_force(snapshot, row);
        (
            key_text(&snapshot.analysis.report, row, in_force.as_ref()),
            cell.token,
        )
    };
    Some(Hover {
        contents: HoverContents::Markup(format.content(text)),
        range: Some(snapshot.range(span)),
    })
}

/// `text` as an inline code span (a longer fence when it holds
/// backticks); `(empty)` for empty text.
fn code(text: &str) -> String {
    if text.is_empty() {
        return "(empty)".to_string();
    }
    if text.contains('`') {
        format!("`` {text} ``")
    } else {
        format!("`{text}`")
    }
}

/// The words of `words` as code spans, space-separated.
fn code_list(words: &[&str]) -> String {
    words.iter().map(|w| code(w)).collect::<Vec<_>>().join(" ")
}

/// The hover of the key cell of `row`: the key's vocabulary entry, the
/// row in force for the row's view (SPEC §4), and `in_force`, the answer
/// in force (SPEC §5.5), when known. A key outside the vocabulary lists
/// the keys.
pub fn key_text(report: &PlanReport, row: &DecisionRow, in_force: Option<&InForce>) -> String {
    let Some(spec) = vocab::key_spec(&row.key) else {
        let keys: Vec<&str> = vocab::KEYS.iter().map(|k| k.key).collect();
        return format!(
            "{} is not a decision key (`decision-key-unknown`). The keys are: {}",
            code(&row.key),
            code_list(&keys)
        );
    };
    let mut out = key_entry(spec);
    out.push_str(&format!("- **In force:** {}\n", row_in_force(report, row)));
    if let Some(in_force) = in_force {
        let answer = if in_force.answer.is_empty() {
            "nothing answers".to_string()
        } else {
            code(&in_force.answer)
        };
        out.push_str(&format!(
            "- **Answer in force:** {answer} (from {})\n",
            code(&in_force.from)
        ));
    }
    out
}

/// What the vocabulary says of a key (SPEC §2).
pub fn key_entry(spec: &KeySpec) -> String {
    let words = match (spec.words.is_empty(), spec.owner_answer) {
        (true, _) => "free text".to_string(),
        (false, false) => code_list(spec.words),
        (false, true) => format!("{}, or an owner name", code_list(spec.words)),
    };
    let default = spec.default.map(code).unwrap_or_else(|| "none".to_string());
    let blocking = if spec.template_blocking {
        "blocking"
    } else {
        "not blocking"
    };
    format!(
        "**{}** · decision key\n\n{}\n\n- **Answer words:** {words}\n- **Shipped default:** {default}\n- **Plan template:** {blocking}\n",
        code(spec.key),
        capitalise(spec.answers)
    )
}

/// `text` with its first letter upper-case, ending with a full stop.
fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = chars
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    out.push_str(chars.as_str());
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

/// The view a row belongs to: its phase's, or the plan-wide view.
fn view_of(row: &DecisionRow) -> View {
    match row.phase {
        PhaseScope::Phase(p) => View::Phase(p),
        _ => View::PlanWide,
    }
}

/// The answer in force (SPEC §5.5) for `row`'s key in `row`'s view, as
/// `decisions resolve` gives it with no run file: the row the view
/// resolves to, the console's policy of the plan's `planfile.toml` (none
/// when it cannot be read: the diagnostics report that), the legacy switch
/// and the shipped default. `None` for a key outside the vocabulary.
fn answer_in_force(snapshot: &Snapshot, row: &DecisionRow) -> Option<InForce> {
    let spec = vocab::key_spec(&row.key)?;
    let resolved = snapshot.analysis.report.manifest.resolve(view_of(row));
    let winner = resolved.into_iter().find(|r| r.key == row.key);
    let policy = crate::config::policy::load_policy(None, &snapshot.analysis.location.root.0)
        .unwrap_or_default();
    let found = in_force::answer_in_force(spec, winner, &RunFields::default(), &policy);
    Some(InForce {
        answer: found.answer.unwrap_or_default(),
        from: found.from.to_string(),
    })
}

/// Which row is in force for `row`'s key in `row`'s view (SPEC §4).
fn row_in_force(report: &PlanReport, row: &DecisionRow) -> String {
    let view = view_of(row);
    let label = match view {
        View::PlanWide => "the plan-wide view".to_string(),
        View::Phase(p) => format!("phase {p}'s view"),
    };
    let resolved = report.manifest.resolve(view);
    match resolved.into_iter().find(|r| r.key == row.key) {
        Some(winner) if winner.origin == row.origin => format!("this row, in {label}"),
        Some(winner) => format!(
            "in {label}, the row of {} at line {} ({} {})",
            file_label(winner.origin.file),
            winner.origin.line,
            if winner.state.is_empty() {
                "no state"
            } else {
                winner.state.as_str()
            },
            code(&winner.value)
        ),
        None => "no view reads this row (its phase is out of range)".to_string(),
    }
}

/// The hover of a check name or code in a suppression comment.
fn check_text(snapshot: &Snapshot, name: &str) -> String {
    let checks = lint::lookup(name);
    if checks.is_empty() {
        return format!(
            "{} is no check name or code: `planfile explain` lists them.",
            code(name)
        );
    }
    let config = &snapshot.analysis.settings;
    let mut parts = Vec::new();
    for check in checks {
        parts.push(format!(
            "**{}** ({}) · {}\n\n{}\n\n{}\n\n`planfile explain {}` prints the whole page.",
            check.name,
            check.code,
            config.severity(check).as_str(),
            check.summary(),
            check.section("What it looks for"),
            check.name
        ));
    }
    parts.join("\n\n---\n\n")
}

/// The hover of a Gate-check type; an unknown type lists the types.
fn gate_type_text(word: &str) -> String {
    match vocab::gate_type(word) {
        Some(t) => format!(
            "**{}** · Gate-check type\n\n- **Value:** {}\n- **Cleared by:** {}\n",
            code(t.name),
            t.value,
            t.clears
        ),
        None => format!(
            "{} is not a Gate-check type (`gate-type-unknown`). The types are: {}",
            code(word),
            code_list(&GATE_TYPES)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manifest::Manifest;
    use crate::plan::decisions::{FileKind, Origin};
    use crate::server::test_support::plan;

    fn report(text: &str) -> PlanReport {
        PlanReport {
            orphan: false,
            slug: "t".into(),
            closed: false,
            phases: 1,
            findings: Vec::new(),
            suppressed: Vec::new(),
            fixed: None,
            manifest: Manifest {
                plan: plan(text),
                twin: None,
            },
            handoffs: Default::default(),
        }
    }

    const PLAN: &str = "## Decisions\n\n| key | value | owner | state | blocking | source | phase |\n|---|---|---|---|---|---|---|\n| `relay` | off | op | answered | yes | plan | — |\n| `relay` | last-resort | op | answered | yes | plan | — |\n| `stop` | halt | op | answered | no | plan | 2 |\n";

    #[test]
    fn key_hover_names_the_vocabulary_and_the_row_in_force() {
        let report = report(PLAN);
        let rows = report.manifest.plan_rows();
        let first = key_text(&report, &rows[0], None);
        assert!(first.contains("`off` `last-resort`"), "{first}");
        assert!(first.contains("**Shipped default:** `off`"), "{first}");
        assert!(first.contains("**Plan template:** blocking"), "{first}");
        assert!(
            first.contains("the row of the plan at line 6 (answered `last-resort`)"),
            "{first}"
        );
        assert!(!first.contains("Answer in force"), "{first}");
        let second = key_text(&report, &rows[1], None);
        assert!(
            second.contains("this row, in the plan-wide view"),
            "{second}"
        );
        let scoped = key_text(&report, &rows[2], None);
        assert!(scoped.contains("free text"), "{scoped}");
        assert!(scoped.contains("this row, in phase 2's view"), "{scoped}");
    }

    #[test]
    fn key_hover_shows_the_answer_in_force_when_given() {
        let report = report(PLAN);
        let row = &report.manifest.plan_rows()[0];
        let in_force = InForce {
            answer: "last-resort".into(),
            from: "plan:6".into(),
        };
        let text = key_text(&report, row, Some(&in_force));
        assert!(
            text.contains("**Answer in force:** `last-resort` (from `plan:6`)"),
            "{text}"
        );
    }

    #[test]
    fn unknown_words_list_the_vocabulary() {
        let report = report(PLAN);
        let mut row = report.manifest.plan_rows()[0].clone();
        row.key = "relays".into();
        row.origin = Origin {
            file: FileKind::Plan,
            line: 99,
        };
        let text = key_text(&report, &row, None);
        assert!(text.contains("`relays` is not a decision key"), "{text}");
        assert!(text.contains("`plan-approval`"), "{text}");
        let text = gate_type_text("review");
        assert!(text.contains("`review` is not a Gate-check type"), "{text}");
        assert!(text.contains("`pr-merged`"), "{text}");
        let text = gate_type_text("manual");
        assert!(text.contains("a person's approval"), "{text}");
    }
}
