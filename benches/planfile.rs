//! Benchmarks of planfile's main jobs on the example plan and on generated
//! plans (src/generate.rs): reading + merging a view (the listing), the lint,
//! and a write, in process and as a whole process, beside `cat` of the same
//! files as a baseline; `validate` over a tree of 1,000 plans; and the
//! language server re-linting a 72-phase plan after one edit; and the plan
//! engine's modes (`phase-graph` board, ready sets, dependencies, gates,
//! sizes, scopes, closure) on a 72-phase plan with handoffs and QA, in
//! process and as a whole process beside `planfile --version`.
//!
//! And the scaling benches (`scaling_*`, SPEC §8 "Cost grows with the
//! input"): each adversarial shape of `generate::Adversarial`, and the
//! generated plan's phase count, at two sizes ten times apart, through the
//! lint, the start gate (`check` of every view) and `validate` as a whole
//! process; the larger may cost at most 15 times the smaller.
//!
//! Run: `cargo bench --bench planfile` (only the scaling ones:
//! `cargo bench --bench planfile -- scaling`). BENCHMARKS.md records the figures.

use std::path::{Path, PathBuf};
use std::process::Command;

use planfile::engine::{self, EngineEnv, Reading};
use planfile::gate;
use planfile::generate::{Adversarial, PlanShape, write_adversarial, write_docs_root};
use planfile::lint;
use planfile::lint::settings::LintSettings;
use planfile::manifest::{Manifest, View};
use planfile::output;
use planfile::root::{DocsRoot, PlanLocation};
use planfile::server::{Server, transport};

#[path = "../tests/common/mod.rs"]
mod common;

fn main() {
    divan::main();
}

/// A docs root that lives as long as the benchmark process.
struct Fixture {
    _dir: Option<tempfile::TempDir>,
    root: PathBuf,
    slug: &'static str,
}

fn example() -> Fixture {
    Fixture {
        _dir: None,
        root: Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/example"),
        slug: "demo",
    }
}

fn generated(slug: &'static str, phases: usize, twin_rows: usize) -> Fixture {
    let dir = tempfile::tempdir().expect("a temporary folder");
    write_docs_root(dir.path(), slug, PlanShape { phases, twin_rows }).expect("write the plan");
    Fixture {
        root: dir.path().to_path_buf(),
        _dir: Some(dir),
        slug,
    }
}

/// The benchmark inputs, by name.
fn fixture(name: &str) -> Fixture {
    match name {
        "example" => example(),
        "phases-72" => generated("phases-72", 72, 0),
        "phases-72-twin-500" => generated("phases-72-twin-500", 72, 500),
        "phases-1000" => generated("phases-1000", 1000, 0),
        "twin-2k" => generated("twin-2k", 120, 2_000),
        "twin-20k" => generated("twin-20k", 1_100, 20_000),
        other => panic!("no fixture {other}"),
    }
}

const INPUTS: [&str; 6] = [
    "example",
    "phases-72",
    "phases-72-twin-500",
    "phases-1000",
    "twin-2k",
    "twin-20k",
];

/// Read the plan and twin, merge phase 2's view, render the TSV.
#[divan::bench(args = INPUTS)]
fn listing(bencher: divan::Bencher, name: &str) {
    let f = fixture(name);
    let location = PlanLocation::resolve(&DocsRoot(f.root.clone()), f.slug).expect("a valid slug");
    bencher.bench(|| {
        let manifest = Manifest::load(&location).expect("the plan reads");
        let rows = manifest.resolve(View::Phase(2));
        let mut out = Vec::new();
        output::tsv::write(&mut out, &rows).expect("in-memory write");
        out
    });
}

/// `planfile phase-graph <slug> --decisions 2` as a whole process.
#[divan::bench(args = INPUTS, sample_count = 30)]
fn listing_process(bencher: divan::Bencher, name: &str) {
    let f = fixture(name);
    let bin = env!("CARGO_BIN_EXE_planfile");
    bencher.bench(|| {
        let out = Command::new(bin)
            .arg("--root")
            .arg(&f.root)
            .args(["phase-graph", f.slug, "--decisions", "2"])
            .output()
            .expect("planfile runs");
        assert!(out.status.success());
        out
    });
}

