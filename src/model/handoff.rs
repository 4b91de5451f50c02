//! HandoffEnvelope: a structured request from one session to another
//! (`event_type: "handoff"`, payload below). The event must name its sink
//! (`sink_ref`).
//!
//! Payload: `{intent, instructions, constraints[], notify_source?,
//! delivery_state?, confirmation{principal, source, granting_event_id?}}`.
//!
//! - `intent` and `instructions` are required, non-blank strings;
//!   `constraints` a required array (may be empty) of non-blank strings.
//! - `notify_source` defaults to `true`; a strict `normalized` document
//!   carries it explicitly.
//! - `delivery_state`, when present, is one of the v1 states (the hub owns
//!   it; a create normally leaves it out and the hub starts at `queued`).
//! - `confirmation.principal` is a principal with the usual accountability
//!   rules; `confirmation.source` is `human_approved_peer_tool` (which needs
//!   a human principal) or `delegated_authority` (which needs the
//!   `granting_event_id` of the grant; the chain is followed by the ledger).
//!
//! Other keys are kept verbatim.
//!
//! An HTTP writer's create body adds two rules ([`check_http_write`]): a
//! `confirmation` block only in a handoff, and no `delivery_state` but
//! `queued`. The ledger never takes a confirmation block as proof of a
//! human grant (see the audit in [`crate::ledger`]).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::diagnostic::{Diagnostic, quote};
use crate::doc::{Json, JsonObject};
use crate::fields::{Presence, Report};
use crate::limits::MAX_ID;
use crate::pointer::{Below, Locate};
use crate::principal::{self, Principal, PrincipalKind};
use crate::vocab::{CONFIRMATION_SOURCE, DELIVERY_STATE};

crate::define_codes! {
    SINK_REQUIRED = "handoff/sink-required", "a handoff event names no `sink_ref` (who it is for)";
    GRANT_MISSING = "handoff/grant-missing", "a `delegated_authority` confirmation names no `granting_event_id`";
    APPROVAL_NOT_HUMAN = "handoff/approval-not-human", "a `human_approved_peer_tool` confirmation names a principal that is not human";
    CONFIRMATION_OUTSIDE_HANDOFF = "handoff/confirmation-outside-handoff", "an HTTP writer's event that is not a handoff carries a `confirmation` block in its payload (only a handoff is confirmed; anywhere else the block could be read as a grant)";
    DELIVERY_STATE_HUB_OWNED = "handoff/delivery-state-hub-owned", "an HTTP writer sets a new handoff's `delivery_state` to anything but `queued` (the hub owns the state and moves it)";
}

/// Who confirmed a handoff, and on what authority.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Confirmation {
    /// Who confirmed.
    pub principal: Principal,
    /// `human_approved_peer_tool` or `delegated_authority`.
    pub source: String,
    /// The event that granted the authority (required for `delegated_authority`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub granting_event_id: Option<String>,
}

/// The payload of a `handoff` event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HandoffPayload {
    /// What the sink is asked to do, as a short token (`review_and_test`).
    pub intent: String,
    /// What to do, verbatim (untrusted text for the worker).
    pub instructions: String,
    /// Bounds on the work (`no_git_push`).
    pub constraints: Vec<String>,
    /// Deliver a notice to the source when a receipt resolves this (default `true`).
    #[serde(default = "default_true")]
    pub notify_source: bool,
    /// `queued`, `delivered`, `consumed` or `undeliverable` (hub-owned).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub delivery_state: Option<String>,
    /// Who confirmed the handoff.
    pub confirmation: Confirmation,
}

fn default_true() -> bool {
    true
}

