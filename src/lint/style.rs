//! Style checks that carry a fix (SPEC §10.1 "Fixes"): ways of writing a
//! phase number, a range or a decision word that the reader accepts but
//! other tools and people may not. Each is advisory and each finding
//! carries the [`Fix`] that writes the plain form, which reads the same:
//!
//! - `phase-number-zero-padded` (F21): `01` in a Depends-on cell, a
//!   `### Phase 07` heading, a decision row's phase cell `08`;
//! - `depends-range-dash` (F21): a Depends-on range written with an en or
//!   em dash, `2–4`;
//! - `decision-word-style` (F25): a state, source or blocking word written
//!   decorated or in capitals (`**Answered**`, `Yes`, `Plan`), and a word
//!   key's answer written in capitals (`relay | Off`), which the console
//!   does not read as the word.

use std::ops::Range;

use super::{Fix, Hit, LintInput};
use crate::error::escape_invisible;
use crate::manifest::in_force::answer_tokens;
use crate::markdown::MarkdownFile;
use crate::markdown::table::{split_cells, strip_decoration, stripped, trim_cell};
use crate::plan::decisions::{Column, DecisionRow, DecisionSection, FileKind, PhaseScope};
use crate::vocab;

/// The zero-padded runs of ASCII digits in `range` of `text` (`07`, `001`),
/// each as its absolute byte range and the number written plainly (`7`,
/// `1`; `00` is `0`).
pub fn zero_padded_runs(text: &str, range: Range<usize>) -> Vec<(Range<usize>, String)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut at = range.start;
    while at < range.end {
        if !bytes[at].is_ascii_digit() {
            at += 1;
            continue;
        }
        let start = at;
        while at < range.end && bytes[at].is_ascii_digit() {
            at += 1;
        }
        let digits = &text[start..at];
        if digits.len() > 1 && digits.starts_with('0') {
            let plain = digits.trim_start_matches('0');
            let plain = if plain.is_empty() { "0" } else { plain };
            out.push((start..at, plain.to_string()));
        }
    }
    out
}

/// The fix that writes each zero-padded number of `range` of `text`
/// plainly; `None` when there is none.
pub fn unpad_fix(text: &str, range: Range<usize>) -> Option<Fix> {
    let runs = zero_padded_runs(text, range);
    let first = runs.first()?;
    let title = format!("write {}", first.1);
    Some(Fix::new(
        title,
        runs.into_iter()
            .map(|(range, plain)| super::Edit::replace(range, plain))
            .collect(),
    ))
}

/// The Depends-on cell of each graph row that defines a phase: the phase
/// and the cell's raw (untrimmed) byte range in the plan.
fn depends_cells(input: &LintInput) -> Vec<(u32, Range<usize>)> {
    let plan = &input.manifest.plan;
    let Some(table) = plan.graph.as_ref().and_then(|g| g.table.as_ref()) else {
        return Vec::new();
    };
    let Some(col) = table.depends_col else {
        return Vec::new();
    };
    let text = plan.file.text.as_str();
    table
        .rows
        .iter()
        .filter_map(|row| {
            let phase = row.phase_number()?;
            let cell = split_cells(&text[row.range.clone()]).into_iter().nth(col)?;
            Some((
                phase,
                (row.range.start + cell.start)..(row.range.start + cell.end),
            ))
        })
        .collect()
}

/// A hit for each zero-padded number in `range` of `text` (in the file of
/// `kind`), with the fix that writes it plainly; `message` words it from
/// the number as written and as it should be.
fn unpadded_hits(
    kind: FileKind,
    text: &str,
    range: Range<usize>,
    message: impl Fn(&str, &str) -> String,
) -> impl Iterator<Item = Hit> {
    zero_padded_runs(text, range)
        .into_iter()
        .map(move |(span, plain)| {
            let message = message(&text[span.clone()], &plain);
            Hit {
                file: kind,
                span: span.clone(),
                message,
                fix: Some(Fix::replace(format!("write {plain}"), span, plain)),
            }
        })
}

/// The digits of a `### Phase N` heading on 1-based `line` of `file`: the
/// run after the first `Phase` or `phase`.
fn heading_digits(file: &MarkdownFile, line: usize) -> Option<Range<usize>> {
    let range = file.lines.line_range(&file.text, line);
    let text = &file.text[range.clone()];
    let word = text.find("Phase").or_else(|| text.find("phase"))?;
    let after = &text[word + 5..];
    let start = word + 5 + (after.len() - after.trim_start_matches([' ', '\t']).len());
    let len = text[start..].bytes().take_while(u8::is_ascii_digit).count();
    (len > 0).then(|| (range.start + start)..(range.start + start + len))
}

