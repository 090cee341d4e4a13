//! `--boot-prompt N` (SPEC §11): the copy-paste prompt a phase's fresh
//! session starts from, as the reference prints it, section by section —
//! the head, the plan's skills, the phase's MCP servers and Setup
//! preamble, the wait procedure, the gate, what to read first (the
//! handoffs of the phase's dependencies, the plan, the memory key), the
//! notes earlier phases left, the decisions, the scope and locks, the task
//! list, the handoff, the QA duty and the waits outside the session.
//!
//! Every lookup reads the phase; what the prompt *prints* as the phase
//! number is [`BootPrompt::shown`] (the phase, or `<N>` in a fan-out's
//! shared template, whose padded form is `<NN>`). The commands it prints
//! name the scripts through `$PE_SCRIPTS`
//! ([`super::EngineEnv::boot_command_prefix`]).
//!
//! The decisions section carries §5.3's block ([`crate::gate::prompt`]),
//! the one `decisions <SLUG> --phase N prompt` prints, so the two can never
//! differ: the command line hands the engine that writer
//! ([`Reading::with_decisions_writer`]). **(fix)** It replaces the
//! reference's own listing of the rows (which does not see the start
//! gate's certainty checks or the answers in force); the reference's
//! heading line and its duty lines stay around it.

use serde::Serialize;

use crate::engine::budget::{phase_mcp, setup_of};
use crate::engine::facts::scope;
use crate::engine::gate::conditions;
use crate::engine::gate::{self as gates, Clearance};
use crate::engine::gate_status::evaluate_as;
use crate::engine::notes::handed;
use crate::engine::{Answer, Reading, Request};
use crate::error::{Error, Result};
use crate::plan::status::field;
use crate::vocab::gate_kinds::GateKind;

/// The sections of a boot prompt, in the order they print (the names
/// the reference marks them with).
pub const SECTIONS: [&str; 18] = [
    "head",
    "skills",
    "mcp",
    "setup",
    "wait",
    "gate",
    "boot",
    "reading",
    "plan",
    "notes",
    "decisions",
    "scope",
    "locks",
    "lock-rules",
    "tasks",
    "handoff",
    "qa",
    "external",
];

/// A piece of a section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "part", rename_all = "kebab-case")]
pub enum Part {
    /// Text, as printed.
    Text {
        /// The text.
        text: String,
    },
    /// §5.3's decisions block of this phase's view
    /// ([`Reading::decisions_block`]).
    Decisions {
        /// The phase whose view it is.
        phase: u32,
        /// The block, as printed.
        text: String,
    },
}

/// One section of the prompt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Section {
    /// Its name (`head`, `gate`, …).
    pub name: &'static str,
    /// What it prints, in order (nothing for a section the phase leaves
    /// out).
    pub parts: Vec<Part>,
}

/// The answer of `--boot-prompt N`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BootPrompt {
    /// The plan's slug.
    pub plan: String,
    /// The phase.
    pub phase: u32,
    /// What the prompt prints as the phase number.
    pub shown: String,
    /// The sections, in order.
    pub sections: Vec<Section>,
}

impl BootPrompt {
    /// The prompt's text: every section's parts, in order.
    pub fn text(&self) -> String {
        self.sections.iter().map(Section::text).collect()
    }

    /// The section `name`, as text (empty when the prompt has none).
    pub fn section(&self, name: &str) -> String {
        self.sections
            .iter()
            .find(|s| s.name == name)
            .map(Section::text)
            .unwrap_or_default()
    }
}

impl Section {
    /// The section's text: its parts, in order.
    pub fn text(&self) -> String {
        self.parts
            .iter()
            .map(|part| match part {
                Part::Text { text } | Part::Decisions { text, .. } => text.as_str(),
            })
            .collect()
    }
}

/// `--boot-prompt N`. Errors: no phase (the usage line, exit 2); a phase
/// the plan lacks (exit 2, naming the plan's phases).
pub fn boot_prompt(reading: &Reading, request: &Request) -> Result<Answer> {
    let asked = request.required_phase(reading)?;
    let Some(phase) = super::request::as_phase(asked).filter(|&p| reading.graph.contains(p)) else {
        return Err(Error::EngineRefused(format!(
            "phase {} is not in this plan ({} has phases: {})\n",
            request.arg.as_deref().unwrap_or(""),
            reading.slug(),
            reading.graph.listed()
        )));
    };
    Ok(Answer::BootPrompt(render(
        reading,
        phase,
        &phase.to_string(),
    )))
}

