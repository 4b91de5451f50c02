//! Wire types and typed functions of the text parsers: `notify.parse`,
//! `notify.elevate`, `citation.extract`, `citation.normalize`.

use serde::{Deserialize, Serialize};

use crate::citation;
use crate::error::CallError;
use crate::notify::{self, Cause, Elevation, NotifySummary, OwnerId, WorkAdCreate};

/// `notify.parse`: an agent turn's text.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct NotifyParseCall {
    /// The assistant text, as the hub extracted it.
    pub text: String,
    /// `true` adds `footerAt` to an answer with a footer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub with_footer_at: Option<bool>,
}

/// The footer of a text and the prose that stays visible.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct NotifyParseAnswer {
    /// The type-filtered footer, or `null` when the text has no valid one.
    pub summary: Option<NotifySummary>,
    /// The text without the footer (a prefix of the input, end-trimmed), or
    /// `null` exactly when `summary` is `null` (show the original text then).
    pub visible_text: Option<String>,
    /// Asked for with `withFooterAt`: where the footer's JSON object stands
    /// in the text, as `[start, end)` in UTF-16 units (JavaScript's string
    /// indices): the text upstream hands to `JSON.parse`. A JavaScript
    /// caller parses that slice of its own string to hold the footer's
    /// values exactly as upstream does (a lone surrogate, `1e400` as
    /// `Infinity`, `-0`), keeping the fields `summary` has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub footer_at: Option<[usize; 2]>,
}

/// `notify.parse`: finds, parses and splits off the `AGENT_NOTIFY_SUMMARY`
/// footer exactly as upstream does. Never fails: no footer is `null`s.
pub fn notify_parse(call: &NotifyParseCall) -> NotifyParseAnswer {
    match notify::split(&call.text) {
        Some(split) => {
            let footer_at = (call.with_footer_at == Some(true)).then(|| {
                let start = (split.footer_json.as_ptr() as usize).saturating_sub(call.text.as_ptr() as usize);
                let units = |s: &str| s.chars().map(char::len_utf16).sum::<usize>();
                let before = units(call.text.get(..start).unwrap_or_default());
                [before, before + units(split.footer_json)]
            });
            NotifyParseAnswer {
                summary: Some(split.summary),
                visible_text: Some(split.visible_text.to_owned()),
                footer_at,
            }
        }
        None => NotifyParseAnswer { summary: None, visible_text: None, footer_at: None },
    }
}

/// `notify.elevate`: a parsed footer and what the hub knows about its message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct NotifyElevateCall {
    /// The session of the agent turn.
    pub session_id: String,
    /// The assistant message that carried the footer.
    pub message_id: String,
    /// The footer, as `notify.parse` answers it (unknown keys are ignored).
    #[serde(deserialize_with = "footer")]
    pub notify: NotifySummary,
    /// The hub owner id (a number or a string; written with `String(...)`).
    pub owner_user_id: OwnerId,
    /// The assistant message's `createdAt`, in milliseconds.
    pub ts: f64,
    /// The session's agent flavor (tagged `flavor:<f>` when non-empty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub flavor: Option<String>,
    /// The user message that caused the turn, as the hub resolved it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cause: Option<Cause>,
    /// The previous notify work ad of the session (omitted when empty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub related_event_id: Option<String>,
    /// When the ad expires, in milliseconds (upstream's `expiresAt`
    /// override); by default `ts` plus 24 hours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub expires_at: Option<f64>,
    /// `true` answers the create even where upstream's store would refuse
    /// it (an empty `sessionId`, an id over its cap, a blank owner), as
    /// upstream's own builder does: for a caller that hands it to a store
    /// deciding as upstream's (`./upstream`'s `buildWorkAdFromNotify`).
    /// By default those are refused with a `notify/*` code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub unchecked: Option<bool>,
    /// With `unchecked`: the characters that stand for lone surrogates in
    /// the call's strings (a JavaScript caller's, whose strings may hold
    /// them and which no call text can): the clamps count each as the six
    /// bytes of the surrogate's `\uXXXX` escape, as upstream's do. The
    /// caller picks characters its strings do not hold, and maps them back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub stand_ins: Option<String>,
}

/// Reads the footer as a document: it is the agent's writing, not the
/// call's, so its unknown keys are ignored, as the footer reader ignores
/// them (a typo in the call's own objects is refused). It goes through a
/// JSON tree of its own, which the call reader's unknown-key check does not
/// see.
fn footer<'de, D: serde::Deserializer<'de>>(d: D) -> Result<NotifySummary, D::Error> {
    let value = serde_json::Value::deserialize(d)?;
    // A footer is an object; serde would read an array positionally.
    if !value.is_object() {
        use serde::de::Unexpected;
        let found = match &value {
            serde_json::Value::Null => Unexpected::Unit,
            serde_json::Value::Bool(b) => Unexpected::Bool(*b),
            serde_json::Value::String(s) => Unexpected::Str(s),
            serde_json::Value::Array(_) => Unexpected::Seq,
            _ => Unexpected::Other("a number"),
        };
        return Err(serde::de::Error::invalid_type(found, &"an object (a footer)"));
    }
    NotifySummary::deserialize(value).map_err(serde::de::Error::custom)
}

