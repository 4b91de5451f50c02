//! Reading stored rows leniently: the fields the fold indexes, taken from a
//! row that is kept verbatim.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use serde_json::{Map, Value};

use super::{
    MALFORMED_EVENT, MALFORMED_FIELD, MALFORMED_LINK, UNKNOWN_EVENT_TYPE, UNKNOWN_RELATION, UNKNOWN_STATUS,
};
use crate::diagnostic::{Diagnostic, quote};
use crate::pointer::Pointer;
use crate::vocab;

/// A fast, deterministic hasher for the fold's indexes (ids are hub-issued,
/// and no answer ever depends on hash order).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(K);
        }
        for &b in chunks.remainder() {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(K);
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A hash map with [`FoldHasher`].
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FoldHasher>>;

/// An interned string (namespaces, session ids, event types).
pub(crate) type Sym = u32;

/// The string interner: one copy of each namespace, session id and type.
#[derive(Debug, Default)]
pub(crate) struct Syms {
    map: FastMap<Box<str>, Sym>,
    names: Vec<Box<str>>,
}

impl Syms {
    pub(crate) fn intern(&mut self, s: &str) -> Sym {
        if let Some(&sym) = self.map.get(s) {
            return sym;
        }
        let sym = Sym::try_from(self.names.len()).unwrap_or(Sym::MAX);
        self.names.push(s.into());
        self.map.insert(s.into(), sym);
        sym
    }

    pub(crate) fn get(&self, s: &str) -> Option<Sym> {
        self.map.get(s).copied()
    }

    pub(crate) fn name(&self, sym: Sym) -> &str {
        self.names.get(sym as usize).map_or("", |s| s)
    }
}

/// What the fold knows an event to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Handoff,
    Receipt,
    WorkAd,
    Other,
}

/// The relation types with typed rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Rel {
    Resolves,
    BlockedBy,
    Retries,
    Supersedes,
    Follows,
    Other,
}

/// An event row and its indexed fields.
#[derive(Debug)]
pub(crate) struct Event {
    pub(crate) pos: u32,
    pub(crate) row: Value,
    pub(crate) id: Box<str>,
    pub(crate) ns: Sym,
    pub(crate) ts: f64,
    pub(crate) kind: Kind,
    pub(crate) source: Option<Sym>,
    pub(crate) sink: Option<Sym>,
    pub(crate) related_session: Option<Sym>,
    pub(crate) related_event: Option<Box<str>>,
    pub(crate) expires_at: Option<f64>,
    pub(crate) idempotency_key: Option<Box<str>>,
}

impl Event {
    pub(crate) fn pointer(&self) -> Pointer {
        Pointer::root().key("events").index(self.pos as usize)
    }

    pub(crate) fn field(&self, key: &str) -> Option<&Value> {
        self.row.get(key)
    }

    pub(crate) fn str_field(&self, key: &str) -> Option<&str> {
        self.row.get(key).and_then(Value::as_str)
    }

    pub(crate) fn payload(&self, key: &str) -> Option<&Value> {
        self.row.get("payloadJson").and_then(|p| p.get(key))
    }

    pub(crate) fn payload_str(&self, key: &str) -> Option<&str> {
        self.payload(key).and_then(Value::as_str)
    }

    /// The project: payload `project`, else the first `project:` tag (in
    /// tag order, as written).
    pub(crate) fn project(&self) -> Option<&str> {
        if let Some(p) = self.payload_str("project").filter(|p| !p.is_empty()) {
            return Some(p);
        }
        self.row
            .get("tags")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .find_map(|t| t.strip_prefix("project:").filter(|p| !p.is_empty()))
    }

    /// The session a work ad speaks for: `relatedSessionId`, else a session
    /// source.
    pub(crate) fn ad_session(&self) -> Option<Sym> {
        self.related_session.or(self.source)
    }
}

/// A link row and its indexed fields.
#[derive(Debug)]
pub(crate) struct Link {
    pub(crate) pos: u32,
    pub(crate) row: Value,
    pub(crate) id: Box<str>,
    pub(crate) ns: Sym,
    pub(crate) from: Box<str>,
    pub(crate) to: Box<str>,
    pub(crate) rel: Rel,
    pub(crate) relation: Sym,
}

