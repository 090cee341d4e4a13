//! Writes a generated docs root: `cargo run --release --example generate -- DIR SLUG PHASES TWIN_ROWS`,
//! or a plan of an adversarial shape at size N: `generate DIR SLUG --shape NAME N`
//! (`comment-line`, `fence-lines`, `one-key-rows`, `long-cell`, `many-findings`).
//! Used to reproduce the figures of BENCHMARKS.md with whole-process tools
//! (hyperfine, /usr/bin/time -v, valgrind).

use std::path::PathBuf;
use std::process::ExitCode;

use planfile::generate::{Adversarial, PlanShape, write_adversarial, write_docs_root};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [dir, slug, flag, name, n] = args.as_slice()
        && flag == "--shape"
    {
        let (Some(shape), Ok(n)) = (Adversarial::named(name), n.parse()) else {
            eprintln!("generate: --shape takes a shape name and a whole number");
            return ExitCode::from(2);
        };
        return match write_adversarial(&PathBuf::from(dir), slug, shape, n) {
            Ok(path) => {
                println!("{}", path.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("generate: {dir}: {e}");
                ExitCode::from(2)
            }
        };
    }
    let [dir, slug, phases, twin_rows] = args.as_slice() else {
        eprintln!("usage: generate DIR SLUG PHASES TWIN_ROWS | generate DIR SLUG --shape NAME N");
        return ExitCode::from(2);
    };
    let (Ok(phases), Ok(twin_rows)) = (phases.parse(), twin_rows.parse()) else {
        eprintln!("generate: PHASES and TWIN_ROWS are whole numbers");
        return ExitCode::from(2);
    };
    match write_docs_root(&PathBuf::from(dir), slug, PlanShape { phases, twin_rows }) {
        Ok(path) => {
            println!("{}", path.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("generate: {dir}: {e}");
            ExitCode::from(2)
        }
    }
}
