//! `phase-graph <SLUG> --boot-prompt N` and `--boot-fanout "N M …"` (SPEC
//! §11): the prompt a phase's session starts from, as the reference prints
//! it, and one shared boot for several phases — as text and as JSON
//! (insta snapshots). The decisions block of every boot prompt is the one
//! `decisions <SLUG> --phase N prompt` prints (SPEC §5.3), for every phase
//! of every fixture.

mod common;

use common::{ENGINE_CASES, Root, stderr, stdout};

/// `phase-graph` in `root` with `envs` ([`Root::engine`]).
fn pg(root: &Root, slug: &str, args: &[&str], envs: &[(&str, &str)]) -> (String, String, i32) {
    root.engine(slug, args, envs)
}

/// Every docs root a boot prompt is checked on, with its plan's slug.
fn roots() -> Vec<(Root, String)> {
    let mut roots: Vec<(Root, String)> = ENGINE_CASES
        .iter()
        .chain(["relay-notes", "sluice-gates", "harbor-directives"].iter())
        .map(|case| (Root::engine_case(case), case.to_string()))
        .collect();
    roots.push((Root::fixture("example"), "demo".to_string()));
    roots
}

/// The phases of `slug`'s graph.
fn phases(root: &Root, slug: &str) -> Vec<u64> {
    root.graph_phases(slug)
}

#[test]
fn every_boot_prompt_carries_the_decisions_block_decisions_prompt_prints() {
    let mut checked = 0;
    for (root, slug) in roots() {
        for phase in phases(&root, &slug) {
            let p = phase.to_string();
            let block = root.run(["decisions", &slug, "--phase", &p, "prompt"]);
            assert_eq!(
                block.status.code(),
                Some(0),
                "{slug} {p}: {}",
                stderr(&block)
            );
            let block = stdout(&block);
            let (json, err, code) = pg(
                &root,
                &slug,
                &["--format", "json", "--boot-prompt", &p],
                &[],
            );
            assert_eq!((err.as_str(), code), ("", 0), "{slug} {p}");
            let answer: serde_json::Value = serde_json::from_str(&json).expect("JSON");
            let decisions: Vec<&str> = answer["sections"]
                .as_array()
                .expect("sections")
                .iter()
                .flat_map(|s| s["parts"].as_array().into_iter().flatten())
                .filter(|part| part["part"] == "decisions")
                .filter_map(|part| part["text"].as_str())
                .collect();
            assert_eq!(decisions, vec![block.as_str()], "{slug} phase {p}");
            let (text, _, _) = pg(&root, &slug, &["--boot-prompt", &p], &[]);
            assert!(
                text.contains(&block),
                "{slug} phase {p}: the text carries the block"
            );
            checked += 1;
        }
    }
    assert!(checked > 60, "{checked} prompts checked");
}

#[test]
fn boot_prompts_as_the_reference_prints_them() {
    let mut text = String::new();
    for (case, phase) in [
        ("tide-chain", "2"),
        ("relay-notes", "4"),
        ("sluice-gates", "2"),
        ("sluice-gates", "5"),
        ("sluice-gates", "10"),
        ("sluice-gates", "11"),
        ("sluice-gates", "12"),
        ("harbor-directives", "1"),
        ("mill-qa", "3"),
    ] {
        let root = Root::engine_case(case);
        let (out, err, code) = pg(&root, case, &["--boot-prompt", phase], &[]);
        assert_eq!((err.as_str(), code), ("", 0), "{case} {phase}");
        text.push_str(&format!(
            "$ phase-graph {case} --boot-prompt {phase}\n{out}"
        ));
    }
    let root = Root::fixture("example");
    let (out, _, _) = pg(&root, "demo", &["--boot-prompt", "2"], &[]);
    text.push_str(&format!("$ phase-graph demo --boot-prompt 2\n{out}"));
    insta::assert_snapshot!("boot_prompts", text);
    let root = Root::engine_case("relay-notes");
    let (json, _, _) = pg(
        &root,
        "relay-notes",
        &["--format", "json", "--boot-prompt", "4"],
        &[],
    );
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    insta::assert_json_snapshot!("boot_prompt_json", value);
}

