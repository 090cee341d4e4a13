//! The documents an editor has open, what each one is, and the analysis of
//! a plan built from them (SPEC §10.2).
//!
//! A document is a plan when its path is `<R>/docs/plans/<slug>.md`
//! (`README.md` and `INDEX.md` excepted, as `validate` skips them), and a
//! twin when it is `<R>/docs/handoffs/<slug>/decisions.md`; any other
//! document is left alone. The analysis of a plan reads the plan and its
//! twin from the editor's buffers where they are open and from disk where
//! they are not, and lints them with the same engine as `validate`
//! ([`crate::lint::lint_manifest`]): there is no second implementation.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types::{Position, TextDocumentContentChangeEvent, Uri};

use super::positions::{Encoding, LineMap};
use crate::lint::settings::LintSettings;
use crate::lint::{self, Finding, PlanReport};
use crate::manifest::{Manifest, Twin};
use crate::markdown::MarkdownFile;
use crate::plan::Plan;
use crate::plan::decisions::FileKind;
use crate::plan::handoff::Handoffs;
use crate::root::{DocsRoot, PlanLocation, is_valid_slug};

/// Files in `docs/plans/` that are not plans (the workflow keeps an index
/// there).
const NOT_PLANS: [&str; 2] = ["README.md", "INDEX.md"];

/// What an open document is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Role {
    /// A plan or its twin, with the plan's location.
    Member(FileKind, PlanLocation),
    /// Anything else: not linted, no hover or completion.
    Other,
}

impl Role {
    /// The role of the file at `path` (see the module documentation).
    pub fn of(path: &Path) -> Role {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let Some(parent) = path.parent() else {
            return Role::Other;
        };
        if parent.ends_with("docs/plans") && !NOT_PLANS.contains(&name) {
            if let Some(slug) = name.strip_suffix(".md").filter(|s| is_valid_slug(s))
                && let Some(root) = parent.parent().and_then(Path::parent)
            {
                return Role::Member(
                    FileKind::Plan,
                    PlanLocation {
                        root: DocsRoot(root.to_path_buf()),
                        slug: slug.to_string(),
                        plan: path.to_path_buf(),
                    },
                );
            }
        } else if name == "decisions.md"
            && let Some(slug) = parent
                .file_name()
                .and_then(|s| s.to_str())
                .filter(|s| is_valid_slug(s))
            && let Some(handoffs) = parent.parent()
            && handoffs.ends_with("docs/handoffs")
            && let Some(root) = handoffs.parent().and_then(Path::parent)
        {
            let root = DocsRoot(root.to_path_buf());
            return Role::Member(
                FileKind::Twin,
                PlanLocation {
                    plan: root.plans_dir().join(format!("{slug}.md")),
                    slug: slug.to_string(),
                    root,
                },
            );
        }
        Role::Other
    }
}

/// The local path a `file:` URI names; `None` for any other URI.
pub fn file_path(uri: &Uri) -> Option<PathBuf> {
    let url = url::Url::parse(uri.as_str()).ok()?;
    if url.scheme() != "file" {
        return None;
    }
    url.to_file_path().ok()
}

/// The `file:` URI of `path` (absolute); `None` when it has none.
pub fn file_uri(path: &Path) -> Option<Uri> {
    let url = url::Url::from_file_path(path).ok()?;
    Uri::from_str(url.as_str()).ok()
}

/// One open document: the editor's buffer and what it is.
#[derive(Debug, Clone)]
pub struct Document {
    /// The URI as the editor sent it (diagnostics are published to it).
    pub uri: Uri,
    /// The editor's version of the buffer.
    pub version: i32,
    /// The buffer's text.
    pub text: String,
    /// Its lines, as LSP counts them.
    pub lines: LineMap,
    /// A plan, a twin, or neither.
    pub role: Role,
}

impl Document {
    /// A document opened with `text`; its role comes from `path`.
    pub fn new(uri: Uri, path: &Path, version: i32, text: String) -> Document {
        Document {
            uri,
            version,
            lines: LineMap::new(&text),
            text,
            role: Role::of(path),
        }
    }

