//! Plan reading + lint: any text read as a plan (with no twin, and with the
//! same text as its twin) must parse and lint without panicking, and every
//! finding must point at a line and column inside its file.

#![no_main]

use std::path::{Path, PathBuf};

use libfuzzer_sys::fuzz_target;
use planfile::lint::settings::LintSettings;
use planfile::lint::{LintEnv, LintInput, run};
use planfile::manifest::{Manifest, Twin};
use planfile::markdown::MarkdownFile;
use planfile::plan::Plan;
use planfile::plan::handoff::Handoffs;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let file = MarkdownFile::from_text(PathBuf::from("/fuzz/docs/plans/fuzz.md"), text.to_string());
    let lines = file.lines.len().max(1);
    for twin in [None, Some(Twin::from_file(file.clone()))] {
        let manifest = Manifest {
            plan: Plan::from_file("fuzz", file.clone()),
            twin,
        };
        let handoffs = Handoffs::default();
        let Ok(input) = LintInput::new(&manifest, &handoffs, Path::new("/fuzz"), &LintEnv::default()) else {
            return;
        };
        for finding in run(&input, &LintSettings::default()) {
            assert!(finding.line >= 1 && finding.line <= lines + 1, "{finding:?}");
            assert!(finding.column >= 1, "{finding:?}");
        }
    }
});
