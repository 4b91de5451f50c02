//! A receipt as an in-toto Statement v1: the bytes a signer wraps in a DSSE
//! envelope, so existing supply-chain tools can sign and verify what an
//! agent reported.
//!
//! The Statement's `subject` is every artifact and check output of the
//! exchange that carries a digest the core can vouch for the shape of (a
//! known algorithm, its exact length of lowercase hex): the handoff's
//! artifact refs, then the receipt's, then each check's `output_ref`, in that
//! order, a repeated subject written once. Its predicate
//! ([`PREDICATE_TYPE`], documented by `schemas/receipt_predicate.schema.json`)
//! holds the facts: the handoff's id, intent and times, the receipt's status
//! and notes, its checks (command, exit code, passed, times, output), and the
//! principals who asked, confirmed and answered.
//!
//! The bytes are deterministic: every object is written with its keys in a
//! fixed order, digest sets by algorithm name, as compact JSON. The same
//! rows always give the same bytes, so a signature over them can be made
//! again and compared. The core does not sign.
//!
//! What it refuses: a receipt that binds nothing (no digested artifact or
//! output: a Statement needs a subject), a receipt that does not answer the
//! given handoff, rows that are not a handoff and its receipt, and anything
//! that would carry a secret into a document made to be passed around.

use serde_json::{Map, Number, Value};

use crate::artifact::{self, Artifact};
use crate::error::CallError;
use crate::fields::type_name;
use crate::pointer::Pointer;
use crate::project::EventView;

crate::define_codes! {
    NOT_A_RECEIPT = "attest/not-a-receipt", "the event given as the receipt is not of `eventType` `handoff_receipt`";
    NOT_ITS_HANDOFF = "attest/not-its-handoff", "the receipt's `relatedEventId` does not name the handoff given with it";
    INVALID_RECEIPT = "attest/invalid-receipt", "a receipt field a Statement states is missing or of the wrong type (`status`, a check's `command`, `exit_code` or `passed`)";
    UNBOUND = "attest/unbound", "no artifact or check output of the receipt or its handoff carries a digest, so a Statement would have no subject: the receipt is reported, not bound";
    MISSING_ID = "attest/missing-id", "the handoff or the receipt has no `id` (a non-empty string): a Statement names both, and a receipt answers its handoff by it";
    CONTAINS_SECRET = "attest/contains-secret", "a string the Statement would carry looks like a secret; nothing is written";
}

/// The in-toto Statement type this op writes.
pub const STATEMENT_TYPE: &str = "https://in-toto.io/Statement/v1";

/// The predicate type of a receipt.
pub const PREDICATE_TYPE: &str = "https://schemas.hapi.dev/a2a/v1/receipt-predicate";

/// The DSSE payload type of an in-toto Statement.
pub const PAYLOAD_TYPE: &str = "application/vnd.in-toto+json";

/// A receipt's Statement.
#[derive(Clone, Debug, PartialEq)]
pub struct Attestation {
    /// The Statement's bytes: compact JSON, keys in a fixed order.
    pub statement: String,
    /// How many subjects it names.
    pub subjects: usize,
    /// Where a ref or output carries no digest the Statement can use, as
    /// pointers into the call (`/receipt/payloadJson/checks/0/output_ref`):
    /// reported, not bound.
    pub unbound: Vec<String>,
}

