//! HandoffReceipt: the outcome of a handoff (`event_type:
//! "handoff_receipt"`). The event names its handoff in `related_event_id`
//! and is linked to it `resolves` (or `blocked_by`).
//!
//! Payload: `{status, notes?, checks?: [check]}`; other keys kept verbatim.
//!
//! - `status` is one of `accepted, rejected, completed, incomplete, blocked,
//!   failed`. `incomplete` means "no terminal evidence yet" and is not
//!   `failed`; an unknown status read leniently is never terminal.
//! - A check is a fact, not a judgement: `{command, exit_code, passed,
//!   started_at?, completed_at?, output_ref?}`. `command` is non-blank;
//!   `exit_code` an integer; `passed` must equal `exit_code == 0`;
//!   `started_at` ≤ `completed_at` when both are given (each a number).
//! - Output is referenced, never inlined: `output_ref` is an artifact ref,
//!   and inline output keys (`output`, `stdout`, `stderr`, `log`, ...) on a
//!   check or on the payload are refused.

use serde::{Deserialize, Serialize};
use serde_json::{Number, Value};

use crate::diagnostic::{Diagnostic, quote};
use crate::doc::{Json, JsonObject};
use crate::fields::{Presence, Report, WRONG_TYPE, type_name};
use crate::pointer::{Below, Locate};
use crate::vocab::RECEIPT_STATUS;

crate::define_codes! {
    RELATED_EVENT_REQUIRED = "receipt/related-event-required", "a handoff receipt does not name its handoff in `related_event_id`";
    INLINE_OUTPUT = "receipt/inline-output", "a receipt or check inlines command output; output is referenced with `output_ref`, never inlined";
    CHECK_INCONSISTENT = "receipt/check-inconsistent", "a check's `passed` disagrees with its `exit_code` (passed means exit code 0)";
    CHECK_TIME_ORDER = "receipt/check-time-order", "a check's `started_at` is after its `completed_at`";
}

/// Keys that would inline command output.
pub const INLINE_OUTPUT_KEYS: &[&str] =
    &["output", "stdout", "stderr", "log", "logs", "output_text", "combined_output", "transcript"];

/// One check: a command that ran, and what it returned.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Check {
    /// The command, as run.
    pub command: String,
    /// Its exit code.
    pub exit_code: i64,
    /// Whether it passed (`exit_code == 0`).
    pub passed: bool,
    /// When it started, milliseconds since the epoch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
    pub started_at: Option<Number>,
    /// When it finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
    pub completed_at: Option<Number>,
    /// Where its output is (an artifact ref).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub output_ref: Option<Value>,
}

/// The payload of a `handoff_receipt` event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReceiptPayload {
    /// A v1 receipt status.
    pub status: String,
    /// The verifier's opinion (judgements go here, not in checks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub notes: Option<String>,
    /// Facts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<Vec<Check>>"))]
    pub checks: Vec<Check>,
}

/// Checks a `handoff_receipt` payload at `at`.
pub fn check_payload<J: Json>(v: &J, at: &dyn Locate, report: &mut Report) {
    let Some(obj) = report.object(v, at, "a handoff_receipt payload") else { return };
    if let Some(status) = report.string(obj, "status", at, Presence::Required, 0, usize::MAX) {
        let known = report.vocab(status, &RECEIPT_STATUS, &Below::Key(at, "status"));
        let lenient = !report.strict();
        if !known
            && lenient
            && let Some(d) = report.diagnostics.last_mut()
        {
            d.message.push_str("; treated as not terminal");
        }
    }
    report.string(obj, "notes", at, Presence::Optional, 0, usize::MAX);
    inline_output(obj, at, report);
    if let Some(items) = report.array(obj, "checks", at, Presence::Optional, usize::MAX) {
        let here = Below::Key(at, "checks");
        for (i, item) in items.iter().enumerate() {
            check_check(item, &Below::Index(&here, i), report);
        }
    }
}

fn inline_output<O: JsonObject>(obj: &O, at: &dyn Locate, report: &mut Report) {
    for key in INLINE_OUTPUT_KEYS {
        if obj.contains_key(key) {
            report.refuse_or_warn(
                INLINE_OUTPUT,
                &Below::Key(at, key),
                format!("{} inlines output; reference it with `output_ref` instead", quote(key)),
            );
            if let Some(d) = report.diagnostics.last_mut() {
                d.help = Some("store the output somewhere (a log URL, a file) and point at it".to_owned());
            }
        }
    }
}