/// A section's text builder.
struct Writer {
    /// The sections written so far.
    sections: Vec<Section>,
}

impl Writer {
    /// Starts the section `name`.
    fn start(&mut self, name: &'static str) {
        self.sections.push(Section {
            name,
            parts: Vec::new(),
        });
    }

    /// Appends `text` to the current section.
    fn text(&mut self, text: &str) {
        let Some(section) = self.sections.last_mut() else {
            return;
        };
        match section.parts.last_mut() {
            Some(Part::Text { text: t }) => t.push_str(text),
            _ => section.parts.push(Part::Text {
                text: text.to_string(),
            }),
        }
    }

    /// Appends the decisions block of `phase`'s view.
    fn decisions(&mut self, phase: u32, text: String) {
        if let Some(section) = self.sections.last_mut() {
            section.parts.push(Part::Decisions { phase, text });
        }
    }
}

/// The prompt of `phase`, printing `shown` as its number.
pub fn render(reading: &Reading, phase: u32, shown: &str) -> BootPrompt {
    let slug = reading.slug();
    let cmd = reading.env.boot_command_prefix();
    let plan = reading.plan();
    let pad = if !shown.is_empty() && shown.bytes().all(|b| b.is_ascii_digit()) {
        format!("{:02}", shown.parse::<u64>().unwrap_or(0))
    } else {
        "<NN>".to_string()
    };
    let mut w = Writer {
        sections: Vec::new(),
    };

    w.start("head");
    w.text("/phased-execution\n\n");
    w.text(&format!(
        "Continue the \"{slug}\" plan — start Phase {shown} in this fresh session.\n"
    ));

    w.start("skills");
    let skills = plan.plan_skills();
    if !skills.is_empty() {
        w.text(&format!(
            "First, invoke these skills (every session in this plan uses them): {skills}\n"
        ));
    }

    w.start("mcp");
    let mcp = phase_mcp(reading, phase).join(", ");
    if !mcp.is_empty() {
        w.text(&format!("This phase needs these MCP servers: {mcp}\n"));
        w.text("Confirm they are connected before implementing (`/mcp`, or `claude mcp list`). If one\n");
        w.text("needs authentication, STOP and ask the operator to sign it in — do not work around a\n");
        w.text("missing server by hand, because the plan chose it for a reason.\n");
    }

    w.start("setup");
    let setup = setup_of(reading, phase);
    if !setup.is_empty() {
        w.text("Bring the stack up first — this phase declares a Setup preamble, and nothing it verifies\n");
        w.text("will work until these have run:\n");
        for line in &setup {
            w.text(&indented(line));
        }
        w.text("They are bring-up, not proof: the runner executes them before §Verification and never\n");
        w.text("marks the phase red for one.\n");
    }

    w.start("wait");
    w.text(WAIT_PROCEDURE);
    w.text(&format!(
        "     {cmd}/phase-outcome.sh {slug} {shown} waiting-external --wait-minutes <M> --watch <ref>\n"
    ));
    w.text("     and stop.\n");

    w.start("gate");
    if gates::is_gated(plan, phase) {
        gate_section(&mut w, reading, phase, shown, &cmd);
    }

    w.start("boot");
    w.text("Bootstrap from disk only:\n");

    w.start("reading");
    for dep in reading.graph.deps(phase) {
        let writing = reading.env.handoff_writing.as_deref().and_then(|given| {
            let (p, file) = given.split_once(':')?;
            (p == dep.to_string() && !file.is_empty()).then_some(file)
        });
        if let Some(file) = writing {
            w.text(&format!("- docs/handoffs/{slug}/{file}\n"));
            continue;
        }
        if let Some(name) = reading
            .handoffs()
            .get(*dep)
            .and_then(|h| h.path.file_name())
        {
            w.text(&format!(
                "- docs/handoffs/{slug}/{}\n",
                name.to_string_lossy()
            ));
        }
    }

    w.start("plan");
    let memory = field(&plan.file, "memory").unwrap_or_else(|| format!("project_{slug}"));
    w.text(&format!(
        "- docs/plans/{slug}.md §Phase {shown} + §Session budget (model, budget, branch)\n"
    ));
    w.text(&format!("- memory {memory}\n"));
    w.text("This is a DAG: other phases may be ready too and lower-numbered phases may still be\n");
    w.text(&format!(
        "unfinished — do NOT assume phases below {shown} are done. Run `{cmd}/phase-graph.sh {slug}`\n"
    ));
    w.text("for live state.\n");

    w.start("notes");
    notes_section(&mut w, reading, phase, shown, &cmd);

    w.start("decisions");
    w.text(&format!(
        "\nThis phase's DECISIONS (the plan's manifest, `{cmd}/phase-graph.sh {slug} --decisions {shown}`):\n"
    ));
    w.decisions(phase, reading.decisions_block(phase));
    w.text("If you cannot proceed because a decision is missing or wrong, declare it BY KEY and stop:\n");
    w.text(&format!(
        "    {cmd}/phase-outcome.sh {slug} {shown} blocked --needs <key> --reason \"<what you need>\"\n"
    ));
    w.text("`--needs` is REQUIRED on `blocked` and `needs-human` (exit 2 without it): a decision key from\n");
    w.text(&format!(
        "the list above, or its short form ({}). Never ask in prose — prose reaches nobody.\n",
        crate::vocab::NEED_CLASSES.join(", ")
    ));

    w.start("scope");
    let tokens = scope(reading, phase);
    let sc = if tokens.is_empty() {
        "all".to_string()
    } else {
        tokens.join(",")
    };
    w.text(&format!(
        "\nThis phase's SCOPE (the repos it touches, from the plan's Repos column): {sc}\n"
    ));
    if sc != "all" {
        w.text(&format!(
            "plus, in the docs root, `docs/handoffs/{slug}` — your handoff and lock writes, declared for every phase of this plan.\n"
        ));
    }
    let file_only = reading.env.lock_mirror.as_deref() == Some("console");
    let lock_git = if file_only { "" } else { " --git" };

    w.start("locks");
    w.text("Two sessions may run at once ONLY on disjoint scopes. Before implementing:\n");
    w.text("  1. `git pull`, then check nothing live shares your tree:\n");
    w.text(&format!(
        "       {cmd}/phase-lock.sh {slug} conflicts {shown} --scope \"{sc}\"{lock_git}\n"
    ));
    w.text(
        "     A reported conflict means STOP AND ASK the user — never build over a live session.\n",
    );
    w.text("  2. Claim it:\n");
    w.text(&format!(
        "       {cmd}/phase-lock.sh {slug} claim {shown} --scope \"{sc}\"{lock_git}\n"
    ));

    w.start("lock-rules");
    if file_only {
        w.text("     Both are FILE-ONLY under this autopilot, and so is a release of your own: the console\n");
        w.text("     holds the lease and mirrors the lock to git outside your turn. Never pass `--git` —\n");
        w.text("     it is skipped if you do.\n");
    }
    w.text(LOCK_OWNER);
    w.text("     Need a checkout of your own beside a live build (a QA round, a review)? Never make a\n");
    w.text(&format!(
        "     sibling folder by hand — `{cmd}/phase-lane.sh {slug} create {shown} [--qa <round>] [--detach]`\n"
    ));
    w.text(LOCK_INVARIANT);

    w.start("tasks");
    w.text(&format!(
        "\nThen publish this phase's p{shown}.task* list with `phase-tasks.sh`. Phase Console\n"
    ));
    w.text(TASKS_WHY);
    w.text(&format!("    {cmd}/phase-tasks.sh {slug} {shown} reset\n"));
    w.text(&format!(
        "    {cmd}/phase-tasks.sh {slug} {shown} create --subject \"p{shown}.task1 — <what>\"\n"
    ));
    w.text(&format!(
        "    {cmd}/phase-tasks.sh {slug} {shown} update --id p{shown}.task1 --status in_progress\n"
    ));
    w.text(&format!(
        "    {cmd}/phase-tasks.sh {slug} {shown} update --id p{shown}.task1 --status completed\n"
    ));
    w.text(&format!(
        "The ids are yours: an unnamed create is numbered p{shown}.task1, p{shown}.task2 … in order, so an\n"
    ));
    w.text(TASKS_TOOLS);
    w.text(&format!(
        "Then implement Phase {shown} to its exit criteria.\n"
    ));

    w.start("handoff");
    w.text(
        "\nWhen done, the deliverable is the HANDOFF — the board reads `status:` from it, and a\n",
    );
    w.text("phase with no handoff does not exist to the board. Scaffold it with:\n");
    w.text(&format!(
        "    {cmd}/new-handoff.sh {slug} {shown} <kebab-title> complete\n"
    ));
    w.text(&format!(
        "then fill in docs/handoffs/{slug}/phase-{pad}-<kebab-title>.md and commit it.\n"
    ));
    w.text(
        "Cannot finish? Hand off `in-progress` (paused, resumable) or `blocked` (needs help) —\n",
    );

    w.start("qa");
    match super::qa::regime(reading, Some(phase)).0 {
        super::qa::QaRegime::On => {
            let (round, report) = super::qa::next_round_of(reading, phase);
            w.text("never end the session without a handoff.\n");
            w.text(QA_ON);
            w.text(&format!(
                "`{cmd}/phase-graph.sh {slug} --qa-prompt {shown}`) and record what it finds:\n"
            ));
            w.text(&format!(
                "    bash {}/qa-record.sh {slug} {shown} <pass|fail|waived> --report {} --round {}\n",
                reading.env.scripts_dir, report, round
            ));
            w.text(QA_ON_AFTER);
        }
        _ => w.text("never end the session without a handoff. Stop after the handoff exists.\n"),
    }

    w.start("external");
    w.text(EXTERNAL_1);
    w.text(&format!(
        "    {cmd}/phase-outcome.sh {slug} {shown} waiting-external --wait-minutes <M> --reason \"<what>\" --watch <ref>\n"
    ));
    w.text(EXTERNAL_2);
    w.text(&format!(
        "Waiting on a SIBLING phase? --watch phase:{slug}/<phase> lands when the console's own record\n"
    ));
    w.text("reads that phase done (after its §Verification), re-probed the moment the board moves — never a\n");
    w.text(&format!(
        "cmd: grep over its handoff. Red only on a sibling's work? --watch verify:{slug}/{shown} re-runs your red\n"
    ));
    w.text(EXTERNAL_3);

    BootPrompt {
        plan: slug.to_string(),
        phase,
        shown: shown.to_string(),
        sections: w.sections,
    }
}

