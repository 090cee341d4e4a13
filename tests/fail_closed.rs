//! Failing closed (SPEC §3, §3.1, §3.3, §5.4, §5.7, §6, §10.3): the start
//! gate never says "may start" over rows it could not read, a new plan
//! decides nothing in the operator's name, pipe lines that are not a GFM
//! table are read as the reference reads them, merge-conflict markers stop
//! everything that would settle the conflict silently, every line number
//! counts the lines the Markdown reader sees, front matter is read as the
//! common readers read it, and no command waits on a named pipe.

mod common;

use std::time::{Duration, Instant};

use common::{Root, stderr, stdout};
use serde_json::Value;

/// A one-phase plan whose Decisions section is `decisions` (heading
/// included).
fn plan_with(slug: &str, decisions: &str) -> String {
    format!(
        "---
slug: {slug}
status: active
phases: 1
---

# Weir gauge

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Gauge | — | weir | levels logged |

## Phases

### Phase 1 — Gauge
- **Verification:** `test -s levels.log`

{decisions}"
    )
}

const HEADER: &str =
    "| key | value | owner | state | blocking | source |\n|---|---|---|---|---|---|\n";

/// A root holding plan `weir` with these Decisions rows under a well-formed
/// header.
fn weir(rows: &str) -> Root {
    let root = Root::new();
    // The console's policy answers the keys a weir plan has no row for.
    root.config(common::POLICY_OF_THE_MISSING);
    root.plan(
        "weir",
        &plan_with("weir", &format!("## Decisions\n\n{HEADER}{rows}")),
    );
    root
}

fn check(root: &Root, args: &[&str]) -> (i32, String) {
    let out = root.decisions("weir", &[&["check"][..], args].concat());
    assert_eq!(stderr(&out), "", "check writes its verdict on stdout");
    (out.status.code().unwrap_or(-1), stdout(&out))
}

fn finding_names(root: &Root, slug: &str) -> Vec<String> {
    root.findings(slug)
        .1
        .iter()
        .filter_map(|f| f["name"].as_str().map(str::to_string))
        .collect()
}