/// `cat` of the same plan and twin as a whole process: the floor that any
/// process reading these files pays on this machine.
#[divan::bench(args = INPUTS, sample_count = 30)]
fn baseline_cat(bencher: divan::Bencher, name: &str) {
    let f = fixture(name);
    let plan = f.root.join("docs/plans").join(format!("{}.md", f.slug));
    let twin = f
        .root
        .join("docs/handoffs")
        .join(f.slug)
        .join("decisions.md");
    bencher.bench(|| {
        let mut cmd = Command::new("cat");
        cmd.arg(&plan);
        if twin.exists() {
            cmd.arg(&twin);
        }
        cmd.output().expect("cat runs")
    });
}

/// Read the plan and twin, scan the handoffs, run every check.
#[divan::bench(args = INPUTS)]
fn lint_plan(bencher: divan::Bencher, name: &str) {
    let f = fixture(name);
    let location = PlanLocation::resolve(&DocsRoot(f.root.clone()), f.slug).expect("a valid slug");
    let config = LintSettings::default();
    bencher.bench(|| lint::lint_location(&location, &config).expect("the plan lints"));
}

/// `planfile phase-graph <slug> --lint` as a whole process.
#[divan::bench(args = INPUTS, sample_count = 30)]
fn lint_process(bencher: divan::Bencher, name: &str) {
    let f = fixture(name);
    let bin = env!("CARGO_BIN_EXE_planfile");
    bencher.bench(|| {
        Command::new(bin)
            .arg("--root")
            .arg(&f.root)
            .args(["phase-graph", f.slug, "--lint"])
            .output()
            .expect("planfile runs")
    });
}

