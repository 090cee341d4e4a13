//! stdin and pre-commit (SPEC §10.1, fix): `--stdin-filename` naming a twin
//! or a handoff lints the buffer as that file of its plan; `--force-exclude`
//! applies to `--stdin-filename` as to a path; a staged twin or handoff is
//! paired with its plan wherever under `docs/plans/` the plan sits (and
//! refused, naming both, when two plans share its slug); an argument that
//! is not UTF-8 is the path it is, never a refused command line.

mod common;

use common::{Root, one_phase_plan_owing_nothing, stderr, stdout};

/// A clean twin of `slug`, and the same twin with an unknown key on line 8.
fn twins(slug: &str) -> (String, String) {
    let clean = format!(
        "# Decisions — {slug}\n\n## Decisions\n\n| key | value | owner | state | blocking | source | evidence | phase |\n|---|---|---|---|---|---|---|---|\n| `relay` | off | crew | answered | no | run | r-1 | — |\n"
    );
    let staged = format!("{clean}| `pump-speed` | slow | crew | answered | no | run | r-2 | — |\n");
    (clean, staged)
}

/// A handoff of phase 1 that has its boot section, and one without it.
const HANDOFF: &str = "---\nphase: 1\nstatus: in-progress\n---\n\n## What this phase did\n\nRaised the mast.\n\n## Start next phase\n\nWire the lamp.\n";
const HANDOFF_NO_BOOT: &str =
    "---\nphase: 1\nstatus: in-progress\n---\n\n## What this phase did\n\nRaised the mast.\n";

