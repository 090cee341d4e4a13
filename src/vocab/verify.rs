//! The vocabulary of §Verification commands (SPEC-PARITY.md section D): which
//! leads depend on the working directory, which names are never worth a
//! "not installed" warning, and the patterns that recognise a wait on an
//! external clock, a bring-up command, a fleet-wide read and an expected
//! failure written as prose.
//!
//! The patterns are POSIX extended regular expressions, as the console's
//! runner and the reference lint share them; [`crate::lint::pattern`]
//! compiles them and matches them leftmost-longest, as POSIX `grep -o` does.
//! Each comes with words one of which every match contains, so that a text
//! holding none of them is passed over without compiling the pattern (a
//! test derives the match prefixes from each pattern and checks them).
//! The checks F16, F17, F18, F22, F23 and F32 read them from here; nothing
//! else spells them.

/// Leads whose meaning depends on the working directory (F18): a
/// §Verification command led by one of them, in a phase that names no
/// `Verify in`, runs at the repository root and may test the wrong tree.
pub const CWD_SENSITIVE: &[&str] = &[
    "docker",
    "docker-compose",
    "pnpm",
    "npm",
    "yarn",
    "task",
    "make",
    "just",
    "pytest",
    "go",
    "cargo",
    "alembic",
    "vitest",
    "jest",
    "tsc",
    "node",
];

/// Leads never worth a "not installed" warning (F17): shell builtins,
/// reserved words and tools every machine has.
pub const PREFLIGHT_SKIP: &[&str] = &[
    "cd", "true", "false", "echo", "printf", "test", "pwd", "env", "which", "bash", "sh",
    "command", "export", "set", "time", "if", "then", "fi", "elif", "else", "for", "while",
    "until", "do", "done", "case", "esac",
];

/// Names a POSIX shell's `command -v` finds without looking at `PATH`
/// (bash's builtins and reserved words): a lead that is one of them is
/// installed wherever the command runs (F17).
pub const SHELL_BUILTINS: &[&str] = &[
    "alias",
    "bg",
    "bind",
    "break",
    "builtin",
    "caller",
    "case",
    "cd",
    "command",
    "compgen",
    "complete",
    "compopt",
    "continue",
    "coproc",
    "declare",
    "dirs",
    "disown",
    "do",
    "done",
    "echo",
    "elif",
    "else",
    "enable",
    "esac",
    "eval",
    "exec",
    "exit",
    "export",
    "false",
    "fc",
    "fg",
    "fi",
    "for",
    "function",
    "getopts",
    "hash",
    "help",
    "history",
    "if",
    "in",
    "jobs",
    "kill",
    "let",
    "local",
    "logout",
    "mapfile",
    "popd",
    "printf",
    "pushd",
    "pwd",
    "read",
    "readarray",
    "readonly",
    "return",
    "select",
    "set",
    "shift",
    "shopt",
    "source",
    "suspend",
    "test",
    "then",
    "time",
    "times",
    "trap",
    "true",
    "type",
    "typeset",
    "ulimit",
    "umask",
    "unalias",
    "unset",
    "until",
    "wait",
    "while",
];

/// A POSIX extended regular expression of the vocabulary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ere {
    /// The expression.
    pub pattern: &'static str,
    /// Words one of which every match contains (compared ignoring ASCII
    /// case when `ignore_case` is set).
    pub words: &'static [&'static str],
    /// Whether it matches ignoring case, as `grep -i`.
    pub ignore_case: bool,
}

/// A note added to the F17 finding for a lead that is often written by
/// mistake: the lead, and whether the note needs the alternative (the
/// second element) installed to apply; the note itself is the third.
pub const LEAD_HINTS: &[(&str, Option<&str>, &str)] = &[
    (
        "python",
        Some("python3"),
        "this machine has python3 — write python3",
    ),
    (
        "rg",
        None,
        "rg is often a shell alias, not a binary — use grep -R, or install ripgrep",
    ),
];

/// Commands that wait on a clock outside the session (F16): a watch on a CI
/// run, a long `sleep`, a poll loop that sleeps, waits or calls the
/// network, `tail -f`, `watch -n`, a foreground `docker compose up`, ….
/// Matched against the §Verification reach folded into one line, after
/// [`EXTERNAL_WAIT_ALLOW`] is cut out and the text is split after each
/// `done` keyword (a loop cannot borrow a clock from a later statement).
pub const EXTERNAL_WAIT: Ere = Ere {
    pattern: concat!(
        r"gh run watch|gh pr checks[^`]*--watch| --watch([^A-Za-z]|$)|task deploy",
        r"|sleep [0-9]{3,}|sleep [6-9][0-9]([^0-9]|$)|sleep [0-9]+[mh]",
        r#"|(until|while (\[\[? |test |\(\( |! |(true|:) *;))[^`]*([ ;&|(!]sleep [0-9"$]|[ ;&|(]wait( |;|$)|[ ;&|(]read -t|[ ;&|(!](gh|aws|kubectl|ssh|scp|rsync|vercel|terraform|flyctl|fly|gcloud|az|doctl|heroku|curl|wget|nc) |[ ;&|(!]git (fetch|pull|push|ls-remote|clone)|https?://)[^`]*(; *| )do( |;|$)"#,
        r#"|(until|while (\[\[? |test |\(\( |! |(true|:) *;))[^`]*(; *| )do[^`]*([ ;&|(!]sleep [0-9"$]|[ ;&|(]wait( |;|$)|[ ;&|(]read -t|[ ;&|(!](gh|aws|kubectl|ssh|scp|rsync|vercel|terraform|flyctl|fly|gcloud|az|doctl|heroku|curl|wget|nc) |[ ;&|(!]git (fetch|pull|push|ls-remote|clone)|https?://)"#,
        r"|while sleep [^`]+; *do|watch -n|aws [a-z0-9-]+ wait |kubectl rollout status",
        r"|docker[ -]compose logs -f|docker[ -]compose up( |$)|tail -f",
    ),
    words: &[
        "gh ",
        "--watch",
        "task deploy",
        "sleep ",
        "until",
        "while ",
        "watch -n",
        "aws ",
        "kubectl ",
        "docker",
        "tail -f",
    ],
    ignore_case: false,
};

