//! Evidence that can be checked: `digest.compute` (the digest set of some
//! bytes), `digest.verify` (bytes or a digest set against the digest set
//! a reference carries) and `receipt.attest` (a receipt as an in-toto
//! Statement).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::digest::{self, Against};
use crate::error::{self, CallError};
use crate::sanitize::neutralize_line;

/// `digest.compute`: some bytes, as `text` (hashed as its UTF-8 bytes) or
/// as `base64` (standard base64, the bytes it decodes to), exactly one.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DigestComputeCall {
    /// The bytes as text: its UTF-8 bytes are hashed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub text: Option<String>,
    /// The bytes in standard base64 (RFC 4648 alphabet, `=` padding optional).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub base64: Option<String>,
    /// The algorithms (`sha256`, `sha384`, `sha512`); `["sha256"]` when absent or empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<Vec<String>>"))]
    pub algorithms: Vec<String>,
}

/// The digest set of the bytes, ready to be a ref's `digest`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DigestComputeAnswer {
    /// Algorithm to lowercase hex, by algorithm name (in-toto's DigestSet).
    pub digest: BTreeMap<String, String>,
    /// How many bytes were hashed.
    pub size: u64,
}

/// `digest.compute`: the digest set of the bytes the call carries.
pub fn digest_compute(call: &DigestComputeCall) -> Result<DigestComputeAnswer, CallError> {
    let bytes = bytes_of(call.text.as_deref(), call.base64.as_deref())?
        .ok_or_else(|| CallError::new(error::INVALID_CALL, "the call needs the bytes: `text` or `base64`"))?;
    let digest = digest::digest_set(&bytes, &call.algorithms).map_err(failure)?;
    Ok(DigestComputeAnswer { digest, size: bytes.len() as u64 })
}

/// `digest.verify`: the reference (`ref`, an artifact ref whose `digest` is
/// read, or `expected`, a digest set), and what is checked against it: the
/// bytes (`text` or `base64`) or the caller's own digest set (`digest`),
/// exactly one.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DigestVerifyCall {
    /// The artifact ref (or check `output_ref`) as written; its `digest` is the reference.
    #[serde(rename = "ref", default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub artifact_ref: Option<Value>,
    /// The reference's digest set itself, in place of `ref`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub expected: Option<Value>,
    /// The bytes as text: its UTF-8 bytes are hashed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub text: Option<String>,
    /// The bytes in standard base64.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub base64: Option<String>,
    /// A digest set the caller computed, in place of the bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub digest: Option<Value>,
}

/// One algorithm of the reference and what came of comparing it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DigestComparison {
    /// The algorithm, as the reference names it (shown: on one line, with
    /// invisible and control characters as `<U+XXXX>`).
    pub algorithm: String,
    /// `digest/match`, `digest/mismatch` or `digest/not-compared`.
    pub code: String,
    /// One line; names the algorithm, never the bytes or a digest.
    pub message: String,
}

/// The verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DigestVerifyAnswer {
    /// `digest/match` (every algorithm compared is equal, at least one was
    /// compared), `digest/mismatch` (one differs) or
    /// `digest/nothing-to-compare` (the reference binds nothing the other
    /// side can be held to).
    pub code: String,
    /// Each algorithm of the reference, by name.
    pub compared: Vec<DigestComparison>,
}

/// `digest.verify`: whether the bytes, or the caller's digest set, are the
/// ones the reference names.
pub fn digest_verify(call: &DigestVerifyCall) -> Result<DigestVerifyAnswer, CallError> {
    let expected = match (&call.artifact_ref, &call.expected) {
        (Some(r), None) => {
            if !r.is_object() {
                return Err(CallError::new(error::INVALID_CALL, "`ref` must be an artifact ref (an object)"));
            }
            r.get("digest")
        }
        (None, Some(e)) => Some(e),
        _ => {
            return Err(CallError::new(
                error::INVALID_CALL,
                "the call needs the reference: `ref` (an artifact ref) or `expected` (a digest set), exactly one",
            ));
        }
    };
    let bytes = bytes_of(call.text.as_deref(), call.base64.as_deref())?;
    let against = match (&bytes, &call.digest) {
        (Some(bytes), None) => Against::Bytes(bytes),
        (None, Some(set)) if set.is_object() => Against::Digests(set),
        (None, Some(_)) => {
            return Err(CallError::new(error::INVALID_CALL, "`digest` must be a digest set (an object)"));
        }
        _ => {
            return Err(CallError::new(
                error::INVALID_CALL,
                "the call needs what is checked: the bytes (`text` or `base64`) or a digest set (`digest`), exactly one",
            ));
        }
    };
    let verdict = digest::verify(expected, against);
    Ok(DigestVerifyAnswer {
        code: verdict.code.to_string(),
        compared: verdict
            .compared
            .into_iter()
            .map(|c| DigestComparison {
                algorithm: neutralize_line(&c.algorithm),
                code: c.code.to_string(),
                message: neutralize_line(&c.message),
            })
            .collect(),
    })
}

