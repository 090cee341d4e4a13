//! `phase-graph <SLUG> --gate-status N` (SPEC §11): one verdict line per
//! gate, exit 0 only when it is clear — on `fixtures/engine/sluice-gates`
//! (every Gate-check type, a cross-plan gate, approvals through a person's
//! door and a session's, a landing ledger) and `signal-gates`, as text and
//! as JSON (insta snapshots); and each rule with a case that clears and one
//! that does not.

mod common;

use common::Root;

/// The plan of every Gate-check type.
const SLUICE: &str = "sluice-gates";

/// `--gate-status N` on `slug` in `root`: stdout, stderr and the exit code.
fn status(root: &Root, slug: &str, phase: &str) -> (String, String, i32) {
    root.phase_graph(slug, &["--gate-status", phase])
}

/// The findings of check `name` at line `line` of the plan.
fn named_at<'a>(
    findings: &'a [serde_json::Value],
    name: &str,
    line: u64,
) -> Vec<&'a serde_json::Value> {
    findings
        .iter()
        .filter(|f| f["name"] == name && f["line"] == line)
        .collect()
}

/// The sluice plan with `gate` as phase 2's Gate-check.
fn with_gate(root: &Root, gate: &str) {
    let plan = root.path().join("docs/plans/sluice-gates.md");
    let text = std::fs::read_to_string(&plan).expect("the plan");
    let mut in_phase_2 = false;
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            if line.starts_with("### Phase") {
                in_phase_2 = line.starts_with("### Phase 2 ");
            }
            if in_phase_2 && line.starts_with("- **Gate-check:**") {
                format!("- **Gate-check:** {gate}")
            } else {
                line.to_string()
            }
        })
        .collect();
    std::fs::write(&plan, lines.join("\n") + "\n").expect("the plan");
}

#[test]
fn every_gate_of_the_sluice_and_signal_plans() {
    for slug in [SLUICE, "signal-gates"] {
        let root = Root::engine_case(slug);
        let phases: &[u32] = if slug == SLUICE {
            &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]
        } else {
            &[1, 2, 3, 4, 5, 6, 7]
        };
        let mut text = String::new();
        let mut json = Vec::new();
        for p in phases {
            let (out, err, code) = status(&root, slug, &p.to_string());
            assert_eq!(err, "", "{slug} {p}");
            text.push_str(&format!(
                "$ phase-graph {slug} --gate-status {p}   # exit {code}\n{out}"
            ));
            let (out, _, json_code) =
                root.phase_graph(slug, &["--format", "json", "--gate-status", &p.to_string()]);
            assert_eq!(json_code, code, "{slug} {p}: JSON exits as text does");
            json.push(serde_json::from_str::<serde_json::Value>(&out).expect("JSON"));
        }
        insta::assert_snapshot!(format!("gate_status_{slug}"), text);
        insta::assert_json_snapshot!(format!("gate_status_{slug}_json"), json);
    }
}

#[test]
fn a_phase_gate_clears_once_its_phase_is_verified_and_not_before() {
    let root = Root::engine_case(SLUICE);
    assert_eq!(
        status(&root, SLUICE, "2"),
        ("clear (phase 1 verified)\n".into(), String::new(), 0)
    );
    // A QA verdict that fails phase 1 holds its gate, as it holds its
    // dependents.
    root.handoff(
        SLUICE,
        "test-status.md",
        "# QA\n\n## QA status\n\n| Phase | Result |\n|---|---|\n| 1 | fail |\n",
    );
    assert_eq!(
        status(&root, SLUICE, "2"),
        ("blocked: waiting on phase 1\n".into(), String::new(), 1)
    );
    root.handoff(
        SLUICE,
        "test-status.md",
        "# QA\n\n## QA status\n\n| Phase | Result |\n|---|---|\n| 1 | waived |\n",
    );
    assert_eq!(status(&root, SLUICE, "2").2, 0);
    let root = Root::engine_case(SLUICE);
    // Without QA, the phase asked about counts as done (the reference's `$3`): a gate
    // on itself clears.
    with_gate(&root, "phase 2");
    assert_eq!(status(&root, SLUICE, "2").0, "clear (phase 2 verified)\n");
    with_gate(&root, "phase 5");
    assert_eq!(
        status(&root, SLUICE, "2"),
        ("blocked: waiting on phase 5\n".into(), String::new(), 1)
    );
}

