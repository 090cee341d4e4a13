//! CLI tests of the twin writer: `decisions <SLUG> [--phase N]
//! answer|waive|promote` (SPEC §7).

mod common;

use std::path::{Path, PathBuf};

use common::{Root, stderr, stdout, tree};
use proptest::prelude::*;

/// A two-phase plan whose manifest has a blocking outstanding `relay` row
/// and a phase-2 `waits` row.
const PLAN: &str = "---
slug: sea-wall
status: active
phases: 2
---

# Sea wall sensors

Put tide sensors on the sea wall.

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Sensor mounts | — | wall | mounts fixed |
| 2 | Telemetry | 1 | wall | readings arrive |

## Decisions

| key | value | owner | state | blocking | source |
|---|---|---|---|---|---|
| `relay` | | harbour-master | outstanding | yes | plan |
| `waits` | | harbour-master | outstanding | yes | plan |
";

fn root() -> Root {
    let root = Root::new();
    root.plan("sea-wall", PLAN);
    root
}

fn twin_text(root: &Root) -> String {
    std::fs::read_to_string(root.twin_path("sea-wall")).expect("the twin")
}

/// Files beside the twin other than the twin and its lock.
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .expect("the handoff folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "decisions.md" && n != "decisions.md.lock")
        .collect()
}

#[test]
fn answer_creates_the_twin() {
    let root = root();
    let out = root
        .cmd()
        .args([
            "decisions",
            "sea-wall",
            "answer",
            "relay",
            "--value",
            "last-resort",
        ])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "relay\tanswered\top\tyes\trun\tlast-resort\n");
    insta::assert_snapshot!("new_twin", twin_text(&root));
}

#[test]
fn dry_run_prints_the_diff_and_writes_nothing() {
    let root = root();
    let out = root
        .cmd()
        .args([
            "decisions",
            "sea-wall",
            "--dry-run",
            "answer",
            "stop",
            "--value",
            "halt",
        ])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!root.path().join("docs/handoffs").exists());
    assert!(
        stdout(&out).contains(
            "+| `stop` | halt | op | answered | no | run | decisions.sh 2026-09-14 | — |\n"
        )
    );

    root.cmd()
        .args(["decisions", "sea-wall", "answer", "stop", "--value", "halt"])
        .assert()
        .code(0);
    root.cmd()
        .args(["decisions", "sea-wall", "answer", "relay", "--value", "off"])
        .assert()
        .code(0);
    let before = tree(root.path());
    let out = root
        .cmd()
        .args([
            "decisions",
            "sea-wall",
            "answer",
            "stop",
            "--value",
            "halt | page",
            "--by",
            "keeper",
            "--dry-run",
        ])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    insta::assert_snapshot!("dry_run_replace", stdout(&out));
    assert_eq!(before, tree(root.path()));

    let out = root
        .cmd()
        .args([
            "decisions",
            "sea-wall",
            "answer",
            "stop",
            "--value",
            "halt",
            "--dry-run",
        ])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("change nothing"));
}

#[test]
fn a_new_twin_gets_the_mode_of_any_new_file() {
    use std::os::unix::fs::PermissionsExt;
    let root = root();
    root.cmd()
        .args(["decisions", "sea-wall", "answer", "stop", "--value", "halt"])
        .assert()
        .code(0);
    let plain = root.path().join("docs/handoffs/sea-wall/plain");
    std::fs::write(&plain, "x").expect("a plain new file");
    let mode = |p: &Path| std::fs::metadata(p).expect("meta").permissions().mode() & 0o777;
    assert_eq!(mode(&root.twin_path("sea-wall")), mode(&plain));
}

#[test]
fn waive_and_promote_dry_runs_write_nothing() {
    let root = root();
    let ledger = root.path().join("rulings.ndjson");
    std::fs::write(
        &ledger,
        r#"{"type":"ruling","id":"r-5","decisionKey":"budgets","what":"5 € a run"}"#,
    )
    .expect("the ledger");
    let before = tree(root.path());
    let out = root
        .cmd()
        .args([
            "decisions",
            "sea-wall",
            "waive",
            "plan-health",
            "--reason",
            "one-off",
            "--dry-run",
        ])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains(
        "+| `plan-health` | one-off | op | waived | no | run | decisions.sh 2026-09-14 | — |\n"
    ));
    let out = root
        .cmd()
        .args([
            "decisions",
            "sea-wall",
            "--dry-run",
            "--phase",
            "1",
            "promote",
            "--from-ruling",
            "r-5",
        ])
        .arg("--rulings")
        .arg(&ledger)
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains(
            "+| `budgets` | 5 € a run | op | answered | no | ruling | ruling r-5 | 1 |\n"
        )
    );
    assert_eq!(before, tree(root.path()));
}

