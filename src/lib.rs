#![doc = include_str!("../README.md")]
#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing))]

// Foundation: places, findings, failures, limits, JSON text.
pub mod diagnostic;
pub mod error;
pub mod json;
pub mod jstext;
pub mod limits;
pub mod pointer;
pub mod url;

// Vocabularies and typed field access.
pub mod fields;
pub mod vocab;

// Wire model.
pub mod artifact;
pub mod capability;
pub mod event;
pub mod handoff;
pub mod link;
pub mod principal;
pub mod receipt;
pub mod spawn;
pub mod work_ad;

// Rendering for workers, sources and UIs.
pub mod notice;
pub mod peer;
pub mod project;
pub mod sanitize;

// The ledger fold.
pub mod ledger;

// Checks.
pub mod locality;
pub mod schema;
pub mod secrets;
pub mod validate;

// The schema compatibility checker.
pub mod compat;

// Text parsers compatible with upstream.
pub mod citation;
pub mod notify;

// The facade and its adapters.
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
