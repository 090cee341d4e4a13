//! Which plans a `validate` run lints (SPEC §6, §10.1): its arguments (plan
//! slugs, paths of `.md` files, folders, globs the shell did not expand,
//! and `-` for stdin) resolved to plan files, and the globs of
//! `planfile.toml` (`exclude`, `per-file-ignores`) matched against paths.
//!
//! With no argument every plan under `docs/plans/` is linted, as if that
//! folder were named. In a folder (or a glob's matches) these are not
//! plans: `README.md` and `INDEX.md` (the workflow's index files, any case),
//! hidden entries, the `docs/handoffs/` folder (twins and handoffs), and
//! the files an `exclude` glob names. A folder that is not in a
//! `docs/plans/` folder and holds one below it (a repository, its `docs/`)
//! names only the `.md` files in such folders: its notes, changelog and
//! READMEs are not plans. A folder with no `docs/plans/` at or below it is
//! a folder of plans: every `.md` under it is one.
//!
//! A file named on the command line is linted whatever its name, as ruff
//! does, unless `--force-exclude` asks for the same rules as discovery
//! (for the plan `--stdin-filename` names too). The files `validate` reads
//! beside a plan name that plan: a twin or a handoff
//! (`<R>/docs/handoffs/<slug>/….md`) the plan `<slug>` of docs root `<R>`
//! — `<R>/docs/plans/<slug>.md`, or wherever under `<R>/docs/plans/` the
//! one `.md` file of that name sits (SPEC §10.1 "stdin and pre-commit") —,
//! and a `planfile.toml` every plan whose settings it is (so that a
//! pre-commit hook can pass the staged files). Two plans of one slug under
//! `<R>/docs/plans/` (in different folders) would share the twin and the
//! handoffs, so a twin or handoff of that slug is refused, naming both
//! ([`Error::SlugShared`]); the other arguments are still linted.
//!
//! Arguments are paths as the system gives them: one that is not UTF-8 is
//! taken as the path it is (shown escaped in messages), never refused as a
//! whole command.

use std::ffi::OsStr;
use std::path::{Component, Path, PathBuf};

use crate::config::{CONFIG_FILE, Config};
use crate::error::{Error, Result, escape_invisible, escape_path};
use crate::lint::StandIn;
use crate::root::{
    DocsRoot, PlanLocation, absolute, check_slug, is_valid_slug, normalize_lexically,
};

/// Whether a file named `name` is one of the index files the workflow
/// keeps beside its plans (`README.md`, `INDEX.md`, any case): not a plan.
pub fn is_index_file(name: &str) -> bool {
    name.eq_ignore_ascii_case("README.md") || name.eq_ignore_ascii_case("INDEX.md")
}

/// One plan to lint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A plan file.
    File(PlanLocation),
    /// The plan read from stdin (`-`). With `--stdin-filename` its location
    /// is that path (its twin and handoffs are found from it); without, its
    /// path is `-` and it has no twin. When `--stdin-filename` names a twin
    /// or a handoff, the location is its plan's, and the buffer stands for
    /// that file (`stands_for`).
    Stdin {
        /// Where the plan is taken to be.
        location: PlanLocation,
        /// Whether `--stdin-filename` named it.
        named: bool,
        /// Which file of the plan the buffer is.
        stands_for: StandIn,
    },
}

impl Target {
    /// The plan's location.
    pub fn location(&self) -> &PlanLocation {
        match self {
            Target::File(location) | Target::Stdin { location, .. } => location,
        }
    }
}

