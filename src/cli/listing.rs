//! `phase-graph <SLUG> --decisions [N]` (SPEC §5.1) and
//! `decisions <SLUG> [--phase N] list [--format tsv|json|table]` (SPEC §5.2).

use super::{ListArgs, ListFormat, print_stdout};
use crate::error::{Error, Result};
use crate::manifest::Manifest;
use crate::output;
use crate::output::color::ColorChoice;
use crate::root::{DocsRoot, PlanLocation};

/// `phase-graph <SLUG> --decisions [N]`: the TSV listing of the view
/// (`json`: the JSON of `decisions list --format json`). A missing plan or
/// a plan without a phase-graph table is exit 1 (the reference's codes);
/// an unknown phase is exit 2.
pub(super) fn phase_graph_decisions(
    root: &DocsRoot,
    slug: &str,
    phase: Option<&str>,
    json: bool,
) -> Result<u8> {
    let location = PlanLocation::resolve(root, slug)?;
    // The process ends after the listing: the system takes the memory back
    // at once, where freeing every row of a large twin would take a pass of
    // its own.
    let manifest = std::mem::ManuallyDrop::new(load_graphable(&location)?);
    let phase = phase.filter(|p| !p.is_empty());
    let view = manifest.view(phase)?;
    let rows = manifest.resolve(view);
    let mut buf = Vec::new();
    if json {
        output::json::write(&mut buf, &manifest, &rows)?;
    } else {
        output::tsv::write(&mut buf, &rows)?;
    }
    print_stdout(&buf)?;
    std::mem::forget(rows);
    Ok(0)
}

/// Reads a plan and its twin for `phase-graph`: a missing plan is
/// [`Error::PlanUnreadableForGraph`] (exit 1, the reference's code); other
/// read errors as [`Manifest::load`].
pub(super) fn load_for_graph(location: &PlanLocation) -> Result<Manifest> {
    Manifest::load(location).map_err(|e| match e {
        Error::PlanMissing { .. } => Error::PlanUnreadableForGraph(e.to_string()),
        other => other,
    })
}

/// Reads a plan for `phase-graph --decisions` (SPEC §5.1): as
/// [`load_for_graph`], and a plan whose phase graph defines no phase (no
/// `## Phase graph` heading, no table under it, or a table without phase
/// rows) is [`Error::PlanUnreadableForGraph`] (exit 1).
pub(super) fn load_graphable(location: &PlanLocation) -> Result<Manifest> {
    let manifest = load_for_graph(location)?;
    let plan = &manifest.plan;
    if !plan.graph_phases().is_empty() {
        return Ok(manifest);
    }
    let table = "| Phase | Title | Depends on | Repos |";
    let problem = match &plan.graph {
        None => format!(
            "has no phase graph: add a \"## Phase graph\" section with a {table} table, one row per phase"
        ),
        Some(graph) => match &graph.table {
            None => format!(
                "has no phase graph: the \"## Phase graph\" heading (line {}) has no table under it; add a {table} table, one row per phase",
                graph.heading_line
            ),
            Some(t) => format!(
                "has no phase graph: the Phase graph table (line {}) has no phase rows; add the phase rows, one per phase, each starting with its phase number",
                t.header_line
            ),
        },
    };
    Err(Error::PlanUnreadableForGraph(format!(
        "{}: plan \"{}\" {problem}",
        plan.file.path.display(),
        plan.slug
    )))
}

/// `decisions <SLUG> [--phase N] list [--format tsv|json|table]`: the
/// resolved view in `args.format`; the table as wide as the terminal and
/// coloured as `color` decides (SPEC §5.2). Exit 0; the errors of
/// [`Manifest::load`] and an unknown phase.
pub(super) fn decisions_list(
    location: &PlanLocation,
    phase: Option<&str>,
    args: &ListArgs,
    color: ColorChoice,
) -> Result<u8> {
    let manifest = Manifest::load(location)?;
    let view = manifest.view(phase)?;
    let rows = manifest.resolve(view);
    let mut buf = Vec::new();
    match args.format {
        ListFormat::Tsv => output::tsv::write(&mut buf, &rows)?,
        ListFormat::Json => output::json::write(&mut buf, &manifest, &rows)?,
        ListFormat::Table => {
            let layout = output::table::Layout::stdout(color.stdout_colors());
            output::table::write(&mut buf, &rows, layout)?;
        }
    }
    print_stdout(&buf)?;
    Ok(0)
}
