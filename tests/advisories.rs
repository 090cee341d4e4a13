//! The reference's advisories (SPEC §6.5, SPEC-PARITY.md section D) on the
//! shapes their rules name, through `phase-graph --lint`: what each says,
//! where it stays quiet, and that none changes the verdict.

mod common;

use common::{Root, stderr, stdout};

/// A plan `slug` with the given §Session budget (may be empty), graph rows
/// (`phase | title | depends | repos`) and phase blocks.
fn plan(slug: &str, budget: &str, rows: &[(&str, &str)], phases: &str) -> String {
    let mut text = format!(
        "---\nslug: {slug}\nstatus: active\nphases: {}\n---\n\n# Plan {slug}\n\n",
        rows.len()
    );
    if !budget.is_empty() {
        text.push_str(&format!("## Session budget\n\n{budget}\n\n"));
    }
    text.push_str("## Phase graph\n\n| Phase | Title | Depends on | Repos |\n|---|---|---|---|\n");
    for (i, (depends, repos)) in rows.iter().enumerate() {
        text.push_str(&format!("| {} | Step | {depends} | {repos} |\n", i + 1));
    }
    text.push_str("\n## Phases\n\n");
    text.push_str(phases);
    text
}

/// `phase-graph <slug> --lint` with `env`, which must pass (advisories
/// never fail it): the exit code and the stderr lines.
fn lint(root: &Root, slug: &str, env: &[(&str, &str)]) -> (i32, Vec<String>) {
    let (code, out, lines) = lint_any(root, slug, env);
    assert!(out.starts_with("LINT OK"), "{out}{}", lines.join("\n"));
    (code, lines)
}

/// `phase-graph <slug> --lint` with `env`, whatever its verdict: the exit
/// code, stdout and the stderr lines.
fn lint_any(root: &Root, slug: &str, env: &[(&str, &str)]) -> (i32, String, Vec<String>) {
    let output = root
        .cmd()
        .envs(env.iter().copied())
        .args(["phase-graph", slug, "--lint"])
        .output()
        .expect("run planfile");
    let lines = stderr(&output).lines().map(str::to_string).collect();
    (output.status.code().unwrap_or(-1), stdout(&output), lines)
}

/// The lines of `lines` that start with `prefix`.
fn starting<'a>(lines: &'a [String], prefix: &str) -> Vec<&'a str> {
    lines
        .iter()
        .filter(|l| l.starts_with(prefix))
        .map(String::as_str)
        .collect()
}

