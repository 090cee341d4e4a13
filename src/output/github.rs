//! `validate --format github` (SPEC §6): GitHub Actions workflow commands,
//! `::error file=…,line=…,col=…,title=CODE name::message` for a finding that
//! gates and `::warning …` for one that does not; a plan that could not be
//! read is `::error file=…,line=…,title=unreadable plan::…`.

use std::io::Write;

use super::Findings;

/// Escapes a workflow command's message: `%`, CR and LF.
pub fn escape_data(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            c => out.push(c),
        }
    }
    out
}

/// Escapes a workflow command's property value: as [`escape_data`], and
/// also `:` and `,`.
pub fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// Writes one workflow command per finding of `findings.plans`, in order, then one
/// `::error` per plan in `findings.unreadable`; each file named relative to the
/// repository ([`Findings::ci_path`], SPEC §10.1), as GitHub attaches an
/// annotation. Errors are the writer's.
pub fn write(out: &mut dyn Write, findings: Findings) -> std::io::Result<()> {
    for report in findings.plans {
        for f in &report.findings {
            let command = if report.gates(f) { "error" } else { "warning" };
            writeln!(
                out,
                "::{command} file={},line={},col={},title={}::{}",
                escape_property(&findings.ci_path(&f.file)),
                f.line,
                f.column,
                escape_property(&format!("{} {}", f.code, f.name)),
                escape_data(&f.message)
            )?;
        }
    }
    for u in findings.unreadable {
        let line = u.line.map(|l| format!(",line={l}")).unwrap_or_default();
        writeln!(
            out,
            "::error file={}{line},title=unreadable plan::{}",
            escape_property(&findings.ci_path(&u.path)),
            escape_data(&u.message)
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(escape_data("50% done\r\nnext"), "50%25 done%0D%0Anext");
        assert_eq!(escape_data("a: b, c"), "a: b, c");
        assert_eq!(escape_property("a,b:c%d\ne"), "a%2Cb%3Ac%25d%0Ae");
    }
}
