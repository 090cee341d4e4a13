//! `needs WORD [--ruling] [--format tsv|json]` (SPEC §5.6): a `--needs` word
//! is a key or a blocker class; the key it stands for and the class the
//! runner files it under.

mod common;

use common::{Root, stderr, stdout};

/// Runs `planfile needs ARGS`; returns (exit code, stdout, stderr).
fn needs(args: &[&str]) -> (i32, String, String) {
    let root = Root::new();
    let output = root
        .cmd()
        .arg("needs")
        .args(args)
        .output()
        .expect("run planfile");
    (
        output.status.code().unwrap_or(-1),
        stdout(&output),
        stderr(&output),
    )
}

#[test]
fn every_key_and_class_prints_its_key_and_class() {
    let mut printed = String::new();
    let words = planfile::vocab::KEYS
        .iter()
        .map(|k| k.key)
        .chain(planfile::vocab::BLOCKER_CLASSES.iter().map(|(c, _)| *c));
    for word in words {
        let (code, out, _) = needs(&[word]);
        assert_eq!(code, 0, "{word}");
        printed.push_str(&format!("{word} → {out}"));
    }
    insta::assert_snapshot!("needs-every-word", printed);
}

#[test]
fn lock_names_no_key_and_says_so() {
    let (code, out, err) = needs(&["lock"]);
    assert_eq!((code, out.as_str()), (0, "\tlock\n"));
    assert!(
        err.starts_with("planfile: note: lock is a peer's lock")
            && err.contains("nobody's decision"),
        "{err}"
    );
    let (_, _, err) = needs(&["credential"]);
    assert!(err.is_empty(), "{err}");
}

#[test]
fn json() {
    let (code, out, _) = needs(&["external", "--format", "json"]);
    assert_eq!(code, 0);
    let value: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(
        value,
        serde_json::json!({"word": "external", "is": "class", "key": "waits", "class": "external"})
    );
    let (_, out, _) = needs(&["budgets", "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(
        value,
        serde_json::json!({"word": "budgets", "is": "key", "key": "budgets", "class": null})
    );
}

#[test]
fn ruling_takes_keys_only_and_anything_else_is_refused() {
    let (code, out, _) = needs(&["--ruling", "credentials"]);
    assert_eq!((code, out.as_str()), (0, "credentials\tcredential\n"));
    for (args, says) in [
        (
            &["--ruling", "credential"][..],
            "names the key itself (credentials)",
        ),
        (&["--ruling", "lock"][..], "nobody's decision"),
        (&["credentail"][..], "(did you mean credential?)"),
        (&["Relay"][..], "(did you mean relay?)"),
        (
            &["--ruling", "stopp"][..],
            "is not a decision key (--ruling takes keys only) (did you mean stop?)",
        ),
        (
            &["approvals"][..],
            "the classes are credential permission gate external lock",
        ),
    ] {
        let (code, out, err) = needs(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(says), "{args:?}: {err}");
        if args[0] != "--ruling" || args[1] == "stopp" {
            assert!(
                err.contains(&planfile::vocab::key_list()),
                "{args:?}: {err}"
            );
        }
    }
}

/// `explain needs` prints the command's page, and its example is what the
/// tool prints; a name that is neither a check nor such a command says
/// which commands `explain` knows besides the checks.
#[test]
fn explain_needs_prints_its_page_and_the_example_holds() {
    let root = Root::new();
    let output = root
        .cmd()
        .args(["explain", "needs"])
        .output()
        .expect("run planfile");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let page = stdout(&output);
    assert!(
        page.starts_with("# needs — check a `--needs` word\n"),
        "{page}"
    );
    let command = "$ planfile needs credential\n";
    let start = page.find(command).expect("the page shows an example") + command.len();
    let shown = &page[start..start + page[start..].find("```").expect("the block ends")];
    let (code, out, err) = needs(&["credential"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, shown);

    let output = root
        .cmd()
        .args(["explain", "answer"])
        .output()
        .expect("run planfile");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("`planfile explain resolve` and `planfile explain needs`"),
        "{}",
        stderr(&output)
    );
}
