//! Notify footers: `AGENT_NOTIFY_SUMMARY {json}` on the last line of an agent
//! turn, parsed, split and stripped exactly as upstream does, and elevated
//! into the `work_ad` event create upstream's hub writes for it.
//!
//! # Parsing ([`parse`], [`split`], [`strip`])
//!
//! The text is split on `\n` only (a lone `\r`, U+2028 or U+2029 does not end
//! a line). Trailing lines that are blank under JavaScript's `trim()` are
//! skipped; the last non-blank line, `trimEnd()`ed (which also drops the `\r`
//! of a CRLF ending), is the only candidate. On it, every occurrence of the
//! token `AGENT_NOTIFY_SUMMARY ` (the word and one U+0020) is tried from
//! left to right:
//!
//! - an occurrence with a non-blank prefix whose last character is
//!   whitespace (JavaScript `/\s/`, so NBSP counts) is a mention, not a
//!   footer, and is skipped; a blank prefix (indentation, a byte order mark)
//!   or prose glued to the token (`Done.AGENT_NOTIFY_SUMMARY {…}`) is fine;
//! - the rest of the line, `trim()`med, must start with `{`, end with `}`
//!   and be a JSON object as `JSON.parse` reads it; otherwise the next
//!   occurrence is tried.
//!
//! The first occurrence that passes is the footer. Its fields are
//! type-filtered into a [`NotifySummary`]: `version` only if it is a JSON
//! number, the other five only if they are strings; anything else is dropped
//! and unknown keys are ignored, so `{}` is a valid, empty footer.
//!
//! **Visible text.** When a footer is found, the visible text is every line
//! before the footer line plus the glued prefix (if it is not blank), joined
//! with `\n` and `trimEnd()`ed: always a prefix of the input. When there is
//! no footer, [`split`] answers `None`; on the wire (`notify.parse`) both
//! `summary` and `visibleText` are then `null`, and a caller shows the
//! original text, which is what upstream's `stripNotifySummaryFooter`
//! returns (and what [`strip`] returns).
//!
//! # JavaScript semantics kept, and the one place they cannot be
//!
//! The footer JSON is read by a small JSON reader of this module rather than
//! by [`crate::json`], because upstream reads it with `JSON.parse`:
//!
//! - nesting has no depth limit (the reader keeps an explicit stack, so deep
//!   nesting cannot overflow ours);
//! - a number beyond the range of a double is `±Infinity`, still a number:
//!   `version` keeps it, and it is written as `null`, as `JSON.stringify`
//!   writes an infinite number;
//! - a duplicated key keeps its last value, even when that value has the
//!   wrong type (`{"summary":"a","summary":1}` has no summary);
//! - `__proto__` is an ordinary own key, so `{"__proto__":{"summary":"x"}}`
//!   is the empty footer;
//! - JSON whitespace inside the object is only space, tab, LF and CR, while
//!   the `trim()` around it is JavaScript's;
//! - **lone surrogates** (`"\ud800"`) are accepted, as `JSON.parse` accepts
//!   them, so the verdict (footer or not, visible text) is the same; a Rust
//!   string cannot hold half a surrogate pair, so inside a kept field each
//!   one becomes U+FFFD, which is also what the hub's UTF-8 encoder stores.
//!
//! # Elevation ([`elevate`])
//!
//! Builds upstream's `buildWorkAdFromNotify` create: status through
//! [`work_ad_status_from_notify`]; summary `trim(summary)`, else
//! `trim(action)`, else `Agent status: <trim(status)>`, else
//! `Agent turn summary`, cut to 2,048 UTF-8 bytes; `action`, `project` and
//! `agent` untrimmed and cut to 8,192 bytes as `JSON.stringify` escapes them;
//! the cause fields cut the same way (text 2,048, kind and ids 256); tags
//! `notify_summary`, `project:<p>`, `agent:<a>`, `flavor:<f>` (each only when
//! non-empty, each cut to 256 escaped bytes); a cut never splits a code
//! point. The idempotency key is `session:<sessionId>:message:<messageId>:notify`,
//! `expires_at` is `ts` plus 24 hours, and the principal is the session's
//! agent acting for the hub owner.
//!
//! Upstream's store refuses a create whose ids are empty or over their caps,
//! and its ingest then silently writes nothing. Elevation refuses the same
//! inputs with a code instead of answering with a create no hub would store.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::diagnostic::quote;
use crate::error::CallError;
use crate::js::number::json_value;
use crate::js::whitespace::{is_js_blank, is_js_whitespace, js_trim, js_trim_end};
use crate::limits::{self, MAX_ID, MAX_TITLE, str_len};
use crate::principal::{Principal, PrincipalKind};
use crate::vocab::work_ad_status_from_notify;