    /// Applies the changes of a `didChange` in order: a change with a range
    /// replaces that range (positions in `encoding`), one without replaces
    /// the whole text.
    pub fn apply(
        &mut self,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
        encoding: Encoding,
    ) {
        for change in changes {
            match change.range {
                Some(range) => {
                    let bytes = self.lines.byte_range(&self.text, range, encoding);
                    self.text.replace_range(bytes, &change.text);
                }
                None => self.text = change.text,
            }
            self.lines = LineMap::new(&self.text);
        }
        self.version = version;
    }

    /// The byte offset of `position` in the buffer.
    pub fn offset(&self, position: Position, encoding: Encoding) -> usize {
        self.lines.offset(&self.text, position, encoding)
    }
}

/// The open documents, by local path.
pub type Documents = HashMap<PathBuf, Document>;

/// A plan with its twin, as the editor has them, and their findings.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// Where the plan is.
    pub location: PlanLocation,
    /// The plan and twin (from buffers where open), and the findings of
    /// the lint engine; no findings when there is no plan to lint.
    pub report: PlanReport,
    /// The lint settings the findings were made with.
    pub settings: LintSettings,
    /// Why the lint settings could not be read (the defaults were used).
    pub config_error: Option<String>,
}

/// The lint settings for the plan at `location` (SPEC §10.2, "in the
/// editor's world"): `planfile.toml` at the docs root, else in the nearest
/// folder holding one from the plan's own folder upward — never from the
/// server's working directory, which an editor sets as it likes. The one
/// call through which the server reads the settings, with the discovery
/// `validate` uses ([`crate::config::Config::discover`]). Errors: a file
/// that cannot be read or is not valid, as
/// [`crate::config::Config::from_file`] says.
pub fn lint_config(location: &PlanLocation) -> crate::Result<LintSettings> {
    let folder = location.plan.parent().unwrap_or(&location.root.0);
    crate::config::Config::discover(&location.root.0, folder).map(|c| c.lint)
}

/// The text of `path`: the open buffer, else the file on disk (`None`
/// when there is none or it cannot be read, which is logged).
fn text_of(path: &Path, documents: &Documents) -> Option<MarkdownFile> {
    if let Some(doc) = documents.get(path) {
        return Some(MarkdownFile::from_text(
            path.to_path_buf(),
            doc.text.clone(),
        ));
    }
    match MarkdownFile::read(path) {
        Ok(file) => file,
        Err(e) => {
            super::transport::log(&e.to_string());
            None
        }
    }
}

/// The plan and twin of `location` as the editor has them; `None` for
/// the plan when there is none.
fn manifest(location: &PlanLocation, documents: &Documents) -> (Option<Plan>, Option<Twin>) {
    let plan = text_of(&location.plan, documents).map(|f| Plan::from_file(&location.slug, f));
    let twin = text_of(&location.twin(), documents).map(Twin::from_file);
    (plan, twin)
}

/// Lints the plan at `location` with its twin, from the open buffers where
/// there are some. A missing plan (a twin open without one) gives an
/// analysis with an empty plan and no findings; an error of the engine (a
/// handoff that cannot be read) is logged and gives no findings.
pub fn analyse(location: &PlanLocation, documents: &Documents) -> Analysis {
    let (settings, config_error) = match lint_config(location) {
        Ok(settings) => (settings, None),
        Err(e) => (LintSettings::default(), Some(e.to_string())),
    };
    let (plan, twin) = manifest(location, documents);
    let report = match plan {
        Some(plan) => match lint::lint_manifest(location, Manifest { plan, twin }, &settings) {
            Ok(report) => report,
            Err(e) => {
                super::transport::log(&e.to_string());
                let (plan, twin) = manifest(location, documents);
                unlinted(location, plan, twin)
            }
        },
        None => unlinted(location, None, twin),
    };
    Analysis {
        location: location.clone(),
        report,
        settings,
        config_error,
    }
}

/// A report without findings, for a plan that could not be linted.
fn unlinted(location: &PlanLocation, plan: Option<Plan>, twin: Option<Twin>) -> PlanReport {
    let plan = plan.unwrap_or_else(|| {
        Plan::from_file(
            &location.slug,
            MarkdownFile::from_text(location.plan.clone(), String::new()),
        )
    });
    PlanReport {
        orphan: false,
        slug: location.slug.clone(),
        closed: plan.is_closed(),
        phases: plan.graph_phases().len(),
        findings: Vec::new(),
        suppressed: Vec::new(),
        fixed: None,
        manifest: Manifest { plan, twin },
        handoffs: Handoffs::default(),
    }
}