/// F39 on the shapes of a real plan: a Setup for another folder, a `.venv`
/// program with no Python install, a folder flag under `Verify in`, the
/// other ecosystem, bring-up in §Verification, a done phase, two commands in
/// one folder, a continued fenced line, folders nobody can place, a
/// `bash -c` wrapper, and a Setup whose `cd` repeats `Verify in`.
#[test]
fn setup_deps_missing_shapes() {
    let phases = "\
### Phase 1 — Setup for another folder
- **Setup:** `npm --prefix ledger ci`
- **Verification:**
  - `cd orchard && npm run verify:local`

### Phase 2 — A venv program
- **Verification:**
  - **Verify in:** .
  - `.venv/bin/pytest -q`

### Phase 3 — A folder flag under Verify in
- **Verification:**
  - **Verify in:** barn
  - `npm --prefix viewer run test`

### Phase 4 — Installed where it runs
- **Setup:** `npm --prefix viewer ci`
- **Verification:**
  - **Verify in:** barn
  - `npm --prefix viewer run test:client`
  - `bash tests/run.sh`
  - `node --test viewer/test/a.test.ts`

### Phase 5 — The venv made in Setup
- **Setup:** `python3 -m venv .venv && .venv/bin/pip install -r requirements.txt`
- **Verification:**
  - **Verify in:** .
  - `.venv/bin/pytest -q`

### Phase 6 — Setup cds where the command cds
- **Setup:** `cd orchard && npm ci`
- **Verification:**
  - `cd orchard && npm run x`

### Phase 7 — The other ecosystem
- **Setup:** `cd orchard && python3 -m venv .venv && .venv/bin/pip install -r requirements.txt`
- **Verification:**
  - `cd orchard && npm run verify:local`
  - `cd orchard && .venv/bin/pytest -q`

### Phase 8 — An install in Verification
- **Verification:**
  - **Verify in:** .
  - `npm ci`
  - `node --version`

### Phase 9 — Done
- **Verification:**
  - `cd orchard && npm run verify:local`

### Phase 10 — Two commands, one folder
- **Verification:**
  - `cd orchard && npm run lint`
  - `cd orchard && npm test`

### Phase 11 — A continued fenced line
- **Verification:**
  ```bash
  cd silo \\
    && npm run verify:local
  ```

### Phase 12 — Folders nobody can place
- **Verification:**
  - `cd ~/elsewhere && npm test`
  - `npm --prefix /opt/tool run check`
  - `cd \"$(git rev-parse --show-toplevel)\" && npm test`
  - `cd ../outside && npm test`

### Phase 13 — A bash -c wrapper
- **Verification:**
  - `bash -c 'cd admin-ui && yarn test'`

### Phase 14 — Setup cds into its own Verify in
- **Setup:** `cd app/front && pnpm install --frozen-lockfile`
- **Verification:**
  - **Verify in:** app/front
  - `pnpm vitest run`
";
    let rows = [("—", "farm"); 14];
    let root = Root::new();
    root.plan("farm", &plan("farm", "", &rows, phases));
    let (code, lines) = lint(&root, "farm", &[]);
    assert_eq!(code, 0);
    let f39 = starting(&lines, "F39 ");
    let phases_named: Vec<&str> = f39
        .iter()
        .map(|l| l.split(':').next().unwrap_or(""))
        .collect();
    assert_eq!(
        phases_named,
        vec![
            "F39 phase 1",
            "F39 phase 2",
            "F39 phase 3",
            "F39 phase 7",
            "F39 phase 9",
            "F39 phase 10",
            "F39 phase 11",
            "F39 phase 13",
            "F39 phase 14"
        ],
        "{lines:#?}"
    );
    let has = |phase: &str, parts: &[&str]| {
        let line = f39
            .iter()
            .find(|l| l.starts_with(&format!("F39 phase {phase}: setup-deps-missing — ")))
            .unwrap_or_else(|| panic!("no F39 for phase {phase}"));
        for part in parts {
            assert!(line.contains(part), "phase {phase}: {part} not in {line}");
        }
    };
    has(
        "1",
        &[
            "`cd orchard && npm run verify:local` runs an npm script in `orchard`",
            "installs nothing for `orchard`",
            "\"- **Setup:** npm --prefix orchard ci\"",
        ],
    );
    has(
        "2",
        &[
            "`.venv/bin/pytest -q` runs a .venv binary in `.`",
            "python3 -m venv .venv",
        ],
    );
    has(
        "3",
        &[
            "`npm --prefix viewer run test` runs an npm script in `barn/viewer`",
            "(Setup runs where §Verification does, in `barn`)",
            "\"- **Setup:** npm --prefix viewer ci\"",
        ],
    );
    has("7", &["`cd orchard && npm run verify:local`"]);
    assert!(
        !f39.iter()
            .any(|l| l.contains(".venv/bin/pytest -q` runs a .venv binary in `orchard`"))
    );
    has(
        "11",
        &["`cd silo && npm run verify:local` runs an npm script in `silo`"],
    );
    has(
        "13",
        &[
            "`bash -c 'cd admin-ui && yarn test'` runs a yarn script in `admin-ui`",
            "\"- **Setup:** yarn --cwd admin-ui install\"",
        ],
    );
    has(
        "14",
        &[
            "`pnpm vitest run` runs a pnpm script in `app/front`",
            "(Setup runs where §Verification does, in `app/front`)",
            "\"- **Setup:** pnpm install\"",
        ],
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("F22 phase 8: `npm ci` is bring-up, not proof")),
        "{lines:#?}"
    );

    // A done phase is history.
    root.handoff(
        "farm",
        "phase-09-done.md",
        "---\nstatus: complete\n---\n\n## What this phase did\n\nShipped.\n",
    );
    let (_, lines) = lint(&root, "farm", &[]);
    assert!(starting(&lines, "F39 phase 9:").is_empty(), "{lines:#?}");

    // The plan-wide Setup line installs for every phase, from each phase's
    // Verify in.
    root.plan(
        "farm",
        &plan(
            "farm",
            "**Setup (every phase):** `cd orchard && npm ci`",
            &rows,
            phases,
        ),
    );
    let (_, lines) = lint(&root, "farm", &[]);
    assert!(starting(&lines, "F39 phase 1:").is_empty(), "{lines:#?}");
    assert!(starting(&lines, "F39 phase 10:").is_empty(), "{lines:#?}");
    assert_eq!(starting(&lines, "F39 phase 3:").len(), 1, "{lines:#?}");
}

