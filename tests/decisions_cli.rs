//! The command line of `decisions` (SPEC §7): each verb's `--help` lists
//! the options it takes and no other; options may come before or after the
//! verb; a plan named like a verb is still the plan; a word in the verb's
//! place that is no verb, and an option the verb does not take, are
//! refused with exit 2.

mod common;

use common::{Root, stderr, stdout};

fn root() -> Root {
    Root::fixture("writer")
}

/// The long options `decisions quay VERB --help` lists.
fn help_options(root: &Root, verb: &str) -> Vec<String> {
    let out = root.decisions("quay", &[verb, "--help"]);
    assert_eq!(out.status.code(), Some(0), "{verb}: {}", stderr(&out));
    let mut options: Vec<String> = stdout(&out)
        .lines()
        // An option's own line is indented 2 (`  -h, --help`) or 6 columns;
        // its description, more.
        .filter_map(|l| {
            l.strip_prefix("  -h, ")
                .or(l.strip_prefix("      --").map(|_| l.trim_start()))
        })
        .filter(|l| l.starts_with("--"))
        .filter_map(|l| l.split([' ', '=']).next().map(str::to_string))
        .collect();
    options.sort();
    options.dedup();
    options
}

#[test]
fn each_verbs_help_lists_the_options_it_takes_and_no_other() {
    let root = root();
    let global = ["--color", "--help", "--phase", "--root"];
    let write = ["--blocking", "--by", "--dry-run", "--evidence"];
    let cases: &[(&str, &[&str])] = &[
        ("list", &["--format"]),
        ("check", &["--ack", "--format"]),
        ("prompt", &[]),
        ("resolve", &["--format", "--policy", "--run"]),
        ("answer", &["--value"]),
        ("waive", &["--reason"]),
        ("promote", &["--from-ruling", "--key", "--rulings"]),
    ];
    for (verb, own) in cases {
        let mut want: Vec<String> = global
            .iter()
            .chain(own.iter())
            .map(|o| o.to_string())
            .collect();
        if ["answer", "waive", "promote"].contains(verb) {
            want.extend(write.iter().map(|o| o.to_string()));
        }
        want.sort();
        assert_eq!(help_options(&root, verb), want, "decisions {verb} --help");
    }
}

#[test]
fn each_verbs_help_shows_its_usage_with_the_slug_first() {
    let root = root();
    let out = root.decisions("quay", &["answer", "--help"]);
    assert!(
        stdout(&out).contains(
            "Usage: planfile decisions SLUG [--phase N] answer KEY --value TEXT [--by WHO]"
        ),
        "{}",
        stdout(&out)
    );
    // Help needs no plan: `decisions VERB --help` and `decisions --help`.
    let out = root.run(["decisions", "waive", "--help"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("--reason <TEXT>"), "{}", stdout(&out));
    let out = root.run(["decisions", "--help"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for verb in [
        "list", "check", "prompt", "resolve", "answer", "waive", "promote",
    ] {
        assert!(
            stdout(&out).contains(&format!("\n  {verb} ")),
            "{verb}: {}",
            stdout(&out)
        );
    }
}

#[test]
fn options_may_come_before_or_after_the_verb() {
    let before = root();
    let after = root();
    let out_before = before.decisions(
        "quay",
        &[
            "--phase",
            "2",
            "--by",
            "harbour-master",
            "--evidence",
            "vote 3",
            "answer",
            "stop",
            "--value",
            "halt",
        ],
    );
    let out_after = after.decisions(
        "quay",
        &[
            "answer",
            "stop",
            "--value",
            "halt",
            "--phase",
            "2",
            "--by",
            "harbour-master",
            "--evidence",
            "vote 3",
        ],
    );
    assert_eq!(out_before.status.code(), Some(0), "{}", stderr(&out_before));
    assert_eq!(out_before.stdout, out_after.stdout);
    assert_eq!(
        std::fs::read_to_string(before.twin_path("quay")).expect("twin"),
        std::fs::read_to_string(after.twin_path("quay")).expect("twin")
    );
    let out = root().decisions("quay", &["--format", "json", "--phase", "1", "list"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).starts_with('['), "{}", stdout(&out));
}

#[test]
fn a_plan_named_like_a_verb_is_still_the_plan() {
    let root = root();
    let quay = std::fs::read_to_string(root.path().join("docs/plans/quay.md")).expect("plan");
    std::fs::write(root.path().join("docs/plans/list.md"), &quay).expect("write");
    let by_name = root.run(["decisions", "list", "--phase", "1", "list"]);
    assert_eq!(by_name.status.code(), Some(0), "{}", stderr(&by_name));
    let by_option = root.run(["decisions", "--slug", "list", "list", "--phase", "1"]);
    assert_eq!(by_option.status.code(), Some(0), "{}", stderr(&by_option));
    let other = root.decisions("quay", &["list", "--phase", "1"]);
    assert_eq!(by_name.stdout, other.stdout);
    assert_eq!(by_option.stdout, other.stdout);
}

#[test]
fn an_unknown_verb_is_refused_naming_the_verbs() {
    let root = root();
    for args in [
        &["frobnicate"][..],
        &["--value", "off", "frobnicate"],
        &["answr", "relay"],
    ] {
        let out = root.decisions("quay", args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let word = args
            .iter()
            .find(|a| !a.starts_with('-') && **a != "off")
            .expect("a word");
        assert_eq!(
            stderr(&out),
            format!(
                "planfile: unknown verb \"{word}\" for decisions: use list, check, prompt, resolve, answer, waive or promote\n"
            )
        );
    }
    assert!(!root.path().join("docs/handoffs").exists());
}

#[test]
fn an_option_the_verb_does_not_take_is_refused() {
    let root = root();
    for args in [
        &["list", "--value", "x"][..],
        &["--value", "x", "list"],
        &["prompt", "--format", "json"],
        &["check", "--by", "op"],
        &["waive", "stop", "--reason", "n/a", "--value", "x"],
        &["promote", "stop", "--from-ruling", "r-1"],
        &["answer", "stop", "--value", "x", "--from-ruling", "r-1"],
    ] {
        let out = root.decisions("quay", args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&out), "", "{args:?}");
        assert!(
            stderr(&out).contains("unexpected argument"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    assert!(!root.path().join("docs/handoffs").exists());
}