#[test]
fn defaults_of_each_field() {
    let root = root();
    // blocking: the row the view resolves to today (the plan's relay, yes).
    root.cmd()
        .args(["decisions", "sea-wall", "answer", "relay", "--value", "off"])
        .assert()
        .code(0)
        .stdout("relay\tanswered\top\tyes\trun\toff\n");
    // ...and then the twin's own row, until --blocking says otherwise.
    root.cmd()
        .args([
            "decisions",
            "sea-wall",
            "answer",
            "relay",
            "--value",
            "off",
            "--blocking",
            "NO",
        ])
        .assert()
        .code(0)
        .stdout("relay\tanswered\top\tno\trun\toff\n");
    root.cmd()
        .args([
            "decisions",
            "sea-wall",
            "answer",
            "relay",
            "--value",
            "last-resort",
        ])
        .assert()
        .code(0)
        .stdout("relay\tanswered\top\tno\trun\tlast-resort\n");
    // a key no row resolves to: no.
    root.cmd()
        .args([
            "decisions",
            "sea-wall",
            "waive",
            "mcp",
            "--reason",
            "no servers",
        ])
        .assert()
        .code(0)
        .stdout("mcp\twaived\top\tno\trun\tno servers\n");
    // phase 2's view resolves waits to the plan's blocking row.
    root.cmd()
        .args([
            "decisions",
            "sea-wall",
            "--phase",
            "2",
            "answer",
            "waits",
            "--value",
            "window",
        ])
        .assert()
        .code(0)
        .stdout("waits\tanswered\top\tyes\trun\twindow\n");
    // owner from $PE_OWNER when --by is absent; PE_TODAY in the evidence.
    root.cmd()
        .env("PE_OWNER", "tide-desk")
        .env("PE_TODAY", "2031-01-02")
        .args(["decisions", "sea-wall", "answer", "stop", "--value", "halt"])
        .assert()
        .code(0)
        .stdout("stop\tanswered\ttide-desk\tno\trun\thalt\n");
    let text = twin_text(&root);
    assert!(text.contains(
        "| `relay` | last-resort | op | answered | no | run | decisions.sh 2026-09-14 | — |\n"
    ));
    assert!(text.contains(
        "| `mcp` | no servers | op | waived | no | run | decisions.sh 2026-09-14 | — |\n"
    ));
    assert!(text.contains(
        "| `waits` | window | op | answered | yes | run | decisions.sh 2026-09-14 | 2 |\n"
    ));
    assert!(text.contains(
        "| `stop` | halt | tide-desk | answered | no | run | decisions.sh 2031-01-02 | — |\n"
    ));
}

