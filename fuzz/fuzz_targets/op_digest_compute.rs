//! `digest.compute` on calls generated from its golden calls and its wire fields
//! (`cargo +nightly fuzz run op_digest_compute`).
#![no_main]

hapi_a2a_core_fuzz::op_target!("digest.compute");
