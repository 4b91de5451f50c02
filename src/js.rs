//! JavaScript's semantics that the wire depends on, where Rust's differ:
//! what `/\s/` and `trim()` match, how a number is spelled, how long
//! `JSON.stringify` writes a string. The lowest layer: it names nothing of
//! the crate.

pub mod whitespace;
pub mod number;
pub mod stringify;
