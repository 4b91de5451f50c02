#![doc = include_str!("../README.md")]
#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing))]

// The layers, lowest first: this list is the one statement of them. A
// module may name (`use crate::x`, `crate::x::...`) only modules of its own
// layer or of a lower one; `tests/layers.rs` reads these headings and fails
// on an import that points up. The CLI (`src/bin`) sits above them all.

// Layer 0: foundation — places, findings and what a code is, failures,
// limits, JSON text, JavaScript's string rules, text neutralisation, and
// the one stable sort.
pub mod diagnostic;
pub mod doc;
pub mod error;
pub mod js;
pub mod json;
pub mod limits;
pub mod pointer;
pub mod sanitize;
pub(crate) mod sort;

// Layer 1: every vocabulary, and typed field access with its diagnostics.
pub mod fields;
pub mod vocab;

// Layer 2: the wire model — typed serde structs and their rules, one module
// per RFC object (URLs and refs included).
pub mod artifact;
pub mod capability;
pub mod event;
pub mod handoff;
pub mod link;
pub mod peer;
pub mod principal;
pub mod receipt;
pub mod spawn;
pub mod url;
pub mod work_ad;

// Layer 3: checks on documents, refs and strings — kind + mode → report.
pub mod locality;
pub mod request;
pub mod schema;
pub mod secrets;
pub mod upstream;
pub mod validate;

// Layer 4: what reads the model — rendering for workers, sources and UIs,
// the text parsers compatible with upstream, the ledger fold, and the schema
// compatibility checker. They do not name one another, except a renderer
// another renderer.
pub mod citation;
pub mod compat;
pub mod ledger;
pub mod notice;
pub mod notify;
pub mod project;

// Layer 5: the facade and its adapters, and the code table (which names
// every module that declares codes).
pub mod api;
pub mod codes;
#[cfg(feature = "ts")]
pub mod typescript;
#[cfg(feature = "wasm")]
pub mod wasm;

pub use api::{Answer, call};
pub use diagnostic::{Diagnostic, Severity};
pub use error::CallError;
pub use fields::Mode;
pub use pointer::Pointer;