/// What the arguments name: the plans to lint, in argument order (a
/// folder's plans by path), each once; the `.md` files found that cannot
/// be linted (a name that is not a slug, a folder that cannot be read),
/// each as the error to report; a line for each entry skipped (a `.md`
/// folder, a dangling symlink, a symlink loop, a handoff of a plan that
/// does not exist, a `planfile.toml` that no plan reads); and the plans an
/// `exclude` glob (or, with `--force-exclude`, the index-file rule) left
/// out.
#[derive(Debug, Default)]
pub struct Discovery {
    /// The plans to lint.
    pub targets: Vec<Target>,
    /// Files found that cannot be linted.
    pub unreadable: Vec<Error>,
    /// Entries skipped: each path and why (`skipped: a folder, …`).
    pub skipped: Vec<(PathBuf, String)>,
    /// Plans found (or named, with `--force-exclude`) that are excluded.
    pub excluded: Vec<PathBuf>,
    /// Twins (`docs/handoffs/<slug>/decisions.md`) whose plan does not
    /// exist, each as the location of the plan it names: found when the
    /// plans of a docs root are discovered, and when a twin is named (SPEC
    /// §6 `twin-orphan`).
    pub orphan_twins: Vec<PlanLocation>,
    /// Whether `-` was given but its buffer is not linted: `--force-exclude`
    /// left out the file `--stdin-filename` names, or it belongs to no plan
    /// that can be linted. `--fix` then prints the buffer back unchanged.
    pub stdin_left_out: bool,
}

/// Decides whether a plan found in a folder or by a glob is excluded
/// (`[lint] exclude` of the settings for its docs root).
pub type ExcludeFn<'a> = dyn FnMut(&PlanLocation) -> Result<bool> + 'a;

/// What a `validate` run asks of discovery: its arguments and the options
/// that change what they name.
#[derive(Debug, Clone, Copy, Default)]
pub struct Request<'a> {
    /// The arguments, as given (paths as the system gives them, UTF-8 or
    /// not).
    pub args: &'a [PathBuf],
    /// `--stdin-filename`.
    pub stdin_filename: Option<&'a Path>,
    /// `--force-exclude`: a plan named on the command line (by path, by
    /// slug, through its twin or handoff, or by `--stdin-filename`) is left
    /// out when discovery would leave it out (an index file, an `exclude`
    /// glob), as ruff's option of that name does.
    pub force_exclude: bool,
}

/// Resolves `validate`'s arguments against the docs root `root` (see the
/// module documentation). With no argument, every plan under
/// `<root>/docs/plans/` ([`Error::NoPlansFolder`] when there is no such
/// folder; `--stdin-filename` alone means `-`).
///
/// Errors (exit 2, before any plan is read): an argument that is none of
/// the accepted kinds, a glob that matches no `.md` file, a path that is
/// not a Markdown file, `-` given twice, `--stdin-filename` without `-`, or
/// an error of `excluded`.
pub fn discover(root: &DocsRoot, request: Request, excluded: &mut ExcludeFn) -> Result<Discovery> {
    let Request {
        args,
        stdin_filename,
        force_exclude,
    } = request;
    let mut found = Discovery::default();
    let mut seen = std::collections::BTreeSet::new();
    let stdin_only = args.is_empty() && stdin_filename.is_some();
    if args.is_empty() && !stdin_only {
        let dir = root.plans_dir();
        if !dir.is_dir() {
            return Err(Error::NoPlansFolder(dir));
        }
        for target in walk(root, &dir, None, &mut found, excluded)? {
            if seen.insert(normalize_lexically(&target.location().plan)) {
                found.targets.push(target);
            }
        }
        found.orphan_twins = orphan_twins(root, excluded)?;
        return Ok(found);
    }
    let dash = PathBuf::from("-");
    let args: &[PathBuf] = if stdin_only {
        std::slice::from_ref(&dash)
    } else {
        args
    };
    let is_dash = |a: &PathBuf| a.as_os_str() == "-";
    if args.iter().filter(|a| is_dash(a)).count() > 1 {
        return Err(Error::Usage(
            "validate reads stdin once: give - only once".to_string(),
        ));
    }
    if stdin_filename.is_some() && !args.iter().any(is_dash) {
        return Err(Error::Usage(
            "--stdin-filename names the plan read from stdin: add - to the plans to read it"
                .to_string(),
        ));
    }
    for arg in args {
        let targets = resolve_arg(root, arg, stdin_filename, &mut found, excluded)?;
        if is_dash(arg) && targets.is_empty() {
            found.stdin_left_out = true;
        }
        for target in targets {
            let location = target.location();
            let named = matches!(target, Target::File(_) | Target::Stdin { named: true, .. });
            if named && force_exclude {
                let index = location
                    .plan
                    .file_name()
                    .is_some_and(|n| is_index_file(&n.to_string_lossy()));
                if index || excluded(location)? {
                    found.excluded.push(location.plan.clone());
                    if matches!(target, Target::Stdin { .. }) {
                        found.stdin_left_out = true;
                    }
                    continue;
                }
            }
            let new = seen.insert(normalize_lexically(&location.plan));
            if matches!(target, Target::Stdin { .. }) || new {
                found.targets.push(target);
            }
        }
    }
    Ok(found)
}