impl Link {
    pub(crate) fn pointer(&self) -> Pointer {
        Pointer::root().key("links").index(self.pos as usize)
    }
}

type Found = Vec<(Option<Sym>, Diagnostic)>;

const EVENT_STRINGS: &[&str] = &[
    "sourceKind",
    "sourceRef",
    "sinkKind",
    "sinkRef",
    "eventType",
    "summary",
    "relatedSessionId",
    "relatedEventId",
    "provenance",
    "idempotencyKey",
    "dedupeKey",
    "severity",
    "namespace",
];
const EVENT_NUMBERS: &[&str] = &["ts", "confidence", "expiresAt"];
const EVENT_ARRAYS: &[&str] = &["artifactRefs", "tags"];

/// Reads an event row; `None` (with a diagnostic) when it has no usable id.
pub(crate) fn read_event(row: Value, pos: usize, syms: &mut Syms, found: &mut Found) -> Option<Event> {
    let at = Pointer::root().key("events").index(pos);
    let Some(obj) = row.as_object() else {
        found.push((None, Diagnostic::error(MALFORMED_EVENT, &at, "an event row must be an object")));
        return None;
    };
    let ns = obj.get("namespace").and_then(Value::as_str).map(|n| syms.intern(n));
    let Some(id) = obj.get("id").and_then(Value::as_str).filter(|s| !s.is_empty()) else {
        found.push((
            ns,
            Diagnostic::error(MALFORMED_EVENT, &at.key("id"), "an event row needs a non-empty string `id`"),
        ));
        return None;
    };
    check_types(obj, &at, EVENT_STRINGS, EVENT_NUMBERS, EVENT_ARRAYS, found);
    if obj.get("principal").is_some_and(|p| !p.is_object() && !p.is_null()) {
        found.push((None, wrong_type(&at, "principal", "an object")));
    }
    let ns = ns.unwrap_or_else(|| {
        found.push((None, missing(&at, "namespace")));
        syms.intern("")
    });
    let text = |k: &str| obj.get(k).and_then(Value::as_str);
    let number = |k: &str| obj.get(k).and_then(Value::as_f64);
    let ts = number("ts").unwrap_or_else(|| {
        if obj.get("ts").is_none() {
            found.push((None, missing(&at, "ts")));
        }
        0.0
    });
    let event_type = text("eventType").unwrap_or("");
    let kind = match event_type {
        "handoff" => Kind::Handoff,
        "handoff_receipt" => Kind::Receipt,
        "work_ad" => Kind::WorkAd,
        other => {
            found.push((
                None,
                Diagnostic::info(
                    UNKNOWN_EVENT_TYPE,
                    &at.key("eventType"),
                    format!("event type {} has no typed rules in v1; the event is kept as is", quote(other)),
                ),
            ));
            Kind::Other
        }
    };
    let session = |kind_key: &str, ref_key: &str, syms: &mut Syms| {
        let is_session = text(kind_key).is_none_or(|k| k == "session");
        text(ref_key).filter(|r| is_session && !r.is_empty()).map(|r| syms.intern(r))
    };
    let source = session("sourceKind", "sourceRef", syms);
    let sink = session("sinkKind", "sinkRef", syms);
    let related_session = text("relatedSessionId").filter(|s| !s.is_empty()).map(|s| syms.intern(s));
    check_payload_status(obj, kind, &at, found);
    let event = Event {
        pos: u32::try_from(pos).unwrap_or(u32::MAX),
        id: id.into(),
        ns,
        ts,
        kind,
        source,
        sink,
        related_session,
        related_event: text("relatedEventId").filter(|s| !s.is_empty()).map(Into::into),
        expires_at: number("expiresAt"),
        idempotency_key: text("idempotencyKey").filter(|s| !s.is_empty()).map(Into::into),
        row: Value::Null,
    };
    Some(Event { row, ..event })
}