/// Checks a `handoff` payload at `at`.
pub fn check_payload<J: Json>(v: &J, at: &dyn Locate, report: &mut Report) {
    let Some(obj) = report.object(v, at, "a handoff payload") else { return };
    for key in ["intent", "instructions"] {
        if let Some(s) = report.string(obj, key, at, Presence::Required, 0, usize::MAX) {
            report.not_blank(s, &Below::Key(at, key), key);
        }
    }
    if let Some(items) = report.array(obj, "constraints", at, Presence::Required, usize::MAX) {
        let here = Below::Key(at, "constraints");
        for (i, item) in items.iter().enumerate() {
            if let Some(s) =
                report.string_value(item, &Below::Index(&here, i), "constraints item", 0, usize::MAX)
            {
                report.not_blank(s, &Below::Index(&here, i), "constraints item");
            }
        }
    }
    report.boolean(obj, "notify_source", at, Presence::Optional);
    if let Some(state) = report.string(obj, "delivery_state", at, Presence::Optional, 0, usize::MAX) {
        report.vocab(state, &DELIVERY_STATE, &Below::Key(at, "delivery_state"));
    }
    if let Some(c) = report.field(obj, "confirmation", at, Presence::Required) {
        check_confirmation(c, &Below::Key(at, "confirmation"), report);
    }
}

fn check_confirmation<J: Json>(v: &J, at: &dyn Locate, report: &mut Report) {
    let Some(obj) = report.object(v, at, "`confirmation`") else { return };
    let who = report.field(obj, "principal", at, Presence::Required);
    let who = who.and_then(|p| principal::check(p, &Below::Key(at, "principal"), report));
    let source = report.string(obj, "source", at, Presence::Required, 0, usize::MAX);
    let grant = report.string(obj, "granting_event_id", at, Presence::Optional, 1, MAX_ID);
    let Some(source) = source else { return };
    if !report.vocab(source, &CONFIRMATION_SOURCE, &Below::Key(at, "source")) {
        return;
    }
    if source == "delegated_authority" && grant.is_none() && !obj.contains_key("granting_event_id") {
        report.push(
            Diagnostic::error(
                GRANT_MISSING,
                &Below::Key(at, "granting_event_id"),
                "a `delegated_authority` confirmation must name the event that granted it",
            )
            .with_help("set `granting_event_id`; the chain of grants must end at a human principal"),
        );
    }
    if source == "human_approved_peer_tool"
        && let Some(p) = who
        && p.kind != PrincipalKind::Human
    {
        report.error(
            APPROVAL_NOT_HUMAN,
            &Below::Key(&Below::Key(at, "principal"), "kind"),
            "a `human_approved_peer_tool` confirmation must name a human principal",
        );
    }
}

/// The rules an HTTP writer's event create body adds to the payload's own
/// (`payload` at `at`): outside a handoff no `confirmation` block (a
/// confirmation is a forgeable badge, and in a receipt, work ad or any other
/// row it could be read as a grant); in a handoff no `delivery_state` but
/// `queued` (where every handoff starts; the hub owns every later state).
pub fn check_http_write<J: Json>(
    event_type: Option<&str>,
    payload: Option<&J>,
    at: &dyn Locate,
    report: &mut Report,
) {
    let Some(obj) = payload.and_then(J::as_object) else { return };
    if event_type != Some("handoff") {
        if obj.contains_key("confirmation") {
            report.push(
                Diagnostic::error(
                    CONFIRMATION_OUTSIDE_HANDOFF,
                    &Below::Key(at, "confirmation"),
                    "only a handoff carries a `confirmation` block; a client cannot confirm any other event",
                )
                .with_help(
                    "remove `confirmation`; authority is recorded by a human-written grant, not a payload",
                ),
            );
        }
        return;
    }
    if let Some(state) = obj.get("delivery_state").and_then(J::as_str)
        && state != "queued"
    {
        report.push(
            Diagnostic::error(
                DELIVERY_STATE_HUB_OWNED,
                &Below::Key(at, "delivery_state"),
                format!("`delivery_state` is hub-owned: a new handoff starts `queued`, not {}", quote(state)),
            )
            .with_help("leave `delivery_state` out; the hub records delivery itself"),
        );
    }
}

/// Reports a handoff event without `sink_ref`.
pub fn sink_required(at: &dyn Locate, report: &mut Report) {
    report.push(
        Diagnostic::error(SINK_REQUIRED, at, "a handoff must name its sink in `sink_ref`")
            .with_help("set `sink_kind` and `sink_ref` to the session that receives the work"),
    );
}

/// The payload with `notify_source` filled in (default `true`).
pub fn normalize_payload(v: &Value) -> Value {
    normalize_payload_owned(v.clone())
}

