//! `needs WORD [--ruling] [--format tsv|json]` (SPEC §5.6): checks a
//! `--needs` word as the workflow's declarations use it.

use super::{NeedsArgs, NeedsFormat, print_stdout};
use crate::error::Result;
use crate::needs::read_needs_word;
use crate::output;

/// Prints the key the word stands for and its class; for `lock`, also a
/// note on stderr that a peer's lock is nobody's decision. Exit 0; exit 2
/// (a usage error listing the keys and classes) for a word that is neither
/// a key nor a class, or, with `--ruling`, not a key.
pub(super) fn needs(args: &NeedsArgs) -> Result<u8> {
    let need = read_needs_word(&args.word, args.ruling)?;
    let mut buf = Vec::new();
    match args.format {
        NeedsFormat::Tsv => output::needs::write_tsv(&mut buf, &need)?,
        NeedsFormat::Json => output::needs::write_json(&mut buf, &args.word, &need)?,
    }
    print_stdout(&buf)?;
    if need.key.is_none() {
        let mut err = std::io::stderr().lock();
        std::io::Write::write_all(
            &mut err,
            format!(
                "planfile: note: {} is a peer's lock on the scope: it names no decision key, and nobody's decision answers it (the run queues behind the peer)\n",
                args.word
            )
            .as_bytes(),
        )?;
    }
    Ok(0)
}
