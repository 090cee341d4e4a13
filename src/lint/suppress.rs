//! Inline suppressions (SPEC §10.1): what a suppression comment does to
//! the findings it covers, and `suppression-unused`, the finding for a
//! suppression that silences nothing.
//!
//! ```markdown
//! <!-- planfile-ignore: verification-empty-open -->
//! - **Verification:** a person looks at the flame
//!
//! | 2 | Glass | 1 | lamp | clean | <!-- planfile-ignore: F21 -->
//!
//! <!-- planfile-ignore-file: decision-word-style, F14 -->
//! ```
//!
//! Where the comments are and which line each covers is the comment's
//! syntax ([`crate::markdown::suppression`]); here each name is read as a
//! check name or code (a code covers every check with it, any case).
//!
//! Each file's comments are read once; after every check has run, the
//! engine drops the findings they cover ([`apply`]) and reports each name
//! that covered nothing as `suppression-unused` (advisory), which can
//! itself be suppressed by name.

use std::collections::HashMap;
use std::ops::Range;

use super::certainty::is_certainty_check;
use super::select::CheckSet;
use super::{CHECKS, Finding, Hit, LintInput, file_label};
use crate::error::escape_invisible;
use crate::lint::settings::LintSettings;
use crate::markdown::MarkdownFile;
use crate::markdown::suppression::{self, Comment, LINE_DIRECTIVE, Scope, WrittenName};
use crate::plan::decisions::FileKind;

/// The name of the check that reports suppressions that suppress nothing.
pub const UNUSED_CHECK: &str = "suppression-unused";

/// The name of the check that reports a suppression naming a certainty
/// check ([`super::certainty`]), which no comment may hide.
pub const INVALID_CHECK: &str = "suppression-invalid";

/// One name of a suppression comment, with the checks it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name {
    /// The name as written, and where.
    pub written: WrittenName,
    /// The names of the checks it names (one by name, or every check of a
    /// code); empty when it names no check.
    pub checks: Vec<&'static str>,
}

impl Name {
    /// Whether this name covers the check named `check`.
    pub fn covers(&self, check: &str) -> bool {
        self.checks.contains(&check)
    }

    /// The certainty check this name names by its name (not by a code
    /// shared with other checks), which no suppression may hide.
    pub fn certainty_check(&self) -> Option<&'static str> {
        match self.checks.as_slice() {
            [one] if one.eq_ignore_ascii_case(&self.written.text) && is_certainty_check(one) => {
                Some(one)
            }
            _ => None,
        }
    }
}

/// One suppression comment of a file, each name read as checks.
pub type Directive = Comment<Name>;

/// Every suppression comment of `file`, in order, each name read as the
/// checks it stands for (see [`suppression::comments`]).
pub fn directives(file: &MarkdownFile) -> Vec<Directive> {
    suppression::comments(file)
        .into_iter()
        .map(|c| {
            c.map_names(|written| Name {
                checks: super::lookup(&written.text)
                    .into_iter()
                    .map(|c| c.name)
                    .collect(),
                written,
            })
        })
        .collect()
}

/// The checks the suppression comments of `file` name, by name or by code
/// (see [`directives`]).
pub fn named_checks(file: &MarkdownFile) -> CheckSet {
    CheckSet::from_indexes(
        directives(file)
            .iter()
            .flat_map(|d| &d.names)
            .flat_map(|n| &n.checks)
            .filter_map(|name| CHECKS.iter().position(|c| c.name == *name)),
    )
}

/// The registry entry of `suppression-invalid` (F20, gating): a suppression
/// comment that names a certainty check by its name. The engine reports it
/// with `suppression-unused` ([`apply`]); the comment's other names still
/// suppress.
pub fn suppression_invalid(_input: &LintInput, _out: &mut Vec<Hit>) {}

/// The message of a `suppression-invalid` finding for `name` of
/// `directive` in the file of `kind`.
fn invalid_message(kind: FileKind, directive: &Directive, check: &str) -> String {
    format!(
        "suppression in {} (line {}): {INVALID_CHECK} — \"{check}\" means the Decisions section cannot be read with certainty, which the start gate refuses whatever a comment says, so no suppression hides it; remove \"{check}\" from the comment and fix what it finds",
        file_label(kind),
        directive.line
    )
}

/// The registry entry of `suppression-unused`: the engine reports it after
/// every check has run ([`apply`]), since only then is it known what each
/// suppression covered; as a check it finds nothing.
pub fn suppression_unused(_input: &LintInput, _out: &mut Vec<Hit>) {}

