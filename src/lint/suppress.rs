//! Inline suppressions (SPEC §10.1): HTML comments that silence named
//! checks on one line or in a whole file, and `suppression-unused`, the
//! finding for a suppression that silences nothing.
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
//! - On its own line, a comment covers the next non-blank line (other
//!   own-line suppressions in between are skipped, so several can stack).
//! - After other text on a line, it covers that line. Inside a pipe table
//!   this is the only form: an own-line comment ends the table (GFM), so a
//!   row is suppressed with the comment after its last pipe, and the table
//!   readers do not count it as a cell ([`trailing_directive`]).
//! - `planfile-ignore-file` covers the whole file it is in, wherever it is.
//! - Names are check names or codes (a code covers every check with it),
//!   separated by commas or spaces, any case; the colon after the
//!   directive word may be left out.
//! - Comments inside code blocks, inline code or the frontmatter, and
//!   comments that span lines, are not suppressions.
//!
//! Each file's comments are read once; after every check has run, the
//! engine drops the findings they cover ([`apply`]) and reports each name
//! that covered nothing as `suppression-unused` (advisory), which can
//! itself be suppressed by name.

use std::ops::Range;

use super::select::CheckSet;
use super::{CHECKS, Finding, Hit, LintInput, file_label};
use crate::config::LintConfig;
use crate::error::escape_invisible;
use crate::manifest::FileKind;
use crate::markdown::MarkdownFile;

/// The comment word that suppresses checks on one line.
pub const LINE_DIRECTIVE: &str = "planfile-ignore";

/// The comment word that suppresses checks in the whole file.
pub const FILE_DIRECTIVE: &str = "planfile-ignore-file";

/// The name of the check that reports suppressions that suppress nothing.
pub const UNUSED_CHECK: &str = "suppression-unused";

/// What a suppression covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The whole file (`planfile-ignore-file`).
    File,
    /// One 1-based line: the comment's own, or the next non-blank line for
    /// a comment on its own line (`None` when no such line follows).
    Line(Option<usize>),
}

/// One name of a suppression comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name {
    /// The name as written.
    pub text: String,
    /// Its byte range in the file.
    pub span: Range<usize>,
    /// The names of the checks it names (one by name, or every check of a
    /// code); empty when it names no check.
    pub checks: Vec<&'static str>,
}

impl Name {
    /// Whether this name covers the check named `check`.
    pub fn covers(&self, check: &str) -> bool {
        self.checks.contains(&check)
    }
}

/// One suppression comment of a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Directive {
    /// 1-based line of the comment.
    pub line: usize,
    /// Byte range of the comment, `<!--` to `-->`.
    pub span: Range<usize>,
    /// What it covers.
    pub scope: Scope,
    /// The names it lists, in order (empty when it lists none).
    pub names: Vec<Name>,
}

impl Directive {
    /// Whether the directive covers 1-based `line`.
    pub fn covers_line(&self, line: usize) -> bool {
        match self.scope {
            Scope::File => true,
            Scope::Line(target) => target == Some(line),
        }
    }
}

/// The directive word of a comment's inside (between `<!--` and `-->`) and
/// the offset in `inner` where its names start (after an optional colon);
/// `None` when the comment is no suppression.
fn parse_inner(inner: &str) -> Option<(&'static str, usize)> {
    let lead = inner.len() - inner.trim_start().len();
    let rest = &inner[lead..];
    for word in [FILE_DIRECTIVE, LINE_DIRECTIVE] {
        let Some(after) = rest.strip_prefix(word) else {
            continue;
        };
        let names_at = lead + word.len();
        match after.chars().next() {
            Some(':') => return Some((word, names_at + 1)),
            None | Some(' ' | '\t') => return Some((word, names_at)),
            Some(_) => continue,
        }
    }
    None
}

/// Whether `range` of `items` (sorted by start, not overlapping) holds
/// `offset`.
fn inside<T>(items: &[T], range: impl Fn(&T) -> &Range<usize>, offset: usize) -> bool {
    let after = items.partition_point(|i| range(i).start <= offset);
    after > 0 && range(&items[after - 1]).contains(&offset)
}

/// Whether 1-based `line` of `file` holds only blanks.
fn is_blank(file: &MarkdownFile, line: usize) -> bool {
    file.line_text(line)
        .trim_matches([' ', '\t', '\r'])
        .is_empty()
}

