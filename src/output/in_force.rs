//! The outputs of `decisions <SLUG> [--phase N] resolve` (SPEC §5.5): the
//! answer in force of each key as TSV, JSON or a table for a person.

use std::io::Write;

use anstyle::{AnsiColor, Style};
use comfy_table::{Cell, Color};
use serde::Serialize;

use super::flatten_field;
use super::json::JsonRow;
use super::table::{
    GAP, Layout, VALUE_MIN_WIDTH, colored_cell, cut, new_table, shown, table_lines, widest,
};
use crate::manifest::Manifest;
use crate::manifest::in_force::{AnswerFrom, InForce};

/// Writes one line per key, `key<TAB>answer<TAB>from`, `\n`-terminated;
/// the answer is empty when nothing answers (`from` is `none`). Tabs, CR
/// and LF inside the answer are printed as one space.
pub fn write_tsv(out: &mut dyn Write, answers: &[InForce]) -> std::io::Result<()> {
    for answer in answers {
        writeln!(
            out,
            "{}\t{}\t{}",
            answer.spec.key,
            flatten_field(answer.answer.as_deref().unwrap_or_default()),
            answer.from
        )?;
    }
    Ok(())
}

/// One key's answer in force as JSON.
#[derive(Debug, Serialize)]
struct JsonInForce<'a> {
    /// The decision key.
    key: &'static str,
    /// The answer; `null` when nothing answers.
    answer: Option<&'a str>,
    /// Where it comes from: `run`, `plan:<line>`, `twin:<line>`, `console`,
    /// `legacy`, `default` or `none`.
    from: String,
    /// The key's shipped default, or `null`.
    shipped_default: Option<&'static str>,
    /// The key's answer words; `null` for a free-text key.
    answer_words: Option<&'static [&'static str]>,
    /// Whether an owner name also answers the key (the two owner keys).
    owner_names_answer: bool,
    /// The row the view resolves to for the key, or `null`.
    row: Option<JsonRow<'a>>,
    /// Each source before `from` that held something but did not answer.
    passed_over: Vec<JsonPassedOver<'a>>,
}

/// A source passed over, as JSON.
#[derive(Debug, Serialize)]
struct JsonPassedOver<'a> {
    /// The source, as `from` names it.
    from: String,
    /// What it held.
    held: &'a str,
    /// Why it is no answer.
    why: &'a str,
}

/// Writes `answers` as a pretty-printed JSON array (one object per key,
/// with the fields of [`JsonInForce`]), then a newline; rows are located
/// in `manifest`'s files.
pub fn write_json(
    out: &mut dyn Write,
    manifest: &Manifest,
    answers: &[InForce],
) -> std::io::Result<()> {
    let objects: Vec<JsonInForce> = answers
        .iter()
        .map(|a| JsonInForce {
            key: a.spec.key,
            answer: a.answer.as_deref(),
            from: a.from.to_string(),
            shipped_default: a.spec.default,
            answer_words: (!a.spec.is_free_text()).then_some(a.spec.words),
            owner_names_answer: a.spec.owner_answer,
            row: a.row.map(|r| JsonRow::new(manifest, r)),
            passed_over: a
                .passed_over
                .iter()
                .map(|p| JsonPassedOver {
                    from: p.from.to_string(),
                    held: &p.held,
                    why: &p.why,
                })
                .collect(),
        })
        .collect();
    super::write_json(out, &objects)
}

const HEADERS: [&str; 4] = ["KEY", "FROM", "DEFAULT", "ANSWER"];

/// Writes `answers` as a table for a person, laid out as `layout` says:
/// key, where the answer comes from (coloured: yellow when nothing
/// answers), the shipped default (`—` for none) and the answer (`—` when
/// nothing answers), cut with `…` to fit the width; under a key, one line
/// per source passed over and why (never cut).
pub fn write_table(
    out: &mut dyn Write,
    answers: &[InForce],
    layout: Layout,
) -> std::io::Result<()> {
    let cells: Vec<[String; 4]> = answers
        .iter()
        .map(|a| {
            [
                a.spec.key.to_string(),
                a.from.to_string(),
                a.spec.default.unwrap_or("—").to_string(),
                a.answer.as_deref().map(shown).unwrap_or_else(|| "—".into()),
            ]
        })
        .collect();
    let fixed: usize = (0..3).map(|i| widest(HEADERS, &cells, i)).sum();
    let answer_width = usize::from(layout.width)
        .saturating_sub(fixed + usize::from(GAP) * 3)
        .max(usize::from(VALUE_MIN_WIDTH));
    let mut table = new_table(&HEADERS, layout);
    for (answer, [key, from, default, text]) in answers.iter().zip(cells) {
        table.add_row(vec![
            Cell::new(key),
            colored_cell(from, from_color(answer.from)),
            Cell::new(default),
            Cell::new(cut(&text, answer_width)),
        ]);
    }
    let mut lines = table_lines(&mut table).into_iter();
    if let Some(header) = lines.next() {
        writeln!(out, "{header}")?;
    }
    let note = if layout.color {
        AnsiColor::Yellow.on_default()
    } else {
        Style::new()
    };
    for (answer, line) in answers.iter().zip(lines) {
        writeln!(out, "{line}")?;
        for passed in &answer.passed_over {
            writeln!(
                out,
                "  {note}passed over {}: {}{note:#}",
                passed.from,
                shown(&passed.why)
            )?;
        }
    }
    Ok(())
}

/// The colour of a `from` cell, and whether it is bold.
fn from_color(from: AnswerFrom) -> (Color, bool) {
    match from {
        AnswerFrom::Run | AnswerFrom::Row(_) => (Color::Green, false),
        AnswerFrom::Console | AnswerFrom::Legacy => (Color::Cyan, false),
        AnswerFrom::Default => (Color::Reset, false),
        AnswerFrom::None => (Color::Yellow, true),
    }
}
