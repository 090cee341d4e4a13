//! The front matter of a plan (SPEC §3.1): its YAML read with a YAML
//! library, the fields the tool uses, and the errors worded for the plan's
//! author.

use serde::Deserialize;

use crate::markdown::MarkdownFile;

/// A frontmatter scalar as YAML gave it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum Scalar {
    /// A whole number (`phases: 4`).
    Int(i64),
    /// A number with a fraction.
    Float(f64),
    /// A boolean.
    Bool(bool),
    /// A string (`status: active`, `phases: TODO`).
    Str(String),
    /// A list, a mapping or null: present, but not a scalar.
    Other(serde::de::IgnoredAny),
}

impl Scalar {
    /// The scalar as text (`None` for a list, mapping or null).
    pub fn as_text(&self) -> Option<String> {
        match self {
            Scalar::Int(n) => Some(n.to_string()),
            Scalar::Float(f) => Some(f.to_string()),
            Scalar::Bool(b) => Some(b.to_string()),
            Scalar::Str(s) => Some(s.clone()),
            Scalar::Other(_) => None,
        }
    }
}

#[derive(Debug, Default, Deserialize)]
struct RawFrontmatter {
    #[serde(default)]
    slug: Option<Scalar>,
    #[serde(default)]
    status: Option<Scalar>,
    #[serde(default)]
    phases: Option<Scalar>,
}

/// What is wrong with a frontmatter block (SPEC §6 `frontmatter-invalid`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrontmatterProblem {
    /// The YAML does not parse.
    Yaml,
    /// The YAML does not parse, and a line is indented with a tab (YAML
    /// indents with spaces only); the error points at that line.
    Tab,
    /// Valid YAML, but a list or a scalar rather than a mapping of fields.
    NotAMapping,
    /// The first line is `---` and no later line closes the block.
    Unclosed,
    /// A key written twice in one mapping (YAML allows each key once);
    /// [`FrontmatterError::message`] holds the key, and `first` the 1-based
    /// plan line where it was first written, when found.
    DuplicateKey {
        /// The line of the key's first occurrence.
        first: Option<usize>,
    },
}

/// A frontmatter that cannot be read (SPEC §6 `frontmatter-invalid`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrontmatterError {
    /// 1-based line in the plan file of the problem.
    pub line: usize,
    /// What the YAML reader found, worded for the plan's author with no
    /// line or column of its own (the finding carries the plan's line);
    /// the key for [`FrontmatterProblem::DuplicateKey`]; empty for
    /// [`FrontmatterProblem::Unclosed`].
    pub message: String,
    /// What is wrong.
    pub kind: FrontmatterProblem,
}

/// The frontmatter fields the tool uses (SPEC §3.1).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Frontmatter {
    /// Whether the file opens with a frontmatter block at all.
    pub present: bool,
    /// `slug:` as text.
    pub slug: Option<String>,
    /// `status:` as text; `None` means active (open).
    pub status: Option<String>,
    /// `phases:` as YAML gave it (a number, or text such as `TODO`).
    pub phases: Option<Scalar>,
    /// 1-based line of the `phases:` key, when present.
    pub phases_line: Option<usize>,
    /// The YAML error, when the block is not valid YAML.
    pub error: Option<FrontmatterError>,
}

/// Places a YAML error: `line` is the parser's 1-based line within `yaml`,
/// whose first line is line `first_line` of the file. A line indented with
/// a tab at or before the error (or after it, when the parser speaks of a
/// tab) is the cause: the error points there. YAML that parses as a list or
/// a scalar is [`FrontmatterProblem::NotAMapping`] at the first line.
fn yaml_problem(yaml: &str, line: usize, message: String, first_line: usize) -> FrontmatterError {
    let parsed = serde_saphyr::from_str::<serde_json::Value>(yaml);
    if parsed.is_ok_and(|v| !v.is_object() && !v.is_null()) {
        return FrontmatterError {
            line: first_line,
            message,
            kind: FrontmatterProblem::NotAMapping,
        };
    }
    let about_tabs = message.contains("tab");
    let tab_line = crate::markdown::lines_with_offsets(yaml)
        .position(|(_, l)| l.trim_start_matches(' ').starts_with('\t'))
        .map(|i| i + 1)
        .filter(|&t| t <= line || about_tabs);
    match tab_line {
        Some(t) => FrontmatterError {
            line: first_line + t - 1,
            message,
            kind: FrontmatterProblem::Tab,
        },
        None => FrontmatterError {
            line: first_line + line - 1,
            message,
            kind: FrontmatterProblem::Yaml,
        },
    }
}

/// The error the YAML reader met, without the wrappers that only add
/// source snippets or alias locations.
fn original_error(e: &serde_saphyr::Error) -> &serde_saphyr::Error {
    let mut err = e;
    while let serde_saphyr::Error::WithSnippet { error, .. }
    | serde_saphyr::Error::AliasError { error, .. } = err
    {
        err = error;
    }
    err
}

/// The key of a "duplicate key" YAML error.
fn duplicate_key(e: &serde_saphyr::Error) -> Option<String> {
    match original_error(e) {
        serde_saphyr::Error::DuplicateMappingKey { key, .. } => {
            Some(key.clone().unwrap_or_default())
        }
        _ => None,
    }
}

