//! `validate --statistics` (SPEC §10.1): instead of the findings, one line
//! per check that found something, `count<TAB>code<TAB>name`, most found
//! first, as ruff prints it (the code coloured as in the concise format);
//! with `--format json`, an array of `{code, name, count, gating}`. The
//! other formats have no statistics form: [`FORMATS`] says which do.

use std::io::Write;

use anstyle::AnsiColor;

/// The `--format` values that `--statistics` prints in (text for the two
/// formats for people, JSON).
pub const FORMATS: &str = "human, concise (text) or json";

use serde::Serialize;

use crate::lint::{CHECKS, PlanReport};

/// How often one check found something.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckCount {
    /// The check's code.
    pub code: &'static str,
    /// The check's name.
    pub name: &'static str,
    /// Its findings in all the plans.
    pub count: usize,
    /// How many of them gate.
    pub gating: usize,
}

/// The counts of every check with at least one finding in `reports`: most
/// findings first, then in registry order.
pub fn counts(reports: &[PlanReport]) -> Vec<CheckCount> {
    let mut counts: Vec<(usize, CheckCount)> = Vec::new();
    for report in reports {
        for f in &report.findings {
            let gates = usize::from(report.gates(f));
            match counts.iter_mut().find(|(_, c)| c.name == f.name) {
                Some((_, c)) => {
                    c.count += 1;
                    c.gating += gates;
                }
                None => counts.push((
                    CHECKS
                        .iter()
                        .position(|c| c.name == f.name)
                        .unwrap_or(usize::MAX),
                    CheckCount {
                        code: f.code,
                        name: f.name,
                        count: 1,
                        gating: gates,
                    },
                )),
            }
        }
    }
    counts.sort_by_key(|(index, c)| (std::cmp::Reverse(c.count), *index));
    counts.into_iter().map(|(_, c)| c).collect()
}

/// Writes `counts` one per line, `count<TAB>code<TAB>name`, the counts
/// right-aligned and the codes padded to a common width, with
/// ` (not gating)` after a check none of whose findings gate. The code is
/// styled red (yellow when not gating); write through an `anstream`
/// stream to strip the colour where it is off.
pub fn write_text(out: &mut dyn Write, counts: &[CheckCount]) -> std::io::Result<()> {
    let count_width = counts
        .iter()
        .map(|c| c.count.to_string().len())
        .max()
        .unwrap_or(1);
    let code_width = counts.iter().map(|c| c.code.len()).max().unwrap_or(1);
    for c in counts {
        let note = if c.gating == 0 { " (not gating)" } else { "" };
        let colour = if c.gating == 0 {
            AnsiColor::Yellow
        } else {
            AnsiColor::Red
        };
        let code = colour.on_default().bold();
        writeln!(
            out,
            "{:>count_width$}\t{code}{:<code_width$}{code:#}\t{}{note}",
            c.count, c.code, c.name
        )?;
    }
    Ok(())
}

/// Writes `counts` as a pretty-printed JSON array, then a newline.
pub fn write_json(out: &mut dyn Write, counts: &[CheckCount]) -> std::io::Result<()> {
    super::write_json(out, counts)
}