/// The characters that make an argument a glob.
fn is_glob(arg: &str) -> bool {
    arg.contains(['*', '?', '[', '{'])
}

/// Whether the path `arg` holds a `/` (a path, not a bare name), whether
/// or not it is UTF-8.
fn has_separator(arg: &Path) -> bool {
    arg.as_os_str().as_encoded_bytes().contains(&b'/')
}

/// What `validate` accepts, for messages about an argument it cannot use.
const ACCEPTED: &str = "validate takes plan slugs (a plan under docs/plans/), paths of .md files, folders (the plans under them), globs such as 'docs/plans/*.md', the twin, handoffs or planfile.toml of plans, or - with --stdin-filename PATH for a plan on stdin";

/// The plans one argument names.
fn resolve_arg(
    root: &DocsRoot,
    arg: &Path,
    stdin_filename: Option<&Path>,
    found: &mut Discovery,
    excluded: &mut ExcludeFn,
) -> Result<Vec<Target>> {
    if arg.as_os_str() == "-" {
        return stdin_target(root, stdin_filename, found, excluded);
    }
    let shown = escape_path(arg);
    let text = arg.to_str();
    if let Some(slug) = text.filter(|a| is_valid_slug(a))
        && root.plans_dir().join(format!("{slug}.md")).exists()
    {
        return PlanLocation::resolve(root, slug).map(|l| vec![Target::File(l)]);
    }
    let path = arg;
    if let Ok(link) = std::fs::symlink_metadata(path) {
        return match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk(root, path, None, found, excluded),
            Ok(_) if path.file_name().is_some_and(|n| n == CONFIG_FILE) => {
                governed_plans(root, path, found, excluded)
            }
            Ok(_) if path.extension().is_some_and(|e| e == "md") => {
                match owner_of_handoff(path, excluded)? {
                    Some(Owner::Plan(location)) => return Ok(vec![Target::File(location)]),
                    Some(Owner::Missing(location))
                        if path
                            .file_name()
                            .is_some_and(|n| n == crate::root::TWIN_FILE) =>
                    {
                        found.orphan_twins.push(location);
                        return Ok(Vec::new());
                    }
                    Some(Owner::Missing(location)) => {
                        found
                            .skipped
                            .push((path.to_path_buf(), missing_plan_note(&location)));
                        return Ok(Vec::new());
                    }
                    Some(Owner::Shared(error)) => {
                        found.unreadable.push(error);
                        return Ok(Vec::new());
                    }
                    None => {}
                }
                // A file whose name is no slug cannot be linted: it is named
                // in the report, as a folder's would be, and the other
                // arguments are still linted.
                if path
                    .file_stem()
                    .and_then(OsStr::to_str)
                    .is_none_or(|stem| check_slug(stem).is_err())
                {
                    found
                        .unreadable
                        .push(Error::PlanFileName(path.to_path_buf()));
                    return Ok(Vec::new());
                }
                // A pipe, socket or device named .md is refused by the
                // reader, before it is opened, and reported as a plan it
                // cannot read.
                PlanLocation::for_path(root, path).map(|l| vec![Target::File(l)])
            }
            Ok(_) => Err(Error::Usage(format!(
                "\"{shown}\" is not a Markdown file: a plan is a .md file; {ACCEPTED}"
            ))),
            Err(e) if link.file_type().is_symlink() => Err(Error::Usage(format!(
                "\"{shown}\" is a symlink that cannot be followed ({e}); fix or remove the link"
            ))),
            Err(source) => Err(Error::Read {
                path: path.to_path_buf(),
                source,
            }),
        };
    }
    if let Some(pattern) = text.filter(|a| is_glob(a)) {
        let before = found.excluded.len();
        let targets = expand_glob(root, pattern, found, excluded)?;
        if targets.is_empty() && found.excluded.len() == before {
            return Err(Error::Usage(format!(
                "the glob \"{shown}\" matches no plan (.md file that is not README.md or INDEX.md); check the pattern"
            )));
        }
        return Ok(targets);
    }
    if path.extension().is_some_and(|e| e == "md") {
        let advice = text
            .and_then(|a| a.strip_suffix(".md"))
            .and_then(|stem| did_you_mean(root, stem))
            .unwrap_or_else(|| ACCEPTED.to_string());
        return Err(Error::Usage(format!("\"{shown}\": no such file; {advice}")));
    }
    if let Some(slug) = text.filter(|a| is_valid_slug(a)) {
        return PlanLocation::resolve(root, slug).map(|l| vec![Target::File(l)]);
    }
    let what = if has_separator(path) {
        "no such file or folder"
    } else {
        "not a plan slug (letters, digits, '.', '_' and '-', starting with a letter or digit, no \"..\") and no such file or folder"
    };
    Err(Error::Usage(format!("\"{shown}\": {what}; {ACCEPTED}")))
}