/// One decision row with the file and table it was read from.
struct RowAt<'a> {
    kind: FileKind,
    file: &'a MarkdownFile,
    row: &'a DecisionRow,
    /// Absolute raw range of each cell of the row's line.
    cells: &'a [Range<usize>],
    section: &'a DecisionSection,
}

impl RowAt<'_> {
    /// The raw range of `column`'s cell, when the table has the column and
    /// the row the cell.
    fn cell(&self, column: Column) -> Option<Range<usize>> {
        let table = self.section.table.as_ref()?;
        self.cells.get(table.column_index(column)?).cloned()
    }

    /// ``decision row `K` in W`` plus ` (phase N)` for a scoped row.
    fn head(&self) -> String {
        super::decision_sources::row_head(self.kind, self.row)
    }

    fn hit(&self, span: Range<usize>, message: String, fix: Fix) -> Hit {
        Hit {
            file: self.kind,
            span,
            message,
            fix: Some(fix),
        }
    }
}

/// Every decision row of the plan and the twin, with its cells.
fn decision_rows<'a>(input: &'a LintInput) -> Vec<RowAt<'a>> {
    let mut out = Vec::new();
    for super::decision_sources::Source {
        kind,
        file,
        section,
    } in super::decision_sources::sources(input)
    {
        let Some(section) = section else { continue };
        let Some(table) = &section.table else {
            continue;
        };
        for line in &table.lines {
            let Some(row) = line.row.and_then(|i| table.rows.get(i)) else {
                continue;
            };
            out.push(RowAt {
                kind,
                file,
                row,
                cells: &line.cells,
                section,
            });
        }
    }
    out
}

/// `phase-number-zero-padded` (F21, advisory): a phase number written with
/// a leading zero outside the graph's Phase cells (which
/// `phase-cell-zero-padded` checks): in a Depends-on cell (`01`), a
/// `### Phase 07` heading, or a decision row's phase cell (`08`). Each is
/// read as the number; the fix writes it plainly. Points at the digits.
pub fn phase_number_zero_padded(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    let text = plan.file.text.as_str();
    for (phase, cell) in depends_cells(input) {
        out.extend(unpadded_hits(FileKind::Plan, text, cell, |written, plain| {
            format!(
                "phase {phase}: phase-number-zero-padded — Depends on writes phase {plain} as \"{written}\"; write {plain}, as the Phase column names it"
            )
        }));
    }
    for block in plan.phases() {
        let Some(digits) = heading_digits(&plan.file, block.heading_line) else {
            continue;
        };
        out.extend(unpadded_hits(FileKind::Plan, text, digits, |written, plain| {
            format!(
                "phase {plain}: phase-number-zero-padded — the heading writes the phase as \"{written}\" (read as {plain}); write \"Phase {plain}\", as the Phase graph names it"
            )
        }));
    }
    for at in decision_rows(input) {
        if !matches!(at.row.phase, PhaseScope::Phase(_)) {
            continue;
        }
        let Some(cell) = at.cell(Column::Phase) else {
            continue;
        };
        out.extend(unpadded_hits(at.kind, &at.file.text, cell, |written, plain| {
            format!(
                "{}: phase-number-zero-padded — the phase cell writes phase {plain} as \"{written}\"; write {plain}",
                at.head()
            )
        }));
    }
}

/// The ranges written with an en or em dash between two digits in `range`
/// of `text` (`2–4`): the dash's byte range.
fn dash_ranges(text: &str, range: Range<usize>) -> Vec<Range<usize>> {
    let cell = &text[range.clone()];
    cell.char_indices()
        .filter(|(_, c)| matches!(c, '–' | '—'))
        .filter(|&(i, c)| {
            let before = cell[..i].chars().next_back();
            let after = cell[i + c.len_utf8()..].chars().next();
            before.is_some_and(|b| b.is_ascii_digit()) && after.is_some_and(|a| a.is_ascii_digit())
        })
        .map(|(i, c)| (range.start + i)..(range.start + i + c.len_utf8()))
        .collect()
}

