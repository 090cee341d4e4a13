//! `validate --format sarif` (SPEC §6): a SARIF 2.1.0 log with one run,
//! every check of the registry as a rule, one result per finding, and one
//! invocation whose `executionSuccessful` is false when a plan could not
//! be read, with an error-level `toolExecutionNotifications` entry naming
//! each such file (SPEC §6, fix).
//!
//! Each file is named by a URI relative to the repository (SPEC §10.1
//! "Paths in CI reports"), as code scanning resolves it; a file outside the
//! repository by an absolute `file://` URI.
//!
//! A rule's id is `<code>/<name>` (`F24/gate-type-unknown`): codes are shared
//! by related checks, names are unique, and SARIF ids are hierarchical.
//!
//! A finding an inline suppression silenced (SPEC §10.1) is a result with
//! an `inSource` suppression, as SARIF records a suppressed result: code
//! scanning counts it and does not show it as an alert.

use std::io::Write;

use serde_json::{Value, json};

use super::Findings;
use super::unreadable::Unreadable;
use crate::lint::{CHECKS, Check, Finding, PlanReport, Severity};

/// The SARIF version written.
pub const SARIF_VERSION: &str = "2.1.0";

/// The JSON schema of SARIF 2.1.0.
pub const SARIF_SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// Where to read about the tool: the package's repository or homepage
/// (Cargo.toml), else a URN naming the tool.
pub fn information_uri() -> &'static str {
    [env!("CARGO_PKG_REPOSITORY"), env!("CARGO_PKG_HOMEPAGE")]
        .into_iter()
        .find(|u| !u.is_empty())
        .unwrap_or("urn:planfile")
}

/// The SARIF rule id of a check: `<code>/<name>`.
pub fn rule_id(check_code: &str, check_name: &str) -> String {
    format!("{check_code}/{check_name}")
}

/// A relative path or an absolute path as a URI reference: `/`-separated,
/// with every byte outside `A-Z a-z 0-9 - . _ ~ /` percent-encoded; an
/// absolute path becomes a `file://` URI.
pub fn path_uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    if path.starts_with('/') {
        out.push_str("file://");
    }
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Gating => "error",
        Severity::Advisory => "warning",
    }
}

fn rule(check: &Check) -> Value {
    json!({
        "id": rule_id(check.code, check.name),
        "name": check.name,
        "shortDescription": { "text": check.summary() },
        "fullDescription": { "text": check.section("What it looks for") },
        "help": { "text": check.docs, "markdown": check.docs },
        "defaultConfiguration": { "level": level(check.severity) },
        "properties": { "code": check.code },
    })
}

fn result(report: &PlanReport, f: &Finding, findings: &Findings) -> Value {
    let index = CHECKS.iter().position(|c| c.name == f.name);
    let mut region = json!({ "startLine": f.line, "startColumn": f.column });
    if let Some(file) = report.file(f.kind) {
        let (end_line, end_column) = file.lines.line_col(&file.text, f.span.end);
        if f.span.end > f.span.start {
            region["endLine"] = json!(end_line);
            region["endColumn"] = json!(end_column);
        }
    }
    let result_level = if report.gates(f) { "error" } else { "warning" };
    json!({
        "ruleId": rule_id(f.code, f.name),
        "ruleIndex": index,
        "level": result_level,
        "message": { "text": f.message },
        "locations": [{
            "physicalLocation": {
                "artifactLocation": { "uri": path_uri(&findings.ci_path(&f.file)) },
                "region": region,
            }
        }],
        "properties": { "plan": report.slug, "severity": f.severity.as_str() },
    })
}

/// The tool-execution notification for a plan that could not be read.
fn notification(u: &Unreadable, findings: &Findings) -> Value {
    let mut location = json!({
        "physicalLocation": {
            "artifactLocation": { "uri": path_uri(&findings.ci_path(&u.path)) },
        }
    });
    if let Some(line) = u.line {
        location["physicalLocation"]["region"] = json!({ "startLine": line });
    }
    json!({
        "level": "error",
        "message": { "text": u.message },
        "locations": [location],
    })
}

/// A suppressed finding's result: as [`result`], with an `inSource`
/// suppression.
fn suppressed_result(report: &PlanReport, f: &Finding, findings: &Findings) -> Value {
    let mut value = result(report, f, findings);
    value["suppressions"] = json!([{
        "kind": "inSource",
        "justification": "a planfile-ignore comment in the file",
    }]);
    value
}

/// The SARIF log for `findings.plans` (one result per finding, then one per
/// suppressed finding) and the `findings.unreadable` plans.
pub fn document(findings: Findings) -> Value {
    let all = &findings;
    let results: Vec<Value> = findings
        .plans
        .iter()
        .flat_map(|r| {
            let kept = r.findings.iter().map(move |f| result(r, f, all));
            kept.chain(
                r.suppressed
                    .iter()
                    .map(move |f| suppressed_result(r, f, all)),
            )
        })
        .collect();
    let notifications: Vec<Value> = findings
        .unreadable
        .iter()
        .map(|u| notification(u, all))
        .collect();
    json!({
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [{
            "tool": {
                "driver": {
                    "name": env!("CARGO_PKG_NAME"),
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": information_uri(),
                    "rules": CHECKS.iter().map(rule).collect::<Vec<_>>(),
                }
            },
            "invocations": [{
                "executionSuccessful": findings.unreadable.is_empty(),
                "toolExecutionNotifications": notifications,
            }],
            "columnKind": "unicodeCodePoints",
            "results": results,
        }]
    })
}

/// Writes the SARIF log for `findings.plans` and the `findings.unreadable` plans,
/// pretty-printed, then a newline.
pub fn write(out: &mut dyn Write, findings: Findings) -> std::io::Result<()> {
    super::write_json(out, &document(findings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris() {
        assert_eq!(path_uri("docs/plans/a b.md"), "docs/plans/a%20b.md");
        assert_eq!(path_uri("/tmp/x,y.md"), "file:///tmp/x%2Cy.md");
    }
}
