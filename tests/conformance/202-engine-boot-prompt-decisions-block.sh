# fix
# The boot prompt's decisions (SPEC §11 --boot-prompt, §5.3): the block a
# phase's session boots with is the one `decisions SLUG --phase N prompt`
# prints, from the merged manifest, twin answers included; it sits under the
# bash engine's heading line and above its `--needs` duty lines.
. "$CONF_LIB"
fix "SPEC 11: the boot prompt's decisions are the prompt block"
. "$(dirname "${BASH_SOURCE[0]}")/weir.bash"
weir_plan
phase_1_done

pf decisions weir --phase 2 answer budgets --value 'two gauge boards, no more' --evidence 'keeper quote'
expect_exit 0

pf decisions weir --phase 2 prompt
expect_exit 0
printf '%s\n' "$OUT" > block.txt
grep -q '^  - \[answered\] budgets: two gauge boards, no more$' block.txt \
  || { _fail "the prompt block should carry the twin's answer"; _show stdout "$OUT"; }

pf phase-graph weir --boot-prompt 2
expect_exit 0
printf '%s\n' "$OUT" > boot.txt
python3 - block.txt boot.txt <<'PY' || _fail "the boot prompt should hold the prompt block whole, under the heading and above the --needs duty"
import sys
block = open(sys.argv[1], encoding="utf-8").read()
boot = open(sys.argv[2], encoding="utf-8").read()
at = boot.find(block)
if at < 0:
    sys.exit(1)
before = boot[:at].rstrip("\n").rsplit("\n", 1)[-1]
after = boot[at + len(block):].split("\n", 1)[0]
ok = before.startswith("This phase's DECISIONS") and "--needs" in boot[at + len(block):] and after.startswith("If you cannot proceed")
sys.exit(0 if ok else 1)
PY
expect_stdout_lacks 'phase-graph.sh weir --decisions 2`):
If you cannot proceed'