/// Spans cut out of the text before [`EXTERNAL_WAIT`] is asked (F16): a
/// detached `docker compose up -d` returns at once, and the arguments of
/// the session's own `phase-outcome.sh` are words about a wait, not a wait.
pub const EXTERNAL_WAIT_ALLOW: Ere = Ere {
    pattern: r#"docker[ -]compose up (-d|--detach)|phase-outcome\.sh([^;&|"]|"[^"]*")*"#,
    words: &["docker", "phase-outcome.sh"],
    ignore_case: false,
};

/// Where the F16 text is split, after the `done` that ends a loop: `done`
/// as a command word (at the start, or after `;` or `&`), followed by a
/// blank, a separator, a closing bracket or quote, or the end.
pub const LOOP_END: Ere = Ere {
    pattern: r#"(^|[;&] *)done([ ;&|)'"]|$)"#,
    words: &["done"],
    ignore_case: false,
};

/// Bring-up commands (F22): they install or start what the phase needs
/// before it can be proved, so they belong in `- **Setup:**`, never in
/// §Verification. Matched at the head of a command.
pub const SETUP_LEADS: Ere = Ere {
    pattern: concat!(
        r"docker[ -]compose up|docker start |npm ci|npm install|pnpm install|yarn install",
        r"|bundle install|pip install|uv sync|poetry install|terraform init|alembic upgrade",
        r"|minikube start|kind create cluster|vagrant up|sleep [0-9]",
    ),
    words: &[
        "docker",
        "npm ",
        "pnpm install",
        "yarn install",
        "bundle install",
        "pip install",
        "uv sync",
        "poetry install",
        "terraform init",
        "alembic upgrade",
        "minikube start",
        "kind create cluster",
        "vagrant up",
        "sleep ",
    ],
    ignore_case: false,
};

/// Where a command starts, for [`SETUP_LEADS`]: the start of the text, or
/// after a `;`, `&`, `|` or backtick and any spaces.
pub const COMMAND_HEAD: &str = r"(^|[;&|`] *)";

/// Commands whose exit code reads fleet-wide state (F32): `task hygiene`,
/// `task drift`, and `ps` piped into a `grep`.
pub const FLEET_WIDE_READS: Ere = Ere {
    pattern: concat!(
        r"(^|[ ])task (hygiene|drift)([^A-Za-z0-9:_-]|$)",
        r#"|(^|[({!"]|(^|[ ])(if|then|else|do|time|sudo|exec)) ?ps( [^|]*)?(\|[^|]*)*\| ?(e|f)?grep( |$)"#,
    ),
    words: &["task ", "ps"],
    ignore_case: false,
};

/// The scoped forms of [`FLEET_WIDE_READS`] (F32): `task hygiene` with an
/// argument that reads no repository, and `ps` naming one process by pid.
pub const FLEET_WIDE_SCOPED: Ere = Ere {
    pattern: concat!(
        r"(^|[ ])task hygiene -- ([^|]* )?--(check-tag|list-tag-allowlist)( |$)",
        r#"|(^|[({!" ])ps [^|]*(-[A-Za-z]*p ?[0-9$"(]|--pid[ =])"#,
    ),
    words: &["task hygiene", "ps "],
    ignore_case: false,
};

/// An expected failure written as prose beside a command (F23), matched
/// ignoring case: the runner reads exit codes, not sentences.
pub const EXPECTED_FAILURE: Ere = Ere {
    pattern: concat!(
        r"(expected|expect|should|will|must) (to )?(fail|be red|error|exit non-?zero)",
        r"|known[ -]red|red until|fails? until|EXPECTED RED",
    ),
    words: &["expect", "should", "will", "must", "red", "fail"],
    ignore_case: true,
};

/// What F32 says about a fleet-wide read: the text the hit must contain,
/// why the read cannot pass while other work is live, and the scoped form
/// to write instead. The last entry (empty key) is the process read.
pub const FLEET_WIDE_ADVICE: &[(&str, &str, &str)] = &[
    (
        "task hygiene",
        "it judges every plan, branch and working tree of the checkout, the run's own branches included, so it cannot pass while other work is live",
        "`task hygiene` has no scoped form (it accepts only `--offline`, `--remote-only`, `--json` and `--stale-days N`, each still the whole fleet); assert what this plan changed instead, e.g. `test -z \"$(git -C <repo> status --porcelain)\"` for a tree it touched, and leave the fleet audit to a person after the run lands (`Gate-check: manual`)",
    ),
    (
        "task drift",
        "it judges every plan, branch and working tree of the checkout, the run's own branches included, so it cannot pass while other work is live",
        "`task drift` ignores its arguments; run only the gate this plan changed, `task drift:<gate>` (`task --list` names them), or the whole set from a main-tip checkout, `task -d <checkout> drift`",
    ),
    (
        "",
        "it lists every process on the machine, every console's and every session's, so it can take another instance's process for this one",
        "name the one process by pid: `ps -p <pid>` from a pid file, or `ps -o command= -p \"$(lsof -tiTCP:<port> -sTCP:LISTEN)\"` for a console by its port",
    ),
];