/// F19 only when QA verdicts hold the plan: not while a phase is ready or
/// in progress, not when the plan or the holding phase turns QA off, and
/// not for a plan whose phases merely wait on phases not yet started.
#[test]
fn plan_deadlocked_only_when_qa_holds_it() {
    let rows = [("—", "shed"), ("1", "shed"), ("1", "shed")];
    let block = |n: u32, extra: &str| {
        format!("### Phase {n} — Step\n{extra}- **Verification:** `test -s {n}.log`\n\n")
    };
    let phases = format!("{}{}{}", block(1, ""), block(2, ""), block(3, ""));
    let done = "---\nstatus: complete\n---\n\n## What this phase did\n\nBuilt it.\n";
    let root = Root::new();
    root.plan("shed", &plan("shed", "", &rows, &phases));
    let f19 = |root: &Root| {
        let lines = lint(root, "shed", &[]).1;
        starting(&lines, "F19 ")
            .iter()
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
    };

    // Nothing started: phase 1 is ready.
    assert!(f19(&root).is_empty());
    root.handoff("shed", "phase-01-a.md", done);
    root.handoff(
        "shed",
        "test-status.md",
        "## QA status\n\n| Phase | Result |\n|---|---|\n| 1 | fail |\n",
    );
    let found = f19(&root);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("F19 plan: this plan cannot progress — "),
        "{found:?}"
    );
    assert!(found[0].contains("1(qa:fail)"), "{found:?}");

    // A phase in progress is moving.
    root.handoff("shed", "phase-02-b.md", "---\nstatus: in-progress\n---\n");
    assert!(f19(&root).is_empty());
    // A stuck phase does not move the plan; phase 3 still waits on 1.
    root.handoff("shed", "phase-02-b.md", "---\nstatus: blocked\n---\n");
    assert_eq!(f19(&root).len(), 1);
    std::fs::remove_file(root.path().join("docs/handoffs/shed/phase-02-b.md")).expect("rm");

    // The plan turns the gate off, or the phase turns QA off for itself.
    root.plan("shed", &plan("shed", "**QA gate:** off", &rows, &phases));
    assert!(f19(&root).is_empty());
    let own_off = format!(
        "{}{}{}",
        block(1, "- **QA:** off\n"),
        block(2, ""),
        block(3, "")
    );
    root.plan("shed", &plan("shed", "", &rows, &own_off));
    assert!(f19(&root).is_empty());

    // A recorded pass releases the dependents.
    root.plan("shed", &plan("shed", "", &rows, &phases));
    root.handoff(
        "shed",
        "test-status.md",
        "## QA status\n\n| Phase | Result |\n|---|---|\n| 1 | `pass` |\n",
    );
    assert!(f19(&root).is_empty());
}

/// F28: a plan-wide `Worktrees: on` gives a phase that names no isolation
/// its own worktree, but never overrides `Isolation: shared`; an unknown
/// Land word falls through to the plan's Landing.
#[test]
fn land_needs_lane_levels() {
    let phases = "\
### Phase 1 — Step
- **Verification:** `test -s 1.log`

### Phase 2 — Step
- **Isolation:** shared
- **Verification:** `test -s 2.log`

### Phase 3 — Step
- **Land:** sometimes
- **Isolation:** worktree
- **Verification:** `test -s 3.log`
";
    let rows = [("—", "yard"), ("1", "yard"), ("2", "yard")];
    let root = Root::new();
    root.plan(
        "yard",
        &plan(
            "yard",
            "**Landing:** trunk\n**Worktrees:** on",
            &rows,
            phases,
        ),
    );
    // Phase 3's unknown Land word fails the lint (F27) and falls through to
    // the plan's `trunk`; its own worktree keeps F28 quiet there.
    let (code, _, lines) = lint_any(&root, "yard", &[]);
    assert_eq!(code, 1, "{lines:#?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("phase 3: land-word-unknown")),
        "{lines:#?}"
    );
    let heads: Vec<&str> = starting(&lines, "F28 ")
        .iter()
        .map(|l| l.split(" — ").next().unwrap_or(l))
        .collect();
    assert_eq!(heads, vec!["F28 phase 2: land-needs-lane"], "{lines:#?}");
    assert!(lines[0].contains("`trunk`"), "{lines:#?}");
}

/// F36: the plan's `Wait budget` is the window of a `Waits on` bullet
/// without its own; a comma list of refs; set but empty is silent.
#[test]
fn wait_window_short_levels() {
    let phases = "\
### Phase 1 — Step
- **Waits on:** gh:a/b#run/1, gh:a/b#run/2
- **Verification:** `test -s 1.log`
";
    let root = Root::new();
    root.plan(
        "mill",
        &plan("mill", "**Wait budget:** 40m", &[("—", "mill")], phases),
    );
    let env = [("PE_WAIT_TIMEOUTS", "gh:a/b#run/1=30 gh:a/b#run/2=90")];
    let (_, lines) = lint(&root, "mill", &env);
    assert_eq!(lines.len(), 1, "{lines:#?}");
    assert!(
        lines[0].starts_with("F36 phase 1: wait-window-short — `Waits on:` allows 40m, but `gh:a/b#run/2` may run 90m"),
        "{lines:#?}"
    );
    let (_, lines) = lint(&root, "mill", &[("PE_WAIT_TIMEOUTS", "")]);
    assert!(lines.is_empty(), "{lines:#?}");
}

