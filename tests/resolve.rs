//! `decisions <SLUG> [--phase N] resolve [KEY] [--policy FILE] [--run FILE]
//! [--format tsv|json|table]` (SPEC §5.5): the answer in force of each key,
//! where the console's policy and the run's fields come from, and what is
//! refused.

mod common;

use common::{Root, stderr, stdout};

/// Runs `planfile ARGS` in `root`; returns (exit code, stdout, stderr).
fn run(root: &Root, args: &[&str]) -> (i32, String, String) {
    let output = root.cmd().args(args).output().expect("run planfile");
    (
        output.status.code().unwrap_or(-1),
        stdout(&output),
        stderr(&output),
    )
}

/// A plan whose rows exercise each source: a word the console passes over
/// (relay, line 20), a word inside prose (gates, 21), an owner name
/// (qa.exhausted, 22), free text (budgets, 23), an outstanding row (stop,
/// 24) and a phase-2 row (ambiguity, 25).
const WEIR: &str = "---
slug: weir
status: active
phases: 2
---

# Weir gate automation

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Gate motor | — | weir | gate moves |
| 2 | Level sensor | 1 | weir | level read |

## Decisions

| key | value | owner | state | blocking | source | evidence | phase |
|---|---|---|---|---|---|---|---|
| `relay` | sometimes | keeper | answered | yes | plan | | — |
| `gates` | **operator** for the sluice gates | keeper | answered | no | plan | | — |
| `qa.exhausted` | `dev-lead` | keeper | answered | no | plan | | — |
| `budgets` | 40 € per run | keeper | answered | no | plan | | — |
| `stop` | | keeper | outstanding | no | plan | | — |
| `ambiguity` | ask | keeper | answered | no | plan | | 2 |

## Phases

### Phase 1 — Gate motor
- **Verification:** `test -s motor.log`

### Phase 2 — Level sensor
- **Verification:** `test -s level.log`
";

fn weir() -> Root {
    let root = Root::new();
    root.plan("weir", WEIR);
    root
}

/// The TSV line of `key` in `out`.
fn line_of<'a>(out: &'a str, key: &str) -> &'a str {
    out.lines()
        .find(|l| l.split('\t').next() == Some(key))
        .unwrap_or_else(|| panic!("no line for {key} in {out}"))
}

#[test]
fn every_key_in_canonical_order_with_where_its_answer_comes_from() {
    let root = weir();
    let (code, out, err) = run(&root, &["decisions", "weir", "resolve"]);
    assert_eq!(code, 0, "{err}");
    let keys: Vec<&str> = out
        .lines()
        .map(|l| l.split('\t').next().unwrap_or(""))
        .collect();
    let canonical: Vec<&str> = planfile::vocab::KEYS.iter().map(|k| k.key).collect();
    assert_eq!(keys, canonical);
    assert!(out.lines().all(|l| l.split('\t').count() == 3), "{out}");
    for (key, line) in [
        ("relay", "relay\toff\tdefault"),
        ("gates", "gates\toperator\tplan:21"),
        ("qa.exhausted", "qa.exhausted\tdev-lead\tplan:22"),
        ("budgets", "budgets\t40 € per run\tplan:23"),
        ("stop", "stop\t\tnone"),
        ("ambiguity", "ambiguity\truling\tdefault"),
        ("issues", "issues\t\tnone"),
        ("plan-approval", "plan-approval\t\tnone"),
    ] {
        assert_eq!(line_of(&out, key), line);
    }
    // Phase 2's view reads its own row.
    let (code, out, _) = run(
        &root,
        &["decisions", "weir", "--phase", "2", "resolve", "ambiguity"],
    );
    assert_eq!((code, out.as_str()), (0, "ambiguity\task\tplan:25\n"));
}

