//! Reading stored rows leniently: the fields the fold indexes, taken from a
//! row that is kept verbatim.

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::scan;
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
        // The multiply mixes upwards only: fold the high half into the low
        // bits the table indexes by.
        self.0 ^ (self.0 >> 32)
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

    /// How many strings are interned (every symbol is below it).
    pub(crate) fn len(&self) -> usize {
        self.names.len()
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

/// A row as kept: parsed JSON, or the raw text it came in (borrowed from
/// the caller's input, so the fold never holds a second copy of it).
#[derive(Debug)]
pub(crate) enum Body<'a> {
    Parsed(Box<Value>),
    Raw(&'a RawValue),
}

impl Body<'_> {
    /// The row as a value (raw rows are parsed on demand, for the few rows a
    /// view shows; text that is not one JSON value reads as `null`).
    pub(crate) fn value(&self) -> Cow<'_, Value> {
        match self {
            Body::Parsed(v) => Cow::Borrowed(v),
            Body::Raw(r) => Cow::Owned(serde_json::from_str(r.get()).unwrap_or(Value::Null)),
        }
    }
}

/// An event row and its indexed fields.
#[derive(Debug)]
pub(crate) struct Event<'a> {
    pub(crate) pos: u32,
    pub(crate) body: Body<'a>,
    pub(crate) id: Cow<'a, str>,
    pub(crate) ns: Sym,
    pub(crate) ts: f64,
    pub(crate) kind: Kind,
    pub(crate) event_type: Sym,
    pub(crate) source: Option<Sym>,
    pub(crate) sink: Option<Sym>,
    pub(crate) related_session: Option<Sym>,
    pub(crate) related_event: Option<Cow<'a, str>>,
    pub(crate) expires_at: Option<f64>,
    pub(crate) idempotency_key: Option<Cow<'a, str>>,
    /// `payloadJson.status` (receipts and ads) or `delivery_state` (handoffs).
    pub(crate) status: Option<Sym>,
    /// Payload `project`, else the first non-empty `project:` tag.
    pub(crate) project: Option<Sym>,
}

impl Event<'_> {
    pub(crate) fn pointer(&self) -> Pointer {
        Pointer::root().key("events").index(self.pos as usize)
    }

    /// The full row, owned (what views return).
    pub(crate) fn to_value(&self) -> Value {
        self.body.value().into_owned()
    }

    /// The session a work ad speaks for: `relatedSessionId`, else a session
    /// source.
    pub(crate) fn ad_session(&self) -> Option<Sym> {
        self.related_session.or(self.source)
    }
}

/// A link row and its indexed fields.
#[derive(Debug)]
pub(crate) struct Link<'a> {
    pub(crate) pos: u32,
    pub(crate) body: Body<'a>,
    pub(crate) id: Cow<'a, str>,
    pub(crate) ns: Sym,
    pub(crate) from: Cow<'a, str>,
    pub(crate) to: Cow<'a, str>,
    pub(crate) rel: Rel,
    pub(crate) relation: Sym,
}

impl Link<'_> {
    pub(crate) fn pointer(&self) -> Pointer {
        Pointer::root().key("links").index(self.pos as usize)
    }
}