/// The twins under `<root>/docs/handoffs/` whose plan does not exist
/// anywhere under `<root>/docs/plans/` (nor is excluded), in name order,
/// each as the location of the plan it names. Errors are `excluded`'s.
fn orphan_twins(root: &DocsRoot, excluded: &mut ExcludeFn) -> Result<Vec<PlanLocation>> {
    let handoffs = root.0.join("docs").join("handoffs");
    let Ok(entries) = std::fs::read_dir(&handoffs) else {
        return Ok(Vec::new());
    };
    let mut twins: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path().join(crate::root::TWIN_FILE))
        .filter(|twin| twin.is_file())
        .collect();
    twins.sort();
    let mut orphans = Vec::new();
    for twin in twins {
        if let Some(Owner::Missing(location)) = owner_of_handoff(&twin, excluded)? {
            orphans.push(location);
        }
    }
    Ok(orphans)
}

/// The note for a twin or handoff whose plan does not exist.
fn missing_plan_note(location: &PlanLocation) -> String {
    format!(
        "skipped: it belongs to the plan {}, which does not exist ({}); add the plan or remove its handoffs folder",
        location.slug,
        escape_path(&location.plan)
    )
}

/// For a `X.md` argument that is no file: a pointer to the plan `X` of the
/// docs root when there is one (`did you mean the plan lighthouse
/// (docs/plans/lighthouse.md)? …`).
fn did_you_mean(root: &DocsRoot, stem: &str) -> Option<String> {
    let slug = Path::new(stem).file_name()?.to_str()?;
    let plan = root.plans_dir().join(format!("{slug}.md"));
    (is_valid_slug(slug) && plan.is_file()).then(|| {
        format!(
            "did you mean the plan {slug} ({})? name a plan by its slug (planfile validate {slug}) or by its path",
            escape_invisible(&crate::root::shown_path(&plan))
        )
    })
}

/// What a twin or a handoff names ([`owner_of_handoff`]).
#[derive(Debug)]
enum Owner {
    /// Its plan.
    Plan(PlanLocation),
    /// No plan of its slug exists: where the plan would be.
    Missing(PlanLocation),
    /// Several plans of its slug exist ([`Error::SlugShared`]).
    Shared(Error),
}