#[test]
fn a_twin_row_answers_as_twin_line() {
    let root = weir();
    root.twin(
        "weir",
        "# Decisions — weir\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `relay` | last-resort | op | answered | yes | run | decisions.sh 2026-09-14 | — |\n",
    );
    let (code, out, err) = run(&root, &["decisions", "weir", "resolve", "relay"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "relay\tlast-resort\ttwin:7\n");
}

#[test]
fn the_console_policy_from_planfile_toml_or_policy_file_and_the_run() {
    let root = weir();
    root.config("[lint]\nadvisory = [\"F21\"]\n\n[policy]\nrelay = \"last-resort\"\nstop = \"halt and page the keeper\"\n\"resume.on-restart\" = \"ask\"\n");
    let (code, out, err) = run(&root, &["decisions", "weir", "resolve"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(line_of(&out, "relay"), "relay\tlast-resort\tconsole");
    assert_eq!(
        line_of(&out, "stop"),
        "stop\thalt and page the keeper\tconsole"
    );
    assert_eq!(
        line_of(&out, "resume.on-restart"),
        "resume.on-restart\task\tconsole"
    );

    // --policy replaces the [policy] table, whole.
    let policy = root.path().join("policy.json");
    std::fs::write(
        &policy,
        "{\"policy\": {\"issues\": \"draft\"}, \"delegateHumanGates\": false}\n",
    )
    .expect("write the policy");
    let policy = policy.display().to_string();
    let (code, out, _) = run(
        &root,
        &["decisions", "weir", "resolve", "--policy", &policy],
    );
    assert_eq!(code, 0);
    assert_eq!(line_of(&out, "relay"), "relay\toff\tdefault");
    assert_eq!(line_of(&out, "issues"), "issues\tdraft\tconsole");
    assert_eq!(line_of(&out, "gates"), "gates\toperator\tplan:21");

    // The run's own fields outrank the row and the console.
    let run_file = root.path().join("run.json");
    std::fs::write(
        &run_file,
        "{\"resumeOnRestart\": true, \"relay\": \"off\", \"id\": \"r-1\"}\n",
    )
    .expect("write the run");
    let run_file = run_file.display().to_string();
    let (code, out, _) = run(&root, &["decisions", "weir", "resolve", "--run", &run_file]);
    assert_eq!(code, 0);
    assert_eq!(line_of(&out, "relay"), "relay\toff\trun");
    assert_eq!(
        line_of(&out, "resume.on-restart"),
        "resume.on-restart\tcontinue\trun"
    );
}

#[test]
fn json_says_what_was_passed_over_and_why() {
    let root = weir();
    let policy = root.path().join("policy.json");
    std::fs::write(&policy, "{\"policy\": {\"relay\": \"never\"}}").expect("write the policy");
    let policy = policy.display().to_string();
    let (code, out, err) = run(
        &root,
        &[
            "decisions",
            "weir",
            "resolve",
            "--format",
            "json",
            "--policy",
            &policy,
        ],
    );
    assert_eq!(code, 0, "{err}");
    let text = out.replace(&root.path().display().to_string(), "<root>");
    let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let all = value.as_array().expect("an array");
    assert_eq!(all.len(), 19);
    let relay = &all[16];
    assert_eq!(relay["key"], "relay");
    assert_eq!(relay["answer"], "off");
    assert_eq!(relay["from"], "default");
    assert_eq!(relay["row"]["line"], 20);
    let stop = all.iter().find(|v| v["key"] == "stop").expect("stop");
    assert_eq!(stop["answer"], serde_json::Value::Null);
    assert_eq!(stop["answer_words"], serde_json::Value::Null);
    insta::assert_json_snapshot!("resolve-weir-relay-json", relay);
}

#[test]
fn table_for_a_person() {
    let root = Root::fixture("example");
    let (code, out, err) = run(
        &root,
        &[
            "decisions",
            "demo",
            "--phase",
            "2",
            "resolve",
            "--format",
            "table",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains('\u{1b}'), "no colour when not a terminal");
    insta::assert_snapshot!("resolve-example-phase-2-table", out);
}

#[test]
fn refusals() {
    let root = weir();
    let refused = |args: &[&str], says: &str| {
        let (code, out, err) = run(&root, args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(says), "{args:?}: {err}");
    };
    refused(
        &["decisions", "weir", "resolve", "relays"],
        "unknown decision key \"relays\"",
    );
    refused(
        &["decisions", "weir", "resolve", "--format", "csv"],
        "[possible values: tsv, json, table]",
    );
    refused(
        &["decisions", "weir", "resolve", "--value", "off"],
        "unexpected argument '--value'",
    );
    refused(
        &["decisions", "weir", "resolve", "--ack", "relay"],
        "unexpected argument '--ack'",
    );
    refused(
        &["decisions", "weir", "--phase", "3", "resolve"],
        "phase 3 is not in this plan",
    );
    refused(
        &["decisions", "weir", "list", "--policy", "p.json"],
        "unexpected argument '--policy'",
    );
    refused(
        &[
            "decisions",
            "weir",
            "answer",
            "relay",
            "--value",
            "off",
            "--run",
            "r.json",
        ],
        "unexpected argument '--run'",
    );
    refused(
        &["decisions", "weir", "resolve", "--policy", "no-such.json"],
        "no-such.json: cannot read",
    );
    std::fs::write(
        root.path().join("bad.json"),
        "{\n  \"policy\": {\n    \"relays\": \"off\"\n  }\n}\n",
    )
    .expect("write");
    refused(
        &["decisions", "weir", "resolve", "--policy", "bad.json"],
        "bad.json:3: \"relays\" is not a decision key (did you mean relay?)",
    );
    std::fs::write(
        root.path().join("lines.json"),
        "{\"policy\": {\"stop\": \"halt\\nthen page\"}}",
    )
    .expect("write");
    refused(
        &["decisions", "weir", "resolve", "--policy", "lines.json"],
        "is not one line",
    );
    std::fs::write(root.path().join("run.json"), "[\"off\"]").expect("write");
    refused(
        &["decisions", "weir", "resolve", "--run", "run.json"],
        "run.json:1: not a JSON object",
    );
    root.config("[policy]\nrelay = \"off\"\nrelays = \"off\"\n");
    refused(
        &["decisions", "weir", "resolve"],
        "planfile.toml:3: \"relays\" is not a decision key",
    );
    // validate reads planfile.toml too, and refuses the same table.
    refused(
        &["validate", "weir"],
        "planfile.toml:3: \"relays\" is not a decision key",
    );
}

/// The README's `resolve` example: every line it shows is a line the tool
/// prints for the example plan.
#[test]
fn the_readme_example_is_what_the_tool_prints() {
    let readme =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
            .expect("README.md reads");
    let command = "$ planfile --root fixtures/example decisions demo --phase 2 resolve\n";
    let start = readme.find(command).expect("the README shows resolve") + command.len();
    let block = &readme[start..start + readme[start..].find("```").expect("the block ends")];
    let shown: Vec<&str> = block.lines().filter(|l| l.contains('\t')).collect();
    assert!(shown.len() >= 5, "{block}");
    let root = Root::fixture("example");
    let (code, out, err) = run(&root, &["decisions", "demo", "--phase", "2", "resolve"]);
    assert_eq!(code, 0, "{err}");
    for line in shown {
        assert!(
            out.lines().any(|l| l == line),
            "README shows {line:?}; the tool prints:\n{out}"
        );
    }
}

/// `explain resolve` prints the command's page, and the example on it is
/// what the tool prints for the example plan.
#[test]
fn explain_resolve_prints_its_page_and_the_example_holds() {
    let root = Root::fixture("example");
    let (code, page, err) = run(&root, &["explain", "resolve"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        page.starts_with("# decisions resolve — the answer in force\n"),
        "{page}"
    );
    for source in [
        "`run`",
        "`plan:<line>`",
        "`console`",
        "`legacy`",
        "`default`",
        "`none`",
    ] {
        assert!(page.contains(source), "{source} missing from: {page}");
    }
    let command = "$ planfile --root fixtures/example decisions demo resolve relay\n";
    let start = page.find(command).expect("the page shows an example") + command.len();
    let shown = &page[start..start + page[start..].find("```").expect("the block ends")];
    let (code, out, err) = run(&root, &["decisions", "demo", "resolve", "relay"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, shown);
}