/// One field of a row, read from parsed JSON or from raw text.
#[derive(Clone, Copy, Debug)]
enum Field<'v> {
    Parsed(&'v Value),
    Raw(&'v str),
}

impl<'v> Field<'v> {
    fn of_value(v: Option<&'v Value>) -> Option<Self> {
        v.filter(|v| !v.is_null()).map(Field::Parsed)
    }

    /// A raw value's text; `null` reads as absent.
    fn of_raw(v: &'v str) -> Option<Self> {
        (v != "null").then_some(Field::Raw(v))
    }

    fn first_byte(&self) -> u8 {
        match self {
            Field::Parsed(Value::String(_)) => b'"',
            Field::Parsed(Value::Number(_)) => b'0',
            Field::Parsed(Value::Array(_)) => b'[',
            Field::Parsed(Value::Object(_)) => b'{',
            Field::Parsed(Value::Bool(_)) => b't',
            Field::Parsed(Value::Null) => b'n',
            Field::Raw(r) => r.bytes().next().unwrap_or(b'n'),
        }
    }

    fn is(&self, want: Want) -> bool {
        let b = self.first_byte();
        match want {
            Want::String => b == b'"',
            Want::Number => b == b'-' || b.is_ascii_digit(),
            Want::Array => b == b'[',
            Want::Object => b == b'{',
        }
    }

    fn str(&self) -> Option<Cow<'v, str>> {
        match self {
            Field::Parsed(v) => v.as_str().map(Cow::Borrowed),
            Field::Raw(r) => scan::string(r),
        }
    }

    fn f64(&self) -> Option<f64> {
        match self {
            Field::Parsed(v) => v.as_f64(),
            Field::Raw(r) if self.is(Want::Number) => {
                serde_json::from_str::<f64>(r).ok().filter(|x| x.is_finite())
            }
            Field::Raw(_) => None,
        }
    }

    /// The strings of an array field (other items skipped).
    fn strings(&self) -> Vec<Cow<'v, str>> {
        match self {
            Field::Parsed(v) => {
                v.as_array().into_iter().flatten().filter_map(Value::as_str).map(Cow::Borrowed).collect()
            }
            Field::Raw(r) => {
                scan::items(r).unwrap_or_default().into_iter().filter_map(scan::string).collect()
            }
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Want {
    String,
    Number,
    Array,
    Object,
}

/// The fields of an event row the fold reads.
#[derive(Default)]
struct EventFields<'v> {
    id: Option<Field<'v>>,
    ts: Option<Field<'v>>,
    namespace: Option<Field<'v>>,
    event_type: Option<Field<'v>>,
    source_kind: Option<Field<'v>>,
    source_ref: Option<Field<'v>>,
    sink_kind: Option<Field<'v>>,
    sink_ref: Option<Field<'v>>,
    summary: Option<Field<'v>>,
    related_session_id: Option<Field<'v>>,
    related_event_id: Option<Field<'v>>,
    provenance: Option<Field<'v>>,
    idempotency_key: Option<Field<'v>>,
    dedupe_key: Option<Field<'v>>,
    severity: Option<Field<'v>>,
    confidence: Option<Field<'v>>,
    expires_at: Option<Field<'v>>,
    artifact_refs: Option<Field<'v>>,
    tags: Option<Field<'v>>,
    principal: Option<Field<'v>>,
    payload: Option<Field<'v>>,
}

impl<'v> EventFields<'v> {
    /// The slot a key fills (and the slot's number), if the fold reads it.
    fn slot(&mut self, key: &str) -> Option<(u32, &mut Option<Field<'v>>)> {
        Some(match key {
            "id" => (0, &mut self.id),
            "ts" => (1, &mut self.ts),
            "namespace" => (2, &mut self.namespace),
            "eventType" => (3, &mut self.event_type),
            "sourceKind" => (4, &mut self.source_kind),
            "sourceRef" => (5, &mut self.source_ref),
            "sinkKind" => (6, &mut self.sink_kind),
            "sinkRef" => (7, &mut self.sink_ref),
            "summary" => (8, &mut self.summary),
            "relatedSessionId" => (9, &mut self.related_session_id),
            "relatedEventId" => (10, &mut self.related_event_id),
            "provenance" => (11, &mut self.provenance),
            "idempotencyKey" => (12, &mut self.idempotency_key),
            "dedupeKey" => (13, &mut self.dedupe_key),
            "severity" => (14, &mut self.severity),
            "confidence" => (15, &mut self.confidence),
            "expiresAt" => (16, &mut self.expires_at),
            "artifactRefs" => (17, &mut self.artifact_refs),
            "tags" => (18, &mut self.tags),
            "principal" => (19, &mut self.principal),
            "payloadJson" => (20, &mut self.payload),
            _ => return None,
        })
    }

    /// One pass over the row's entries (cheaper than a lookup per field).
    fn of_value(obj: &'v Map<String, Value>) -> Self {
        let mut f = EventFields::default();
        for (key, value) in obj {
            if let Some((_, slot)) = f.slot(key) {
                *slot = Field::of_value(Some(value));
            }
        }
        f
    }

    /// One pass over a raw row's text; `None` when it is not an object or
    /// names a field the fold reads twice.
    fn of_text(text: &'v str) -> Option<Self> {
        let mut f = EventFields::default();
        let mut seen = 0u32;
        scan::entries(text, &mut |key, value| match f.slot(key) {
            Some((bit, slot)) => fill(&mut seen, bit, slot, value),
            None => true,
        })?;
        Some(f)
    }
}

/// Fills the slot numbered `bit` (below 32) with a raw value; `false` when
/// it was filled before (serde refuses a struct field named twice). A JSON
/// `null` reads as absent, as serde reads an `Option`.
fn fill<'v>(seen: &mut u32, bit: u32, slot: &mut Option<Field<'v>>, value: &'v str) -> bool {
    let bit = 1u32 << (bit & 31);
    if *seen & bit != 0 {
        return false;
    }
    *seen |= bit;
    *slot = Field::of_raw(value);
    true
}