/// F15: the consequence follows the MCP policy: the phase's bullet, then
/// the plan's line, then the console's `PE_MCP_POLICY`.
#[test]
fn mcp_consequence_follows_the_policy() {
    let phases = "\
### Phase 1 — Step
- **MCP:** `radar`
- **Verification:** `test -s 1.log`
";
    let root = Root::new();
    root.plan(
        "keep",
        &plan(
            "keep",
            "**MCP servers (every session):** `charts`",
            &[("—", "keep")],
            phases,
        ),
    );
    let env = [("PE_MCP_SERVERS", ""), ("PE_MCP_POLICY", "require")];
    let (code, lines) = lint(&root, "keep", &env);
    assert_eq!(code, 0);
    assert_eq!(lines.len(), 2, "{lines:#?}");
    assert!(
        lines[0].starts_with("F15 plan: MCP server(s) not registered on this machine: charts — ")
    );
    assert!(lines[0].contains("parks at boarding"), "{lines:#?}");
    assert!(
        lines[1].starts_with("F15 phase 1: MCP server(s) not registered on this machine: radar — ")
    );
    assert!(
        lines[1].contains("parks this phase at boarding"),
        "{lines:#?}"
    );
    // PE_MCP_POLICY unset, `continue` or garbage: the phase will run
    // without the servers, and the line says so (never the park).
    for policy in [None, Some("continue"), Some("REQUIRE-ish nonsense")] {
        let mut env = vec![("PE_MCP_SERVERS", "charts")];
        env.extend(policy.map(|p| ("PE_MCP_POLICY", p)));
        let (_, lines) = lint(&root, "keep", &env);
        assert_eq!(lines.len(), 1, "{policy:?}: {lines:#?}");
        assert!(
            lines[0].contains("will run without them"),
            "{policy:?}: {lines:#?}"
        );
        assert!(!lines[0].contains("parks"), "{policy:?}: {lines:#?}");
    }

    // The plan's own MCP policy line, its label in any case, decides when
    // the phase has none; the console's PE_MCP_POLICY says otherwise.
    for label in ["**MCP policy:**", "**mcp Policy (every phase):**"] {
        root.plan(
            "keep",
            &plan(
                "keep",
                &format!("**MCP servers (every session):** `charts`\n{label} require"),
                &[("—", "keep")],
                phases,
            ),
        );
        let env = [("PE_MCP_SERVERS", ""), ("PE_MCP_POLICY", "continue")];
        let (_, lines) = lint(&root, "keep", &env);
        assert_eq!(lines.len(), 2, "{lines:#?}");
        assert!(
            lines[0].contains("parks at boarding"),
            "{label}: {lines:#?}"
        );
        assert!(
            lines[1].contains("parks this phase at boarding"),
            "{label}: {lines:#?}"
        );
    }
}

