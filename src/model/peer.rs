//! Peer provenance: who sent a peer message, as the hub stores it, as the
//! receiving agent reads it, and as the webapp shows it.
//!
//! The stored meta is `{sentFrom:"peer", deliveryMode?, peer?:{sourceSessionId,
//! sourceName?}}`. Only the hub's authenticated source is authoritative:
//! [`derive_meta`] ignores any `peer`, `sentFrom`, `sourceSessionId` or
//! `sourceName` in the request body, and a peer delivery without an
//! authenticated source is `sentFrom:"peer"` without `peer` (unattributed),
//! never `webapp`. The trust model is upstream's "soft nametag": a routing
//! hint for agents and people, not a security boundary.
//!
//! [`annotate`] is upstream's provenance line for the receiving agent,
//! byte-exact; [`badge`] is the chip the webapp renders; [`check_message_meta`]
//! and [`normalize`] are the `peer_message` validation rules.

use serde_json::{Map, Value};

use crate::diagnostic::{Diagnostic, Severity};
use crate::error::CallError;
use crate::fields::{self, Mode, Presence, Report, type_name};
use crate::js::whitespace::js_trim;
use crate::limits::{self, str_len};
use crate::pointer::Pointer;
use crate::sanitize::{collapse_line_breaks, collapse_whitespace, first_chars, neutralize_line};
use crate::vocab::{Openness, Vocabulary};

crate::define_codes! {
    META_OUTSIDE_PEER = "peer/meta-outside-peer", "`peer` appears on a message whose `sentFrom` is not `peer` (such as `webapp`); it is dropped";
    CLIENT_SUPPLIED_SOURCE = "peer/client-supplied-source", "`peer` appears in a document the hub did not derive; only the hub's authenticated source is authoritative";
    EMPTY_PEER = "peer/empty-peer", "an empty `peer: {}` is normalised away";
    BODY_FIELD_IGNORED = "peer/body-field-ignored", "a request body names its own source or sender; the hub ignores it and derives both";
    INVALID_SOURCE = "peer/invalid-source", "the authenticated source session id is over 128 characters or holds whitespace, control, bidi or invisible characters";
    INVALID_DELIVERY_MODE = "peer/invalid-delivery-mode", "the request body's `deliveryMode` is not `queue` or `steer` (upstream answers 400)";
    NOT_PEER = "peer/not-peer", "a badge was asked for a message whose `sentFrom` is not `peer`";
}

/// `peer.sourceSessionId`, after trimming (upstream `PeerDeliveryMetaSchema`).
pub const MAX_SOURCE_SESSION_ID: usize = 128;
/// `peer.sourceName`, after trimming (upstream `MAX_PEER_LABEL_CHARS`).
pub const MAX_SOURCE_NAME: usize = 255;

/// `meta.deliveryMode` (closed, as upstream's `MessageDeliveryModeSchema`).
pub const DELIVERY_MODE: Vocabulary =
    Vocabulary { name: "delivery mode", values: &["queue", "steer"], openness: Openness::Closed };

/// Body keys that would name a source or sender; the hub never trusts them.
const SOURCE_CLAIMS: &[&str] = &["meta", "peer", "sentFrom", "sourceName", "sourceSessionId"];

/// The stored meta of one peer delivery, and what the body tried to say.
#[derive(Clone, Debug, PartialEq)]
pub struct DerivedMeta {
    /// `{sentFrom:"peer", deliveryMode?, peer?:{sourceSessionId, sourceName?}}`.
    pub meta: Value,
    /// A `peer/body-field-ignored` warning for each source claim in the body.
    pub diagnostics: Vec<Diagnostic>,
}

