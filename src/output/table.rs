//! The table listing for a person (SPEC §5.2): aligned columns that fit the
//! width they are given (a long owner or value is cut with `…`, so every
//! decision stays on one line), each state in its own colour when colour
//! is on. `--format json` or `tsv` give the whole text.

use std::io::{IsTerminal, Write};

use comfy_table::{Attribute, Cell, Color, ContentArrangement, Table};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::flatten_field;
use crate::error::escape_invisible;
use crate::plan::decisions::DecisionRow;
use crate::vocab;

const HEADERS: [&str; 7] = [
    "KEY", "STATE", "OWNER", "BLOCKING", "SOURCE", "PHASE", "VALUE",
];

/// The width a table takes when stdout is not a terminal and `COLUMNS` is
/// not set.
pub const DEFAULT_WIDTH: u16 = 100;

/// The most columns an owner takes before it is cut (it is at most 64
/// characters, SPEC §7); the value takes what is left.
const OWNER_MAX_WIDTH: u16 = 24;

/// The fewest columns a value is cut to, however narrow the table.
pub(super) const VALUE_MIN_WIDTH: u16 = 12;

/// The spaces between two columns.
pub(super) const GAP: u16 = 2;

/// How a table is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// The most columns a line takes (terminal cells).
    pub width: u16,
    /// Whether the header is bold and each state coloured (ANSI codes).
    pub color: bool,
}

impl Layout {
    /// The layout of a table printed on stdout: [`stdout_width`] wide,
    /// coloured when `color` says so.
    pub fn stdout(color: bool) -> Layout {
        Layout {
            width: stdout_width(),
            color,
        }
    }
}

/// The width for a table on stdout: `$COLUMNS` when it is a positive
/// number, else the terminal's width when stdout is a terminal, else
/// [`DEFAULT_WIDTH`].
pub fn stdout_width() -> u16 {
    let columns = std::env::var("COLUMNS").ok();
    let terminal = std::io::stdout()
        .is_terminal()
        .then(|| terminal_size::terminal_size_of(std::io::stdout()))
        .flatten()
        .map(|(w, _)| w.0);
    width_from(columns.as_deref(), terminal)
}

/// The table width from `$COLUMNS` (when a positive number; one past the
/// widest a table is laid out, 65,535 columns, is that width), else the
/// terminal's width, else [`DEFAULT_WIDTH`].
fn width_from(columns: Option<&str>, terminal: Option<u16>) -> u16 {
    columns
        .and_then(|c| c.trim().parse::<u64>().ok())
        .filter(|w| *w > 0)
        .map(|w| u16::try_from(w).unwrap_or(u16::MAX))
        .or(terminal.filter(|w| *w > 0))
        .unwrap_or(DEFAULT_WIDTH)
}

/// The colour of a state word.
fn state_color(state: &str) -> (Color, bool) {
    match state {
        vocab::STATE_ANSWERED => (Color::Green, false),
        vocab::STATE_OUTSTANDING => (Color::Yellow, true),
        vocab::STATE_WAIVED => (Color::Cyan, false),
        _ => (Color::Red, false),
    }
}

