//! `planfile`: reads, merges, lints and writes the decision manifest of the
//! Markdown plan files of a phased-execution workflow (see SPEC.md).
//!
//! Data flows one way: files → one parse ([`markdown`]) → model ([`plan`],
//! [`manifest`]) → merge, lint or write → [`output`].

#![warn(missing_docs)]

pub mod atomic;
pub mod cli;
pub mod config;
pub mod engine;
pub mod error;
pub mod gate;
pub mod generate;
pub mod lint;
pub mod manifest;
pub mod markdown;
pub mod needs;
pub mod output;
pub mod plan;
pub mod root;
pub mod server;
pub mod vocab;
pub mod writer;

pub use error::{Error, Result};
