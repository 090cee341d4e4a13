#!/usr/bin/env python3
"""Compare planfile's plan engine with the bash reference, mode by mode.

    tests/reference/compare.py --ref DIR --tool BIN [--cache FILE] [--jobs N]
                               [--only SLUG[,SLUG...]] [--modes MODE[,MODE...]]
                               [--show N]

DIR is a rebuilt copy of the reference (the folder holding scripts/ and
tests/, see ../shared/reference/README.md); it is run from there, never
copied into this repository. BIN is the planfile binary. A mode given to
--modes may start with dashes (`--modes --session-plan`).

For every fixture plan of DIR/tests/fixtures/plans/ and the 72-phase
DIR/tests/fixtures/scale/scale-72.md, the script builds a docs root in a
temporary folder (the plan as docs/plans/<slug>.md) and, for each handoff
scenario below, runs every engine mode planfile implements -- for every
phase of the plan where the mode takes one; `--session-plan` with no word,
each model word and a raw budget -- once with the reference
(`bash DIR/scripts/phase-graph.sh`, gawk first on PATH as `awk`) and once
with `BIN phase-graph --scripts-dir DIR/scripts`, with the same DOCS_ROOT,
and compares stdout, stderr and the exit code.

Scenarios (the modes that read no handoff run in the first one only):
  none      no handoffs
  progress  the first phase done, the second in progress, the third
            blocked, the fourth complete but still a scaffold
  qa        the first two phases done, a test-status.md failing the first
            and passing the second, and a gate-status.md approving every
            GATED phase (through the console door for the first, a session
            for the others)
  done      every phase done
  rounds    the first two phases done; test-status.md with a Round column
            and a `## QA rounds` ledger: two rounds of the first phase
            (recorded out of order) and a report of its third written but
            not recorded, a legacy row of the second phase whose report is
            named `-round3.md`, a waived backfill row of the third; the QA
            modes, the board and the memory block only

The reference is slow (a second or more per call): its answers are kept in
--cache (default: reference-cache.json in the temporary folder of the
system), keyed by the plan's text, the scenario and the arguments, so a
second run only runs planfile. Prints the differences (the first --show of
them in full) and the counts; exits 1 when any differs.
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

PER_PHASE_STATIC = ["--deps", "--dependents", "--gated", "--gate-kind", "--size", "--repos"]
PLAIN_STATIC = ["--plan-status", "--closed"]
# The directive readers: run for every phase, and those whose phase is
# optional without one too; the plan-wide ones once (and once with a phase,
# which they refuse).
DIRECTIVE_PHASE = ["--person-check", "--waits-on", "--setup", "--verify-in", "--checkout", "--landing"]
DIRECTIVE_OPTIONAL = [
    "--mcp", "--mcp-policy", "--permission-mode", "--model-policy", "--credentials",
    "--credential-policy", "--floor", "--land", "--gitlink", "--isolation", "--issues",
    "--wait-budget", "--wait-count", "--verify-timeout", "--human-steps",
]
DIRECTIVE_PLAN = [
    "--accounts", "--conflict-policy", "--messaging", "--base-branch", "--clash-zones",
    "--qa-exhausted",
]
STATEFUL = ["board", "--ready", "--memory-block", "--verified", "--qa-mode"]
# The session plan, plan-wide in every scenario: sized to the plan's own
# model (no word), to each model word, and to a raw token budget.
SESSION_PLAN = [["--session-plan"]] + [
    ["--session-plan", word] for word in ["haiku", "sonnet", "opus", "fable", "250000"]
]
PER_PHASE_STATEFUL = ["--ready-after", "--notes", "--gate-status"]
BOOT_PER_PHASE = ["--boot-prompt"]
# The QA modes read test-status.md, the reports on disk and the handoffs:
# run for every phase in every scenario (the 72-phase plan's first dozen).
QA_PER_PHASE = ["--qa-mode", "--qa-result", "--qa-history", "--qa-prompt"]
# Refusals and edge arguments, in the first scenario.
EDGES = [
    ["--deps"],
    ["--size"],
    ["--deps", "99999"],
    ["--gated", "99999"],
    ["--repos", "99999"],
    ["--size", "99999"],
    ["--gate-kind", "99999"],
    ["--dependents", "99999"],
    ["--ready-after", "99999"],
    ["--permission-mode", "99999"],
    ["--land", "99999"],
    ["--waits-on"],
    ["--waits-on", "99999"],
    ["--setup"],
    ["--verify-in"],
    ["--person-check"],
    ["--mcp", "99999"],
    ["--floor", "99999"],
    ["--conflict-policy", "1"],
    ["--base-branch", "1"],
    ["--human-steps", "0"],
    ["--human-steps", "99999"],
    ["--landing"],
    ["--notes"],
    ["--notes", "99999"],
    ["--gate-status"],
    ["--gate-status", "99999"],
    ["--boot-prompt"],
    ["--boot-prompt", "99999"],
    ["--boot-fanout"],
    ["--boot-fanout", "1 x"],
    ["--qa-result"],
    ["--qa-result", "99999"],
    ["--qa-history"],
    ["--qa-history", "x"],
    ["--qa-history", "99999"],
    ["--qa-mode", "x"],
    ["--qa-mode", "99999"],
    ["--qa-prompt"],
    ["--qa-prompt", "99999"],
]

SCENARIOS = ["none", "progress", "qa", "done", "rounds"]


def handoff(phase, status, body=True):
    text = f"---\nplan: x\nphase: {phase}\ntitle: t\nstatus: {status}\n---\n\n"
    text += "## What this phase did\n\n"
    text += "Did the work.\n" if body else "<!-- fill this in -->\n"
    return text


def phases_of(tool, root, slug):
    """The plan's phases, as planfile's board JSON lists them."""
    out = subprocess.run(
        [tool, "phase-graph", "--format", "json", slug],
        env=dict(os.environ, DOCS_ROOT=str(root)),
        capture_output=True,
        text=True,
    )
    if out.returncode != 0:
        return []
    try:
        return [p["phase"] for p in json.loads(out.stdout)["phases"]]
    except (ValueError, KeyError):
        return []


def gated_phases(tool, root, slug, phases):
    gated = []
    for p in phases:
        out = subprocess.run(
            [tool, "phase-graph", slug, "--gated", str(p)],
            env=dict(os.environ, DOCS_ROOT=str(root)),
            capture_output=True,
            text=True,
        )
        if out.stdout.strip() == "yes":
            gated.append(p)
    return gated


def build_scenario(root, slug, scenario, phases, gated):
    handoffs = root / "docs" / "handoffs" / slug
    if handoffs.exists():
        shutil.rmtree(handoffs)
    if scenario == "none":
        return
    handoffs.mkdir(parents=True)

    def write(p, status, body=True):
        (handoffs / f"phase-{p:02d}-work.md").write_text(handoff(p, status, body))

    if scenario == "progress":
        for p, (status, body) in zip(
            phases, [("complete", True), ("in-progress", True), ("blocked", True), ("complete", False)]
        ):
            write(p, status, body)
    elif scenario == "qa":
        for p in phases[:2]:
            write(p, "complete")
        rows = "".join(
            f"| {p} | {verdict} | reports/p{p}.md |\n"
            for p, verdict in zip(phases[:2], ["fail", "pass"])
        )
        (handoffs / "test-status.md").write_text(
            "# QA\n\n## QA status\n\n| Phase | Result | Report |\n|---|---|---|\n" + rows
        )
        approvals = "".join(
            f"| {p} | yes | ana | 2026-01-0{1 + i % 9} | ok | {'console' if i == 0 else 'session'} |\n"
            for i, p in enumerate(gated)
        )
        (handoffs / "gate-status.md").write_text(
            "# Gates\n\n## Gate approvals\n\n| Phase | Approved | By | Date | Note | Door |\n|---|---|---|---|---|---|\n"
            + approvals
        )
    elif scenario == "done":
        for p in phases:
            write(p, "complete")
    elif scenario == "rounds":
        for p in phases[:2]:
            write(p, "complete")
        first = phases[0]
        rows = f"| {first} | pass | reports/phase-{first:02d}-qa-round2.md | 2 |\n"
        ledger = (
            f"| {first} | 2 | pass | reports/phase-{first:02d}-qa-round2.md | 2026-02-03 |\n"
            f"| {first} | 1 | fail | reports/phase-{first:02d}-qa.md | 2026-02-01 |\n"
        )
        if len(phases) > 1:
            rows += f"| {phases[1]} | **fail** | [r3](reports/phase-{phases[1]:02d}-qa-round3.md) | |\n"
        if len(phases) > 2:
            rows += f"| {phases[2]} | waived | - | - |\n"
        (handoffs / "test-status.md").write_text(
            "# QA / test status\n\n## QA status\n\n| Phase | Result | Report | Round |\n|------:|--------|--------|------:|\n"
            + rows
            + "\n## QA rounds\n\n| Phase | Round | Result | Report | Recorded |\n|------:|------:|--------|--------|----------|\n"
            + ledger
        )
        reports = handoffs / "reports"
        reports.mkdir()
        for name in ["qa.md", "qa-round2.md", "qa-round3.md"]:
            (reports / f"phase-{first:02d}-{name}").write_text("# QA report\n")


def cases_for(scenario, phases):
    cases = []
    if scenario == "rounds":
        cases += [[], ["--memory-block"], ["--qa-mode"]]
        for mode in QA_PER_PHASE:
            cases += [[mode, str(p)] for p in phases[:12]]
        return cases
    if scenario in ("none", "as-is"):
        for mode in PER_PHASE_STATIC:
            cases += [[mode, str(p)] for p in phases]
        cases += [[m] for m in PLAIN_STATIC]
        # The 72-phase plan repeats one phase shape: its first dozen phases
        # stand for the rest in the directive readers (the reference takes
        # well over a second a call there).
        for mode in DIRECTIVE_PHASE + DIRECTIVE_OPTIONAL:
            cases += [[mode, str(p)] for p in phases[:12]]
        cases += [[m] for m in DIRECTIVE_OPTIONAL + DIRECTIVE_PLAN]
        cases += EDGES
        if phases:
            cases.append(["--deps", f"0{phases[-1]}"])
    cases += [[m] if m != "board" else [] for m in STATEFUL]
    cases += SESSION_PLAN
    for mode in PER_PHASE_STATEFUL:
        cases += [[mode, str(p)] for p in phases]
    for mode in QA_PER_PHASE:
        cases += [[mode, str(p)] for p in phases[:12]]
    # The boot prompt is the reference's slowest mode: on a large plan its
    # first dozen phases stand for the rest.
    for mode in BOOT_PER_PHASE:
        cases += [[mode, str(p)] for p in (phases[:12] if len(phases) > 20 else phases)]
    if len(phases) >= 2:
        cases.append(["--boot-fanout", " ".join(str(p) for p in phases[:2])])
        cases.append(["--boot-fanout", ",".join(str(p) for p in phases[-3:])])
    return cases


def worded_alike(got, want):
    """Whether two boards differ only after the ` — ` of a STRUCTURE
    PROBLEMS line: the data head of each problem is the same, and its
    explanation is planfile's lint's (SPEC §6: "the explanation after ` — `
    ... is ours to word")."""
    if got["exit"] != want["exit"] or got["stderr"] != want["stderr"]:
        return False

    def head(line):
        cut = min((line.find(mark) for mark in (" — ", " (", "; ") if mark in line), default=len(line))
        return line[:cut]

    def heads(text):
        return [head(line) if line.startswith("      • ") else line for line in text.split("\n")]

    return heads(got["stdout"]) == heads(want["stdout"])


def decisions_alike(got, want):
    """Whether two boot prompts (or fan-outs) differ only inside their
    decisions sections: planfile prints the block of `decisions <SLUG>
    --phase N prompt` there (SPEC §5.3, §11), between the reference's
    heading line and its `--needs` duty lines."""
    if got["exit"] != want["exit"] or got["stderr"] != want["stderr"]:
        return False
    block = re.compile(r"(This phase's DECISIONS \(the plan's manifest[^\n]*\n).*?(If you cannot proceed)", re.S)
    return block.sub(r"\1…\n\2", got["stdout"]) == block.sub(r"\1…\n\2", want["stdout"])


def run(cmd, root, extra_path=None):
    env = dict(os.environ, DOCS_ROOT=str(root))
    for name in ["PE_SCRIPTS", "PE_BOOT_FLOOR", "PE_BOOT_FLOOR_SAMPLES", "PHASE_EXEC_GATES"]:
        env.pop(name, None)
    if extra_path:
        env["PATH"] = f"{extra_path}:{env['PATH']}"
    out = subprocess.run(cmd, env=env, capture_output=True, cwd=root)
    return {
        "stdout": out.stdout.decode("utf-8", "replace"),
        "stderr": out.stderr.decode("utf-8", "replace"),
        "exit": out.returncode,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ref", required=True)
    ap.add_argument("--tool", required=True)
    ap.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "reference-cache.json"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default="")
    ap.add_argument("--modes", default="", help="compare only these modes (comma-separated; `board` for the board)")
    ap.add_argument("--show", type=int, default=20)
    ap.add_argument(
        "--roots",
        default="",
        help="also compare on each docs root in this folder (a folder <name> holding "
        "docs/plans/<name>.md and its handoffs, as fixtures/engine/ has them), as it is",
    )
    # `--modes --session-plan`: a mode is the value of --modes, not an option.
    argv = []
    for a in sys.argv[1:]:
        if argv and argv[-1] in ("--modes", "--only"):
            argv[-1] = f"{argv[-1]}={a}"
        else:
            argv.append(a)
    args = ap.parse_args(argv)
    ref = pathlib.Path(args.ref).resolve()
    tool = str(pathlib.Path(args.tool).resolve())
    script = ref / "scripts" / "phase-graph.sh"
    if not script.is_file():
        sys.exit("compare.py: --ref must name the rebuilt reference (a folder with scripts/phase-graph.sh)")
    gawk = shutil.which("gawk")
    if not gawk:
        sys.exit("compare.py: gawk is needed (apt-get install -y gawk)")
    cache = {}
    if os.path.exists(args.cache):
        with open(args.cache) as f:
            cache = json.load(f)
    fixtures = sorted((ref / "tests" / "fixtures" / "plans").glob("*.md"))
    fixtures.append(ref / "tests" / "fixtures" / "scale" / "scale-72.md")
    only = {s for s in args.only.split(",") if s}
    roots = sorted(p for p in pathlib.Path(args.roots).iterdir() if p.is_dir()) if args.roots else []
    work = pathlib.Path(tempfile.mkdtemp(prefix="planfile-compare-"))
    awkdir = work / "awk"
    awkdir.mkdir()
    (awkdir / "awk").symlink_to(gawk)
    counts = {"same": 0, "different": 0, "worded": 0, "block": 0}
    per_mode = {}
    shown = 0
    differences = []
    try:
        for fixture in fixtures + roots:
            given = fixture.is_dir()
            slug = fixture.name if given else fixture.stem
            if only and slug not in only:
                continue
            root = work / ("root-" + slug if given else slug)
            if given:
                shutil.copytree(fixture, root, copy_function=shutil.copy2)
                text = (root / "docs" / "plans" / f"{slug}.md").read_text()
                handoffs = root / "docs" / "handoffs" / slug
                for handoff_file in sorted(handoffs.rglob("*")) if handoffs.is_dir() else []:
                    if handoff_file.is_file():
                        text += str(handoff_file.relative_to(handoffs)) + handoff_file.read_text()
            else:
                text = fixture.read_text()
                (root / "docs" / "plans").mkdir(parents=True)
                (root / "docs" / "plans" / f"{slug}.md").write_text(text)
            phases = phases_of(tool, root, slug)
            gated = gated_phases(tool, root, slug, phases)
            for scenario in (["as-is"] if given else SCENARIOS):
                if scenario != "none" and not phases:
                    continue
                if not given:
                    build_scenario(root, slug, scenario, phases, gated)
                cases = cases_for(scenario, phases)
                if args.modes:
                    wanted = set(args.modes.split(","))
                    cases = [c for c in cases if (c[0] if c else "board") in wanted]
                digest = hashlib.sha256(text.encode()).hexdigest()[:16]

                def key(case):
                    return f"{digest}|{scenario}|{' '.join(case)}"

                missing = [c for c in cases if key(c) not in cache]
                # The reference prints the docs root in its commands: a
                # placeholder stands for it in the cache.
                def ref_run(case):
                    got = run(["bash", str(script), slug] + case, root, str(awkdir))
                    return case, {k: (v.replace(str(root), "@ROOT@") if isinstance(v, str) else v) for k, v in got.items()}

                with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
                    for case, got in pool.map(ref_run, missing):
                        cache[key(case)] = got
                if missing:
                    with open(args.cache, "w") as f:
                        json.dump(cache, f)
                for case in cases:
                    want = {k: (v.replace("@ROOT@", str(root)) if isinstance(v, str) else v) for k, v in cache[key(case)].items()}
                    got = run([tool, "phase-graph", "--scripts-dir", str(ref / "scripts"), slug] + case, root)
                    mode = case[0] if case else "board"
                    tally = per_mode.setdefault(mode, [0, 0, 0, 0])
                    if got == want:
                        counts["same"] += 1
                        tally[0] += 1
                        continue
                    if mode == "board" and worded_alike(got, want):
                        counts["worded"] += 1
                        tally[2] += 1
                        continue
                    if mode in ("--boot-prompt", "--boot-fanout") and decisions_alike(got, want):
                        counts["block"] += 1
                        tally[3] += 1
                        continue
                    counts["different"] += 1
                    tally[1] += 1
                    differences.append((slug, scenario, case))
                    if shown < args.show:
                        shown += 1
                        print(f"=== {slug} [{scenario}] phase-graph {' '.join(case)}")
                        for stream in ["stdout", "stderr", "exit"]:
                            if got[stream] != want[stream]:
                                print(f"--- reference {stream}:\n{want[stream]}")
                                print(f"+++ planfile {stream}:\n{got[stream]}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for slug, scenario, case in differences[shown:]:
        print(f"differs: {slug} [{scenario}] phase-graph {' '.join(case)}")
    print("per mode (same / the lint's wording of a problem only / the decisions block only / different):")
    for mode, (same, diff, worded, block) in sorted(per_mode.items()):
        print(f"  {mode:14} {same:5} {worded:5} {block:5} {diff:5}")
    total = sum(counts.values())
    print(
        f"{counts['same']} of {total} calls agree byte for byte; {counts['worded']} differ only in "
        f"how a structure problem is explained after its data head (planfile's lint wording, SPEC §6); "
        f"{counts['block']} only in a boot prompt's decisions block (SPEC §5.3, §11); "
        f"{counts['different']} differ otherwise"
    )
    sys.exit(1 if counts["different"] else 0)


if __name__ == "__main__":
    main()
