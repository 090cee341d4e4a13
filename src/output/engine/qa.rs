//! The QA modes' text (SPEC §11), as the reference prints it:
//! `--qa-mode` (`off`, or the regime and its reason in parentheses),
//! `--qa-history` (`round<TAB>result<TAB>report<TAB>recorded` a line) and
//! the QA reviewer's brief of `--qa-prompt`.

use crate::engine::qa::{QaHistoryAnswer, QaModeAnswer, QaPromptAnswer};

/// `--qa-mode`: `off`, or `<regime> (<reason>)`.
pub(super) fn mode(m: &QaModeAnswer) -> String {
    match &m.reason {
        Some(reason) => format!("{} ({reason})\n", m.qa.word()),
        None => format!("{}\n", m.qa.word()),
    }
}

/// `--qa-history`: one line per round, oldest first.
pub(super) fn history(h: &QaHistoryAnswer) -> String {
    h.rounds
        .iter()
        .map(|r| {
            format!(
                "{}\t{}\t{}\t{}\n",
                r.written, r.result, r.report, r.recorded
            )
        })
        .collect()
}

/// `--qa-prompt`: the brief, in the reference's words.
pub(super) fn prompt(q: &QaPromptAnswer) -> String {
    let slug = &q.plan;
    let p = &q.shown;
    let mut out = format!(
        "You are an INDEPENDENT QA reviewer with a FRESH context. Verify Phase {p} of \"{slug}\" before\n\
its dependents start. Do NOT trust the handoff's claims — establish ground truth yourself\n\
from the plan + the real diff.\n\n"
    );
    if q.round > 1 {
        out.push_str(&format!(
            "This is QA ROUND {} for this phase. Earlier rounds — read them before you start, then\n\
judge the CURRENT diff yourself; an earlier verdict is evidence, never a conclusion:\n",
            q.round
        ));
        for r in &q.earlier {
            out.push_str(&format!(
                "  round {}: {} — docs/handoffs/{slug}/{}\n",
                r.written, r.result, r.report
            ));
        }
        out.push('\n');
    }
    if !q.skills_line.is_empty() {
        out.push_str(&format!(
            "First invoke these skills (the plan uses them for every session): {}\n\n",
            q.skills_line
        ));
    }
    if !q.mcp.is_empty() {
        out.push_str(&format!(
            "The phase ran with these MCP servers: {} — you may use them to establish ground\n\
truth, but never take a server's word for whether the work is correct.\n\n",
            q.mcp.join(", ")
        ));
    }
    if !q.contract.is_empty() {
        out.push_str(
            "THE PLAN STATES ITS OWN QA CONTRACT, and it OVERRIDES the generic steps below wherever\n\
the two differ — including which verdicts you may record. Read it first, follow it, and\n\
if it forbids a verdict, do not record that verdict even though step 4 lists it:\n\n",
        );
        out.push_str(&q.contract.join("\n"));
        out.push_str("\n\n");
    }
    let root = &q.skill_root;
    out.push_str(&format!(
        "1. `git pull`. Read docs/plans/{slug}.md §Phase {p} — goal, exit criteria, Verification.\n\
2. Read the handoff {} (its claims + key_files), then read ALL code the phase changed\n\
\x20  COLD: `git diff` of its commits + every key_files path, in full.\n\
3. Investigate for gaps/bugs/regressions/security per {root}/references/qa-method.md —\n\
\x20  a real review, not just tests. Run and extend tests to cover every exit criterion.\n\
4. Write the report from {root}/assets/report-template.md to\n\
\x20  docs/handoffs/{slug}/{}, then record the verdict:\n\
\x20    {}\n\
5. Commit + push the report + test-status.md, then return the verdict + findings\n\
\x20  (dependents unblock only once pass|waived; a fail must be pushed to gate them).\n",
        q.handoff, q.report, q.record
    ));
    out
}
