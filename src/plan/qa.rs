//! A plan's QA (SPEC §11; SPEC-PARITY.md section D, F19): the one reading
//! of `docs/handoffs/<slug>/test-status.md` — its `## QA status` table
//! (each phase's current verdict, with the report and the round it names)
//! and its `## QA rounds` ledger (every round recorded) —, and the QA
//! words of the plan: the `**QA gate:**` line of §Session budget and a
//! phase's own `- **QA:** on|off` bullet.
//!
//! The file is read as the reference reads it: en and em dashes are
//! hyphens; a section opens at a level-2 heading `## QA status` or `## QA
//! rounds` (any case) and ends at the next heading, or at the first line
//! that is not a pipe row once a row was seen; a row's cells lose their
//! `*` and backticks and the blanks around them; a report cell that is a
//! Markdown link is its target.
//!
//! **(fix)** A row's phase is a number (`07` is phase 7), as everywhere
//! else; the reference compares the cell as text. **(fix)** A heading ends
//! the section for the verdicts too, so the rows of another table further
//! down (`## Reviewers`) are never read as verdicts, as they are by the
//! reference's gating reader when `## QA status` has no table of its own.

use std::collections::HashMap;
use std::path::Path;

use crate::markdown::starts_with_ignore_case;
use crate::plan::Plan;
use crate::plan::directive::{lines_in, sections_starting};
use crate::plan::graph::parse_phase_number;
use crate::plan::verification::block_lines;
use crate::vocab::console::{
    QA_CONTRACT_HEADING, QA_GATE_LABEL, QA_LABEL, QA_ROUNDS_HEADING, QA_STATUS_FILE,
    QA_STATUS_HEADING, QA_VERDICTS,
};

/// A row of the `## QA status` table: a phase's current verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusRow {
    /// The phase.
    pub phase: u32,
    /// The verdict, lower-cased (`pass`, `fail`, `waived`, `pending`, …).
    pub verdict: String,
    /// The report it names (its third cell, a link's target), as written.
    pub report: String,
    /// Its round cell (the fourth), as written; empty in a table written
    /// before rounds existed.
    pub round: String,
}

/// A row of the `## QA rounds` ledger: one round recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundRow {
    /// The phase.
    pub phase: u32,
    /// The round, as written (digits only).
    pub round: String,
    /// The result, lower-cased.
    pub result: String,
    /// The report (a link's target), as written.
    pub report: String,
    /// When it was recorded, as written.
    pub recorded: String,
}

/// One QA round of a phase, as `--qa-history` prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QaRound {
    /// The round, as written in the file (a round read from a report's
    /// name, as a number).
    pub round: String,
    /// The round as a number (one too large for a `u64` is `u64::MAX`).
    pub number: u64,
    /// The result, lower-cased.
    pub result: String,
    /// The report, `-` when the row names none.
    pub report: String,
    /// When it was recorded, `-` when the row says nothing.
    pub recorded: String,
}

/// Where a phase's rounds were read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundsFrom {
    /// The `## QA rounds` ledger.
    Ledger,
    /// The phase's `## QA status` row (a file written before the ledger
    /// existed): one round.
    StatusRow,
    /// Nowhere: no round is on file.
    Nowhere,
}

/// `test-status.md`, read once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QaStatusFile {
    /// The rows of the `## QA status` tables, in file order.
    pub status: Vec<StatusRow>,
    /// The rows of the `## QA rounds` ledgers, in file order.
    pub rounds: Vec<RoundRow>,
}

/// The section of `test-status.md` a line is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Section {
    /// Outside both.
    None,
    /// `## QA status`.
    Status,
    /// `## QA rounds`.
    Rounds,
}

impl QaStatusFile {
    /// Reads `test-status.md` in `handoffs_dir`: `None` when it is not a
    /// file there; a file that cannot be read holds no row.
    pub fn read(handoffs_dir: &Path) -> Option<QaStatusFile> {
        let path = handoffs_dir.join(QA_STATUS_FILE);
        if !path.is_file() {
            return None;
        }
        let text = std::fs::read(&path)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default();
        Some(QaStatusFile::parse(&text))
    }