#[test]
fn a_phases_gate_names_each_phase_not_verified_and_reads_numbers_as_numbers() {
    let root = Root::engine_case(SLUICE);
    assert_eq!(
        status(&root, SLUICE, "3").0,
        "blocked: waiting on phase(s) 2 14\n"
    );
    with_gate(&root, "phases 01,1 1");
    assert_eq!(
        status(&root, SLUICE, "2"),
        ("clear (phases 01,1 1 verified)\n".into(), String::new(), 0)
    );
    with_gate(&root, "phases 08, 09");
    assert_eq!(
        status(&root, SLUICE, "2").0,
        "blocked: waiting on phase(s) 08 09\n"
    );
}

#[test]
fn a_plan_gate_reads_the_other_plans_verified_set() {
    let root = Root::engine_case(SLUICE);
    assert_eq!(
        status(&root, SLUICE, "4"),
        (
            "blocked: sluice-upstream phase(s) 02 not verified\n".into(),
            String::new(),
            1
        )
    );
    root.handoff(
        "sluice-upstream",
        "phase-02-upper-paddles.md",
        "---\nphase: 2\nstatus: complete\n---\n# Phase 2\n\nThe paddles turn.\n",
    );
    assert_eq!(
        status(&root, SLUICE, "4"),
        (
            "clear (sluice-upstream phases 1,02 verified)\n".into(),
            String::new(),
            0
        )
    );
    // QA on the other plan: its phase 2 failing and its phase 1 without a
    // verdict are both outside its verified set.
    root.handoff(
        "sluice-upstream",
        "test-status.md",
        "## QA status\n\n| Phase | Result |\n|---|---|\n| 2 | fail |\n",
    );
    assert_eq!(
        status(&root, SLUICE, "4").0,
        "blocked: sluice-upstream phase(s) 1 02 not verified\n"
    );
    for (gate, line) in [
        (
            "plan sluice-upstream",
            "manual: malformed plan gate (expected <slug>:<phases>): sluice-upstream\n",
        ),
        (
            "plan sluice-upstream:",
            "manual: malformed plan gate (expected <slug>:<phases>): sluice-upstream:\n",
        ),
        (
            "plan nowhere:1",
            "blocked: plan gate references a plan that does not exist: nowhere\n",
        ),
    ] {
        with_gate(&root, gate);
        assert_eq!(
            status(&root, SLUICE, "2"),
            (line.to_string(), String::new(), 1),
            "{gate}"
        );
    }
}

#[test]
fn a_cmd_gate_is_refused_unevaluated_or_run_within_its_bound() {
    let root = Root::engine_case(SLUICE);
    assert_eq!(
        status(&root, SLUICE, "6").0,
        "manual: REFUSED — a gate must not mutate anything: rm -rf paddles\n"
    );
    assert_eq!(
        status(&root, SLUICE, "5"),
        ("unevaluated: cmd gate not executed (set PHASE_EXEC_GATES=1 to evaluate): test -d . 2>/dev/null\n".into(), String::new(), 1)
    );
    let run = |gate: &str, timeout: &str| {
        with_gate(&root, gate);
        let out = root
            .cmd()
            .env("PATH", "/usr/bin:/bin")
            .env("PHASE_EXEC_GATES", "1")
            .env("PHASE_GATE_TIMEOUT", timeout)
            .args(["phase-graph", SLUICE, "--gate-status", "2"])
            .output()
            .expect("planfile runs");
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            out.status.code().unwrap_or(-1),
        )
    };
    assert_eq!(
        run("cmd test -d docs", "15"),
        ("clear (cmd ok): test -d docs\n".into(), 0)
    );
    assert_eq!(
        run("cmd echo first; echo second >&2; exit 3", "15"),
        (
            "blocked: cmd exit 3: echo first; echo second >&2; exit 3 — first\n".into(),
            1
        )
    );
    assert_eq!(
        run("cmd exit 4", "15"),
        ("blocked: cmd exit 4: exit 4\n".into(), 1)
    );
    assert_eq!(
        run("cmd sleep 5", "0.2"),
        ("blocked: cmd timed out after 0.2s: sleep 5\n".into(), 1)
    );
    // The deny list is asked before the switch: refused even when allowed.
    assert_eq!(
        run("cmd git push origin main", "15").0,
        "manual: REFUSED — a gate must not mutate anything: git push origin main\n"
    );
}

