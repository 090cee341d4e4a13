//! Cell hygiene round trip: any value, owner and evidence written into a new
//! twin through the writer's hygiene reads back as the cleaned text.

#![no_main]

use std::path::PathBuf;

use libfuzzer_sys::fuzz_target;
use planfile::writer::{RowCells, hygiene, new_twin};
use planfile::manifest::{Twin, View};
use planfile::markdown::MarkdownFile;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut parts = text.splitn(3, '\u{1F}');
    let value = hygiene::clean(parts.next().unwrap_or(""), hygiene::VALUE_MAX_CHARS);
    let evidence = hygiene::clean(parts.next().unwrap_or(""), hygiene::EVIDENCE_MAX_CHARS);
    let owner = "op".to_string();
    let cells = RowCells {
        key: "stop".into(),
        value: value.clone(),
        owner,
        state: "answered",
        blocking: false,
        source: "run",
        evidence: evidence.clone(),
        phase: None,
    };
    let twin_text = new_twin("fuzz", &cells);
    let twin = Twin::from_file(MarkdownFile::from_text(PathBuf::from("decisions.md"), twin_text));
    let rows = planfile::manifest::resolve(&[], twin.rows(), View::PlanWide);
    assert_eq!(rows.len(), 1, "one row written, one row read");
    assert_eq!(rows[0].value, value);
    assert_eq!(rows[0].evidence, evidence);
    assert_eq!(rows[0].key, "stop");
});