#[test]
fn a_twin_on_stdin_is_linted_as_the_twin_of_its_plan() {
    let root = Root::new();
    root.plan(
        "mast",
        &one_phase_plan_owing_nothing("mast", "`test -s mast.log`"),
    );
    let (clean, staged) = twins("mast");
    root.twin("mast", &clean);
    let args = [
        "validate",
        "-",
        "--stdin-filename",
        "docs/handoffs/mast/decisions.md",
        "--format",
        "concise",
    ];
    let output = root.run_with_stdin(&args, staged.as_bytes());
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    insta::assert_snapshot!("a_twin_on_stdin", stdout(&output));
    // The disk's twin as the buffer: nothing to report, and no plan
    // findings for the twin's text.
    let output = root.run_with_stdin(&args, clean.as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert_eq!(stdout(&output), "");
    // --fix prints the twin back as it came (fixes never change a twin) and
    // writes nothing.
    let fix: Vec<&str> = args[..4].iter().copied().chain(["--fix"]).collect();
    let bad_state = staged.replace("| slow | crew | answered |", "| slow | crew | answerd |");
    let output = root.run_with_stdin(&fix, bad_state.as_bytes());
    assert_eq!(stdout(&output), bad_state);
    assert_eq!(
        std::fs::read_to_string(root.twin_path("mast")).expect("the twin"),
        clean
    );
    assert!(
        stderr(&output).contains("decision-state-unknown"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_handoff_on_stdin_stands_for_that_handoff() {
    let root = Root::new();
    root.plan(
        "mast",
        &one_phase_plan_owing_nothing("mast", "`test -s mast.log`"),
    );
    root.handoff("mast", "phase-01-mast.md", HANDOFF);
    let args = [
        "validate",
        "-",
        "--stdin-filename",
        "docs/handoffs/mast/phase-01-mast.md",
        "--format",
        "concise",
    ];
    let output = root.run_with_stdin(&args, HANDOFF_NO_BOOT.as_bytes());
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(
        out.starts_with("docs/handoffs/mast/phase-01-mast.md:1:1: F10 handoff-boot-missing:"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 1, "{out}");
    // A handoff not yet on disk (a new file, staged) is linted too.
    let new = [
        "validate",
        "-",
        "--stdin-filename",
        "docs/handoffs/mast/phase-01-lamp.md",
        "--format",
        "concise",
    ];
    let output = root.run_with_stdin(&new, HANDOFF_NO_BOOT.as_bytes());
    assert!(
        stdout(&output)
            .contains("docs/handoffs/mast/phase-01-lamp.md:1:1: F10 handoff-boot-missing"),
        "{}",
        stdout(&output)
    );
    let output = root.run_with_stdin(&args, HANDOFF.as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
}

#[test]
fn force_exclude_applies_to_the_stdin_filename() {
    let root = Root::new();
    root.config("[lint]\nexclude = [\"docs/plans/legacy-*.md\"]\n");
    let plan = one_phase_plan_owing_nothing("legacy-mast", "a person looks")
        .replace("| answered |", "| **Answered** |");
    root.plan("legacy-mast", &plan);
    let base = [
        "validate",
        "-",
        "--stdin-filename",
        "docs/plans/legacy-mast.md",
    ];
    let linted = root.run_with_stdin(&base, plan.as_bytes());
    assert_eq!(linted.status.code(), Some(1), "{}", stderr(&linted));
    let with =
        |extra: &[&'static str]| -> Vec<&str> { base.iter().chain(extra).copied().collect() };
    let excluded = root.run_with_stdin(
        &with(&["--force-exclude", "--format", "concise"]),
        plan.as_bytes(),
    );
    assert_eq!(excluded.status.code(), Some(0), "{}", stderr(&excluded));
    assert_eq!(stdout(&excluded), "");
    let fixed = root.run_with_stdin(&with(&["--force-exclude", "--fix"]), plan.as_bytes());
    assert_eq!(fixed.status.code(), Some(0), "{}", stderr(&fixed));
    assert_eq!(
        stdout(&fixed),
        plan,
        "the excluded buffer comes back unchanged"
    );
    // Without --force-exclude, --fix fixes the buffer.
    let unexcluded = root.run_with_stdin(&with(&["--fix"]), plan.as_bytes());
    assert_ne!(stdout(&unexcluded), plan);
    // The twin of an excluded plan is left out with it.
    let (_, staged) = twins("legacy-mast");
    let twin = root.run_with_stdin(
        &[
            "validate",
            "-",
            "--stdin-filename",
            "docs/handoffs/legacy-mast/decisions.md",
            "--force-exclude",
            "--fix",
        ],
        staged.as_bytes(),
    );
    assert_eq!(twin.status.code(), Some(0), "{}", stderr(&twin));
    assert_eq!(stdout(&twin), staged);
}

#[test]
fn a_staged_twin_or_handoff_finds_its_plan_in_a_sub_folder() {
    let root = Root::new();
    let sub = root.path().join("docs/plans/harbour");
    std::fs::create_dir_all(&sub).expect("a sub-folder");
    std::fs::write(
        sub.join("mast.md"),
        one_phase_plan_owing_nothing("mast", "a person looks"),
    )
    .expect("the plan");
    let (_, staged) = twins("mast");
    root.twin("mast", &staged);
    root.handoff("mast", "phase-01-mast.md", HANDOFF_NO_BOOT);
    let output = root.run([
        "validate",
        "--format",
        "concise",
        "docs/handoffs/mast/decisions.md",
        "docs/handoffs/mast/phase-01-mast.md",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    insta::assert_snapshot!("a_staged_twin_of_a_plan_in_a_sub_folder", stdout(&output));
    // From a folder outside the docs root, as a hook in a repository whose
    // docs live in a sub-folder: the plan named by its path reads the same
    // twin as the staged twin does.
    let outer = root
        .cmd()
        .current_dir(root.path().join("docs"))
        .env_remove("DOCS_ROOT")
        .args(["validate", "--format", "concise", "plans/harbour/mast.md"])
        .output()
        .expect("run planfile");
    assert!(
        stdout(&outer).contains("handoffs/mast/decisions.md:8:3: F25 decision-key-unknown"),
        "{}",
        stdout(&outer)
    );
}

#[test]
fn two_plans_of_one_slug_make_their_twin_refused_naming_both() {
    let root = Root::new();
    for folder in ["harbour", "archive"] {
        let dir = root.path().join("docs/plans").join(folder);
        std::fs::create_dir_all(&dir).expect("a sub-folder");
        std::fs::write(
            dir.join("mast.md"),
            one_phase_plan_owing_nothing("mast", "`true`"),
        )
        .expect("a plan");
    }
    root.plan(
        "lamp",
        &one_phase_plan_owing_nothing("lamp", "a person looks"),
    );
    let (clean, _) = twins("mast");
    root.twin("mast", &clean);
    let output = root.run([
        "validate",
        "--format",
        "concise",
        "docs/handoffs/mast/decisions.md",
        "lamp",
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(
        out.contains("docs/plans/lamp.md:18:1: F14"),
        "the other plan is linted: {out}"
    );
    assert!(
        out.contains(
            "docs/handoffs/mast/decisions.md:1:1: error: it belongs to the plan mast, but 2 plans under docs/plans/ have that slug: docs/plans/archive/mast.md and docs/plans/harbour/mast.md;"
        ),
        "{out}"
    );
    // An excluded one does not count.
    root.config("[lint]\nexclude = [\"docs/plans/archive\"]\n");
    let output = root.run([
        "validate",
        "--format",
        "concise",
        "docs/handoffs/mast/decisions.md",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_the_path_it_is() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    let root = Root::new();
    root.plan("lamp", &one_phase_plan_owing_nothing("lamp", "`true`"));
    let name = OsStr::from_bytes(b"docs/plans/caf\xe9.md");
    if std::fs::write(
        root.path().join(name),
        one_phase_plan_owing_nothing("x", "`true`"),
    )
    .is_err()
    {
        // A file system that takes only UTF-8 names cannot hold the file.
        return;
    }
    let output = root
        .cmd()
        .args(["validate", "--format", "concise"])
        .arg(name)
        .arg("lamp")
        .output()
        .expect("run planfile");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(
        out.starts_with(
            r"docs/plans/caf\xE9.md:1:1: error: the file name is not a valid plan slug"
        ),
        "{out}"
    );
    assert!(
        stderr(&output).contains(r"docs/plans/caf\xE9.md:"),
        "{}",
        stderr(&output)
    );
    // A name that is no file is refused as any missing path is, named escaped.
    let missing = root
        .cmd()
        .arg("validate")
        .arg(OsStr::from_bytes(b"docs/plans/gone\xff.md"))
        .output()
        .expect("run planfile");
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains(r#""docs/plans/gone\xFF.md": no such file"#),
        "{}",
        stderr(&missing)
    );
}