fn check_check<J: Json>(v: &J, at: &dyn Locate, report: &mut Report) {
    let Some(obj) = report.object(v, at, "a check") else { return };
    if let Some(cmd) = report.string(obj, "command", at, Presence::Required, 0, usize::MAX) {
        report.not_blank(cmd, &Below::Key(at, "command"), "command");
    }
    let exit = report.field(obj, "exit_code", at, Presence::Required).and_then(|v| {
        let n = v.as_f64().filter(|n| n.fract() == 0.0);
        if n.is_none() {
            let found = if v.is_number() { "a fraction" } else { type_name(v) };
            report.error(
                WRONG_TYPE,
                &Below::Key(at, "exit_code"),
                format!("`exit_code` must be an integer, found {found}"),
            );
        }
        n
    });
    let passed = report.boolean(obj, "passed", at, Presence::Required);
    if let (Some(code), Some(passed)) = (exit, passed)
        && passed != (code == 0.0)
    {
        let message = if passed {
            format!("a check with exit code {code} cannot have passed")
        } else {
            "a check with exit code 0 passed".to_owned()
        };
        report.push(
            Diagnostic::error(CHECK_INCONSISTENT, &Below::Key(at, "passed"), message)
                .with_help("`passed` is a fact: true exactly when `exit_code` is 0; opinions go in `notes`"),
        );
    }
    let started = report.number(obj, "started_at", at, Presence::Optional);
    let completed = report.number(obj, "completed_at", at, Presence::Optional);
    if let (Some(s), Some(c)) = (started, completed)
        && s > c
    {
        report.error(
            CHECK_TIME_ORDER,
            &Below::Key(at, "completed_at"),
            "`completed_at` is before `started_at`",
        );
    }
    if let Some(r) = report.field(obj, "output_ref", at, Presence::Optional) {
        crate::artifact::check_ref(r, &Below::Key(at, "output_ref"), report);
    }
    inline_output(obj, at, report);
}

/// Reports a receipt event without `related_event_id`.
pub fn related_event_required(at: &dyn Locate, report: &mut Report) {
    report.push(
        Diagnostic::error(
            RELATED_EVENT_REQUIRED,
            at,
            "a handoff receipt must name its handoff in `related_event_id`",
        )
        .with_help("set it to the handoff event's id and link the receipt `resolves` (or `blocked_by`)"),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields::Mode;
    use crate::pointer::Pointer;
    use serde_json::json;

    fn codes(v: Value, mode: Mode) -> Vec<String> {
        let mut r = Report::new(mode);
        check_payload(&v, &Pointer::root(), &mut r);
        crate::diagnostic::sort(&mut r.diagnostics);
        r.diagnostics.iter().map(|d| format!("{}@{}:{:?}", d.code, d.instance_path, d.severity)).collect()
    }

    fn check(extra: Value) -> Value {
        let mut c = json!({"command":"npm test","exit_code":0,"passed":true,"started_at":1,"completed_at":2});
        if let (Value::Object(c), Value::Object(e)) = (&mut c, extra) {
            c.extend(e);
        }
        json!({"status":"completed","checks":[c]})
    }

    #[test]
    fn a_factual_check_is_clean() {
        assert!(
            codes(check(json!({"output_ref":{"kind":"log_url","url":"https://ci/1"}})), Mode::Strict)
                .is_empty()
        );
        let typed: ReceiptPayload = serde_json::from_value(check(json!({}))).unwrap();
        assert_eq!(typed.checks[0].exit_code, 0);
    }

    #[test]
    fn passed_must_match_the_exit_code() {
        assert_eq!(
            codes(check(json!({"exit_code":1})), Mode::Strict),
            vec!["receipt/check-inconsistent@/checks/0/passed:Error"]
        );
    }

    #[test]
    fn fractional_exit_code_is_refused_and_whole_float_accepted() {
        assert_eq!(
            codes(check(json!({"exit_code":0.5,"passed":false})), Mode::Strict),
            vec!["field/wrong-type@/checks/0/exit_code:Error"]
        );
        assert!(codes(check(json!({"exit_code":0.0})), Mode::Strict).is_empty());
    }

    #[test]
    fn times_must_be_in_order() {
        assert_eq!(
            codes(check(json!({"started_at":5})), Mode::Strict),
            vec!["receipt/check-time-order@/checks/0/completed_at:Error"]
        );
    }

    #[test]
    fn inline_output_is_refused_for_writers_and_warned_for_readers() {
        assert_eq!(
            codes(check(json!({"stdout":"ok"})), Mode::Strict),
            vec!["receipt/inline-output@/checks/0/stdout:Error"]
        );
        assert_eq!(
            codes(check(json!({"stdout":"ok"})), Mode::Lenient),
            vec!["receipt/inline-output@/checks/0/stdout:Warning"]
        );
    }

    #[test]
    fn unknown_status_read_leniently_is_not_terminal() {
        let got = codes(json!({"status":"timed_out"}), Mode::Lenient);
        assert_eq!(got, vec!["vocab/unknown-value@/status:Info"]);
        assert!(!crate::vocab::receipt_status_is_terminal("timed_out"));
    }
}