mod footer_json;
use footer_json::read_footer_json;

crate::define_codes! {
    EMPTY_SESSION_ID = "notify/empty-session-id", "`notify.elevate` got an empty `sessionId` (upstream's store refuses an empty `source_ref`, so no row is written)";
    ID_TOO_LONG = "notify/id-too-long", "an id given to `notify.elevate` would put an id of the work_ad create over its upstream cap (the principal id, `related_event_id`, `on_behalf_of` 256; the idempotency key 512), so upstream would write no row";
    UNACCOUNTABLE_OWNER = "notify/unaccountable-owner", "`notify.elevate` got an `ownerUserId` that is empty or only whitespace, so the agent principal has no accountable owner";
}

/// The footer token: the word and exactly one U+0020.
pub const TOKEN: &str = "AGENT_NOTIFY_SUMMARY ";

/// The provenance upstream writes on elevated rows (reserved for HTTP writers).
pub const PROVENANCE: &str = "AGENT_NOTIFY_SUMMARY";

/// How long an elevated work ad is current: 24 hours, in milliseconds.
pub const WORK_AD_TTL_MS: f64 = 86_400_000.0;

/// The summary cap of the create, in UTF-8 bytes.
pub const MAX_SUMMARY_BYTES: usize = limits::MAX_SUMMARY;
/// The cap of `action`, `project` and `agent`, in `JSON.stringify`-escaped UTF-8 bytes.
pub const MAX_FIELD_BYTES: usize = limits::MAX_STRING;
/// The cap of one tag and of `causeKind`, in escaped UTF-8 bytes.
pub const MAX_TAG_BYTES: usize = limits::MAX_TAG;
/// The cap of `causeMessageId` and `causeCursorMessageId`, in escaped UTF-8 bytes.
pub const MAX_CAUSE_ID_BYTES: usize = 256;
/// The cap of `causeText`, in escaped UTF-8 bytes.
pub const MAX_CAUSE_TEXT_BYTES: usize = limits::MAX_SUMMARY;

/// The parsed footer, type-filtered: each key is present only when the
/// footer had it with the right JSON type.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NotifySummary {
    /// The footer's `version` when it is a JSON number. A number beyond the
    /// range of a double is kept as infinite and written `null`, as
    /// `JSON.stringify` writes it.
    #[serde(default, skip_serializing_if = "Option::is_none", serialize_with = "ser_opt_js_number")]
    #[cfg_attr(feature = "ts", ts(optional, type = "number | null"))]
    pub version: Option<f64>,
    /// The agent's self-label (advisory only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub agent: Option<String>,
    /// The project.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub project: Option<String>,
    /// The status as written (not validated, not normalised).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub status: Option<String>,
    /// The next action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub action: Option<String>,
    /// The one-line triage summary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub summary: Option<String>,
}

/// A footer found in a text, with the text that stays visible.
#[derive(Clone, Debug, PartialEq)]
pub struct Split<'a> {
    /// The parsed footer.
    pub summary: NotifySummary,
    /// The prose without the footer: a prefix of the input.
    pub visible_text: &'a str,
    /// The footer's JSON object as it stands in the input (a slice of it),
    /// which upstream hands to `JSON.parse`.
    pub footer_json: &'a str,
}

/// The footer of `text`, if its last non-blank line carries a valid one
/// (upstream's `extractNotifySummary`).
pub fn parse(text: &str) -> Option<NotifySummary> {
    split(text).map(|s| s.summary)
}