/// Payload `status`, `delivery_state` and `project` (`Err` when not a string).
struct PayloadFields<'v> {
    status: Option<Result<Cow<'v, str>, ()>>,
    delivery_state: Option<Result<Cow<'v, str>, ()>>,
    project: Option<Cow<'v, str>>,
}

fn payload_fields<'v>(payload: Option<Field<'v>>) -> PayloadFields<'v> {
    fn read<'x>(f: Option<Field<'x>>) -> Option<Result<Cow<'x, str>, ()>> {
        f.map(|f| f.str().ok_or(()))
    }
    fn own(c: Cow<'_, str>) -> Cow<'static, str> {
        Cow::Owned(c.into_owned())
    }
    let none = || PayloadFields { status: None, delivery_state: None, project: None };
    let Some(payload) = payload.filter(|p| p.is(Want::Object)) else { return none() };
    let of_value = |v: &'v Value| {
        let f = |k: &str| Field::of_value(v.get(k));
        PayloadFields {
            status: read(f("status")),
            delivery_state: read(f("delivery_state")),
            project: f("project").and_then(|p| p.str()),
        }
    };
    match payload {
        Field::Parsed(v) => of_value(v),
        Field::Raw(r) => match payload_text(r) {
            Some([status, delivery_state, project]) => PayloadFields {
                status: read(status),
                delivery_state: read(delivery_state),
                project: project.and_then(|p| p.str()),
            },
            // A key named twice: read it as `JSON.parse` would (last wins).
            None => match serde_json::from_str::<Value>(r) {
                Ok(v) => {
                    let f = |k: &str| Field::of_value(v.get(k));
                    PayloadFields {
                        status: read(f("status")).map(|r| r.map(own)),
                        delivery_state: read(f("delivery_state")).map(|r| r.map(own)),
                        project: f("project").and_then(|p| p.str()).map(own),
                    }
                }
                Err(_) => none(),
            },
        },
    }
}

/// Payload `status`, `delivery_state` and `project` read from raw text;
/// `None` when one of them is named twice.
fn payload_text(text: &str) -> Option<[Option<Field<'_>>; 3]> {
    let mut f = [None, None, None];
    let mut seen = 0u32;
    scan::entries(text, &mut |key, value| {
        let bit = match key {
            "status" => 0,
            "delivery_state" => 1,
            "project" => 2,
            _ => return true,
        };
        f.get_mut(bit as usize).is_some_and(|slot| fill(&mut seen, bit, slot, value))
    })?;
    Some(f)
}

/// Where a row is, turned into a pointer only when there is a finding.
#[derive(Clone, Copy, Debug)]
pub(crate) struct At {
    table: &'static str,
    pos: usize,
}

impl At {
    fn ptr(&self) -> Pointer {
        Pointer::root().key(self.table).index(self.pos)
    }

    fn key(&self, key: &str) -> Pointer {
        self.ptr().key(key)
    }
}

/// Row-level findings, with the namespace the row names (when read).
pub(crate) type Found = Vec<(Option<Sym>, Diagnostic)>;

/// Reads an event row given as JSON; `None` (with a diagnostic) when it has
/// no usable id.
pub(crate) fn read_event_value<'a>(
    row: Value,
    pos: usize,
    syms: &mut Syms,
    found: &mut Found,
) -> Option<Event<'a>> {
    let at = At { table: "events", pos };
    let Some(obj) = row.as_object() else {
        found.push((None, Diagnostic::error(MALFORMED_EVENT, &at.ptr(), "an event row must be an object")));
        return None;
    };
    let read = read_fields(&EventFields::of_value(obj), &at, syms, found)?;
    let read = read.into_owned();
    Some(read.into_event(pos, Body::Parsed(Box::new(row)), |c| c))
}

