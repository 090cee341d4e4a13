//! `planfile server` (SPEC §10.2): the language server on stdin and stdout.

use super::ServerArgs;
use crate::error::Result;

/// Serves one editor until it sends `exit` (or closes stdin); the exit code
/// is 0 after a `shutdown`, else 1.
pub(super) fn server(_args: &ServerArgs) -> Result<u8> {
    Ok(crate::server::run_stdio())
}
