//! The base every layer stands on: places in a document (RFC 6901
//! pointers), findings and what a code is, call failures, text
//! neutralisation, URLs, and the one stable sort. Nothing here knows a
//! JSON text or a wire object.

pub mod pointer;
pub mod sanitize;
pub(crate) mod sort;
pub mod diagnostic;
pub mod error;
pub mod url;
