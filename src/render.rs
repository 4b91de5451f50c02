//! What a worker, a source session or a UI is shown: the handoff's
//! projection and the receipt's notice; and what a signer is given: the
//! receipt as an in-toto Statement.

pub mod project;
pub mod notice;
pub mod attest;