/// The Statement of `receipt` (an event row of type `handoff_receipt`)
/// answering `handoff` (its handoff's row).
pub fn statement(handoff: &Value, receipt: &Value) -> Result<Attestation, CallError> {
    let h = EventView::read(handoff, "handoff")?;
    h.require_handoff("handoff")?;
    let r = EventView::read(receipt, "receipt")?;
    if r.event_type != Some("handoff_receipt") {
        let found = r.event_type.map_or_else(|| "absent".to_owned(), crate::diagnostic::quote);
        return Err(CallError::new(
            NOT_A_RECEIPT,
            format!("`receipt.eventType` is {found}, not `handoff_receipt`"),
        ));
    }
    for (what, id) in [("handoff", h.id), ("receipt", r.id)] {
        if id.is_none_or(str::is_empty) {
            return Err(CallError::new(MISSING_ID, format!("`{what}.id` must be a non-empty string")));
        }
    }
    if r.related_event_id.is_none() || r.related_event_id != h.id {
        return Err(CallError::new(
            NOT_ITS_HANDOFF,
            "the receipt's `relatedEventId` does not name the handoff's `id`",
        ));
    }
    let status =
        r.payload_str("status").ok_or_else(|| invalid("`receipt.payloadJson.status` must be a string"))?;
    let checks = match r.payload_value("checks") {
        None | Some(Value::Null) => &[][..],
        Some(Value::Array(items)) => items.as_slice(),
        Some(other) => {
            return Err(invalid(format!(
                "`receipt.payloadJson.checks` must be an array, found {}",
                type_name(other)
            )));
        }
    };

    let mut subjects: Vec<Value> = Vec::new();
    let mut unbound = Vec::new();
    let root = Pointer::root();
    let mut bind = |artifact_ref: &Value, at: Pointer| match subject(artifact_ref) {
        Some(s) => {
            if !subjects.contains(&s) {
                subjects.push(s);
            }
        }
        None => unbound.push(at.to_string()),
    };
    let refs_at = |side: &str| root.key(side).key("artifactRefs");
    for (i, a) in h.artifact_refs.iter().enumerate() {
        bind(a, refs_at("handoff").index(i));
    }
    for (i, a) in r.artifact_refs.iter().enumerate() {
        bind(a, refs_at("receipt").index(i));
    }
    let mut facts = Vec::with_capacity(checks.len());
    for (i, check) in checks.iter().enumerate() {
        let at = root.key("receipt").key("payloadJson").key("checks").index(i);
        facts.push(check_fact(check, &at)?);
        if let Some(output) = check.get("output_ref").filter(|v| !v.is_null()) {
            bind(output, at.key("output_ref"));
        }
    }
    if subjects.is_empty() {
        return Err(CallError::new(
            UNBOUND,
            "no artifact or check output carries a digest: the receipt is reported, not bound, and a Statement needs a subject",
        ));
    }

    let mut predicate = Map::new();
    let mut handoff_facts = Map::new();
    put_str(&mut handoff_facts, "id", h.id);
    put_str(&mut handoff_facts, "intent", h.payload_str("intent"));
    put_str(&mut handoff_facts, "summary", h.summary);
    put_num(&mut handoff_facts, "ts", handoff.get("ts"));
    put_str(&mut handoff_facts, "sourceRef", handoff.get("sourceRef").and_then(Value::as_str));
    put_str(&mut handoff_facts, "sinkKind", h.sink_kind);
    put_str(&mut handoff_facts, "sinkRef", h.sink_ref);
    put_str(&mut handoff_facts, "namespace", handoff.get("namespace").and_then(Value::as_str));
    predicate.insert("handoff".into(), Value::Object(handoff_facts));
    let mut receipt_facts = Map::new();
    put_str(&mut receipt_facts, "id", r.id);
    put_str(&mut receipt_facts, "status", Some(status));
    put_str(&mut receipt_facts, "notes", r.payload_str("notes"));
    put_num(&mut receipt_facts, "ts", receipt.get("ts"));
    put_str(&mut receipt_facts, "sourceRef", receipt.get("sourceRef").and_then(Value::as_str));
    predicate.insert("receipt".into(), Value::Object(receipt_facts));
    predicate.insert("checks".into(), Value::Array(facts));
    let mut principals = Map::new();
    if let Some(p) = handoff.get("principal").and_then(principal) {
        principals.insert("requester".into(), p);
    }
    let confirmation = h.payload_value("confirmation");
    if let Some(p) = confirmation.and_then(|c| c.get("principal")).and_then(principal) {
        principals.insert("confirmedBy".into(), p);
    }
    if let Some(source) = confirmation.and_then(|c| c.get("source")).and_then(Value::as_str) {
        principals.insert("confirmation".into(), Value::String(source.to_owned()));
    }
    if let Some(p) = receipt.get("principal").and_then(principal) {
        principals.insert("worker".into(), p);
    }
    predicate.insert("principals".into(), Value::Object(principals));

    let mut statement = Map::new();
    statement.insert("_type".into(), Value::String(STATEMENT_TYPE.to_owned()));
    let count = subjects.len();
    statement.insert("subject".into(), Value::Array(subjects));
    statement.insert("predicateType".into(), Value::String(PREDICATE_TYPE.to_owned()));
    statement.insert("predicate".into(), Value::Object(predicate));
    let statement = Value::Object(statement);

    if let Some(found) = crate::secrets::scan_strings(&statement, &Pointer::root()).first() {
        return Err(CallError::new(
            CONTAINS_SECRET,
            format!(
                "the Statement would carry what looks like a secret (`{}`) at `{}`; nothing is written",
                found.code, found.instance_path
            ),
        ));
    }
    let text = serde_json::to_string(&statement).map_err(|e| {
        CallError::new(crate::error::INVALID_CALL, format!("the Statement could not be written: {e}"))
    })?;
    Ok(Attestation { statement: text, subjects: count, unbound })
}