    /// The rows of `text` (see the module documentation).
    pub fn parse(text: &str) -> QaStatusFile {
        let mut out = QaStatusFile::default();
        let mut section = Section::None;
        let mut seen_row = false;
        for line in text.lines() {
            let line = line
                .trim_end_matches('\r')
                .replace(['\u{2013}', '\u{2014}'], "-");
            if let Some(opened) = section_heading(&line) {
                section = opened;
                seen_row = false;
                continue;
            }
            let lead = line.trim_start_matches(is_blank);
            if lead.starts_with('#') {
                section = Section::None;
                continue;
            }
            let is_row = lead.starts_with('|');
            if section != Section::None && seen_row && !is_row {
                section = Section::None;
            }
            if section == Section::None || !is_row {
                continue;
            }
            seen_row = true;
            let cells: Vec<&str> = line.split('|').collect();
            let cell = |i: usize| cells.get(i).map(|c| stripped(c)).unwrap_or_default();
            let Some(phase) = parse_phase_number(&cell(1)) else {
                continue;
            };
            match section {
                Section::Status => out.status.push(StatusRow {
                    phase,
                    verdict: cell(2).to_lowercase(),
                    report: link_target(&cell(3)).to_string(),
                    round: cell(4),
                }),
                Section::Rounds => {
                    let round = cell(2);
                    if round.is_empty() || !round.bytes().all(|b| b.is_ascii_digit()) {
                        continue;
                    }
                    out.rounds.push(RoundRow {
                        phase,
                        round,
                        result: cell(3).to_lowercase(),
                        report: link_target(&cell(4)).to_string(),
                        recorded: cell(5),
                    });
                }
                Section::None => {}
            }
        }
        out
    }

    /// Each phase's current verdict: its first `## QA status` row's.
    pub fn verdicts(&self) -> HashMap<u32, String> {
        let mut out = HashMap::new();
        for row in &self.status {
            out.entry(row.phase).or_insert_with(|| row.verdict.clone());
        }
        out
    }

    /// Every round of `phase` on file, oldest first (the file's order
    /// among rounds of one number), and where they were read from: the
    /// `## QA rounds` ledger when it has a row for the phase; else the
    /// phase's status row when its verdict is `pass`, `fail` or `waived`
    /// — one round, numbered by its round cell, else by the `-roundN.md`
    /// of its report's name, else 1; a `waived` row that names neither a
    /// report nor a round (a phase finished before QA was on) is no round.
    pub fn history(&self, phase: u32) -> (Vec<QaRound>, RoundsFrom) {
        let mut ledger: Vec<QaRound> = self
            .rounds
            .iter()
            .filter(|r| r.phase == phase)
            .map(|r| QaRound {
                round: r.round.clone(),
                number: number(&r.round),
                result: r.result.clone(),
                report: or_dash(&r.report),
                recorded: or_dash(&r.recorded),
            })
            .collect();
        if !ledger.is_empty() {
            ledger.sort_by_key(|r| r.number);
            return (ledger, RoundsFrom::Ledger);
        }
        let Some(row) = self.status.iter().find(|r| r.phase == phase) else {
            return (Vec::new(), RoundsFrom::Nowhere);
        };
        if !QA_VERDICTS.contains(&row.verdict.as_str()) {
            return (Vec::new(), RoundsFrom::Nowhere);
        }
        let written = !row.round.is_empty() && row.round.bytes().all(|b| b.is_ascii_digit());
        let round = if written && number(&row.round) >= 1 {
            row.round.clone()
        } else {
            if row.verdict == "waived" && (row.report.is_empty() || row.report == "-") {
                return (Vec::new(), RoundsFrom::Nowhere);
            }
            round_of_report(&row.report)
                .filter(|&n| n > 0)
                .unwrap_or(1)
                .to_string()
        };
        let number = number(&round);
        (
            vec![QaRound {
                round,
                number,
                result: row.verdict.clone(),
                report: or_dash(&row.report),
                recorded: "-".to_string(),
            }],
            RoundsFrom::StatusRow,
        )
    }
}

/// The section a heading line opens: `##`, blanks, then `qa status` or
/// `qa rounds` (any case, any blanks between the words).
fn section_heading(line: &str) -> Option<Section> {
    let rest = line.strip_prefix("##")?;
    if !rest.starts_with(is_blank) {
        return None;
    }
    let rest = rest.trim_start_matches(is_blank);
    let after_qa = rest
        .get(..2)
        .filter(|w| w.eq_ignore_ascii_case("qa"))
        .map(|_| &rest[2..])?;
    if !after_qa.starts_with(is_blank) {
        return None;
    }
    let word = after_qa.trim_start_matches(is_blank);
    if starts_with_ignore_case(word, QA_STATUS_HEADING) {
        Some(Section::Status)
    } else if starts_with_ignore_case(word, QA_ROUNDS_HEADING) {
        Some(Section::Rounds)
    } else {
        None
    }
}

