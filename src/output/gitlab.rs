//! `validate --format gitlab` (SPEC §10.1): a GitLab Code Quality report
//! (`artifacts:reports:codequality`), a JSON array with one issue per
//! finding and per plan that could not be read:
//!
//! ```json
//! [ { "description": "F14 verification-empty-open: phase 2: …",
//!     "check_name": "F14/verification-empty-open",
//!     "fingerprint": "3f2a…", "severity": "major",
//!     "location": { "path": "docs/plans/alpha.md", "lines": { "begin": 30 } } } ]
//! ```
//!
//! Each path is relative to the repository (SPEC §10.1 "Paths in CI
//! reports"), as GitLab attaches an issue to a file of the merge request.
//!
//! Severity: `major` for a finding that gates, `minor` for an advisory
//! one, `info` on a closed plan, `critical` for a plan that could not be
//! read. The fingerprint is the first 128 bits of the SHA-256 of the check,
//! the path and the message with the line numbers it quotes taken out
//! ([`without_line_numbers`]: `decision table in the plan (line #): …`),
//! never the line itself, so that a finding keeps its fingerprint when
//! lines above it move (SPEC §10.1); a finding that repeats another of the
//! same check, file and message gets the count of those before it too, so
//! every fingerprint of a report is its own. GitLab compares fingerprints
//! between pipelines to tell new issues from fixed ones.

use std::collections::HashMap;
use std::io::Write;

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::Findings;
use crate::lint::without_line_numbers;

/// The lines of an issue.
#[derive(Debug, Serialize)]
pub struct Lines {
    /// The 1-based first line.
    pub begin: usize,
}

/// Where an issue is.
#[derive(Debug, Serialize)]
pub struct Location {
    /// The file, relative to the repository (SPEC §10.1 "Paths in CI
    /// reports").
    pub path: String,
    /// Its lines.
    pub lines: Lines,
}

/// One Code Quality issue.
#[derive(Debug, Serialize)]
pub struct Issue {
    /// What was found and what to do.
    pub description: String,
    /// The check: `CODE/name`, or `planfile/unreadable`.
    pub check_name: String,
    /// A stable identity of the issue (see the module documentation).
    pub fingerprint: String,
    /// `info`, `minor`, `major` or `critical`.
    pub severity: &'static str,
    /// Where it is.
    pub location: Location,
}

/// Hands out fingerprints, counting repeats of the same (check, path,
/// message without its line numbers).
#[derive(Default)]
struct Fingerprints(HashMap<String, usize>);

impl Fingerprints {
    fn next(&mut self, check: &str, path: &str, message: &str) -> String {
        let key = format!("{check}\0{path}\0{}", without_line_numbers(message));
        let seen = self.0.entry(key.clone()).or_insert(0);
        let mut hasher = Sha256::new();
        hasher.update(key.as_bytes());
        if *seen > 0 {
            hasher.update(format!("\0{seen}").as_bytes());
        }
        *seen += 1;
        hasher
            .finalize()
            .iter()
            .take(16)
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

/// The issues for `findings.plans` and the `findings.unreadable` plans, in order.
pub fn issues(findings: Findings) -> Vec<Issue> {
    let mut fingerprints = Fingerprints::default();
    let mut issues = Vec::new();
    for report in findings.plans {
        for f in &report.findings {
            let path = findings.ci_path(&f.file);
            let check_name = super::sarif::rule_id(f.code, f.name);
            let severity = if report.gates(f) {
                "major"
            } else if report.closed {
                "info"
            } else {
                "minor"
            };
            issues.push(Issue {
                description: format!("{} {}: {}", f.code, f.name, f.message),
                fingerprint: fingerprints.next(&check_name, &path, &f.message),
                check_name,
                severity,
                location: Location {
                    path,
                    lines: Lines { begin: f.line },
                },
            });
        }
    }
    for u in findings.unreadable {
        let path = findings.ci_path(&u.path);
        let check_name = "planfile/unreadable".to_string();
        issues.push(Issue {
            description: format!("the plan could not be read: {}", u.message),
            fingerprint: fingerprints.next(&check_name, &path, &u.message),
            check_name,
            severity: "critical",
            location: Location {
                path,
                lines: Lines {
                    begin: u.line_or_first(),
                },
            },
        });
    }
    issues
}

/// Writes the Code Quality report, pretty-printed, then a newline.
pub fn write(out: &mut dyn Write, findings: Findings) -> std::io::Result<()> {
    super::write_json(out, &issues(findings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprints_are_stable_and_distinct() {
        let mut a = Fingerprints::default();
        let first = a.next("F14/x", "p.md", "m");
        let again = a.next("F14/x", "p.md", "m");
        assert_ne!(first, again);
        assert_eq!(first.len(), 32);
        let mut b = Fingerprints::default();
        assert_eq!(b.next("F14/x", "p.md", "m"), first);
        assert_ne!(b.next("F14/x", "q.md", "m"), first);
        let mut c = Fingerprints::default();
        let mut d = Fingerprints::default();
        assert_eq!(
            c.next("F20/x", "p.md", "table (line 12): x"),
            d.next("F20/x", "p.md", "table (line 15): x"),
            "a line number is no part of a fingerprint"
        );
    }
}