/// The footer of `text` and the prose before it (upstream's
/// `splitNotifySummary`); `None` when there is no valid footer.
pub fn split(text: &str) -> Option<Split<'_>> {
    if text.is_empty() {
        return None;
    }
    // The last line whose `trim()` is not empty, and where it starts.
    let mut line_start = text.len();
    let mut raw_line = None;
    let mut end = text.len();
    loop {
        let start = text.get(..end).and_then(|head| head.rfind('\n')).map_or(0, |i| i + 1);
        let candidate = text.get(start..end).unwrap_or("");
        if !is_js_blank(candidate) {
            line_start = start;
            raw_line = Some(candidate);
            break;
        }
        if start == 0 {
            break;
        }
        end = start - 1;
    }
    let line = js_trim_end(raw_line?);
    let (token_at, footer_json, summary) = match_line(line)?;
    let prefix = js_trim_end(line.get(..token_at).unwrap_or(""));
    let visible = js_trim_end(text.get(..line_start + prefix.len()).unwrap_or(""));
    Some(Split { summary, visible_text: visible, footer_json })
}

/// `text` without its footer, or `text` itself when it has none (upstream's
/// `stripNotifySummaryFooter`).
pub fn strip(text: &str) -> &str {
    split(text).map_or(text, |s| s.visible_text)
}

/// The byte offset of the first token occurrence on `line` that is a footer,
/// the footer's JSON text (a slice of `line`), and the footer.
fn match_line(line: &str) -> Option<(usize, &str, NotifySummary)> {
    let mut from = 0;
    while let Some(found) = line.get(from..).and_then(|rest| rest.find(TOKEN)) {
        let at = from + found;
        from = at + TOKEN.len();
        let prefix = line.get(..at).unwrap_or("");
        if !is_js_blank(prefix) && prefix.chars().next_back().is_some_and(is_js_whitespace) {
            continue;
        }
        let json = js_trim(line.get(from..).unwrap_or(""));
        if !json.starts_with('{') || !json.ends_with('}') {
            continue;
        }
        if let Some(summary) = read_footer_json(json) {
            return Some((at, json, summary));
        }
    }
    None
}

// ---------------------------------------------------------------- elevation

/// The hub owner id as upstream holds it: a number (the random owner id)
/// or a string. It is written with JavaScript's `String(...)`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum OwnerId {
    /// A string, used verbatim.
    Text(String),
    /// A number, spelt as JavaScript spells it (`1`, `1.5`, `1e+21`).
    Number(f64),
}

// By hand rather than `#[serde(untagged)]`, which buffers the input and
// costs the wasm build several kilobytes.
impl<'de> Deserialize<'de> for OwnerId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Owner;
        impl serde::de::Visitor<'_> for Owner {
            type Value = OwnerId;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string or a number")
            }
            fn visit_str<E>(self, v: &str) -> Result<OwnerId, E> {
                Ok(OwnerId::Text(v.to_owned()))
            }
            fn visit_string<E>(self, v: String) -> Result<OwnerId, E> {
                Ok(OwnerId::Text(v))
            }
            fn visit_f64<E>(self, v: f64) -> Result<OwnerId, E> {
                Ok(OwnerId::Number(v))
            }
            #[expect(clippy::cast_precision_loss, reason = "JavaScript holds every number as a double")]
            fn visit_i64<E>(self, v: i64) -> Result<OwnerId, E> {
                Ok(OwnerId::Number(v as f64))
            }
            #[expect(clippy::cast_precision_loss, reason = "JavaScript holds every number as a double")]
            fn visit_u64<E>(self, v: u64) -> Result<OwnerId, E> {
                Ok(OwnerId::Number(v as f64))
            }
        }
        d.deserialize_any(Owner)
    }
}

impl OwnerId {
    /// `String(ownerUserId)`.
    pub fn to_js_string(&self) -> String {
        match self {
            OwnerId::Text(s) => s.clone(),
            OwnerId::Number(n) => crate::js::number::js_number(*n),
        }
    }
}

