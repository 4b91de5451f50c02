//! What the fold keeps of a row: the row itself (parsed or as its text),
//! the fields it indexes, interned strings and the fold's hasher.

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use serde_json::Value;

use crate::pointer::Pointer;

/// A fast, deterministic hasher for the fold's indexes (ids are hub-issued,
/// and no answer ever depends on hash order).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        // Words as arrays, not slices copied into one: the size-optimised
        // wasm build calls a function for each such copy.
        let (words, rest) = bytes.as_chunks::<8>();
        for &word in words {
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(K);
        }
        for &b in rest {
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
/// the caller's input, so the fold never holds a second copy of it; read
/// and checked once, so it always parses).
#[derive(Debug)]
pub(crate) enum Body<'a> {
    Parsed(Box<Value>),
    Raw(&'a str),
    /// A row's text the fold owns ([`Body::into_owned`]).
    Text(Box<str>),
}

impl Body<'_> {
    /// The row as a value (raw rows are parsed on demand, for the few rows a
    /// view shows; text that is not one JSON value reads as `null`).
    pub(crate) fn value(&self) -> Cow<'_, Value> {
        match self {
            Body::Parsed(v) => Cow::Borrowed(v),
            Body::Raw(r) => Cow::Owned(serde_json::from_str(r).unwrap_or(Value::Null)),
            Body::Text(r) => Cow::Owned(serde_json::from_str(r).unwrap_or(Value::Null)),
        }
    }

    /// The same body, owning its text.
    pub(crate) fn into_owned(self) -> Body<'static> {
        match self {
            Body::Parsed(v) => Body::Parsed(v),
            Body::Raw(r) => Body::Text(r.into()),
            Body::Text(r) => Body::Text(r),
        }
    }
}

/// A borrowed string as an owned one.
pub(crate) fn own(s: Cow<'_, str>) -> Cow<'static, str> {
    Cow::Owned(s.into_owned())
}

impl Event<'_> {
    /// The same event, owning every string it borrowed.
    pub(crate) fn into_owned(self) -> Event<'static> {
        Event {
            body: self.body.into_owned(),
            id: own(self.id),
            related_event: self.related_event.map(own),
            idempotency_key: self.idempotency_key.map(own),
            pos: self.pos,
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
}

impl Link<'_> {
    /// The same link, owning every string it borrowed.
    pub(crate) fn into_owned(self) -> Link<'static> {
        Link {
            body: self.body.into_owned(),
            id: own(self.id),
            from: own(self.from),
            to: own(self.to),
            pos: self.pos,
            ns: self.ns,
            rel: self.rel,
            relation: self.relation,
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
