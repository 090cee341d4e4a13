//! The reference-compatible TSV listing (SPEC §5.1):
//! `key<TAB>state<TAB>owner<TAB>blocking<TAB>source<TAB>value`, one line per
//! resolved row.

use std::io::Write;

use super::flatten_field;
use crate::plan::decisions::DecisionRow;

/// The TSV line of one row, `\n`-terminated; `blocking` is `yes`/`no`, and
/// tabs, CR and LF inside a field are printed as one space.
pub fn line(row: &DecisionRow) -> String {
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}\n",
        flatten_field(&row.key),
        flatten_field(&row.state),
        flatten_field(&row.owner),
        row.blocking_word(),
        flatten_field(&row.source),
        flatten_field(&row.value)
    )
}

/// Writes the TSV listing of `rows` to `out`. Errors are the writer's.
pub fn write(out: &mut dyn Write, rows: &[&DecisionRow]) -> std::io::Result<()> {
    for row in rows {
        out.write_all(line(row).as_bytes())?;
    }
    Ok(())
}