/// Writes `rows` as a table with a header line, laid out as `layout` says:
/// one line per decision, no line wider than `layout.width` (unless the
/// key, state, blocking, source and phase columns and the narrowest owner
/// and value columns are wider); an owner or value that does not fit is
/// cut and ends in `…`. Lines carry no trailing spaces. With no rows, says
/// so.
pub fn write(out: &mut dyn Write, rows: &[&DecisionRow], layout: Layout) -> std::io::Result<()> {
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
    let widths = column_widths(&cells, layout.width);

    let mut table = new_table(&HEADERS, layout);
    for (r, row) in rows.iter().zip(cells) {
        let [key, state, owner, blocking, source, phase, value] = row;
        table.add_row(vec![
            Cell::new(key),
            colored_cell(state, state_color(&r.state)),
            Cell::new(cut(&owner, widths.owner)),
            Cell::new(blocking),
            Cell::new(source),
            Cell::new(phase),
            Cell::new(cut(&value, widths.value)),
        ]);
    }
    for line in table_lines(&mut table) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// The width (terminal cells) of column `i`: its widest cell or header.
pub(super) fn widest<const N: usize>(headers: [&str; N], cells: &[[String; N]], i: usize) -> usize {
    cells
        .iter()
        .map(|row| row[i].width())
        .chain(std::iter::once(headers[i].width()))
        .max()
        .unwrap_or(0)
}

/// A cell of `text` in a colour, bold or not.
pub(super) fn colored_cell(text: String, (color, bold): (Color, bool)) -> Cell {
    let cell = Cell::new(text).fg(color);
    if bold {
        cell.add_attribute(Attribute::Bold)
    } else {
        cell
    }
}

/// An empty table with a bold header line of `headers`, laid out as
/// `layout` says (no borders, no wrapping, colour only when it is on).
pub(super) fn new_table(headers: &[&str], layout: Layout) -> Table {
    let mut table = Table::new();
    table
        .load_style(comfy_table::presets::NOTHING)
        .set_content_arrangement(ContentArrangement::Disabled)
        .force_no_tty();
    if layout.color {
        table.enforce_styling().style_text_only();
    }
    table.set_header(
        headers
            .iter()
            .map(|h| Cell::new(h).add_attribute(Attribute::Bold))
            .collect::<Vec<_>>(),
    );
    table
}

/// The lines of `table`, the header first, with [`GAP`] spaces between
/// columns and no trailing spaces.
pub(super) fn table_lines(table: &mut Table) -> Vec<String> {
    let last = table.column_count().saturating_sub(1);
    for (i, column) in table.column_iter_mut().enumerate() {
        column.set_padding((0, if i == last { 0 } else { GAP }));
    }
    table
        .lines()
        .map(|line| line.trim_end().to_string())
        .collect()
}

/// The columns (terminal cells) the owner and value columns get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct CutWidths {
    owner: usize,
    value: usize,
}

/// The owner column as wide as its widest cell, at most
/// [`OWNER_MAX_WIDTH`]; the value column what is left of `width` after the
/// other columns and their gaps, at least [`VALUE_MIN_WIDTH`].
fn column_widths(cells: &[[String; 7]], width: u16) -> CutWidths {
    let widest = |i: usize| widest(HEADERS, cells, i);
    let owner = widest(2).min(usize::from(OWNER_MAX_WIDTH));
    let others: usize = [0, 1, 3, 4, 5].into_iter().map(widest).sum();
    let gaps = usize::from(GAP) * (HEADERS.len() - 1);
    let value = usize::from(width)
        .saturating_sub(others + owner + gaps)
        .max(usize::from(VALUE_MIN_WIDTH));
    CutWidths { owner, value }
}

/// `text` when it fits in `width` terminal cells, else its longest start
/// that fits with `…` after it.
pub(super) fn cut(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut kept = String::new();
    let mut used = 1;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > width {
            break;
        }
        used += w;
        kept.push(c);
    }
    format!("{}…", kept.trim_end())
}

/// A field as the table shows it to a person: tabs and line breaks as
/// spaces, other invisible and control characters (zero-width, bidi
/// overrides, non-breaking spaces) escaped as `\u{XXXX}` so a look-alike
/// is visible and cannot reorder the line (SPEC §8).
pub(super) fn shown(field: &str) -> String {
    escape_invisible(&flatten_field(field))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_then_the_terminal_then_the_default() {
        assert_eq!(width_from(Some("60"), Some(200)), 60);
        assert_eq!(width_from(Some("0"), Some(200)), 200);
        assert_eq!(width_from(Some("wide"), None), DEFAULT_WIDTH);
        assert_eq!(width_from(None, Some(132)), 132);
        assert_eq!(width_from(None, None), DEFAULT_WIDTH);
        assert_eq!(width_from(Some("100000"), None), u16::MAX);
        assert_eq!(width_from(Some("99999999999999999999999"), Some(80)), 80);
    }

    #[test]
    fn a_cut_text_fits_and_ends_in_the_marker() {
        assert_eq!(cut("short", 5), "short");
        assert_eq!(cut("longer text", 8), "longer…");
        assert_eq!(cut("30 € per run", 6), "30 €…");
        assert_eq!(cut("日本語の値", 6), "日本…");
        for width in 1..12 {
            assert!(cut("日本語の値です", width).width() <= width.max(1));
        }
    }
}
