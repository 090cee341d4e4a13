//! Findings as LSP diagnostics (SPEC §10.2): the findings of the lint
//! engine for one open plan or twin, each a diagnostic whose severity says
//! whether it gates (Error) or not (Warning), whose code is the check's
//! name, and whose `codeDescription` links to the check's documentation —
//! the page `planfile explain NAME` prints.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use lsp_types::notification::{Notification as _, PublishDiagnostics};
use lsp_types::{
    CodeDescription, Diagnostic, DiagnosticSeverity, NumberOrString, PublishDiagnosticsParams,
};

use super::documents::{Snapshot, file_uri};
use super::transport::log;
use crate::lint::{CHECKS, Finding};

/// The `source` of every diagnostic.
pub const SOURCE: &str = "planfile";

/// Where each check's documentation page is, as a `file:` URI: the pages
/// `planfile explain` prints, written once to a cache folder so that an
/// editor can open them.
#[derive(Debug, Clone, Default)]
pub struct DocLinks {
    links: HashMap<&'static str, CodeDescription>,
}

impl DocLinks {
    /// No links (diagnostics then carry no `codeDescription`).
    pub fn none() -> DocLinks {
        DocLinks::default()
    }

    /// Writes every check's page to `dir/<name>.md` (a page already there
    /// with the same text is left alone) and links to each. A page that
    /// cannot be written is logged and has no link.
    pub fn write(dir: &Path) -> DocLinks {
        let mut links = HashMap::new();
        if let Err(e) = std::fs::create_dir_all(dir) {
            log(&format!(
                "cannot create {} for the check documentation: {e}",
                dir.display()
            ));
            return DocLinks::none();
        }
        for check in CHECKS {
            let path = dir.join(format!("{}.md", check.name));
            let same = std::fs::read(&path).is_ok_and(|old| old == check.docs.as_bytes());
            if !same && let Err(e) = write_page(dir, &path, check.docs) {
                log(&format!("cannot write {}: {e}", path.display()));
                continue;
            }
            if let Some(href) = file_uri(&path) {
                links.insert(check.name, CodeDescription { href });
            }
        }
        DocLinks { links }
    }

    /// The folder for the pages: `$XDG_CACHE_HOME/planfile/<version>/checks`,
    /// else `~/.cache/…`, else the temporary folder's.
    pub fn default_dir() -> PathBuf {
        let env_dir = |name: &str| {
            std::env::var_os(name)
                .map(PathBuf::from)
                .filter(|p| p.is_absolute())
        };
        let cache = env_dir("XDG_CACHE_HOME")
            .or_else(|| env_dir("HOME").map(|home| home.join(".cache")))
            .unwrap_or_else(std::env::temp_dir);
        cache
            .join("planfile")
            .join(env!("CARGO_PKG_VERSION"))
            .join("checks")
    }

    /// The link to the documentation of check `name`.
    pub fn get(&self, name: &str) -> Option<CodeDescription> {
        self.links.get(name).cloned()
    }
}

/// Writes `text` to `path` in `dir` through a temporary file renamed over
/// it, so that an editor never opens half a page.
fn write_page(dir: &Path, path: &Path, text: &str) -> std::io::Result<()> {
    let mut temp = tempfile::NamedTempFile::new_in(dir)?;
    temp.write_all(text.as_bytes())?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// The diagnostic of `finding` in the document of `snapshot`. A finding
/// that marks no text (an empty span) marks the rest of its line, so that
/// an editor has something to underline.
pub fn diagnostic(snapshot: &Snapshot, finding: &Finding, links: &DocLinks) -> Diagnostic {
    let doc = snapshot.doc;
    let mut span = finding.span.clone();
    if span.is_empty() {
        let line = doc.lines.line_of(span.start);
        let range = doc.lines.line_range(&doc.text, line);
        span = span.start.min(range.end)..range.end;
        if span.is_empty() {
            span = range;
        }
    }
    let severity = if snapshot.analysis.report.gates(finding) {
        DiagnosticSeverity::ERROR
    } else {
        DiagnosticSeverity::WARNING
    };
    Diagnostic {
        range: snapshot.range(span),
        severity: Some(severity),
        code: Some(NumberOrString::String(finding.name.to_string())),
        code_description: links.get(finding.name),
        source: Some(SOURCE.to_string()),
        message: finding.message.clone(),
        ..Diagnostic::default()
    }
}

/// The diagnostics of every finding in the document of `snapshot`.
pub fn diagnostics(snapshot: &Snapshot, links: &DocLinks) -> Vec<Diagnostic> {
    snapshot
        .findings()
        .map(|f| diagnostic(snapshot, f, links))
        .collect()
}

/// The `textDocument/publishDiagnostics` notification for `uri`.
pub fn publish(
    uri: lsp_types::Uri,
    diagnostics: Vec<Diagnostic>,
    version: Option<i32>,
) -> lsp_server::Notification {
    lsp_server::Notification::new(
        PublishDiagnostics::METHOD.to_string(),
        PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        },
    )
}
