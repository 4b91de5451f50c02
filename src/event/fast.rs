//! The fast path of a strict `event_create` check: borrowed, typed
//! deserialisation of the text (no `Value` is built) plus one streaming pass
//! over the raw `payload_json` that counts its compact `JSON.stringify`
//! length.
//!
//! It answers only one question: is the document clean (valid, and not a
//! single diagnostic)? Anything else — an unknown or duplicated key, a
//! `null`, an escape it does not decode, a passthrough key on an artifact
//! ref, a rule that would speak — makes it answer `false`, and the caller
//! runs the full rules, which say exactly what is wrong. A test holds the
//! two paths to the same answer on every golden case.

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize;
use serde::de::{Deserializer, IgnoredAny, Visitor};
use serde_json::value::RawValue;

use crate::jstext::is_js_blank;
use crate::limits::{self, str_len};
use crate::vocab;

/// A string borrowed from the text when it has no escapes.
struct S<'a>(Cow<'a, str>);

impl<'de: 'a, 'a> Deserialize<'de> for S<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for V<'a> {
            type Value = S<'a>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<S<'a>, E> {
                Ok(S(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<S<'a>, E> {
                Ok(S(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E>(self, v: String) -> Result<S<'a>, E> {
                Ok(S(Cow::Owned(v)))
            }
        }
        d.deserialize_str(V(std::marker::PhantomData))
    }
}

impl S<'_> {
    /// Whether the code point length is in `min..=max` (bytes bound code
    /// points from above, which settles most strings without counting).
    fn within(&self, min: usize, max: usize) -> bool {
        let bytes = self.0.len();
        if bytes <= max && (min == 0 || (min == 1 && bytes >= 1)) {
            return true;
        }
        (min..=max).contains(&str_len(&self.0))
    }
}

/// Present means present and of the type: `null` is refused.
fn some<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Create<'a> {
    #[serde(borrow)]
    source_kind: S<'a>,
    #[serde(borrow)]
    source_ref: S<'a>,
    #[serde(borrow, default, deserialize_with = "some")]
    sink_kind: Option<S<'a>>,
    #[serde(borrow, default, deserialize_with = "some")]
    sink_ref: Option<S<'a>>,
    #[serde(borrow)]
    event_type: S<'a>,
    #[serde(borrow, default, deserialize_with = "some")]
    summary: Option<S<'a>>,
    #[serde(borrow, default, deserialize_with = "some")]
    payload_json: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "some")]
    artifact_refs: Option<Vec<Ref<'a>>>,
    #[serde(borrow, default, deserialize_with = "some")]
    tags: Option<Vec<S<'a>>>,
    #[serde(borrow, default, deserialize_with = "some")]
    related_session_id: Option<S<'a>>,
    #[serde(borrow, default, deserialize_with = "some")]
    related_event_id: Option<S<'a>>,
    #[serde(borrow, default, deserialize_with = "some")]
    provenance: Option<S<'a>>,
    #[serde(borrow, default, deserialize_with = "some")]
    idempotency_key: Option<S<'a>>,
    #[serde(borrow, default, deserialize_with = "some")]
    dedupe_key: Option<S<'a>>,
    #[serde(default, deserialize_with = "some")]
    #[expect(dead_code, reason = "read only to check its type")]
    confidence: Option<f64>,
    #[serde(borrow, default, deserialize_with = "some")]
    severity: Option<S<'a>>,
    #[serde(default, deserialize_with = "some")]
    expires_at: Option<f64>,
    #[serde(borrow)]
    principal: Principal<'a>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Principal<'a> {
    #[serde(borrow)]
    kind: S<'a>,
    #[serde(borrow)]
    id: S<'a>,
    #[serde(borrow, default, deserialize_with = "some")]
    on_behalf_of: Option<S<'a>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Ref<'a> {
    #[serde(borrow)]
    kind: S<'a>,
    #[serde(borrow, default, deserialize_with = "some")]
    url: Option<S<'a>>,
    #[serde(borrow, default, rename = "ref")]
    reference: Option<S<'a>>,
    #[serde(borrow, default, deserialize_with = "some")]
    title: Option<S<'a>>,
    #[serde(borrow, default, deserialize_with = "some")]
    source: Option<S<'a>>,
    #[serde(default, deserialize_with = "some")]
    #[expect(dead_code, reason = "read only to check its type")]
    created_at: Option<f64>,
}

#[derive(Deserialize)]
struct Handoff<'a> {
    #[serde(borrow)]
    intent: S<'a>,
    #[serde(borrow)]
    instructions: S<'a>,
    #[serde(borrow)]
    constraints: Vec<S<'a>>,
    #[serde(default, deserialize_with = "some")]
    #[expect(dead_code, reason = "read only to check its type")]
    notify_source: Option<bool>,
    #[serde(borrow, default, deserialize_with = "some")]
    delivery_state: Option<S<'a>>,
    #[serde(borrow)]
    confirmation: Confirmation<'a>,
}

