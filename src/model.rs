//! The wire model: one module per RFC object, its typed serde structs and
//! its rules.

pub mod artifact;
pub mod capability;
pub mod event;
pub mod handoff;
pub mod link;
pub mod peer;
pub mod principal;
pub mod receipt;
pub mod spawn;
pub mod work_ad;
