//! Completion (SPEC §10.2): in the cells of a Decisions table, the keys,
//! states, sources, blocking words and phase numbers (and, in a value
//! cell, the answer words of the row's key); after `Gate-check:`, the
//! Gate-check types; in a suppression comment, the check names. Every word
//! offered comes from the vocabulary or the registry, in their order; the
//! editor filters them by what is typed.

use lsp_types::{CompletionItem, CompletionItemKind, CompletionTextEdit, Position, TextEdit};

use super::documents::Snapshot;
use super::hover::key_entry;
use super::locate;
use super::markup::Format;
use crate::lint::CHECKS;
use crate::plan::decisions::{Column, FileKind};
use crate::vocab::{self, BLOCKING_WRITTEN, GATE_TYPE_SPECS, KEYS, SOURCES, STATES};

/// One word to offer: what is inserted, a one-line detail, and optional
/// documentation, written in Markdown (see [`Format`]).
struct Offer {
    label: String,
    detail: String,
    docs: Option<String>,
}

impl Offer {
    fn new(label: &str, detail: impl Into<String>) -> Offer {
        Offer {
            label: label.to_string(),
            detail: detail.into(),
            docs: None,
        }
    }
}

/// The completion items at `position` of the document of `snapshot`, their
/// documentation in `format`; empty where nothing is offered.
pub fn complete(snapshot: &Snapshot, position: Position, format: Format) -> Vec<CompletionItem> {
    let Some(file) = snapshot.file() else {
        return Vec::new();
    };
    let offset = snapshot.offset(position);
    let (offers, kind, token) = if let Some(found) = locate::suppressed_at(file, offset) {
        (check_names(), CompletionItemKind::REFERENCE, found.token)
    } else if let Some(token) = (snapshot.kind == FileKind::Plan)
        .then(|| locate::gate_type_at(snapshot.plan(), offset))
        .flatten()
    {
        (gate_types(), CompletionItemKind::ENUM_MEMBER, token)
    } else if let Some(cell) = locate::cell_at(file, snapshot.decisions(), offset) {
        let offers = match cell.column {
            Column::Key => keys(),
            Column::State => STATES.iter().map(|s| Offer::new(s, "state")).collect(),
            Column::Source => SOURCES.iter().map(|s| Offer::new(s, "source")).collect(),
            Column::Blocking => BLOCKING_WRITTEN
                .iter()
                .map(|s| Offer::new(s, "blocking"))
                .collect(),
            Column::Phase => phases(snapshot),
            Column::Value => cell.row.map(|r| answer_words(&r.key)).unwrap_or_default(),
            Column::Owner | Column::Evidence => Vec::new(),
        };
        (offers, CompletionItemKind::VALUE, cell.token)
    } else {
        return Vec::new();
    };
    let range = snapshot.range(token);
    offers
        .into_iter()
        .enumerate()
        .map(|(i, offer)| CompletionItem {
            label: offer.label.clone(),
            kind: Some(kind),
            detail: Some(offer.detail),
            documentation: offer.docs.map(|docs| format.documentation(docs)),
            sort_text: Some(format!("{i:04}")),
            filter_text: Some(offer.label.clone()),
            text_edit: Some(CompletionTextEdit::Edit(TextEdit {
                range,
                new_text: offer.label,
            })),
            ..CompletionItem::default()
        })
        .collect()
}

/// The nineteen keys, in canonical order.
fn keys() -> Vec<Offer> {
    KEYS.iter()
        .map(|spec| Offer {
            label: spec.key.to_string(),
            detail: spec.answers.to_string(),
            docs: Some(key_entry(spec)),
        })
        .collect()
}

/// `—` (plan-wide) and the phases of the plan's graph.
fn phases(snapshot: &Snapshot) -> Vec<Offer> {
    let plan = snapshot.plan();
    let mut offers = vec![Offer::new("—", "plan-wide")];
    for phase in plan.graph_phases() {
        let detail = plan
            .phase_block(phase)
            .map(|b| b.heading.clone())
            .unwrap_or_else(|| format!("phase {phase}"));
        offers.push(Offer::new(&phase.to_string(), detail));
    }
    offers
}

/// The answer words of `key` (none for a free-text or unknown key).
fn answer_words(key: &str) -> Vec<Offer> {
    let Some(spec) = vocab::key_spec(key) else {
        return Vec::new();
    };
    spec.words
        .iter()
        .map(|word| {
            let detail = if spec.default == Some(*word) {
                format!("answer word for {key} (the shipped default)")
            } else {
                format!("answer word for {key}")
            };
            Offer::new(word, detail)
        })
        .collect()
}

/// The Gate-check types, with what clears each.
fn gate_types() -> Vec<Offer> {
    GATE_TYPE_SPECS
        .iter()
        .map(|t| Offer {
            label: t.name.to_string(),
            detail: format!("Gate-check type: {}", t.value),
            docs: Some(format!("Cleared by {}.", t.clears)),
        })
        .collect()
}

/// Every check name of the registry, with its code and summary.
fn check_names() -> Vec<Offer> {
    CHECKS
        .iter()
        .map(|c| Offer {
            label: c.name.to_string(),
            detail: format!("{} · {}", c.code, c.severity.as_str()),
            docs: Some(c.summary().to_string()),
        })
        .collect()
}