/// One open plan or twin with its analysis: what hover, completion and
/// code actions read.
#[derive(Debug, Clone, Copy)]
pub struct Snapshot<'a> {
    /// The open document.
    pub doc: &'a Document,
    /// Whether it is the plan or the twin.
    pub kind: FileKind,
    /// The analysis of its plan.
    pub analysis: &'a Analysis,
    /// The negotiated position encoding.
    pub encoding: Encoding,
}

impl<'a> Snapshot<'a> {
    /// The document's parse (the same text as the buffer).
    pub fn file(&self) -> Option<&'a MarkdownFile> {
        self.analysis.report.file(self.kind)
    }

    /// The plan of the analysis (an empty one when there is none).
    pub fn plan(&self) -> &'a Plan {
        &self.analysis.report.manifest.plan
    }

    /// The Decisions section of the document.
    pub fn decisions(&self) -> Option<&'a crate::plan::decisions::DecisionSection> {
        let manifest = &self.analysis.report.manifest;
        match self.kind {
            FileKind::Plan => manifest.plan.decisions(),
            FileKind::Twin => manifest.twin.as_ref().and_then(|t| t.decisions.as_ref()),
            FileKind::Handoff(_) => None,
        }
    }

    /// The byte offset of `position` in the document.
    pub fn offset(&self, position: Position) -> usize {
        self.doc.offset(position, self.encoding)
    }

    /// The LSP range of byte range `span` of the document.
    pub fn range(&self, span: std::ops::Range<usize>) -> lsp_types::Range {
        self.doc.lines.range(&self.doc.text, span, self.encoding)
    }

    /// The findings that point into this document, in order.
    pub fn findings(&self) -> impl Iterator<Item = &'a Finding> + 'a {
        let kind = self.kind;
        self.analysis
            .report
            .findings
            .iter()
            .filter(move |f| f.kind == kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_from_paths() {
        let plan = Role::of(Path::new("/r/docs/plans/beacon.md"));
        let Role::Member(FileKind::Plan, location) = plan else {
            panic!("a plan: {plan:?}");
        };
        assert_eq!(location.root.0, Path::new("/r"));
        assert_eq!(location.slug, "beacon");
        let twin = Role::of(Path::new("/r/docs/handoffs/beacon/decisions.md"));
        assert_eq!(twin, Role::Member(FileKind::Twin, location));
        for other in [
            "/r/docs/plans/README.md",
            "/r/docs/plans/INDEX.md",
            "/r/docs/plans/notes.txt",
            "/r/docs/plans/sub/x.md",
            "/r/docs/handoffs/beacon/phase-01-x.md",
            "/r/docs/handoffs/decisions.md",
            "/r/README.md",
            "/",
        ] {
            assert_eq!(Role::of(Path::new(other)), Role::Other, "{other}");
        }
    }

    #[test]
    fn file_uris_round_trip() {
        let path = Path::new("/tmp/a b/docs/plans/灯.md");
        let uri = file_uri(path).expect("a file URI");
        assert!(uri.as_str().starts_with("file:///tmp/a%20b/"), "{uri:?}");
        assert_eq!(file_path(&uri).as_deref(), Some(path));
        let untitled = Uri::from_str("untitled:Untitled-1").expect("a URI");
        assert_eq!(file_path(&untitled), None);
    }

    #[test]
    fn ranged_and_full_changes() {
        let uri = Uri::from_str("file:///r/docs/plans/p.md").expect("a URI");
        let mut doc = Document::new(uri, Path::new("/r/docs/plans/p.md"), 1, "a🚀b\nc".into());
        let range = lsp_types::Range::new(Position::new(0, 3), Position::new(0, 4));
        doc.apply(
            2,
            vec![TextDocumentContentChangeEvent {
                range: Some(range),
                range_length: None,
                text: "X".into(),
            }],
            Encoding::Utf16,
        );
        assert_eq!(doc.text, "a🚀X\nc");
        doc.apply(
            3,
            vec![TextDocumentContentChangeEvent {
                range: None,
                range_length: None,
                text: "new".into(),
            }],
            Encoding::Utf16,
        );
        assert_eq!((doc.text.as_str(), doc.version), ("new", 3));
        assert_eq!(doc.lines.line_count(), 1);
    }
}
