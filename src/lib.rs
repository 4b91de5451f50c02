#![doc = include_str!("../README.md")]
#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing))]

// The layers, lowest first, each a folder of `src/`: this list is the one
// statement of them. A module may name (`use crate::x`, `crate::x::...`)
// only modules of its own layer or of a lower one, and in a layer marked
// `(peers)` no module of another of its folders. Inside a folder, a module
// names only modules its folder declares before it. `tests/layers.rs` reads
// these headings and the folders' declarations and fails on an import that
// points up, sideways or forward, and on any import circle. Each folder's
// public modules are re-exported here under their own names, so a path
// names the module, not the folder it sits in; the folders themselves are
// private (what the crate promises is in `docs/development.md`, "The Rust
// API"). The CLI (`src/bin`) sits above them all.

// Layer 0: JavaScript's semantics the wire depends on (whitespace, number
// spelling, `JSON.stringify` lengths). It names nothing of the crate.
pub(crate) mod js;

// Layer 1: the base — pointers, findings and codes, failures, text
// neutralisation, URLs, the one stable sort.
pub(crate) mod base;
pub(crate) use base::sort;
pub use base::{diagnostic, error, pointer, sanitize, url};

// Layer 2: JSON text — the one lexer and the readers on it: the reporting
// parser, the borrowed document, the stream reader that builds nothing.
pub mod json;
pub use json::doc;

// Layer 3: the contract's fixed parts — caps, vocabularies, typed field
// access with its diagnostics.
pub(crate) mod contract;
pub use contract::{fields, limits, vocab};

// Layer 4: the wire model — typed serde structs and their rules, one module
// per RFC object.
pub(crate) mod model;
pub use model::{artifact, capability, event, handoff, link, peer, principal, receipt, spawn, work_ad};

// Layer 5: checks on documents, refs and strings — kind + mode → report.
pub(crate) mod check;
pub(crate) use check::{columns, request};
pub use check::{digest, locality, schema, secrets, upstream, validate};

// Layer 6 (peers): what reads the model — rendering for workers, sources and
// UIs, the text parsers compatible with upstream, the ledger fold, and the
// schema compatibility checker. Their folders do not name one another.
pub mod compat;
pub mod ledger;
pub(crate) mod render;
pub use render::{attest, notice, project};
pub(crate) mod text;
pub use text::{citation, notify};

// Layer 7: the facade and its adapters, and the code table (which names
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