/// The 1-based line of `yaml` where `key` is first written as a mapping
/// key at the indentation of line `duplicate` (where it is written again),
/// when that is an earlier line.
fn first_occurrence(yaml: &str, key: &str, duplicate: usize) -> Option<usize> {
    let lines: Vec<&str> = crate::markdown::lines_with_offsets(yaml)
        .map(|(_, l)| l)
        .collect();
    let indent = |l: &str| l.len() - l.trim_start_matches(' ').len();
    let depth = indent(lines.get(duplicate.checked_sub(1)?)?);
    let names_key = |l: &str| {
        let rest = l[indent(l)..].trim_start_matches("- ");
        [rest, rest.trim_start_matches(['"', '\''])]
            .iter()
            .any(|r| {
                r.strip_prefix(key).is_some_and(|after| {
                    after
                        .trim_start_matches(['"', '\''])
                        .trim_start()
                        .starts_with(':')
                })
            })
    };
    lines[..duplicate - 1]
        .iter()
        .position(|l| indent(l) == depth && names_key(l))
        .map(|i| i + 1)
}

/// What the YAML reader says about `e`, worded for a person who writes
/// YAML rather than for a programmer who calls the library (its
/// user-facing wording), without any line or column of its own: those
/// count from the start of the YAML block, and the finding carries the
/// plan's line instead (SPEC §3.1).
fn author_message(e: &serde_saphyr::Error) -> String {
    use serde_saphyr::MessageFormatter;
    let text = serde_saphyr::UserMessageFormatter.format_message(original_error(e));
    let first = text.lines().next().unwrap_or("").trim();
    let first = strip_position(first);
    if first.is_empty() {
        "the YAML is not valid".to_string()
    } else {
        first.to_string()
    }
}

/// `text` without a position of the YAML reader's own: a leading
/// `line L column C:` or a trailing ` at line L, column C`.
fn strip_position(text: &str) -> &str {
    let is_position = |pos: &str| {
        pos.split([' ', ','])
            .filter(|w| !w.is_empty() && *w != "line" && *w != "column")
            .all(|n| n.parse::<u64>().is_ok())
    };
    let mut text = text;
    if let Some(after) = text.strip_prefix("line ")
        && let Some((pos, rest)) = after.split_once(':')
        && is_position(pos)
    {
        text = rest.trim_start();
    }
    if let Some(at) = text.rfind(" at line ")
        && is_position(&text[at + " at line ".len()..])
    {
        text = &text[..at];
    }
    text
}

impl Frontmatter {
    /// Parses the frontmatter block of `file` with a YAML library; invalid
    /// YAML is recorded in [`Frontmatter::error`], never a panic.
    pub fn read(file: &MarkdownFile) -> Frontmatter {
        let Some(block) = &file.frontmatter else {
            let unclosed = crate::markdown::opens_frontmatter(&file.text);
            return Frontmatter {
                error: unclosed.then(|| FrontmatterError {
                    line: 1,
                    message: String::new(),
                    kind: FrontmatterProblem::Unclosed,
                }),
                ..Frontmatter::default()
            };
        };
        let yaml = &file.text[block.yaml.clone()];
        let mut fm = Frontmatter {
            present: true,
            ..Frontmatter::default()
        };
        fm.phases_line = crate::markdown::lines_with_offsets(yaml)
            .position(|(_, l)| l.starts_with("phases:"))
            .map(|i| block.first_line + i);
        if yaml.trim().is_empty() {
            return fm;
        }
        match serde_saphyr::from_str::<RawFrontmatter>(yaml) {
            Ok(raw) => {
                fm.slug = raw.slug.and_then(|s| s.as_text());
                fm.status = raw.status.and_then(|s| s.as_text());
                fm.phases = raw.phases;
            }
            Err(e) => {
                let line = e
                    .location()
                    .map(|l| l.line() as usize)
                    .filter(|&l| l > 0)
                    .unwrap_or(1);
                fm.error = Some(match duplicate_key(&e) {
                    Some(key) => FrontmatterError {
                        line: block.first_line + line - 1,
                        kind: FrontmatterProblem::DuplicateKey {
                            first: first_occurrence(yaml, &key, line)
                                .map(|l| block.first_line + l - 1),
                        },
                        message: key,
                    },
                    None => yaml_problem(yaml, line, author_message(&e), block.first_line),
                });
            }
        }
        fm
    }

    /// Whether the YAML reading of `status:` is terminal: its first word
    /// is `complete`, `abandoned` or `superseded` (any case). Whether the
    /// plan is closed is the reference's reading ([`super::PlanStatus`]);
    /// where the two differ the lint says so (`plan-status-unread`).
    pub fn yaml_status_is_terminal(&self) -> bool {
        crate::vocab::is_closed_status(self.status.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::plan::test_plan as plan;

    #[test]
    fn yaml_messages_carry_no_position_of_their_own() {
        assert_eq!(strip_position("line 2 column 3: bad"), "bad");
        assert_eq!(
            strip_position("mapping values are not allowed in this context at line 2, column 3"),
            "mapping values are not allowed in this context"
        );
        assert_eq!(strip_position("at line one"), "at line one");
        let p = plan("---\nslug: t\n status: x\n---\n");
        let err = p.frontmatter().error.clone().expect("a YAML error");
        assert!(!err.message.contains("line"), "{err:?}");
        assert!(!err.message.contains("Options"), "{err:?}");
    }
}
