//! `template-placeholder`: a plan fresh from `planfile new` is told apart
//! from a plan by an advisory finding for each placeholder nobody replaced
//! (SPEC §5.7, §6), and the findings go once the placeholders are filled.

mod common;

use common::{Root, stderr};

fn placeholders(root: &Root, slug: &str) -> (i32, Vec<(u64, String)>) {
    let (code, findings) = root.findings(slug);
    let found = findings
        .iter()
        .map(|f| {
            assert_eq!(f["name"], "template-placeholder", "{f}");
            assert_eq!(f["gating"], false, "{f}");
            (
                f["line"].as_u64().unwrap_or(0),
                f["message"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    (code, found)
}

#[test]
fn a_fresh_plan_names_each_placeholder_and_still_passes() {
    let root = Root::new();
    let output = root.run(["new", "kiln", "--title", "Kiln"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let (code, found) = placeholders(&root, "kiln");
    assert_eq!(code, 0);
    let heads: Vec<&str> = found
        .iter()
        .map(|(_, m)| m.split(" — ").nth(1).unwrap_or(""))
        .collect();
    assert_eq!(
        heads,
        vec![
            "the paragraph is still the template's \"Replace this paragraph: …\"; say what the plan changes, who it is for, and how you will know it worked",
            "the Phase graph's Title cell is still the template's \"…\"; write the phase's title",
            "the Phase graph's Repos cell is still the template's \"…\"; write the phase's repos",
            "the Phase graph's Exit criteria cell is still the template's \"…\"; write the phase's exit criteria",
            "the heading's title is still the template's \"…\"; name the phase as its Phase graph row does",
            "the Goal is still the template's \"what is true once this phase is done.\"; say what is true once the phase is done",
            "the Verification is still the template's `false` command, which always fails; write the command that proves phase 1 is done",
        ]
    );

    let path = root.path().join("docs/plans/kiln.md");
    let text = std::fs::read_to_string(&path).expect("the new plan");
    let filled = text
        .replace(
            "Replace this paragraph: what the plan changes, who it is for, and how you will\nknow it worked.",
            "Build a kiln for the studio; it works when a test firing reaches cone 6.",
        )
        .replace("| 1 | … | — | … | … |", "| 1 | Build | — | kiln | kiln dry |")
        .replace("### Phase 1 — …", "### Phase 1 — Build")
        .replace("what is true once this phase is done.", "a dry kiln.")
        .replace(
            "`false  # replace with the command that proves phase 1 is done`",
            "`test -s kiln.log`",
        );
    std::fs::write(&path, filled).expect("fill the plan in");
    let (code, found) = placeholders(&root, "kiln");
    assert_eq!((code, found), (0, vec![]));
}
