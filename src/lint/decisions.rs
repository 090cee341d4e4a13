//! F25 (SPEC §6): every row of the plan's `## Decisions` table and of the
//! twin speaks the vocabulary (key, state, source, owner, phase), no row
//! repeats another, and the section is a table a reader takes as the
//! manifest.

use std::collections::hash_map::Entry;
use std::collections::{BTreeSet, HashMap};

use super::decision_sources::sources;
use super::{Fix, Hit, LintInput, line_span, phase_list};
use crate::error::{escape_invisible, is_invisible};
use crate::markdown::{MarkdownFile, UnclosedBlock, starts_with_ignore_case};
use crate::plan::decisions::names_decisions;
use crate::plan::decisions::{BlockingCell, Column, PhaseScope, ProblemKind};
use crate::vocab;

/// F25 `decision-key-unknown`: a row whose key is not one of the 19 keys.
/// Points at the key cell. When the key is close to one of them, the
/// message names it and the finding carries an unsafe fix (SPEC §10.1
/// "Unsafe fixes") that writes it — unless the file already has a row of
/// that key for the same phase, which the fix would duplicate.
pub fn decision_key_unknown(input: &LintInput, out: &mut Vec<Hit>) {
    for source in sources(input) {
        for row in source.rows() {
            if vocab::key_index(&row.key).is_none() {
                let closest = vocab::closest_key(&row.key);
                let hint = closest
                    .map(|k| format!("; did you mean `{k}`?"))
                    .unwrap_or_default();
                let span = source.cell_span(row, Column::Key);
                let taken = |key: &str| {
                    source
                        .rows()
                        .iter()
                        .any(|other| other.key == key && other.phase == row.phase)
                };
                let fix = closest
                    .filter(|k| !taken(k))
                    .map(|k| key_fix(&source.file.text, span.clone(), &row.key, k));
                let mut hit = source.hit(
                    span,
                    format!(
                        "{}: decision-key-unknown — not one of: {}{hint}",
                        source.row_head(row),
                        vocab::key_list()
                    ),
                );
                hit.fix = fix;
                out.push(hit);
            }
        }
    }
}

/// The unsafe fix that writes `key` for the misspelled key `written` in
/// the key cell at `span` of `text`: the key as written is replaced where
/// the cell holds it once (its backticks kept); otherwise the whole cell
/// becomes `` `key` ``, as the writer writes a key.
fn key_fix(text: &str, span: std::ops::Range<usize>, written: &str, key: &str) -> Fix {
    let cell = text.get(span.clone()).unwrap_or_default();
    let mut found = cell.match_indices(written);
    let edit_range = match (found.next(), found.next()) {
        (Some((at, _)), None) if !written.is_empty() => {
            (span.start + at)..(span.start + at + written.len())
        }
        _ => span.clone(),
    };
    let replacement = if edit_range == span && cell != written {
        format!("`{key}`")
    } else {
        key.to_string()
    };
    Fix::replace(format!("write {key}"), edit_range, replacement).unsafe_fix()
}

/// The unsafe fix (SPEC §10.1 "Unsafe fixes") that writes `word` over the
/// cell at `span`: a misspelled state or source becomes the word the
/// finding suggests, written as the vocabulary spells it.
fn word_fix(span: std::ops::Range<usize>, word: &str) -> Fix {
    Fix::replace(format!("write {word}"), span, word).unsafe_fix()
}

/// F25 `decision-state-unknown`: a row whose state is not `answered`,
/// `outstanding` or `waived` (an empty state is unknown). Points at the
/// state cell; a state close to one of them (`answerd`) is named in the
/// message and carries the unsafe fix that writes it.
pub fn decision_state_unknown(input: &LintInput, out: &mut Vec<Hit>) {
    for source in sources(input) {
        for row in source.rows() {
            if !vocab::is_state(&row.state) {
                let closest = vocab::closest_word(&row.state, vocab::STATES.iter().copied());
                let hint = closest
                    .map(|w| format!("; did you mean `{w}`?"))
                    .unwrap_or_default();
                let span = source.cell_span(row, Column::State);
                let mut hit = source.hit(
                    span.clone(),
                    format!(
                        "{}: decision-state-unknown — state \"{}\" is not one of: {}{hint}",
                        source.row_head(row),
                        escape_invisible(&row.state),
                        vocab::STATES.join(" ")
                    ),
                );
                hit.fix = closest.map(|w| word_fix(span, w));
                out.push(hit);
            }
        }
    }
}