fn check_payload_status(obj: &Map<String, Value>, kind: Kind, at: &Pointer, found: &mut Found) {
    let (key, vocabulary) = match kind {
        Kind::Handoff => ("delivery_state", &vocab::DELIVERY_STATE),
        Kind::Receipt => ("status", &vocab::RECEIPT_STATUS),
        Kind::WorkAd => ("status", &vocab::WORK_AD_STATUS),
        Kind::Other => return,
    };
    let Some(value) = obj.get("payloadJson").and_then(|p| p.get(key)).filter(|v| !v.is_null()) else {
        return;
    };
    let at = at.key("payloadJson").key(key);
    match value.as_str() {
        Some(s) if vocabulary.contains(s) => {}
        Some(s) => found.push((
            None,
            Diagnostic::info(
                UNKNOWN_STATUS,
                &at,
                format!("{} {} is outside v1; it is kept and never terminal", vocabulary.name, quote(s)),
            ),
        )),
        None => found.push((None, wrong_type_at(&at, key, "a string"))),
    }
}

/// Reads a link row; `None` (with a diagnostic) when it cannot be followed.
pub(crate) fn read_link(row: Value, pos: usize, syms: &mut Syms, found: &mut Found) -> Option<Link> {
    let at = Pointer::root().key("links").index(pos);
    let Some(obj) = row.as_object() else {
        found.push((None, Diagnostic::error(MALFORMED_LINK, &at, "a link row must be an object")));
        return None;
    };
    let ns = obj.get("namespace").and_then(Value::as_str).map(|n| syms.intern(n));
    check_types(obj, &at, &["id", "namespace"], &["createdAt"], &[], found);
    let mut text = |k: &str| {
        let v = obj.get(k).and_then(Value::as_str).filter(|s| !s.is_empty());
        if v.is_none() {
            found.push((
                ns,
                Diagnostic::error(
                    MALFORMED_LINK,
                    &at.key(k),
                    format!("a link row needs a non-empty string `{k}`; the link is not followed"),
                ),
            ));
        }
        v
    };
    let (from, to, relation) = (text("fromEventId"), text("toEventId"), text("relationType"));
    let (Some(from), Some(to), Some(relation)) = (from, to, relation) else { return None };
    let ns = ns.unwrap_or_else(|| {
        found.push((None, missing(&at, "namespace")));
        syms.intern("")
    });
    let rel = match relation {
        "resolves" => Rel::Resolves,
        "blocked_by" => Rel::BlockedBy,
        "retries" => Rel::Retries,
        "supersedes" => Rel::Supersedes,
        "follows" => Rel::Follows,
        other => {
            found.push((
                None,
                Diagnostic::info(
                    UNKNOWN_RELATION,
                    &at.key("relationType"),
                    format!(
                        "relation type {} has no typed rules in v1; the link is kept as is",
                        quote(other)
                    ),
                ),
            ));
            Rel::Other
        }
    };
    let link = Link {
        pos: u32::try_from(pos).unwrap_or(u32::MAX),
        id: obj.get("id").and_then(Value::as_str).unwrap_or("").into(),
        ns,
        from: from.into(),
        to: to.into(),
        rel,
        relation: syms.intern(relation),
        row: Value::Null,
    };
    Some(Link { row, ..link })
}

fn check_types(
    obj: &Map<String, Value>,
    at: &Pointer,
    strings: &[&str],
    numbers: &[&str],
    arrays: &[&str],
    found: &mut Found,
) {
    type Group<'a> = (&'a [&'a str], fn(&Value) -> bool, &'a str);
    let groups: [Group; 3] = [
        (strings, Value::is_string, "a string"),
        (numbers, Value::is_number, "a number"),
        (arrays, Value::is_array, "an array"),
    ];
    for (keys, ok, what) in groups {
        for key in keys {
            if let Some(v) = obj.get(*key)
                && !v.is_null()
                && !ok(v)
            {
                found.push((None, wrong_type(at, key, what)));
            }
        }
    }
}

fn wrong_type(at: &Pointer, key: &str, what: &str) -> Diagnostic {
    wrong_type_at(&at.key(key), key, what)
}

fn wrong_type_at(at: &Pointer, key: &str, what: &str) -> Diagnostic {
    Diagnostic::warning(MALFORMED_FIELD, at, format!("`{key}` should be {what}; it is read as absent"))
}

fn missing(at: &Pointer, key: &str) -> Diagnostic {
    let what = if key == "ts" { "it sorts as 0" } else { "the row belongs to the namespace `\"\"`" };
    Diagnostic::warning(MALFORMED_FIELD, &at.key(key), format!("the row has no `{key}`; {what}"))
}
