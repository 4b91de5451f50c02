//! `schema.check`: is a new JSON Schema a compatible successor of an old one?

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::compat::{Change, Policy, Verdict, Witness};
use crate::error::CallError;

/// `schema.check`: two JSON Schemas and a policy.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SchemaCheckCall {
    /// The old (released) schema.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub old: Value,
    /// The new schema.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub new: Value,
    /// `strict` (the default: any schema-valid value may be old data) or
    /// `lenient` (writers emit only declared properties).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub policy: Option<Policy>,
    /// Count `format` changes as assertions (default: annotations, `info`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub assert_format: Option<bool>,
    /// Also name a witness for each `breaking` direction (default: no).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub witness: Option<bool>,
}

/// The verdicts and every change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SchemaCheckAnswer {
    /// New readers accept old data: `compatible` or `breaking`.
    pub backward: Verdict,
    /// Old readers accept new data: `compatible` or `breaking`.
    pub forward: Verdict,
    /// Both.
    pub full: Verdict,
    /// Every change, sorted by path, then code.
    pub changes: Vec<Change>,
    /// With `witness: true`: an instance the old schema accepts and the new
    /// one refuses (`backward`), or the reverse (`forward`), for each
    /// `breaking` direction where one could be built and checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub witness: Option<Witness>,
}

/// `schema.check`: compares `old` and `new` under the policy.
#[cfg(feature = "compat")]
pub fn schema_check(call: &SchemaCheckCall) -> Result<SchemaCheckAnswer, CallError> {
    let options = crate::compat::Options {
        policy: call.policy.unwrap_or_default(),
        assert_format: call.assert_format.unwrap_or(false),
    };
    let report = crate::compat::check(&call.old, &call.new, options)?;
    let witness = if call.witness == Some(true) {
        Some(crate::compat::witness(&call.old, &call.new, options, &report))
    } else {
        None
    };
    Ok(SchemaCheckAnswer {
        backward: report.backward,
        forward: report.forward,
        full: report.full,
        changes: report.changes,
        witness,
    })
}

/// `schema.check` in a build without the checker (the default npm package):
/// a `call/feature-unavailable` failure naming the builds that have it.
#[cfg(not(feature = "compat"))]
pub fn schema_check(_call: &SchemaCheckCall) -> Result<SchemaCheckAnswer, CallError> {
    Err(CallError::new(
        crate::error::FEATURE_UNAVAILABLE,
        "this build leaves out the schema compatibility checker; use the CLI, the native library or hapi-a2a-core-full",
    ))
}