/// `receipt.attest`: a receipt and the handoff it answers, as the ledger's
/// rows hold them (camelCase top level, `payloadJson` nested verbatim).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReceiptAttestCall {
    /// The handoff's event row.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub handoff: Value,
    /// The receipt's event row (`relatedEventId` names the handoff).
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub receipt: Value,
}

/// The receipt's Statement, ready to be signed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReceiptAttestAnswer {
    /// The in-toto Statement v1 as the exact bytes to sign (compact JSON,
    /// keys in a fixed order): the same rows always give the same text.
    pub statement: String,
    /// The DSSE payload type to sign it under: `application/vnd.in-toto+json`.
    pub payload_type: String,
    /// The Statement's `predicateType`.
    pub predicate_type: String,
    /// How many subjects the Statement names.
    pub subjects: usize,
    /// The refs and outputs that carry no digest the Statement can use, as
    /// pointers into the call: reported, not bound.
    pub unbound: Vec<String>,
}

/// `receipt.attest`: the receipt as an in-toto Statement whose subjects are
/// its digested artifacts and check outputs.
pub fn receipt_attest(call: &ReceiptAttestCall) -> Result<ReceiptAttestAnswer, CallError> {
    let a = crate::attest::statement(&call.handoff, &call.receipt)?;
    Ok(ReceiptAttestAnswer {
        statement: a.statement,
        payload_type: crate::attest::PAYLOAD_TYPE.to_owned(),
        predicate_type: crate::attest::PREDICATE_TYPE.to_owned(),
        subjects: a.subjects,
        unbound: a.unbound,
    })
}

/// The bytes of `text` or `base64` (`None` when neither is given); both is
/// a call error.
fn bytes_of(text: Option<&str>, base64: Option<&str>) -> Result<Option<Vec<u8>>, CallError> {
    match (text, base64) {
        (Some(_), Some(_)) => Err(CallError::new(
            error::INVALID_CALL,
            "the call gives the bytes twice: `text` or `base64`, not both",
        )),
        (Some(text), None) => Ok(Some(text.as_bytes().to_vec())),
        (None, Some(b64)) => digest::decode_base64(b64).map(Some).map_err(failure),
        (None, None) => Ok(None),
    }
}

fn failure(e: digest::DigestError) -> CallError {
    CallError::new(e.code, e.message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const HELLO: &str = "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03";

    fn verify(v: Value) -> Result<DigestVerifyAnswer, CallError> {
        digest_verify(&serde_json::from_value(v).unwrap())
    }

    #[test]
    fn text_and_base64_of_the_same_bytes_have_one_digest() {
        let a = digest_compute(&DigestComputeCall { text: Some("hello\n".into()), ..Default::default() })
            .unwrap();
        let b = digest_compute(&DigestComputeCall { base64: Some("aGVsbG8K".into()), ..Default::default() })
            .unwrap();
        assert_eq!(a, b);
        assert_eq!(a.digest["sha256"], HELLO);
        assert_eq!(a.size, 6);
    }

    #[test]
    fn a_ref_is_verified_through_its_digest() {
        let r = json!({"kind":"log_url","url":"https://ci.example/1","digest":{"sha256":HELLO}});
        assert_eq!(verify(json!({"ref": r, "text": "hello\n"})).unwrap().code, "digest/match");
        assert_eq!(verify(json!({"ref": r, "text": "hello"})).unwrap().code, "digest/mismatch");
        let bare = json!({"kind":"log_url","url":"https://ci.example/1"});
        assert_eq!(verify(json!({"ref": bare, "text": "x"})).unwrap().code, "digest/nothing-to-compare");
    }

    #[test]
    fn each_side_is_given_exactly_once() {
        let e = json!({"sha256": HELLO});
        for bad in [
            json!({"text": "x"}),
            json!({"expected": e, "ref": {"kind": "url"}, "text": "x"}),
            json!({"expected": e}),
            json!({"expected": e, "text": "x", "base64": "eA=="}),
            json!({"expected": e, "text": "x", "digest": e}),
            json!({"expected": e, "digest": "sha256"}),
            json!({"ref": "https://x.example", "text": "x"}),
        ] {
            assert_eq!(verify(bad.clone()).unwrap_err().code, error::INVALID_CALL.as_str(), "{bad}");
        }
        let none = DigestComputeCall::default();
        assert_eq!(digest_compute(&none).unwrap_err().code, error::INVALID_CALL.as_str());
    }
}