/// Derives the meta the hub stores for a peer delivery.
///
/// - `authenticated` is the source session id the hub authenticated (the
///   route's path id). Trimmed; blank or absent means an unattributed
///   delivery: `sentFrom:"peer"` and no `peer`. Over 128 characters, or
///   holding whitespace or control characters, it is refused.
/// - `source_name` is the hub's snapshot of that session's name: trimmed,
///   cut to 255 characters, omitted when empty, ignored when unattributed.
/// - `body` is the request body. Its `deliveryMode` (`queue` | `steer`) is
///   kept as upstream keeps it; anything else there is refused, as upstream
///   answers 400. Its `peer`, `sentFrom`, `sourceSessionId`, `sourceName` and
///   `meta` are never read; each is reported as ignored.
pub fn derive_meta(
    authenticated: Option<&str>,
    source_name: Option<&str>,
    body: &Value,
) -> Result<DerivedMeta, CallError> {
    let body_at = Pointer::root().key("body");
    let body = match body {
        Value::Null => None,
        Value::Object(m) => Some(m),
        other => {
            return Err(CallError::new(
                crate::error::INVALID_CALL,
                format!("`body` must be an object, found {}", type_name(other)),
            ));
        }
    };
    let mut diagnostics = Vec::new();
    let mut meta = Map::new();
    meta.insert("sentFrom".to_owned(), Value::from("peer"));
    if let Some(body) = body {
        match body.get("deliveryMode") {
            None => {}
            Some(Value::String(m)) if DELIVERY_MODE.contains(m) => {
                meta.insert("deliveryMode".to_owned(), Value::from(m.as_str()));
            }
            Some(other) => {
                let shown = match other {
                    Value::String(s) => crate::diagnostic::quote(s),
                    v => type_name(v).to_owned(),
                };
                return Err(CallError::new(
                    INVALID_DELIVERY_MODE,
                    format!("`body.deliveryMode` is {shown}; expected `queue` or `steer`"),
                ));
            }
        }
        for key in SOURCE_CLAIMS {
            if body.contains_key(*key) {
                diagnostics.push(
                    Diagnostic::warning(
                        BODY_FIELD_IGNORED,
                        &body_at.key(key),
                        format!("the body's `{key}` is ignored; the hub derives the sender"),
                    )
                    .with_help("attribution comes only from the authenticated source session"),
                );
            }
        }
    }
    let id = authenticated.map(js_trim).unwrap_or("");
    if !id.is_empty() {
        if str_len(id) > MAX_SOURCE_SESSION_ID {
            return Err(CallError::new(
                INVALID_SOURCE,
                format!(
                    "the authenticated source session id is {} characters long, over the cap of {MAX_SOURCE_SESSION_ID}",
                    str_len(id)
                ),
            ));
        }
        let hidden = |c: char| c.is_control() || crate::sanitize::is_neutralized(c);
        if id.chars().any(|c| hidden(c) || crate::js::whitespace::is_js_whitespace(c)) {
            return Err(CallError::new(
                INVALID_SOURCE,
                format!(
                    "the authenticated source session id {} holds whitespace, control or invisible characters",
                    crate::diagnostic::quote(id)
                ),
            ));
        }
        let mut peer = Map::new();
        peer.insert("sourceSessionId".to_owned(), Value::from(id));
        let name = js_trim(first_chars(js_trim(source_name.unwrap_or("")), MAX_SOURCE_NAME));
        if !name.is_empty() {
            peer.insert("sourceName".to_owned(), Value::from(name));
        }
        meta.insert("peer".to_owned(), Value::Object(peer));
    }
    Ok(DerivedMeta { meta: Value::Object(meta), diagnostics })
}

/// Where the provenance line goes: before the text (the default) or after
/// it (upstream's Pi placement, so a first-line command stays first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Placement {
    /// `<line>\n\n<text>`.
    #[default]
    Prefix,
    /// `<text>\n\n<line>`.
    Suffix,
}

fn peer_field<'m>(meta: &'m Value, key: &str) -> Option<&'m str> {
    meta.get("peer")?.get(key)?.as_str()
}

/// The provenance line(s) for a peer message, as upstream writes them.
fn provenance_line(meta: &Value) -> String {
    let id = peer_field(meta, "sourceSessionId").map(js_trim).unwrap_or("");
    if id.is_empty() {
        return "From: peer (unattributed)".to_owned();
    }
    let id = shown(id, MAX_SOURCE_SESSION_ID);
    let name = peer_field(meta, "sourceName")
        .map(|n| shown(js_trim(&collapse_whitespace(&collapse_line_breaks(n))), MAX_SOURCE_NAME))
        .unwrap_or_default();
    if name.is_empty() {
        format!("From: /sessions/{id}")
    } else {
        format!("From: /sessions/{id}\nName: {name}")
    }
}

