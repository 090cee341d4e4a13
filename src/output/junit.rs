//! `validate --format junit` (SPEC §10.1): a JUnit XML report for the test
//! views of CI servers (GitLab's `artifacts:reports:junit`, Jenkins'
//! JUnit plugin).
//!
//! One `<testsuite>` per plan, named by the plan's path relative to the
//! repository (SPEC §10.1 "Paths in CI reports", as every file here), so
//! that a CI server lists the plans and counts their findings:
//! - a plan without findings has one passing `<testcase name="no findings">`;
//! - each finding is a `<testcase>` named `CODE name at line:column`, whose
//!   `classname` and `file` are the file it points into; a finding that
//!   gates holds a `<failure>`, one that does not (advisory, or on a closed
//!   plan) a `<skipped>` saying why;
//! - a plan that could not be read is a suite with one `<testcase>` holding
//!   an `<error>`.
//!
//! The `<testsuites>` root and every suite carry the `tests`, `failures`,
//! `errors` and `skipped` counts.

use std::io::Write;

use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesText, Event};

use super::Findings;
use crate::lint::{Finding, PlanReport};

/// `text` with the characters XML 1.0 cannot hold (control characters
/// other than tab, LF and CR; U+FFFE, U+FFFF) written as `\u{XXXX}`.
pub fn xml_safe(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let allowed =
            matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && c != '\u{FFFE}' && c != '\u{FFFF}');
        if allowed {
            out.push(c);
        } else {
            out.push_str(&format!("\\u{{{:X}}}", c as u32));
        }
    }
    out
}

/// What one test case reports.
enum Outcome {
    Passed,
    Failure {
        message: String,
        kind: String,
        body: String,
    },
    Skipped {
        message: String,
    },
    Error {
        message: String,
        body: String,
    },
}

/// One `<testcase>`.
struct Case {
    name: String,
    classname: String,
    file: String,
    line: Option<usize>,
    outcome: Outcome,
}

/// One `<testsuite>`.
struct Suite {
    name: String,
    cases: Vec<Case>,
}

impl Suite {
    fn count(&self, pick: fn(&Outcome) -> bool) -> usize {
        self.cases.iter().filter(|c| pick(&c.outcome)).count()
    }
}

fn is_failure(o: &Outcome) -> bool {
    matches!(o, Outcome::Failure { .. })
}

fn is_error(o: &Outcome) -> bool {
    matches!(o, Outcome::Error { .. })
}

fn is_skipped(o: &Outcome) -> bool {
    matches!(o, Outcome::Skipped { .. })
}

fn finding_case(report: &PlanReport, f: &Finding, findings: &Findings) -> Case {
    let file = findings.ci_path(&f.file);
    let place = format!("{file}:{}:{}", f.line, f.column);
    let outcome = if report.gates(f) {
        Outcome::Failure {
            message: f.message.clone(),
            kind: format!("{} {}", f.code, f.name),
            body: format!("{place}: {} {}: {}", f.code, f.name, f.message),
        }
    } else {
        let why = super::concise::not_gating_note(report, f)
            .trim()
            .trim_start_matches('(')
            .trim_end_matches(')')
            .to_string();
        Outcome::Skipped {
            message: format!("{why}: {place}: {}", f.message),
        }
    };
    Case {
        name: format!("{} {} at {}:{}", f.code, f.name, f.line, f.column),
        classname: file.clone(),
        file,
        line: Some(f.line),
        outcome,
    }
}

fn suites(findings: Findings) -> Vec<Suite> {
    let mut suites: Vec<Suite> = findings
        .plans
        .iter()
        .map(|report| {
            let name = findings.ci_path(&report.manifest.plan.file.path);
            let mut cases: Vec<Case> = report
                .findings
                .iter()
                .map(|f| finding_case(report, f, &findings))
                .collect();
            if cases.is_empty() {
                cases.push(Case {
                    name: "no findings".to_string(),
                    classname: name.clone(),
                    file: name.clone(),
                    line: None,
                    outcome: Outcome::Passed,
                });
            }
            Suite { name, cases }
        })
        .collect();
    for u in findings.unreadable {
        let name = findings.ci_path(&u.path);
        suites.push(Suite {
            name: name.clone(),
            cases: vec![Case {
                name: "read the plan".to_string(),
                classname: name.clone(),
                file: name,
                line: u.line,
                outcome: Outcome::Error {
                    message: u.message.clone(),
                    body: u.describe(findings.base),
                },
            }],
        });
    }
    suites
}

