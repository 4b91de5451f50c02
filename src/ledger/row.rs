//! Reading stored rows leniently: the fields the fold indexes, taken from a
//! row that is kept verbatim, checked and turned into the model's events
//! and links. Where each field is found is `row_text`'s.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::model::{Body, Event, Kind, Link, Rel, Sym, Syms};
use super::row_text::{Field, Fields, PayloadFields, RowText, Table, Want, ev, ln, payload_fields, read_row};
use super::{
    MALFORMED_EVENT, MALFORMED_FIELD, MALFORMED_LINK, MAX_ROW_DEPTH, UNKNOWN_EVENT_TYPE, UNKNOWN_RELATION,
    UNKNOWN_STATUS,
};
use crate::diagnostic::{Diagnostic, quote};
use crate::json::stream::{self, Problem, Reader, Syntax};
use crate::pointer::Pointer;
use crate::vocab;

/// Where a row is, turned into a pointer only when there is a finding.
#[derive(Clone, Copy, Debug)]
pub(crate) struct At {
    table: Table,
    pos: usize,
}

impl At {
    fn ptr(&self) -> Pointer {
        Pointer::root().key(self.table.name()).index(self.pos)
    }

    fn key(&self, key: &str) -> Pointer {
        self.ptr().key(key)
    }

    /// The code of a row that cannot be read at all.
    fn malformed(&self) -> crate::diagnostic::Code {
        match self.table {
            Table::Events => MALFORMED_EVENT,
            Table::Links => MALFORMED_LINK,
        }
    }
}

/// Row-level findings, with the namespace the row names (when read).
pub(crate) type Found = Vec<(Option<Sym>, Diagnostic)>;

/// A parsed row as an object, or a finding.
fn object<'v>(row: &'v Value, at: &At, found: &mut Found) -> Option<&'v Map<String, Value>> {
    let obj = row.as_object();
    if obj.is_none() {
        let what = match at.table {
            Table::Events => "an event row must be an object",
            Table::Links => "a link row must be an object",
        };
        found.push((None, Diagnostic::error(at.malformed(), &at.ptr(), what)));
    }
    obj
}

/// The finding for a row that holds what no parser keeps, at the field that
/// holds it (`key`, or the row itself); `ns` is the row's namespace when
/// that field could still be read.
fn unreadable(at: &At, ns: Option<Sym>, key: Option<&str>, problem: Problem, found: &mut Found) {
    let (ptr, what) = match key {
        Some(key) => (at.key(key), format!("`{key}`")),
        None => (at.ptr(), "the row".to_owned()),
    };
    found.push((
        ns,
        Diagnostic::error(
            at.malformed(),
            &ptr,
            format!(
                "{what} {}; the row cannot be read and is left out of every view",
                problem.describe(MAX_ROW_DEPTH)
            ),
        )
        .with_help("a JSON parser refuses it too: fix the row where it is stored"),
    ));
}

/// The top-level field of a row given as JSON under which arrays and
/// objects nest deeper than [`MAX_ROW_DEPTH`] (the row itself is level 1,
/// as a row read from text counts it), found without recursion.
fn too_deep(row: &Value) -> Option<&str> {
    let mut stack: Vec<(&Value, usize, &str)> = Vec::new();
    if let Value::Object(fields) = row {
        stack.extend(fields.iter().map(|(k, v)| (v, 2, k.as_str())));
    }
    while let Some((value, depth, key)) = stack.pop() {
        if !(value.is_array() || value.is_object()) {
            continue;
        }
        if depth > MAX_ROW_DEPTH {
            return Some(key);
        }
        match value {
            Value::Array(items) => stack.extend(items.iter().map(|v| (v, depth + 1, key))),
            Value::Object(members) => stack.extend(members.values().map(|v| (v, depth + 1, key))),
            _ => {}
        }
    }
    None
}

