//! Package managers and virtual environments, as F39 `setup-deps-missing`
//! reads a §Verification command and a Setup command (SPEC-PARITY.md
//! section D): which calls run a package script or a `.venv/bin/*` binary
//! (and so need the folder's dependencies installed), which calls install
//! them, which flags move a call to another folder, and the Setup line
//! that installs them.
//!
//! Nothing else spells these words.

/// A family of tools that share one folder of installed dependencies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ecosystem {
    /// npm and npx (`node_modules`, from `package-lock.json`).
    Npm,
    /// pnpm (`node_modules`, from `pnpm-lock.yaml`).
    Pnpm,
    /// yarn (`node_modules`, from `yarn.lock`).
    Yarn,
    /// A Python virtual environment in `.venv`.
    Venv,
}

impl Ecosystem {
    /// What a §Verification call of this ecosystem runs, for messages
    /// (`an npm script`).
    pub fn runs(self) -> &'static str {
        match self {
            Ecosystem::Npm => "an npm script",
            Ecosystem::Pnpm => "a pnpm script",
            Ecosystem::Yarn => "a yarn script",
            Ecosystem::Venv => "a .venv binary",
        }
    }

    /// What a fresh checkout lacks for such a call (`node_modules`).
    pub fn lacks(self) -> &'static str {
        match self {
            Ecosystem::Venv => ".venv",
            _ => "node_modules",
        }
    }

    /// The Setup command that installs for the folder the Setup runs in
    /// (`npm ci`).
    pub fn install_here(self) -> &'static str {
        match self {
            Ecosystem::Npm => "npm ci",
            Ecosystem::Pnpm => "pnpm install",
            Ecosystem::Yarn => "yarn install",
            Ecosystem::Venv => "python3 -m venv .venv && .venv/bin/pip install -r requirements.txt",
        }
    }

    /// The Setup command that installs for `dir`, a folder below the one
    /// the Setup runs in (`npm --prefix web ci`).
    pub fn install_in(self, dir: &str) -> String {
        match self {
            Ecosystem::Npm => format!("npm --prefix {dir} ci"),
            Ecosystem::Pnpm => format!("pnpm -C {dir} install"),
            Ecosystem::Yarn => format!("yarn --cwd {dir} install"),
            Ecosystem::Venv => format!("cd {dir} && {}", self.install_here()),
        }
    }
}

/// Which calls of a package manager run a package script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scripts {
    /// Only these subcommands (npm: `run`, `test`, …).
    Verbs(&'static [&'static str]),
    /// Every subcommand but these and the installs (pnpm and yarn run a
    /// script by its name: `pnpm vitest run`, `yarn test`).
    AllBut(&'static [&'static str]),
    /// Every call (npx runs a package's binary).
    Always,
}

/// One package manager's command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackageManager {
    /// The command word (`npm`).
    pub command: &'static str,
    /// The dependencies it reads.
    pub ecosystem: Ecosystem,
    /// Which of its calls run a package script.
    pub scripts: Scripts,
    /// The subcommands that install the folder's dependencies.
    pub installs: &'static [&'static str],
    /// Whether the command with no subcommand installs (`yarn`).
    pub bare_installs: bool,
}

/// The package managers F39 reads.
pub const PACKAGE_MANAGERS: &[PackageManager] = &[
    PackageManager {
        command: "npm",
        ecosystem: Ecosystem::Npm,
        scripts: Scripts::Verbs(&[
            "run",
            "run-script",
            "rum",
            "urn",
            "test",
            "t",
            "tst",
            "start",
            "stop",
            "restart",
            "exec",
            "x",
        ]),
        installs: &[
            "ci",
            "install",
            "i",
            "add",
            "clean-install",
            "install-clean",
            "ic",
        ],
        bare_installs: false,
    },
    PackageManager {
        command: "npx",
        ecosystem: Ecosystem::Npm,
        scripts: Scripts::Always,
        installs: &[],
        bare_installs: false,
    },
    PackageManager {
        command: "pnpm",
        ecosystem: Ecosystem::Pnpm,
        scripts: Scripts::AllBut(&["dlx", "create", "env", "setup", "store", "help"]),
        installs: &["install", "i", "add"],
        bare_installs: false,
    },
    PackageManager {
        command: "yarn",
        ecosystem: Ecosystem::Yarn,
        scripts: Scripts::AllBut(&["dlx", "create", "help"]),
        installs: &["install", "add"],
        bare_installs: true,
    },
];

/// Flags of a package manager (or of `uv`) that run it in another folder:
/// `npm --prefix web …`, `pnpm -C web …`, `pnpm --dir web …`,
/// `yarn --cwd web …`, `uv --directory api …`.
pub const FOLDER_FLAGS: &[&str] = &["--prefix", "-C", "--dir", "--cwd", "--directory"];

/// The folder of a virtual environment, relative to the project it serves.
pub const VENV_DIR: &str = ".venv";
/// Where a virtual environment keeps its programs: a §Verification call
/// led by `<dir>/.venv/bin/<tool>` runs in `<dir>`.
pub const VENV_BIN: &str = ".venv/bin/";
/// Interpreters whose `-m venv <dir>` makes a virtual environment; a
/// versioned name (`python3.12`) counts as its family.
pub const VENV_PYTHONS: &[&str] = &["python", "python3"];
/// Tools that make a virtual environment in a folder: `virtualenv <dir>`,
/// and `uv venv [<dir>]` / `uv sync` (the project's `.venv`).
pub const VENV_MAKERS: &[(&str, &[&str])] = &[("virtualenv", &[]), ("uv", &["venv", "sync"])];
/// Shells whose `-c '<command>'` runs another command line.
pub const WRAPPING_SHELLS: &[&str] = &["bash", "sh", "zsh"];