#[test]
fn default_owner_is_user_at_host_and_date_is_today() {
    let root = root();
    let out = root
        .cmd()
        .env_remove("PE_OWNER")
        .env_remove("PE_TODAY")
        .args(["decisions", "sea-wall", "answer", "stop", "--value", "halt"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let owner = stdout(&out)
        .split('\t')
        .nth(2)
        .map(str::to_string)
        .unwrap_or_default();
    let (user, host) = owner.split_once('@').expect("user@host");
    assert!(!user.is_empty() && !host.is_empty(), "{owner}");
    let today = jiff::Zoned::now().date().to_string();
    let yesterday = jiff::Zoned::now()
        .date()
        .yesterday()
        .map(|d| d.to_string())
        .unwrap_or_default();
    let text = twin_text(&root);
    assert!(
        text.contains(&format!("decisions.sh {today} |"))
            || text.contains(&format!("decisions.sh {yesterday} |")),
        "{text}"
    );
}

#[test]
fn promote_takes_the_last_ruling_and_its_key() {
    let root = root();
    let ledger = root.path().join("rulings.ndjson");
    std::fs::write(
        &ledger,
        concat!(
            r#"{"type":"ruling","id":"r-1","decisionKey":"ambiguity","what":"ask"}"#, "\n",
            "not json\n",
            r#"{"type":"ruling","id":"r-1","decisionKey":"ambiguity","what":"follow the tide | table"}"#, "\n",
            r#"{"type":"ack","id":"r-1","what":"ack text"}"#, "\n",
            r#"{"type":"ruling","id":"r-2","what":"halt at spring tide"}"#, "\n",
        ),
    )
    .expect("the ledger");
    root.cmd()
        .args([
            "decisions",
            "sea-wall",
            "promote",
            "--from-ruling",
            "r-1",
            "--rulings",
        ])
        .arg(&ledger)
        .assert()
        .code(0)
        .stdout("ambiguity\tanswered\top\tno\truling\tfollow the tide | table\n");
    // $PE_RULINGS_FILE, --key for a ruling that names none, --phase.
    root.cmd()
        .env("PE_RULINGS_FILE", &ledger)
        .args([
            "decisions",
            "sea-wall",
            "--phase",
            "1",
            "promote",
            "--from-ruling",
            "r-2",
            "--key",
            "stop",
        ])
        .assert()
        .code(0)
        .stdout("stop\tanswered\top\tno\truling\thalt at spring tide\n");
    let text = twin_text(&root);
    assert!(text.contains(
        "| `ambiguity` | follow the tide \\| table | op | answered | no | ruling | ruling r-1 | — |\n"
    ));
    assert!(text.contains(
        "| `stop` | halt at spring tide | op | answered | no | ruling | ruling r-2 | 1 |\n"
    ));
}

/// `promote --from-ruling ID EXTRA… --rulings <ledger>` in `root`, the
/// ledger holding `lines`: the output.
fn promote_from(root: &Root, id: &str, lines: &[&str], extra: &[&str]) -> std::process::Output {
    let ledger = root.path().join("rulings.ndjson");
    std::fs::write(&ledger, lines.concat()).expect("the ledger");
    root.cmd()
        .args(["decisions", "sea-wall", "promote", "--from-ruling", id])
        .args(extra)
        .arg("--rulings")
        .arg(&ledger)
        .output()
        .expect("run planfile")
}

#[test]
fn promote_refuses_a_ruling_whose_later_version_is_not_json() {
    let root = root();
    let first = r#"{"type":"ruling","id":"r-1","decisionKey":"ambiguity","what":"keep running on a bounced invoice"}"#;
    let corrected = r#"{"type":"ruling","id":"r-1","decisionKey":"ambiguity","what":"HALT on the first bounced invoice",}"#;
    for extra in [&[][..], &["--dry-run"]] {
        let out = promote_from(&root, "r-1", &[first, "\n", corrected, "\n"], extra);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert_eq!(stdout(&out), "");
        let err = stderr(&out);
        assert!(
            err.contains("rulings.ndjson:2: the line is not JSON (trailing comma, column 98) but names ruling \"r-1\", so it may be a later version of the ruling than line 1"),
            "{err}"
        );
        assert!(err.contains("fix the line"), "{err}");
        assert!(!root.twin_path("sea-wall").exists());
    }
    // Fixed, the correction is what is promoted.
    let fixed = corrected.replace(",}", "}");
    let out = promote_from(&root, "r-1", &[first, "\n", &fixed, "\n"], &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "ambiguity\tanswered\top\tno\truling\tHALT on the first bounced invoice\n"
    );
}

#[test]
fn promote_says_which_lines_after_the_ruling_it_skipped() {
    let root = root();
    let out = promote_from(
        &root,
        "r-1",
        &[
            "garbage before\n",
            r#"{"type":"ruling","id":"r-1","decisionKey":"ambiguity","what":"ask"}"#,
            "\n{\"type\":\"note\",\n",
            r#"{"type":"ack","id":"r-1",}"#,
            "\n",
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "ambiguity\tanswered\top\tno\truling\task\n");
    let err = stderr(&out);
    assert!(
        err.contains("rulings.ndjson: lines 3 and 4 after ruling \"r-1\" (line 2) are not JSON and were skipped; none of them looks like a version of the ruling, so line 2 is the one promoted\n"),
        "{err}"
    );
}

#[test]
fn promote_reads_a_ledger_that_starts_with_a_bom() {
    let root = root();
    let out = promote_from(
        &root,
        "r-2",
        &[
            "\u{FEFF}",
            r#"{"type":"ruling","id":"r-2","decisionKey":"ambiguity","what":"ask"}"#,
            "\n",
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "ambiguity\tanswered\top\tno\truling\task\n");
    assert_eq!(stderr(&out), "");
}

#[test]
fn promote_reads_the_console_state_folder_by_default() {
    let root = root();
    let abs = root.path().to_path_buf();
    let instance = planfile::root::instance_name(&abs);
    let ledger = root
        .path()
        .join(".state/phase-console/runs")
        .join(instance)
        .join("sea-wall/rulings.ndjson");
    std::fs::create_dir_all(ledger.parent().expect("a folder")).expect("state folder");
    std::fs::write(
        &ledger,
        r#"{"type":"ruling","id":"r-9","decisionKey":"announce","what":"halts only"}"#,
    )
    .expect("the ledger");
    root.cmd()
        .args(["decisions", "sea-wall", "promote", "--from-ruling", "r-9"])
        .assert()
        .code(0)
        .stdout("announce\tanswered\top\tno\truling\thalts only\n");
}

#[test]
fn a_write_keeps_every_other_byte() {
    use std::os::unix::fs::PermissionsExt;
    let root = root();
    let shared = root.path().join("shared");
    std::fs::create_dir_all(&shared).expect("shared folder");
    let original = "\u{FEFF}# Decisions — sea-wall\r\n\r\nNotes first.\r\n\r\n## Decisions\r\n\r\n| key | value | owner | state | blocking | source | evidence | phase |\r\n|---|---|---|---|---|---|---|---|\r\n| `issues` | off | op | answered | no | run | decisions.sh 2026-09-01 | — |\r\n| `stop` | halt | op | answered | no | run | decisions.sh 2026-09-01 | — |\r\n\r\n## Afterword\r\n\r\nKeep this | text.\r\nNo final newline";
    let real = shared.join("sea-wall.md");
    std::fs::write(&real, original).expect("the real twin");
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let handoffs = root.path().join("docs/handoffs/sea-wall");
    std::fs::create_dir_all(&handoffs).expect("handoffs");
    std::os::unix::fs::symlink("../../../shared/sea-wall.md", handoffs.join("decisions.md"))
        .expect("link");

    root.cmd()
        .args([
            "decisions",
            "sea-wall",
            "answer",
            "issues",
            "--value",
            "draft",
        ])
        .assert()
        .code(0);
    root.cmd()
        .args([
            "decisions",
            "sea-wall",
            "answer",
            "relay",
            "--value",
            "off",
            "--blocking",
            "no",
        ])
        .assert()
        .code(0);

    let want = original
        .replace(
            "| `issues` | off | op | answered | no | run | decisions.sh 2026-09-01 | — |\r\n",
            "| `issues` | draft | op | answered | no | run | decisions.sh 2026-09-14 | — |\r\n",
        )
        .replace(
            "| `stop` | halt | op | answered | no | run | decisions.sh 2026-09-01 | — |\r\n",
            "| `stop` | halt | op | answered | no | run | decisions.sh 2026-09-01 | — |\r\n| `relay` | off | op | answered | no | run | decisions.sh 2026-09-14 | — |\r\n",
        );
    assert_eq!(std::fs::read_to_string(&real).expect("read"), want);
    let link = handoffs.join("decisions.md");
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("meta")
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        std::fs::read_link(&link).expect("link"),
        PathBuf::from("../../../shared/sea-wall.md")
    );
    let mode = std::fs::metadata(&real).expect("meta").permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
    assert!(leftovers(&handoffs).is_empty());
    let beside: Vec<String> = std::fs::read_dir(&shared)
        .expect("shared")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "sea-wall.md" && n != "sea-wall.md.lock")
        .collect();
    assert!(
        beside.is_empty(),
        "no temporary file beside the real twin: {beside:?}"
    );
}

#[test]
fn a_reordered_twin_keeps_its_order_and_unknown_cells() {
    let root = root();
    let text = "# Decisions — sea-wall\n\n## Decisions\n\n| phase | key | ticket | owner | value | state | source | blocking | evidence |\n|---|---|---|---|---|---|---|---|---|\n| 2 | `waits` | T-7 | op | none | answered | run | no | e |\n";
    root.twin("sea-wall", text);
    root.cmd()
        .args([
            "decisions",
            "sea-wall",
            "--phase",
            "2",
            "answer",
            "waits",
            "--value",
            "3d",
        ])
        .assert()
        .code(0)
        .stdout("waits\tanswered\top\tno\trun\t3d\n");
    root.cmd()
        .args(["decisions", "sea-wall", "answer", "stop", "--value", "halt"])
        .assert()
        .code(0);
    assert_eq!(
        twin_text(&root),
        "# Decisions — sea-wall\n\n## Decisions\n\n| phase | key | ticket | owner | value | state | source | blocking | evidence |\n|---|---|---|---|---|---|---|---|---|\n| 2 | `waits` | T-7 | op | 3d | answered | run | no | decisions.sh 2026-09-14 |\n| — | `stop` | | op | halt | answered | run | no | decisions.sh 2026-09-14 |\n"
    );
}

#[test]
fn a_twin_without_a_decisions_table_gets_one_appended() {
    let root = root();
    root.twin(
        "sea-wall",
        "# Notes on sea-wall\n\nWritten by the harbour office.\n",
    );
    root.cmd()
        .args(["decisions", "sea-wall", "answer", "stop", "--value", "halt"])
        .assert()
        .code(0);
    assert_eq!(
        twin_text(&root),
        "# Notes on sea-wall\n\nWritten by the harbour office.\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `stop` | halt | op | answered | no | run | decisions.sh 2026-09-14 | — |\n"
    );
}

#[test]
fn the_same_answer_twice_leaves_the_file_alone() {
    let root = root();
    let args = ["decisions", "sea-wall", "answer", "stop", "--value", "halt"];
    root.cmd().args(args).assert().code(0);
    let path = root.twin_path("sea-wall");
    let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000);
    std::fs::File::options()
        .write(true)
        .open(&path)
        .and_then(|f| f.set_modified(old))
        .expect("set the mtime");
    let before = std::fs::read(&path).expect("read");
    root.cmd()
        .args(args)
        .assert()
        .code(0)
        .stdout("stop\tanswered\top\tno\trun\thalt\n");
    assert_eq!(std::fs::read(&path).expect("read"), before);
    let mtime = std::fs::metadata(&path)
        .and_then(|m| m.modified())
        .expect("mtime");
    assert_eq!(mtime, old);
    // A different answer does rewrite it.
    root.cmd()
        .args([
            "decisions",
            "sea-wall",
            "answer",
            "stop",
            "--value",
            "go on",
        ])
        .assert()
        .code(0);
    let mtime = std::fs::metadata(&path)
        .and_then(|m| m.modified())
        .expect("mtime");
    assert_ne!(mtime, old);
}

/// Runs `args` in `root` and checks the exit code, that stderr holds
/// `needle`, and that nothing under the root changed.
fn refused(root: &Root, args: &[&str], code: i32, needle: &str) {
    let before = tree(root.path());
    let out = root.cmd().args(args).output().expect("run");
    assert_eq!(out.status.code(), Some(code), "{args:?}: {}", stderr(&out));
    assert!(stdout(&out).is_empty(), "{args:?}");
    assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{args:?}");
    assert_eq!(before, tree(root.path()), "{args:?} changed the tree");
}

#[test]
fn refusals_before_any_write_create_nothing() {
    let root = root();
    std::fs::write(root.path().join("docs/plans/latin1.md"), b"# Caf\xe9\n").expect("latin-1 plan");
    let ledger = root.path().join("rulings.ndjson");
    std::fs::write(&ledger, "{\"type\":\"ruling\",\"id\":\"r-1\",\"what\":\"x\"}\n{\"type\":\"ruling\",\"id\":\"r-3\",\"decisionKey\":\"Stop\",\"what\":\"x\"}\n{\"type\":\"ruling\",\"id\":\"r-4\",\"decisionKey\":\"stop\"}\n").expect("ledger");
    let ledger = ledger.to_str().expect("a UTF-8 path");
    let cases: &[(&[&str], &str)] = &[
        (
            &["decisions", "sea-wall", "answr", "relay", "--value", "off"],
            "answr",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "answer",
                "permissions",
                "--value",
                "x",
            ],
            "permissions",
        ),
        (
            &["decisions", "sea-wall", "answer", "Relay", "--value", "x"],
            "Relay",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "--phase",
                "3",
                "answer",
                "relay",
                "--value",
                "x",
            ],
            "phase 3 is not in this plan",
        ),
        (&["decisions", "sea-wall", "answer", "relay"], "--value"),
        (
            &["decisions", "sea-wall", "answer", "relay", "--value", ""],
            "--value",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "answer",
                "relay",
                "--value",
                " \t\n ",
            ],
            "--value",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "answer",
                "relay",
                "--value",
                "x",
                "--by",
                "",
            ],
            "--by",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "answer",
                "relay",
                "--value",
                "x",
                "--evidence",
                "",
            ],
            "--evidence",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "answer",
                "relay",
                "--value",
                "x",
                "--blocking",
                "maybe",
            ],
            "--blocking",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "answer",
                "relay",
                "--value",
                "x",
                "--by",
                "**op**",
            ],
            "owner",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "answer",
                "relay",
                "--value",
                "x",
                "--by",
                "`op`",
            ],
            "owner",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "answer",
                "relay",
                "--value",
                "x",
                "--reason",
                "y",
            ],
            "--reason",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "answer",
                "relay",
                "--value",
                "x",
                "--format",
                "json",
            ],
            "--format",
        ),
        (
            &["decisions", "sea-wall", "waive", "relay", "--by", "op"],
            "--reason",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "waive",
                "relay",
                "--reason",
                "x",
                "--value",
                "y",
            ],
            "--value",
        ),
        (
            &["decisions", "sea-wall", "promote", "--key", "stop"],
            "--from-ruling",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "promote",
                "stop",
                "--from-ruling",
                "r-1",
            ],
            "KEY",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "promote",
                "--from-ruling",
                "r-1",
                "--rulings",
                "/nonexistent/rulings.ndjson",
            ],
            "/nonexistent/rulings.ndjson",
        ),
        (
            &["decisions", "sea-wall", "promote", "--from-ruling", "r-1"],
            "rulings.ndjson",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "promote",
                "--from-ruling",
                "r-2",
                "--rulings",
                ledger,
            ],
            "r-2",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "promote",
                "--from-ruling",
                "r-1",
                "--rulings",
                ledger,
            ],
            "decisionKey",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "promote",
                "--from-ruling",
                "r-3",
                "--rulings",
                ledger,
            ],
            "Stop",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "promote",
                "--from-ruling",
                "r-4",
                "--rulings",
                ledger,
            ],
            "what",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "promote",
                "--from-ruling",
                "r-1",
                "--key",
                "Stop",
                "--rulings",
                ledger,
            ],
            "Stop",
        ),
        (
            &[
                "decisions",
                "no-such-plan",
                "answer",
                "relay",
                "--value",
                "x",
            ],
            "no-such-plan",
        ),
        (
            &["decisions", "latin1", "answer", "relay", "--value", "x"],
            "latin1.md",
        ),
        (
            &[
                "decisions",
                "../sea-wall",
                "answer",
                "relay",
                "--value",
                "x",
            ],
            "invalid plan slug",
        ),
        (
            &["decisions", "sea-wall", "answer", "relay", "--value"],
            "--value",
        ),
        (
            &[
                "decisions",
                "sea-wall",
                "answer",
                "relay",
                "--value",
                "x",
                "--phase",
            ],
            "--phase",
        ),
    ];
    for (args, needle) in cases {
        refused(&root, args, 2, needle);
    }
    assert!(!root.path().join("docs/handoffs").exists());
}

