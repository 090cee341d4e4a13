//! The README's editor set-ups for `planfile server` (SPEC §10.2), run as
//! written in the editors installed here: Neovim (the snippet for its
//! version) and Emacs with eglot and markdown-mode, each headless, opening
//! a plan with a misspelled key and checking that the server attached and
//! its finding reached the editor. Where an editor is not installed the
//! test says so on stderr and passes: Debian's `neovim`, `emacs-nox`,
//! `elpa-eglot` and `elpa-markdown-mode` are what it needs.

mod common;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::Root;

/// How long an editor may take to start the server and show a finding.
const WAIT: Duration = Duration::from_secs(60);

/// A plan whose key `relays` is misspelled (`decision-key-unknown`).
const PLAN: &str = "---
slug: harbour
status: active
phases: 1
---

# Harbour beacon

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Lamp driver | — | beacon | lamp blinks |

## Phases

### Phase 1 — Lamp driver
- **Verification:** `test -s blink.log`

## Decisions

| key | value | owner | state | blocking | source | phase |
|---|---|---|---|---|---|---|
| `relays` | off | keeper | answered | no | plan | — |
";

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md reads")
}

/// The first fenced block of `lang` after the README line that starts with
/// `lead` (the line that says which editor and version it is for).
fn snippet(lead: &str, lang: &str) -> String {
    let text = readme();
    let at = text
        .lines()
        .position(|l| l.starts_with(lead))
        .unwrap_or_else(|| panic!("the README has no line starting {lead:?}"));
    let mut block = Vec::new();
    let mut inside = false;
    for line in text.lines().skip(at) {
        if let Some(fence) = line.strip_prefix("```") {
            if inside {
                return block.join("\n") + "\n";
            }
            inside = fence == lang;
            continue;
        }
        if inside {
            block.push(line);
        }
    }
    panic!("no ```{lang} block after {lead:?}");
}

/// `PATH` with the folder of the built `planfile` first, so that the
/// snippets' `planfile` is this one.
fn path_with_planfile() -> OsString {
    let bin = Path::new(env!("CARGO_BIN_EXE_planfile"))
        .parent()
        .expect("the binary's folder")
        .to_path_buf();
    let rest = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(std::iter::once(bin).chain(std::env::split_paths(&rest))).expect("a PATH")
}

/// The first line `program ARGS` prints, or `None` when it cannot run.
fn first_line(program: &str, args: &[&str]) -> Option<String> {
    let output = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .next()
        .map(str::to_string)
}

/// The first two numbers of the first `N.N` in `line`.
fn version(line: &str) -> Option<(u32, u32)> {
    line.split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .find_map(|word| {
            let mut parts = word.split('.');
            let major = parts.next()?.parse().ok()?;
            let minor = parts.next()?.parse().ok()?;
            Some((major, minor))
        })
}

