//! `phase-graph <SLUG> [MODE [ARG]]` (SPEC §5.1, §6, §11): parses the mode
//! and its argument as the reference takes them (`$2`, `$3`), and sends
//! `--decisions` to the listing, `--lint` to the linter and every other
//! mode to the plan engine ([`crate::engine`]), whose answer
//! [`crate::output::engine`] prints.
//!
//! The refusals the reference words (a plan that does not exist, a plan
//! without a phase graph, a usage line, an unknown mode) are printed as it
//! prints them, without planfile's `planfile:` prefix, so a script that
//! reads them sees the same lines.

use std::io::Write;
use std::path::Path;

use super::{EngineFormat, PhaseGraphArgs, listing, print_stdout, validate};
use crate::engine::{self, EngineEnv, Needs, Reading};
use crate::error::{Error, Result};
use crate::output;
use crate::root::DocsRoot;

/// Runs `phase-graph` with `args`; `root_flag` is `--root`. Returns the
/// exit code; the reference-worded refusals are printed here, every other
/// error is returned.
pub(super) fn phase_graph(root_flag: Option<&Path>, args: &PhaseGraphArgs) -> Result<u8> {
    let (mode, arg) = mode_and_arg(args);
    let json = args.format == EngineFormat::Json;
    let result = match mode {
        "--decisions" => {
            let root = DocsRoot::from_env(root_flag)?;
            listing::phase_graph_decisions(&root, &args.slug, arg, json)
        }
        "--lint" if json => Err(Error::Usage(
            "phase-graph --lint prints the reference's verdict; for the findings as JSON run planfile validate <SLUG> --format json".to_string(),
        )),
        "--lint" => {
            let root = DocsRoot::from_env(root_flag)?;
            validate::phase_graph_lint(&root, &args.slug)
        }
        _ => run_engine(root_flag, args, mode, arg),
    };
    match result {
        Err(e @ (Error::EngineUnreadable(_) | Error::EngineRefused(_))) => {
            let mut err = std::io::stderr().lock();
            let _ = err.write_all(e.to_string().as_bytes());
            let _ = err.flush();
            Ok(e.exit_code())
        }
        other => other,
    }
}

/// The mode and its argument: `--decisions=N` is `--decisions N`.
fn mode_and_arg(args: &PhaseGraphArgs) -> (&str, Option<&str>) {
    let mode = args.mode.as_deref().unwrap_or("");
    if let Some(phase) = mode.strip_prefix("--decisions=") {
        return ("--decisions", Some(phase));
    }
    (mode, args.arg.as_deref())
}

/// Runs an engine mode: reads the plan (as the reference does, before it
/// looks at the mode), computes the answer and prints it.
fn run_engine(
    root_flag: Option<&Path>,
    args: &PhaseGraphArgs,
    mode: &str,
    arg: Option<&str>,
) -> Result<u8> {
    let request = engine::mode_request(mode, arg);
    if let Some(request) = &request
        && request.mode.run.is_none()
    {
        return Err(Error::EngineNotImplemented(request.mode.name.to_string()));
    }
    let env = EngineEnv::from_process(root_flag, args.scripts_dir.as_deref())?;
    let needs = request.as_ref().map_or(Needs::PLAN, |r| r.mode.needs);
    // The process ends after the answer: the system takes the memory back
    // at once.
    let mut reading = Reading::open(env, &args.slug, needs)?;
    if needs.decisions {
        let writer = decisions_writer(&reading.location, root_flag)?;
        reading = reading.with_decisions_writer(writer);
    }
    let reading = std::mem::ManuallyDrop::new(reading);
    let Some(request) = request else {
        return Err(Error::EngineRefused(format!(
            "unknown mode: {}\n",
            crate::error::escape_invisible(mode)
        )));
    };
    let answer = engine::run(&reading, &request)?;
    let format = match args.format {
        EngineFormat::Text => output::engine::Format::Text,
        EngineFormat::Json => output::engine::Format::Json,
    };
    let said = answer.stderr();
    if !said.is_empty() {
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(said.as_bytes());
        let _ = err.flush();
    }
    print_stdout(&output::engine::render(&answer, format))?;
    Ok(answer.exit_code())
}

/// The writer of the decisions blocks of boot prompts: §5.3's block of a
/// phase's view, as `decisions <SLUG> --phase N prompt` prints it (with the
/// console's `[policy]`, and the `--root` the user gave in its command).
/// Errors: a `[policy]` table that cannot be used.
fn decisions_writer(
    location: &crate::root::PlanLocation,
    root_flag: Option<&Path>,
) -> Result<engine::DecisionsWriter> {
    let root = location.root.0.clone();
    let policy = crate::config::policy::load_policy(None, &root)?;
    let slug = location.slug.clone();
    let root_flag = root_flag.map(Path::to_path_buf);
    Ok(engine::DecisionsWriter(Box::new(move |manifest, phase| {
        let subject = output::prompt::PromptSubject {
            slug: &slug,
            root: root_flag.as_deref(),
        };
        let view = crate::manifest::View::Phase(phase);
        let block = crate::gate::prompt::decisions_block(manifest, view, &root, &policy);
        let mut buf = Vec::new();
        // Writing into memory does not fail.
        let _ = output::prompt::write(&mut buf, &subject, &block);
        String::from_utf8_lossy(&buf).into_owned()
    })))
}

/// What `phase-graph --help` and its manual page say after the options:
/// the modes, from the engine's table ([`engine::MODES`]), those planfile
/// serves first.
pub(super) fn after_help() -> String {
    use crate::engine::request::ArgKind;
    let synopsis = |m: &engine::ModeSpec| {
        let name = if m.name == "board" {
            "(none) or board"
        } else {
            m.name
        };
        let arg = match m.arg {
            ArgKind::None => "",
            ArgKind::OptionalPhase => " [N]",
            ArgKind::Phase => " N",
            ArgKind::Phases => " \"N M …\"",
            ArgKind::Word => " [MODEL|BUDGET]",
        };
        format!("{name}{arg}")
    };
    // Every mode is served (`engine::modes::tests::every_mode_is_served`).
    let mut text =
        String::from("Modes (MODE [ARG], as the reference's scripts/phase-graph.sh takes them):\n");
    for m in engine::MODES {
        text.push_str(&format!("  {:<24} {}\n", synopsis(m), m.summary));
    }
    text.push_str(
        "A phase argument is a whole number (08 is 8); N with --ready or the board is taken as done.\n\n\
Exit status: 0 done; 1 a plan that does not exist or has no phase graph, a lint that\n\
fails, --closed on an open plan; 2 a usage error, an unknown mode,\n\
or a phase argument that is not a number.",
    );
    text
}
