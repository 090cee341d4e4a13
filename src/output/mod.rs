//! Output formats: the listings of the resolved manifest (SPEC §5) and, in
//! their own modules, the renderings of lint findings (SPEC §6).
//!
//! What belongs here: turning results into bytes — TSV, JSON, tables,
//! prompts, the gate's verdict, and every findings format. Nothing here
//! reads a file or decides anything. It may use every layer below it.

pub mod color;
pub mod compat;
pub mod concise;
pub mod diff;
pub mod engine;
pub mod findings_json;
pub mod gate;
pub mod github;
pub mod gitlab;
pub mod human;
pub mod in_force;
pub mod json;
pub mod junit;
pub mod needs;
pub mod prompt;
pub mod sarif;
pub mod settings;
pub mod statistics;
pub mod table;
pub mod tsv;
pub mod unreadable;

/// What a findings format of `validate` prints (SPEC §6, §10.1): the plans
/// linted, the plans that could not be read, the folder paths are shown
/// relative to ([`display_path`](crate::root::display_path)), and the
/// repository the CI formats name files from.
#[derive(Debug, Clone, Copy)]
pub struct Findings<'a> {
    /// The plans linted, in order.
    pub plans: &'a [crate::lint::PlanReport],
    /// The plans that could not be read.
    pub unreadable: &'a [unreadable::Unreadable],
    /// The working directory, or `None` to show paths as located.
    pub base: Option<&'a std::path::Path>,
    /// The repository the run is in (SPEC §10.1 "Paths in CI reports"):
    /// `github`, `sarif`, `gitlab` and `junit` name files relative to its
    /// top ([`Findings::ci_path`]); `None` shows them as the other formats
    /// do.
    pub repository: Option<&'a crate::root::Repository>,
}

impl Findings<'_> {
    /// How the CI formats (`github`, `sarif`, `gitlab`, `junit`) name the
    /// file at `path`: relative to the repository's top when there is a
    /// repository and a working directory (a relative `path` is taken from
    /// the working directory), else as every other format does; `-` (an
    /// unnamed plan on stdin) as it is.
    pub fn ci_path(&self, path: &std::path::Path) -> String {
        if path == std::path::Path::new("-") {
            // A plan on stdin that --stdin-filename did not name.
            return "-".to_string();
        }
        match (self.repository, self.base) {
            (Some(repository), Some(cwd)) => repository.path_of(path, cwd),
            _ => crate::root::display_path(path, self.base),
        }
    }
}

/// Writes `value` as pretty-printed JSON, then a newline (every JSON
/// output ends so). Errors are the writer's.
pub fn write_json<T: serde::Serialize + ?Sized>(
    out: &mut dyn std::io::Write,
    value: &T,
) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    out.write_all(b"\n")
}

/// `field` with every tab, CR and LF printed as one space, so a TSV line
/// keeps its six fields (SPEC §5.1).
pub fn flatten_field(field: &str) -> std::borrow::Cow<'_, str> {
    if field.contains(['\t', '\r', '\n']) {
        std::borrow::Cow::Owned(field.replace(['\t', '\r', '\n'], " "))
    } else {
        std::borrow::Cow::Borrowed(field)
    }
}

/// The `planfile decisions <slug> [--phase N] <verb>` command line that a
/// person or a session can run on the same plan and view (used by the
/// start gate's advice and the boot prompt's heading, SPEC §5.3, §5.4).
pub fn decisions_command(slug: &str, phase: Option<u32>, verb: &str) -> String {
    decisions_command_in(None, slug, phase, verb)
}

/// [`decisions_command`] carrying the `--root` the user gave, when one was
/// given, so that the command can be pasted as it is (SPEC §10.3): the
/// folder is written as given, quoted for a POSIX shell where it needs it.
pub fn decisions_command_in(
    root: Option<&std::path::Path>,
    slug: &str,
    phase: Option<u32>,
    verb: &str,
) -> String {
    let root = root
        .map(|dir| {
            let dir = dir.to_string_lossy();
            let quoted = shlex::try_quote(&dir).unwrap_or_else(|_| dir.clone());
            format!("--root {quoted} ")
        })
        .unwrap_or_default();
    match phase {
        Some(p) => format!("planfile {root}decisions {slug} --phase {p} {verb}"),
        None => format!("planfile {root}decisions {slug} {verb}"),
    }
}