/// F25 `decision-source-unknown`: a row whose source is set but not `plan`,
/// `run`, `default` or `ruling` (an empty source is allowed). Points at the
/// source cell; a source close to one of them (`rulling`) is named in the
/// message and carries the unsafe fix that writes it.
pub fn decision_source_unknown(input: &LintInput, out: &mut Vec<Hit>) {
    for source in sources(input) {
        for row in source.rows() {
            if !row.source.is_empty() && !vocab::is_source(&row.source) {
                let closest = vocab::closest_word(&row.source, vocab::SOURCES.iter().copied());
                let hint = closest
                    .map(|w| format!("; did you mean `{w}`?"))
                    .unwrap_or_default();
                let span = source.cell_span(row, Column::Source);
                let mut hit = source.hit(
                    span.clone(),
                    format!(
                        "{}: decision-source-unknown — source \"{}\" is not one of: {}{hint}",
                        source.row_head(row),
                        escape_invisible(&row.source),
                        vocab::SOURCES.join(" ")
                    ),
                );
                hit.fix = closest.map(|w| word_fix(span, w));
                out.push(hit);
            }
        }
    }
}

/// F25 `decision-outstanding-unowned`: an `outstanding` row with no owner.
/// Points at the owner cell.
pub fn decision_outstanding_unowned(input: &LintInput, out: &mut Vec<Hit>) {
    for source in sources(input) {
        for row in source.rows() {
            if row.state == vocab::STATE_OUTSTANDING && row.named_owner().is_none() {
                out.push(source.hit(
                    source.cell_span(row, Column::Owner),
                    format!(
                        "{}: decision-outstanding-unowned — an outstanding decision needs an owner (who answers it); name them in the owner column",
                        source.row_head(row)
                    ),
                ));
            }
        }
    }
}

/// F25 `decision-blocking-invalid` (SPEC §6, fix): a blocking cell that is
/// none of `yes` `true` `y` `no` `false` `n` (any case, decoration
/// stripped), empty, `—` or `-`. The listing prints `no` for it, as the
/// reference does, while the start gate treats the row as blocking
/// (SPEC §5.4). Points at the blocking cell.
pub fn decision_blocking_invalid(input: &LintInput, out: &mut Vec<Hit>) {
    for source in sources(input) {
        for row in source.rows() {
            if let BlockingCell::Unreadable(cell) = &row.blocking_cell {
                out.push(source.hit(
                    source.cell_span(row, Column::Blocking),
                    format!(
                        "{}: decision-blocking-invalid — blocking \"{}\" is not one of: yes no (or true false y n), so listings read it as no while the start gate treats the row as blocking; write yes or no",
                        source.row_head(row),
                        escape_invisible(cell)
                    ),
                ));
            }
        }
    }
}

/// F25 `decision-phase-invalid`: a phase cell that is neither digits nor
/// plan-wide (`—`, `-`, empty), e.g. `2a`; the row is read as plan-wide.
/// Points at the phase cell.
pub fn decision_phase_invalid(input: &LintInput, out: &mut Vec<Hit>) {
    for source in sources(input) {
        for row in source.rows() {
            if let PhaseScope::Invalid(cell) = &row.phase {
                out.push(source.hit(
                    source.cell_span(row, Column::Phase),
                    format!(
                        "{}: decision-phase-invalid — phase \"{}\" is neither a phase number nor — (plan-wide), so the row is read as plan-wide; write the phase number, or — for every phase",
                        source.row_head(row),
                        escape_invisible(cell)
                    ),
                ));
            }
        }
    }
}

