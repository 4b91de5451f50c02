//! `project.handoff` on calls generated from its golden calls and its wire fields
//! (`cargo +nightly fuzz run op_project_handoff`).
#![no_main]

hapi_a2a_core_fuzz::op_target!("project.handoff");