/// `line` indented by four blanks, with a newline.
fn indented(line: &str) -> String {
    format!("    {line}\n")
}

/// The gate section of a GATED phase.
fn gate_section(w: &mut Writer, reading: &Reading, phase: u32, shown: &str, cmd: &str) {
    let plan = reading.plan();
    let slug = reading.slug();
    let kind = gates::gate_kind(plan, phase);
    let clearance = reading.approvals().clearance(phase, kind);
    if let Clearance::Clear { by, date } = &clearance {
        w.text(&format!(
            "✅ GATED phase — gate already approved by {} on {}. Proceed straight to the work.\n",
            if by.is_empty() { "someone" } else { by },
            if date.is_empty() {
                "an unrecorded date"
            } else {
                date
            }
        ));
        return;
    }
    let mut steps = conditions(plan, phase);
    if steps.is_empty() {
        steps.push(format!(
            "(the heading is marked GATED but the plan lists no gate text — see §Phase {phase})"
        ));
    }
    match kind {
        GateKind::Ai => {
            w.text("⚠️  GATED phase (ai-clearable) — the GATE CHECK is this session's FIRST task, before any\n");
            w.text("implementation. Conditions:\n");
            for step in &steps {
                w.text(&indented(step));
            }
            w.text("Verify each condition for real. If one does not hold yet, DO THE WORK to make it true —\n");
            w.text("clearing this gate is in scope for this session. When every condition holds, record it:\n");
            w.text(&format!(
                "    {cmd}/gate-approve.sh {slug} {shown} --by \"ai-session\" --note \"<one line of evidence>\"\n"
            ));
            w.text(&format!(
                "then commit + push docs/handoffs/{slug}/gate-status.md and continue into the phase.\n"
            ));
            w.text("Only if a condition is genuinely out of reach (missing credentials, a third party):\n");
            w.text("STOP, report exactly what is missing and what you verified, and hand it to the operator.\n");
        }
        GateKind::Human => {
            w.text("🧍 GATED phase (human) — STOP: a person must clear this gate before implementation.\n");
            w.text("Operator steps:\n");
            for step in &steps {
                w.text(&indented(step));
            }
            if let Clearance::Ignored { why } = &clearance {
                w.text(&format!("({why}.)\n"));
            }
            w.text(&format!(
                "Ask the operator to do these steps and approve the gate — Phase Console → plan → phase {shown}\n"
            ));
            w.text(&format!(
                "→ Gate card, or in their own terminal: {cmd}/gate-approve.sh {slug} {shown} --by \"<who>\" --note \"<what was done>\"\n"
            ));
            w.text("Do NOT implement past an unapproved human gate, and never approve it yourself: the script\n");
            w.text("refuses a session's approval of a manual gate. Unattended, hand off and declare what it needs:\n");
            w.text(&format!(
                "    {cmd}/phase-outcome.sh {slug} {shown} needs-human --needs gates --reason \"<what the gate needs>\"\n"
            ));
        }
        GateKind::Auto | GateKind::None => {
            let status = evaluate_as(reading, u64::from(phase), phase, false);
            let verdict = status.text();
            let verdict = verdict.trim_end_matches('\n');
            w.text(&format!(
                "⚠️  GATED phase (auto-checked) — current verdict: {}\n",
                if verdict.is_empty() {
                    "unknown"
                } else {
                    verdict
                }
            ));
            if verdict.starts_with("unevaluated:") {
                w.text("That verdict is NOT a refusal and NOT a person's gate: a `cmd` gate only executes for a\n");
                w.text("caller that opts in, and a plain read never does. Evaluate it yourself:\n");
                w.text(&format!(
                    "    PHASE_EXEC_GATES=1 {cmd}/phase-graph.sh {slug} --gate-status {shown}\n"
                ));
                w.text("Read the command first — you are choosing to run text written in a markdown file.\n");
            } else {
                w.text(&format!(
                    "Confirm it is clear before implementing:  {cmd}/phase-graph.sh {slug} --gate-status {shown}\n"
                ));
            }
            w.text(&format!(
                "(An operator can override a stuck check: {cmd}/gate-approve.sh {slug} {shown})\n"
            ));
        }
    }
}