/// Every suppression comment of `file`, in order (see the module
/// documentation for what counts).
pub fn directives(file: &MarkdownFile) -> Vec<Directive> {
    let text = file.text.as_str();
    let body = file.frontmatter.as_ref().map_or(0, |f| f.end);
    let mut found: Vec<(Directive, bool)> = Vec::new();
    for (open, _) in text.match_indices("<!--") {
        if open < body
            || inside(&file.doc.code_blocks, |b| &b.range, open)
            || inside(&file.doc.code_spans, |r| r, open)
        {
            continue;
        }
        let line = file.line_of(open);
        let line_range = file.lines.line_range(text, line);
        let Some(close) = text[open + 4..line_range.end].find("-->") else {
            continue;
        };
        let inner_range = (open + 4)..(open + 4 + close);
        let Some((word, names_at)) = parse_inner(&text[inner_range.clone()]) else {
            continue;
        };
        let span = open..inner_range.end + 3;
        let names = names(text, (inner_range.start + names_at)..inner_range.end);
        let own_line = text[line_range.start..open]
            .trim_matches([' ', '\t'])
            .is_empty()
            && text[span.end..line_range.end]
                .trim_matches([' ', '\t', '\r'])
                .is_empty();
        let scope = if word == FILE_DIRECTIVE {
            Scope::File
        } else if own_line {
            Scope::Line(None)
        } else {
            Scope::Line(Some(line))
        };
        found.push((
            Directive {
                line,
                span,
                scope,
                names,
            },
            own_line,
        ));
    }
    let own_lines: Vec<usize> = found
        .iter()
        .filter(|(_, own)| *own)
        .map(|(d, _)| d.line)
        .collect();
    let last = file.lines.len();
    for (directive, _) in &mut found {
        if directive.scope == Scope::Line(None) {
            let target = (directive.line + 1..=last)
                .find(|&l| !is_blank(file, l) && own_lines.binary_search(&l).is_err());
            directive.scope = Scope::Line(target);
        }
    }
    found.into_iter().map(|(d, _)| d).collect()
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

/// The names listed in `range` of `text`: separated by commas or blanks.
fn names(text: &str, range: Range<usize>) -> Vec<Name> {
    let mut out = Vec::new();
    let list = &text[range.clone()];
    let mut at = 0;
    for part in list.split([',', ' ', '\t']) {
        if !part.is_empty() {
            let start = range.start + at;
            out.push(Name {
                text: part.to_string(),
                span: start..start + part.len(),
                checks: super::lookup(part).into_iter().map(|c| c.name).collect(),
            });
        }
        at += part.len() + 1;
    }
    out
}

/// The comment that suppresses the checks `names` (names or codes) on the
/// line it ends, or on the next non-blank line when it stands alone:
/// `<!-- planfile-ignore: NAME, … -->` (an editor's "suppress" action).
pub fn line_comment(names: &[&str]) -> String {
    format!("<!-- {LINE_DIRECTIVE}: {} -->", names.join(", "))
}

/// Where a suppression comment that follows the last `|` of a table row
/// starts in `line` (the blanks before it included), so that a table
/// reader can look past it: it is not a cell. `None` when the line does
/// not end with `|`, blanks and one suppression comment.
pub fn trailing_directive(line: &str) -> Option<usize> {
    let trimmed = line.trim_end_matches([' ', '\t', '\r']);
    let inner = trimmed.strip_suffix("-->")?;
    let open = inner.rfind("<!--")?;
    parse_inner(&inner[open + 4..])?;
    let before = line[..open].trim_end_matches([' ', '\t']);
    before.ends_with('|').then_some(before.len())
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
}

impl FileSuppressions<'_> {
    /// Whether a comment of this file covers `finding`; marks every name
    /// that does as used.
    fn covers(&mut self, finding: &Finding) -> bool {
        let mut covered = false;
        for (d, directive) in self.directives.iter().enumerate() {
            if !directive.covers_line(finding.line) {
                continue;
            }
            for (n, name) in directive.names.iter().enumerate() {
                if name.covers(finding.name) {
                    self.used[d][n] = true;
                    covered = true;
                }
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
    let shown = escape_invisible(&name.text);
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
    config: &LintConfig,
    ran: &dyn Fn(&str) -> bool,
    findings: Vec<Finding>,
) -> (Vec<Finding>, Vec<Finding>) {
    let mut files: Vec<FileSuppressions> = [FileKind::Plan, FileKind::Twin]
        .into_iter()
        .filter_map(|kind| {
            let file = input.file(kind)?;
            let directives = directives(file);
            let used = directives
                .iter()
                .map(|d| vec![false; d.names.len()])
                .collect();
            Some(FileSuppressions {
                kind,
                file,
                directives,
                used,
            })
        })
        .collect();
    if files.iter().all(|f| f.directives.is_empty()) {
        return (findings, Vec::new());
    }
    let mut kept = Vec::with_capacity(findings.len());
    let mut suppressed = Vec::new();
    sort_out(&mut files, findings, &mut kept, &mut suppressed);
    let Some(index) = CHECKS.iter().position(|c| c.name == UNUSED_CHECK) else {
        return (kept, suppressed);
    };
    if !ran(UNUSED_CHECK) {
        return (kept, suppressed);
    }
    let check = &CHECKS[index];
    let mut unused = Vec::new();
    for f in &files {
        for (d, directive) in f.directives.iter().enumerate() {
            let mut report = |span: Range<usize>, name: Option<&Name>| {
                let (line, column) = f.file.lines.line_col(&f.file.text, span.start);
                let order = (index, unused.len());
                unused.push(Finding {
                    code: check.code,
                    name: check.name,
                    severity: config.severity(check),
                    kind: f.kind,
                    file: f.file.path.clone(),
                    line,
                    column,
                    span,
                    message: unused_message(f.kind, directive, name),
                    order,
                    fix: None,
                });
            };
            if directive.names.is_empty() {
                report(directive.span.clone(), None);
            }
            for (n, name) in directive.names.iter().enumerate() {
                let judged = name.checks.is_empty() || name.checks.iter().any(|c| ran(c));
                if !f.used[d][n] && judged && !name.covers(UNUSED_CHECK) {
                    report(name.span.clone(), Some(name));
                }
            }
        }
    }
    sort_out(&mut files, unused, &mut kept, &mut suppressed);
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

    fn scopes(text: &str) -> Vec<(usize, Scope, Vec<String>)> {
        directives(&file(text))
            .into_iter()
            .map(|d| {
                let names = d.names.iter().map(|n| n.text.clone()).collect();
                (d.line, d.scope, names)
            })
            .collect()
    }

    #[test]
    fn own_line_end_of_line_and_file_wide() {
        let text = "# T\n\n<!-- planfile-ignore: F14, gate-type-unknown -->\n\n<!-- planfile-ignore: F21 -->\n- **Verification:** x\n| 1 | a | <!-- planfile-ignore:F21 -->\n<!-- planfile-ignore-file: decision-word-style -->\n<!-- planfile-ignore: F3 -->\n";
        assert_eq!(
            scopes(text),
            vec![
                (
                    3,
                    Scope::Line(Some(6)),
                    vec!["F14".into(), "gate-type-unknown".into()]
                ),
                (5, Scope::Line(Some(6)), vec!["F21".into()]),
                (7, Scope::Line(Some(7)), vec!["F21".into()]),
                (8, Scope::File, vec!["decision-word-style".into()]),
                (9, Scope::Line(None), vec!["F3".into()]),
            ]
        );
    }

    #[test]
    fn code_frontmatter_and_other_comments_are_not_suppressions() {
        let text = "---\nx: <!-- planfile-ignore: F14 -->\n---\n\n```md\n<!-- planfile-ignore: F14 -->\n```\n\nSee `<!-- planfile-ignore: F14 -->`.\n\n<!-- planfile-ignored: F14 -->\n<!-- planfile-ignorex -->\n<!-- note -->\n<!-- planfile-ignore: F14\n-->\n";
        assert_eq!(scopes(text), vec![]);
        assert_eq!(
            scopes("<!-- planfile-ignore -->\nx <!-- planfile-ignore F3 -->\n"),
            vec![
                (1, Scope::Line(Some(2)), vec![]),
                (2, Scope::Line(Some(2)), vec!["F3".into()])
            ]
        );
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
        let config = LintConfig::default();
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

    #[test]
    fn a_written_comment_reads_back() {
        let comment = line_comment(&["F14", "decision-word-style"]);
        let line = format!("| 1 | a | {comment}");
        assert_eq!(trailing_directive(&line), Some(9));
        let d = directives(&file(&format!("{line}\n")));
        let names: Vec<&str> = d[0].names.iter().map(|n| n.text.as_str()).collect();
        assert_eq!(names, ["F14", "decision-word-style"]);
    }

    #[test]
    fn trailing_comment_after_the_last_pipe() {
        let line = "| 1 | a | <!-- planfile-ignore: F21 -->\r";
        assert_eq!(trailing_directive(line), Some(9));
        assert_eq!(trailing_directive("| 1 | a |"), None);
        assert_eq!(
            trailing_directive("| 1 | a <!-- planfile-ignore: F21 -->"),
            None
        );
        assert_eq!(trailing_directive("| 1 | a | <!-- note -->"), None);
    }
}
