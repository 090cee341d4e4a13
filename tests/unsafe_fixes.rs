//! Unsafe fixes (SPEC §10.1, as ruff has them): a repair that may change
//! what the author meant — a misspelled state, source or key that the
//! finding already names — is shown by `--diff --unsafe-fixes`, applied by
//! `--fix --unsafe-fixes`, and never by plain `--fix` or `--diff`, whose
//! summaries say how many such fixes were left.

mod common;

use common::{Root, stderr, stdout};
use planfile::lint::{Applicability, CHECKS};
use serde_json::Value;

/// A clean plan but for three misspellings in its Decisions table (a
/// state, a source and a key, each close to one word) and one word in
/// capitals, which the safe `decision-word-style` fix writes plainly.
const LOCK: &str = "---
slug: lock
status: active
phases: 1
---

# Canal lock

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Paddles | — | lock | paddles turn |

## Phases

### Phase 1 — Paddles
- **Verification:** `test -s paddles.log`

## Decisions

| key | value | owner | state | blocking | source |
|---|---|---|---|---|---|
| `permission.policy` | ask before any network call | keeper | answered | yes | plan |
| `permission.destructive` | no pushes outside the lock repo | keeper | answered | yes | plan |
| `accounts` | the canal account only | keeper | answered | yes | plan |
| `human-acts` | the keeper winds the paddles | keeper | answered | Yes | plan |
| `stop` | halt with the gates shut | keeper | answerd | no | plan |
| `rely` | off | keeper | answered | no | rulling |
";

/// [`LOCK`] after the safe fix only.
fn lock_safe() -> String {
    LOCK.replace(
        "| the keeper winds the paddles | keeper | answered | Yes |",
        "| the keeper winds the paddles | keeper | answered | yes |",
    )
}

/// [`LOCK`] after every fix, the unsafe ones too.
fn lock_all() -> String {
    lock_safe()
        .replace("| keeper | answerd |", "| keeper | answered |")
        .replace(
            "| `rely` | off | keeper | answered | no | rulling |",
            "| `relay` | off | keeper | answered | no | ruling |",
        )
}

fn read(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).expect("read the plan")
}