/// Lets go of a value without recursion (dropping a `Value` recurses once
/// per level, which a row nested deep enough would overflow the stack with).
fn drop_flat(value: Value) {
    let mut stack = vec![value];
    while let Some(mut value) = stack.pop() {
        match &mut value {
            Value::Array(items) => stack.append(items),
            Value::Object(members) => stack.extend(std::mem::take(members).into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

/// The fields of a row read from text: `Err` with the row parsed when it is
/// not an object or names a field twice (read it as `JSON.parse` would);
/// `None`, with a finding, when it holds what no parser keeps.
fn text_fields<'v>(
    row: &RowText<'v>,
    at: &At,
    syms: &mut Syms,
    found: &mut Found,
) -> Option<Result<Fields<'v>, Value>> {
    if let Some((problem, key)) = &row.problem {
        let ns_slot = match at.table {
            Table::Events => ev::NAMESPACE,
            Table::Links => ln::NAMESPACE,
        };
        let ns = row.slots.get(ns_slot).copied().flatten().and_then(stream::string).map(|n| syms.intern(&n));
        unreadable(at, ns, key.as_deref(), *problem, found);
        return None;
    }
    if !row.object || row.twice {
        return Some(Err(serde_json::from_str::<Value>(row.text).unwrap_or(Value::Null)));
    }
    Some(Ok(Fields {
        slots: row.slots.map(|s| s.and_then(Field::of_raw)),
        payload: (!row.payload_twice).then(|| row.payload.map(|s| s.and_then(Field::of_raw))),
    }))
}

/// What the rows of one table are read into: the fields the fold indexes
/// (borrowed from the row where they can be), and the row tied to its body.
/// One reader ([`read_value`], [`read_text`]) serves both tables.
trait RowKind {
    /// The table.
    const TABLE: Table;
    /// The indexed fields, borrowing from the row's text.
    type Read<'v>;
    /// The row as the fold keeps it.
    type Row<'a>;
    /// Reads the indexed fields; `None` (with a diagnostic) when the row
    /// cannot be used.
    fn read<'v>(f: &Fields<'v>, at: &At, syms: &mut Syms, found: &mut Found) -> Option<Self::Read<'v>>;
    /// The fields with nothing borrowed.
    fn own(read: Self::Read<'_>) -> Self::Read<'static>;
    /// The row at `pos` with its fields and body.
    fn tie<'v: 'a, 'a>(read: Self::Read<'v>, pos: usize, body: Body<'a>) -> Self::Row<'a>;
    /// Replaces the body a row is shown from.
    fn set_body<'a>(row: &mut Self::Row<'a>, body: Body<'a>);
}

/// Event rows.
struct Events;

impl RowKind for Events {
    const TABLE: Table = Table::Events;
    type Read<'v> = Read<'v>;
    type Row<'a> = Event<'a>;

    fn read<'v>(f: &Fields<'v>, at: &At, syms: &mut Syms, found: &mut Found) -> Option<Read<'v>> {
        read_fields(f, at, syms, found)
    }

    fn own(read: Read<'_>) -> Read<'static> {
        read.into_owned()
    }

    fn tie<'v: 'a, 'a>(read: Read<'v>, pos: usize, body: Body<'a>) -> Event<'a> {
        read.into_event(pos, body, |c| c)
    }

    fn set_body<'a>(row: &mut Event<'a>, body: Body<'a>) {
        row.body = body;
    }
}

/// Link rows.
struct Links;

impl RowKind for Links {
    const TABLE: Table = Table::Links;
    type Read<'v> = LinkRead<'v>;
    type Row<'a> = Link<'a>;

    fn read<'v>(f: &Fields<'v>, at: &At, syms: &mut Syms, found: &mut Found) -> Option<LinkRead<'v>> {
        read_link_fields(f, at, syms, found)
    }

    fn own((id, ns, from, to, rel, relation): LinkRead<'_>) -> LinkRead<'static> {
        let own = |c: Cow<'_, str>| -> Cow<'static, str> { Cow::Owned(c.into_owned()) };
        (own(id), ns, own(from), own(to), rel, relation)
    }

    fn tie<'v: 'a, 'a>(read: LinkRead<'v>, pos: usize, body: Body<'a>) -> Link<'a> {
        let (id, ns, from, to, rel, relation) = read;
        Link { pos: u32::try_from(pos).unwrap_or(u32::MAX), id, ns, from, to, rel, relation, body }
    }

    fn set_body<'a>(row: &mut Link<'a>, body: Body<'a>) {
        row.body = body;
    }
}

