//! `decisions <SLUG> [--phase N] check [--ack KEY]... [--format text|json]`:
//! the start gate (SPEC §5.4).

use std::path::{Path, PathBuf};

use super::{CheckArgs, GateFormat, print_stdout};
use crate::error::{Error, Result, escape_invisible};
use crate::gate;
use crate::manifest::Manifest;
use crate::output;
use crate::output::gate::GateSubject;
use crate::root::{DocsRoot, PlanLocation, normalize_lexically};
use crate::vocab;

/// Runs the start gate on the view `--phase` names — without it, on the
/// plan-wide view and every phase's view (SPEC §5.4) — and prints the
/// verdict on stdout. Returns exit 0 when the run may start,
/// 1 when it is refused. Usage errors (exit 2): an `--ack` that is empty or
/// not a key of the vocabulary; plus the errors of [`Manifest::load`] and an
/// unknown phase. Commands printed as advice carry `root`, the `--root`
/// the user gave.
pub(super) fn decisions_check(
    location: &PlanLocation,
    phase: Option<&str>,
    args: &CheckArgs,
    root: Option<&Path>,
) -> Result<u8> {
    let json = args.format == GateFormat::Json;
    for key in &args.ack {
        if vocab::key_index(key).is_none() {
            return Err(Error::Usage(format!(
                "decisions check --ack \"{}\": not a decision key; --ack takes one of: {}",
                escape_invisible(key),
                vocab::key_list()
            )));
        }
    }
    let manifest = Manifest::load(location)?;
    let view = manifest.view(phase)?;
    let policy = crate::config::policy::load_policy(None, &location.root.0)?;
    let verdict = match phase {
        Some(_) => gate::check_view(&manifest, view, &args.ack, &location.root.0, &policy),
        None => gate::check_every_view(&manifest, &args.ack, &location.root.0, &policy),
    };
    let subject = GateSubject {
        manifest: &manifest,
        slug: &location.slug,
        view,
        root,
    };
    let mut buf = Vec::new();
    if json {
        output::gate::write_json(&mut buf, &subject, &verdict)?;
    } else {
        output::gate::write_text(&mut buf, &subject, &verdict)?;
    }
    print_stdout(&buf)?;
    Ok(if verdict.may_start() { 0 } else { 1 })
}

/// The docs root that commands printed as advice carry (SPEC §10.3), so
/// that they can be pasted as they are: `flag`, the `--root` the user gave;
/// but when the plan was named by a path that lies in another docs root
/// than `given` (the root `--root`, `DOCS_ROOT` or the working directory
/// name), that root — relative to the working directory when it lies
/// under it — since the advice names the plan by its slug.
pub(super) fn advice_root(
    given: &DocsRoot,
    location: &PlanLocation,
    flag: Option<&Path>,
) -> Option<PathBuf> {
    let found = &location.root.0;
    if normalize_lexically(&given.0) == normalize_lexically(found) {
        return flag.map(Path::to_path_buf);
    }
    let relative = std::env::current_dir()
        .ok()
        .and_then(|cwd| {
            found
                .strip_prefix(normalize_lexically(&cwd))
                .ok()
                .map(Path::to_path_buf)
        })
        .map(|rel| {
            if rel.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                rel
            }
        });
    Some(relative.unwrap_or_else(|| found.clone()))
}