const TWIN_HEAD: &str = "# Decisions — sea-wall\n\n## Decisions\n\n";

#[test]
fn twins_the_writer_cannot_edit_are_refused() {
    let root = root();
    let cases: &[(&str, &[&str], i32, &str)] = &[
        (
            "| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `stop` | a | op | answered | no | run | e | — |\n| `relay` | off | op | answered | no | run | e | — |\n| `stop` | b | op | answered | no | run | e | |\n",
            &["answer", "stop", "--value", "c"],
            1,
            "lines 7 and 9",
        ),
        (
            "| key | value | owner | state | blocking | source | evidence | phase |\n| `stop` | a | op | answered | no | run | e | — |\n",
            &["answer", "stop", "--value", "c"],
            1,
            "line 5",
        ),
        (
            "| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `stop` | a | op | answered | no | run | e | — |\nhand-written note\n",
            &["answer", "relay", "--value", "last-resort"],
            1,
            "line 8",
        ),
        (
            "| key | value | owner | state | blocking | source | evidence |\n|---|---|---|---|---|---|---|\n| `stop` | a | op | answered | no | run | e |\n",
            &["--phase", "2", "answer", "stop", "--value", "c"],
            1,
            "`phase`",
        ),
        (
            "| key | value |\n|---|---|\n| `stop` | a |\n",
            &["answer", "stop", "--value", "c"],
            1,
            "names neither a `state` nor a `blocking` column",
        ),
    ];
    for (table, args, code, needle) in cases {
        root.twin("sea-wall", &format!("{TWIN_HEAD}{table}"));
        let mut all = vec!["decisions", "sea-wall"];
        all.extend_from_slice(args);
        refused(&root, &all, *code, needle);
        let mut dry = all.clone();
        dry.push("--dry-run");
        refused(&root, &dry, *code, needle);
    }
    // A dangling symlink twin: exit 2.
    let twin = root.twin_path("sea-wall");
    std::fs::remove_file(&twin).expect("remove the twin");
    std::os::unix::fs::symlink("../../../gone/decisions.md", &twin).expect("link");
    refused(
        &root,
        &["decisions", "sea-wall", "answer", "stop", "--value", "c"],
        2,
        "does not exist",
    );
}