/// The notes section: what earlier phases left for `phase`, omitted when
/// nobody left anything.
fn notes_section(w: &mut Writer, reading: &Reading, phase: u32, shown: &str, cmd: &str) {
    let notes = handed(reading, u64::from(phase), phase);
    if notes.notes.is_empty() && notes.dropped == 0 {
        return;
    }
    let slug = reading.slug();
    w.text(&format!(
        "\n### Notes from earlier phases ({}) — what they left for you, and nothing you can look up:\n",
        notes.notes.len()
    ));
    for note in &notes.notes {
        match note.kind {
            "message" => w.text(&format!(
                "  - [{}] {} (mail from {})\n",
                note.id, note.text, note.source
            )),
            "deferral" => w.text(&format!(
                "  - {} (deferred by {})\n",
                note.text, note.source
            )),
            _ => w.text(&format!("  - {} ({})\n", note.text, note.source)),
        }
    }
    if notes.dropped > 0 {
        w.text(&format!(
            "  … and {} older notes, not shown\n",
            notes.dropped
        ));
    }
    w.text("Each was left by a session that is gone. Say in your handoff what became of each —\n");
    w.text(
        "acted on, or deliberately not; a note nobody answers is a note nobody writes next time.\n",
    );
    if notes.notes.iter().any(|n| n.kind == "message") {
        w.text("The bracketed ids are mail. Acknowledge the ones you act on, so the sender learns it landed:\n");
        w.text(&format!("    {cmd}/phase-msg.sh {slug} {shown} ack <id>\n"));
    }
}