/// F25 `decision-phase-unknown`: a row scoped to a phase the graph does not
/// define; no view ever reads it. Points at the phase cell.
pub fn decision_phase_unknown(input: &LintInput, out: &mut Vec<Hit>) {
    let graph = input.manifest.plan.graph_phases();
    for source in sources(input) {
        for row in source.rows() {
            let phase = match &row.phase {
                PhaseScope::Phase(p) if !input.manifest.plan.in_graph(*p) => p.to_string(),
                PhaseScope::OutOfRange(digits) => digits.clone(),
                _ => continue,
            };
            out.push(source.hit(
                source.cell_span(row, Column::Phase),
                format!(
                    "{}: decision-phase-unknown — phase {phase} is not in this plan (phases: {}), so no view reads the row; scope it to a phase of the graph, or — for plan-wide",
                    source.row_head(row),
                    phase_list(&graph)
                ),
            ));
        }
    }
}

/// F25 `decision-row-duplicate`: two rows for one key and phase in one
/// file, the phase as the row is read (an invalid phase cell is plan-wide,
/// [`PhaseScope::read_as`]); the later row wins. Points at each later
/// row's key cell.
pub fn decision_row_duplicate(input: &LintInput, out: &mut Vec<Hit>) {
    for source in sources(input) {
        let rows = source.rows();
        let mut first: HashMap<(&str, &PhaseScope), usize> = HashMap::with_capacity(rows.len());
        for row in rows {
            let line = match first.entry((row.key.as_str(), row.phase.read_as())) {
                Entry::Vacant(e) => {
                    e.insert(row.origin.line);
                    continue;
                }
                Entry::Occupied(e) => *e.get(),
            };
            let scope_words = match &row.phase {
                PhaseScope::Phase(p) => format!("phase {p}"),
                PhaseScope::Invalid(cell) => format!(
                    "plan-wide, as its phase cell \"{}\" is read",
                    escape_invisible(cell)
                ),
                _ => "plan-wide".to_string(),
            };
            out.push(source.hit(
                source.cell_span(row, Column::Key),
                format!(
                    "{}: decision-row-duplicate — line {} repeats the row of line {line} (same key, {scope_words}); the later row wins whole, so delete one or merge them",
                    source.row_head(row),
                    row.origin.line
                ),
            ));
        }
    }
}

/// F25 `decision-table-malformed`: pipe lines in the Decisions section that
/// do not form a manifest table (no delimiter row, a row with more cells
/// than the header, no `key` column, a table nested in a blockquote or list
/// item, a line without pipes that GFM reads as a row). Points at the line
/// where the shape starts. A merge-conflict marker line is left to
/// `merge-conflict-marker`, which says what it is.
pub fn decision_table_malformed(input: &LintInput, out: &mut Vec<Hit>) {
    for source in sources(input) {
        let Some(section) = source.section else {
            continue;
        };
        let markers = if section.problems.is_empty() {
            Vec::new()
        } else {
            source.file.conflict_marker_lines()
        };
        for problem in section
            .problems
            .iter()
            .filter(|p| markers.binary_search(&p.line).is_err())
        {
            let todo = match problem.kind {
                ProblemKind::NotATable => {
                    "Markdown shows no table while listings read the lines one by one, and the start gate refuses; put a |---|---| delimiter row, one cell per column, right under the header row"
                }
                ProblemKind::Nested => {
                    "move the table out of the blockquote or list, starting each line with |"
                }
                ProblemKind::NoKeyColumn => {
                    "the section reads as having no manifest; name the key column `key` (columns: key value owner state blocking source evidence phase)"
                }
                ProblemKind::MissingColumns { .. } => {
                    "listings read the missing cells as empty (an empty blocking cell as no), and the start gate refuses while it stands; name the columns `key`, `state` and `blocking` in the header (columns: key value owner state blocking source evidence phase)"
                }
                ProblemKind::TooManyCells { .. } => {
                    "the extra cells are dropped; remove them, or write a | inside a cell as \\|"
                }
                ProblemKind::TooFewCells { .. } => {
                    "the missing cells read as empty (an empty blocking cell as no); give the row one cell per column, an empty one as | |"
                }
                ProblemKind::LineWithoutPipes => {
                    "put a blank line between the table and the text after it"
                }
                ProblemKind::ColumnTwice { .. } => {
                    "the start gate refuses while it stands; remove or rename one of the two (columns: key value owner state blocking source evidence phase)"
                }
                ProblemKind::ColumnNearMiss { column, .. } => match column {
                    Column::Phase => {
                        "every row reads as plan-wide, so an answer for one phase opens every phase, and the start gate refuses while it stands; write the header as `phase` (columns: key value owner state blocking source evidence phase)"
                    }
                    _ => {
                        "the column's cells read as empty, and the start gate refuses while it stands; write the header as the column's name (columns: key value owner state blocking source evidence phase)"
                    }
                },
                ProblemKind::KeyEmpty => {
                    "the start gate refuses while it stands; write the decision's key in the key cell, or delete the row"
                }
            };
            let mut found = source.hit(
                line_span(source.file, problem.line),
                format!(
                    "decision table in {} (line {}): decision-table-malformed — {}; {todo}",
                    source.name(),
                    problem.line,
                    problem.kind.describe()
                ),
            );
            if problem.kind == ProblemKind::LineWithoutPipes {
                found.fix = super::style::blank_line_fix(source.file, section, problem.line);
            }
            out.push(found);
        }
    }
}