#[derive(Deserialize)]
struct Confirmation<'a> {
    #[serde(borrow)]
    principal: Principal<'a>,
    #[serde(borrow)]
    source: S<'a>,
    #[serde(borrow, default, deserialize_with = "some")]
    granting_event_id: Option<S<'a>>,
}

/// Inline output keys, caught so a clean answer never hides one.
#[derive(Deserialize, Default)]
struct Inline {
    #[serde(default)]
    output: Option<IgnoredAny>,
    #[serde(default)]
    stdout: Option<IgnoredAny>,
    #[serde(default)]
    stderr: Option<IgnoredAny>,
    #[serde(default)]
    log: Option<IgnoredAny>,
    #[serde(default)]
    logs: Option<IgnoredAny>,
    #[serde(default)]
    output_text: Option<IgnoredAny>,
    #[serde(default)]
    combined_output: Option<IgnoredAny>,
    #[serde(default)]
    transcript: Option<IgnoredAny>,
}

impl Inline {
    fn any(&self) -> bool {
        self.output.is_some()
            || self.stdout.is_some()
            || self.stderr.is_some()
            || self.log.is_some()
            || self.logs.is_some()
            || self.output_text.is_some()
            || self.combined_output.is_some()
            || self.transcript.is_some()
    }
}

#[derive(Deserialize)]
struct Receipt<'a> {
    #[serde(borrow)]
    status: S<'a>,
    #[serde(borrow, default, deserialize_with = "some")]
    #[expect(dead_code, reason = "read only to check its type")]
    notes: Option<S<'a>>,
    #[serde(borrow, default, deserialize_with = "some")]
    checks: Option<Vec<Check<'a>>>,
    #[serde(flatten)]
    inline: Inline,
}

#[derive(Deserialize)]
struct Check<'a> {
    #[serde(borrow)]
    command: S<'a>,
    exit_code: f64,
    passed: bool,
    #[serde(default, deserialize_with = "some")]
    started_at: Option<f64>,
    #[serde(default, deserialize_with = "some")]
    completed_at: Option<f64>,
    #[serde(borrow, default, deserialize_with = "some")]
    output_ref: Option<Ref<'a>>,
    #[serde(flatten)]
    inline: Inline,
}

/// Whether `text` is a strict `event_create` the full rules would accept
/// without a single diagnostic. `false` means "run the full rules".
pub fn is_clean(text: &str, http_writer: bool) -> bool {
    let Ok(c) = serde_json::from_str::<Create<'_>>(text) else { return false };
    clean(&c, http_writer)
}

