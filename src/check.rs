//! Checks on documents, refs and strings: what a check is asked
//! (`request`), the dispatch by profile (`validate`), upstream's rules
//! exactly (`upstream`), secrets, locality, and the embedded JSON Schemas.

pub mod secrets;
pub mod locality;
pub mod request;
pub mod columns;
pub mod upstream;
pub mod validate;
pub mod schema;