/// The line and check name of every finding of plan `slug`, which must
/// fail the lint.
fn finding_lines(root: &Root, slug: &str) -> Vec<(u64, String)> {
    let (code, findings) = root.findings(slug);
    assert_eq!(code, 1, "{slug}");
    findings
        .iter()
        .map(|f| {
            (
                f["line"].as_u64().unwrap_or(0),
                f["name"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[test]
fn a_new_plan_with_one_state_misspelled_still_owes_six_decisions() {
    let root = Root::new();
    assert!(root.run(["new", "weir"]).status.success());
    let plan = root.path().join("docs/plans/weir.md");
    let text = std::fs::read_to_string(&plan).expect("the plan");
    let text = text.replace(
        "| `relay` | | operator | outstanding | yes |",
        "| `relay` | | operator | Outstanding. | yes |",
    );
    std::fs::write(&plan, text).expect("edit the plan");
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("6 decisions stop it"), "{out}");
    assert!(
        out.contains(
            "  - relay: state \"Outstanding.\" is not one of: answered outstanding waived, so the row counts as outstanding and blocking, owed by operator"
        ),
        "{out}"
    );
    let json = root.decisions("weir", &["check", "--format", "json"]);
    let verdict: Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let reasons: Vec<(&str, &str)> = verdict["refusals"]
        .as_array()
        .expect("refusals")
        .iter()
        .map(|r| {
            (
                r["key"].as_str().unwrap_or(""),
                r["reason"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert!(
        reasons.contains(&("relay", "state-unreadable")),
        "{reasons:?}"
    );
    assert_eq!(reasons.len(), 6);
}

#[test]
fn rows_the_gate_cannot_read_count_as_outstanding() {
    // A misspelled state with an empty blocking cell on a key the template
    // marks blocking; a blocking cell that is not a yes/no word; a
    // misspelled state on a row that does not block (passes).
    let root = weir(
        "| `credentials` | | weir-keeper | outstandng | | plan |\n| `mcp` | | weir-keeper | outstanding | yse | plan |\n| `announce` | | weir-keeper | Outstanding. | no | plan |\n",
    );
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("2 decisions stop it"), "{out}");
    assert!(
        out.contains("  - credentials: state \"outstandng\""),
        "{out}"
    );
    assert!(
        out.contains(
            "  - mcp: outstanding and blocking (its blocking cell \"yse\" is not yes or no, so it counts as blocking), owed by weir-keeper"
        ),
        "{out}"
    );
    assert!(!out.contains("announce"), "{out}");
    // The listing prints no for the cell it cannot read, as the reference does.
    let listed = root.run(["phase-graph", "weir", "--decisions"]);
    assert!(
        stdout(&listed).contains("mcp\toutstanding\tweir-keeper\tno\tplan\t\n"),
        "{}",
        stdout(&listed)
    );
    let names = finding_names(&root, "weir");
    assert!(
        names.contains(&"decision-blocking-invalid".to_string()),
        "{names:?}"
    );
    // The boot prompt lists both among the outstanding rows, blocking.
    let prompt = stdout(&root.decisions("weir", &["prompt"]));
    let lines: Vec<&str> = prompt.lines().collect();
    assert_eq!(
        lines[1..4],
        [
            "  - [outstanding] credentials — owner weir-keeper, blocking yes: (no value yet)",
            "  - [outstanding] mcp — owner weir-keeper, blocking yes: (no value yet)",
            "  - [outstanding.] announce: (no value)",
        ],
        "{prompt}"
    );
}

#[test]
fn an_owner_of_a_dash_is_nobody() {
    let root = weir(
        "| `relay` | | — | outstanding | yes | plan |\n| `stop` | | - | outstanding | no | plan |\n",
    );
    let names = finding_names(&root, "weir");
    assert_eq!(
        names,
        [
            "decision-outstanding-unowned",
            "decision-outstanding-unowned"
        ]
    );
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 1);
    assert!(
        out.contains("  - relay: outstanding and blocking, owed by nobody named"),
        "{out}"
    );
    let prompt = stdout(&root.decisions("weir", &["prompt"]));
    assert!(
        prompt.contains("[outstanding] relay — owner nobody, blocking yes"),
        "{prompt}"
    );
}

#[test]
fn emphasis_with_underscores_is_decoration() {
    let root = weir("| __relay__ | off | ops | _answered_ | __no__ | _plan_ |\n");
    let listed = root.run(["phase-graph", "weir", "--decisions"]);
    assert_eq!(stdout(&listed), "relay\tanswered\tops\tno\tplan\toff\n");
    assert_eq!(finding_names(&root, "weir"), Vec::<String>::new());
}

/// State and source words in capitals read as the words (SPEC §3.3): an
/// `Answered` blocking row is answered, so the gate passes it, and the
/// listing prints the words in small letters.
#[test]
fn words_in_capitals_read_as_the_words() {
    let root = weir("| `relay` | off | ops | ANSWERED | YES | Plan |\n");
    let listed = root.run(["phase-graph", "weir", "--decisions"]);
    assert_eq!(stdout(&listed), "relay\tanswered\tops\tyes\tplan\toff\n");
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 0, "{out}");
    let root = weir("| `relay` | | ops | Outstanding | Yes | Plan |\n");
    let (code, out) = check(&root, &["--ack", "relay"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("  - relay: outstanding and blocking, owed by ops"),
        "{out}"
    );
}

#[test]
fn pipe_lines_that_are_not_a_table_are_read_and_stop_the_start() {
    let root = Root::new();
    root.plan(
        "weir",
        &plan_with(
            "weir",
            "## Decisions\n\n| key | value | owner | state | blocking | source |\n|---|---|---|---|---|\n| `stop` | halt | keeper | answered | no | plan |\n",
        ),
    );
    let listed = root.run(["phase-graph", "weir", "--decisions"]);
    assert_eq!(stdout(&listed), "stop\tanswered\tkeeper\tno\tplan\thalt\n");
    let prompt = stdout(&root.decisions("weir", &["prompt"]));
    assert!(prompt.contains("  - [answered] stop: halt"), "{prompt}");
    // Nothing is owed, yet the gate refuses while the table is malformed,
    // whatever --ack says.
    let (code, out) = check(&root, &["--ack", "stop"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("its decisions cannot be read with certainty (1 problem)"),
        "{out}"
    );
    assert!(
        out.contains("weir.md:22: decision table in the plan (line 22): decision-table-malformed"),
        "{out}"
    );
    assert!(out.contains("--ack does not pass these problems"), "{out}");
    let json = root.decisions("weir", &["check", "--format", "json"]);
    let verdict: Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(verdict["verdict"], "refuse");
    assert_eq!(
        verdict["unreadable"][0]["check"],
        "decision-table-malformed"
    );
    assert_eq!(verdict["unreadable"][0]["line"], 22);
}

#[test]
fn a_table_without_a_delimiter_row_is_listed_and_its_blocking_row_stops_the_start() {
    let root = Root::new();
    root.plan(
        "weir",
        &plan_with(
            "weir",
            "## Decisions\n\n| key | value | owner | state | blocking | source |\n| `stop` | halt | keeper | answered | no | plan |\n| `credentials` | | operator | outstanding | yes | plan |\n",
        ),
    );
    // Read as the bash tooling reads it: both rows are listed.
    let listed = root.run(["phase-graph", "weir", "--decisions"]);
    assert_eq!(
        stdout(&listed),
        "credentials\toutstanding\toperator\tyes\tplan\t\nstop\tanswered\tkeeper\tno\tplan\thalt\n"
    );
    let prompt = stdout(&root.decisions("weir", &["prompt"]));
    assert!(!prompt.contains("no manifest"), "{prompt}");
    assert!(prompt.contains("credentials"), "{prompt}");
    let (code, out) = check(&root, &["--ack", "credentials"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("decision-table-malformed"), "{out}");
    assert!(!out.contains("may start"), "{out}");
    assert!(finding_names(&root, "weir").contains(&"decision-table-malformed".to_string()));
}

#[test]
fn a_socket_or_a_device_as_plan_or_twin_is_refused_at_once() {
    let root = weir("| `stop` | halt | keeper | answered | no | plan |\n");
    let _plan_socket =
        std::os::unix::net::UnixListener::bind(root.path().join("docs/plans/sock.md"))
            .expect("a socket");
    std::os::unix::fs::symlink("/dev/null", root.path().join("docs/plans/dev.md")).expect("a link");
    std::fs::create_dir_all(root.path().join("docs/handoffs/weir")).expect("the folder");
    let _twin_socket =
        std::os::unix::net::UnixListener::bind(root.twin_path("weir")).expect("a socket");
    for (args, kind) in [
        (&["validate", "sock"][..], "a socket"),
        (&["phase-graph", "dev", "--decisions"][..], "a device"),
        (&["validate", "dev"][..], "a device"),
        (&["decisions", "weir", "check"][..], "a socket"),
        (
            &["decisions", "weir", "answer", "stop", "--value", "go"][..],
            "a socket",
        ),
    ] {
        let out = root.run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let said = format!("{}{}", stdout(&out), stderr(&out));
        assert!(
            said.contains(&format!("is {kind}, not a regular file")),
            "{args:?}: {said}"
        );
    }
}

#[test]
fn a_near_miss_decisions_heading_stops_the_start() {
    let root = Root::new();
    root.plan(
        "weir",
        &plan_with(
            "weir",
            &format!("##Decisions\n\n{HEADER}| `stop` | halt | keeper | answered | no | plan |\n"),
        ),
    );
    let (code, out) = check(&root, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("decisions-heading-malformed"), "{out}");
    assert!(!out.contains("may start"), "{out}");
}

const CONFLICTED_TWIN: &str = "# Decisions — weir

## Decisions

| key | value | owner | state | blocking | source | evidence | phase |
|---|---|---|---|---|---|---|---|
| `stop` | halt | operator | answered | no | run | r-1 | — |
<<<<<<< HEAD
| `relay` | | operator | outstanding | yes | run | r-2 | — |
=======
| `relay` | off | dev-lead | answered | yes | run | r-3 | — |
>>>>>>> relay-answer
";

#[test]
fn conflict_markers_stop_the_lint_the_writer_and_the_gate() {
    let root = weir("| `stop` | halt | keeper | answered | no | plan |\n");
    let twin = root.twin("weir", CONFLICTED_TWIN);
    let concise = stdout(&root.run(["validate", "weir", "--format", "concise"]));
    let markers: Vec<&str> = concise
        .lines()
        .filter(|l| l.contains("merge-conflict-marker"))
        .collect();
    assert_eq!(markers.len(), 3, "{concise}");
    for (finding, line) in markers.iter().zip([8, 10, 12]) {
        assert!(
            finding.starts_with(&format!("docs/handoffs/weir/decisions.md:{line}:1: F20 merge-conflict-marker: conflict marker in decisions.md (line {line}):")),
            "{finding}"
        );
    }
    assert!(!concise.contains("decision-table-malformed"), "{concise}");

    let before = std::fs::read(&twin).expect("the twin");
    let out = root.decisions("weir", &["answer", "mcp", "--value", "none"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("lines 8, 10, 12 are merge-conflict markers"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read(&twin).expect("the twin"), before);

    let (code, out) = check(&root, &["--ack", "relay"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("decisions.md:8: conflict marker in decisions.md (line 8)"),
        "{out}"
    );
    // Both sides of the conflict hold a plan-wide `relay` row: the
    // duplicate in the view is named too.
    assert!(out.contains("(4 problems)"), "{out}");
    assert!(
        out.contains(
            "decisions.md:11: decision row `relay` in decisions.md: decision-row-duplicate"
        ),
        "{out}"
    );
}

#[test]
fn advice_carries_the_root_the_user_gave() {
    let root = weir("| `relay` | | keeper | outstanding | yes | plan |\n");
    let spaced = root.path().join("my docs");
    common::copy_dir(&root.path().join("docs"), &spaced.join("docs"));
    let out = root
        .cmd()
        .env_remove("DOCS_ROOT")
        .args(["--root", "my docs", "decisions", "weir", "check"])
        .output()
        .expect("run planfile");
    assert!(
        stdout(&out)
            .contains("answer it: planfile --root 'my docs' decisions weir answer relay --value …"),
        "{}",
        stdout(&out)
    );
    let out = root
        .cmd()
        .env_remove("DOCS_ROOT")
        .args([
            "--root",
            "my docs",
            "decisions",
            "weir",
            "--phase",
            "1",
            "prompt",
        ])
        .output()
        .expect("run planfile");
    assert!(
        stdout(&out).starts_with(
            "Decisions for weir (phase 1) — re-read them with: planfile --root 'my docs' decisions weir --phase 1 list\n"
        ),
        "{}",
        stdout(&out)
    );
    // Without --root, the commands name none.
    let (_, out) = check(&root, &[]);
    assert!(
        out.contains("answer it: planfile decisions weir answer relay"),
        "{out}"
    );
}

#[test]
fn a_cr_only_plan_reads_as_its_lf_copy_and_line_numbers_agree() {
    let root = weir(
        "| `stop` | halt | keeper | answered | no | plan |\n| `relay` | off | keeper | answerd | no | plan |\n",
    );
    let lf = root.path().join("docs/plans/weir.md");
    let text = std::fs::read_to_string(&lf).expect("the plan");
    root.plan(
        "weir-cr",
        &text
            .replace("slug: weir", "slug: weir-cr")
            .replace('\n', "\r"),
    );
    for slug in ["weir", "weir-cr"] {
        let listed = root.run(["phase-graph", slug, "--decisions"]);
        assert_eq!(
            stdout(&listed),
            "stop\tanswered\tkeeper\tno\tplan\thalt\nrelay\tanswerd\tkeeper\tno\tplan\toff\n",
            "{slug}"
        );
        assert_eq!(
            finding_lines(&root, slug),
            [(25, "decision-state-unknown".to_string())],
            "{slug}"
        );
    }
}

#[test]
fn a_stray_cr_in_a_cell_ends_the_line_for_every_line_number() {
    let root = weir(
        "| `stop` | halt | keeper | answered | no | plan |\n| `relay` | off\r later | keeper | answered | no | plan |\n| `mcp` | none | keeper | answered | no | plan |\n",
    );
    let at = finding_lines(&root, "weir");
    let at: Vec<(u64, &str)> = at.iter().map(|(l, n)| (*l, n.as_str())).collect();
    assert_eq!(
        at,
        [
            (25, "decision-state-unknown"),
            (25, "decision-table-malformed"),
            (26, "decision-key-unknown"),
            (26, "decision-table-malformed"),
            (26, "decision-state-unknown"),
            (26, "decision-blocking-invalid"),
        ]
    );
    let listed = stdout(&root.run(["phase-graph", "weir", "--decisions"]));
    assert!(
        listed.contains("mcp\tanswered\tkeeper\tno\tplan\tnone\n"),
        "{listed}"
    );
}

#[test]
fn front_matter_fences_as_the_common_readers_take_them() {
    let root = Root::new();
    let text = plan_with("weir", "")
        .replacen("---\nslug", "--- \t\nslug", 1)
        .replacen("status: active", "status: complete", 1)
        .replacen("phases: 1\n---\n", "phases: 1\n...\n", 1);
    root.plan("weir", &text);
    let out = root.run(["phase-graph", "weir", "--lint"]);
    assert_eq!(
        stdout(&out),
        "LINT OK (closed): weir — 1 phases, well-formed and acyclic\n",
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_key_written_twice_in_front_matter_is_explained_to_the_author() {
    let root = Root::new();
    let text = plan_with("weir", "").replacen("phases: 1\n", "phases: 1\nstatus: complete\n", 1);
    root.plan("weir", &text);
    let out = root.run(["phase-graph", "weir", "--lint"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.starts_with("frontmatter (line 5): frontmatter-invalid — \"status\" is written twice (first on line 3), and YAML allows each key once"),
        "{err}"
    );
    assert!(
        !err.contains("DuplicateKeyPolicy") && !err.contains("Options"),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn a_named_pipe_as_plan_or_twin_is_refused_at_once() {
    let root = weir("| `stop` | halt | keeper | answered | no | plan |\n");
    let fifo = |path: &std::path::Path| {
        let name = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).expect("a path");
        // SAFETY: `name` is a NUL-terminated path that outlives the call.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0, "mkfifo");
    };
    fifo(&root.path().join("docs/plans/pipe.md"));
    std::fs::create_dir_all(root.path().join("docs/handoffs/weir")).expect("the folder");
    fifo(&root.twin_path("weir"));
    for args in [
        &["validate", "pipe"][..],
        &["phase-graph", "pipe", "--decisions"][..],
        &["decisions", "weir", "check"][..],
        &["decisions", "weir", "answer", "stop", "--value", "go"][..],
        &["validate", "weir"][..],
    ] {
        let started = Instant::now();
        let mut child = root
            .command()
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("spawn planfile");
        while child.try_wait().expect("wait").is_none() {
            if started.elapsed() > Duration::from_secs(10) {
                let _ = child.kill();
                panic!("{args:?} waited on a named pipe");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let out = child.wait_with_output().expect("the output");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        // validate's human report names it on stdout; the others on stderr.
        let said = format!("{}{}", stdout(&out), stderr(&out));
        assert!(
            said.contains("is a FIFO (named pipe), not a regular file"),
            "{args:?}: {said}"
        );
    }
}

/// A lone `=======` under a paragraph is a setext heading, as CommonMark
/// and GitHub read it: no finding, and the gate lets the plan start; the
/// same line between the two sides of an unfinished merge is a marker.
#[test]
fn a_setext_heading_is_no_conflict_marker_but_a_divider_inside_a_conflict_is() {
    let plan = |prose: &str| {
        format!(
            "---\nslug: beacon\nstatus: active\nphases: 1\n---\n\n# Beacon\n\n{prose}\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos | Exit criteria |\n|---|---|---|---|---|\n| 1 | Timer | — | beacon | lamp on |\n\n## Phases\n\n### Phase 1 — Timer\n- **Verification:** `test -s dusk.log`\n\n## Decisions\n\n| key | value | owner | state | blocking | source |\n|---|---|---|---|---|---|\n| `permission.policy` | ask first | keeper | answered | yes | plan |\n| `permission.destructive` | no pushes | keeper | answered | yes | plan |\n| `accounts` | the harbour account | keeper | answered | yes | plan |\n| `human-acts` | the keeper checks the lens | keeper | answered | yes | plan |\n"
        )
    };
    let root = Root::new();
    root.plan(
        "beacon",
        &plan("Summary\n=======\n\nSwitch the lamp on at dusk."),
    );
    let concise = stdout(&root.run(["validate", "beacon", "--format", "concise"]));
    assert!(!concise.contains("merge-conflict-marker"), "{concise}");
    assert_eq!(root.decisions("beacon", &["check"]).status.code(), Some(0));

    root.plan(
        "beacon",
        &plan("<<<<<<< ours\nThe lamp comes on at dusk.\n=======\nHalf an hour before.\n>>>>>>> theirs"),
    );
    let concise = stdout(&root.run(["validate", "beacon", "--format", "concise"]));
    let lines: Vec<&str> = concise
        .lines()
        .filter(|l| l.contains("merge-conflict-marker"))
        .map(|l| l.split(':').nth(1).unwrap_or_default())
        .collect();
    assert_eq!(lines, ["9", "11", "13"], "{concise}");
    assert_eq!(root.decisions("beacon", &["check"]).status.code(), Some(1));
}

/// A Decisions table indented four spaces is an indented code block, not a
/// table: the lint says so (not that a delimiter row is missing) and the
/// gate refuses.
#[test]
fn an_indented_decisions_table_is_named_as_code() {
    let root = Root::new();
    root.config(common::POLICY_OF_THE_MISSING);
    let table = "    | key | value | owner | state | blocking | source |\n    |---|---|---|---|---|---|\n    | `stop` | halt | op | answered | no | plan |\n";
    root.plan(
        "weir",
        &plan_with("weir", &format!("## Decisions\n\n{table}")),
    );
    let out = stdout(&root.run(["validate", "weir", "--format", "concise"]));
    assert!(out.contains("F25 decision-table-unread"), "{out}");
    assert!(out.contains("indented four spaces or more"), "{out}");
    assert!(!out.contains("delimiter row missing"), "{out}");
    assert_eq!(root.decisions("weir", &["check"]).status.code(), Some(1));
}