/// `depends-range-dash` (F21, advisory): a Depends-on range written with an
/// en or em dash between its numbers (`2–4`). The tool reads the dash as a
/// hyphen (SPEC §3.2), but scripts that read the graph may not; the fix
/// writes a hyphen. Points at the dash.
pub fn depends_range_dash(input: &LintInput, out: &mut Vec<Hit>) {
    let text = input.plan_file().text.as_str();
    for (phase, cell) in depends_cells(input) {
        for dash in dash_ranges(text, cell) {
            let from = text[..dash.start]
                .bytes()
                .rev()
                .take_while(u8::is_ascii_digit)
                .count();
            let to = text[dash.end..]
                .bytes()
                .take_while(u8::is_ascii_digit)
                .count();
            let written = &text[dash.start - from..dash.end + to];
            let plain = format!(
                "{}-{}",
                &text[dash.start - from..dash.start],
                &text[dash.end..dash.end + to]
            );
            let message = format!(
                "phase {phase}: depends-range-dash — Depends on writes the range \"{written}\" with a dash; write {plain} with a hyphen, which every reader of the graph takes as a range"
            );
            let fix = Fix::replace(format!("write {plain}"), dash.clone(), "-");
            out.push(Hit::in_plan(dash, message).with_fix(fix));
        }
    }
}

/// Whether a value, read as the console reads it (`*` and backticks
/// removed), holds one of `words` exactly.
fn holds_word(value: &str, words: &[&str]) -> bool {
    let stripped = strip_decoration(value);
    answer_tokens(&stripped).any(|(_, t)| words.contains(&t))
}

/// The fix for a word key's answer written in other letters: the first
/// token of the raw value cell `cell` that is an answer word in another
/// case, written in lower case, when the value holds no answer word as
/// written and reads as that word once fixed. An owner key whose value is
/// one owner name reads as that owner, and is left alone.
fn answer_case_fix(at: &RowAt, cell: Range<usize>) -> Option<(Range<usize>, String)> {
    let row = at.row;
    if row.state != vocab::STATE_ANSWERED || !vocab::WORD_KEYS.contains(&row.key.as_str()) {
        return None;
    }
    let spec = vocab::key_spec(&row.key)?;
    let raw = &at.file.text[cell.clone()];
    if holds_word(raw, spec.words) {
        return None;
    }
    if spec.owner_answer && vocab::is_owner_name(&strip_decoration(raw)) {
        return None;
    }
    let (range, word) = answer_tokens(raw).find_map(|(range, token)| {
        spec.words
            .iter()
            .find(|w| w.eq_ignore_ascii_case(token))
            .map(|w| (range, *w))
    })?;
    let fixed = format!("{}{word}{}", &raw[..range.start], &raw[range.end..]);
    holds_word(&fixed, spec.words).then(|| {
        (
            (cell.start + range.start)..(cell.start + range.end),
            word.to_string(),
        )
    })
}

/// `decision-word-style` (F25, advisory): in a decision row of the plan or
/// the twin, a state, source or blocking word written decorated or in
/// capitals (`**Answered**`, `Plan`, `Yes`) — read as the word, but not as
/// other tools and the writer write it — and a word key's answer written in
/// capitals (`relay | Off`), which the console does not take as the answer
/// word. The fix writes the word as the vocabulary spells it. Points at the
/// cell or the word.
pub fn decision_word_style(input: &LintInput, out: &mut Vec<Hit>) {
    let columns: [(Column, &[&str]); 3] = [
        (Column::State, &vocab::STATES),
        (Column::Source, &vocab::SOURCES),
        (Column::Blocking, &vocab::BLOCKING_WORDS),
    ];
    for at in decision_rows(input) {
        for (column, words) in columns {
            let Some(cell) = at.cell(column) else {
                continue;
            };
            let span = super::trimmed_span(at.file, cell);
            let written = trim_cell(&at.file.text[span.clone()]);
            let stripped_word = stripped(written);
            // Undecorated, in ASCII small letters: the word as written.
            if written.is_empty()
                || (*stripped_word == *written
                    && !written
                        .bytes()
                        .any(|b| b.is_ascii_uppercase() || !b.is_ascii()))
            {
                continue;
            }
            let word = stripped_word.to_lowercase();
            if written == word || !words.contains(&word.as_str()) {
                continue;
            }
            let message = format!(
                "{}: decision-word-style — {} \"{}\" reads as {word}, but is written decorated or in capitals; write {word}",
                at.head(),
                column.name(),
                escape_invisible(written)
            );
            let fix = Fix::replace(format!("write {word}"), span.clone(), word.clone());
            out.push(at.hit(span, message, fix));
        }
        if let Some(cell) = at.cell(Column::Value)
            && let Some((span, word)) = answer_case_fix(&at, cell)
        {
            let written = &at.file.text[span.clone()];
            let message = format!(
                "{}: decision-word-style — the answer \"{}\" is the word {word} in other letters, and the console reads only {word}; write {word}",
                at.head(),
                escape_invisible(written)
            );
            let fix = Fix::replace(format!("write {word}"), span.clone(), word);
            out.push(at.hit(span, message, fix));
        }
    }
}

