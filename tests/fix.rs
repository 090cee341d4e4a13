//! `validate --fix` and `--diff` (SPEC §10.1): the fixes the tool is sure
//! of, applied to plans only, every other byte kept, idempotent; `--diff`
//! shows them and writes nothing; the summary says how many were fixed and
//! how many findings remain.

mod common;

use common::{Root, stderr, stdout};
use serde_json::Value;

/// A plan with one of each fix, and one gating finding no fix repairs
/// (phase 3's Verification is prose).
const KETTLE: &str = "---
slug: kettle
status: active
phases: 3
---

# Kettle timer

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 01 | Element | — | kettle | heats |
| 2 | Whistle | 01 | kettle | whistles |
| 3 | Lid | 1–2 | kettle | shuts |

## Phases

### Phase 01 — Element
- **Verification:** `test -s heat.log`

### Phase 2 — Whistle
- **Verification:** `test -s whistle.log`

### Phase 3 — Lid
- **Verification:** a person shuts the lid

## Decisions

| key | value | owner | state | blocking | source | evidence | phase |
|---|---|---|---|---|---|---|---|
| `relay` | Off | cook | **Answered** | Yes | Plan | | — |
| `waits` | boil · 5m | cook | answered | no | plan | | 02 |
Ask the cook about the whistle volume.
";

/// [`KETTLE`] as `--fix` leaves it: each replacement is one fix.
fn kettle_fixed() -> String {
    [
        ("| 01 | Element |", "| 1 | Element |"),
        ("| Whistle | 01 |", "| Whistle | 1 |"),
        ("| Lid | 1–2 |", "| Lid | 1-2 |"),
        ("### Phase 01 —", "### Phase 1 —"),
        (
            "| `relay` | Off | cook | **Answered** | Yes | Plan |",
            "| `relay` | off | cook | answered | yes | plan |",
        ),
        ("| | 02 |\n", "| | 2 |\n\n"),
    ]
    .iter()
    .fold(KETTLE.to_string(), |text, (from, to)| {
        assert!(text.contains(from), "{from}");
        text.replace(from, to)
    })
}

fn read(path: &std::path::Path) -> Vec<u8> {
    std::fs::read(path).expect("read the plan")
}