/// The plan a twin or a handoff at `path` belongs to: for
/// `<R>/docs/handoffs/<slug>/<file>.md`, the plan `<slug>` of docs root
/// `<R>` — the one `<slug>.md` under `<R>/docs/plans/`, in that folder or
/// one below it (hidden folders aside). When several hold the slug, those
/// `[lint] exclude` leaves out (`excluded`) do not count; two or more left
/// is [`Owner::Shared`]. `None` for a path that is no twin or handoff.
/// Errors are `excluded`'s.
fn owner_of_handoff(path: &Path, excluded: &mut ExcludeFn) -> Result<Option<Owner>> {
    let abs = absolute(path);
    let parts = || {
        let folder = abs.parent()?;
        let handoffs = folder.parent()?;
        let docs = handoffs.parent()?;
        if handoffs.file_name()? != "handoffs" || docs.file_name()? != "docs" {
            return None;
        }
        let slug = folder.file_name()?.to_str()?.to_string();
        let top = docs.parent()?.to_path_buf();
        is_valid_slug(&slug).then_some((DocsRoot(top), slug))
    };
    let Some((root, slug)) = parts() else {
        return Ok(None);
    };
    let at = |plan: PathBuf| PlanLocation {
        root: root.clone(),
        slug: slug.clone(),
        plan,
    };
    let direct = root.plans_dir().join(format!("{slug}.md"));
    let mut plans = plans_of_slug(&root.plans_dir(), &slug);
    if plans.len() > 1 {
        let mut kept = Vec::new();
        for plan in &plans {
            if !excluded(&at(plan.clone()))? {
                kept.push(plan.clone());
            }
        }
        if !kept.is_empty() {
            plans = kept;
        }
    }
    Ok(Some(match plans.len() {
        0 => Owner::Missing(at(direct)),
        1 => Owner::Plan(at(plans.swap_remove(0))),
        _ => Owner::Shared(Error::SlugShared {
            file: path.to_path_buf(),
            slug,
            plans: plans
                .iter()
                .map(|p| PathBuf::from(crate::root::shown_path(p)))
                .collect(),
        }),
    }))
}

/// The `<slug>.md` files under `plans_dir` (recursively, hidden folders
/// left out), by path.
fn plans_of_slug(plans_dir: &Path, slug: &str) -> Vec<PathBuf> {
    let name = format!("{slug}.md");
    walkdir::WalkDir::new(plans_dir)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'))
        .filter_map(std::result::Result::ok)
        .filter(|e| e.file_name() == name.as_str())
        .filter(|e| std::fs::metadata(e.path()).is_ok_and(|m| m.is_file()))
        .map(|e| e.into_path())
        .collect()
}

/// The plans whose settings are the `planfile.toml` at `path` (SPEC
/// §10.1: the file at the docs root, else in the nearest ancestor of the
/// working directory that has one): the plans of the docs root beside it
/// and of `root`, where that file is the one they read. None (and a note)
/// when no plan reads it.
fn governed_plans(
    root: &DocsRoot,
    path: &Path,
    found: &mut Discovery,
    excluded: &mut ExcludeFn,
) -> Result<Vec<Target>> {
    let file = absolute(path);
    let cwd = std::env::current_dir().unwrap_or_else(|_| root.0.clone());
    let beside = file.parent().map(|dir| DocsRoot(dir.to_path_buf()));
    let mut roots: Vec<DocsRoot> = Vec::new();
    for candidate in beside.into_iter().chain([root.clone()]) {
        let reads = Config::find(&candidate.0, &cwd).is_some_and(|f| absolute(&f) == file);
        let normal = DocsRoot(absolute(&candidate.0));
        if reads && candidate.plans_dir().is_dir() && !roots.contains(&normal) {
            roots.push(normal);
        }
    }
    if roots.is_empty() {
        found.skipped.push((
            path.to_path_buf(),
            "skipped: no plan reads these settings (planfile.toml is read at the docs root, else in the nearest ancestor of the working directory that has one)".to_string(),
        ));
    }
    let mut targets = Vec::new();
    for docs_root in roots {
        targets.extend(walk(
            &docs_root,
            &docs_root.plans_dir(),
            None,
            found,
            excluded,
        )?);
    }
    Ok(targets)
}

