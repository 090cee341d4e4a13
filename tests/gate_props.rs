//! The start gate fails closed for every accident (SPEC §5.4): a plan that
//! owes a blocking decision never passes, whatever single line a person
//! inserts or changes from its Decisions heading to the end of the file —
//! a heading, a rule, a fence, a comment, an HTML tag, a quote, a list
//! item, a stray row. The row is either read (and owed) or cannot be read
//! with certainty (and the gate refuses for that).

use std::path::{Path, PathBuf};

use planfile::gate;
use planfile::manifest::policy::ConsolePolicy;
use planfile::manifest::{Manifest, View};
use planfile::markdown::MarkdownFile;
use planfile::plan::Plan;

/// A two-phase plan whose Decisions table owes `relay`, with a fenced
/// Verification block and a suppression comment after the table (each a
/// partner a stray fence or comment could pair with).
const PLAN: &str = "---
slug: lh
status: active
phases: 2
---

# Lighthouse

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Lamp | — | lamp | lit |
| 2 | Horn | 1 | horn | sounds |

## Decisions

Decided before the first run.

| key | value | owner | state | blocking | source | evidence | phase |
|---|---|---|---|---|---|---|---|
| `stop` | halt | keeper | answered | no | plan | | — |
| `relay` | | keeper | outstanding | yes | plan | | — |
| `mcp` | none | keeper | answered | no | plan | | — |
| `waits` | tide · 6h | keeper | answered | no | plan | | 2 |

<!-- planfile-ignore: template-placeholder -->
Answers that arrive later go to the twin.

## Phases

### Phase 1 — Lamp
- **Verification:**
  ```sh
  test -s lamp.log
  ```

### Phase 2 — Horn
- **Verification:** `test -s horn.log`
";

/// Lines a person might put anywhere by accident.
const STRAY: &[&str] = &[
    "",
    "# Relay",
    "## Notes",
    "### Relay",
    "---",
    "===",
    "***",
    "<div>",
    "<details>",
    "<h2>Decisions</h2>",
    "<!-- TODO: review with ops",
    "<!-- a note -->",
    "-->",
    "```",
    "```\t",
    "~~~",
    "> ## Note",
    "> quoted",
    "- item",
    "1. item",
    "    indented",
    "Prose.",
    "Decisions",
    "| `relay` | off | keeper | answered | no | plan | | — |",
    "|---|---|---|---|---|---|---|---|",
    "| key | value |",
    "\t",
];

fn verdict_may_start(text: &str) -> bool {
    let file = MarkdownFile::from_text(PathBuf::from("docs/plans/lh.md"), text.to_string());
    let manifest = Manifest {
        plan: Plan::from_file("lh", file),
        twin: None,
    };
    // The console's policy answers the keys the plan has no row for, which
    // would otherwise be owed (SPEC §5.4 "A missing key is owed").
    let policy = ConsolePolicy {
        answers: [
            ("permission.policy", "ask first"),
            ("permission.destructive", "deny pushes"),
            ("accounts", "the keeper's account"),
            ("human-acts", "none"),
        ]
        .into_iter()
        .map(|(k, v)| (k, v.to_string()))
        .collect(),
        delegate_human_gates: None,
    };
    let plan_wide = gate::check_view(
        &manifest,
        View::PlanWide,
        &["relay"],
        Path::new("."),
        &policy,
    );
    let every = gate::check_every_view(&manifest, &["relay"], Path::new("."), &policy);
    assert!(
        every.may_start() || !every.refusals.is_empty() || !every.unreadable.is_empty(),
        "{every:?}"
    );
    plan_wide.may_start() && every.may_start()
}

/// The 0-based index of the Decisions heading's line in [`PLAN`].
fn heading_index() -> usize {
    PLAN.lines()
        .position(|l| l == "## Decisions")
        .unwrap_or_default()
}

#[test]
fn the_plan_as_written_is_refused() {
    assert!(!verdict_may_start(PLAN));
    // The control: once relay is answered, the plan passes.
    let answered = PLAN.replace(
        "| `relay` | | keeper | outstanding | yes |",
        "| `relay` | off | keeper | answered | yes |",
    );
    assert!(verdict_may_start(&answered));
}

/// Every plan variant: [`PLAN`], and the same with a Verification fence
/// without an info string (a partner a stray fence pairs with differently).
fn plans() -> [String; 2] {
    [PLAN.to_string(), PLAN.replace("  ```sh\n", "  ```\n")]
}

