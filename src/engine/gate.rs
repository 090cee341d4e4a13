//! A phase's gate as the engine reads it (SPEC §3.2, §11): whether it is
//! GATED, its Gate-check directive, the kind of gate that gives (who or
//! what clears it), and the approvals recorded for it in
//! `docs/handoffs/<slug>/gate-status.md` with whether an approval clears
//! it. The board's gate markers and `--gate-kind` read it here, and
//! `--gate-status` builds on it.
//!
//! - **GATED** is the plan model's reading (SPEC §3.2): the upper-case word
//!   `GATED` in a `### Phase N` heading of the phase or in its graph row.
//!   **(fix)** The word is a word: the reference's pattern also matches
//!   `UNGATED`, any pipe row of any table whose first cell is the number,
//!   and headings inside code blocks.
//! - **Gate-check** is the phase's first `- **Gate-check:** <type> <value>`
//!   bullet ([`Plan::phase_directive`]): its value with `*` and backticks
//!   removed; the type is its first word.
//! - **Kind**: a phase that is not GATED is `none`; a GATED phase without a
//!   Gate-check reads as the default type `ai`
//!   ([`crate::vocab::gate_kinds::GATE_DEFAULT`]); then
//!   [`crate::vocab::gate_kinds::kind_of_type`].
//! - **Approvals**: the `## Gate approvals` table of `gate-status.md` (the
//!   consecutive pipe rows under the heading), one row per phase: phase,
//!   approved (`yes`), by, date, …, door (the 6th cell). The first row of a
//!   phase is its approval. An approval clears every gate except a manual
//!   one (kind `human`), which only a person's door (`console` or
//!   `terminal`) clears. **(fix)** Numbers are numbers: a row for `07` is
//!   phase 7's.

use std::path::Path;

use serde::Serialize;

use crate::markdown::inline::without_marks;
use crate::plan::Plan;
use crate::plan::gate_check::gate_check;
use crate::plan::graph::parse_phase_number;
use crate::plan::verification::block_lines;
use crate::vocab::gate_kinds::{GATE_DEFAULT, GateKind, kind_of_type};

/// The name of the approvals file in a plan's handoffs folder.
pub const GATE_STATUS_FILE: &str = "gate-status.md";

/// The heading (lower-case prefix) of the approvals table.
const APPROVALS_HEADING: &str = "gate approvals";

/// The doors through which a person approves a manual gate.
pub const PERSON_DOORS: [&str; 2] = ["console", "terminal"];

/// Whether `phase` is GATED: the word `GATED` in one of its `### Phase`
/// headings or in its graph row.
pub fn is_gated(plan: &Plan, phase: u32) -> bool {
    let heading = plan.blocks_of(phase).any(|(_, b)| b.gated);
    heading
        || plan
            .graph
            .as_ref()
            .and_then(|g| g.row(phase))
            .is_some_and(|r| r.gated)
}

/// The kind of `phase`'s gate (see the module documentation).
pub fn gate_kind(plan: &Plan, phase: u32) -> GateKind {
    if !is_gated(plan, phase) {
        return GateKind::None;
    }
    match gate_check(plan, phase) {
        Some(check) => kind_of_type(&check.kind),
        None => kind_of_type(GATE_DEFAULT),
    }
}

/// One row of the `## Gate approvals` table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Approval {
    /// The phase.
    pub phase: u32,
    /// Whether the row approves (its second cell is `yes`, any case).
    pub approved: bool,
    /// Who approved, as written.
    pub by: String,
    /// When, as written.
    pub date: String,
    /// The door the approval came through (empty for a row written before
    /// doors were recorded).
    pub door: String,
}

/// The approvals recorded in a plan's `gate-status.md`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Approvals {
    /// The first row of each phase, in file order.
    rows: Vec<Approval>,
}

/// What an approval does to a phase's gate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "clearance", rename_all = "lowercase")]
pub enum Clearance {
    /// No approval is recorded.
    None,
    /// An approval clears the gate.
    Clear {
        /// Who approved.
        by: String,
        /// When.
        date: String,
    },
    /// An approval is recorded but does not clear this (manual) gate.
    Ignored {
        /// Why, in words.
        why: String,
    },
}

