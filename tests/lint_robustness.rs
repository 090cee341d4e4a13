//! The lint, `validate` and `phase-graph` on input that tries to break them:
//! near-miss and swallowed Decisions headings, unclosed blocks, odd plan
//! folders, closed pipes, empty graphs, huge ranges and counts, broken
//! frontmatter, and folders among the handoffs.

mod common;

use common::{Root, stderr, stdout};
use serde_json::Value;

/// A clean two-phase plan with `extra` inserted before its `## Phases`
/// section.
fn plan_with(slug: &str, extra: &str) -> String {
    format!(
        "---\nslug: {slug}\nstatus: active\nphases: 2\n---\n\n# {slug}\n\n## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n| 1 | One | — | r |\n| 2 | Two | 1 | r |\n\n{extra}## Phases\n\n### Phase 1 — One\n- **Verification:** `true`\n\n### Phase 2 — Two\n- **Verification:** `true`\n"
    )
}

fn run(root: &Root, args: &[&str]) -> std::process::Output {
    root.cmd().args(args).output().expect("run planfile")
}

/// The exit code and the findings of `validate <slug> --format json`.
fn findings(root: &Root, slug: &str) -> (i32, Vec<Value>) {
    root.findings(slug)
}

/// Asserts that `output` failed with exit 1 and printed nothing on stdout;
/// its stderr.
fn failed_quietly(output: &std::process::Output) -> String {
    assert_eq!(output.status.code(), Some(1), "{}", stderr(output));
    assert!(stdout(output).is_empty(), "{}", stdout(output));
    stderr(output)
}

/// A plan whose graph table has a header but no phase rows.
fn bare_graph_plan() -> String {
    plan_with("bare", "").replace("| 1 | One | — | r |\n| 2 | Two | 1 | r |\n", "")
}

