//! The contract's fixed parts: upstream's caps, every vocabulary, and typed
//! field access with its diagnostics.

pub mod limits;
pub mod vocab;
pub mod fields;