/// `planfile decisions <slug> answer stop --value …` as a whole process, on a
/// copy of the input; the value alternates so that every call rewrites the
/// twin (lock, temp file, fsync, rename, read-back).
#[divan::bench(args = INPUTS, sample_count = 30)]
fn answer_process(bencher: divan::Bencher, name: &str) {
    let source = fixture(name);
    let copy = tempfile::tempdir().expect("a temporary folder");
    common::copy_dir(&source.root.join("docs"), &copy.path().join("docs"));
    let bin = env!("CARGO_BIN_EXE_planfile");
    let mut n = 0u64;
    bencher.bench_local(|| {
        n += 1;
        let out = Command::new(bin)
            .arg("--root")
            .arg(copy.path())
            .args(["decisions", source.slug, "answer", "stop", "--value"])
            .arg(format!("halt, take {n}"))
            .env("PE_OWNER", "bench")
            .env("PE_TODAY", "2026-09-14")
            .output()
            .expect("planfile runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    });
}

/// `planfile validate` over a docs root of 1,000 generated 12-phase plans,
/// as a whole process.
#[divan::bench(sample_count = 10)]
fn validate_1000_plans(bencher: divan::Bencher) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for i in 0..1000 {
        write_docs_root(
            dir.path(),
            &format!("plan-{i:04}"),
            PlanShape {
                phases: 12,
                twin_rows: 0,
            },
        )
        .expect("write a plan");
    }
    let bin = env!("CARGO_BIN_EXE_planfile");
    bencher.bench(|| {
        let out = Command::new(bin)
            .arg("--root")
            .arg(dir.path())
            .args(["validate", "--format", "concise"])
            .output()
            .expect("planfile runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    });
}

/// `planfile server` after one edit of an open 72-phase plan: the
/// `didChange` (the whole buffer, one key misspelled or set right again)
/// goes in (the serving loop then lints the plan it made due); the plan is
/// built from the buffer, linted, and its
/// `publishDiagnostics` (one finding, or none) written out as the framed
/// bytes an editor reads.
#[divan::bench(sample_count = 300)]
fn server_relint_after_edit(bencher: divan::Bencher) {
    let f = fixture("phases-72");
    let path = f.root.join("docs/plans").join(format!("{}.md", f.slug));
    let text = std::fs::read_to_string(&path).expect("the plan");
    let uri = url::Url::from_file_path(&path)
        .expect("an absolute path")
        .to_string();
    let message = |method: &str, params: serde_json::Value| {
        lsp_server::Message::Notification(lsp_server::Notification::new(method.into(), params))
    };
    let mut server = Server::new(None);
    server.handle(lsp_server::Message::Request(lsp_server::Request::new(
        1.into(),
        "initialize".into(),
        serde_json::json!({"capabilities": {}}),
    )));
    server.handle(message(
        "textDocument/didOpen",
        serde_json::json!({"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}),
    ));
    server.lint_due();
    server.take_outgoing();
    let edited = text.replacen("| `stop` |", "| `stops` |", 1);
    assert_ne!(edited, text);
    let changes: Vec<_> = [edited, text]
        .into_iter()
        .map(|text| {
            message(
                "textDocument/didChange",
                serde_json::json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text}]}),
            )
        })
        .collect();
    server.handle(changes[0].clone());
    server.lint_due();
    let published = format!("{:?}", server.take_outgoing());
    assert!(published.contains("decision-key-unknown"), "{published}");
    let mut n = 1;
    bencher.bench_local(|| {
        n += 1;
        server.handle(changes[n % 2].clone());
        server.lint_due();
        let mut out = Vec::new();
        for message in server.take_outgoing() {
            transport::write(&mut out, &message).expect("in-memory write");
        }
        assert!(!out.is_empty());
        out
    });
}

/// The engine's modes measured, with their argument: every mode planfile
/// serves, on a phase in the middle of the plan.
const ENGINE_MODES: [&str; 14] = [
    "board",
    "--gate-status 35",
    "--boot-prompt 36",
    "--boot-fanout 22",
    "--ready",
    "--ready-after 36",
    "--deps 36",
    "--dependents 36",
    "--gated 35",
    "--gate-kind 35",
    "--size 36",
    "--repos 36",
    "--plan-status",
    "--closed",
];

/// A 72-phase docs root for the engine: the generated plan (each phase
/// depends on the one before; every fifth is GATED), the first 20 phases
/// done, phase 21 in progress, a `test-status.md` passing the done phases,
/// and a `Size:` bullet in every block.
fn engine_fixture() -> Fixture {
    let f = generated("engine-72", 72, 0);
    let plan = f.root.join("docs/plans/engine-72.md");
    let text = std::fs::read_to_string(&plan).expect("the plan");
    let sized = text.replace(
        "\n- **Verification:**",
        "\n- **Size:** S\n- **Verification:**",
    );
    std::fs::write(&plan, sized).expect("the plan");
    let handoffs = f.root.join("docs/handoffs/engine-72");
    std::fs::create_dir_all(&handoffs).expect("the handoffs folder");
    let mut verdicts = String::from("## QA status\n\n| Phase | Result |\n|---|---|\n");
    for p in 1..=21 {
        let status = if p == 21 { "in-progress" } else { "complete" };
        std::fs::write(
            handoffs.join(format!("phase-{p:02}-step.md")),
            format!("---\nstatus: {status}\n---\n\n## What this phase did\n\nStep {p}.\n"),
        )
        .expect("a handoff");
        verdicts.push_str(&format!("| {p} | pass |\n"));
    }
    std::fs::write(handoffs.join("test-status.md"), verdicts).expect("test-status.md");
    f
}

/// One engine mode in process: read the plan (and what the mode reads
/// besides), compute the answer, render the reference's text.
#[divan::bench(args = ENGINE_MODES)]
fn engine_mode(bencher: divan::Bencher, mode: &str) {
    let f = engine_fixture();
    let mut words = mode.split(' ');
    let name = words.next().unwrap_or("board");
    let arg = words.next();
    bencher.bench(|| {
        let request = engine::mode_request(name, arg).expect("a mode");
        let env = EngineEnv::fixed(&f.root, "/opt/scripts");
        let reading = Reading::open(env, f.slug, request.mode.needs).expect("the plan reads");
        let answer = engine::run(&reading, &request).expect("an answer");
        output::engine::render(&answer, output::engine::Format::Text)
    });
}

/// `planfile phase-graph <slug> <mode>` as a whole process.
#[divan::bench(args = ENGINE_MODES, sample_count = 30)]
fn engine_process(bencher: divan::Bencher, mode: &str) {
    let f = engine_fixture();
    let bin = env!("CARGO_BIN_EXE_planfile");
    bencher.bench(|| {
        Command::new(bin)
            .arg("--root")
            .arg(&f.root)
            .args(["phase-graph", "--scripts-dir", "/opt/scripts", f.slug])
            .args(mode.split(' ').filter(|w| *w != "board"))
            .output()
            .expect("planfile runs")
    });
}

/// `planfile --version` as a whole process: what any run of the binary
/// costs, the yardstick of the engine's modes (SPEC §11: within 2x).
#[divan::bench(sample_count = 30)]
fn version_process(bencher: divan::Bencher) {
    let bin = env!("CARGO_BIN_EXE_planfile");
    bencher.bench(|| {
        Command::new(bin)
            .arg("--version")
            .output()
            .expect("planfile runs")
    });
}

/// The scaling inputs: a shape and its size, each at two sizes ten times
/// apart (`phases N`: the generated plan of N phases).
const SCALING: [&str; 12] = [
    "comment-line 10000",
    "comment-line 100000",
    "fence-lines 20001",
    "fence-lines 200001",
    "one-key-rows 10000",
    "one-key-rows 100000",
    "long-cell 100000",
    "long-cell 1000000",
    "many-findings 1000",
    "many-findings 10000",
    "phases 100",
    "phases 1000",
];

/// The docs root of scaling input `name` (see [`SCALING`]), plan `scale`.
fn scaling_fixture(name: &str) -> Fixture {
    let (shape, n) = name.split_once(' ').expect("a shape and a size");
    let n: usize = n.parse().expect("a size");
    let dir = tempfile::tempdir().expect("a temporary folder");
    if shape == "phases" {
        write_docs_root(
            dir.path(),
            "scale",
            PlanShape {
                phases: n,
                twin_rows: 0,
            },
        )
        .expect("write the plan");
    } else {
        let shape = Adversarial::named(shape).expect("a shape");
        write_adversarial(dir.path(), "scale", shape, n).expect("write the plan");
    }
    Fixture {
        root: dir.path().to_path_buf(),
        _dir: Some(dir),
        slug: "scale",
    }
}

/// The lint of a scaling input, in process: read, scan, every check.
#[divan::bench(args = SCALING, sample_count = 10, sample_size = 1)]
fn scaling_lint(bencher: divan::Bencher, name: &str) {
    let f = scaling_fixture(name);
    let location = PlanLocation::resolve(&DocsRoot(f.root.clone()), f.slug).expect("a valid slug");
    let config = LintSettings::default();
    bencher.bench(|| lint::lint_location(&location, &config).expect("the plan lints"));
}

/// The start gate of a scaling input, in process: read the manifest, judge
/// the plan-wide view and every phase's (`decisions scale check`).
#[divan::bench(args = SCALING, sample_count = 10, sample_size = 1)]
fn scaling_check(bencher: divan::Bencher, name: &str) {
    let f = scaling_fixture(name);
    let location = PlanLocation::resolve(&DocsRoot(f.root.clone()), f.slug).expect("a valid slug");
    let policy = planfile::manifest::policy::ConsolePolicy::default();
    bencher.bench(|| {
        let manifest = Manifest::load(&location).expect("the plan reads");
        let none: [&str; 0] = [];
        let verdict = gate::check_every_view(&manifest, &none, &f.root, &policy);
        verdict.may_start()
    });
}

/// `planfile validate scale` on a scaling input, as a whole process.
#[divan::bench(args = SCALING, sample_count = 10, sample_size = 1)]
fn scaling_validate_process(bencher: divan::Bencher, name: &str) {
    let f = scaling_fixture(name);
    let bin = env!("CARGO_BIN_EXE_planfile");
    bencher.bench(|| {
        Command::new(bin)
            .arg("--root")
            .arg(&f.root)
            .args(["validate", f.slug])
            .output()
            .expect("planfile runs")
    });
}

/// The sizes of the engine's scaling inputs: the generated plan of N phases
/// (SPEC §8: the larger may cost at most 15 times the smaller).
const ENGINE_SCALING: [usize; 2] = [1_000, 10_000];

/// The status board (with its batches) of a generated plan of N phases, in
/// process: read the plan, build the board, render the reference's text.
#[divan::bench(args = ENGINE_SCALING, sample_count = 10, sample_size = 1)]
fn scaling_engine_board(bencher: divan::Bencher, phases: usize) {
    let f = scaling_fixture(&format!("phases {phases}"));
    bencher.bench(|| {
        let request = engine::mode_request("board", None).expect("a mode");
        let env = EngineEnv::fixed(&f.root, "/opt/scripts");
        let reading = Reading::open(env, f.slug, request.mode.needs).expect("the plan reads");
        let answer = engine::run(&reading, &request).expect("an answer");
        output::engine::render(&answer, output::engine::Format::Text)
    });
}