/// Reads an event row given as raw JSON text, borrowing its strings.
pub(crate) fn read_event_raw<'a>(
    row: &'a RawValue,
    pos: usize,
    syms: &mut Syms,
    found: &mut Found,
) -> Option<Event<'a>> {
    let at = At { table: "events", pos };
    // serde reads a struct from an array too: only objects take the fast way.
    match EventFields::of_text(row.get()) {
        Some(fields) => {
            let read = read_fields(&fields, &at, syms, found)?;
            Some(read.into_event(pos, Body::Raw(row), |c| c))
        }
        // Not an object, or a key named twice: read it as parsed JSON.
        None => {
            let value = serde_json::from_str::<Value>(row.get()).unwrap_or(Value::Null);
            let mut event = read_event_value(value, pos, syms, found)?;
            event.body = Body::Raw(row);
            Some(event)
        }
    }
}

/// The indexed fields of an event, before they are tied to a body.
struct Read<'v> {
    id: Cow<'v, str>,
    ns: Sym,
    ts: f64,
    kind: Kind,
    event_type: Sym,
    source: Option<Sym>,
    sink: Option<Sym>,
    related_session: Option<Sym>,
    related_event: Option<Cow<'v, str>>,
    expires_at: Option<f64>,
    idempotency_key: Option<Cow<'v, str>>,
    status: Option<Sym>,
    project: Option<Sym>,
}

impl<'v> Read<'v> {
    fn into_owned(self) -> Read<'static> {
        let own = |c: Cow<'v, str>| -> Cow<'static, str> { Cow::Owned(c.into_owned()) };
        Read {
            id: own(self.id),
            related_event: self.related_event.map(own),
            idempotency_key: self.idempotency_key.map(own),
            ns: self.ns,
            ts: self.ts,
            kind: self.kind,
            event_type: self.event_type,
            source: self.source,
            sink: self.sink,
            related_session: self.related_session,
            expires_at: self.expires_at,
            status: self.status,
            project: self.project,
        }
    }

    fn into_event<'a>(
        self,
        pos: usize,
        body: Body<'a>,
        keep: impl Fn(Cow<'v, str>) -> Cow<'a, str>,
    ) -> Event<'a> {
        Event {
            pos: u32::try_from(pos).unwrap_or(u32::MAX),
            body,
            id: keep(self.id),
            ns: self.ns,
            ts: self.ts,
            kind: self.kind,
            event_type: self.event_type,
            source: self.source,
            sink: self.sink,
            related_session: self.related_session,
            related_event: self.related_event.map(&keep),
            expires_at: self.expires_at,
            idempotency_key: self.idempotency_key.map(&keep),
            status: self.status,
            project: self.project,
        }
    }
}

