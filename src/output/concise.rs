//! `validate --format concise` (SPEC §6): one line per finding,
//! `path:line:col: CODE name: message`.

use std::io::Write;
use std::path::Path;

use super::display_path;
use crate::lint::PlanReport;

/// Writes every finding of `reports`, in order, one per line; paths are
/// shown relative to `base` when under it. Errors are the writer's.
pub fn write(
    out: &mut dyn Write,
    reports: &[PlanReport],
    base: Option<&Path>,
) -> std::io::Result<()> {
    for report in reports {
        for f in &report.findings {
            writeln!(
                out,
                "{}:{}:{}: {} {}: {}",
                display_path(&f.file, base),
                f.line,
                f.column,
                f.code,
                f.name,
                f.message
            )?;
        }
    }
    Ok(())
}
