//! Structure checks (SPEC §6 "Structure", §3.1, §3.2): the frontmatter
//! parses, the phase graph reads as a table of phases (F20, F1, F21), its
//! dependencies name phases it defines (F2) and hold no cycle (F3), and the
//! frontmatter's `phases:` count agrees with it.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use super::depgraph::DepGraph;
use super::{Hit, LintInput, UndefinedPhases, line_span, phase_list, trimmed_span};
use crate::error::escape_invisible;
use crate::markdown::table::split_cells;
use crate::plan::graph::{DependsToken, GraphRow, GraphTable, PhaseCellValue};
use crate::plan::{FrontmatterProblem, Scalar};

/// The header `Phase | Title | Depends on | Repos` a graph table needs, for
/// messages.
const GRAPH_HEADER: &str = "| Phase | Title | Depends on | Repos |";

/// The phase-graph table, when the plan has one.
fn table<'a>(input: &'a LintInput) -> Option<&'a GraphTable> {
    input.manifest.plan.graph.as_ref()?.table.as_ref()
}

/// Whether the table has a header row that names something (not a phase
/// row, read by position, and not a row of blank cells).
fn has_header(table: &GraphTable) -> bool {
    !table.headerless && table.header.iter().any(|c| !c.is_empty())
}

/// The byte range of cell `index` of a graph row, trimmed; the row's line
/// when the row has no such cell.
fn cell_span(input: &LintInput, row: &GraphRow, index: usize) -> Range<usize> {
    let file = input.plan_file();
    let text = &file.text[row.range.clone()];
    split_cells(text)
        .get(index)
        .map(|r| trimmed_span(file, (row.range.start + r.start)..(row.range.start + r.end)))
        .unwrap_or_else(|| line_span(file, row.line))
}

/// How a row names its phase in messages: the number, or the cell as
/// written when it is not a bare integer. `None` for a row with no digit in
/// its phase cell (not a phase row; skipped).
fn row_label(row: &GraphRow) -> Option<String> {
    match &row.phase {
        PhaseCellValue::Number { phase, .. } => Some(phase.to_string()),
        PhaseCellValue::Malformed(cell) => Some(escape_invisible(cell)),
        PhaseCellValue::NotAPhase(_) => None,
    }
}

/// The rows that define a phase: the first row of each phase number.
fn defining_rows(table: &GraphTable) -> Vec<(u32, &GraphRow)> {
    let mut seen = BTreeSet::new();
    table
        .rows
        .iter()
        .filter_map(|row| row.phase_number().map(|p| (p, row)))
        .filter(|(p, _)| seen.insert(*p))
        .collect()
}

/// The YAML library's message without its `error:` and `line L column C:`
/// prefixes (they count lines from the start of the YAML block, not of the
/// plan; the finding carries the plan's line).
fn yaml_reason(message: &str) -> &str {
    let rest = message.trim_start();
    let rest = rest.strip_prefix("error:").unwrap_or(rest).trim_start();
    if let Some(after) = rest.strip_prefix("line ")
        && let Some((_, tail)) = after.split_once(": ")
        && after.split(": ").next().is_some_and(|pos| {
            pos.split(" column ")
                .all(|n| n.trim().parse::<u64>().is_ok())
        })
    {
        return tail.trim_start();
    }
    rest
}

/// F20 `frontmatter-invalid`: the frontmatter is not valid YAML (points at
/// the line of the YAML error, or at the line indented with a tab), is not
/// a mapping of fields, or is never closed (points at line 1).
pub fn frontmatter_invalid(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    let Some(error) = &plan.frontmatter().error else {
        return;
    };
    let line = error.line;
    let reason = escape_invisible(yaml_reason(&error.message));
    let what = match error.kind {
        FrontmatterProblem::Yaml => format!(
            "the YAML does not parse ({reason}), so slug, status and phases are not read; fix the YAML between the two --- lines"
        ),
        FrontmatterProblem::Tab => format!(
            "line {line} is indented with a tab, and YAML indents with spaces only ({reason}), so slug, status and phases are not read; indent with spaces"
        ),
        FrontmatterProblem::NotAMapping => "the frontmatter is not a mapping of fields, so slug, status and phases are not read; write one \"field: value\" per line (slug, status, phases)".to_string(),
        FrontmatterProblem::Unclosed => "the frontmatter opened here is never closed with ---, so slug, status and phases are not read and the whole file is read as the body; add a --- line after the last field".to_string(),
        FrontmatterProblem::DuplicateKey { first } => {
            let key = escape_invisible(&error.message);
            let earlier = first
                .map(|l| format!(" (first on line {l})"))
                .unwrap_or_default();
            format!(
                "\"{key}\" is written twice{earlier}, and YAML allows each key once, so slug, status and phases are not read; keep the \"{key}:\" line you mean and delete the other"
            )
        }
    };
    out.push(Hit::in_plan(
        line_span(&plan.file, line),
        format!("frontmatter (line {line}): frontmatter-invalid — {what}"),
    ));
}