impl Approvals {
    /// Reads `gate-status.md` in `handoffs_dir`; a missing or unreadable
    /// file records no approval. En and em dashes read as `-`.
    pub fn read(handoffs_dir: &Path) -> Approvals {
        let Ok(bytes) = std::fs::read(handoffs_dir.join(GATE_STATUS_FILE)) else {
            return Approvals::default();
        };
        let text = String::from_utf8_lossy(&bytes).replace(['\u{2013}', '\u{2014}'], "-");
        let mut rows: Vec<Approval> = Vec::new();
        for cells in section_rows(&text, APPROVALS_HEADING) {
            let cell = |i: usize| {
                cells
                    .get(i)
                    .map(|c| c.trim_matches([' ', '\t']))
                    .unwrap_or("")
            };
            let phase_cell = without_marks(cell(1));
            let Some(phase) = parse_phase_number(phase_cell.trim_matches([' ', '\t'])) else {
                continue;
            };
            if rows.iter().any(|r| r.phase == phase) {
                continue;
            }
            rows.push(Approval {
                phase,
                approved: cell(2).eq_ignore_ascii_case("yes"),
                by: cell(3).to_string(),
                date: cell(4).to_string(),
                door: cell(6).to_string(),
            });
        }
        Approvals { rows }
    }

    /// The approval row of `phase`, if any.
    pub fn of(&self, phase: u32) -> Option<&Approval> {
        self.rows.iter().find(|r| r.phase == phase)
    }

    /// What the recorded approval does to `phase`'s gate of kind `kind`.
    pub fn clearance(&self, phase: u32, kind: GateKind) -> Clearance {
        let Some(row) = self.of(phase).filter(|r| r.approved) else {
            return Clearance::None;
        };
        if kind == GateKind::Human && !PERSON_DOORS.contains(&row.door.as_str()) {
            let place = if row.door.is_empty() {
                "no named door".to_string()
            } else {
                format!("the {} door", row.door)
            };
            let by = if row.by.is_empty() { "nobody" } else { &row.by };
            return Clearance::Ignored {
                why: format!(
                    "an approval recorded through {place} (by {by}) does not clear a manual gate — a person approves it on the Gate card or in a terminal"
                ),
            };
        }
        Clearance::Clear {
            by: row.by.clone(),
            date: row.date.clone(),
        }
    }
}

/// The pipe rows of every level-2 section of `text` whose heading starts
/// with `heading` (lower-case): the run of lines starting with `|` (after
/// blanks) that follows the heading, each split at `|` (the first item is
/// what comes before the first pipe). A line that is not a pipe row ends
/// the run once a row was seen.
pub fn section_rows<'t>(text: &'t str, heading: &str) -> Vec<Vec<&'t str>> {
    let mut out = Vec::new();
    let (mut inside, mut seen) = (false, false);
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if let Some(rest) = line.strip_prefix("##")
            && rest.starts_with([' ', '\t'])
            && rest
                .trim_start_matches([' ', '\t'])
                .to_lowercase()
                .starts_with(heading)
        {
            inside = true;
            seen = false;
            continue;
        }
        let is_row = line.trim_start_matches([' ', '\t']).starts_with('|');
        if inside && seen && !is_row {
            inside = false;
        }
        if inside && is_row {
            seen = true;
            out.push(line.split('|').collect());
        }
    }
    out
}

/// The phase's `Gates (must clear first):` conditions, each line as
/// written (leading blanks removed): the bullet's text after its label
/// (`*` removed), then its continuation lines up to the next bullet or
/// heading, over every `### Phase` block of the phase.
pub fn conditions(plan: &Plan, phase: u32) -> Vec<String> {
    let mut out = Vec::new();
    for (_, block) in plan.blocks_of(phase) {
        let mut inside = false;
        for line in block_lines(&plan.file, block) {
            let text = plan.file.line_text(line).trim_end_matches('\r');
            let trimmed = text.trim_start_matches([' ', '\t']);
            let is_bullet =
                trimmed.starts_with(['-', '*']) && trimmed[1..].starts_with([' ', '\t']);
            if inside {
                if is_bullet || text.starts_with("###") {
                    break;
                }
                out.push(trimmed.to_string());
                continue;
            }
            if trimmed.starts_with(['-', '*'])
                && let Some(at) = gates_label_end(text)
            {
                // The blanks right after the colon go; those after the
                // bold's closing `**` stay, as the reference keeps them.
                let rest: String = text[at..]
                    .trim_start_matches([' ', '\t'])
                    .chars()
                    .filter(|&c| c != '*')
                    .collect();
                let rest = rest.trim_end_matches([' ', '\t']);
                if !rest.is_empty() {
                    out.push(rest.to_string());
                }
                inside = true;
            }
        }
    }
    // As a shell's `$(…)` reads them: the empty lines at the end go.
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    out
}

