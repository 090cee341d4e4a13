# The plan the engine cases share (sourced by 2xx-engine-*.sh).
# shellcheck shell=bash
weir_plan() {  # weir_plan — the 4-phase weir plan: no gate, a phase gate, a cmd gate, a manual gate
  plan weir <<'EOF'
---
slug: weir
status: active
phases: 4
---

# Weir gauge

## Phase graph

| Phase | Title | Depends on | Repos | Exit criteria |
|------:|-------|------------|-------|---------------|
| 1 | Gauge board | — | weir | board read |
| 2 | Flow log *(GATED)* | 1 | weir | log kept |
| 3 | Sluice check *(GATED)* | 1 | weir | sluice checked |
| 4 | Keeper sign-off *(GATED)* | 2, 3 | weir | signed |

## Phases

### Phase 1 — Gauge board
- **Verification:** `test -s board.txt`

### Phase 2 — Flow log *(GATED)*
- **Gate-check:** phase 1
- **Verification:** `test -s flow.log`

### Phase 3 — Sluice check *(GATED)*
- **Gate-check:** `cmd test -f sluice.ok`
- **Verification:** `test -f sluice.ok`

### Phase 4 — Keeper sign-off *(GATED)*
- **Gate-check:** manual
- **Verification:** `grep -q signed keeper.log`

## Decisions

| key | value | owner | state | blocking | source | evidence | phase |
|---|---|---|---|---|---|---|---|
| `permission.policy` | allow reads, builds and `kubectl get`; ask before any other network write; an ask goes to the on-call operator | platform-team | answered | yes | plan | kickoff notes 2026-08-28 | — |
| `permission.destructive` | denied unless named here: `kubectl apply` in namespace `billing` (phases 2 and 3), `virsh shutdown mailer-vm-01` (phase 4); phases push only to `migrate/*` branches | platform-team | answered | yes | plan | kickoff notes 2026-08-28 | — |
| `issues` | off | platform-team | answered | no | plan | | — |
| `credentials` | require: `registry-push`, `staging-kubeconfig` | platform-team | answered | yes | plan | vault paths checked 2026-09-01 | — |
| `accounts` | `team-main` first, then `team-overflow`; keep 20 % headroom | platform-team | answered | yes | plan | | — |
| `mcp` | no MCP server is used by this migration | platform-team | waived | no | plan | | — |
| `gates` | operator | platform-team | answered | no | plan | | — |
| `verification.person-check` | halt | platform-team | answered | no | plan | | — |
| `qa.exhausted` | waive | platform-team | answered | no | default | | — |
| `waits` | window | platform-team | answered | no | default | | — |
| `human-acts` | none: no person acts in this plan | op | answered | yes | plan | | — |
| `ambiguity` | ruling | platform-team | answered | no | default | | — |
| `budgets` | none | op | answered | no | plan | | — |
| `resume.on-restart` | hold | platform-team | answered | no | plan | | — |
| `plan-health` | advisory lints are reported but do not gate | platform-team | answered | no | plan | | — |
| `stop` | run unattended between gates; on a halt tell the billing-migration channel | platform-team | answered | no | plan | | — |
| `relay` | last-resort | platform-team | answered | yes | plan | | — |
| `announce` | phase completions and halts, to the billing-migration channel | platform-team | answered | no | plan | | — |
| `plan-approval` | hold | platform-team | answered | no | plan | | — |
| `waits` | the flow log fills over one tide · op clock · watch `file:flow.log` · window 6h | op | answered | no | plan | | 2 |
EOF
}

phase_1_done() {
  handoff weir phase-01-gauge-board.md <<'EOF'
---
plan: docs/plans/weir.md
phase: 1
status: complete
---
# Phase 1 — Gauge board

This is not the final phase; see the plan.

## ▶ Start next phase(s)

Phases 2 and 3.
EOF
}