fn invalid(message: impl Into<String>) -> CallError {
    CallError::new(INVALID_RECEIPT, message)
}

/// A subject for a ref carrying a usable digest: `{name, uri?, digest}`.
/// The name is the ref's canonical identity (`url:https://…`,
/// `github_pr:owner/repo#1`), or `_` when it has none; `uri` is its
/// `https` address when it has one.
fn subject(artifact_ref: &Value) -> Option<Value> {
    let set = artifact::digest::usable(artifact_ref);
    if set.is_empty() {
        return None;
    }
    let parsed = artifact::parse(artifact_ref).ok();
    let mut s = Map::new();
    let name = parsed.as_ref().and_then(Artifact::identity).unwrap_or_else(|| "_".to_owned());
    s.insert("name".into(), Value::String(name));
    if let Some(Artifact::Link { url, .. }) = &parsed
        && url.scheme == "https"
        && let Some(text) = artifact_ref.get("url").and_then(Value::as_str)
        && text.starts_with("https:")
    {
        s.insert("uri".into(), Value::String(text.to_owned()));
    }
    let digest: Map<String, Value> =
        set.into_iter().map(|(alg, v)| (alg.to_owned(), Value::String(v.to_owned()))).collect();
    s.insert("digest".into(), Value::Object(digest));
    Some(Value::Object(s))
}

/// One check as a fact: `{command, exitCode, passed, startedAt?,
/// completedAt?, output?}`, the output as `{kind, uri?, digest?}`.
fn check_fact(check: &Value, at: &Pointer) -> Result<Value, CallError> {
    let field = |key: &str| check.get(key).filter(|v| !v.is_null());
    let command = field("command")
        .and_then(Value::as_str)
        .ok_or_else(|| invalid(format!("`{}` must be a string", at.key("command"))))?;
    let exit = field("exit_code")
        .and_then(Value::as_f64)
        .filter(|n| n.fract() == 0.0)
        .ok_or_else(|| invalid(format!("`{}` must be an integer", at.key("exit_code"))))?;
    let passed = field("passed")
        .and_then(Value::as_bool)
        .ok_or_else(|| invalid(format!("`{}` must be a boolean", at.key("passed"))))?;
    let mut fact = Map::new();
    fact.insert("command".into(), Value::String(command.to_owned()));
    fact.insert("exitCode".into(), integer(exit));
    fact.insert("passed".into(), Value::Bool(passed));
    put_num(&mut fact, "startedAt", field("started_at"));
    put_num(&mut fact, "completedAt", field("completed_at"));
    if let Some(output) = field("output_ref").and_then(Value::as_object) {
        let mut o = Map::new();
        put_str(&mut o, "kind", output.get("kind").and_then(Value::as_str));
        let https = matches!(
            artifact::parse(&Value::Object(output.clone())),
            Ok(Artifact::Link { ref url, .. }) if url.scheme == "https"
        );
        if https {
            put_str(
                &mut o,
                "uri",
                output.get("url").and_then(Value::as_str).filter(|u| u.starts_with("https:")),
            );
        }
        if let Some(Value::Object(d)) =
            subject(&Value::Object(output.clone())).as_ref().and_then(|s| s.get("digest"))
        {
            o.insert("digest".into(), Value::Object(d.clone()));
        }
        fact.insert("output".into(), Value::Object(o));
    }
    Ok(Value::Object(fact))
}