/// The target for `-`: at `--stdin-filename`'s path, or unnamed. A path
/// of a twin or handoff names its plan ([`owner_of_handoff`]), the buffer
/// standing for that file; when that plan does not exist, or several plans
/// hold its slug, there is no target (a note, or the error among the files
/// that cannot be linted).
fn stdin_target(
    root: &DocsRoot,
    name: Option<&Path>,
    found: &mut Discovery,
    excluded: &mut ExcludeFn,
) -> Result<Vec<Target>> {
    let Some(path) = name else {
        return Ok(vec![Target::Stdin {
            location: PlanLocation {
                root: root.clone(),
                slug: "-".to_string(),
                plan: PathBuf::from("-"),
            },
            named: false,
            stands_for: StandIn::Plan,
        }]);
    };
    if path.as_os_str().is_empty() {
        return Err(Error::Usage(
            "--stdin-filename needs a path, e.g. docs/plans/<slug>.md".to_string(),
        ));
    }
    let stdin = |location, stands_for| {
        Ok(vec![Target::Stdin {
            location,
            named: true,
            stands_for,
        }])
    };
    match owner_of_handoff(path, excluded)? {
        Some(Owner::Plan(location)) => {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let stands_for = if name == crate::root::TWIN_FILE {
                StandIn::Twin
            } else {
                StandIn::Handoff(name)
            };
            stdin(location, stands_for)
        }
        Some(Owner::Missing(location)) => {
            found
                .skipped
                .push((path.to_path_buf(), missing_plan_note(&location)));
            Ok(Vec::new())
        }
        Some(Owner::Shared(error)) => {
            found.unreadable.push(error);
            Ok(Vec::new())
        }
        None => stdin(PlanLocation::for_path(root, path)?, StandIn::Plan),
    }
}

/// Why the `.md` entry at `path` is not a plan file, or `None` when it is a
/// file (or a symlink to one) or a special file (a FIFO, socket or
/// device, which the reader refuses and the report names, SPEC §6).
fn not_a_plan_file(path: &Path) -> Option<String> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Some("skipped: a folder, not a plan file".to_string()),
        Ok(_) => None,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let target = std::fs::read_link(path)
                .map(|t| escape_path(&t))
                .unwrap_or_default();
            Some(format!(
                "skipped: a symlink to {target}, which does not exist; create the target or remove the link"
            ))
        }
        Err(e) => Some(format!(
            "skipped: cannot be followed ({e}); fix or remove the link"
        )),
    }
}

/// Whether the walk descends into the folder entry `entry`: not a hidden
/// one, not `docs/handoffs/`.
fn descend(entry: &walkdir::DirEntry) -> bool {
    if entry.depth() == 0 {
        return true;
    }
    let name = entry.file_name().to_string_lossy();
    if name.starts_with('.') {
        return false;
    }
    let handoffs = name == "handoffs"
        && entry
            .path()
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|p| p == "docs");
    !(entry.file_type().is_dir() && handoffs)
}

/// Whether `path` runs through a `docs/plans/` folder (a `docs` folder
/// followed by a `plans` folder, anywhere in it).
fn through_plans_folder(path: &Path) -> bool {
    let names: Vec<&std::ffi::OsStr> = path
        .components()
        .filter_map(|c| match c {
            Component::Normal(name) => Some(name),
            _ => None,
        })
        .collect();
    names.windows(2).any(|w| w[0] == "docs" && w[1] == "plans")
}