/// What the receiving agent sees, byte-exact with upstream's
/// `annotatePeerDeliveryForAgent`: for `sentFrom:"peer"`,
/// `From: /sessions/<id>\nName: <name>\n\n<text>`, `From: /sessions/<id>\n\n<text>`
/// or `From: peer (unattributed)\n\n<text>` (the line alone when the text is
/// empty; after the text with [`Placement::Suffix`]). The id is trimmed; the
/// name has runs of CR/LF/U+2028/U+2029, then of whitespace, collapsed to one
/// space and is trimmed. The peer text is kept literal. Any other meta leaves
/// the text unchanged. Beyond upstream, the id and the name are capped (128
/// and 255 code points, `…` when cut) and neutralised, so that a stored meta
/// no hub would write cannot make the line lie (a bidi override) or grow
/// without bound; for ids and names without such characters the line is
/// upstream's, byte for byte. Where upstream would throw (a non-string id or name)
/// the field counts as absent.
pub fn annotate(meta: &Value, text: &str, placement: Placement) -> String {
    if meta.get("sentFrom").and_then(Value::as_str) != Some("peer") {
        return text.to_owned();
    }
    let line = provenance_line(meta);
    if text.is_empty() {
        return line;
    }
    match placement {
        Placement::Prefix => format!("{line}\n\n{text}"),
        Placement::Suffix => format!("{text}\n\n{line}"),
    }
}

/// The sender chip of a peer message in the webapp.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Badge {
    /// `@<title>`, `@<first 8 characters of the id>`, or `@peer`.
    pub label: String,
    /// The hover text.
    pub tooltip: String,
    /// Whether the source session is named by the hub.
    pub attributed: bool,
    /// Whether the chip links to the source session.
    pub navigable: bool,
    /// `/sessions/<id>` (percent-encoded) when navigable.
    pub href: Option<String>,
}

/// The webapp's sender chip for a peer message.
///
/// - Unattributed (no `peer.sourceSessionId`): `@peer`, tooltip
///   `From peer (unknown session)`, not navigable.
/// - Attributed: `@<title>` where the title is the stored `sourceName`, else
///   `source_title` (the live session list's title), whitespace collapsed and
///   trimmed; without a title `@<first 8 characters of the id>`. The tooltip
///   repeats what the agent was told (`From: /sessions/<id>`, `Name: <title>`)
///   and says when the session is not listed. Navigable only when
///   `source_listed` is true (absent means not known to be listed) and the
///   id stays one path segment: never for `.` or `..`, whose link would
///   leave `/sessions/` (the tooltip says why).
///
/// Every shown value is neutralised for display (no bidi override or
/// zero-width character reaches the page) and capped: the title is cut to
/// upstream's 255 code points and the shown id to its 128, each marked `…`
/// when cut, so the label is at most 2,297 characters, the tooltip at most
/// 3,512 and the href at most 1,546 (a neutralised character is shown in up
/// to nine, `<U+E0041>`); an id over 128 code points is not
/// navigable. A message that is not from a peer has no badge: `peer/not-peer`.
pub fn badge(
    meta: &Value,
    source_title: Option<&str>,
    source_listed: Option<bool>,
) -> Result<Badge, CallError> {
    if meta.get("sentFrom").and_then(Value::as_str) != Some("peer") {
        return Err(CallError::new(NOT_PEER, "the message is not from a peer (`sentFrom` is not `peer`)"));
    }
    let id = peer_field(meta, "sourceSessionId").map(js_trim).unwrap_or("");
    if id.is_empty() {
        return Ok(Badge {
            label: "@peer".to_owned(),
            tooltip: "From peer (unknown session)".to_owned(),
            attributed: false,
            navigable: false,
            href: None,
        });
    }
    let clean = |s: &str| shown(js_trim(&collapse_whitespace(s)), MAX_SOURCE_NAME);
    let title = [peer_field(meta, "sourceName"), source_title]
        .into_iter()
        .flatten()
        .map(clean)
        .find(|t| !t.is_empty())
        .unwrap_or_default();
    let shown_id = shown(id, MAX_SOURCE_SESSION_ID);
    let label = if title.is_empty() {
        format!("@{}", neutralize_line(first_chars(id, 8)))
    } else {
        format!("@{title}")
    };
    // An id over upstream's cap names no session the hub could have stored;
    // `.` and `..` are the one-segment ids a URL resolves away (the link
    // would leave `/sessions/`).
    let segment = is_path_segment(id);
    let navigable = source_listed == Some(true) && str_len(id) <= MAX_SOURCE_SESSION_ID && segment;
    let mut tooltip = format!("From: /sessions/{shown_id}");
    if !title.is_empty() {
        tooltip.push_str("\nName: ");
        tooltip.push_str(&title);
    }
    if !segment {
        tooltip.push_str("\nThis id is not a path segment, so it is not a link");
    } else if !navigable {
        tooltip.push_str("\nThis session is not in the session list");
    }
    let href = navigable.then(|| format!("/sessions/{}", encode_uri_component(id)));
    Ok(Badge { label, tooltip, attributed: true, navigable, href })
}