fn read_fields<'v>(f: &EventFields<'v>, at: &At, syms: &mut Syms, found: &mut Found) -> Option<Read<'v>> {
    let ns = f.namespace.and_then(|n| n.str()).map(|n| syms.intern(&n));
    let Some(id) = f.id.and_then(|i| i.str()).filter(|s| !s.is_empty()) else {
        found.push((
            ns,
            Diagnostic::error(MALFORMED_EVENT, &at.key("id"), "an event row needs a non-empty string `id`"),
        ));
        return None;
    };
    let strings = [
        ("sourceKind", f.source_kind),
        ("sourceRef", f.source_ref),
        ("sinkKind", f.sink_kind),
        ("sinkRef", f.sink_ref),
        ("eventType", f.event_type),
        ("summary", f.summary),
        ("relatedSessionId", f.related_session_id),
        ("relatedEventId", f.related_event_id),
        ("provenance", f.provenance),
        ("idempotencyKey", f.idempotency_key),
        ("dedupeKey", f.dedupe_key),
        ("severity", f.severity),
        ("namespace", f.namespace),
    ];
    check_types(at, &strings, Want::String, "a string", found);
    check_types(
        at,
        &[("ts", f.ts), ("confidence", f.confidence), ("expiresAt", f.expires_at)],
        Want::Number,
        "a number",
        found,
    );
    check_types(at, &[("artifactRefs", f.artifact_refs), ("tags", f.tags)], Want::Array, "an array", found);
    check_types(at, &[("principal", f.principal)], Want::Object, "an object", found);
    let ns = ns.unwrap_or_else(|| {
        found.push((None, missing(at, "namespace")));
        syms.intern("")
    });
    let ts = f.ts.and_then(|t| t.f64()).unwrap_or_else(|| {
        if f.ts.is_none() {
            found.push((None, missing(at, "ts")));
        }
        0.0
    });
    let text = |x: Option<Field<'v>>| x.and_then(|x| x.str());
    let event_type = text(f.event_type).unwrap_or(Cow::Borrowed(""));
    let kind = match event_type.as_ref() {
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
    let mut session = |kind: Option<Field<'v>>, r: Option<Field<'v>>| {
        let is_session = text(kind).is_none_or(|k| k == "session");
        text(r).filter(|r| is_session && !r.is_empty()).map(|r| syms.intern(&r))
    };
    let source = session(f.source_kind, f.source_ref);
    let sink = session(f.sink_kind, f.sink_ref);
    let related_session = text(f.related_session_id).filter(|s| !s.is_empty()).map(|s| syms.intern(&s));
    let payload = payload_fields(f.payload);
    let status = check_payload_status(&payload, kind, at, found).map(|s| syms.intern(&s));
    let project = match payload.project.as_deref().filter(|p| !p.is_empty()) {
        Some(p) => Some(syms.intern(p)),
        None => f.tags.and_then(|t| {
            let tags = t.strings();
            let p = tags.iter().find_map(|t| t.strip_prefix("project:").filter(|p| !p.is_empty()));
            p.map(|p| syms.intern(p))
        }),
    };
    Some(Read {
        id,
        ns,
        ts,
        kind,
        event_type: syms.intern(&event_type),
        source,
        sink,
        related_session,
        related_event: text(f.related_event_id).filter(|s| !s.is_empty()),
        expires_at: f.expires_at.and_then(|x| x.f64()),
        idempotency_key: text(f.idempotency_key).filter(|s| !s.is_empty()),
        status,
        project,
    })
}

/// The payload status the kind reads (`delivery_state` for handoffs),
/// noting values outside v1.
fn check_payload_status<'v>(
    p: &PayloadFields<'v>,
    kind: Kind,
    at: &At,
    found: &mut Found,
) -> Option<Cow<'v, str>> {
    let (key, vocabulary, value) = match kind {
        Kind::Handoff => ("delivery_state", &vocab::DELIVERY_STATE, &p.delivery_state),
        Kind::Receipt => ("status", &vocab::RECEIPT_STATUS, &p.status),
        Kind::WorkAd => ("status", &vocab::WORK_AD_STATUS, &p.status),
        Kind::Other => return None,
    };
    let at = || at.key("payloadJson").key(key);
    match value.as_ref()? {
        Ok(s) if vocabulary.contains(s) => Some(s.clone()),
        Ok(s) => {
            found.push((
                None,
                Diagnostic::info(
                    UNKNOWN_STATUS,
                    &at(),
                    format!("{} {} is outside v1; it is kept and never terminal", vocabulary.name, quote(s)),
                ),
            ));
            Some(s.clone())
        }
        Err(()) => {
            found.push((None, wrong_type_at(&at(), key, "a string")));
            None
        }
    }
}

#[derive(Default)]
struct LinkFields<'v> {
    id: Option<Field<'v>>,
    namespace: Option<Field<'v>>,
    from: Option<Field<'v>>,
    to: Option<Field<'v>>,
    relation: Option<Field<'v>>,
    created_at: Option<Field<'v>>,
}

impl<'v> LinkFields<'v> {
    /// One pass over a raw row's text; `None` when it is not an object or
    /// names a field the fold reads twice.
    fn of_text(text: &'v str) -> Option<Self> {
        let mut f = LinkFields::default();
        let mut seen = 0u32;
        scan::entries(text, &mut |key, value| {
            let (bit, slot) = match key {
                "id" => (0, &mut f.id),
                "namespace" => (1, &mut f.namespace),
                "fromEventId" => (2, &mut f.from),
                "toEventId" => (3, &mut f.to),
                "relationType" => (4, &mut f.relation),
                "createdAt" => (5, &mut f.created_at),
                _ => return true,
            };
            fill(&mut seen, bit, slot, value)
        })?;
        Some(f)
    }
}