/// A blank as POSIX `[[:space:]]` counts one.
fn is_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\x0b' | '\x0c')
}

/// A cell without its blanks, `*` and backticks.
fn stripped(cell: &str) -> String {
    cell.trim_matches([' ', '\t'])
        .replace(['*', '`'], "")
        .trim_matches([' ', '\t'])
        .to_string()
}

/// The target of the first Markdown link of `cell` (`[label](target)`),
/// else the cell.
fn link_target(cell: &str) -> &str {
    let mut from = 0;
    while let Some(at) = cell[from..].find("](") {
        let start = from + at + 2;
        let len = cell[start..].find(')').unwrap_or(0);
        if len > 0 {
            return &cell[start..start + len];
        }
        from = start;
    }
    cell
}

/// The `N` of a report named `…-roundN.md`.
fn round_of_report(report: &str) -> Option<u64> {
    let stem = report.strip_suffix(".md")?;
    let digits = stem.len() - stem.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    let (head, n) = stem.split_at(stem.len() - digits);
    head.ends_with("-round").then(|| number(n))
}

/// A string of digits as a number (`u64::MAX` when too large).
pub fn number(digits: &str) -> u64 {
    digits
        .parse()
        .unwrap_or(if digits.is_empty() { 0 } else { u64::MAX })
}

/// `text`, or `-` when it is empty.
fn or_dash(text: &str) -> String {
    if text.is_empty() {
        "-".to_string()
    } else {
        text.to_string()
    }
}

/// What a plan's §Session budget says of its QA gate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlanQaWord {
    /// A `**QA gate:** off` line: verdicts are recorded as waived, no QA
    /// reviewer is sent, nothing is gated.
    GateOff,
    /// A `**QA gate:** on` line.
    GateOn,
    /// A QA gate line that speaks of a waiver.
    Waiver,
    /// Nothing.
    Silent,
}

/// What `plan`'s §Session budget says of its QA gate: `off` over `on`
/// over a waiver (SPEC-PARITY.md D): a `**QA gate:** off` line (blanks and
/// `>` before it, an optional bullet, any case, the word followed by a
/// blank or the end), else such an `on` line, else a line holding `QA
/// gate` and `waiv`, else nothing.
pub fn plan_qa_word(plan: &Plan) -> PlanQaWord {
    let lines: Vec<&str> = sections_starting(&plan.file, "session budget")
        .into_iter()
        .flat_map(|range| lines_in(&plan.file, range).collect::<Vec<_>>())
        .map(|(_, span)| &plan.file.text[span])
        .collect();
    let says = |word: &str| lines.iter().any(|l| qa_gate_line_says(l, word));
    if says("off") {
        return PlanQaWord::GateOff;
    }
    if says("on") {
        return PlanQaWord::GateOn;
    }
    let label = QA_GATE_LABEL.to_lowercase();
    if lines.iter().any(|l| {
        let lower = l.to_lowercase();
        lower.contains(&label) && lower.contains("waiv")
    }) {
        return PlanQaWord::Waiver;
    }
    PlanQaWord::Silent
}

/// Whether `line` reads `**QA gate:** <word>` (blanks and `>` before it, an
/// optional bullet, any case), the word followed by a blank or the end.
fn qa_gate_line_says(line: &str, word: &str) -> bool {
    let rest = line.trim_start_matches([' ', '\t', '>']);
    let rest = match rest.strip_prefix(['-', '*']) {
        Some(after) if after.starts_with([' ', '\t']) => after.trim_start_matches([' ', '\t']),
        _ => rest,
    };
    let bold = format!("**{QA_GATE_LABEL}:**");
    if !starts_with_ignore_case(rest, &bold) {
        return false;
    }
    let value = rest[bold.len()..].trim_start_matches([' ', '\t']);
    starts_with_ignore_case(value, word)
        && value[word.len()..]
            .chars()
            .next()
            .is_none_or(|c| c == ' ' || c == '\t')
}