/// The user message that caused the agent turn, as the hub resolved it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Cause {
    /// The cause message id (`causeMessageId`); when empty, no cause keys
    /// are written at all, as upstream.
    pub message_id: String,
    /// The cause text (`causeText`, `null` when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub text: Option<String>,
    /// How it arrived, the trimmed `meta.sentFrom` (`causeKind`, `null` when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub kind: Option<String>,
    /// The cursor sequence number (`causeSeq`, `null` when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub seq: Option<f64>,
    /// The cursor message id (`causeCursorMessageId`, written only when non-empty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cursor_message_id: Option<String>,
}

/// Everything an elevation needs; all of it comes from the hub.
#[derive(Clone, Copy, Debug)]
pub struct Elevation<'a> {
    /// The session the agent turn belongs to.
    pub session_id: &'a str,
    /// The assistant message that carried the footer.
    pub message_id: &'a str,
    /// The parsed footer.
    pub notify: &'a NotifySummary,
    /// The hub owner the session acts for.
    pub owner_user_id: &'a OwnerId,
    /// The assistant message's `createdAt`, in milliseconds.
    pub ts: f64,
    /// The session's agent flavor (a tag when non-empty).
    pub flavor: Option<&'a str>,
    /// The resolved cause, if any.
    pub cause: Option<&'a Cause>,
    /// The previous notify work ad of the session (omitted when empty).
    pub related_event_id: Option<&'a str>,
    /// When the ad expires, in milliseconds, where the hub decides it
    /// (upstream's `expiresAt` override); by default `ts` plus 24 hours.
    pub expires_at: Option<f64>,
}

/// `payload_json` of an elevated work ad (camelCase keys, as upstream).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct WorkAdPayload {
    /// The mapped work-ad status.
    pub status: String,
    /// The footer's action, cut, or `null`.
    pub action: Option<String>,
    /// The footer's project, cut, or `null`.
    pub project: Option<String>,
    /// The footer's agent label, cut, or `null`.
    pub agent: Option<String>,
    /// The assistant message id.
    pub message_id: String,
    /// The cause message id (present only with a cause).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cause_message_id: Option<String>,
    /// The cause text or `null` (present only with a cause).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "de_double")]
    #[cfg_attr(feature = "ts", ts(optional, type = "string | null"))]
    pub cause_text: Option<Option<String>>,
    /// The cause kind or `null` (present only with a cause).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "de_double")]
    #[cfg_attr(feature = "ts", ts(optional, type = "string | null"))]
    pub cause_kind: Option<Option<String>>,
    /// The cause sequence number or `null` (present only with a cause).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "ser_double_js_number",
        deserialize_with = "de_double"
    )]
    #[cfg_attr(feature = "ts", ts(optional, type = "number | null"))]
    pub cause_seq: Option<Option<f64>>,
    /// The cause cursor message id (present only with a non-empty one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cause_cursor_message_id: Option<String>,
}

/// The `work_ad` event create an elevation yields: a POST body, snake_case,
/// keys in upstream's order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WorkAdCreate {
    /// Always `session`.
    pub source_kind: String,
    /// The session id.
    pub source_ref: String,
    /// Always `work_ad`.
    pub event_type: String,
    /// The summary line, at most 2,048 UTF-8 bytes.
    pub summary: String,
    /// The work-ad payload.
    pub payload_json: WorkAdPayload,
    /// `notify_summary` and the non-empty `project:`, `agent:`, `flavor:` tags.
    pub tags: Vec<String>,
    /// The session id.
    pub related_session_id: String,
    /// The previous notify work ad, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub related_event_id: Option<String>,
    /// Always `AGENT_NOTIFY_SUMMARY`.
    pub provenance: String,
    /// `session:<sessionId>:message:<messageId>:notify`.
    pub idempotency_key: String,
    /// `ts` plus 24 hours, in milliseconds.
    #[serde(serialize_with = "ser_js_number")]
    pub expires_at: f64,
    /// The session's agent, acting for the hub owner.
    pub principal: Principal,
}

/// The summary line of a footer (upstream's `buildWorkAdSummaryFromNotify`),
/// before the byte cut.
pub fn summary_line(notify: &NotifySummary) -> String {
    fn trimmed(s: &Option<String>) -> Option<&str> {
        s.as_deref().map(js_trim).filter(|s| !s.is_empty())
    }
    if let Some(s) = trimmed(&notify.summary) {
        s.to_owned()
    } else if let Some(a) = trimmed(&notify.action) {
        a.to_owned()
    } else if let Some(st) = trimmed(&notify.status) {
        format!("Agent status: {st}")
    } else {
        "Agent turn summary".to_owned()
    }
}

