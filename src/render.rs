//! What a worker, a source session or a UI is shown: the handoff's
//! projection and the receipt's notice.

pub mod project;
pub mod notice;