/// The phase's own `- **QA:** on|off` word: `Some(true)` for `on`,
/// `Some(false)` for `off`, `None` when the phase has no such bullet or
/// its value is anything else (a typo inherits the plan's word). The first
/// such bullet of the phase's blocks is read.
pub fn phase_qa_word(plan: &Plan, phase: u32) -> Option<bool> {
    let bold = format!("**{QA_LABEL}");
    for (_, block) in plan.blocks_of(phase) {
        for line in block_lines(&plan.file, block) {
            let text = plan.file.line_text(line);
            let rest = text.trim_start_matches([' ', '\t']);
            let Some(rest) = rest.strip_prefix(['-', '*']) else {
                continue;
            };
            let rest = rest.trim_start_matches([' ', '\t']);
            if !starts_with_ignore_case(rest, &bold) {
                continue;
            }
            let after = &rest[bold.len()..];
            let after = after.strip_prefix(':').unwrap_or(after);
            let Some(value) = after.strip_prefix("**") else {
                continue;
            };
            return match value.trim().to_lowercase().as_str() {
                "on" => Some(true),
                "off" => Some(false),
                _ => None,
            };
        }
    }
    None
}

/// The plan's own QA rules, verbatim: the lines of every `### QA
/// contract` section (a level-3 heading whose text starts with it, any
/// case), in order, blank lines left out; a section ends at the next
/// heading of level 1 to 3. Empty when the plan has none.
///
/// **(fix)** Headings inside code blocks, HTML comments, block quotes and
/// list items neither open nor end a section, and a level-1 heading ends
/// it; the reference reads every line that starts with `##` or `###` as a
/// heading and reads past a `#` heading.
pub fn qa_contract(plan: &Plan) -> Vec<String> {
    let file = &plan.file;
    let headings: Vec<_> = file.doc.headings.iter().filter(|h| !h.nested).collect();
    let mut out = Vec::new();
    for (i, h) in headings.iter().enumerate() {
        if h.level != 3 || !starts_with_ignore_case(&h.text, QA_CONTRACT_HEADING) {
            continue;
        }
        let end = headings[i + 1..]
            .iter()
            .find(|next| next.level <= 3)
            .map_or(file.text.len(), |next| next.range.start);
        let start = h.range.end.min(end);
        if start >= end {
            continue;
        }
        let (first, last) = (file.line_of(start), file.line_of(end - 1));
        for line in first..=last {
            let span = file.lines.line_range(&file.text, line);
            if span.start < start || span.start >= end {
                continue;
            }
            let text = &file.text[span];
            if !text.trim_matches(is_blank).is_empty() {
                out.push(text.to_string());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_of_both_tables() {
        let text = "# QA — x\n\n## QA status\n\n| Phase | Result | Report | Round |\n|---|---|---|---|\n| 1 | **PASS** | [r](reports/phase-01-qa-round2.md) | 2 |\n| `02` | fail | reports/phase-02-qa.md | |\n| 3 | waived | — | |\n\n## QA rounds\n\n| Phase | Round | Result | Report | Recorded |\n|---|---|---|---|---|\n| 1 | 2 | pass | reports/phase-01-qa-round2.md | 2026-01-02 |\n| 1 | 1 | fail | reports/phase-01-qa.md | 2026-01-01 |\n| 1 | x | fail | r | d |\n";
        let f = QaStatusFile::parse(text);
        assert_eq!(f.status.len(), 3);
        assert_eq!(f.status[0].report, "reports/phase-01-qa-round2.md");
        assert_eq!(f.status[2].report, "-");
        assert_eq!(f.rounds.len(), 2);
        let (h, from) = f.history(1);
        assert_eq!(from, RoundsFrom::Ledger);
        assert_eq!(
            h.iter().map(|r| r.round.as_str()).collect::<Vec<_>>(),
            ["1", "2"]
        );
        let (h, from) = f.history(2);
        assert_eq!((h.len(), from), (1, RoundsFrom::StatusRow));
        assert_eq!((h[0].round.as_str(), h[0].recorded.as_str()), ("1", "-"));
        // A waiver that names no report and no round is no round.
        assert_eq!(f.history(3), (Vec::new(), RoundsFrom::Nowhere));
        assert_eq!(f.verdicts().get(&2).map(String::as_str), Some("fail"));
    }

    #[test]
    fn a_heading_ends_a_section() {
        let f =
            QaStatusFile::parse("## QA status\n\nNo reviews yet.\n\n## Reviewers\n\n| 1 | ana |\n");
        assert!(f.status.is_empty());
        assert_eq!(round_of_report("reports/phase-01-qa-round12.md"), Some(12));
        assert_eq!(round_of_report("reports/phase-01-qa.md"), None);
        assert_eq!(link_target("[a](b) [c](d)"), "b");
        assert_eq!(link_target("[a]()"), "[a]()");
    }
}