/// The suppressions of one file, with what each name covered.
struct FileSuppressions<'a> {
    kind: FileKind,
    file: &'a MarkdownFile,
    directives: Vec<Directive>,
    /// `used[d][n]`: whether name `n` of directive `d` covered a finding.
    used: Vec<Vec<bool>>,
    /// The names (directive, name) that cover a check in the whole file,
    /// by check; and whether they are marked used yet.
    file_wide: HashMap<&'static str, Covering>,
    /// The names that cover a check on one line, by line and check.
    on_line: HashMap<(usize, &'static str), Covering>,
}

/// The names of suppression comments that cover one check (on one line,
/// or in the whole file), as (directive, name) indexes.
#[derive(Debug, Default)]
struct Covering {
    names: Vec<(usize, usize)>,
    /// Whether they are marked used already.
    marked: bool,
}

impl<'a> FileSuppressions<'a> {
    /// The suppressions of `file`, of kind `kind`, indexed by what they
    /// cover, so that each finding is looked up at the cost of the names
    /// that cover it.
    fn new(kind: FileKind, file: &'a MarkdownFile) -> FileSuppressions<'a> {
        let directives = directives(file);
        let used = directives
            .iter()
            .map(|d| vec![false; d.names.len()])
            .collect();
        let mut file_wide: HashMap<&'static str, Covering> = HashMap::new();
        let mut on_line: HashMap<(usize, &'static str), Covering> = HashMap::new();
        for (d, directive) in directives.iter().enumerate() {
            for (n, name) in directive.names.iter().enumerate() {
                for &check in &name.checks {
                    let covering = match directive.scope {
                        Scope::File => file_wide.entry(check).or_default(),
                        Scope::Line(Some(line)) => on_line.entry((line, check)).or_default(),
                        Scope::Line(None) => continue,
                    };
                    if covering.names.last() != Some(&(d, n)) {
                        covering.names.push((d, n));
                    }
                }
            }
        }
        FileSuppressions {
            kind,
            file,
            directives,
            used,
            file_wide,
            on_line,
        }
    }

    /// Whether a comment of this file covers `finding`; marks every name
    /// that does as used. Nothing covers a certainty finding, nor a
    /// `suppression-invalid` one (SPEC §10.1: they always gate).
    fn covers(&mut self, finding: &Finding) -> bool {
        if finding.certainty || finding.name == INVALID_CHECK {
            return false;
        }
        let mut covered = false;
        let coverings = [
            self.file_wide.get_mut(finding.name),
            self.on_line.get_mut(&(finding.line, finding.name)),
        ];
        for covering in coverings.into_iter().flatten() {
            covered = true;
            if !covering.marked {
                for &(d, n) in &covering.names {
                    self.used[d][n] = true;
                }
                covering.marked = true;
            }
        }
        covered
    }
}

/// A `suppression-unused` finding's message for `name` of `directive` in
/// the file of `kind` (`None`: the comment names nothing).
fn unused_message(kind: FileKind, directive: &Directive, name: Option<&Name>) -> String {
    let head = format!(
        "suppression in {} (line {}): {UNUSED_CHECK} — ",
        file_label(kind),
        directive.line
    );
    let Some(name) = name else {
        return format!(
            "{head}the comment names no check, so it suppresses nothing; write <!-- {LINE_DIRECTIVE}: NAME --> with a check's name or code, or remove it"
        );
    };
    let shown = escape_invisible(&name.written.text);
    if name.checks.is_empty() {
        return format!(
            "{head}\"{shown}\" names no check, so it suppresses nothing; use a name or code that `planfile explain` lists, or remove it"
        );
    }
    let place = match directive.scope {
        Scope::File => format!("in {}", file_label(kind)),
        Scope::Line(Some(line)) => format!("on line {line}"),
        Scope::Line(None) => "after the comment (no line follows it)".to_string(),
    };
    format!(
        "{head}there is no {shown} finding {place} to suppress; remove \"{shown}\" from the comment"
    )
}

/// Applies the suppression comments of the plan and the twin to
/// `findings`, once every check that `ran`
/// (by name) has run: returns the findings that stay, with a
/// `suppression-unused` finding (severity from `config`) for each name
/// that covered nothing, and apart the findings suppressed. A name is
/// judged only when a check it names ran, and `suppression-unused` is
/// reported only when it ran itself (like rumdl, and unlike a selection
/// that would flag every comment for a check left out). Unused
/// suppressions are themselves suppressed by a comment naming
/// `suppression-unused`, and such a name is never reported unused.
pub fn apply(
    input: &LintInput,
    config: &LintSettings,
    ran: &dyn Fn(&str) -> bool,
    findings: Vec<Finding>,
) -> (Vec<Finding>, Vec<Finding>) {
    let mut files: Vec<FileSuppressions> = [FileKind::Plan, FileKind::Twin]
        .into_iter()
        .filter_map(|kind| Some(FileSuppressions::new(kind, input.file(kind)?)))
        .collect();
    if files.iter().all(|f| f.directives.is_empty()) {
        return (findings, Vec::new());
    }
    let mut kept = Vec::with_capacity(findings.len());
    let mut suppressed = Vec::new();
    sort_out(&mut files, findings, &mut kept, &mut suppressed);
    let registered = |name: &str| CHECKS.iter().position(|c| c.name == name);
    let (Some(unused_at), Some(invalid_at)) = (registered(UNUSED_CHECK), registered(INVALID_CHECK))
    else {
        return (kept, suppressed);
    };
    let mut reported = Vec::new();
    for f in &files {
        for (d, directive) in f.directives.iter().enumerate() {
            let mut report = |index: usize, span: Range<usize>, message: String| {
                let check = &CHECKS[index];
                let (line, column) = f.file.lines.line_col(&f.file.text, span.start);
                let order = (index, reported.len());
                reported.push(Finding {
                    code: check.code,
                    name: check.name,
                    severity: config.severity(check),
                    kind: f.kind,
                    file: f.file.path.clone(),
                    line,
                    column,
                    span,
                    message,
                    order,
                    fix: None,
                    certainty: false,
                });
            };
            if directive.names.is_empty() && ran(UNUSED_CHECK) {
                report(
                    unused_at,
                    directive.span.clone(),
                    unused_message(f.kind, directive, None),
                );
            }
            for (n, name) in directive.names.iter().enumerate() {
                if let Some(certain) = name.certainty_check() {
                    if ran(INVALID_CHECK) {
                        let message = invalid_message(f.kind, directive, certain);
                        report(invalid_at, name.written.span.clone(), message);
                    }
                    continue;
                }
                let judged = name.checks.is_empty() || name.checks.iter().any(|c| ran(c));
                if !f.used[d][n] && judged && !name.covers(UNUSED_CHECK) && ran(UNUSED_CHECK) {
                    let message = unused_message(f.kind, directive, Some(name));
                    report(unused_at, name.written.span.clone(), message);
                }
            }
        }
    }
    sort_out(&mut files, reported, &mut kept, &mut suppressed);
    (kept, suppressed)
}

/// Puts each of `findings` in `suppressed` when a comment of its file
/// covers it, else in `kept`.
fn sort_out(
    files: &mut [FileSuppressions],
    findings: Vec<Finding>,
    kept: &mut Vec<Finding>,
    suppressed: &mut Vec<Finding>,
) {
    for finding in findings {
        let covered = files
            .iter_mut()
            .find(|f| f.kind == finding.kind)
            .is_some_and(|f| f.covers(&finding));
        if covered {
            suppressed.push(finding);
        } else {
            kept.push(finding);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn file(text: &str) -> MarkdownFile {
        MarkdownFile::from_text(PathBuf::from("p.md"), text.to_string())
    }

    #[test]
    fn names_resolve_to_checks() {
        let d = directives(&file("x <!-- planfile-ignore: f24 nope,,F14 -->\n"));
        let names = &d[0].names;
        assert_eq!(names.len(), 3);
        assert!(names[0].checks.len() > 1);
        assert!(names[1].checks.is_empty());
        assert!(names[2].covers("verification-empty-open"));
    }

    #[test]
    fn only_names_of_checks_that_ran_are_judged() {
        use crate::manifest::Manifest;
        use crate::plan::Plan;
        let text = "# T\n\n<!-- planfile-ignore: F14, decision-key-unknown, nope -->\nx\n";
        let manifest = Manifest {
            plan: Plan::from_file("t", file(text)),
            twin: None,
        };
        let env = crate::lint::LintEnv::default();
        let input = LintInput::without_handoffs(&manifest, std::path::Path::new("."), &env);
        let config = LintSettings::default();
        let unused = |ran: &dyn Fn(&str) -> bool| -> Vec<String> {
            let (kept, _) = apply(&input, &config, ran, Vec::new());
            kept.into_iter().map(|f| f.message).collect()
        };
        assert_eq!(unused(&|_| true).len(), 3);
        let without_f14 = unused(&|c| c != "verification-empty-open");
        assert_eq!(without_f14.len(), 2);
        assert!(
            without_f14.iter().all(|m| !m.contains("F14")),
            "{without_f14:?}"
        );
        assert!(unused(&|c| c != UNUSED_CHECK).is_empty());
    }
}