/// The work ad to write.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct NotifyElevateAnswer {
    /// The `work_ad` event create (POST body shape, snake_case).
    pub event: WorkAdCreate,
}

/// `notify.elevate`: the `work_ad` create upstream's hub writes for a footer.
pub fn notify_elevate(call: &NotifyElevateCall) -> Result<NotifyElevateAnswer, CallError> {
    let elevation = Elevation {
        session_id: &call.session_id,
        message_id: &call.message_id,
        notify: &call.notify,
        owner_user_id: &call.owner_user_id,
        ts: call.ts,
        flavor: call.flavor.as_deref(),
        cause: call.cause.as_ref(),
        related_event_id: call.related_event_id.as_deref(),
        expires_at: call.expires_at,
    };
    if call.unchecked == Some(true) {
        let stand_ins = call.stand_ins.as_deref().unwrap_or_default();
        return Ok(NotifyElevateAnswer { event: notify::build_standing_in(&elevation, stand_ins) });
    }
    notify::elevate(&elevation).map(|event| NotifyElevateAnswer { event })
}

/// `citation.extract`: chat text.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CitationExtractCall {
    /// The text to scan.
    pub text: String,
}

/// The cited session ids.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CitationExtractAnswer {
    /// Distinct ids, in first-seen order.
    pub ids: Vec<String>,
}

/// `citation.extract`: every session id the text cites, as upstream finds them.
pub fn citation_extract(call: &CitationExtractCall) -> CitationExtractAnswer {
    CitationExtractAnswer { ids: citation::extract(&call.text) }
}

/// `citation.normalize`: a pasted citation or session id prefix.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CitationNormalizeCall {
    /// What the user or agent pasted.
    pub raw: String,
}

/// The one id (or bare prefix) to resolve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CitationNormalizeAnswer {
    /// The id, the trimmed input when it cites no `/sessions/` path, or `""`
    /// when the paste is ambiguous or cites nothing usable (fail closed).
    pub id: String,
}

/// `citation.normalize`: upstream's `normalizeSessionIdPrefix`.
pub fn citation_normalize(call: &CitationNormalizeCall) -> CitationNormalizeAnswer {
    CitationNormalizeAnswer { id: citation::normalize(&call.raw) }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    fn answer(op: &str, call: &Value) -> Value {
        serde_json::from_str(&crate::api::call(op, &call.to_string())).unwrap_or(Value::Null)
    }

    #[test]
    fn text_without_a_footer_answers_two_nulls() {
        let a = answer("notify.parse", &json!({"text": "just prose"}));
        assert_eq!(a, json!({"type": "success", "summary": null, "visibleText": null}));
    }

    #[test]
    fn footer_answers_summary_and_visible_text() {
        let a = answer("notify.parse", &json!({"text": "ok\nAGENT_NOTIFY_SUMMARY {\"status\":\"done\"}"}));
        assert_eq!(a, json!({"type": "success", "summary": {"status": "done"}, "visibleText": "ok"}));
    }

    #[test]
    fn text_that_is_not_a_string_is_an_invalid_call() {
        let a = answer("notify.parse", &json!({"text": 1}));
        assert_eq!(a["error"]["code"], "call/invalid-call");
    }

    #[test]
    fn elevate_answers_the_snake_case_create() {
        let call = json!({"sessionId": "s", "messageId": "m", "notify": {}, "ownerUserId": 9, "ts": 0});
        let a = answer("notify.elevate", &call);
        assert_eq!(a["event"]["idempotency_key"], "session:s:message:m:notify");
        assert_eq!(a["event"]["principal"], json!({"kind": "agent", "id": "session:s", "on_behalf_of": "9"}));
        assert_eq!(a["event"]["expires_at"], json!(86_400_000));
    }

    #[test]
    fn elevate_refusal_is_a_failure_with_a_notify_code() {
        let call = json!({"sessionId": "", "messageId": "m", "notify": {}, "ownerUserId": 9, "ts": 0});
        assert_eq!(answer("notify.elevate", &call)["error"]["code"], "notify/empty-session-id");
    }

    #[test]
    fn owner_that_is_neither_string_nor_number_is_an_invalid_call() {
        let call = json!({"sessionId": "s", "messageId": "m", "notify": {}, "ownerUserId": true, "ts": 0});
        let a = answer("notify.elevate", &call);
        assert_eq!(a["error"]["code"], "call/invalid-call");
        assert!(a["error"]["message"].as_str().is_some_and(|m| m.contains("a string or a number")));
    }

    #[test]
    fn citations_are_extracted_and_normalised() {
        let a = answer("citation.extract", &json!({"text": "[a](/sessions/x) /sessions/y"}));
        assert_eq!(a["ids"], json!(["x", "y"]));
        let a = answer("citation.normalize", &json!({"raw": "[a](/sessions/x) /sessions/y"}));
        assert_eq!(a["id"], "");
    }
}