#[test]
fn diff_shows_the_fixes_writes_nothing_and_exits_1() {
    let root = Root::new();
    let path = root.plan("kettle", KETTLE);
    let output = root.run(["validate", "kettle", "--diff"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(
        out.starts_with("--- a/docs/plans/kettle.md\n+++ b/docs/plans/kettle.md\n@@ "),
        "{out}"
    );
    for line in [
        "-| 01 | Element | — | kettle | heats |",
        "+| 1 | Element | — | kettle | heats |",
        "-### Phase 01 — Element",
        "+### Phase 1 — Element",
        "+| `relay` | off | cook | answered | yes | plan | | — |",
        "+",
    ] {
        assert!(out.lines().any(|l| l == line), "{line:?} in\n{out}");
    }
    assert_eq!(
        stderr(&output),
        "10 fixes would change 1 plan; run validate --fix to apply them\n"
    );
    assert_eq!(read(&path), KETTLE.as_bytes());

    // `--fix --diff` is a diff too.
    let output = root.run(["validate", "kettle", "--fix", "--diff"]);
    assert_eq!((output.status.code(), stdout(&output)), (Some(1), out));
    assert_eq!(read(&path), KETTLE.as_bytes());

    root.plan("kettle", &kettle_fixed());
    let output = root.run(["validate", "kettle", "--diff"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "");
    assert_eq!(stderr(&output), "no fixes to apply\n");
}

#[test]
fn fix_writes_the_fixes_and_says_what_remains() {
    let root = Root::new();
    root.config(common::POLICY_OF_THE_MISSING);
    let path = root.plan("kettle", KETTLE);
    let output = root.run(["validate", "kettle", "--fix", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(1), "phase 3 still gates");
    assert_eq!(String::from_utf8_lossy(&read(&path)), kettle_fixed());
    let out = stdout(&output);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.contains("F14 verification-empty-open: phase 3: "),
        "{out}"
    );
    assert_eq!(
        stderr(&output),
        "1 plan checked: 1 finding (1 gating) in 1 plan; 10 fixed, 1 remaining\n"
    );

    // Fixing again changes nothing, not even the file's time.
    let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
    let output = root.run(["validate", "kettle", "--fix", "--format", "json"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&read(&path)), kettle_fixed());
    assert_eq!(
        std::fs::metadata(&path).and_then(|m| m.modified()).ok(),
        modified
    );
    let doc: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(doc["summary"]["fixed"], 0);
    assert_eq!(doc["plans"][0]["fixed"], 0);
    assert_eq!(doc["summary"]["findings"], 1);
}

#[test]
fn fix_keeps_line_endings_bom_and_a_missing_final_newline() {
    let root = Root::new();
    let crlf = format!(
        "\u{FEFF}{}",
        KETTLE.trim_end_matches('\n').replace('\n', "\r\n")
    );
    let path = root.plan("kettle", &crlf);
    let output = root.run(["validate", "kettle", "--fix"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let want = format!(
        "\u{FEFF}{}",
        kettle_fixed().trim_end_matches('\n').replace('\n', "\r\n")
    );
    assert_eq!(String::from_utf8_lossy(&read(&path)), want);
}

#[test]
fn fix_never_touches_the_twin_nor_a_suppressed_finding() {
    let root = Root::new();
    root.config(common::POLICY_OF_THE_MISSING);
    let text = KETTLE.replace(
        "| 01 | Element | — | kettle | heats |",
        "| 01 | Element | — | kettle | heats | <!-- planfile-ignore: F21 -->",
    );
    let path = root.plan("kettle", &text);
    let twin_text = "# Decisions — kettle\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `stop` | halt | op | Answered | no | run | decisions.sh 2026-09-01 | 02 |\n";
    let twin = root.twin("kettle", twin_text);
    let output = root.run(["validate", "kettle", "--fix", "--format", "json"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        std::fs::read_to_string(&twin).ok().as_deref(),
        Some(twin_text)
    );
    let fixed = String::from_utf8_lossy(&read(&path)).into_owned();
    assert!(
        fixed.contains("\n| 01 | Element | — | kettle | heats | <!-- planfile-ignore: F21 -->\n"),
        "{fixed}"
    );
    assert!(fixed.contains("\n### Phase 1 — Element\n"), "{fixed}");
    let doc: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let remaining: Vec<(&str, &str)> = doc["plans"][0]["findings"]
        .as_array()
        .map(|fs| {
            fs.iter()
                .map(|f| {
                    (
                        f["name"].as_str().unwrap_or(""),
                        f["file"].as_str().unwrap_or(""),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(
        remaining,
        vec![
            ("verification-empty-open", "docs/plans/kettle.md"),
            ("decision-word-style", "docs/handoffs/kettle/decisions.md"),
            (
                "phase-number-zero-padded",
                "docs/handoffs/kettle/decisions.md"
            ),
        ],
        "{doc}"
    );
    assert_eq!(doc["summary"]["suppressed"], 1);
    assert_eq!(doc["summary"]["fixed"], 9);
}

#[cfg(unix)]
#[test]
fn fix_writes_through_a_symlink_and_keeps_the_mode() {
    use std::os::unix::fs::PermissionsExt;
    let root = Root::new();
    let real = root.path().join("kettle-real.md");
    std::fs::write(&real, KETTLE).expect("write the plan");
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let link = root.path().join("docs/plans/kettle.md");
    std::os::unix::fs::symlink(&real, &link).expect("symlink");
    let output = root.run(["validate", "kettle", "--fix"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(std::fs::symlink_metadata(&link).is_ok_and(|m| m.file_type().is_symlink()));
    assert_eq!(
        std::fs::read_to_string(&real).ok().as_deref(),
        Some(kettle_fixed().as_str())
    );
    let mode = std::fs::metadata(&real)
        .map(|m| m.permissions().mode() & 0o777)
        .ok();
    assert_eq!(mode, Some(0o640));
}

#[test]
fn human_output_says_which_findings_fix_repairs() {
    let root = Root::new();
    root.plan("kettle", KETTLE);
    let output = root.run(["validate", "kettle"]);
    let out = stdout(&output);
    assert!(
        out.contains("help: `planfile validate --fix` repairs this: write 1\n"),
        "{out}"
    );
    assert!(
        out.contains("note: advisory: this check's findings do not gate\n"),
        "{out}"
    );
    assert_eq!(out.matches("repairs this").count(), 10, "{out}");
}

#[test]
fn phase_graph_lint_leaves_out_the_style_advisories() {
    let root = Root::new();
    root.plan("kettle", KETTLE);
    let output = root.run(["phase-graph", "kettle", "--lint"]);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    for name in [
        "phase-number-zero-padded",
        "depends-range-dash",
        "decision-word-style",
    ] {
        assert!(!err.contains(name), "{name} in\n{err}");
    }
    assert!(
        err.contains("malformed Phase cell: 01 (zero-padded"),
        "{err}"
    );
    assert!(err.ends_with("LINT FAIL: kettle (3 issue[s])\n"), "{err}");
}

/// A plan its user made read-only (mode 0444) is not rewritten by `--fix`,
/// as the writer honours a read-only twin: exit 2 naming the file, the plan
/// left as it was.
#[test]
fn fix_leaves_a_read_only_plan_alone() {
    use std::os::unix::fs::PermissionsExt;
    let root = Root::new();
    let path = root.plan("kettle", KETTLE);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let output = root.run(["validate", "kettle", "--fix", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("kettle.md"), "{}", stderr(&output));
    assert_eq!(String::from_utf8_lossy(&read(&path)), KETTLE);
}

/// A plan with a second hard link is left alone: the fix replaces the file
/// with a new one, which would split the two names (one fixed, one not).
/// Exit 2 naming the file and the links; both names keep the same text and
/// stay one file.
#[test]
fn fix_leaves_a_hard_linked_plan_alone() {
    use std::os::unix::fs::MetadataExt;
    let root = Root::new();
    let path = root.plan("kettle", KETTLE);
    let mirror = root.path().join("kettle-mirror.md");
    std::fs::hard_link(&path, &mirror).expect("hard link");
    let output = root.run(["validate", "kettle", "--fix", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("the file has 2 hard links"),
        "{}",
        stderr(&output)
    );
    assert_eq!(String::from_utf8_lossy(&read(&path)), KETTLE);
    let (plan, other) = (
        std::fs::metadata(&path).expect("plan"),
        std::fs::metadata(&mirror).expect("mirror"),
    );
    assert_eq!((plan.ino(), plan.nlink()), (other.ino(), 2));
}