#[test]
fn the_console_s_switches_change_the_lock_lines_and_the_reading_list() {
    let root = Root::engine_case("tide-chain");
    let (plain, _, _) = pg(&root, "tide-chain", &["--boot-prompt", "2"], &[]);
    assert!(
        plain.contains("claim 2 --scope \"gauge,logger\" --git\n"),
        "{plain}"
    );
    let (mirrored, _, _) = pg(
        &root,
        "tide-chain",
        &["--boot-prompt", "2"],
        &[("PE_LOCK_MIRROR", "console")],
    );
    assert!(
        mirrored.contains("claim 2 --scope \"gauge,logger\"\n"),
        "{mirrored}"
    );
    assert!(mirrored.contains("     Both are FILE-ONLY under this autopilot"));
    assert!(!plain.contains("FILE-ONLY"));
    // The handoff being written names itself for the phases it unblocks.
    let (writing, _, _) = pg(
        &root,
        "tide-chain",
        &["--boot-prompt", "2"],
        &[("PE_HANDOFF_WRITING", "1:phase-01-being-written.md")],
    );
    assert!(
        writing.contains(
            "Bootstrap from disk only:\n- docs/handoffs/tide-chain/phase-01-being-written.md\n"
        ),
        "{writing}"
    );
}

#[test]
fn a_fanout_writes_the_shared_boot_once_and_each_phase_s_own_part() {
    let mut text = String::new();
    for (case, list) in [
        ("tide-chain", "2 3"),
        ("relay-notes", "2,3"),
        ("sluice-gates", "2 10 11"),
    ] {
        let root = Root::engine_case(case);
        let (out, err, code) = pg(&root, case, &["--boot-fanout", list], &[]);
        assert_eq!((err.as_str(), code), ("", 0), "{case} {list}");
        text.push_str(&format!(
            "$ phase-graph {case} --boot-fanout \"{list}\"\n{out}"
        ));
    }
    insta::assert_snapshot!("boot_fanouts", text);
    let root = Root::engine_case("relay-notes");
    let (json, _, _) = pg(
        &root,
        "relay-notes",
        &["--format", "json", "--boot-fanout", "2 3"],
        &[],
    );
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    insta::assert_json_snapshot!("boot_fanout_json", value);
}

#[test]
fn a_shared_section_with_its_phase_put_back_is_what_the_phase_s_prompt_says() {
    let root = Root::engine_case("relay-notes");
    let (fanout, _, _) = pg(
        &root,
        "relay-notes",
        &["--format", "json", "--boot-fanout", "2 3"],
        &[],
    );
    let fanout: serde_json::Value = serde_json::from_str(&fanout).expect("JSON");
    for phase in [2u64, 3] {
        let (prompt, _, _) = pg(
            &root,
            "relay-notes",
            &["--boot-prompt", &phase.to_string()],
            &[],
        );
        let own = fanout["phases"]
            .as_array()
            .expect("phases")
            .iter()
            .find(|p| p["phase"] == phase)
            .expect("the phase's block");
        let mut composed = String::new();
        for section in fanout["shared"].as_array().expect("shared") {
            let (name, text) = (
                section["name"].as_str().unwrap_or(""),
                section["text"].as_str().unwrap_or(""),
            );
            if section["shared"] == false {
                for mine in own["own"].as_array().expect("own") {
                    if mine["name"] == name {
                        composed.push_str(mine["text"].as_str().unwrap_or(""));
                    }
                }
            } else {
                composed.push_str(
                    &text
                        .replace("<NN>", &format!("{phase:02}"))
                        .replace("<N>", &phase.to_string()),
                );
            }
        }
        assert_eq!(composed, prompt, "phase {phase}");
    }
}

#[test]
fn refusals_are_worded_as_the_reference_words_them() {
    let root = Root::engine_case("tide-chain");
    assert_eq!(
        pg(&root, "tide-chain", &["--boot-prompt"], &[]),
        (String::new(), "usage: --boot-prompt <phase>\n".into(), 2)
    );
    assert_eq!(
        pg(&root, "tide-chain", &["--boot-prompt", "9"], &[]),
        (
            String::new(),
            "phase 9 is not in this plan (tide-chain has phases: 1 2 3 4)\n".into(),
            2
        )
    );
    assert_eq!(
        pg(&root, "tide-chain", &["--boot-fanout", "2 x"], &[]),
        (String::new(), "not a phase number: x\n".into(), 2)
    );
    assert_eq!(
        pg(&root, "tide-chain", &["--boot-fanout", "2,9"], &[]),
        (
            String::new(),
            "phase 9 is not in this plan (tide-chain has phases: 1 2 3 4)\n".into(),
            2
        )
    );
    assert_eq!(
        pg(&root, "tide-chain", &["--boot-fanout"], &[]),
        (
            String::new(),
            "usage: --boot-fanout \"<phase> <phase> …\"\n".into(),
            2
        )
    );
    assert_eq!(
        pg(&root, "tide-chain", &["--boot-prompt", "02"], &[]).0,
        pg(&root, "tide-chain", &["--boot-prompt", "2"], &[]).0
    );
}