#[test]
fn plain_fix_applies_the_safe_fixes_and_counts_the_hidden_ones() {
    let root = Root::new();
    let path = root.plan("lock", LOCK);
    let output = root.run(["validate", "lock", "--fix", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(read(&path), lock_safe(), "only the safe fix is written");
    let err = stderr(&output);
    assert!(
        err.ends_with(
            "1 plan checked: 3 findings (3 gating) in 1 plan; 1 fixed, 3 remaining (3 hidden fixes can be enabled with the --unsafe-fixes option)\n"
        ),
        "{err}"
    );
}

#[test]
fn plain_diff_does_not_show_an_unsafe_fix() {
    let root = Root::new();
    let path = root.plan("lock", &lock_safe());
    let output = root.run(["validate", "lock", "--diff"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), "");
    assert_eq!(
        stderr(&output),
        "no fixes to apply (3 hidden fixes can be enabled with the --unsafe-fixes option)\n"
    );
    assert_eq!(read(&path), lock_safe());
}

#[test]
fn diff_with_unsafe_fixes_shows_them_and_writes_nothing() {
    let root = Root::new();
    let path = root.plan("lock", LOCK);
    let output = root.run(["validate", "lock", "--diff", "--unsafe-fixes"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(read(&path), LOCK, "--diff writes nothing");
    insta::assert_snapshot!(
        "diff_with_unsafe_fixes",
        format!("{}---- stderr\n{}", stdout(&output), stderr(&output))
    );
}

#[test]
fn fix_with_unsafe_fixes_writes_them_and_is_idempotent() {
    let root = Root::new();
    let path = root.plan("lock", LOCK);
    let output = root.run(["validate", "lock", "--fix", "--unsafe-fixes"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(read(&path), lock_all());
    assert!(
        stderr(&output).ends_with("1 plan checked: no findings; 4 fixed, 0 remaining\n"),
        "{}",
        stderr(&output)
    );
    let again = root.run(["validate", "lock", "--fix", "--unsafe-fixes"]);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert_eq!(read(&path), lock_all());
    assert!(
        stderr(&again).ends_with("0 fixed, 0 remaining\n"),
        "{}",
        stderr(&again)
    );
}

#[test]
fn a_plan_on_stdin_gets_its_unsafe_fixes_only_when_asked() {
    let root = Root::new();
    root.plan("lock", LOCK);
    let args = [
        "validate",
        "-",
        "--stdin-filename",
        "docs/plans/lock.md",
        "--fix",
    ];
    let plain = root.run_with_stdin(&args, LOCK.as_bytes());
    assert_eq!(stdout(&plain), lock_safe());
    let with: Vec<&str> = args.iter().copied().chain(["--unsafe-fixes"]).collect();
    let all = root.run_with_stdin(&with, LOCK.as_bytes());
    assert_eq!(all.status.code(), Some(0), "{}", stderr(&all));
    assert_eq!(stdout(&all), lock_all());
}

#[test]
fn human_and_json_outputs_say_the_fix_is_unsafe() {
    let root = Root::new();
    root.plan("lock", &lock_safe());
    let human = stdout(&root.run(["validate", "lock"]));
    assert!(
        human.contains(
            "help: `planfile validate --fix --unsafe-fixes` repairs this, if that is what was meant (an unsafe fix): write answered"
        ),
        "{human}"
    );
    let (_, findings) = root.findings("lock");
    let marks: Vec<(&str, &Value, &Value)> = findings
        .iter()
        .map(|f| {
            (
                f["name"].as_str().unwrap_or_default(),
                &f["fixable"],
                &f["applicability"],
            )
        })
        .collect();
    assert_eq!(
        marks,
        [
            (
                "decision-state-unknown",
                &Value::Bool(true),
                &"unsafe".into()
            ),
            ("decision-key-unknown", &Value::Bool(true), &"unsafe".into()),
            (
                "decision-source-unknown",
                &Value::Bool(true),
                &"unsafe".into()
            ),
        ]
    );
}

#[test]
fn no_key_fix_writes_a_row_that_is_already_there() {
    let root = Root::new();
    // `stops` is close to `stop`, which has its row already.
    let text = LOCK.replace(
        "| `rely` | off | keeper | answered | no | rulling |",
        "| `stops` | halt | keeper | answered | no | plan |",
    );
    let path = root.plan("lock", &text);
    let (_, findings) = root.findings("lock");
    let key = findings
        .iter()
        .find(|f| f["name"] == "decision-key-unknown")
        .expect("the key finding");
    assert!(
        key["message"]
            .as_str()
            .is_some_and(|m| m.ends_with("did you mean `stop`?")),
        "{key}"
    );
    assert_eq!(key["fixable"], false, "{key}");
    let output = root.run(["validate", "lock", "--fix", "--unsafe-fixes"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(read(&path).contains("| `stops` | halt |"));
}

#[test]
fn the_twin_is_never_fixed_not_even_unsafely() {
    let root = Root::new();
    root.plan("lock", &lock_all());
    let twin_text = "# Decisions — lock\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `relay` | off | op | answerd | no | run | r-1 | — |\n";
    let twin = root.twin("lock", twin_text);
    let output = root.run(["validate", "lock", "--fix", "--unsafe-fixes"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(read(&twin), twin_text);
}

#[test]
fn explain_says_which_checks_have_a_safe_or_an_unsafe_fix() {
    let root = Root::new();
    let list = stdout(&root.run(["explain"]));
    let label = |name: &str| {
        let line = list
            .lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap_or_else(|| panic!("{name} in {list}"));
        line.split_whitespace().skip(3).take(2).collect::<Vec<_>>()
    };
    assert_eq!(label("decision-state-unknown"), ["unsafe", "fix"]);
    assert_eq!(label("decision-source-unknown"), ["unsafe", "fix"]);
    assert_eq!(label("decision-key-unknown"), ["unsafe", "fix"]);
    assert_eq!(label("decision-word-style"), ["safe", "fix"]);
    assert_ne!(label("verification-empty-open")[0], "safe");
    // Each check's page says it: a `## Fix` section exactly when it has a
    // fix, naming --unsafe-fixes exactly when that fix is unsafe.
    for check in CHECKS {
        let fix = check.section("Fix");
        match check.fix {
            None => assert!(fix.is_empty(), "{} has no fix: {fix}", check.name),
            Some(Applicability::Safe) => assert!(
                fix.contains("`validate --fix`") && !fix.contains("--unsafe-fixes"),
                "{}: {fix}",
                check.name
            ),
            Some(Applicability::Unsafe) => assert!(
                fix.contains("--fix --unsafe-fixes") && fix.contains("unsafe"),
                "{}: {fix}",
                check.name
            ),
        }
    }
}