/// A whole number as JSON writes it (`0`, not `0.0`).
fn integer(n: f64) -> Value {
    #[expect(clippy::cast_possible_truncation, reason = "a whole number within i64, checked just before")]
    let whole = n as i64;
    if (whole as f64) == n {
        Value::Number(Number::from(whole))
    } else {
        Number::from_f64(n).map_or(Value::Null, Value::Number)
    }
}

/// A principal as the Statement states it: `{kind, id, onBehalfOf?}`.
/// A principal whose kind is not one of the vocabulary's or whose `id` is
/// blank is left out: the Statement states who acted, or nothing.
fn principal(p: &Value) -> Option<Value> {
    let kind = p.get("kind")?.as_str().filter(|k| ["human", "agent", "service"].contains(k))?;
    let id = p.get("id")?.as_str().filter(|id| !id.is_empty())?;
    let mut out = Map::new();
    out.insert("kind".into(), Value::String(kind.to_owned()));
    out.insert("id".into(), Value::String(id.to_owned()));
    put_str(&mut out, "onBehalfOf", p.get("on_behalf_of").and_then(Value::as_str));
    Some(Value::Object(out))
}

fn put_str(m: &mut Map<String, Value>, key: &str, v: Option<&str>) {
    if let Some(v) = v {
        m.insert(key.to_owned(), Value::String(v.to_owned()));
    }
}

