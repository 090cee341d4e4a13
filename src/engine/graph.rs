//! The phase graph as the engine reads it (SPEC §3.2, §11): the phases in
//! table order, each once; each phase's dependencies with every range
//! spelled out (`1-3` is 1 2 3, duplicates kept, as the reference lists
//! them); its title and Repos cell as the reference cleans them (en and em
//! dashes read as `-`, `*` and backticks removed). Built from the plan
//! model's one reading of the table ([`crate::plan::PhaseGraph`]); nothing
//! here parses a table.

use std::collections::HashMap;

use crate::markdown::table::stripped;
use crate::plan::Plan;
use crate::plan::graph::DependsToken;

/// The most dependencies one phase's ranges are spelled out to: a range
/// such as `1-4000000000` would otherwise take the memory of four billion
/// numbers (SPEC §8); the phases past it are left out.
pub const MAX_DEPENDENCIES: usize = 100_000;

/// One phase of the graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphPhase {
    /// The phase number.
    pub phase: u32,
    /// Its dependencies, in the order the Depends-on cell lists them,
    /// ranges spelled out, duplicates kept.
    pub deps: Vec<u32>,
    /// The title: the Title column's cell, else the row's second cell,
    /// cleaned.
    pub title: String,
    /// The Repos cell, cleaned (empty when the table has no Repos column).
    pub repos: String,
    /// 1-based line of the row.
    pub line: usize,
}

/// The phases of a plan's graph, in table order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Graph {
    /// The phases, in table order, each once (the first row of a phase
    /// wins).
    pub phases: Vec<GraphPhase>,
    /// Phase number → index into `phases`.
    index: HashMap<u32, usize>,
}

/// A cell as the reference cleans it: en and em dashes as `-`, `*` and
/// backticks removed, trimmed.
pub fn clean_cell(cell: &str) -> String {
    let cell = stripped(cell);
    if cell.contains(['\u{2013}', '\u{2014}']) {
        cell.replace(['\u{2013}', '\u{2014}'], "-")
    } else {
        cell.into_owned()
    }
}

impl Graph {
    /// The graph of `plan`: empty when it has no phase-graph table, or
    /// the table defines no phase.
    pub fn read(plan: &Plan) -> Graph {
        let Some(table) = plan.graph.as_ref().and_then(|g| g.table.as_ref()) else {
            return Graph::default();
        };
        let mut phases = Vec::with_capacity(table.rows.len());
        let mut index = HashMap::with_capacity(table.rows.len());
        for row in &table.rows {
            let Some(phase) = row.phase_number() else {
                continue;
            };
            if index.contains_key(&phase) {
                continue;
            }
            let title = table
                .title_col
                .or(Some(1))
                .and_then(|c| row.cells.get(c))
                .map(|c| clean_cell(c))
                .unwrap_or_default();
            let repos = table
                .repos_col
                .and_then(|c| row.cells.get(c))
                .map(|c| clean_cell(c))
                .unwrap_or_default();
            index.insert(phase, phases.len());
            phases.push(GraphPhase {
                phase,
                deps: spelled_out(&row.depends),
                title,
                repos,
                line: row.line,
            });
        }
        Graph { phases, index }
    }

    /// Whether the graph defines no phase.
    pub fn is_empty(&self) -> bool {
        self.phases.is_empty()
    }

    /// The phase numbers, in table order.
    pub fn numbers(&self) -> impl Iterator<Item = u32> + '_ {
        self.phases.iter().map(|p| p.phase)
    }

    /// Phase `phase`, if the graph defines it.
    pub fn get(&self, phase: u32) -> Option<&GraphPhase> {
        self.index.get(&phase).map(|&i| &self.phases[i])
    }

    /// Whether the graph defines `phase`.
    pub fn contains(&self, phase: u32) -> bool {
        self.index.contains_key(&phase)
    }

    /// The dependencies of `phase` (none for a phase the graph lacks).
    pub fn deps(&self, phase: u32) -> &[u32] {
        self.get(phase).map(|p| p.deps.as_slice()).unwrap_or(&[])
    }

    /// The phase numbers, space-separated, as messages list them.
    pub fn listed(&self) -> String {
        self.numbers()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The dependencies `tokens` name, ranges spelled out, in order, up to
/// [`MAX_DEPENDENCIES`]; tokens that were not understood name none.
fn spelled_out(tokens: &[DependsToken]) -> Vec<u32> {
    let mut out = Vec::with_capacity(tokens.len());
    for token in tokens {
        match *token {
            DependsToken::Phase(p) => out.push(p),
            DependsToken::Range(a, b) => {
                let room = MAX_DEPENDENCIES.saturating_sub(out.len());
                out.extend((a..=b).take(room));
            }
            DependsToken::Unknown(_) => {}
        }
        if out.len() >= MAX_DEPENDENCIES {
            out.truncate(MAX_DEPENDENCIES);
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::MarkdownFile;
    use std::path::PathBuf;

    fn graph(table: &str) -> Graph {
        let text = format!("# T\n\n## Phase graph\n\n{table}\n");
        Graph::read(&Plan::from_file(
            "t",
            MarkdownFile::from_text(PathBuf::from("t.md"), text),
        ))
    }

    #[test]
    fn rows_ranges_titles_and_scopes() {
        let g = graph(
            "| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | **Base** — a | — | `core` |\n| 02 | Next | 1 | core |\n| 3 | Last | 1–2, 2 (+1) | |\n| 2 | Again | 1 | x |",
        );
        assert_eq!(g.numbers().collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(g.deps(3), &[1, 2, 2, 1]);
        assert_eq!(g.get(1).map(|p| p.title.as_str()), Some("Base - a"));
        assert_eq!(g.get(1).map(|p| p.repos.as_str()), Some("core"));
        assert_eq!(g.get(2).map(|p| p.title.as_str()), Some("Next"));
        assert_eq!(g.listed(), "1 2 3");
        let untitled = graph("| Phase | Name | Depends on |\n|---|---|---|\n| 1 | Gauge | — |");
        assert_eq!(untitled.get(1).map(|p| p.title.as_str()), Some("Gauge"));
        assert_eq!(untitled.get(1).map(|p| p.repos.as_str()), Some(""));
        let wide = graph("| Phase | Title | Depends on |\n|---|---|---|\n| 1 | A | 1-4000000000 |");
        assert_eq!(wide.deps(1).len(), MAX_DEPENDENCIES);
        assert!(graph("no table").is_empty());
    }
}
