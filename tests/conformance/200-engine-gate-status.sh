# `phase-graph SLUG --gate-status N` (SPEC §11): one verdict line, exit 0
# only when the gate is clear, byte for byte as the bash engine prints it:
# no gate, a phase gate before and after its phase is done, a cmd gate
# unrun and run, a manual gate, and an approval that came through no
# person's door.
. "$CONF_LIB"
. "$(dirname "${BASH_SOURCE[0]}")/weir.bash"
weir_plan

pf phase-graph weir --gate-status 1
expect_exit 0
expect_stdout_exact <<'OUT'
clear (no gate)
OUT

pf phase-graph weir --gate-status 2
expect_exit 1
expect_stdout_exact <<'OUT'
blocked: waiting on phase 1
OUT

phase_1_done
pf phase-graph weir --gate-status 02
expect_exit 0
expect_stdout_exact <<'OUT'
clear (phase 1 verified)
OUT

pf phase-graph weir --gate-status 3
expect_exit 1
expect_stdout_exact <<'OUT'
unevaluated: cmd gate not executed (set PHASE_EXEC_GATES=1 to evaluate): test -f sluice.ok
OUT

export PHASE_EXEC_GATES=1
pf phase-graph weir --gate-status 3
expect_exit 1
expect_stdout_exact <<'OUT'
blocked: cmd exit 1: test -f sluice.ok
OUT
: > sluice.ok
pf phase-graph weir --gate-status 3
expect_exit 0
expect_stdout_exact <<'OUT'
clear (cmd ok): test -f sluice.ok
OUT
unset PHASE_EXEC_GATES

pf phase-graph weir --gate-status 4
expect_exit 1
expect_stdout_exact <<'OUT'
manual: 
OUT

handoff weir gate-status.md <<'MD'
# Gate status

## Gate approvals

| Phase | Approved | By | Date |
|---|---|---|---|
| 4 | yes | keeper | 2026-09-13 |
MD
pf phase-graph weir --gate-status 4
expect_exit 1
expect_stdout_exact <<'OUT'
manual:  — an approval recorded through no named door (by keeper) does not clear a manual gate — a person approves it on the Gate card or in a terminal
OUT

pf phase-graph weir --ready
expect_exit 0
expect_stdout_exact <<'OUT'
2 3
OUT
