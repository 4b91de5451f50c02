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
pub mod principal;

// The ledger fold.
pub mod ledger;

// Checks.
pub mod locality;
pub mod schema;
pub mod secrets;
pub mod validate;

// The facade and its adapters.
pub mod api;
#[cfg(feature = "wasm")]
pub mod wasm;

pub use api::{Answer, call};
pub use diagnostic::{Diagnostic, Severity};
pub use error::CallError;
pub use fields::Mode;
pub use pointer::Pointer;