/// The plans under `dir` (recursively, by path), or those matching `glob`
/// when given (a glob over paths as written from `dir`, which is its
/// literal prefix). Index files, excluded files and hidden entries are
/// left out, and, when `dir` is not in a `docs/plans/` folder but holds one
/// below it, every file outside such folders (see the module
/// documentation); `.md` entries that are no file go to `found.skipped`,
/// files whose name is no slug and folders that cannot be read to
/// `found.unreadable`.
fn walk(
    root: &DocsRoot,
    dir: &Path,
    glob: Option<(&globset::GlobMatcher, usize)>,
    found: &mut Discovery,
    excluded: &mut ExcludeFn,
) -> Result<Vec<Target>> {
    let mut walker = walkdir::WalkDir::new(dir).sort_by_file_name();
    if let Some((_, depth)) = glob {
        walker = walker.max_depth(depth);
    }
    // The .md entries, each with why it is no plan file (or None).
    let mut entries_found: Vec<(PathBuf, Option<String>)> = Vec::new();
    let mut entries = walker.into_iter().filter_entry(descend);
    while let Some(entry) = entries.next() {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                let path = e.path().unwrap_or(dir).to_path_buf();
                let source = e
                    .into_io_error()
                    .unwrap_or_else(|| std::io::Error::other("a symlink loop"));
                found.unreadable.push(Error::Read { path, source });
                continue;
            }
        };
        let path = entry.path();
        let is_md = path.extension().is_some_and(|e| e == "md");
        if !is_md || entry.depth() == 0 && entry.file_type().is_dir() {
            continue;
        }
        if glob.is_some_and(|(m, _)| !m.is_match(path)) {
            continue;
        }
        let why = not_a_plan_file(path);
        if why.is_some() && entry.file_type().is_dir() {
            entries.skip_current_dir();
        }
        entries_found.push((path.to_path_buf(), why));
    }
    // In a repository or its docs/ folder, only the files of docs/plans/
    // folders are plans; a folder without one is a folder of plans.
    let dir_abs = absolute(dir);
    let above = dir_abs.parent().unwrap_or(&dir_abs).to_path_buf();
    let below_plans = |path: &Path| {
        absolute(path)
            .strip_prefix(&above)
            .is_ok_and(through_plans_folder)
    };
    let plans_only = glob.is_none()
        && !through_plans_folder(&dir_abs)
        && entries_found.iter().any(|(p, _)| below_plans(p));
    let mut targets = Vec::new();
    for (path, why) in entries_found {
        if plans_only && !below_plans(&path) {
            continue;
        }
        if let Some(why) = why {
            found.skipped.push((path, why));
            continue;
        }
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if is_index_file(&name) {
            continue;
        }
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if check_slug(&stem).is_err() {
            found.unreadable.push(Error::PlanFileName(path));
            continue;
        }
        let location = PlanLocation::for_path(root, &path)?;
        if excluded(&location)? {
            found.excluded.push(location.plan);
            continue;
        }
        targets.push(Target::File(location));
    }
    Ok(targets)
}

/// The plans a glob the shell did not expand names: the glob is matched
/// against the `.md` files under its literal prefix (the folders before its
/// first wildcard).
fn expand_glob(
    root: &DocsRoot,
    pattern: &str,
    found: &mut Discovery,
    excluded: &mut ExcludeFn,
) -> Result<Vec<Target>> {
    let mut base = PathBuf::new();
    let mut rest = 0;
    let mut literal = true;
    for component in Path::new(pattern).components() {
        let text = component.as_os_str().to_string_lossy();
        if literal && !is_glob(&text) {
            base.push(component.as_os_str());
        } else {
            literal = false;
            rest += 1;
        }
    }
    let depth = if pattern.contains("**") {
        usize::MAX
    } else {
        rest
    };
    let start = if base.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        base
    };
    // Paths under "." come out of the walk as "./…".
    let written = if start == Path::new(".") {
        format!("./{pattern}")
    } else {
        pattern.to_string()
    };
    let matcher = crate::root::glob::compile(&written).map_err(|e| {
        Error::Usage(format!(
            "\"{}\" is not a valid glob ({e}); {ACCEPTED}",
            escape_invisible(pattern)
        ))
    })?;
    if !start.is_dir() {
        return Ok(Vec::new());
    }
    walk(root, &start, Some((&matcher, depth)), found, excluded)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_files() {
        for name in ["README.md", "readme.md", "INDEX.md", "Index.md"] {
            assert!(is_index_file(name), "{name}");
        }
        assert!(!is_index_file("readme-plan.md"));
    }
}