/// A time (or any number) as JavaScript writes it, so the bytes do not
/// depend on how the row spelled it (`1e12`, `1000000000000.0`).
fn put_num(m: &mut Map<String, Value>, key: &str, v: Option<&Value>) {
    if let Some(n) = v.and_then(Value::as_f64) {
        m.insert(key.to_owned(), integer(n));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const SHA: &str = "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03";

    fn rows(output_ref: Value) -> (Value, Value) {
        let handoff = json!({"id":"ho-1","ts":1000,"eventType":"handoff","sourceRef":"sess-a","sinkKind":"session",
            "sinkRef":"sess-b","summary":"Run the tests","namespace":"ns",
            "payloadJson":{"intent":"test","instructions":"Run them.","confirmation":{"principal":{"kind":"human","id":"42"},
            "source":"human_approved_peer_tool"}},"artifactRefs":[],"principal":{"kind":"agent","id":"session:sess-a","on_behalf_of":"42"}});
        let receipt = json!({"id":"rc-1","ts":2000,"eventType":"handoff_receipt","sourceRef":"sess-b","relatedEventId":"ho-1",
            "payloadJson":{"status":"completed","checks":[{"command":"cargo test","exit_code":0,"passed":true,
            "started_at":1500,"completed_at":1900,"output_ref":output_ref}]},"artifactRefs":[],
            "principal":{"kind":"agent","id":"session:sess-b","on_behalf_of":"42"}});
        (handoff, receipt)
    }

    fn log(digest: Value) -> Value {
        json!({"kind":"log_url","url":"https://ci.example.com/runs/1/log","digest":digest})
    }

    #[test]
    fn a_digested_output_is_the_subject_and_the_bytes_are_fixed() {
        let (h, r) = rows(log(json!({"sha256": SHA})));
        let a = statement(&h, &r).unwrap();
        assert_eq!(a.subjects, 1);
        assert!(a.unbound.is_empty());
        assert!(a.statement.starts_with(r#"{"_type":"https://in-toto.io/Statement/v1","subject":[{"name":"url:https://ci.example.com/runs/1/log","uri":"https://ci.example.com/runs/1/log","digest":{"sha256":""#));
        assert_eq!(statement(&h, &r).unwrap(), a);
    }

    #[test]
    fn key_order_and_number_spelling_of_the_rows_do_not_change_the_bytes() {
        let (h, r) = rows(log(json!({"sha512": "f".repeat(128), "sha256": SHA})));
        let a = statement(&h, &r).unwrap().statement;
        let mut r2 = r.clone();
        r2["payloadJson"]["checks"][0]["output_ref"] = json!({"digest":{"sha256": SHA, "sha512": "f".repeat(128)},"url":"https://ci.example.com/runs/1/log","kind":"log_url"});
        r2["ts"] = json!(2000.0);
        assert_eq!(statement(&h, &r2).unwrap().statement, a);
        assert!(a.contains(r#""ts":2000,"#));
    }

    #[test]
    fn blank_ids_bind_nothing_and_what_the_predicate_cannot_state_is_left_out() {
        let (mut h, mut r) =
            rows(json!({"kind":"log_url","url":"HTTPS://ci.example.com/a","digest":{"sha256": SHA}}));
        h["id"] = json!("");
        r["relatedEventId"] = json!("");
        assert_eq!(statement(&h, &r).map(|_| ()).unwrap_err().code, MISSING_ID.as_str());
        let (h, mut r) =
            rows(json!({"kind":"log_url","url":"HTTPS://ci.example.com/a","digest":{"sha256": SHA}}));
        r.as_object_mut().map(|o| o.remove("id"));
        assert_eq!(statement(&h, &r).map(|_| ()).unwrap_err().code, MISSING_ID.as_str());
        let (h, mut r) =
            rows(json!({"kind":"log_url","url":"HTTPS://ci.example.com/a","digest":{"sha256": SHA}}));
        r["principal"] = json!({"kind":"robot","id":""});
        let s: Value = serde_json::from_str(&statement(&h, &r).unwrap().statement).unwrap();
        assert!(s["predicate"]["principals"].get("worker").is_none(), "{s}");
        assert!(s["subject"][0].get("uri").is_none(), "{s}");
        assert!(s["predicate"]["checks"][0]["output"].get("uri").is_none(), "{s}");
    }

    #[test]
    fn a_receipt_with_nothing_digested_is_refused_as_unbound() {
        let (h, r) = rows(json!({"kind":"log_url","url":"https://ci.example.com/runs/1/log"}));
        assert_eq!(statement(&h, &r).unwrap_err().code, UNBOUND.as_str());
        let (h, r) = rows(log(json!({"blake3": "00", "sha256": "ABC"})));
        assert_eq!(statement(&h, &r).unwrap_err().code, UNBOUND.as_str());
    }

    #[test]
    fn the_receipt_must_answer_the_handoff() {
        let (h, mut r) = rows(log(json!({"sha256": SHA})));
        r["relatedEventId"] = json!("ho-2");
        assert_eq!(statement(&h, &r).unwrap_err().code, NOT_ITS_HANDOFF.as_str());
        assert_eq!(statement(&r, &h).unwrap_err().code, crate::project::NOT_A_HANDOFF.as_str());
        let (h, mut r) = rows(log(json!({"sha256": SHA})));
        r["eventType"] = json!("work_ad");
        assert_eq!(statement(&h, &r).unwrap_err().code, NOT_A_RECEIPT.as_str());
    }

    #[test]
    fn a_check_without_its_facts_is_refused_with_its_pointer() {
        let (h, mut r) = rows(log(json!({"sha256": SHA})));
        r["payloadJson"]["checks"][0]["exit_code"] = json!("0");
        let e = statement(&h, &r).unwrap_err();
        assert_eq!(e.code, INVALID_RECEIPT.as_str());
        assert!(e.message.contains("/receipt/payloadJson/checks/0/exit_code"));
    }

    #[test]
    fn a_secret_is_never_written_into_a_statement() {
        let (h, mut r) = rows(log(json!({"sha256": SHA})));
        r["payloadJson"]["checks"][0]["command"] = json!("curl https://bob:hunter2pass@x.example/a");
        let e = statement(&h, &r).unwrap_err();
        assert_eq!(e.code, CONTAINS_SECRET.as_str());
        assert!(!e.message.contains("hunter2"));
    }

    #[test]
    fn what_carries_no_usable_digest_is_named_unbound() {
        let (mut h, mut r) = rows(log(json!({"sha256": SHA})));
        h["artifactRefs"] = json!([{"kind":"github_pr","url":"https://github.com/o/r/pull/1"}]);
        r["artifactRefs"] = json!([log(json!({"sha256": SHA}))]);
        let a = statement(&h, &r).unwrap();
        assert_eq!(a.unbound, vec!["/handoff/artifactRefs/0"]);
        // The receipt's log and the check's output are one subject.
        assert_eq!(a.subjects, 1);
    }
}