/// Where the text after a `Gates (must clear first):` label starts: after
/// the first `:` that follows the last `Gates`/`gates` of a line holding
/// `ates (must clear`.
fn gates_label_end(line: &str) -> Option<usize> {
    if !line.contains("Gates (must clear") && !line.contains("gates (must clear") {
        return None;
    }
    let last = line
        .rmatch_indices("ates")
        .filter(|(i, _)| *i > 0 && matches!(line.as_bytes()[i - 1], b'G' | b'g'))
        .map(|(i, _)| i)
        .find(|&i| line[i..].contains(':'))?;
    let colon = line[last..].find(':')? + last;
    Some(colon + 1)
}

/// [`conditions`] on one line: joined with blanks, each run of blanks
/// made one, no blank at the end (one at the start stays).
pub fn conditions_line(plan: &Plan, phase: u32) -> String {
    let joined = conditions(plan, phase).join(" ");
    let mut out = String::with_capacity(joined.len());
    for c in joined.chars() {
        let blank = matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c');
        if blank {
            if !out.ends_with(' ') {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
    }
    out.truncate(out.trim_end_matches(' ').len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::plan::test_plan as plan;

    #[test]
    fn kinds() {
        let p = plan(
            "## Phase graph\n\n| Phase | Title | Depends on |\n|---|---|---|\n| 1 | a | — |\n| 2 | b *(GATED)* | 1 |\n| 3 | c | 1 |\n| 4 | d | 1 |\n| 5 | e | 1 |\n\n## Phases\n\n### Phase 2 — b\n- **Gate-check:** manual ops\n\n### Phase 3 — c *(GATED)*\n\n### Phase 4 — d (GATED)\n- **Gate-check:** `date 2099-01-01`\n\n### Phase 5 — e UNGATED\n- **Gate-check:** tomorrow\n",
        );
        assert_eq!(gate_kind(&p, 1), GateKind::None);
        assert_eq!(gate_kind(&p, 2), GateKind::Human);
        assert_eq!(gate_kind(&p, 3), GateKind::Ai);
        assert_eq!(gate_kind(&p, 4), GateKind::Auto);
        assert_eq!(gate_kind(&p, 5), GateKind::None);
        assert_eq!(
            gate_check(&p, 4).map(|c| (c.kind, c.value)),
            Some(("date".to_string(), "2099-01-01".to_string()))
        );
    }

    #[test]
    fn approvals_and_doors() {
        let dir = tempfile::tempdir().expect("a folder");
        std::fs::write(
            dir.path().join(GATE_STATUS_FILE),
            "# Gates\n\n## Gate approvals\n\n| Phase | Approved | By | Date | Note | Door |\n|---|---|---|---|---|---|\n| 2 | yes | ana | 2026–01–02 | ok | console |\n| 3 | yes | bot | 2026-01-02 | ok | session |\n| `04` | YES | bo | d | n | |\n| 2 | no | x | y | z | w |\n",
        )
        .expect("a file");
        let a = Approvals::read(dir.path());
        assert_eq!(
            a.clearance(2, GateKind::Human),
            Clearance::Clear {
                by: "ana".into(),
                date: "2026-01-02".into()
            }
        );
        assert!(matches!(
            a.clearance(3, GateKind::Human),
            Clearance::Ignored { .. }
        ));
        assert!(matches!(
            a.clearance(3, GateKind::Auto),
            Clearance::Clear { .. }
        ));
        assert!(
            matches!(a.clearance(4, GateKind::Human), Clearance::Ignored { why } if why.contains("no named door"))
        );
        assert_eq!(a.clearance(5, GateKind::Auto), Clearance::None);
        assert_eq!(
            Approvals::read(&dir.path().join("none")),
            Approvals::default()
        );
    }
}
