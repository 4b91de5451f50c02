//! Checks on documents, refs and strings: what a check is asked
//! (`request`), the dispatch by profile (`validate`), upstream's rules
//! exactly (`upstream`), secrets, locality, the embedded JSON Schemas, and
//! digests computed and compared (`digest`).

pub mod secrets;
pub mod locality;
pub mod request;
pub mod columns;
pub mod upstream;
pub mod validate;
pub mod schema;
pub mod digest;
