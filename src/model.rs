//! The wire model: one module per RFC object, its typed serde structs and
//! its rules.

pub mod artifact;
pub mod capability;
pub mod peer;
pub mod principal;
pub mod handoff;
pub mod receipt;
pub mod spawn;
pub mod work_ad;
pub mod event;
pub mod link;