/// F20 `graph-table-missing`: no `## Phase graph` heading, or no table rows
/// under it; points at the heading (or line 1).
pub fn graph_table_missing(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    match &plan.graph {
        None => {
            out.push(Hit::in_plan(
                line_span(&plan.file, 1),
                format!(
                    "Phase graph: no \"## Phase graph\" heading in the plan — add a \"## Phase graph\" section with a {GRAPH_HEADER} table, one row per phase"
                ),
            ));
        }
        Some(graph) if graph.table.as_ref().is_none_or(|t| t.rows.is_empty()) => {
            out.push(Hit::in_plan(
                line_span(&plan.file, graph.heading_line),
                format!(
                    "Phase graph: no table rows found under the \"## Phase graph\" heading — add a {GRAPH_HEADER} table (header, |---| delimiter row, one row per phase)"
                ),
            ));
        }
        Some(_) => {}
    }
}

/// F20 `graph-header-missing`: the table's first row is a phase row (with
/// or without a `|---|` line after it), so its columns are read by
/// position, as the reference reads them (Depends-on the 3rd cell, Repos
/// the 5th); or its header row is blank, so no column can be found. Points
/// at that first row.
pub fn graph_header_missing(input: &LintInput, out: &mut Vec<Hit>) {
    let Some(table) = table(input) else { return };
    if has_header(table) {
        return;
    }
    let what = if table.headerless {
        "its first row is a phase row, so its columns are read by position (Title the 2nd cell, Depends on the 3rd, Repos the 5th) and a table of another shape reads the wrong cells"
    } else {
        "its header row is blank, so no column can be found"
    };
    out.push(Hit::in_plan(
        line_span(input.plan_file(), table.header_line),
        format!(
            "Phase graph: the table has no header row — {what}; add {GRAPH_HEADER} above the first row, then a |---|---|---|---| line"
        ),
    ));
}

/// F20 `graph-depends-column-missing`: the header names no column whose
/// name contains `depends`; points at the header row.
pub fn graph_depends_column_missing(input: &LintInput, out: &mut Vec<Hit>) {
    let Some(table) = table(input) else { return };
    if has_header(table) && table.depends_col.is_none() {
        out.push(Hit::in_plan(
            line_span(input.plan_file(), table.header_line),
            "Phase graph: the header names no \"Depends on\" column — no dependency can be read; name the column \"Depends on\" (a cell holds phase numbers, ranges like 2-4, or — for none)".to_string(),
        ));
    }
}

/// F20 `graph-repos-column-missing`: the header names no column starting
/// with `repos`; points at the header row.
pub fn graph_repos_column_missing(input: &LintInput, out: &mut Vec<Hit>) {
    let Some(table) = table(input) else { return };
    if has_header(table) && table.repos_col.is_none() {
        out.push(Hit::in_plan(
            line_span(input.plan_file(), table.header_line),
            "Phase graph: the header names no \"Repos\" column — a run cannot tell which repositories a phase touches; add a \"Repos\" column".to_string(),
        ));
    }
}

/// F20 `graph-row-cell-count`: a phase row with more or fewer cells than
/// the header; points at the row.
pub fn graph_row_cell_count(input: &LintInput, out: &mut Vec<Hit>) {
    let Some(table) = table(input) else { return };
    let header = table.width;
    let first = if table.headerless {
        "the first row"
    } else {
        "the header"
    };
    for row in &table.rows {
        let Some(label) = row_label(row) else {
            continue;
        };
        let cells = row.cells.len();
        if cells == header {
            continue;
        }
        let todo = if cells < header {
            "add the missing cells (an empty cell is | |)"
        } else {
            "remove the extra cells, or write a | inside a cell as \\|"
        };
        out.push(Hit::in_plan(
            line_span(input.plan_file(), row.line),
            format!(
                "phase {label}: its table row has {cells} columns but {first} has {header} — cells after a gap land in the wrong column; {todo}"
            ),
        ));
    }
}

/// The `phases:` value as written on its frontmatter line (comment
/// dropped, trimmed); the scalar as text when the line cannot be found.
fn phases_as_written(input: &LintInput, scalar: Option<&Scalar>) -> String {
    let plan = &input.manifest.plan;
    let from_line = plan.frontmatter().phases_line.and_then(|line| {
        let text = plan.file.line_text(line).strip_prefix("phases:")?;
        let text = text.split(" #").next().unwrap_or(text);
        Some(text.trim().to_string())
    });
    from_line
        .filter(|t| !t.is_empty())
        .or_else(|| scalar.and_then(Scalar::as_text))
        .unwrap_or_default()
}

