//! Benchmarks of planfile's main jobs on the example plan and on generated
//! plans (src/generate.rs): reading + merging a view (the listing), in
//! process and as a whole process.
//!
//! Run: `cargo bench --bench planfile`. BENCHMARKS.md records the figures.

use std::path::{Path, PathBuf};
use std::process::Command;

use planfile::generate::{PlanShape, write_docs_root};
use planfile::manifest::{Manifest, View};
use planfile::output;
use planfile::root::{DocsRoot, PlanLocation};

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
        "phases-1000" => generated("phases-1000", 1000, 0),
        "twin-2k" => generated("twin-2k", 120, 2_000),
        "twin-20k" => generated("twin-20k", 1_100, 20_000),
        other => panic!("no fixture {other}"),
    }
}

const INPUTS: [&str; 5] = ["example", "phases-72", "phases-1000", "twin-2k", "twin-20k"];

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