/// Whether `line` is a setext heading underline (`===`, `--`): a line a
/// paragraph above it would turn into a heading.
fn is_setext_underline(line: &str) -> bool {
    let rest = line.trim_start_matches(' ');
    let body = rest.trim_end_matches([' ', '\t', '\r']);
    line.len() - rest.len() <= 3
        && !body.is_empty()
        && (body.bytes().all(|b| b == b'=') || body.bytes().all(|b| b == b'-'))
}

/// Whether `line` may follow a paragraph without joining it or turning it
/// into a heading: blank, an ATX heading, a code fence or a blockquote.
fn ends_a_paragraph(line: &str) -> bool {
    let rest = line.trim_start_matches(' ');
    if line.len() - rest.len() > 3 {
        return false;
    }
    let hashes = rest.len() - rest.trim_start_matches('#').len();
    let atx = (1..=6).contains(&hashes)
        && rest[hashes..]
            .chars()
            .next()
            .is_none_or(|c| matches!(c, ' ' | '\t' | '\r'));
    rest.trim_matches([' ', '\t', '\r']).is_empty()
        || atx
        || rest.starts_with("```")
        || rest.starts_with("~~~")
        || rest.starts_with('>')
}

/// The fix for text that continues a Decisions table without pipes (GFM
/// reads each such line as a row): a blank line before `line`, the first
/// of those lines, so they read as the paragraph they are. Only when every
/// line from `line` to the end of the table is such a line (no row is cut
/// off), the first is not indented as code, none would turn into a heading
/// underline, and what follows the table ends a paragraph.
pub fn blank_line_fix(file: &MarkdownFile, section: &DecisionSection, line: usize) -> Option<Fix> {
    let table = section.table.as_ref()?;
    let from = table.line_index(line)?;
    let before = table.lines[..from].last();
    let tail = &table.lines[from..];
    if before.is_some_and(|l| l.cells.is_empty()) || tail.iter().any(|l| !l.cells.is_empty()) {
        return None;
    }
    let first = file.line_text(line);
    let indent = first.len() - first.trim_start_matches(' ').len();
    if indent > 3 || first.starts_with('\t') {
        return None;
    }
    if tail[1..]
        .iter()
        .any(|l| is_setext_underline(file.line_text(l.line)))
    {
        return None;
    }
    let next = table.last_line() + 1;
    if next <= file.lines.len() && !ends_a_paragraph(file.line_text(next)) {
        return None;
    }
    let previous = file.lines.line_range(&file.text, line.checked_sub(1)?);
    let start = file.lines.line_start(line);
    let ending = file
        .text
        .get(previous.end..start)
        .filter(|e| !e.is_empty())?;
    Some(Fix::new(
        "put a blank line after the table",
        vec![super::Edit::insert(start, ending)],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_padded_digit_runs() {
        let text = "| 01, 3-007 | 10 | 00 |";
        let runs: Vec<(&str, String)> = zero_padded_runs(text, 0..text.len())
            .into_iter()
            .map(|(r, p)| (&text[r], p))
            .collect();
        assert_eq!(
            runs,
            vec![
                ("01", "1".to_string()),
                ("007", "7".to_string()),
                ("00", "0".to_string())
            ]
        );
    }

    #[test]
    fn dashes_between_digits() {
        let text = "1–2 (+4), 6—9, — , 3 – 4";
        let dashes: Vec<Range<usize>> = dash_ranges(text, 0..text.len());
        assert_eq!(dashes.len(), 2);
        assert_eq!(&text[dashes[1].clone()], "—");
    }

    #[test]
    fn answer_tokens_split_like_the_console() {
        let tokens: Vec<&str> = answer_tokens("**Off** — never, see ops@x/y.")
            .map(|(_, t)| t)
            .collect();
        assert_eq!(tokens, vec!["Off", "never", "see", "ops@x/y."]);
    }
}