/// Whether the frontmatter's `phases:` value is a number (`Some(agrees)`,
/// whether it equals `parsed`) or not a number at all (`None`).
fn count_agrees(scalar: &Scalar, parsed: usize) -> Option<bool> {
    match scalar {
        Scalar::Int(n) => Some(usize::try_from(*n).is_ok_and(|n| n == parsed)),
        Scalar::Float(f) => Some(f.fract() == 0.0 && *f == parsed as f64),
        Scalar::Str(s) => {
            let digits = s.trim();
            (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
                .then(|| digits.parse::<u128>().is_ok_and(|n| n == parsed as u128))
        }
        Scalar::Bool(_) | Scalar::Other(_) => None,
    }
}

/// `phase-count-mismatch` (code F20): the frontmatter's `phases:` is not a
/// whole number equal to the number of phases the graph defines; points
/// at the `phases:` line. `phases: TODO` is not checked, nor a plan
/// without `phases:` or without a graph table.
pub fn phase_count_mismatch(input: &LintInput, out: &mut Vec<Hit>) {
    let plan = &input.manifest.plan;
    let fm = plan.frontmatter();
    if table(input).is_none() || fm.error.is_some() {
        return;
    }
    let scalar = fm.phases.as_ref();
    match scalar {
        Some(Scalar::Str(s)) if s.trim() == "TODO" => return,
        None if fm.phases_line.is_none() => return,
        _ => {}
    }
    let parsed = plan.graph_phases().len();
    let agrees = scalar.and_then(|s| count_agrees(s, parsed));
    if agrees == Some(true) {
        return;
    }
    let written = escape_invisible(&phases_as_written(input, scalar));
    let said = match agrees {
        Some(_) => written,
        None => format!("\"{written}\""),
    };
    let what = if agrees.is_none() {
        "phases: is the number of phases (a whole number), or TODO; "
    } else {
        ""
    };
    let todo = if parsed == 0 {
        "add the phase rows to the Phase graph table, one per phase".to_string()
    } else {
        format!(
            "set \"phases: {parsed}\" in the frontmatter, or add the missing rows to the Phase graph"
        )
    };
    let line = fm.phases_line.unwrap_or(1);
    out.push(Hit::in_plan(
        line_span(&plan.file, line),
        format!(
            "phase count mismatch: frontmatter says {said} but the table parses {parsed} rows — {what}{todo}"
        ),
    ));
}

/// F1 `phase-cell-malformed`: a phase cell holding a digit that is not a
/// bare integer (`2a`); the row defines no phase. Points at the cell.
pub fn phase_cell_malformed(input: &LintInput, out: &mut Vec<Hit>) {
    let Some(table) = table(input) else { return };
    for row in &table.rows {
        if let PhaseCellValue::Malformed(cell) = &row.phase {
            out.push(Hit::in_plan(
                cell_span(input, row, 0),
                format!(
                    "malformed Phase cell: {} (not an integer phase number) — the row defines no phase; write the phase as a bare integer, or give the step a phase of its own",
                    escape_invisible(cell)
                ),
            ));
        }
    }
}

/// F21 `phase-cell-zero-padded`: a phase cell written with a leading zero
/// (`08` is read as phase 8). Points at the cell.
pub fn phase_cell_zero_padded(input: &LintInput, out: &mut Vec<Hit>) {
    let Some(table) = table(input) else { return };
    for row in &table.rows {
        if let PhaseCellValue::Number {
            phase,
            zero_padded: true,
        } = row.phase
        {
            let cell = row.cells.first().map(String::as_str).unwrap_or("");
            let span = cell_span(input, row, 0);
            let mut found = Hit::in_plan(
                span.clone(),
                format!(
                    "malformed Phase cell: {} (zero-padded; read as phase {phase}) — write {phase}, as the headings, handoffs and decision rows name it",
                    escape_invisible(cell)
                ),
            );
            found.fix = super::style::unpad_fix(&input.plan_file().text, span);
            out.push(found);
        }
    }
}

/// F21 `phase-duplicate`: a phase with more than one graph row; the first
/// row wins. Points at each later row.
pub fn phase_duplicate(input: &LintInput, out: &mut Vec<Hit>) {
    let Some(table) = table(input) else { return };
    let mut first: BTreeMap<u32, usize> = BTreeMap::new();
    for row in &table.rows {
        let Some(phase) = row.phase_number() else {
            continue;
        };
        match first.get(&phase) {
            None => {
                first.insert(phase, row.line);
            }
            Some(&line) => out.push(Hit::in_plan(
                line_span(input.plan_file(), row.line),
                format!(
                    "phase {phase}: appears more than once in the Phase graph table — line {} repeats line {line}, and the first row wins; merge the rows or renumber one",
                    row.line
                ),
            )),
        }
    }
}

/// F21 `depends-token-unknown`: a Depends-on token that is not a phase
/// number, a range `A-B` (A ≤ B) or a dash; it is ignored. Points at the
/// Depends-on cell.
pub fn depends_token_unknown(input: &LintInput, out: &mut Vec<Hit>) {
    let Some(table) = table(input) else { return };
    let Some(col) = table.depends_col else { return };
    for (phase, row) in defining_rows(table) {
        for token in &row.depends {
            if let DependsToken::Unknown(t) = token {
                out.push(Hit::in_plan(
                    cell_span(input, row, col),
                    format!(
                        "phase {phase}: Depends-on token \"{}\" was not understood and was ignored — the phase can read as ready before that work is done; write a phase number (3) or a range from low to high (2-4)",
                        escape_invisible(t)
                    ),
                ));
            }
        }
    }
}

/// The most undefined phases of one range token that F2 names one by one;
/// a wider range is one finding that names its runs and their count.
const UNDEFINED_PER_RANGE: u64 = 1000;

/// F2 `depends-phase-undefined`: a dependency on a phase the graph does not
/// define. One finding per undefined phase each time a Depends-on token
/// names it (`1-2, 2` names phase 2 twice), worded as the reference prints
/// it, `phase P depends on undefined phase D`; a range naming more than
/// [`UNDEFINED_PER_RANGE`] undefined phases is one finding with their runs
/// and count. Points at the Depends-on cell.
pub fn depends_phase_undefined(input: &LintInput, out: &mut Vec<Hit>) {
    let Some(table) = table(input) else { return };
    let Some(col) = table.depends_col else { return };
    let phases = input.manifest.plan.graph_phases();
    let defined = super::phases::sorted_phases(&phases);
    for (phase, row) in defining_rows(table) {
        for token in &row.depends {
            let (a, b) = match *token {
                DependsToken::Phase(dep) => (dep, dep),
                DependsToken::Range(a, b) => (a, b),
                DependsToken::Unknown(_) => continue,
            };
            let Some(undefined) = UndefinedPhases::of(a, b, &defined) else {
                continue;
            };
            let span = cell_span(input, row, col);
            if undefined.count > UNDEFINED_PER_RANGE {
                out.push(Hit::in_plan(
                    span,
                    format!(
                        "phase {phase} depends on undefined {} — the range {a}-{b} names {} the graph does not define; narrow the range in phase {phase}'s Depends on, or add the phases to the Phase graph (graph phases: {})",
                        undefined.named(),
                        plural_phases(undefined.count),
                        phase_list(&phases)
                    ),
                ));
                continue;
            }
            for &(first, last) in &undefined.runs {
                for dep in first..=last {
                    out.push(Hit::in_plan(
                        span.clone(),
                        format!("phase {phase} depends on undefined phase {dep}"),
                    ));
                }
            }
        }
    }
}

/// `1 phase` or `N phases`.
fn plural_phases(n: u64) -> String {
    if n == 1 {
        "1 phase".to_string()
    } else {
        format!("{n} phases")
    }
}

/// F3 `dependency-cycle`: phases that depend on each other in a circle;
/// one finding per cycle (strongly connected group), naming one circle
/// through its lowest phase. Points at that phase's row.
pub fn dependency_cycle(input: &LintInput, out: &mut Vec<Hit>) {
    let Some(table) = table(input) else { return };
    let rows = defining_rows(table);
    let graph = DepGraph::new(rows.iter().map(|(p, row)| (*p, row.depends.as_slice())));
    let lines: BTreeMap<u32, usize> = rows.iter().map(|(p, row)| (*p, row.line)).collect();
    for group in graph.strongly_connected() {
        let Some(&start) = group.iter().min() else {
            continue;
        };
        if group.len() < 2 && !graph.depends_on_itself(start) {
            continue;
        }
        let path = graph.cycle_through(&group, start);
        let listed = path
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        let Some(&line) = lines.get(&start) else {
            continue;
        };
        out.push(Hit::in_plan(
            line_span(input.plan_file(), line),
            format!(
                "dependency cycle: {listed} -> {start} — no phase in the cycle can ever start; remove one of these dependencies"
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_reasons_lose_block_relative_positions() {
        assert_eq!(
            yaml_reason("error: line 3 column 7: illegal placement of ':' indicator"),
            "illegal placement of ':' indicator"
        );
        assert_eq!(
            yaml_reason("mapping values are not allowed"),
            "mapping values are not allowed"
        );
        assert_eq!(yaml_reason("line of text: kept"), "line of text: kept");
    }
}