/// Reads a row given as JSON; `None` (with a diagnostic) when it cannot be
/// used (an event with no usable id, a link that cannot be followed).
fn read_value<'a, K: RowKind>(
    row: Value,
    pos: usize,
    syms: &mut Syms,
    found: &mut Found,
) -> Option<K::Row<'a>> {
    let at = At { table: K::TABLE, pos };
    let obj = object(&row, &at, found)?;
    // A row given as a value is held to the depth a row read from text is.
    if let Some(key) = too_deep(&row) {
        let ns = obj.get("namespace").and_then(Value::as_str).map(|n| syms.intern(n));
        unreadable(&at, ns, Some(key), Problem::TooDeep, found);
        drop_flat(row);
        return None;
    }
    let read = K::own(K::read(&Fields::of_value(K::TABLE, obj), &at, syms, found)?);
    Some(K::tie(read, pos, Body::Parsed(Box::new(row))))
}

/// Reads a row read from text, borrowing its strings.
fn read_text<'a, K: RowKind>(
    row: &RowText<'a>,
    pos: usize,
    syms: &mut Syms,
    found: &mut Found,
) -> Option<K::Row<'a>> {
    let at = At { table: K::TABLE, pos };
    match text_fields(row, &at, syms, found)? {
        Ok(fields) => {
            let read = K::read(&fields, &at, syms, found)?;
            Some(K::tie(read, pos, Body::Raw(row.text)))
        }
        Err(value) => {
            let mut read = read_value::<K>(value, pos, syms, found)?;
            K::set_body(&mut read, Body::Raw(row.text));
            Some(read)
        }
    }
}

/// Reads an event row given as JSON; `None` (with a diagnostic) when it has
/// no usable id.
pub(crate) fn read_event_value<'a>(
    row: Value,
    pos: usize,
    syms: &mut Syms,
    found: &mut Found,
) -> Option<Event<'a>> {
    read_value::<Events>(row, pos, syms, found)
}

/// Reads an event row read from text, borrowing its strings.
pub(crate) fn read_event_text<'a>(
    row: &RowText<'a>,
    pos: usize,
    syms: &mut Syms,
    found: &mut Found,
) -> Option<Event<'a>> {
    read_text::<Events>(row, pos, syms, found)
}

/// Reads a row of `table` given as raw JSON text on its own.
pub(crate) fn read_raw<'a>(table: Table, row: &'a str) -> Result<RowText<'a>, Syntax> {
    let mut r = Reader::new(row, MAX_ROW_DEPTH);
    let read = read_row(&mut r, 0, table)?;
    if r.at_end() { Ok(read) } else { Err(Syntax) }
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
        use super::model::own;
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