/// The wait procedure, up to its fifth step's command.
const WAIT_PROCEDURE: &str =
    "Waiting without polling. Every tool call re-reads your whole context, so a status check
costs as much as an edit. Never make two status checks in a row (`ListAgents`,
`TaskOutput`, `date`, `tail`/`grep`/`cat` of a log, `pgrep`, `gh run view`), and never
check on a subagent you dispatched.
  1. Work remains → keep working; a background result arrives by itself as a
     `<task-notification>`.
  2. You need a subagent's answer (a reviewer's verdict) → dispatch the `Agent` in the
     FOREGROUND; the call returns with the answer and costs nothing while it runs.
  3. You need your own shell job and nothing else is left → wait in ONE foreground call
     bounded by the Bash timeout: `until <probe>; do sleep 10; done` with
     `timeout: 600000`, at most once per ten minutes. The console allows a wait on your
     own job; it refuses one on somebody else's clock.
  4. Only subagents or monitors running in the background are left → end your turn; the
     session stays alive and their notification wakes you. They are stopped ten minutes
     after your turn ends — dispatch a subagent that may take longer in the FOREGROUND.
     A background SHELL dies when your turn ends — never end it with one you still need.
  5. Somebody else's clock (CI, a deploy, a person) → commit, hand off `in-progress`, then