/// [`normalize_payload`] of a payload the caller gives up.
pub fn normalize_payload_owned(mut out: Value) -> Value {
    if let Value::Object(map) = &mut out
        && !map.contains_key("notify_source")
    {
        map.insert("notify_source".to_owned(), Value::Bool(true));
    }
    out
}

/// A minimal well-formed payload, for tests and examples.
pub fn example_payload() -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("intent".into(), Value::from("review_and_test"));
    m.insert("instructions".into(), Value::from("Focus on regressions in peer messaging."));
    m.insert("constraints".into(), Value::from(vec![Value::from("no_git_push")]));
    m.insert(
        "confirmation".into(),
        serde_json::json!({"principal": {"kind": "human", "id": "operator"}, "source": "human_approved_peer_tool"}),
    );
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields::Mode;
    use crate::pointer::Pointer;
    use serde_json::json;

    fn codes(v: Value) -> Vec<String> {
        let mut r = Report::new(Mode::Strict);
        check_payload(&v, &Pointer::root(), &mut r);
        crate::diagnostic::sort(&mut r.diagnostics);
        r.diagnostics.iter().map(|d| format!("{}@{}", d.code, d.instance_path)).collect()
    }

    fn payload() -> Value {
        Value::Object(example_payload())
    }

    #[test]
    fn example_payload_is_clean_and_typed() {
        assert!(codes(payload()).is_empty());
        let typed: HandoffPayload = serde_json::from_value(payload()).unwrap();
        assert!(typed.notify_source);
    }

    #[test]
    fn delegated_authority_without_grant_is_refused() {
        let mut v = payload();
        v["confirmation"]["source"] = json!("delegated_authority");
        assert_eq!(codes(v.clone()), vec!["handoff/grant-missing@/confirmation/granting_event_id"]);
        v["confirmation"]["granting_event_id"] = json!("e0");
        assert!(codes(v).is_empty());
    }

    #[test]
    fn peer_tool_approval_needs_a_human() {
        let mut v = payload();
        v["confirmation"]["principal"] = json!({"kind":"agent","id":"session:a","on_behalf_of":"1"});
        assert_eq!(codes(v), vec!["handoff/approval-not-human@/confirmation/principal/kind"]);
    }

    #[test]
    fn blank_intent_and_unknown_delivery_state_are_refused() {
        let mut v = payload();
        v["intent"] = json!(" \t");
        v["delivery_state"] = json!("sent");
        assert_eq!(codes(v), vec!["vocab/unknown-value@/delivery_state", "field/blank@/intent"]);
    }

    fn http_codes(event_type: &str, payload: Value) -> Vec<String> {
        let mut r = Report::new(Mode::Strict);
        check_http_write(Some(event_type), Some(&payload), &Pointer::root().key("payload_json"), &mut r);
        r.diagnostics.iter().map(|d| format!("{}@{}", d.code, d.instance_path)).collect()
    }

    #[test]
    fn an_http_writer_confirms_only_handoffs() {
        let claimed =
            json!({"principal": {"kind": "human", "id": "42"}, "source": "human_approved_peer_tool"});
        for event_type in ["handoff_receipt", "work_ad", "authority_grant"] {
            assert_eq!(
                http_codes(event_type, json!({"status": "completed", "confirmation": claimed})),
                vec!["handoff/confirmation-outside-handoff@/payload_json/confirmation"],
                "{event_type}"
            );
            assert!(http_codes(event_type, json!({"status": "completed"})).is_empty());
        }
        assert!(http_codes("handoff", payload()).is_empty());
    }

    #[test]
    fn an_http_writer_leaves_delivery_state_to_the_hub() {
        for state in ["delivered", "consumed", "undeliverable", "sent"] {
            let mut v = payload();
            v["delivery_state"] = json!(state);
            assert_eq!(
                http_codes("handoff", v),
                vec!["handoff/delivery-state-hub-owned@/payload_json/delivery_state"],
                "{state}"
            );
        }
        let mut v = payload();
        v["delivery_state"] = json!("queued");
        assert!(http_codes("handoff", v).is_empty());
    }

    #[test]
    fn normalization_fills_notify_source() {
        assert_eq!(normalize_payload(&payload())["notify_source"], json!(true));
        let mut v = payload();
        v["notify_source"] = json!(false);
        assert_eq!(normalize_payload(&v)["notify_source"], json!(false));
    }
}
