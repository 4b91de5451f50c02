//! `artifact.locality`: whether a sink can resolve an artifact ref.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::artifact;
use crate::error::CallError;
use crate::locality::{self, Endpoint};
use crate::sanitize::neutralize_line;

/// `artifact.locality`: one ref, the sink, and the source when known.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ArtifactLocalityCall {
    /// The artifact ref as written (`{kind, url?, ref?, locality?, ...}`, snake_case inside).
    #[serde(rename = "ref", default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub artifact_ref: Value,
    /// Where the ref was written, when known (`{machineId, sessionId}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub source: Option<Endpoint>,
    /// Where it is to be resolved (`{machineId, sessionId, namespace?}`).
    pub sink: Endpoint,
}

/// The verdict on one ref.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ArtifactLocalityAnswer {
    /// The sink can fetch it without the source machine.
    pub resolvable: bool,
    /// Stable code saying why (`artifact/*`).
    pub code: String,
    /// One line for a human; never contains the handle's text.
    pub reason: String,
    /// The canonical identity of what the ref points at
    /// (`github_pr:owner/repo#123`, ...), when it has one and carries no secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub identity: Option<String>,
}

/// `artifact.locality`: the verdict for `ref` at `sink`.
pub fn artifact_locality(call: &ArtifactLocalityCall) -> Result<ArtifactLocalityAnswer, CallError> {
    let verdict = locality::resolve(&call.artifact_ref, call.source.as_ref(), &call.sink);
    let secret = verdict.code == locality::CREDENTIALS_IN_URL || verdict.code == locality::CONTAINS_SECRET;
    let identity = if secret { None } else { artifact::canonical_identity(&call.artifact_ref) };
    // The reason may quote the ref (its kind, its branch): shown, not obeyed.
    Ok(ArtifactLocalityAnswer {
        resolvable: verdict.resolvable,
        code: verdict.code.to_string(),
        reason: neutralize_line(&verdict.reason),
        identity: identity.map(|i| neutralize_line(&i)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn call(v: Value) -> ArtifactLocalityAnswer {
        artifact_locality(&serde_json::from_value(v).unwrap()).unwrap()
    }

    #[test]
    fn the_answer_carries_the_canonical_identity() {
        let a = call(json!({"ref":{"kind":"github_pr","url":"https://github.com/O/R/pulls/9/files"},
            "sink":{"machineId":"m","sessionId":"s"}}));
        assert!(a.resolvable);
        assert_eq!(a.identity.as_deref(), Some("github_pr:o/r#9"));
    }

    #[test]
    fn a_ref_with_credentials_gets_no_identity() {
        let a = call(json!({"ref":{"kind":"url","url":"https://u:pw93817@h.example/x"},
            "sink":{"machineId":"m","sessionId":"s"}}));
        assert_eq!(a.code, "artifact/credentials-in-url");
        assert_eq!(a.identity, None);
    }
}
