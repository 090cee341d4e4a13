//! The session plan's text, as the reference prints it.

use std::fmt::Write;

use super::board::banner;
use super::joined;
use crate::engine::session::{Measured, SessionPlan};

/// `tokens` in thousands, rounded half up, with a thousands separator
/// (`121144` is `121K`, `5775000` is `5,775K`), and a whole number of
/// millions as millions (`1000000` is `1M`).
pub fn kilo(tokens: u64) -> String {
    let k = tokens.saturating_add(500) / 1000;
    if k >= 1000 && k.is_multiple_of(1000) {
        return format!("{}M", k / 1000);
    }
    let digits = k.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out.push('K');
    out
}

/// Hundredths of a session as sessions with one decimal, rounded half up
/// (`169` is `1.7`).
fn tenths(x100: u64) -> String {
    let t = x100.saturating_mul(100).saturating_add(500) / 1000;
    format!("{}.{}", t / 10, t % 10)
}

/// The session plan's text.
pub fn text(p: &SessionPlan) -> String {
    let mut out = String::new();
    if let Some(c) = &p.closed {
        let _ = write!(
            out,
            "\nSession plan — {}\n\n{}\nNo sessions to plan.\n",
            p.plan,
            banner(c)
        );
        return out;
    }
    let _ = writeln!(
        out,
        "\nSession plan — {}   (budget ~{}K/session · S={}K M={}K L={}K)",
        p.plan,
        p.budget / 1000,
        p.sizes.s / 1000,
        p.sizes.m / 1000,
        p.sizes.l / 1000
    );
    out.push_str("Unit: 1 phase ≥ 1 session — the console's autopilot boards every phase in a session of its own and never batches.\n");
    if let Some(w) = &p.weight {
        let _ = writeln!(
            out,
            "Weight: {} L · {} M · {} S = {} over {} phases; left: {} L · {} M · {} S = {} over {}   (generated — quote it, never type a sum)",
            w.all.l,
            w.all.m,
            w.all.s,
            kilo(w.all.tokens),
            w.all.phases,
            w.left.l,
            w.left.m,
            w.left.s,
            kilo(w.left.tokens),
            w.left.phases
        );
    }
    if let Some(f) = &p.forecast {
        let measured: Vec<String> = f
            .measured
            .iter()
            .enumerate()
            .map(|(i, m): (usize, &Measured)| {
                if i == 0 {
                    format!(
                        "{} {} ({} when it wraps, {} % do)",
                        m.size.letter(),
                        tenths(m.sessions_x100),
                        tenths(m.wrapped_x100),
                        m.wrap_pct
                    )
                } else {
                    format!(
                        "{} {} ({}, {} %)",
                        m.size.letter(),
                        tenths(m.sessions_x100),
                        tenths(m.wrapped_x100),
                        m.wrap_pct
                    )
                }
            })
            .collect();
        let _ = writeln!(
            out,
            "Forecast: ≈ {} sessions for {} phases — sessions per phase, measured: {}",
            f.sessions,
            f.phases,
            measured.join(" · ")
        );
    }
    if let Some(c) = &p.context {
        let _ = writeln!(
            out,
            "Context: a session peaks near {} + {}.{:02} × its weight (boot {} + work {}), sized to stay under {} — {} % of a {} window",
            kilo(c.floor),
            c.slope_pct / 100,
            c.slope_pct % 100,
            kilo(c.boot),
            kilo(c.work),
            kilo(c.target),
            c.target_pct,
            kilo(c.window)
        );
        if c.boot_measured {
            let _ = writeln!(
                out,
                "Boot floor: {} per session — the first call's context on this repository, measured over {} sessions",
                kilo(c.boot),
                c.boot_samples.as_deref().unwrap_or("?")
            );
        } else {
            let _ = writeln!(
                out,
                "Boot floor: {} per session — shipped default; this repository has not measured its own (the console reports it)",
                kilo(c.boot)
            );
        }
        if c.floor_reaches_target {
            let _ = writeln!(
                out,
                "⚠ the session floor alone ({}) reaches this budget's target ({}): every phase overflows a session of this size — size to a larger window",
                kilo(c.floor),
                kilo(c.target)
            );
        }
    }
    out.push_str("By hand: remaining phases may share a session while deps are met and the floor + slope × weight fits;\n");
    out.push_str(
        "GATED phases, QA boundaries, and the budget cut. Confirm against your live context meter.\n",
    );
    if !p.sizes_tagged {
        out.push_str(
            "(no \"Size:\" tags found — every phase treated as M; add them for sharper batches)\n",
        );
    }
    out.push('\n');
    if !p.done.is_empty() {
        let _ = writeln!(out, "  (already done, excluded: {})", joined(&p.done, ", "));
    }
    for s in &p.groups {
        let mut flags = String::new();
        if !s.waiting_on.is_empty() {
            let _ = write!(flags, "  ⚠ waiting on: {}", joined(&s.waiting_on, " "));
        }
        if s.gated {
            flags.push_str("  🔒 GATED — own session, confirm gates first");
        }
        if s.over_budget {
            flags.push_str("  ⚠ over budget — split");
        }
        if s.phases.len() > 1 {
            let _ = writeln!(
                out,
                "  Session {}  batch  (~{}K):  {}{flags}",
                s.session,
                s.weight / 1000,
                joined(&s.phases, " → ")
            );
        } else {
            let _ = writeln!(
                out,
                "  Session {}  solo   (~{}K):  Phase {}{flags}",
                s.session,
                s.weight / 1000,
                joined(&s.phases, " ")
            );
        }
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_and_millions() {
        assert_eq!(kilo(0), "0K");
        assert_eq!(kilo(499), "0K");
        assert_eq!(kilo(121_144), "121K");
        assert_eq!(kilo(5_775_000), "5,775K");
        assert_eq!(kilo(1_000_000), "1M");
        assert_eq!(kilo(999_600), "1M");
        assert_eq!(kilo(1_234_567_890), "1,234,568K");
        assert_eq!(tenths(169), "1.7");
        assert_eq!(tenths(278), "2.8");
        assert_eq!(tenths(254), "2.5");
    }
}