/// Builds the `work_ad` create for a footer, or refuses the inputs that
/// upstream's store would refuse (so that upstream would write no row).
pub fn elevate(e: &Elevation<'_>) -> Result<WorkAdCreate, CallError> {
    check_ids(e)?;
    Ok(build(e))
}

/// The `work_ad` create for a footer as upstream's builder writes it,
/// whatever its store then says of it: [`elevate`] without its refusals
/// (an empty session id, an id over its cap, a blank owner), for a caller
/// that hands the create to upstream's own store.
pub fn build(e: &Elevation<'_>) -> WorkAdCreate {
    build_standing_in(e, "")
}

/// [`build`] for a JavaScript caller whose strings held lone surrogates,
/// which no Rust string can: it sent each as a character of `stand_ins`,
/// none of which its strings held, and maps them back in the create. The
/// clamps count a stand-in as `JSON.stringify` counts the surrogate (the
/// six bytes of its `\uXXXX` escape); a UTF-8 byte count, as
/// `TextEncoder` writes it (three, as U+FFFD), is what a stand-in from the
/// Basic Multilingual Plane takes anyway.
pub fn build_standing_in(e: &Elevation<'_>, stand_ins: &str) -> WorkAdCreate {
    let notify = e.notify;
    let clamp = |s: &str, max: usize| clamp_json_standing_in(s, max, stand_ins).to_owned();
    let clamp_field = |v: &Option<String>| v.as_deref().map(|s| clamp(s, MAX_FIELD_BYTES));
    let cause = e.cause.and_then(|c| {
        let id = clamp(&c.message_id, MAX_CAUSE_ID_BYTES);
        (!id.is_empty()).then_some((c, id))
    });
    let payload = WorkAdPayload {
        status: work_ad_status_from_notify(notify.status.as_deref()).to_owned(),
        action: clamp_field(&notify.action),
        project: clamp_field(&notify.project),
        agent: clamp_field(&notify.agent),
        message_id: e.message_id.to_owned(),
        cause_message_id: cause.as_ref().map(|(_, id)| id.clone()),
        cause_text: cause.as_ref().map(|(c, _)| c.text.as_deref().map(|t| clamp(t, MAX_CAUSE_TEXT_BYTES))),
        cause_kind: cause.as_ref().map(|(c, _)| c.kind.as_deref().map(|k| clamp(k, MAX_TAG_BYTES))),
        cause_seq: cause.as_ref().map(|(c, _)| c.seq),
        cause_cursor_message_id: cause.as_ref().and_then(|(c, _)| {
            c.cursor_message_id.as_deref().filter(|s| !s.is_empty()).map(|s| clamp(s, MAX_CAUSE_ID_BYTES))
        }),
    };
    WorkAdCreate {
        source_kind: "session".to_owned(),
        source_ref: e.session_id.to_owned(),
        event_type: "work_ad".to_owned(),
        summary: clamp_utf8(&summary_line(notify), MAX_SUMMARY_BYTES).to_owned(),
        payload_json: payload,
        tags: tags(notify, e.flavor, stand_ins),
        related_session_id: e.session_id.to_owned(),
        related_event_id: e.related_event_id.filter(|s| !s.is_empty()).map(str::to_owned),
        provenance: PROVENANCE.to_owned(),
        idempotency_key: idempotency_key(e.session_id, e.message_id),
        expires_at: e.expires_at.unwrap_or(e.ts + WORK_AD_TTL_MS),
        principal: Principal {
            kind: PrincipalKind::Agent,
            id: format!("session:{}", e.session_id),
            on_behalf_of: Some(e.owner_user_id.to_js_string()),
        },
    }
}

/// The idempotency key of the elevation of one assistant message.
pub fn idempotency_key(session_id: &str, message_id: &str) -> String {
    format!("session:{session_id}:message:{message_id}:notify")
}