/// Runs `command` to its end, killing it after [`WAIT`]; its stderr.
fn run(mut command: Command, what: &str) -> String {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{what} starts: {e}"));
    let deadline = Instant::now() + WAIT;
    while child.try_wait().expect("the editor's status").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let output = child.wait_with_output().expect("the editor ends");
            panic!(
                "{what} did not end within {WAIT:?}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = child.wait_with_output().expect("the editor ends");
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A docs root holding [`PLAN`], and the file the editor writes what it
/// saw to.
fn docs_root() -> (Root, PathBuf, PathBuf) {
    let root = Root::new();
    let plan = root.plan("harbour", PLAN);
    let result = root.path().join("editor-saw.txt");
    (root, plan, result)
}

/// What the editor wrote, once it has ended.
fn saw(result: &Path, what: &str, stderr: &str) -> String {
    std::fs::read_to_string(result)
        .unwrap_or_else(|e| panic!("{what} wrote nothing ({e}); its stderr: {stderr}"))
}

/// After the README's snippet: wait until the plan's buffer has a
/// diagnostic, then write the language clients and the diagnostics to
/// `$PLANFILE_SAW`, and quit.
const NEOVIM_CHECK: &str = r#"
vim.api.nvim_create_autocmd("VimEnter", {
  callback = function()
    vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
    local out = {}
    local clients = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
    for _, c in ipairs(clients) do table.insert(out, "client " .. c.name) end
    for _, d in ipairs(vim.diagnostic.get(0)) do
      table.insert(out, "diagnostic " .. tostring(d.source) .. ": " .. d.message)
    end
    vim.fn.writefile(out, vim.env.PLANFILE_SAW)
    vim.cmd("qa!")
  end,
})
"#;

#[test]
fn the_neovim_set_up_attaches_and_shows_findings() {
    let Some(found) = first_line("nvim", &["--version"]) else {
        eprintln!("skipped: Neovim (nvim) is not installed");
        return;
    };
    let Some(at) = version(&found) else {
        panic!("no version in {found:?}");
    };
    let lead = match at {
        (0, 11..) | (1.., _) => "Neovim 0.11 or later",
        (0, 7..=10) => "Neovim 0.7 to 0.10",
        _ => {
            eprintln!("skipped: {found} is older than the 0.7 the README's set-ups need");
            return;
        }
    };
    let (root, plan, result) = docs_root();
    let home = root.path().join("home");
    let init = root.path().join("init.lua");
    std::fs::write(&init, snippet(lead, "lua") + NEOVIM_CHECK).expect("init.lua");
    let mut nvim = Command::new("nvim");
    nvim.args(["--headless", "-i", "NONE", "-n", "-u"])
        .arg(&init)
        .arg(&plan)
        .current_dir(root.path())
        .env("PATH", path_with_planfile())
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("PLANFILE_SAW", &result);
    let stderr = run(nvim, &found);
    let saw = saw(&result, &found, &stderr);
    assert!(
        saw.lines().any(|l| l == "client planfile"),
        "{found} ({lead}): {saw}"
    );
    assert!(
        saw.lines().any(|l| l.starts_with(
            "diagnostic planfile: decision row `relays` in the plan: decision-key-unknown"
        )),
        "{found} ({lead}): {saw}"
    );
}

/// Opens the plan, lets the command loop's hook run (eglot-ensure connects
/// after the command that opened the buffer), waits until flymake has a
/// diagnostic, then writes the mode, the server command and the
/// diagnostics to RESULT and quits.
const EMACS_CHECK: &str = r#"
(require 'flymake)
(defun planfile-check (file result)
  (find-file file)
  (run-hooks 'post-command-hook)
  (let ((deadline (+ (float-time) 30)))
    (while (and (< (float-time) deadline) (null (flymake-diagnostics)))
      (accept-process-output nil 0.1)))
  (let* ((server (and (fboundp 'eglot-current-server) (eglot-current-server)))
         (lines (list (format "mode %s" major-mode)
                      (format "server %s"
                              (if server
                                  (mapconcat #'identity
                                             (process-command (jsonrpc--process server))
                                             " ")
                                "none")))))
    (dolist (d (flymake-diagnostics))
      (push (format "diagnostic %s" (flymake-diagnostic-text d)) lines))
    (with-temp-file result
      (insert (mapconcat #'identity (nreverse lines) "\n") "\n")))
  (kill-emacs 0))
"#;

/// Emacs in batch mode with the installed packages activated, as an
/// interactive start does before it reads `init.el`.
fn emacs() -> Command {
    let mut emacs = Command::new("emacs");
    emacs.args(["--batch", "-q", "--eval", "(package-activate-all)"]);
    emacs
}

#[test]
fn the_emacs_eglot_set_up_attaches_and_shows_findings() {
    let Some(found) = first_line("emacs", &["--version"]) else {
        eprintln!("skipped: Emacs is not installed");
        return;
    };
    let has = |library: &str| {
        emacs()
            .args([
                "--eval",
                &format!("(kill-emacs (if (locate-library \"{library}\") 0 1))"),
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    for library in ["eglot", "markdown-mode"] {
        if !has(library) {
            eprintln!("skipped: {found} has no {library} (the README says where to get it)");
            return;
        }
    }
    let (root, plan, result) = docs_root();
    let init = root.path().join("init.el");
    let check = root.path().join("check.el");
    std::fs::write(&init, snippet("Emacs with eglot", "elisp")).expect("init.el");
    std::fs::write(&check, EMACS_CHECK).expect("check.el");
    let mut run_emacs = emacs();
    run_emacs
        .arg("-l")
        .arg(&init)
        .arg("-l")
        .arg(&check)
        .arg("--eval")
        .arg(format!(
            "(planfile-check {:?} {:?})",
            plan.display().to_string(),
            result.display().to_string()
        ))
        .current_dir(root.path())
        .env("PATH", path_with_planfile());
    let stderr = run(run_emacs, &found);
    let saw = saw(&result, &found, &stderr);
    assert!(
        saw.lines().any(|l| l == "mode markdown-mode"),
        "{found}: {saw}"
    );
    assert!(
        saw.lines().any(|l| l == "server planfile server"),
        "{found}: {saw}"
    );
    assert!(
        saw.lines().any(|l| l.starts_with("diagnostic")
            && l.contains("`relays`")
            && l.contains("decision-key-unknown")),
        "{found}: {saw}"
    );
}