/// Inserts each of `shapes` at each line index of `positions` of `lines`
/// and asserts that the plan so edited may not start.
fn assert_no_insert_starts(
    lines: &[&str],
    positions: std::ops::RangeInclusive<usize>,
    shapes: &[&str],
) {
    for at in positions {
        for shape in shapes {
            let mut edited = lines.to_vec();
            edited.insert(at, shape);
            let text = edited.join("\n") + "\n";
            assert!(
                !verdict_may_start(&text),
                "{shape:?} inserted at line {}:\n{text}",
                at + 1
            );
        }
    }
}

/// Inserting any stray line anywhere from the Decisions heading on never
/// lets a plan that owes `relay` start (every line, every position).
#[test]
fn no_inserted_line_lets_an_owed_decision_pass() {
    for plan in plans() {
        let lines: Vec<&str> = plan.lines().collect();
        assert_no_insert_starts(&lines, heading_index()..=lines.len(), STRAY);
    }
}

/// Replacing any line from the Decisions heading on by a stray line never
/// lets the plan start, unless the line replaced is the owed row itself
/// (then nothing is owed any more).
#[test]
fn no_replaced_line_lets_an_owed_decision_pass() {
    for plan in plans() {
        let lines: Vec<&str> = plan.lines().collect();
        for at in heading_index()..lines.len() {
            if lines[at].starts_with("| `relay`") {
                continue;
            }
            for stray in STRAY {
                let mut edited = lines.clone();
                edited[at] = stray;
                let text = edited.join("\n") + "\n";
                assert!(
                    !verdict_may_start(&text),
                    "line {} replaced by {stray:?}:\n{text}",
                    at + 1
                );
            }
        }
    }
}

/// An owed blocking row written in shapes no reader takes as a row.
const OWED_SHAPES: &[&str] = &[
    "| `budgets` | | keeper | outstanding | yes | plan | | — |",
    "> | `budgets` | | keeper | outstanding | yes | plan | | — |",
    ">| `budgets` | | keeper | outstanding | yes | plan | | — |",
    "- | `budgets` | | keeper | outstanding | yes | plan | | — |",
    "1. | `budgets` | | keeper | outstanding | yes | plan | | — |",
    "> - | `budgets` | | keeper | outstanding | yes | plan | | — |",
    "budgets\toutstanding\tyes",
    "<table><tr><td>budgets</td><td>outstanding</td><td>yes</td></tr></table>",
];

/// Once `relay` is answered the plan passes; inserting an owed blocking
/// row in any of [`OWED_SHAPES`] at any line of the Decisions section (from
/// its heading to the next level-2 heading) never lets it start: the row is
/// either read (and owed) or cannot be read with certainty.
#[test]
fn an_owed_row_in_any_shape_anywhere_in_the_section_stops_the_start() {
    for plan in plans() {
        let plan = plan.replace(
            "| `relay` | | keeper | outstanding | yes |",
            "| `relay` | off | keeper | answered | yes |",
        );
        assert!(verdict_may_start(&plan));
        let lines: Vec<&str> = plan.lines().collect();
        let end = lines
            .iter()
            .position(|l| *l == "## Phases")
            .unwrap_or(lines.len());
        assert_no_insert_starts(&lines, heading_index() + 1..=end, OWED_SHAPES);
    }
}

/// A decision written in shapes that are no pipe table.
const UNTABLED_SHAPES: &[&str] = &[
    "- `relay`: outstanding, blocking",
    "1. **relay** — outstanding",
    "> relay: outstanding",
    "relay: outstanding, blocking",
    "relay\toutstanding\tyes",
    "<table><tr><td><code>relay</code></td><td>outstanding</td></tr></table>",
];

/// With its table taken out, the plan has no manifest and passes; writing
/// a decision in any of [`UNTABLED_SHAPES`] at any line of the Decisions
/// section never lets it start: the section cannot be read with certainty.
#[test]
fn a_decision_that_is_no_table_row_anywhere_in_the_section_stops_the_start() {
    for plan in plans() {
        let lines: Vec<&str> = plan
            .lines()
            .enumerate()
            .filter(|(i, l)| *i < heading_index() || !l.starts_with('|'))
            .map(|(_, l)| l)
            .collect();
        let plan = lines.join("\n") + "\n";
        assert!(verdict_may_start(&plan));
        let end = lines
            .iter()
            .position(|l| *l == "## Phases")
            .unwrap_or(lines.len());
        assert_no_insert_starts(&lines, heading_index() + 1..=end, UNTABLED_SHAPES);
    }
}