fn read_fields<'v>(f: &Fields<'v>, at: &At, syms: &mut Syms, found: &mut Found) -> Option<Read<'v>> {
    let field = |slot: usize| f.get(slot);
    let ns = field(ev::NAMESPACE).and_then(|n| n.str()).map(|n| syms.intern(&n));
    let Some(id) = field(ev::ID).and_then(|i| i.str()).filter(|s| !s.is_empty()) else {
        found.push((
            ns,
            Diagnostic::error(MALFORMED_EVENT, &at.key("id"), "an event row needs a non-empty string `id`"),
        ));
        return None;
    };
    let strings = [
        ("sourceKind", field(ev::SOURCE_KIND)),
        ("sourceRef", field(ev::SOURCE_REF)),
        ("sinkKind", field(ev::SINK_KIND)),
        ("sinkRef", field(ev::SINK_REF)),
        ("eventType", field(ev::EVENT_TYPE)),
        ("summary", field(ev::SUMMARY)),
        ("relatedSessionId", field(ev::RELATED_SESSION_ID)),
        ("relatedEventId", field(ev::RELATED_EVENT_ID)),
        ("provenance", field(ev::PROVENANCE)),
        ("idempotencyKey", field(ev::IDEMPOTENCY_KEY)),
        ("dedupeKey", field(ev::DEDUPE_KEY)),
        ("severity", field(ev::SEVERITY)),
        ("namespace", field(ev::NAMESPACE)),
    ];
    check_types(at, &strings, Want::String, "a string", found);
    check_types(
        at,
        &[("ts", field(ev::TS)), ("confidence", field(ev::CONFIDENCE)), ("expiresAt", field(ev::EXPIRES_AT))],
        Want::Number,
        "a number",
        found,
    );
    check_types(
        at,
        &[("artifactRefs", field(ev::ARTIFACT_REFS)), ("tags", field(ev::TAGS))],
        Want::Array,
        "an array",
        found,
    );
    check_types(at, &[("principal", field(ev::PRINCIPAL))], Want::Object, "an object", found);
    let ns = ns.unwrap_or_else(|| {
        found.push((None, missing(at, "namespace")));
        syms.intern("")
    });
    let ts = field(ev::TS).and_then(|t| t.f64()).unwrap_or_else(|| {
        if field(ev::TS).is_none() {
            found.push((None, missing(at, "ts")));
        }
        0.0
    });
    let text = |x: Option<Field<'v>>| x.and_then(|x| x.str());
    let event_type = text(field(ev::EVENT_TYPE)).unwrap_or(Cow::Borrowed(""));
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
    let source = session(field(ev::SOURCE_KIND), field(ev::SOURCE_REF));
    let sink = session(field(ev::SINK_KIND), field(ev::SINK_REF));
    let related_session =
        text(field(ev::RELATED_SESSION_ID)).filter(|s| !s.is_empty()).map(|s| syms.intern(&s));
    let payload = payload_fields(f);
    let status = check_payload_status(&payload, kind, at, found).map(|s| syms.intern(&s));
    let project = match payload.project.as_deref().filter(|p| !p.is_empty()) {
        Some(p) => Some(syms.intern(p)),
        None => field(ev::TAGS).and_then(|t| {
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
        related_event: text(field(ev::RELATED_EVENT_ID)).filter(|s| !s.is_empty()),
        expires_at: field(ev::EXPIRES_AT).and_then(|x| x.f64()),
        idempotency_key: text(field(ev::IDEMPOTENCY_KEY)).filter(|s| !s.is_empty()),
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

/// Reads a link row given as JSON; `None` (with a diagnostic) when it
/// cannot be followed.
pub(crate) fn read_link_value<'a>(
    row: Value,
    pos: usize,
    syms: &mut Syms,
    found: &mut Found,
) -> Option<Link<'a>> {
    read_value::<Links>(row, pos, syms, found)
}

/// Reads a link row read from text, borrowing its strings.
pub(crate) fn read_link_text<'a>(
    row: &RowText<'a>,
    pos: usize,
    syms: &mut Syms,
    found: &mut Found,
) -> Option<Link<'a>> {
    read_text::<Links>(row, pos, syms, found)
}

type LinkRead<'v> = (Cow<'v, str>, Sym, Cow<'v, str>, Cow<'v, str>, Rel, Sym);

fn read_link_fields<'v>(f: &Fields<'v>, at: &At, syms: &mut Syms, found: &mut Found) -> Option<LinkRead<'v>> {
    let field = |slot: usize| f.get(slot);
    let ns = field(ln::NAMESPACE).and_then(|n| n.str()).map(|n| syms.intern(&n));
    check_types(
        at,
        &[("id", field(ln::ID)), ("namespace", field(ln::NAMESPACE))],
        Want::String,
        "a string",
        found,
    );
    check_types(at, &[("createdAt", field(ln::CREATED_AT))], Want::Number, "a number", found);
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
    let (from, to, relation) = (
        text("fromEventId", field(ln::FROM)),
        text("toEventId", field(ln::TO)),
        text("relationType", field(ln::RELATION)),
    );
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
    let id = field(ln::ID).and_then(|i| i.str()).unwrap_or(Cow::Borrowed(""));
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