/// Whether `line` is almost a level-2 `Decisions` heading: `##` directly
/// followed by `Decisions`, or by a non-ASCII space (non-breaking, zero
/// width) before it — CommonMark needs an ASCII space or tab after `##`.
pub fn is_near_miss_heading(line: &str) -> bool {
    let rest = line.trim_start_matches(' ');
    if line.len() - rest.len() > 3 {
        return false;
    }
    let Some(rest) = rest.strip_prefix("##") else {
        return false;
    };
    if rest.starts_with(['#', ' ', '\t']) {
        return false;
    }
    let rest = rest.trim_start_matches(|c: char| {
        c.is_whitespace() || matches!(c, '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}')
    });
    starts_with_ignore_case(rest, "decisions")
}

/// Whether `line`, wherever it starts, is written like a Decisions heading:
/// one to six `#`, then (after blanks and invisible characters) text
/// starting with `Decisions`, any case.
fn reads_like_decisions_heading(line: &str) -> bool {
    let rest = line.trim_start_matches([' ', '\t']);
    let after = rest.trim_start_matches('#');
    let hashes = rest.len() - after.len();
    (1..=6).contains(&hashes) && names_decisions(after)
}

/// What the lint says to do about a near-miss Decisions heading.
const WRITE_HEADING: &str = "write \"## Decisions\"";

/// A line that is almost the `## Decisions` heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NearMiss {
    /// 1-based line.
    line: usize,
    /// What is wrong with it, after the quoted line.
    what: String,
    /// What to do.
    todo: String,
}

/// Why a heading of `level` with `text` is not the `## Decisions` heading
/// although it reads like one: wrong level, invisible characters in its
/// text, or both. `None` when it does not read like one.
fn heading_near_miss(level: u8, text: &str) -> Option<(String, String)> {
    if !names_decisions(text.trim_start_matches('#')) {
        return None;
    }
    let hidden = text.chars().any(is_invisible);
    let what = match (level, hidden) {
        (2, _) => {
            "is a heading whose text holds invisible characters and does not read as \"Decisions\""
                .to_string()
        }
        (_, false) => format!(
            "is a level-{level} heading, and the manifest is read only under a level-2 heading"
        ),
        (_, true) => format!(
            "is a level-{level} heading whose text holds invisible characters, and the manifest is read only under a level-2 heading"
        ),
    };
    let todo = if hidden {
        format!("delete the invisible characters and {WRITE_HEADING}")
    } else {
        WRITE_HEADING.to_string()
    };
    Some((what, todo))
}