#[test]
fn validate_reports_exactly_the_cmd_gates_the_engine_refuses() {
    // Phase 2's bullet is on line 38 of the plan, phase 6's on line 50.
    let root = Root::engine_case(SLUICE);
    for (gate, refused) in [
        ("cmd rm -rf paddles", true),
        ("cmd `git -C repo push origin main`", true),
        ("cmd echo ok > /etc/motd", true),
        ("cmd aws ec2 terminate-instances --ids i-1", true),
        ("cmd test -d . 2>/dev/null", false),
        ("cmd grep -q ok log >/dev/null 2>&1", false),
        ("cmd git status --porcelain", false),
    ] {
        with_gate(&root, gate);
        let (out, _, code) = status(&root, SLUICE, "2");
        assert_eq!(
            out.starts_with("manual: REFUSED"),
            refused,
            "{gate}: the gate says {out}"
        );
        assert_eq!(code, 1, "{gate}: an unrun cmd gate is not clear");
        let (_, findings) = root.findings(SLUICE);
        let reported = named_at(&findings, "gate-cmd-mutates", 38);
        assert_eq!(
            reported.len(),
            usize::from(refused),
            "{gate}: validate reports {reported:?}"
        );
        if let Some(finding) = reported.first() {
            let message = finding["message"].as_str().unwrap_or_default();
            assert!(
                message.starts_with("phase 2: gate-cmd-mutates"),
                "{message}"
            );
        }
        // Phase 6's `cmd rm -rf paddles` is reported whatever phase 2 says.
        assert!(
            findings
                .iter()
                .any(|f| f["name"] == "gate-cmd-mutates" && f["line"] == 50),
            "{gate}: phase 6 is reported"
        );
    }
}

#[test]
fn landed_and_pr_merged_gates_read_the_landing_ledger() {
    let root = Root::engine_case(SLUICE);
    assert_eq!(
        status(&root, SLUICE, "7"),
        ("clear (phase 1 landed: held)\n".into(), String::new(), 0)
    );
    assert_eq!(
        status(&root, SLUICE, "16"),
        (
            "blocked: phase 7 is pr-open, not merged\n".into(),
            String::new(),
            1
        )
    );
    let ledger = "# Landing\n\n| Phase | Repo | State | Policy |\n|---|---|---|---|\n| 7 | sluice | pr-merged | pr |\n";
    root.handoff(SLUICE, "landing.md", ledger);
    assert_eq!(
        status(&root, SLUICE, "16"),
        (
            "clear (phase 7 landed: pr-merged)\n".into(),
            String::new(),
            0
        )
    );
    assert_eq!(
        status(&root, SLUICE, "7"),
        (
            "blocked: phase 1 has no landing record yet (policy hold)\n".into(),
            String::new(),
            1
        )
    );
    root.handoff(
        SLUICE,
        "landing.md",
        "| Phase | Repo | State |\n|---|---|---|\n| 1 | sluice | integrated |\n",
    );
    assert_eq!(
        status(&root, SLUICE, "7").0,
        "blocked: phase 1 is integrated (policy hold wants held)\n"
    );
    for (gate, line) in [
        (
            "landed one",
            "manual: malformed landed gate (expected a phase number): one\n",
        ),
        (
            "pr-merged 99",
            "blocked: pr-merged gate names phase 99, which is not in this plan\n",
        ),
    ] {
        with_gate(&root, gate);
        assert_eq!(status(&root, SLUICE, "2").0, line, "{gate}");
    }
}

#[test]
fn date_and_deadline_gates_compare_with_today() {
    let root = Root::engine_case(SLUICE);
    let at = |phase: &str, today: &str| {
        let out = root
            .cmd()
            .env("PE_TODAY", today)
            .args(["phase-graph", SLUICE, "--gate-status", phase])
            .output()
            .expect("planfile runs");
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            out.status.code().unwrap_or(-1),
        )
    };
    assert_eq!(
        at("8", "2026-09-01"),
        ("clear (date 2026-09-01 reached)\n".into(), 0)
    );
    assert_eq!(
        at("8", "2026-08-31"),
        (
            "blocked: opens on 2026-09-01 (today 2026-08-31)\n".into(),
            1
        )
    );
    assert_eq!(
        at("9", "2026-09-30"),
        ("clear (before deadline 2026-09-30)\n".into(), 0)
    );
    assert_eq!(
        at("9", "2026-10-01"),
        (
            "OVERDUE: deadline 2026-09-30 passed (today 2026-10-01)\n".into(),
            1
        )
    );
    assert_eq!(
        at("15", "2026-09-01"),
        ("manual: not a valid date: 2026-13-40\n".into(), 1)
    );
}