/// F17 looks each lead up once and names it once per phase, and a long plan
/// of many commands lints as one whose leads are all installed.
#[test]
fn lead_missing_on_a_long_plan() {
    let root = Root::new();
    let bin = root.path().join("bin");
    std::fs::create_dir_all(&bin).expect("bin");
    for tool in ["pnpm", "git", "ls", "wc", "tr"] {
        let path = bin.join(tool);
        std::fs::write(&path, "#!/bin/sh\nexit 0\n").expect("stub");
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let mut phases = String::new();
    let mut rows = Vec::new();
    for n in 1..=40 {
        rows.push(if n == 1 {
            "—".to_string()
        } else {
            (n - 1).to_string()
        });
        phases.push_str(&format!(
            "### Phase {n} — Step {n}\n\n- **Setup:** `pnpm install`\n- **Verification:**\n  - **Verify in:** web\n  - `pnpm vitest run src/features/step-{n} src/hooks`\n  - `git log --oneline -1`\n  - `test \"$(ls src/features/step-{n}/*.tsx 2>/dev/null | wc -l | tr -d ' ')\" = 4`\n  - `pe-absent-linter --step {n}` and again `pe-absent-linter --all`\n\n"
        ));
    }
    let rows: Vec<(&str, &str)> = rows.iter().map(|d| (d.as_str(), "web")).collect();
    root.plan("web", &plan("web", "", &rows, &phases));
    let path = bin.display().to_string();
    let (code, lines) = lint(&root, "web", &[("PATH", &path)]);
    assert_eq!(code, 0);
    assert_eq!(lines.len(), 40, "{lines:#?}");
    for (n, line) in lines.iter().enumerate() {
        assert!(
            line.starts_with(&format!(
                "F17 phase {}: §Verification lead `pe-absent-linter` is not installed on this machine — ",
                n + 1
            )),
            "{line}"
        );
    }
}

/// F16 quotes the POSIX match (leftmost, then longest): the loop arm with
/// its clock after `do` reaches further than the arm with its clock before.
#[test]
fn external_wait_quotes_the_longest_match() {
    let phases = "\
### Phase 1 — Step
- **Verification:** `until curl -s localhost:8080/health; do sleep 5; done`
";
    let root = Root::new();
    root.plan("pump", &plan("pump", "", &[("—", "pump")], phases));
    let (_, lines) = lint(&root, "pump", &[]);
    assert!(
        lines[0].starts_with(
            "F16 phase 1: §Verification waits on an external process (`until curl -s localhost:8080/health; do sleep 5`) — "
        ),
        "{lines:#?}"
    );
}

/// (fix) F22 reads every command head: a fenced line that starts a
/// command with a bring-up step is bring-up too, wherever it stands in the
/// block (the reference reads only the start of the whole reach, so it
/// misses it).
#[test]
fn bring_up_on_a_fenced_line() {
    let phases = "\
### Phase 1 — Step
- **Verification:**
  ```sh
  test -d data
  sleep 5
  grep -q ready data/log
  ```
";
    let root = Root::new();
    root.plan("mill", &plan("mill", "", &[("—", "mill")], phases));
    let (_, lines) = lint(&root, "mill", &[]);
    let heads: Vec<&str> = lines
        .iter()
        .map(|l| l.split(" — ").next().unwrap_or(l))
        .collect();
    assert_eq!(heads, vec!["F22 phase 1: `sleep 5` is bring-up, not proof"]);
}

/// F22 names command heads only (SPEC-PARITY.md section G): the `sleep`
/// of a poll loop, inline or written across fenced lines, is its pacing,
/// not bring-up; bring-up at a head beside it is still named.
#[test]
fn bring_up_is_not_a_poll_loops_pacing() {
    let phases = "\
### Phase 1 — A loop across fenced lines
- **Verification:**
  ```sh
  until test -s kiln.ready
  do
    echo waiting
    sleep 5
  done
  ```

### Phase 2 — A loop on one line
- **Verification:** `until test -s kiln.ready; do sleep 5; done`

### Phase 3 — Bring-up after a loop
- **Verification:**
  ```sh
  while test -e kiln.lock; do
    sleep 5
  done
  npm ci
  ```
";
    let root = Root::new();
    let rows = [("—", "kiln"), ("—", "kiln"), ("—", "kiln")];
    root.plan("kiln", &plan("kiln", "", &rows, phases));
    let (_, lines) = lint(&root, "kiln", &[]);
    let f22: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("F22 "))
        .map(|l| l.split(" — ").next().unwrap_or(l))
        .collect();
    assert_eq!(f22, vec!["F22 phase 3: `npm ci` is bring-up, not proof"]);
}

/// A handoff that says `complete` and has no "What this phase did"
/// section is no scaffold: its phase is done, as the reference reads it,
/// and the advisories about open phases (F15, F22, F39) leave it alone.
#[test]
fn a_done_phase_without_a_what_section_is_not_nagged() {
    let phases = "\
### Phase 1 — Done
- **MCP:** `radar`
- **Verification:**
  - **Verify in:** .
  - `docker compose up -d && npm test`

### Phase 2 — Open
- **Verification:** `test -s 2.log`
";
    let root = Root::new();
    root.plan(
        "yard",
        &plan("yard", "", &[("—", "yard"), ("1", "yard")], phases),
    );
    let env = [("PE_MCP_SERVERS", "")];
    let (_, lines) = lint(&root, "yard", &env);
    for code in ["F15", "F22", "F39"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("{code} phase 1:"))),
            "{code} while phase 1 is open: {lines:#?}"
        );
    }
    root.handoff(
        "yard",
        "phase-01-done.md",
        "---\nphase: 1\nstatus: complete\n---\n# Phase 1 — Done\n",
    );
    let (_, lines) = lint(&root, "yard", &env);
    assert!(!lines.iter().any(|l| l.contains("phase 1:")), "{lines:#?}");
}