fn write_case<W: Write>(w: &mut Writer<W>, case: &Case) -> std::io::Result<()> {
    let line = case.line.map(|l| l.to_string());
    let mut element = w
        .create_element("testcase")
        .with_attribute(("name", xml_safe(&case.name).as_str()))
        .with_attribute(("classname", xml_safe(&case.classname).as_str()))
        .with_attribute(("file", xml_safe(&case.file).as_str()));
    if let Some(line) = &line {
        element = element.with_attribute(("line", line.as_str()));
    }
    match &case.outcome {
        Outcome::Passed => {
            element.write_empty()?;
        }
        Outcome::Failure {
            message,
            kind,
            body,
        } => {
            element.write_inner_content(|w| {
                w.create_element("failure")
                    .with_attribute(("message", xml_safe(message).as_str()))
                    .with_attribute(("type", xml_safe(kind).as_str()))
                    .write_text_content(BytesText::new(&xml_safe(body)))?;
                Ok(())
            })?;
        }
        Outcome::Skipped { message } => {
            element.write_inner_content(|w| {
                w.create_element("skipped")
                    .with_attribute(("message", xml_safe(message).as_str()))
                    .write_empty()?;
                Ok(())
            })?;
        }
        Outcome::Error { message, body } => {
            element.write_inner_content(|w| {
                w.create_element("error")
                    .with_attribute(("message", xml_safe(message).as_str()))
                    .with_attribute(("type", "unreadable"))
                    .write_text_content(BytesText::new(&xml_safe(body)))?;
                Ok(())
            })?;
        }
    }
    Ok(())
}

/// Writes the JUnit report for `findings.plans` and the `findings.unreadable` plans (see
/// the module documentation), then a newline. Errors are the writer's.
pub fn write(out: &mut dyn Write, findings: Findings) -> std::io::Result<()> {
    let suites = suites(findings);
    let total = |pick: fn(&Outcome) -> bool| -> String {
        suites
            .iter()
            .map(|s| s.count(pick))
            .sum::<usize>()
            .to_string()
    };
    let tests = suites
        .iter()
        .map(|s| s.cases.len())
        .sum::<usize>()
        .to_string();
    let mut w = Writer::new_with_indent(&mut *out, b' ', 2);
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    w.create_element("testsuites")
        .with_attribute(("name", "planfile validate"))
        .with_attribute(("tests", tests.as_str()))
        .with_attribute(("failures", total(is_failure).as_str()))
        .with_attribute(("errors", total(is_error).as_str()))
        .with_attribute(("skipped", total(is_skipped).as_str()))
        .write_inner_content(|w| {
            for suite in &suites {
                w.create_element("testsuite")
                    .with_attribute(("name", xml_safe(&suite.name).as_str()))
                    .with_attribute(("tests", suite.cases.len().to_string().as_str()))
                    .with_attribute(("failures", suite.count(is_failure).to_string().as_str()))
                    .with_attribute(("errors", suite.count(is_error).to_string().as_str()))
                    .with_attribute(("skipped", suite.count(is_skipped).to_string().as_str()))
                    .write_inner_content(|w| {
                        for case in &suite.cases {
                            write_case(w, case)?;
                        }
                        Ok(())
                    })?;
            }
            Ok(())
        })?;
    out.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_cannot_hold_control_characters() {
        assert_eq!(xml_safe("a\u{1}b\tc\u{FFFF}"), "a\\u{1}b\tc\\u{FFFF}");
        assert_eq!(xml_safe("plain — text <&>"), "plain — text <&>");
    }
}
