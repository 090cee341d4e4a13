# fix
# The gate fails closed (SPEC §11 --gate-status, **(fix)**): a phase the
# graph lacks is refused, not answered "clear (no gate)"; a cmd gate that
# would change anything is refused unrun even with PHASE_EXEC_GATES=1, and
# validate reports it; a phase gate that names no phase number is manual,
# not a bash error; `phases 01,08` reads numbers, not bad octal; an
# approvals file that cannot be read is named and counts as saying nothing;
# a tab after the type is no separator, to the gate and to validate alike.
. "$CONF_LIB"
fix "SPEC 11: the gate fails closed"
. "$(dirname "${BASH_SOURCE[0]}")/weir.bash"
weir_plan
phase_1_done

pf phase-graph weir --gate-status 9
expect_exit 2
expect_stdout_empty
expect_stderr_has 'phase 9 is not in this plan'

edit_file "$(plan_path weir)" '`cmd test -f sluice.ok`' '`cmd rm -f sluice.ok`'
: > sluice.ok
PHASE_EXEC_GATES=1 pf phase-graph weir --gate-status 3
expect_exit 1
expect_stdout_exact <<'OUT'
manual: REFUSED — a gate must not mutate anything: rm -f sluice.ok
OUT
[ -f sluice.ok ] || _fail "the refused gate command ran: sluice.ok is gone"
pf validate weir --format concise
expect_exit 1
expect_stdout_line_with 'weir.md:' 'F24 gate-cmd-mutates'

weir_plan
edit_file "$(plan_path weir)" '- **Gate-check:** phase 1' '- **Gate-check:** phase one'
pf phase-graph weir --gate-status 2
expect_exit 1
expect_stdout_exact <<'OUT'
manual: malformed phase gate (expected a phase number): one
OUT

weir_plan
edit_file "$(plan_path weir)" '- **Gate-check:** phase 1' '- **Gate-check:** phases 01,08'
pf phase-graph weir --gate-status 2
expect_exit 1
expect_stdout_exact <<'OUT'
blocked: waiting on phase(s) 08
OUT

weir_plan
edit_file "$(plan_path weir)" '- **Gate-check:** phase 1' "$(printf -- '- **Gate-check:** phase\t1')"
pf phase-graph weir --gate-status 2
expect_exit 1
expect_stdout_lacks 'clear'
pf validate weir --format concise
expect_exit 1
expect_stdout_line_with 'weir.md:24:' 'F24 gate-type-unknown'

weir_plan
mkdir -p "$DOCS_ROOT/docs/handoffs/weir/gate-status.md"
pf phase-graph weir --gate-status 4
expect_exit 1
expect_stdout_exact <<'OUT'
manual: 
OUT
expect_stderr_has 'gate-status.md'
expect_stderr_has 'the gate counts it as saying nothing'