fn clean(c: &Create<'_>, http_writer: bool) -> bool {
    use super::str_bounds as b;
    use crate::limits::MAX_TAG;
    // Every string field's bounds come from the one field list, at compile time.
    let opt = |s: &Option<S<'_>>, (min, max): (usize, usize)| s.as_ref().is_none_or(|s| s.within(min, max));
    let req = |s: &S<'_>, (min, max): (usize, usize)| s.within(min, max);
    let fields_ok = req(&c.source_kind, const { b("source_kind") })
        && req(&c.source_ref, const { b("source_ref") })
        && opt(&c.sink_kind, const { b("sink_kind") })
        && opt(&c.sink_ref, const { b("sink_ref") })
        && req(&c.event_type, const { b("event_type") })
        && opt(&c.summary, const { b("summary") })
        && opt(&c.related_session_id, const { b("related_session_id") })
        && opt(&c.related_event_id, const { b("related_event_id") })
        && opt(&c.provenance, const { b("provenance") })
        && opt(&c.idempotency_key, const { b("idempotency_key") })
        && opt(&c.dedupe_key, const { b("dedupe_key") })
        && opt(&c.severity, const { b("severity") })
        && c.tags
            .as_ref()
            .is_none_or(|t| t.len() <= limits::MAX_TAGS && t.iter().all(|s| s.within(0, MAX_TAG)))
        && c.artifact_refs
            .as_ref()
            .is_none_or(|r| r.len() <= limits::MAX_ARTIFACT_REFS && r.iter().all(ref_ok))
        && principal_ok(&c.principal);
    if !fields_ok {
        return false;
    }
    let provenance = c.provenance.as_ref().map(|p| p.0.as_ref());
    let notify = provenance == Some(super::NOTIFY_PROVENANCE);
    if http_writer && notify {
        return false;
    }
    let work_ad = c.event_type.0 == "work_ad";
    let mut fields = Vec::new();
    if let Some(p) = c.payload_json {
        let nest = crate::json::MAX_DEPTH - 1;
        let len = scan_fields(p.get(), nest, if work_ad { Some(&mut fields) } else { None });
        if len.is_none_or(|n| n > limits::MAX_PAYLOAD_JSON_BYTES) {
            return false;
        }
    }
    let payload = c.payload_json.map(RawValue::get).filter(|p| *p != "null");
    // An HTTP writer's confirmation outside a handoff is refused: a text
    // naming the key anywhere goes to the full rules.
    let handoff = c.event_type.0 == "handoff";
    if http_writer && !handoff && payload.is_some_and(|p| p.contains("\"confirmation\"")) {
        return false;
    }
    match c.event_type.0.as_ref() {
        "work_ad" => {
            payload.is_some_and(|p| p.starts_with('{'))
                && work_ad_ok(&fields)
                && !(notify && c.expires_at.is_none())
        }
        "handoff" => {
            let Some(Ok(h)) = payload.map(serde_json::from_str::<Handoff<'_>>) else { return false };
            c.sink_ref.is_some()
                && handoff_ok(&h)
                && !(http_writer && h.delivery_state.as_ref().is_some_and(|d| d.0 != "queued"))
        }
        "handoff_receipt" => {
            let Some(Ok(r)) = payload.map(serde_json::from_str::<Receipt<'_>>) else { return false };
            c.related_event_id.is_some() && receipt_ok(&r)
        }
        _ => true,
    }
}

/// The typed rules of a work_ad payload, read from its raw top-level fields.
fn work_ad_ok(fields: &[(&str, &str)]) -> bool {
    let get = |k: &str| fields.iter().find(|(key, _)| *key == k).map(|(_, v)| *v);
    let status =
        get("status").and_then(|v| v.strip_prefix('"')?.strip_suffix('"')).filter(|s| !s.contains('\\'));
    let Some(status) = status else { return false };
    status != "stale"
        && vocab::WORK_AD_STATUS.contains(status)
        && ["project", "action", "agent"]
            .iter()
            .all(|k| get(k).is_none_or(|v| v == "null" || v.starts_with('"')))
        && get("confidence").is_none_or(|v| v.starts_with(|c: char| c == '-' || c.is_ascii_digit()))
}

fn ref_ok(r: &Ref<'_>) -> bool {
    use crate::limits::{MAX_KIND, MAX_STRING, MAX_TITLE};
    let opt = |s: &Option<S<'_>>, max| s.as_ref().is_none_or(|s| s.within(0, max));
    r.kind.within(1, MAX_KIND)
        && opt(&r.url, MAX_STRING)
        && opt(&r.reference, MAX_STRING)
        && opt(&r.title, MAX_TITLE)
        && opt(&r.source, MAX_KIND)
}

fn principal_ok(p: &Principal<'_>) -> bool {
    if !p.id.within(1, limits::MAX_ID) || is_js_blank(&p.id.0) {
        return false;
    }
    match p.kind.0.as_ref() {
        "human" => p.on_behalf_of.is_none(),
        "agent" | "service" => {
            p.on_behalf_of.as_ref().is_some_and(|o| o.within(1, limits::MAX_ID) && !is_js_blank(&o.0))
        }
        _ => false,
    }
}

fn handoff_ok(h: &Handoff<'_>) -> bool {
    let c = &h.confirmation;
    let source = c.source.0.as_ref();
    !is_js_blank(&h.intent.0)
        && !is_js_blank(&h.instructions.0)
        && h.constraints.iter().all(|s| !is_js_blank(&s.0))
        && h.delivery_state.as_ref().is_none_or(|d| vocab::DELIVERY_STATE.contains(&d.0))
        && principal_ok(&c.principal)
        && c.granting_event_id.as_ref().is_none_or(|g| g.within(1, limits::MAX_ID))
        && match source {
            "delegated_authority" => c.granting_event_id.is_some(),
            "human_approved_peer_tool" => c.principal.kind.0 == "human",
            _ => false,
        }
}

fn receipt_ok(r: &Receipt<'_>) -> bool {
    vocab::RECEIPT_STATUS.contains(&r.status.0)
        && !r.inline.any()
        && r.checks.as_ref().is_none_or(|checks| {
            checks.iter().all(|k| {
                k.exit_code.fract() == 0.0
                    && k.passed == (k.exit_code == 0.0)
                    && !is_js_blank(&k.command.0)
                    && !k.inline.any()
                    && k.output_ref.as_ref().is_none_or(ref_ok)
                    && match (k.started_at, k.completed_at) {
                        (Some(s), Some(e)) => s <= e,
                        _ => true,
                    }
            })
        })
}

/// One pass over JSON text that needs no allocation per key: the compact
/// `JSON.stringify` length, or `None` when the text holds a duplicated or
/// escaped key, a surrogate escape, a number beyond f64, more than
/// `max_nest` open containers, or is not JSON this scan understands. `Some`
/// on text that `serde_json` then parses means the crate's own parser would
/// find nothing to report and build the same value.
pub fn scan(raw: &str, max_nest: usize) -> Option<usize> {
    scan_fields(raw, max_nest, None)
}

/// The top-level `(key, raw value)` pairs of an object.
type Fields<'r> = Vec<(&'r str, &'r str)>;

/// [`scan`], also recording the top-level `(key, raw value)` pairs of an
/// object into `fields` (keys are unescaped by construction: an escaped key
/// ends the scan).
fn scan_fields<'r>(raw: &'r str, max_nest: usize, mut fields: Option<&mut Fields<'r>>) -> Option<usize> {
    let b = raw.as_bytes();
    let mut i = 0;
    let mut len = 0usize;
    // Open containers: `Some(start)` for an object (index into `keys`), `None` for an array.
    let mut open: Vec<Option<usize>> = Vec::new();
    let mut keys: Vec<&str> = Vec::new();
    let mut expect_key = false;
    let (mut key, mut value_start, mut await_value) = (None::<&str>, None::<usize>, false);
    let mut flush = |key: &mut Option<&'r str>, start: &mut Option<usize>, end: usize| {
        if let (Some(f), Some(k), Some(s)) = (fields.as_deref_mut(), key.take(), start.take()) {
            f.push((k, raw.get(s..end).unwrap_or("").trim_end()));
        }
    };
    while let Some(&c) = b.get(i) {
        if await_value && !matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
            value_start = Some(i);
            await_value = false;
        }
        match c {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            b'{' => {
                open.push(Some(keys.len()));
                if open.len() > max_nest {
                    return None;
                }
                expect_key = true;
                len += 1;
                i += 1;
            }
            b'[' => {
                open.push(None);
                if open.len() > max_nest {
                    return None;
                }
                len += 1;
                i += 1;
            }
            b'}' => {
                if open.len() == 1 {
                    flush(&mut key, &mut value_start, i);
                }
                if let Some(Some(start)) = open.pop() {
                    let own = keys.get_mut(start..)?;
                    if own.len() > 1 {
                        own.sort_unstable();
                        if own.windows(2).any(|w| w.first() == w.get(1)) {
                            return None;
                        }
                    }
                    keys.truncate(start);
                }
                expect_key = false;
                len += 1;
                i += 1;
            }
            b']' => {
                open.pop();
                len += 1;
                i += 1;
            }
            b':' => {
                await_value = open.len() == 1;
                len += 1;
                i += 1;
            }
            b',' => {
                if open.len() == 1 {
                    flush(&mut key, &mut value_start, i);
                }
                expect_key = matches!(open.last(), Some(Some(_)));
                len += 1;
                i += 1;
            }
            b'"' => {
                let (n, end, escaped) = js_string_len(b, i)?;
                if expect_key {
                    if escaped {
                        return None;
                    }
                    let k = raw.get(i + 1..end - 1)?;
                    keys.push(k);
                    if open.len() == 1 {
                        key = Some(k);
                    }
                    expect_key = false;
                }
                len += n;
                i = end;
            }
            b't' | b'n' => {
                len += 4;
                i += 4;
            }
            b'f' => {
                len += 5;
                i += 5;
            }
            _ => {
                let start = i;
                while b.get(i).is_some_and(|c| matches!(c, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E')) {
                    i += 1;
                }
                let token = raw.get(start..i)?;
                len += number_len(token)?;
                if i == start {
                    return None;
                }
            }
        }
    }
    Some(len)
}