/// Why the body line `line` (not a heading) is almost the `## Decisions`
/// heading, given the blocks of `file` that are never closed.
fn line_near_miss(
    file: &MarkdownFile,
    line: usize,
    unclosed: &[UnclosedBlock],
) -> Option<(String, String)> {
    let range = file.lines.line_range(&file.text, line);
    let text = &file.text[range.clone()];
    // The blocks are sorted and do not overlap: the one that can hold the
    // line starts last at or before it.
    let after = unclosed.partition_point(|b| b.range.start <= range.start);
    if let Some(block) = unclosed[..after]
        .last()
        .filter(|b| b.line < line && b.range.contains(&range.start))
    {
        if !reads_like_decisions_heading(text) {
            return None;
        }
        let (what, closer) = if block.opener == "<!--" {
            ("HTML comment", "-->")
        } else {
            ("code block", block.opener.as_str())
        };
        return Some((
            format!(
                "is inside the {what} opened at line {} with {}, which is never closed: it is not a heading",
                block.line, block.opener
            ),
            format!("close the block with a {closer} line above this one"),
        ));
    }
    let indented_code = file
        .doc
        .code_block_at(range.start)
        .is_some_and(|b| !b.fenced);
    if file.doc.in_code_or_html(range.start) && !indented_code {
        return None;
    }
    let indent = &text[..text.len() - text.trim_start_matches([' ', '\t']).len()];
    if indent.contains('\t') || indent.len() > 3 {
        return reads_like_decisions_heading(text).then(|| {
            (
                "is indented more than 3 spaces: CommonMark reads it as code (or as text), not as a heading"
                    .to_string(),
                "start the line with ##, indented at most 3 spaces".to_string(),
            )
        });
    }
    is_near_miss_heading(text).then(|| {
        (
            "is not a heading (CommonMark needs an ASCII space after ##)".to_string(),
            WRITE_HEADING.to_string(),
        )
    })
}

/// The lines of `file` that are almost a `## Decisions` heading, in line
/// order: a heading of another level or with invisible characters in its
/// text; `##Decisions` or `##` and a non-ASCII space; an indented
/// `## Decisions` (a code block); a `## Decisions` inside a fence or HTML
/// comment that is never closed. Lines inside closed code blocks and HTML
/// comments (examples) do not count.
pub(crate) fn near_misses(file: &MarkdownFile) -> Vec<NearMiss> {
    let mut out = Vec::new();
    let mut heading_lines = BTreeSet::new();
    for heading in &file.doc.headings {
        let line = file.line_of(heading.range.start);
        heading_lines.insert(line);
        if let Some((what, todo)) = heading_near_miss(heading.level, &heading.text) {
            out.push(NearMiss { line, what, todo });
        }
    }
    let unclosed = file.unclosed_blocks();
    let body = file.frontmatter.as_ref().map(|f| f.end);
    let first = body.map(|end| file.line_of(end)).unwrap_or(1);
    for line in first..=file.lines.len() {
        let starts_in_body = body.is_none_or(|end| file.lines.line_start(line) >= end);
        if !starts_in_body || heading_lines.contains(&line) {
            continue;
        }
        if let Some((what, todo)) = line_near_miss(file, line, &unclosed) {
            out.push(NearMiss { line, what, todo });
        }
    }
    out.sort_by_key(|m| m.line);
    out
}

/// F25 `decisions-heading-malformed`: a file (plan or twin) with no
/// level-2 `Decisions` heading but a line that is almost one (see
/// [`near_misses`]). Points at the line; the message shows it with
/// invisible characters escaped and says what is wrong.
pub fn decisions_heading_malformed(input: &LintInput, out: &mut Vec<Hit>) {
    for source in sources(input) {
        if source.section.is_some() {
            continue;
        }
        let file = source.file;
        for miss in near_misses(file) {
            out.push(source.hit(
                line_span(file, miss.line),
                format!(
                    "decisions heading in {} (line {}): decisions-heading-malformed — \"{}\" {}, so {} has no manifest; {}",
                    source.name(),
                    miss.line,
                    escape_invisible(file.line_text(miss.line).trim_end_matches([' ', '\t', '\r'])),
                    miss.what,
                    source.name(),
                    miss.todo
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_miss_headings() {
        assert!(is_near_miss_heading("##Decisions"));
        assert!(is_near_miss_heading("##\u{A0}Decisions"));
        assert!(is_near_miss_heading("  ##decisions log"));
        assert!(!is_near_miss_heading("## Decisions"));
        assert!(!is_near_miss_heading("###Decisions"));
        assert!(!is_near_miss_heading("    ##Decisions"));
        assert!(!is_near_miss_heading("##Phase graph"));
    }
}
