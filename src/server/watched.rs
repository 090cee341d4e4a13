//! Files the editor does not have open but the diagnostics read (SPEC
//! §10.2, "in the editor's world"): the settings (`planfile.toml`), the
//! twins and the handoffs, and the plans of twins open without them.
//!
//! When the client allows it (`workspace.didChangeWatchedFiles.
//! dynamicRegistration`), the server asks it to watch them
//! ([`registration`], sent once `initialized` has come); a change the
//! client reports — or a save in the editor — re-lints the open plans it
//! [`affects`].

use std::path::Path;

use lsp_server::{Request, RequestId};
use lsp_types::request::{RegisterCapability, Request as _};
use lsp_types::{
    DidChangeWatchedFilesRegistrationOptions, FileSystemWatcher, GlobPattern, Registration,
    RegistrationParams,
};

use crate::config::CONFIG_FILE;
use crate::root::PlanLocation;

/// The id of the one registration (and of its request).
pub const REGISTRATION_ID: &str = "planfile/watched-files";

/// The files watched, as LSP glob patterns: the settings, the twins, the
/// handoffs and the plans.
pub const GLOBS: [&str; 4] = [
    "**/planfile.toml",
    "**/docs/handoffs/*/decisions.md",
    "**/docs/handoffs/*/phase-*.md",
    "**/docs/plans/*.md",
];

/// The `client/registerCapability` request that asks the client to watch
/// [`GLOBS`] (created, changed and deleted files).
pub fn registration() -> Request {
    let watchers = GLOBS
        .iter()
        .map(|glob| FileSystemWatcher {
            glob_pattern: GlobPattern::String((*glob).to_string()),
            kind: None,
        })
        .collect();
    let options = DidChangeWatchedFilesRegistrationOptions { watchers };
    Request::new(
        RequestId::from(REGISTRATION_ID.to_string()),
        RegisterCapability::METHOD.to_string(),
        RegistrationParams {
            registrations: vec![Registration {
                id: REGISTRATION_ID.to_string(),
                method: "workspace/didChangeWatchedFiles".to_string(),
                register_options: serde_json::to_value(options).ok(),
            }],
        },
    )
}

/// Whether a change to the file at `changed` can change the findings of
/// the plan at `location`: a `planfile.toml` in the plan's folder or above
/// it (its settings are found from there), the plan itself, or a file of
/// its handoffs folder (`docs/handoffs/<slug>/`: the twin and handoffs).
pub fn affects(changed: &Path, location: &PlanLocation) -> bool {
    if changed.file_name().is_some_and(|n| n == CONFIG_FILE) {
        return changed
            .parent()
            .is_some_and(|dir| location.plan.starts_with(dir));
    }
    changed == location.plan || changed.starts_with(location.handoffs_dir())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::root::DocsRoot;
    use std::path::PathBuf;

    #[test]
    fn what_a_change_affects() {
        let location = PlanLocation {
            root: DocsRoot(PathBuf::from("/r")),
            slug: "beacon".into(),
            plan: PathBuf::from("/r/docs/plans/beacon.md"),
        };
        for yes in [
            "/planfile.toml",
            "/r/planfile.toml",
            "/r/docs/plans/planfile.toml",
            "/r/docs/plans/beacon.md",
            "/r/docs/handoffs/beacon/decisions.md",
            "/r/docs/handoffs/beacon/phase-01-lamp.md",
        ] {
            assert!(affects(Path::new(yes), &location), "{yes}");
        }
        for no in [
            "/r/other/planfile.toml",
            "/s/planfile.toml",
            "/r/docs/plans/other.md",
            "/r/docs/handoffs/other/decisions.md",
            "/r/docs/handoffs/beacon2/decisions.md",
        ] {
            assert!(!affects(Path::new(no), &location), "{no}");
        }
    }

    #[test]
    fn the_registration_names_every_glob() {
        let request = registration();
        assert_eq!(request.method, "client/registerCapability");
        let text = request.params.to_string();
        for glob in GLOBS {
            assert!(text.contains(glob), "{glob} in {text}");
        }
        assert!(text.contains("workspace/didChangeWatchedFiles"), "{text}");
    }
}