/// The `JSON.stringify` length of the number written as `token`.
fn number_len(token: &str) -> Option<usize> {
    let digits = token.strip_prefix('-').unwrap_or(token);
    if digits.len() <= 15 && digits.bytes().all(|c| c.is_ascii_digit()) && !digits.starts_with('0') {
        return Some(token.len());
    }
    let x: f64 = token.parse().ok()?;
    if !x.is_finite() {
        return None;
    }
    Some(limits::js_number(x).len())
}

/// `(printed length, index after the closing quote, had escapes)` of the
/// string starting at `b[start] == '"'`.
fn js_string_len(b: &[u8], start: usize) -> Option<(usize, usize, bool)> {
    let mut i = start + 1;
    let mut n = 2;
    let mut escaped = false;
    loop {
        let c = *b.get(i)?;
        match c {
            b'"' => return Some((n, i + 1, escaped)),
            b'\\' => {
                escaped = true;
                let e = *b.get(i + 1)?;
                i += 2;
                n += match e {
                    b'"' | b'\\' | b'b' | b'f' | b'n' | b'r' | b't' => 2,
                    b'/' => 1,
                    b'u' => {
                        let hex = std::str::from_utf8(b.get(i..i + 4)?).ok()?;
                        let unit = u32::from_str_radix(hex, 16).ok()?;
                        i += 4;
                        match unit {
                            0xD800..=0xDFFF => return None,
                            0x08 | 0x09 | 0x0A | 0x0C | 0x0D | 0x22 | 0x5C => 2,
                            0x00..=0x1F => 6,
                            0x20..=0x7F => 1,
                            0x80..=0x7FF => 2,
                            _ => 3,
                        }
                    }
                    _ => return None,
                };
            }
            _ => {
                // Every other byte prints as itself: skip to the next quote
                // or backslash in one go.
                let rest = b.get(i..)?;
                let step = rest.iter().position(|&c| c == b'"' || c == b'\\').unwrap_or(rest.len());
                n += step;
                i += step;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    #[test]
    fn streamed_length_matches_the_printed_text() {
        let texts = [
            r#"{"a": [1.0, -0, 1e21, 1E-7, 100, "x\"\\\n\u0001é😀\u00e9\/", null, true, false], "b": {}}"#,
            r#"[ 123456789012345678, 0.1, -2.5e30, "\u2028" ]"#,
            r#""plain""#,
        ];
        for t in texts {
            let v: Value = serde_json::from_str(t).unwrap();
            assert_eq!(scan(t, 63), Some(limits::js_json_len(&v)), "{t}");
        }
    }

    #[test]
    fn top_level_fields_are_recorded_raw() {
        let mut f = Vec::new();
        let t = r#"{ "status" : "done" , "n":{"a":[1,2]},"project":null }"#;
        assert!(scan_fields(t, 8, Some(&mut f)).is_some());
        assert_eq!(f, vec![("status", "\"done\""), ("n", r#"{"a":[1,2]}"#), ("project", "null")]);
        assert!(work_ad_ok(&f));
    }

    #[test]
    fn duplicate_keys_and_surrogates_need_the_full_path() {
        assert_eq!(scan(r#"{"a":1,"b":{"a":1},"a":2}"#, 63), None);
        assert_eq!(scan(r#"{"a":"\ud83d\ude00"}"#, 63), None);
        assert!(scan(r#"{"a":1,"b":{"a":1}}"#, 63).is_some());
    }

    #[test]
    fn clean_documents_pass_and_anything_said_does_not() {
        let base = json!({"source_kind":"session","source_ref":"s","event_type":"note","principal":{"kind":"human","id":"1"}});
        assert!(is_clean(&base.to_string(), false));
        let mut v = base.clone();
        v["sink_kind"] = Value::Null;
        assert!(!is_clean(&v.to_string(), false));
        let mut v = base;
        v["colour"] = json!("blue");
        assert!(!is_clean(&v.to_string(), false));
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use super::*;
    use proptest::prelude::*;
    use serde_json::Value;

    fn json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<f64>().prop_filter("finite", |x| x.is_finite()).prop_map(Value::from),
            "\\PC{0,12}".prop_map(Value::String),
            "[\\x00-\\x1f\"\\\\é😀a]{0,6}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 32, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                prop::collection::btree_map("[a-z]{0,3}", inner, 0..6)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn streamed_length_equals_the_printed_length(v in json()) {
            let compact = serde_json::to_string(&v).unwrap();
            let pretty = serde_json::to_string_pretty(&v).unwrap();
            prop_assert_eq!(scan(&compact, 64), Some(limits::js_json_len(&v)));
            prop_assert_eq!(scan(&pretty, 64), Some(limits::js_json_len(&v)));
        }
    }

    #[test]
    fn the_fast_path_reads_exactly_the_listed_fields() {
        // serde names every field it knows when it meets an unknown one.
        let Err(e) = serde_json::from_str::<Create<'_>>(r#"{"not a field":1}"#) else { panic!("read") };
        let message = e.to_string();
        let (_, known) = message.split_once("expected one of ").unwrap();
        let known = known.split(" at line").next().unwrap();
        let mut fast: Vec<&str> = known.split(", ").map(|n| n.trim_matches('`')).collect();
        let mut listed = crate::event::field_names(crate::event::Shape::Create);
        fast.sort_unstable();
        listed.sort_unstable();
        assert_eq!(fast, listed);
    }
}