#[test]
fn approvals_clear_a_gate_except_a_manual_one_approved_through_no_persons_door() {
    let root = Root::engine_case(SLUICE);
    assert_eq!(
        status(&root, SLUICE, "12"),
        (
            "clear (approved by ana on 2026-09-05)\n".into(),
            String::new(),
            0
        )
    );
    assert_eq!(
        status(&root, SLUICE, "14").0,
        "clear (approved by someone on an unrecorded date)\n"
    );
    let (out, _, code) = status(&root, SLUICE, "11");
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "manual: the harbour master signs the permit — an approval recorded through the session door (by night-session) does not clear a manual gate — a person approves it on the Gate card or in a terminal\n"
    );
    root.handoff(SLUICE, "gate-status.md", "## Gate approvals\n\n| Phase | Approved | By | Date | Note | Door |\n|---|---|---|---|---|---|\n| 11 | yes | harbour master | 2026-09-06 | signed | terminal |\n");
    assert_eq!(
        status(&root, SLUICE, "11"),
        (
            "clear (approved by harbour master on 2026-09-06)\n".into(),
            String::new(),
            0
        )
    );
    assert_eq!(
        status(&root, SLUICE, "12"),
        (
            "manual: whenever the keeper likes\n".into(),
            String::new(),
            1
        )
    );
}

#[test]
fn ai_gates_name_what_a_session_verifies() {
    let root = Root::engine_case(SLUICE);
    assert_eq!(
        status(&root, SLUICE, "10").0,
        "ai:  the diver reports the sill sound and the survey photos are filed 1. read the report\n"
    );
    assert_eq!(status(&root, SLUICE, "13").0, "ai:  the keeper says so\n");
    with_gate(&root, "ai the survey is filed");
    assert_eq!(
        status(&root, SLUICE, "2"),
        ("ai: the survey is filed\n".into(), String::new(), 1)
    );
}

#[test]
fn refusals_and_what_cannot_be_read() {
    let root = Root::engine_case(SLUICE);
    assert_eq!(
        status(&root, SLUICE, "17"),
        (
            "manual: malformed phase gate (expected a phase number): three\n".into(),
            String::new(),
            1
        )
    );
    assert_eq!(
        status(&root, SLUICE, "18"),
        (String::new(), "phase 18 is not in this plan\n".into(), 2)
    );
    assert_eq!(
        root.phase_graph(SLUICE, &["--gate-status"]),
        (String::new(), "usage: --gate-status <phase>\n".into(), 2)
    );
    assert_eq!(status(&root, SLUICE, "02").0, "clear (phase 1 verified)\n");
    // An approvals file that is no file is named, and approves nothing.
    let approvals = root
        .path()
        .join("docs/handoffs/sluice-gates/gate-status.md");
    std::fs::remove_file(&approvals).expect("remove");
    std::fs::create_dir(&approvals).expect("a folder in its place");
    let (out, err, code) = status(&root, SLUICE, "12");
    assert_eq!(
        (out.as_str(), code),
        ("manual: whenever the keeper likes\n", 1)
    );
    assert!(
        err.starts_with("planfile: cannot read ") && err.contains("gate-status.md"),
        "{err}"
    );
}

#[test]
fn a_tab_after_the_gate_type_is_read_alike_by_the_gate_and_validate() {
    // `phase⇥1`: the type ends at the first space, so the gate and the
    // lint both read one unknown type, and neither lets the phase through.
    let root = Root::engine_case(SLUICE);
    with_gate(&root, "phase\t1");
    let (out, _, code) = status(&root, SLUICE, "2");
    assert_eq!(code, 1, "the gate is not clear: {out}");
    let (_, findings) = root.findings(SLUICE);
    let unknown = named_at(&findings, "gate-type-unknown", 38);
    assert_eq!(unknown.len(), 1, "validate reports {findings:?}");
    with_gate(&root, "phase 1");
    let (_, findings) = root.findings(SLUICE);
    assert!(
        !findings.iter().any(|f| f["line"] == 38),
        "a `phase 1` gate is well-formed: {findings:?}"
    );
}