#[test]
fn nineteen_writers_at_once_keep_nineteen_rows() {
    let root = root();
    let binary = assert_cmd::cargo::cargo_bin("planfile");
    let children: Vec<_> = planfile::vocab::KEYS
        .iter()
        .map(|spec| {
            std::process::Command::new(&binary)
                .current_dir(root.path())
                .env_clear()
                .env("DOCS_ROOT", root.path())
                .env("PE_OWNER", "op")
                .env("PE_TODAY", "2026-09-14")
                .env("HOME", root.path())
                .args(["decisions", "sea-wall", "answer", spec.key])
                .arg(format!("--value=value for {}", spec.key))
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("spawn a writer")
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().expect("a writer");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    let text = twin_text(&root);
    for spec in &planfile::vocab::KEYS {
        let row = format!("| `{0}` | value for {0} | op | answered |", spec.key);
        assert_eq!(text.matches(&row).count(), 1, "{}: {text}", spec.key);
    }
    assert_eq!(text.lines().filter(|l| l.starts_with("| `")).count(), 19);
    assert!(leftovers(&root.path().join("docs/handoffs/sea-wall")).is_empty());
    let out = root
        .cmd()
        .args(["decisions", "sea-wall", "list"])
        .output()
        .expect("list");
    assert_eq!(stdout(&out).lines().count(), 19);
}

/// What SPEC §7's hygiene makes of `text`, written independently of the
/// tool: control characters to spaces, runs of spaces to one, trimmed, cut
/// to `max` characters, trimmed again.
fn hygiene(text: &str, max: usize) -> String {
    let spaced: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let words: Vec<&str> = spaced.split(' ').filter(|w| !w.is_empty()).collect();
    let cut: String = words.join(" ").chars().take(max).collect();
    cut.trim_matches(' ').to_string()
}

fn value_strategy() -> impl Strategy<Value = String> {
    let chars = prop_oneof![
        3 => any::<char>().prop_filter("no NUL in argv", |c| *c != '\0'),
        1 => prop::sample::select(vec![
            '|', '\\', '`', '*', '\n', '\r', '\t', ' ', '\u{7}', '\u{7f}', '\u{85}', '\u{a0}',
            '\u{2028}', '\u{feff}', '-', '#', '<', '>', '!', '[', ']',
        ]),
        2 => prop::char::range('a', 'z'),
    ];
    prop_oneof![
        4 => prop::collection::vec(chars, 0..60).prop_map(|v| v.into_iter().collect::<String>()),
        1 => "[a-z|\\\\ ]{495,520}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn any_value_reads_back_as_the_hygiene_rule_says(value in value_strategy()) {
        let root = root();
        let expected = hygiene(&value, 500);
        let out = root
            .cmd()
            .args(["decisions", "sea-wall", "answer", "stop"])
            .arg(format!("--value={value}"))
            .output()
            .expect("run");
        if expected.is_empty() {
            prop_assert_eq!(out.status.code(), Some(2));
            prop_assert!(!root.path().join("docs/handoffs").exists());
            return Ok(());
        }
        // A value that survives the hygiene may still be refused, for a
        // reason SPEC §7 names, before anything is written: it says nothing
        // or is only a placeholder (`:`, `?`, `TBD`), it opens an HTML
        // comment, or it names two answer words.
        if out.status.code() == Some(2) {
            let err = stderr(&out);
            prop_assert!(
                err.contains("so the start gate would count the decision as still owed")
                    || err.contains("holds \"<!--\"")
                    || err.contains("answer words"),
                "{}",
                err
            );
            prop_assert!(!root.path().join("docs/handoffs").exists());
            return Ok(());
        }
        prop_assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        prop_assert_eq!(stdout(&out), format!("stop\tanswered\top\tno\trun\t{expected}\n"));
        let listed = root
            .cmd()
            .args(["decisions", "sea-wall", "list", "--format", "json"])
            .output()
            .expect("list");
        let rows: serde_json::Value = serde_json::from_slice(&listed.stdout).expect("JSON");
        let stop = rows
            .as_array()
            .and_then(|rows| rows.iter().find(|r| r["key"] == "stop"))
            .cloned()
            .unwrap_or_default();
        prop_assert_eq!(stop["value"].as_str(), Some(expected.as_str()));
        prop_assert_eq!(stop["owner"].as_str(), Some("op"));
        prop_assert_eq!(stop["state"].as_str(), Some("answered"));
        prop_assert_eq!(stop["evidence"].as_str(), Some("decisions.sh 2026-09-14"));
    }
}

/// A twin that is a symlink in a loop is not a dangling link: the write is
/// refused (exit 2) with the system's reason, and the link is left alone.
#[test]
fn a_twin_symlink_in_a_loop_is_refused_with_its_reason() {
    let root = root();
    let twin = root.twin_path("sea-wall");
    std::fs::create_dir_all(twin.parent().expect("folder")).expect("mkdir");
    std::os::unix::fs::symlink("decisions.md", &twin).expect("symlink");
    let out = root.decisions("sea-wall", &["answer", "stop", "--value", "halt"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("Too many levels of symbolic links"), "{err}");
    assert!(!err.contains("does not exist"), "{err}");
    assert_eq!(
        std::fs::read_link(&twin).expect("still a link"),
        Path::new("decisions.md")
    );
}

/// A twin holding two rows for the key and scope written is refused naming
/// the lines and the scope: plan-wide, or the phase.
#[test]
fn two_rows_for_the_scope_written_are_named_with_their_scope() {
    let table = "## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n";
    for (phase, cell, args, scope) in [
        (
            "—",
            "—",
            &["answer", "stop", "--value", "c"][..],
            "(plan-wide)",
        ),
        (
            "2",
            "2",
            &["--phase", "2", "answer", "stop", "--value", "c"][..],
            "(phase 2)",
        ),
    ] {
        let root = root();
        root.twin(
            "sea-wall",
            &format!(
                "{table}| `stop` | a | op | answered | no | run | e | {phase} |\n| `stop` | b | op | answered | no | run | e | {cell} |\n"
            ),
        );
        let out = root.decisions("sea-wall", args);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!("lines 5 and 6 each hold a row for `stop` {scope}")),
            "{}",
            stderr(&out)
        );
    }
}

/// A write refused because the plan's Decisions cannot be read names the
/// first problem and counts the others: here the three marker lines of an
/// unfinished merge.
#[test]
fn a_refusal_for_an_uncertain_plan_counts_the_other_problems() {
    let root = Root::new();
    root.plan(
        "sea-wall",
        &PLAN.replace(
            "Put tide sensors on the sea wall.\n",
            "<<<<<<< ours\nPut tide sensors on the sea wall.\n\n=======\n\nPut sensors on the sea wall.\n>>>>>>> theirs\n",
        ),
    );
    let out = root.decisions("sea-wall", &["answer", "relay", "--value", "off"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("(and 2 more problems); fix the plan"),
        "{}",
        stderr(&out)
    );
    assert!(!root.twin_path("sea-wall").exists());
}

/// A plan row scoped to a phase the graph lacks is in no view, so it does
/// not stop a write (the gate refuses it, the writer copies nothing from
/// it): the answer is written.
#[test]
fn a_row_of_a_phase_the_graph_lacks_does_not_stop_a_write() {
    let root = Root::new();
    let table = "| key | value | owner | state | blocking | source |\n|---|---|---|---|---|---|\n| `relay` | | harbour-master | outstanding | yes | plan |\n| `waits` | | harbour-master | outstanding | yes | plan |\n";
    assert!(PLAN.ends_with(table));
    root.plan(
        "sea-wall",
        &PLAN.replace(
            table,
            "| key | value | owner | state | blocking | source | phase |\n|---|---|---|---|---|---|---|\n| `relay` | | harbour-master | outstanding | yes | plan | — |\n| `stop` | | harbour-master | outstanding | yes | plan | 9 |\n",
        ),
    );
    let out = root.decisions("sea-wall", &["answer", "relay", "--value", "off"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(twin_text(&root).contains("| `relay` | off |"));
    let out = root.decisions("sea-wall", &["check"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
}