/// Whether `id`, percent-encoded, stays one path segment of
/// `/sessions/<id>`: every id but the empty one and the dot segments `.`
/// and `..`, which a URL resolves to the route itself or its parent
/// (`encodeURIComponent` leaves dots as they are, and encodes `/`, `?`, `#`
/// and `%`).
fn is_path_segment(id: &str) -> bool {
    !matches!(id, "" | "." | "..")
}

/// `s` cut to `max` code points (with `…` when cut), then neutralised for
/// display: at most `9 * max + 1` characters.
fn shown(s: &str, max: usize) -> String {
    let cut = first_chars(s, max);
    let mut out = neutralize_line(cut);
    if cut.len() < s.len() {
        out.push('…');
    }
    out
}

/// JavaScript's `encodeURIComponent`.
pub fn encode_uri_component(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Who produced a `peer_message` document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MetaOrigin {
    /// A client wrote it: any `peer` in it is a claim, never authoritative.
    Client,
    /// The hub derived it from the authenticated source (a stored row).
    Hub,
}

impl MetaOrigin {
    /// The origin a mode implies when the call does not say: a strict check
    /// is of a client's write, a lenient one of a stored row.
    pub fn for_mode(mode: Mode) -> MetaOrigin {
        match mode {
            Mode::Strict => MetaOrigin::Client,
            Mode::Lenient => MetaOrigin::Hub,
        }
    }
}

/// The `peer_message` rules for a message `meta` at `at`, with the origin the
/// mode implies ([`MetaOrigin::for_mode`]). See [`check_message_meta_from`].
pub fn check_message_meta(meta: &Value, at: &Pointer, report: &mut Report) {
    check_message_meta_from(meta, at, MetaOrigin::for_mode(report.mode), report);
}

/// The `peer_message` rules:
///
/// - `sentFrom` is a string (open vocabulary: `webapp`, `telegram-bot`,
///   `cli`, `peer`, ...); `deliveryMode` is `queue` or `steer`.
/// - `peer` only with `sentFrom:"peer"` (`peer/meta-outside-peer`, never
///   beside `webapp`); only in a document the hub derived
///   (`peer/client-supplied-source` otherwise); an empty `peer: {}` is
///   normalised away (`peer/empty-peer`).
/// - In a hub-derived `peer`: `sourceSessionId` is a string of 1..128
///   characters after trimming, `sourceName` (optional) 1..255 after
///   trimming; other keys are unknown (upstream strips them).
///
/// Writers get errors, readers warnings; [`normalize`] gives the stored shape.
pub fn check_message_meta_from(meta: &Value, at: &Pointer, origin: MetaOrigin, report: &mut Report) {
    let Some(obj) = report.object(meta, at, "a message `meta`") else {
        return;
    };
    let sent_from = match obj.get("sentFrom") {
        None => None,
        Some(Value::String(s)) => Some(s.as_str()),
        Some(other) => {
            report.error(
                fields::WRONG_TYPE,
                &at.key("sentFrom"),
                format!("`sentFrom` must be a string, found {}", type_name(other)),
            );
            None
        }
    };
    match obj.get("deliveryMode") {
        None => {}
        Some(Value::String(m)) => {
            report.vocab(m, &DELIVERY_MODE, &at.key("deliveryMode"));
        }
        Some(other) => report.error(
            fields::WRONG_TYPE,
            &at.key("deliveryMode"),
            format!("`deliveryMode` must be a string, found {}", type_name(other)),
        ),
    }
    let Some(peer) = obj.get("peer") else {
        return;
    };
    let peer_at = at.key("peer");
    let Some(peer_obj) = report.object(peer, &peer_at, "`peer`") else {
        return;
    };
    if peer_obj.is_empty() {
        let sev = if report.strict() { Severity::Warning } else { Severity::Info };
        report.push(Diagnostic::new(EMPTY_PEER, sev, &peer_at, "an empty `peer` is never stored; dropped"));
        return;
    }
    if sent_from != Some("peer") {
        let shown = sent_from.map_or_else(|| "absent".to_owned(), crate::diagnostic::quote);
        report.refuse_or_warn(
            META_OUTSIDE_PEER,
            &peer_at,
            format!("`peer` is only stored with `sentFrom` `peer`; here `sentFrom` is {shown}"),
        );
        return;
    }
    if origin == MetaOrigin::Client {
        report.push(
            Diagnostic::new(
                CLIENT_SUPPLIED_SOURCE,
                if report.strict() { Severity::Error } else { Severity::Warning },
                &peer_at,
                "a client-supplied `peer` is never authoritative",
            )
            .with_help("send without `peer`; the hub derives it from the authenticated source session"),
        );
        return;
    }
    trimmed_string(report, peer_obj, "sourceSessionId", &peer_at, Presence::Required, MAX_SOURCE_SESSION_ID);
    trimmed_string(report, peer_obj, "sourceName", &peer_at, Presence::Optional, MAX_SOURCE_NAME);
    report.unknown_fields(peer_obj, &["sourceSessionId", "sourceName"], &peer_at, "`peer`");
}

/// A string field whose trimmed form must be 1..=`max` characters (zod's
/// `.trim().min(1).max(max)`).
fn trimmed_string(
    report: &mut Report,
    obj: &Map<String, Value>,
    key: &str,
    at: &Pointer,
    presence: Presence,
    max: usize,
) {
    let Some(v) = report.field(obj, key, at, presence) else {
        return;
    };
    let here = at.key(key);
    let Value::String(s) = v else {
        report.error(fields::WRONG_TYPE, &here, format!("`{key}` must be a string, found {}", type_name(v)));
        return;
    };
    let t = js_trim(s);
    if report.not_blank(t, &here, key) && str_len(t) > max {
        report.error(
            limits::STRING_TOO_LONG,
            &here,
            format!("`{key}` is {} characters long after trimming, over the cap of {max}", str_len(t)),
        );
    }
}

/// A message `meta` as it is stored (strict) or read (lenient): `peer` is
/// dropped when empty, when `sentFrom` is not `peer`, or when a client
/// supplied it; its strings are trimmed; strict also strips unknown `peer`
/// keys (upstream's zod object does). Everything else is kept verbatim.
pub fn normalize(meta: &Value, origin: MetaOrigin, mode: Mode) -> Value {
    let mut out = meta.clone();
    let Value::Object(obj) = &mut out else {
        return out;
    };
    let from_peer = obj.get("sentFrom").and_then(Value::as_str) == Some("peer");
    let drop = match obj.get_mut("peer") {
        None => false,
        Some(Value::Object(p)) if p.is_empty() || !from_peer || origin == MetaOrigin::Client => true,
        Some(Value::Object(p)) => {
            for key in ["sourceSessionId", "sourceName"] {
                if let Some(Value::String(s)) = p.get_mut(key) {
                    *s = js_trim(s).to_owned();
                }
            }
            if mode == Mode::Strict {
                p.retain(|k, _| k == "sourceSessionId" || k == "sourceName");
            }
            false
        }
        Some(_) => !from_peer,
    };
    if drop {
        obj.remove("peer");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn report(mode: Mode) -> Report {
        Report::new(mode)
    }

    fn codes(r: &Report) -> Vec<&str> {
        r.diagnostics.iter().map(|d| d.code.as_str()).collect()
    }

    #[test]
    fn attributed_meta_comes_from_the_authenticated_source_only() {
        let body = json!({"text":"hi","peer":{"sourceSessionId":"forged"},"sentFrom":"webapp","sourceSessionId":"x"});
        let d = derive_meta(Some(" s-1 "), Some("  Orchestrator "), &body).unwrap();
        assert_eq!(
            d.meta,
            json!({"sentFrom":"peer","peer":{"sourceSessionId":"s-1","sourceName":"Orchestrator"}})
        );
        let at: Vec<&str> = d.diagnostics.iter().map(|d| d.instance_path.as_str()).collect();
        assert_eq!(at, vec!["/body/peer", "/body/sentFrom", "/body/sourceSessionId"]);
    }

    #[test]
    fn no_authenticated_source_is_unattributed_peer_never_webapp() {
        let d = derive_meta(None, Some("ignored"), &json!({"sentFrom":"webapp"})).unwrap();
        assert_eq!(d.meta, json!({"sentFrom":"peer"}));
        assert_eq!(derive_meta(Some("  "), None, &Value::Null).unwrap().meta, json!({"sentFrom":"peer"}));
    }

    #[test]
    fn delivery_mode_is_kept_and_a_bad_one_refused() {
        let d = derive_meta(Some("s"), None, &json!({"deliveryMode":"steer"})).unwrap();
        assert_eq!(d.meta, json!({"sentFrom":"peer","deliveryMode":"steer","peer":{"sourceSessionId":"s"}}));
        let e = derive_meta(Some("s"), None, &json!({"deliveryMode":"now"})).unwrap_err();
        assert_eq!(e.code, INVALID_DELIVERY_MODE);
    }

    #[test]
    fn source_name_is_cut_to_255_and_omitted_when_blank() {
        let long = "n".repeat(300);
        let d = derive_meta(Some("s"), Some(&long), &json!({})).unwrap();
        assert_eq!(d.meta["peer"]["sourceName"].as_str().map(str_len), Some(255));
        let d = derive_meta(Some("s"), Some(" \u{3000} "), &json!({})).unwrap();
        assert_eq!(d.meta, json!({"sentFrom":"peer","peer":{"sourceSessionId":"s"}}));
    }

    #[test]
    fn overlong_or_spaced_source_id_is_refused() {
        assert_eq!(derive_meta(Some(&"a".repeat(129)), None, &json!({})).unwrap_err().code, INVALID_SOURCE);
        assert_eq!(derive_meta(Some("a\nName: boss"), None, &json!({})).unwrap_err().code, INVALID_SOURCE);
        for hidden in ["a\u{202E}b", "a\u{200B}b", "a\u{FE0F}", "\u{E0041}a"] {
            assert_eq!(
                derive_meta(Some(hidden), None, &json!({})).unwrap_err().code,
                INVALID_SOURCE,
                "{hidden:?}"
            );
        }
        assert!(derive_meta(Some(&"a".repeat(128)), None, &json!({})).is_ok());
    }

    #[test]
    fn annotate_matches_upstream_lines() {
        let id = "6212dae5-8a60-4284-b7a5-c09aa3571ce4";
        let m = json!({"sentFrom":"peer","peer":{"sourceSessionId":id,"sourceName":"Orchestrator"}});
        assert_eq!(
            annotate(&m, "handoff body", Placement::Prefix),
            format!("From: /sessions/{id}\nName: Orchestrator\n\nhandoff body")
        );
        let m = json!({"sentFrom":"peer","peer":{"sourceSessionId":id}});
        assert_eq!(
            annotate(&m, "/compact notes", Placement::Suffix),
            format!("/compact notes\n\nFrom: /sessions/{id}")
        );
        assert_eq!(
            annotate(&json!({"sentFrom":"peer"}), "cli ping", Placement::Prefix),
            "From: peer (unattributed)\n\ncli ping"
        );
    }

    #[test]
    fn annotate_collapses_line_breaks_in_the_name_only() {
        let m =
            json!({"sentFrom":"peer","peer":{"sourceSessionId":"s","sourceName":" A\r\n\u{2028}B \t C "}});
        assert_eq!(annotate(&m, "x\r\ny", Placement::Prefix), "From: /sessions/s\nName: A B C\n\nx\r\ny");
    }

    #[test]
    fn annotate_leaves_other_messages_and_empty_text_alone() {
        assert_eq!(
            annotate(&json!({"sentFrom":"webapp","peer":{"sourceSessionId":"s"}}), "t", Placement::Prefix),
            "t"
        );
        assert_eq!(annotate(&Value::Null, "t", Placement::Prefix), "t");
        assert_eq!(annotate(&json!({"sentFrom":"peer"}), "", Placement::Prefix), "From: peer (unattributed)");
    }

    #[test]
    fn badge_prefers_stored_name_then_live_title_then_short_id() {
        let m = json!({"sentFrom":"peer","peer":{"sourceSessionId":"3e387783-d48e","sourceName":" hapi  inline "}});
        assert_eq!(badge(&m, Some("Live"), Some(true)).unwrap().label, "@hapi inline");
        let m = json!({"sentFrom":"peer","peer":{"sourceSessionId":"3e387783-d48e"}});
        assert_eq!(badge(&m, Some("Live"), None).unwrap().label, "@Live");
        let b = badge(&m, None, Some(true)).unwrap();
        assert_eq!(b.label, "@3e387783");
        assert_eq!(b.href.as_deref(), Some("/sessions/3e387783-d48e"));
    }

    #[test]
    fn unknown_source_badge_is_peer_and_not_navigable() {
        let b = badge(&json!({"sentFrom":"peer"}), Some("x"), Some(true)).unwrap();
        assert_eq!(
            (b.label.as_str(), b.tooltip.as_str(), b.navigable),
            ("@peer", "From peer (unknown session)", false)
        );
    }

    #[test]
    fn dot_segment_ids_are_never_links() {
        for id in [".", "..", " .. "] {
            let m = json!({"sentFrom": "peer", "peer": {"sourceSessionId": id}});
            let b = badge(&m, None, Some(true)).unwrap();
            assert!(!b.navigable && b.href.is_none(), "{id:?}");
            assert!(b.tooltip.ends_with("This id is not a path segment, so it is not a link"), "{id:?}");
        }
        let m = json!({"sentFrom": "peer", "peer": {"sourceSessionId": "..."}});
        assert_eq!(badge(&m, None, Some(true)).unwrap().href.as_deref(), Some("/sessions/..."));
    }

    #[test]
    fn unlisted_source_is_not_navigable_and_hidden_characters_are_shown() {
        let m = json!({"sentFrom":"peer","peer":{"sourceSessionId":"s","sourceName":"evil\u{202E}gpj.exe"}});
        let b = badge(&m, None, Some(false)).unwrap();
        assert_eq!(b.label, "@evil<U+202E>gpj.exe");
        assert!(!b.navigable && b.href.is_none());
        assert_eq!(badge(&json!({"sentFrom":"webapp"}), None, None).unwrap_err().code, NOT_PEER);
    }

    #[test]
    fn peer_beside_webapp_is_refused_and_dropped() {
        let m = json!({"sentFrom":"webapp","peer":{"sourceSessionId":"s"}});
        let mut r = report(Mode::Lenient);
        check_message_meta(&m, &Pointer::root(), &mut r);
        assert_eq!(codes(&r), vec![META_OUTSIDE_PEER]);
        assert_eq!(normalize(&m, MetaOrigin::Hub, Mode::Lenient), json!({"sentFrom":"webapp"}));
    }

    #[test]
    fn client_written_peer_is_refused_in_strict_mode() {
        let m = json!({"sentFrom":"peer","peer":{"sourceSessionId":"s"}});
        let mut r = report(Mode::Strict);
        check_message_meta(&m, &Pointer::root(), &mut r);
        assert_eq!(codes(&r), vec![CLIENT_SUPPLIED_SOURCE]);
        assert!(r.has_errors());
    }

    #[test]
    fn hub_derived_peer_is_checked_trimmed() {
        let m = json!({"sentFrom":"peer","peer":{"sourceSessionId":"   ","sourceName":"n","extra":1}});
        let mut r = report(Mode::Strict);
        check_message_meta_from(&m, &Pointer::root(), MetaOrigin::Hub, &mut r);
        assert_eq!(codes(&r), vec![fields::BLANK, fields::UNKNOWN]);
        let ok = json!({"sentFrom":"peer","peer":{"sourceSessionId":" s ","extra":1}});
        assert_eq!(
            normalize(&ok, MetaOrigin::Hub, Mode::Strict),
            json!({"sentFrom":"peer","peer":{"sourceSessionId":"s"}})
        );
    }

    #[test]
    fn empty_peer_is_normalised_away() {
        let m = json!({"sentFrom":"peer","peer":{}});
        let mut r = report(Mode::Strict);
        check_message_meta(&m, &Pointer::root(), &mut r);
        assert_eq!(codes(&r), vec![EMPTY_PEER]);
        assert!(!r.has_errors());
        assert_eq!(normalize(&m, MetaOrigin::Client, Mode::Strict), json!({"sentFrom":"peer"}));
    }

    #[test]
    fn delivery_mode_outside_the_vocabulary_is_refused_by_writers() {
        let mut r = report(Mode::Strict);
        check_message_meta(&json!({"sentFrom":"peer","deliveryMode":"later"}), &Pointer::root(), &mut r);
        assert_eq!(codes(&r), vec![crate::vocab::UNKNOWN_VALUE]);
        assert!(r.has_errors());
    }

    #[test]
    fn encode_uri_component_matches_javascript() {
        assert_eq!(encode_uri_component("a b/c?d=é~*"), "a%20b%2Fc%3Fd%3D%C3%A9~*");
    }
}
