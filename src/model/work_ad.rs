//! WorkAdvertisement: a session's claim about its current or finished work
//! (`event_type: "work_ad"`), and the notify footer it is elevated from.
//!
//! Payload: `{status, project?, action?, agent?, confidence?, ...}`; other
//! keys (upstream's notify elevation writes `messageId`, `causeMessageId`,
//! ...) are kept verbatim. `status` is the closed v1 vocabulary; `stale` is
//! derived from `expires_at` by readers and never self-reported, so a writer
//! that sends it is refused. A work ad created by the core's elevation
//! (provenance `AGENT_NOTIFY_SUMMARY`) must carry `expires_at`.
//!
//! The `notify_summary` document is the footer parser's output
//! (`{version?, agent?, project?, status?, action?, summary?}`): `version`
//! a number, the other five strings; unknown keys are ignored upstream.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Number, Value};

use crate::diagnostic::{Diagnostic, quote};
use crate::doc::Json;
use crate::fields::{Presence, Report};
use crate::pointer::{Below, Locate, Pointer};
use crate::vocab::WORK_AD_STATUS;

crate::define_codes! {
    STALE_SELF_REPORTED = "work-ad/stale-self-reported", "a writer reported the work_ad status `stale`, which only readers derive from `expires_at`";
    EXPIRES_AT_REQUIRED = "work-ad/expires-at-required", "a work ad elevated from a notify footer (provenance `AGENT_NOTIFY_SUMMARY`) has no `expires_at`";
    NOTIFY_STATUS_UNMAPPED = "notify/status-unmapped", "a notify footer `status` outside the footer contract; it elevates to the work_ad status `unknown`";
}

/// The payload of a `work_ad` event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WorkAdPayload {
    /// A v1 work_ad status (never `stale` from a writer).
    pub status: String,
    /// The project, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub project: Option<String>,
    /// What the agent did or will do next.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub action: Option<String>,
    /// The agent's self-declared id (advisory).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub agent: Option<String>,
    /// The writer's confidence (any finite number).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
    pub confidence: Option<Number>,
    /// Every other key, verbatim.
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub extra: Map<String, Value>,
}

/// The statuses the footer contract names (what the injected prompt asks for).
pub const NOTIFY_STATUSES: &[&str] =
    &["done", "blocked", "needs_review", "needs_decision", "failed", "stalled", "in_progress"];

/// Checks a `work_ad` payload at `at`.
pub fn check_payload<J: Json>(v: &J, at: &dyn Locate, report: &mut Report) {
    let Some(obj) = report.object(v, at, "a work_ad payload") else { return };
    if let Some(status) = report.string(obj, "status", at, Presence::Required, 0, usize::MAX) {
        let here = Below::Key(at, "status");
        if status == "stale" {
            let message = "`stale` is derived from `expires_at` by readers, never self-reported";
            let d = if report.strict() {
                Diagnostic::error(STALE_SELF_REPORTED, &here, message).with_help(
                    "report `blocked`, `unknown` or the real state; readers mark expired ads stale",
                )
            } else {
                Diagnostic::info(STALE_SELF_REPORTED, &here, format!("{message}; kept as it is"))
            };
            report.push(d);
        } else {
            report.vocab(status, &WORK_AD_STATUS, &here);
        }
    }
    for key in ["project", "action", "agent"] {
        report.string(obj, key, at, Presence::Nullable, 0, usize::MAX);
    }
    report.number(obj, "confidence", at, Presence::Optional);
}

/// Reports a missing `expires_at` on an elevated work ad.
pub fn expires_at_required(at: &dyn Locate, report: &mut Report) {
    report.push(
        Diagnostic::error(
            EXPIRES_AT_REQUIRED,
            at,
            "a work ad elevated from a notify footer needs `expires_at` (its staleness depends on it)",
        )
        .with_help("the elevation sets it to the message time plus 24 hours"),
    );
}

const NOTIFY_STRINGS: &[&str] = &["agent", "project", "status", "action", "summary"];

/// Checks a `notify_summary` document at `at`.
pub fn check_notify_summary(v: &Value, at: &Pointer, report: &mut Report) {
    let Some(obj) = report.object(v, at, "a notify summary") else { return };
    report.number(obj, "version", at, Presence::Optional);
    for key in NOTIFY_STRINGS {
        report.string(obj, key, at, Presence::Optional, 0, usize::MAX);
    }
    if let Some(Value::String(status)) = obj.get("status")
        && !NOTIFY_STATUSES.contains(&status.as_str())
        && !WORK_AD_STATUS.contains(status)
    {
        report.push(Diagnostic::info(
            NOTIFY_STATUS_UNMAPPED,
            &Below::Key(at, "status"),
            format!("{} is not a footer status; it elevates to the work_ad status `unknown`", quote(status)),
        ));
    }
    let known: Vec<&str> = std::iter::once("version").chain(NOTIFY_STRINGS.iter().copied()).collect();
    report.unknown_fields(obj, &known, at, "a notify summary");
}

/// The notify summary upstream's parser would return: declared keys of the
/// right type only.
pub fn normalize_notify_summary(v: &Value) -> Value {
    let Value::Object(obj) = v else { return v.clone() };
    let mut out = Map::new();
    for (k, val) in obj {
        let keep = match k.as_str() {
            "version" => val.is_number(),
            k if NOTIFY_STRINGS.contains(&k) => val.is_string(),
            _ => false,
        };
        if keep {
            out.insert(k.clone(), val.clone());
        }
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields::Mode;
    use serde_json::json;

    fn codes(v: Value, mode: Mode) -> Vec<String> {
        let mut r = Report::new(mode);
        check_payload(&v, &Pointer::root(), &mut r);
        r.diagnostics.iter().map(|d| format!("{}:{:?}", d.code, d.severity)).collect()
    }

    #[test]
    fn self_reported_stale_is_refused_on_write_and_noted_on_read() {
        assert_eq!(codes(json!({"status":"stale"}), Mode::Strict), vec!["work-ad/stale-self-reported:Error"]);
        assert_eq!(codes(json!({"status":"stale"}), Mode::Lenient), vec!["work-ad/stale-self-reported:Info"]);
    }

    #[test]
    fn elevated_payload_with_null_fields_is_accepted() {
        let v = json!({"status":"unknown","action":null,"project":null,"agent":null,"messageId":"m"});
        assert!(codes(v, Mode::Strict).is_empty());
    }

    #[test]
    fn unknown_status_is_an_error_for_writers_and_info_for_readers() {
        assert_eq!(codes(json!({"status":"paused"}), Mode::Strict), vec!["vocab/unknown-value:Error"]);
        assert_eq!(codes(json!({"status":"paused"}), Mode::Lenient), vec!["vocab/unknown-value:Info"]);
    }

    #[test]
    fn notify_summary_normalization_drops_wrong_types() {
        let v = json!({"version":"1","status":"done","summary":3,"x":1});
        assert_eq!(normalize_notify_summary(&v), json!({"status":"done"}));
    }
}