/// Reads a link row given as JSON; `None` (with a diagnostic) when it
/// cannot be followed.
pub(crate) fn read_link_value<'a>(
    row: Value,
    pos: usize,
    syms: &mut Syms,
    found: &mut Found,
) -> Option<Link<'a>> {
    let at = At { table: "links", pos };
    let Some(obj) = row.as_object() else {
        found.push((None, Diagnostic::error(MALFORMED_LINK, &at.ptr(), "a link row must be an object")));
        return None;
    };
    let f = |k: &str| Field::of_value(obj.get(k));
    let fields = LinkFields {
        id: f("id"),
        namespace: f("namespace"),
        from: f("fromEventId"),
        to: f("toEventId"),
        relation: f("relationType"),
        created_at: f("createdAt"),
    };
    let own = |c: Cow<'_, str>| -> Cow<'a, str> { Cow::Owned(c.into_owned()) };
    let (id, ns, from, to, rel, relation) = read_link_fields(&fields, &at, syms, found)?;
    Some(Link {
        pos: u32::try_from(pos).unwrap_or(u32::MAX),
        id: own(id),
        ns,
        from: own(from),
        to: own(to),
        rel,
        relation,
        body: Body::Parsed(Box::new(row)),
    })
}

/// Reads a link row given as raw JSON text, borrowing its strings.
pub(crate) fn read_link_raw<'a>(
    row: &'a RawValue,
    pos: usize,
    syms: &mut Syms,
    found: &mut Found,
) -> Option<Link<'a>> {
    let at = At { table: "links", pos };
    match LinkFields::of_text(row.get()) {
        Some(fields) => {
            let (id, ns, from, to, rel, relation) = read_link_fields(&fields, &at, syms, found)?;
            Some(Link {
                pos: u32::try_from(pos).unwrap_or(u32::MAX),
                id,
                ns,
                from,
                to,
                rel,
                relation,
                body: Body::Raw(row),
            })
        }
        None => {
            let value = serde_json::from_str::<Value>(row.get()).unwrap_or(Value::Null);
            let mut link = read_link_value(value, pos, syms, found)?;
            link.body = Body::Raw(row);
            Some(link)
        }
    }
}

type LinkRead<'v> = (Cow<'v, str>, Sym, Cow<'v, str>, Cow<'v, str>, Rel, Sym);

fn read_link_fields<'v>(
    f: &LinkFields<'v>,
    at: &At,
    syms: &mut Syms,
    found: &mut Found,
) -> Option<LinkRead<'v>> {
    let ns = f.namespace.and_then(|n| n.str()).map(|n| syms.intern(&n));
    check_types(at, &[("id", f.id), ("namespace", f.namespace)], Want::String, "a string", found);
    check_types(at, &[("createdAt", f.created_at)], Want::Number, "a number", found);
    let mut text = |k: &str, x: Option<Field<'v>>| {
        let v = x.and_then(|x| x.str()).filter(|s| !s.is_empty());
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
    let (from, to, relation) =
        (text("fromEventId", f.from), text("toEventId", f.to), text("relationType", f.relation));
    let (Some(from), Some(to), Some(relation)) = (from, to, relation) else { return None };
    let ns = ns.unwrap_or_else(|| {
        found.push((None, missing(at, "namespace")));
        syms.intern("")
    });
    let rel = match relation.as_ref() {
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
    let id = f.id.and_then(|i| i.str()).unwrap_or(Cow::Borrowed(""));
    Some((id, ns, from, to, rel, syms.intern(&relation)))
}

fn check_types(at: &At, fields: &[(&str, Option<Field<'_>>)], want: Want, what: &str, found: &mut Found) {
    for (key, field) in fields {
        if let Some(f) = field
            && f.first_byte() != b'n'
            && !f.is(want)
        {
            found.push((None, wrong_type(at, key, what)));
        }
    }
}

fn wrong_type(at: &At, key: &str, what: &str) -> Diagnostic {
    wrong_type_at(&at.key(key), key, what)
}

fn wrong_type_at(at: &Pointer, key: &str, what: &str) -> Diagnostic {
    Diagnostic::warning(MALFORMED_FIELD, at, format!("`{key}` should be {what}; it is read as absent"))
}

fn missing(at: &At, key: &str) -> Diagnostic {
    let what = if key == "ts" { "it sorts as 0" } else { "the row belongs to the namespace `\"\"`" };
    Diagnostic::warning(MALFORMED_FIELD, &at.key(key), format!("the row has no `{key}`; {what}"))
}