/// `(name, line)` of each finding.
fn names_and_lines(findings: &[Value]) -> Vec<(String, u64)> {
    findings
        .iter()
        .map(|f| {
            (
                f["name"].as_str().unwrap_or("").to_string(),
                f["line"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

#[test]
fn a_folder_among_the_handoffs_is_skipped() {
    let root = Root::new();
    root.plan("kiln", &plan_with("kiln", ""));
    let handoff = root.handoff(
        "kiln",
        "phase-2-a.md",
        "---\nstatus: complete\n---\n## What this phase did\n\nFired the kiln.\n",
    );
    let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&handoff)
        .and_then(|f| f.set_modified(an_hour_ago))
        .expect("age the handoff");
    std::fs::create_dir_all(root.path().join("docs/handoffs/kiln/phase-02-dir.md"))
        .expect("a folder named like a handoff");
    let output = run(&root, &["phase-graph", "kiln", "--lint"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "LINT OK: kiln — 2 phases, well-formed and acyclic\n"
    );
}

#[test]
fn concise_marks_findings_that_do_not_gate() {
    let root = Root::new();
    let unverified = plan_with("kiln", "").replace("`true`", "by eye");
    root.plan("kiln", &unverified);
    root.plan(
        "shed",
        &unverified
            .replace("kiln", "shed")
            .replace("status: active", "status: complete"),
    );
    let output = run(&root, &["validate", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    for line in &lines[..2] {
        assert!(line.starts_with("docs/plans/kiln.md:"), "{line}");
        assert!(
            line.ends_with("write the command that proves the phase done"),
            "{line}"
        );
    }
    for line in &lines[2..] {
        assert!(line.starts_with("docs/plans/shed.md:"), "{line}");
        assert!(line.ends_with(" (closed plan, not gating)"), "{line}");
    }

    root.config("[lint]\nadvisory = [\"F14\"]\n");
    let output = run(&root, &["validate", "kiln", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let out = stdout(&output);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(
        out.lines().all(|l| l.ends_with(" (advisory, not gating)")),
        "{out}"
    );
}

#[test]
fn a_plan_file_name_that_is_not_a_slug_is_reported_and_the_rest_linted() {
    let root = Root::new();
    root.plan("kiln", &plan_with("kiln", ""));
    let shed = plan_with("shed", "").replace("`true`", "by eye");
    root.plan("shed", &shed);
    root.plan("ünï", &plan_with("x", ""));
    root.plan(" space", &plan_with("x", ""));
    let output = run(&root, &["validate", "--format", "concise"]);
    assert_eq!(output.status.code(), Some(2));
    let out = stdout(&output);
    let (findings, unreadable): (Vec<&str>, Vec<&str>) = out
        .lines()
        .partition(|l| l.starts_with("docs/plans/shed.md:"));
    assert_eq!(findings.len(), 2, "{out}");
    assert_eq!(unreadable.len(), 2, "{out}");
    for (line, name) in unreadable.iter().zip([" space.md", "ünï.md"]) {
        assert!(
            line.starts_with(&format!("docs/plans/{name}:1:1: error: ")),
            "{out}"
        );
    }
    let err = stderr(&output);
    for name in ["ünï.md", " space.md"] {
        let line = err
            .lines()
            .find(|l| l.contains(&format!("docs/plans/{name}:")))
            .unwrap_or_else(|| panic!("no line for {name}: {err}"));
        assert!(line.contains("not a valid plan slug"), "{line}");
        assert!(line.contains("rename it"), "{line}");
    }
}

#[test]
fn the_scan_says_which_entries_it_skipped() {
    let root = Root::new();
    root.plan("kiln", &plan_with("kiln", ""));
    let plans = root.path().join("docs/plans");
    std::fs::create_dir(plans.join("x.md")).expect("a folder named x.md");
    std::os::unix::fs::symlink(plans.join("gone.txt"), plans.join("dangling.md"))
        .expect("a dangling symlink");
    std::os::unix::fs::symlink(plans.join("loop.md"), plans.join("loop.md"))
        .expect("a symlink loop");
    let output = run(&root, &["validate"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let err = stderr(&output);
    let skipped: Vec<&str> = err.lines().filter(|l| l.contains(": skipped: ")).collect();
    assert_eq!(skipped.len(), 3, "{err}");
    assert!(
        skipped[0].contains("dangling.md: skipped: a symlink to "),
        "{err}"
    );
    assert!(
        skipped[0].contains("gone.txt, which does not exist"),
        "{err}"
    );
    assert!(
        skipped[1].contains("loop.md: skipped: cannot be followed"),
        "{err}"
    );
    assert!(skipped[2].contains("x.md: skipped: a folder"), "{err}");
    assert!(err.ends_with("1 plan checked: no findings\n"), "{err}");
}

#[test]
fn the_summary_counts_plans_that_could_not_be_read() {
    let root = Root::new();
    let output = run(&root, &["validate", "nope"]);
    assert_eq!(output.status.code(), Some(2));
    let out = stdout(&output);
    assert!(out.contains("no such plan"), "{out}");
    assert!(out.contains("docs/plans/nope.md"), "{out}");
    let err = stderr(&output);
    assert!(
        err.ends_with("0 plans checked, 1 could not be read\n"),
        "{err}"
    );

    root.plan("kiln", &plan_with("kiln", ""));
    std::fs::create_dir_all(root.twin_path("kiln")).expect("a twin that is a folder");
    let mut latin = plan_with("latin", "").into_bytes();
    latin.extend_from_slice(b"Caf\xe9\n");
    std::fs::write(root.path().join("docs/plans/latin.md"), latin).expect("write");
    root.plan("shed", &plan_with("shed", ""));
    let output = run(&root, &["validate", "kiln", "latin", "nope", "shed"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).ends_with("1 plan checked, 3 could not be read: no findings\n"),
        "{}",
        stderr(&output)
    );

    let output = run(&root, &["validate", "kiln", "--format", "json"]);
    assert_eq!(output.status.code(), Some(2));
    let doc: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(doc["summary"]["plans"], 0);
    assert_eq!(doc["summary"]["unreadable"], 1);
}

#[test]
fn a_plan_named_twice_is_linted_once() {
    let root = Root::new();
    let shed = plan_with("shed", "").replace("`true`", "by eye");
    root.plan("shed", &shed);
    root.plan("kiln", &plan_with("kiln", ""));
    let output = run(
        &root,
        &[
            "validate",
            "shed",
            "kiln",
            "docs/plans/shed.md",
            "shed",
            "--format",
            "json",
        ],
    );
    assert_eq!(output.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let slugs: Vec<&str> = doc["plans"]
        .as_array()
        .expect("plans")
        .iter()
        .map(|p| p["slug"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(slugs, ["shed", "kiln"]);
    assert_eq!(doc["summary"]["findings"], 2);
}

/// A plan with `rows` decision rows whose key is unknown: one finding each.
fn plan_with_many_findings(slug: &str, rows: usize) -> String {
    let mut table = String::from(
        "## Decisions\n\n| key | value | owner | state | blocking | source |\n|---|---|---|---|---|---|\n",
    );
    for i in 0..rows {
        table.push_str(&format!(
            "| `made-up-{i}` | v | op | answered | no | plan |\n"
        ));
    }
    table.push('\n');
    plan_with(slug, &table)
}

/// Runs `planfile ARGS | head -1` in bash, in `root`; the exit code of
/// planfile (`${PIPESTATUS[0]}`) and the one line head printed.
fn through_closed_pipe(root: &Root, args: &str) -> (String, String) {
    let script = format!("\"$PLANFILE\" {args} | head -1; echo \"exit=${{PIPESTATUS[0]}}\"");
    let output = std::process::Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(root.path())
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("DOCS_ROOT", root.path())
        .env("NO_COLOR", "1")
        .env("PLANFILE", env!("CARGO_BIN_EXE_planfile"))
        .output()
        .expect("run bash");
    let out = stdout(&output);
    let mut lines = out.lines();
    let first = lines.next().unwrap_or("").to_string();
    let exit = lines.last().unwrap_or("").to_string();
    (exit, first)
}

#[test]
fn a_closed_pipe_keeps_the_exit_code_of_the_verdict() {
    let root = Root::new();
    root.config(common::POLICY_OF_THE_MISSING);
    root.plan("busy", &plan_with_many_findings("busy", 2000));
    for (args, first) in [
        ("validate", "error[F25]: decision row `made-up-0`"),
        ("validate --format concise", "docs/plans/busy.md:"),
        ("validate --format json", "{"),
        ("validate --format github", "::error "),
        ("validate --format sarif", "{"),
        ("phase-graph busy --lint 2>&1", "decision row `made-up-0`"),
    ] {
        let (exit, line) = through_closed_pipe(&root, args);
        assert_eq!(exit, "exit=1", "{args}");
        assert!(line.starts_with(first), "{args}: {line}");
    }
    let (exit, line) = through_closed_pipe(&root, "decisions busy list");
    assert_eq!(exit, "exit=0", "a listing stays exit 0");
    assert!(line.starts_with("made-up-0\tanswered"), "{line}");
}

#[test]
fn a_graph_table_without_phase_rows_is_no_graph() {
    let root = Root::new();
    root.plan("bare", &bare_graph_plan());
    let (code, fs) = findings(&root, "bare");
    assert_eq!(code, 1);
    assert_eq!(
        names_and_lines(&fs),
        [
            ("phase-count-mismatch".to_string(), 4),
            ("graph-table-missing".to_string(), 9),
        ]
    );
    let message = fs[0]["message"].as_str().unwrap_or("");
    assert!(
        message.starts_with("phase count mismatch: frontmatter says 2 but the table parses 0 rows"),
        "{message}"
    );
    assert!(message.contains("add the phase rows"), "{message}");
    assert!(!message.contains("phases: 0"), "{message}");

    let err = failed_quietly(&run(&root, &["phase-graph", "bare", "--decisions"]));
    assert!(
        err.contains("bare.md: plan \"bare\" has no phase graph"),
        "{err}"
    );
    assert!(err.contains("add the phase rows"), "{err}");
}

#[test]
fn lint_reports_a_missing_graph_like_validate() {
    let root = Root::new();
    root.plan(
        "notes",
        "---\nslug: notes\nstatus: active\nphases: 2\n---\n\n# Notes\n\n## Phase graph\n\nTo be drawn.\n",
    );
    let err = failed_quietly(&run(&root, &["phase-graph", "notes", "--lint"]));
    assert!(
        err.starts_with("Phase graph: no table rows found under the \"## Phase graph\" heading"),
        "{err}"
    );
    assert!(err.ends_with("\nLINT FAIL: notes (1 issue[s])\n"), "{err}");

    let err = failed_quietly(&run(&root, &["phase-graph", "missing", "--lint"]));
    assert!(err.contains("missing.md: no such plan"), "{err}");
}

#[test]
fn a_phase_argument_on_a_plan_without_graph_says_so() {
    let root = Root::new();
    root.plan("notes", "# Notes\n\nNo graph yet.\n");
    let output = run(&root, &["decisions", "notes", "--phase", "1", "list"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "planfile: phase 1 is not in this plan (notes has no phase graph)\n"
    );
    root.plan("kiln", &plan_with("kiln", ""));
    let output = run(&root, &["decisions", "kiln", "--phase", "3", "list"]);
    assert_eq!(
        stderr(&output),
        "planfile: phase 3 is not in this plan (kiln has phases: 1 2)\n"
    );
}

#[test]
fn any_phases_value_but_todo_must_equal_the_row_count() {
    let root = Root::new();
    let cases = [
        (
            "99999999999999999999",
            Some("frontmatter says 99999999999999999999 but"),
        ),
        ("-2", Some("frontmatter says -2 but")),
        ("2.5", Some("frontmatter says 2.5 but")),
        ("1e3", Some("frontmatter says 1e3 but")),
        ("'7'", Some("frontmatter says '7' but")),
        ("two", Some("frontmatter says \"two\" but")),
        ("yes", Some("frontmatter says \"yes\" but")),
        ("[2]", Some("frontmatter says \"[2]\" but")),
        ("", Some("frontmatter says \"\" but")),
        ("TODO", None),
        ("2", None),
        ("'2'", None),
        ("2.0", None),
    ];
    for (value, expected) in cases {
        let text = plan_with("count", "").replace("phases: 2", &format!("phases: {value}"));
        root.plan("count", &text);
        let (code, fs) = findings(&root, "count");
        match expected {
            Some(said) => {
                assert_eq!(code, 1, "phases: {value}: {fs:?}");
                assert_eq!(fs.len(), 1, "phases: {value}: {fs:?}");
                assert_eq!(fs[0]["name"], "phase-count-mismatch");
                assert_eq!(fs[0]["line"], 4);
                let message = fs[0]["message"].as_str().unwrap_or("");
                assert!(
                    message.starts_with(&format!(
                        "phase count mismatch: {said} the table parses 2 rows"
                    )),
                    "phases: {value}: {message}"
                );
            }
            None => assert_eq!((code, fs.len()), (0, 0), "phases: {value}: {fs:?}"),
        }
    }
}

/// A range naming billions of undefined phases is one finding; any other
/// undefined phase is one line each time a token names it, as the
/// reference prints them.
#[test]
fn a_huge_range_is_one_finding_per_token() {
    let root = Root::new();
    let text = plan_with("wide", "")
        .replace(
            "| 2 | Two | 1 | r |",
            "| 2 | Two | 1-4000000000, 7, 7, 1-3 | r |",
        )
        .replace(
            "### Phase 2 — Two\n",
            "### Phase 2 — Two *(GATED)*\n- **Gate-check:** phases 1-4000000000\n",
        )
        .replace("| 2 | Two |", "| 2 | Two *(GATED)* |");
    root.plan("wide", &text);
    let (code, fs) = findings(&root, "wide");
    assert_eq!(code, 1);
    let messages: Vec<&str> = fs
        .iter()
        .map(|f| f["message"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        names_and_lines(&fs),
        [
            ("dependency-cycle".to_string(), 14),
            ("depends-phase-undefined".to_string(), 14),
            ("depends-phase-undefined".to_string(), 14),
            ("depends-phase-undefined".to_string(), 14),
            ("depends-phase-undefined".to_string(), 14),
            ("gate-phase-unknown".to_string(), 22),
            ("gate-phase-self".to_string(), 22),
        ],
        "{messages:#?}"
    );
    let expected_starts = [
        "dependency cycle: 2 -> 2",
        "phase 2 depends on undefined phases 3-4000000000 — the range 1-4000000000 names 3999999998 phases the graph does not define",
        "phase 2 depends on undefined phase 7",
        "phase 2 depends on undefined phase 7",
        "phase 2 depends on undefined phase 3",
        "phase 2: gate-phase-unknown — Gate-check \"phases 1-4000000000\" names phases 3-4000000000 in the range 1-4000000000, which are not in this plan",
        "phase 2: gate-phase-self",
    ];
    for (message, start) in messages.iter().zip(expected_starts) {
        assert!(
            message.starts_with(start),
            "{message:?} does not start with {start:?}"
        );
    }
}

/// The message of the one finding of `validate <slug>`, which must be
/// `name` at `line`.
fn only_finding(root: &Root, slug: &str, name: &str, line: u64) -> String {
    let (code, fs) = findings(root, slug);
    assert_eq!(code, 1, "{slug}: {fs:?}");
    assert_eq!(
        names_and_lines(&fs),
        [(name.to_string(), line)],
        "{slug}: {fs:?}"
    );
    fs[0]["message"].as_str().unwrap_or("").to_string()
}

#[test]
fn frontmatter_problems_point_at_their_own_line() {
    let root = Root::new();
    let head = "---\nslug: fm\nstatus: active\nphases: 2\n---\n";
    let cases = [
        (
            "---\nslug: fm\n\tstatus: active\nphases: 2\n---\n",
            3,
            "frontmatter (line 3): frontmatter-invalid — line 3 is indented with a tab",
        ),
        (
            "---\n\tslug: fm\nstatus: active\nphases: 2\n---\n",
            2,
            "frontmatter (line 2): frontmatter-invalid — line 2 is indented with a tab",
        ),
        (
            "---\nslug: fm\nstatus: [active\nphases: 2\n---\n",
            4,
            "frontmatter (line 4): frontmatter-invalid — the YAML does not parse (",
        ),
        (
            "---\nslug: fm\nstatus: active\nphases: 2\n",
            1,
            "frontmatter (line 1): frontmatter-invalid — the frontmatter opened here is never closed with ---",
        ),
        (
            "---\n- slug\n- status\n---\n",
            2,
            "frontmatter (line 2): frontmatter-invalid — the frontmatter is not a mapping of fields",
        ),
        (
            "---\njust a note\n---\n",
            2,
            "frontmatter (line 2): frontmatter-invalid — the frontmatter is not a mapping of fields",
        ),
    ];
    for (frontmatter, line, start) in cases {
        root.plan("fm", &plan_with("fm", "").replacen(head, frontmatter, 1));
        let message = only_finding(&root, "fm", "frontmatter-invalid", line);
        assert!(message.starts_with(start), "{frontmatter:?}: {message}");
        assert!(!message.contains("mapping start"), "{message}");
    }
}

/// A Decisions table for the near-miss headings below.
const TABLE: &str = "| key | value | owner | state | blocking | source |\n|---|---|---|---|---|---|\n| `relay` | off | op | answered | yes | plan |\n\n";

#[test]
fn a_near_miss_decisions_heading_is_a_finding_naming_line_and_fault() {
    let root = Root::new();
    let cases = [
        (
            "## \u{200B}Decisions",
            "\"## \\u{200B}Decisions\" is a heading whose text holds invisible characters",
        ),
        (
            "##\u{A0}Decisions",
            "\"##\\u{A0}Decisions\" is not a heading (CommonMark needs an ASCII space after ##)",
        ),
        (
            "## \u{FEFF}Decisions \u{200E}",
            "\"## \\u{FEFF}Decisions \\u{200E}\" is a heading whose text holds invisible characters",
        ),
        (
            "### Decisions",
            "\"### Decisions\" is a level-3 heading, and the manifest is read only under a level-2 heading",
        ),
        ("# Decisions", "\"# Decisions\" is a level-1 heading"),
        (
            "#### \u{2060}decisions log",
            "\"#### \\u{2060}decisions log\" is a level-4 heading whose text holds invisible characters",
        ),
        (
            "##Decisions",
            "\"##Decisions\" is not a heading (CommonMark needs an ASCII space after ##)",
        ),
        (
            "    ## Decisions",
            "\"    ## Decisions\" is indented more than 3 spaces",
        ),
        (
            "\t## Decisions",
            "\"\\u{9}## Decisions\" is indented more than 3 spaces",
        ),
    ];
    for (heading, said) in cases {
        root.plan("near", &plan_with("near", &format!("{heading}\n\n{TABLE}")));
        let message = only_finding(&root, "near", "decisions-heading-malformed", 16);
        assert!(
            message.starts_with(&format!(
                "decisions heading in the plan (line 16): decisions-heading-malformed — {said}"
            )),
            "{heading:?}: {message}"
        );
        assert!(
            message.contains("so the plan has no manifest; "),
            "{message}"
        );
        assert!(
            !message.chars().any(|c| matches!(
                c,
                '\u{200B}' | '\u{A0}' | '\u{FEFF}' | '\u{200E}' | '\u{2060}' | '\t'
            )),
            "{heading:?}: raw invisible characters in {message:?}"
        );
    }
}

#[test]
fn an_unclosed_fence_or_comment_is_reported_where_it_opens() {
    let root = Root::new();
    root.config(common::POLICY_OF_THE_MISSING);
    for (opener, closer, what) in [
        ("```sh", "```", "code block"),
        ("~~~~", "~~~~", "code block"),
        ("<!-- draft", "-->", "HTML comment"),
    ] {
        let extra = format!("Checklist:\n\n{opener}\nls\n\n## Decisions\n\n{TABLE}");
        root.plan("open", &plan_with("open", &extra));
        let (code, fs) = findings(&root, "open");
        assert_eq!(code, 1, "{opener}");
        let messages: Vec<&str> = fs
            .iter()
            .map(|f| f["message"].as_str().unwrap_or(""))
            .collect();
        let pairs = names_and_lines(&fs);
        let marker = opener
            .split(' ')
            .next()
            .unwrap_or(opener)
            .trim_end_matches("sh");
        // The phase blocks it swallowed are reported missing (at their graph
        // rows), then the block where it opens, then the heading it hides.
        assert_eq!(
            pairs,
            [
                ("verification-empty-open".to_string(), 13),
                ("verification-empty-open".to_string(), 14),
                ("block-unclosed".to_string(), 18),
                ("decisions-heading-malformed".to_string(), 21),
            ],
            "{opener}: {messages:#?}"
        );
        assert!(
            messages[2].starts_with(&format!(
                "{what} in the plan (line 18): block-unclosed — the {marker} opened here is never closed, so lines 19-"
            )),
            "{}",
            messages[2]
        );
        assert!(
            messages[2].ends_with(&format!(
                "close it with a {closer} line where it should end"
            )),
            "{}",
            messages[2]
        );
        assert!(
            messages[3].contains(&format!(
                "\"## Decisions\" is inside the {what} opened at line 18 with {marker}, which is never closed"
            )),
            "{}",
            messages[3]
        );

        let closed = format!(
            "Checklist:\n\n{opener}\nls\n## Decisions\n{closer}\n\n## Decisions\n\n{TABLE}"
        );
        root.plan("open", &plan_with("open", &closed));
        assert_eq!(findings(&root, "open"), (0, vec![]), "{opener}");
    }
}

#[test]
fn an_example_heading_in_a_closed_block_is_not_a_near_miss() {
    let root = Root::new();
    root.plan(
        "example",
        &plan_with(
            "example",
            "How the manifest looks:\n\n```markdown\n## Decisions\n###Decisions\n```\n\n<!--\n##Decisions\n-->\n\n",
        ),
    );
    assert_eq!(findings(&root, "example"), (0, vec![]));
}

#[test]
fn the_twin_is_checked_for_unclosed_blocks_and_near_misses() {
    let root = Root::new();
    root.config(common::POLICY_OF_THE_MISSING);
    root.plan(
        "kiln",
        &plan_with("kiln", &format!("## Decisions\n\n{TABLE}")),
    );
    root.twin(
        "kiln",
        &format!("# Decisions — kiln\n\n<!-- written by planfile\n\n## Decisions\n\n{TABLE}"),
    );
    let (code, fs) = findings(&root, "kiln");
    assert_eq!(code, 1);
    let files: Vec<(&str, &str, u64)> = fs
        .iter()
        .map(|f| {
            (
                f["name"].as_str().unwrap_or(""),
                f["file"].as_str().unwrap_or(""),
                f["line"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        files,
        [
            (
                "decisions-heading-malformed",
                "docs/handoffs/kiln/decisions.md",
                1
            ),
            ("block-unclosed", "docs/handoffs/kiln/decisions.md", 3),
            (
                "decisions-heading-malformed",
                "docs/handoffs/kiln/decisions.md",
                5
            ),
        ]
    );
    assert!(
        fs[1]["message"]
            .as_str()
            .unwrap_or("")
            .starts_with("HTML comment in decisions.md (line 3): block-unclosed — "),
        "{fs:?}"
    );
}
