//! Twin reading + merge: any text read as a twin (and as a plan) must parse
//! without panicking, and every view of the merge lists each key once.

#![no_main]

use std::path::PathBuf;

use libfuzzer_sys::fuzz_target;
use planfile::manifest::{Manifest, Twin, View};
use planfile::markdown::MarkdownFile;
use planfile::plan::Plan;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let file = MarkdownFile::from_text(PathBuf::from("decisions.md"), text.to_string());
    let twin = Twin::from_file(file.clone());
    let plan = Plan::from_file("fuzz", file);
    let mut views = vec![View::PlanWide];
    views.extend(plan.graph_phases().into_iter().take(8).map(View::Phase));
    let manifest = Manifest {
        plan,
        twin: Some(twin),
    };
    for view in views {
        let rows = manifest.resolve(view);
        let mut keys: Vec<&str> = rows.iter().map(|r| r.key.as_str()).collect();
        keys.sort_unstable();
        let before = keys.len();
        keys.dedup();
        assert_eq!(before, keys.len(), "a key listed twice");
    }
});
