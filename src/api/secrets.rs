//! `secrets.scan`: every secret in a JSON value, by rule and place.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::CallError;
use crate::pointer::Pointer;
use crate::secrets;

/// `secrets.scan`: any JSON value.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SecretsScanCall {
    /// The value to scan (strings and object keys, at any depth).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub value: Value,
}

/// One secret found: the rule and the place, never the value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SecretFinding {
    /// The rule, a `secret/*` code.
    pub code: String,
    /// Where in `value`, as an RFC 6901 pointer.
    pub instance_path: String,
}

/// Every finding, sorted by pointer then code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SecretsScanAnswer {
    /// What was found; empty when the value is clean.
    pub findings: Vec<SecretFinding>,
}

/// `secrets.scan`: the secrets in `value`.
pub fn secrets_scan(call: &SecretsScanCall) -> Result<SecretsScanAnswer, CallError> {
    let findings = secrets::scan_strings(&call.value, &Pointer::root())
        .into_iter()
        .map(|f| SecretFinding { code: f.code.to_string(), instance_path: f.instance_path.into() })
        .collect();
    Ok(SecretsScanAnswer { findings })
}