";

/// Who owns a lock.
const LOCK_OWNER: &str =
    "     (--owner defaults to $PE_OWNER, which the autopilot already exports to its
      sessions — do not override it, or the supervisor cannot release your lock.
      Only a person driving this by hand should pass --owner \"<account>/<session>\".)
";

/// The lock invariant, after the lane line.
const LOCK_INVARIANT: &str = "     puts one under <root>/.worktrees/hand/, locked; `merge` and `remove` fold it back and clean up.
The invariant: never two live sessions whose scopes intersect; same repo ⇒ serialized;
`all` ⇒ exclusive against every unqualified claim; disjoint ⇒ parallel. (Your handoff and lock commits in the
docs repo ARE your scope, and other plans' sessions share that index: commit your own paths by name, never
the whole index, and if a commit races another writer, retry up to 3 times. phase-lock.sh orders its own
commits there in the docs root's critical section.)
";

/// Why the task list is published.
const TASKS_WHY: &str =
    "renders it live as \"What it is doing\" — the only way anyone watching an unattended
session can see what it thinks it is doing, and it survives a reload and a console
restart because the runner folds it into the run record:
";

/// The task list's tools.
const TASKS_TOOLS: &str = "update needs nothing read back. Keep the list current as you go.
Do NOT go looking for a TodoWrite / TaskCreate / TaskUpdate tool. The CLI stopped
providing them to sessions in August 2026 and searching for one is a wasted pass —
that is exactly why this script exists. If your harness happens to have them, using
them as well is harmless: they feed the same list.
";

/// The QA duty of a QA-on phase, up to the brief's command.
const QA_ON: &str = "
This plan runs QA ON, so the handoff is not the last step: a `complete` handoff
writes a `pending` QA row, and a pending row holds every dependent phase exactly
as a failure does. Nothing dispatches QA on your behalf. Before you stop, run a
FRESH-context QA subagent over this phase (get its brief with
";

/// The QA duty after the record line.
const QA_ON_AFTER: &str =
    "Never review your own work as the QA verdict, and never hand-edit test-status.md.
Dispatch the subagent, record the verdict, THEN stop.
The reviewer is work inside your turn: dispatch it in the FOREGROUND, so the call returns
with its verdict and costs nothing while it runs, then record the verdict before the turn
ends. A turn that ends before the verdict is recorded records nothing.
";

/// Waiting outside the session, up to its command.
const EXTERNAL_1: &str =
    "Waiting on something OUTSIDE this session (a CI build, a PR auto-merge, a deploy
window)? Saying so in prose is invisible to the supervisor. Hand off `in-progress`,
then declare it and stop:
";

/// Waiting outside the session, after its command.
const EXTERNAL_2: &str =
    "The supervisor parks the phase and resumes THIS session when the window elapses.
If phase-outcome.sh exits 3, a --watch ref has ALREADY landed: nothing was parked, so do not
stop — carry on with the phase from what landed.
";

/// The last lines: what a `cmd:` ref must be.
const EXTERNAL_3: &str =
    "§Verification lines whenever the branch head moves. A cmd: ref is self-contained (absolute
paths, no $, no cd) and exits 0 only once the thing has happened; exit 2 means fix the ref.
";
