//! The table listing for a person (SPEC §5.2): aligned columns, each state
//! in its own colour when the output is a terminal (and `NO_COLOR` is unset).

use std::io::Write;

use anstyle::{AnsiColor, Style};
use unicode_width::UnicodeWidthStr;

use super::flatten_field;
use crate::error::escape_invisible;
use crate::manifest::DecisionRow;
use crate::vocab;

const HEADERS: [&str; 7] = [
    "KEY", "STATE", "OWNER", "BLOCKING", "SOURCE", "PHASE", "VALUE",
];

/// The colour of a state word.
fn state_style(state: &str) -> Style {
    match state {
        vocab::STATE_ANSWERED => AnsiColor::Green.on_default(),
        vocab::STATE_OUTSTANDING => AnsiColor::Yellow.on_default().bold(),
        vocab::STATE_WAIVED => AnsiColor::Cyan.on_default(),
        _ => AnsiColor::Red.on_default(),
    }
}

/// Writes `rows` as an aligned table with a header line. Colour codes are
/// always written; pass an `anstream` stream to strip them where the output
/// is not a terminal or `NO_COLOR` is set. With no rows, says so.
pub fn write(out: &mut dyn Write, rows: &[&DecisionRow]) -> std::io::Result<()> {
    if rows.is_empty() {
        return writeln!(out, "(no decisions)");
    }
    let cells: Vec<[String; 7]> = rows
        .iter()
        .map(|r| {
            [
                shown(&r.key),
                shown(&r.state),
                shown(&r.owner),
                r.blocking_word().to_string(),
                shown(&r.source),
                r.phase
                    .phase()
                    .map(|p| p.to_string())
                    .unwrap_or_else(|| "—".into()),
                shown(&r.value),
            ]
        })
        .collect();
    let widths = column_widths(HEADERS, &cells);
    write_header(out, HEADERS, &widths)?;
    for (row, cells) in rows.iter().zip(&cells) {
        writeln!(
            out,
            "{}",
            row_line(cells, &widths, (1, state_style(&row.state)))
        )?;
    }
    Ok(())
}

/// A field as the table shows it to a person: tabs and line breaks as
/// spaces, other invisible and control characters (zero-width, bidi
/// overrides, non-breaking spaces) escaped as `\u{XXXX}` so a look-alike
/// is visible and cannot reorder the line (SPEC §8).
pub(super) fn shown(field: &str) -> String {
    escape_invisible(&flatten_field(field))
}

/// The display width of each column: the widest of its header and cells.
pub(super) fn column_widths<const N: usize>(
    headers: [&str; N],
    cells: &[[String; N]],
) -> [usize; N] {
    let mut widths = headers.map(UnicodeWidthStr::width);
    for row in cells {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.width());
        }
    }
    widths
}

/// Writes the bold header line of a table of `headers` with column `widths`.
pub(super) fn write_header<const N: usize>(
    out: &mut dyn Write,
    headers: [&str; N],
    widths: &[usize; N],
) -> std::io::Result<()> {
    let bold = Style::new().bold();
    let mut line = String::new();
    for (i, h) in headers.iter().enumerate() {
        push_cell(&mut line, h, widths[i], i + 1 == N);
    }
    writeln!(out, "{bold}{}{bold:#}", line.trim_end())
}

/// The line of a table row: `cells` padded to `widths`, the cell at
/// `styled.0` (never the last) in the style `styled.1`; no trailing blanks.
pub(super) fn row_line<const N: usize>(
    cells: &[String; N],
    widths: &[usize; N],
    styled: (usize, Style),
) -> String {
    let mut line = String::new();
    for (i, cell) in cells.iter().enumerate() {
        if i == styled.0 {
            let style = styled.1;
            line.push_str(&format!("{style}{cell}{style:#}"));
            line.push_str(&" ".repeat(widths[i] - cell.width() + 2));
        } else {
            push_cell(&mut line, cell, widths[i], i + 1 == N);
        }
    }
    line.trim_end().to_string()
}

/// Appends `cell` to `line`, padded to `width` plus two spaces unless it is
/// the `last` column.
fn push_cell(line: &mut String, cell: &str, width: usize, last: bool) {
    line.push_str(cell);
    if !last {
        line.push_str(&" ".repeat(width - cell.width() + 2));
    }
}
