//! Upstream's text parsers, compatible with upstream: the notify footer and
//! session citations.

pub mod citation;
pub mod notify;