fn tags(notify: &NotifySummary, flavor: Option<&str>, stand_ins: &str) -> Vec<String> {
    let mut tags = vec!["notify_summary".to_owned()];
    let labelled =
        [("project:", notify.project.as_deref()), ("agent:", notify.agent.as_deref()), ("flavor:", flavor)];
    for (label, value) in labelled {
        if let Some(v) = value.filter(|v| !v.is_empty()) {
            tags.push(clamp_json_standing_in(&format!("{label}{v}"), MAX_TAG_BYTES, stand_ins).to_owned());
        }
    }
    tags.truncate(limits::MAX_TAGS);
    tags
}

fn check_ids(e: &Elevation<'_>) -> Result<(), CallError> {
    if e.session_id.is_empty() {
        return Err(CallError::new(EMPTY_SESSION_ID, "`sessionId` is empty; upstream would write no row"));
    }
    let too_long = |what: &str, len: usize, max: usize| {
        CallError::new(
            ID_TOO_LONG,
            format!("{what} would be {len} characters, over the cap of {max}; upstream would write no row"),
        )
    };
    let principal_len = str_len("session:") + str_len(e.session_id);
    if principal_len > MAX_ID {
        return Err(too_long("the principal id `session:<sessionId>`", principal_len, MAX_ID));
    }
    let key_len = str_len(&idempotency_key(e.session_id, e.message_id));
    if key_len > MAX_TITLE {
        return Err(too_long("the idempotency key", key_len, MAX_TITLE));
    }
    if let Some(related) = e.related_event_id
        && str_len(related) > MAX_ID
    {
        return Err(too_long("`relatedEventId`", str_len(related), MAX_ID));
    }
    let owner = e.owner_user_id.to_js_string();
    if is_js_blank(&owner) {
        return Err(CallError::new(
            UNACCOUNTABLE_OWNER,
            format!("`ownerUserId` {} names no accountable owner", quote(&owner)),
        ));
    }
    if str_len(&owner) > MAX_ID {
        return Err(too_long("`ownerUserId`", str_len(&owner), MAX_ID));
    }
    Ok(())
}

/// The longest prefix of `s` of at most `max` UTF-8 bytes, whole code points
/// only (upstream's `clampUtf8`).
pub fn clamp_utf8(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s.get(..end).unwrap_or("")
}

/// The bytes one character takes inside a string written by `JSON.stringify`.
fn js_escaped_len(c: char) -> usize {
    match c {
        '"' | '\\' | '\u{08}' | '\u{0C}' | '\n' | '\r' | '\t' => 2,
        '\u{00}'..='\u{1F}' => 6,
        c => c.len_utf8(),
    }
}

/// The longest prefix of `s` whose `JSON.stringify` escaping (without the
/// quotes) takes at most `max` UTF-8 bytes, whole code points only
/// (upstream's `clampJsonUtf8`).
pub fn clamp_json_utf8(s: &str, max: usize) -> &str {
    clamp_json_standing_in(s, max, "")
}

/// [`clamp_json_utf8`], a character of `stand_ins` counted as the six bytes
/// of the lone surrogate's escape it stands for.
fn clamp_json_standing_in<'s>(s: &'s str, max: usize, stand_ins: &str) -> &'s str {
    let mut bytes = 0;
    for (i, c) in s.char_indices() {
        bytes += if !stand_ins.is_empty() && stand_ins.contains(c) { 6 } else { js_escaped_len(c) };
        if bytes > max {
            return s.get(..i).unwrap_or("");
        }
    }
    s
}

// ---------------------------------------------------------------- numbers on the wire

fn ser_js_number<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    json_value(*x).serialize(s)
}

fn ser_opt_js_number<S: Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    x.map_or(serde_json::Value::Null, json_value).serialize(s)
}

fn ser_double_js_number<S: Serializer>(x: &Option<Option<f64>>, s: S) -> Result<S::Ok, S::Error> {
    x.flatten().map_or(serde_json::Value::Null, json_value).serialize(s)
}

/// Present-but-`null` is `Some(None)`; absent is `None` (through `default`).
fn de_double<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

#[cfg(test)]
mod tests;
