//! Events: the ledger's rows, as a client writes them (`EventCreate`,
//! snake_case request body) and as the hub stores and returns them
//! (`EventRow`, camelCase at the top level, nested JSON verbatim).
//!
//! The field rules are upstream's `WorkGraphEventCreateSchema` plus its
//! store's accountability check, byte-exact. They are written once, in
//! `FIELDS` below, which the checks here and the ledger's row reader
//! follow; [`fields_markdown`] renders them into the
//! crate's `docs/events.md` (a test keeps it current), shown here:
//!
#![doc = include_str!("../../docs/events.md")]
//!
//! On top of upstream, the typed event types get typed payloads:
//! `work_ad` ([`crate::work_ad`]), `handoff` ([`crate::handoff`]) and
//! `handoff_receipt` ([`crate::receipt`]).
//!
//! # Deviations from upstream (each on purpose, each with a code)
//!
//! - JSON is read and measured as [`crate::json`] describes: string caps in
//!   code points, depth, numbers beyond f64, lone surrogates and duplicate
//!   keys are decided there, where they differ from JavaScript.
//! - Typed payloads of `work_ad`, `handoff` and `handoff_receipt`, and the
//!   event-level rules that go with them (`sink_ref` on a handoff,
//!   `related_event_id` on a receipt, `expires_at` on an elevated work ad),
//!   are rules upstream does not have.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Number, Value};

use crate::diagnostic::{Diagnostic, quote};
use crate::doc::{Json, JsonObject};
use crate::fields::{NameTable, Picked, Presence, Report};
use crate::limits::{self, MAX_ARTIFACT_REFS, MAX_ID, MAX_KIND, MAX_STRING, MAX_TAG, MAX_TAGS, MAX_TITLE};
use crate::pointer::{Below, Locate, Pointer};
use crate::principal::{self, Principal};
use crate::{handoff, receipt, work_ad};

crate::define_codes! {
    RESERVED_PROVENANCE = "event/reserved-provenance", "an HTTP writer used the provenance `AGENT_NOTIFY_SUMMARY`, which only the hub's notify elevation may write";
    SERVER_ASSIGNED = "event/server-assigned", "a create body carries `id`, `ts` or `namespace`, which the hub assigns (upstream strips them)";
    PAYLOAD_MISSING = "event/payload-missing", "a `work_ad`, `handoff` or `handoff_receipt` event has no `payload_json`";
}

/// The provenance only the hub's notify elevation may write.
pub const NOTIFY_PROVENANCE: &str = "AGENT_NOTIFY_SUMMARY";

/// An event as a client writes it: the body of `POST /api/work-graph/events`
/// (snake_case). `id`, `ts` and `namespace` are the hub's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EventCreate {
    /// What wrote the event (`session`).
    pub source_kind: String,
    /// Which one (a session id).
    pub source_ref: String,
    /// Where it is addressed (`session`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub sink_kind: Option<String>,
    /// Which one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub sink_ref: Option<String>,
    /// `work_ad`, `handoff`, `handoff_receipt`, or any other string.
    pub event_type: String,
    /// One line for humans.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub summary: Option<String>,
    /// The typed body, kept verbatim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub payload_json: Option<Value>,
    /// Artifact refs, kept verbatim (extra keys pass through).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, type = "Array<unknown>"))]
    pub artifact_refs: Vec<Value>,
    /// Free tags.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<Vec<String>>"))]
    pub tags: Vec<String>,
    /// The session this is about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub related_session_id: Option<String>,
    /// The event this answers or follows (a receipt names its handoff).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub related_event_id: Option<String>,
    /// Who produced it (`AGENT_NOTIFY_SUMMARY` is reserved for the hub).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub provenance: Option<String>,
    /// Per-namespace idempotency key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub idempotency_key: Option<String>,
    /// Stored only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub dedupe_key: Option<String>,
    /// Any finite number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
    pub confidence: Option<Number>,
    /// Free string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub severity: Option<String>,
    /// Milliseconds since the epoch (any finite number upstream).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
    pub expires_at: Option<Number>,
    /// Who is accountable.
    pub principal: Principal,
}

/// An event as the hub stores and returns it (camelCase at the top level,
/// nested JSON verbatim; absent optional fields are `null`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct EventRow {
    /// Hub-assigned id (a UUID upstream).
    pub id: String,
    /// Hub-assigned time, milliseconds since the epoch.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub ts: Number,
    /// See [`EventCreate::source_kind`].
    pub source_kind: String,
    /// See [`EventCreate::source_ref`].
    pub source_ref: String,
    /// See [`EventCreate::sink_kind`].
    #[serde(default)]
    pub sink_kind: Option<String>,
    /// See [`EventCreate::sink_ref`].
    #[serde(default)]
    pub sink_ref: Option<String>,
    /// See [`EventCreate::event_type`].
    pub event_type: String,
    /// See [`EventCreate::summary`].
    #[serde(default)]
    pub summary: Option<String>,
    /// See [`EventCreate::payload_json`] (`null` when absent).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub payload_json: Option<Value>,
    /// See [`EventCreate::artifact_refs`].
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "Array<unknown>"))]
    pub artifact_refs: Vec<Value>,
    /// See [`EventCreate::tags`].
    #[serde(default)]
    pub tags: Vec<String>,
    /// See [`EventCreate::related_session_id`].
    #[serde(default)]
    pub related_session_id: Option<String>,
    /// See [`EventCreate::related_event_id`].
    #[serde(default)]
    pub related_event_id: Option<String>,
    /// See [`EventCreate::provenance`].
    #[serde(default)]
    pub provenance: Option<String>,
    /// See [`EventCreate::idempotency_key`].
    #[serde(default)]
    pub idempotency_key: Option<String>,
    /// See [`EventCreate::dedupe_key`].
    #[serde(default)]
    pub dedupe_key: Option<String>,
    /// See [`EventCreate::confidence`].
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub confidence: Option<Number>,
    /// See [`EventCreate::severity`].
    #[serde(default)]
    pub severity: Option<String>,
    /// See [`EventCreate::expires_at`].
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub expires_at: Option<Number>,
    /// The writer's namespace (from its token, never from the body).
    pub namespace: String,
    /// See [`EventCreate::principal`] (snake_case inside).
    pub principal: Principal,
}

/// The stored row of a create, given the hub-assigned `id`, `ts` and
/// `namespace`. Pure: the hub supplies the three values.
pub fn to_row(create: &EventCreate, id: &str, ts: i64, namespace: &str) -> EventRow {
    let c = create.clone();
    EventRow {
        id: id.to_owned(),
        ts: Number::from(ts),
        source_kind: c.source_kind,
        source_ref: c.source_ref,
        sink_kind: c.sink_kind,
        sink_ref: c.sink_ref,
        event_type: c.event_type,
        summary: c.summary,
        payload_json: c.payload_json,
        artifact_refs: c.artifact_refs,
        tags: c.tags,
        related_session_id: c.related_session_id,
        related_event_id: c.related_event_id,
        provenance: c.provenance,
        idempotency_key: c.idempotency_key,
        dedupe_key: c.dedupe_key,
        confidence: c.confidence,
        severity: c.severity,
        expires_at: c.expires_at,
        namespace: namespace.to_owned(),
        principal: c.principal,
    }
}

/// The create body a row was written from (the inverse of [`to_row`]; the
/// row's `id`, `ts` and `namespace` stay on the row). A `payloadJson` of
/// `null` reads back as absent, as upstream cannot tell them apart.
pub fn from_row(row: &EventRow) -> EventCreate {
    let r = row.clone();
    EventCreate {
        source_kind: r.source_kind,
        source_ref: r.source_ref,
        sink_kind: r.sink_kind,
        sink_ref: r.sink_ref,
        event_type: r.event_type,
        summary: r.summary,
        payload_json: r.payload_json.filter(|v| !v.is_null()),
        artifact_refs: r.artifact_refs,
        tags: r.tags,
        related_session_id: r.related_session_id,
        related_event_id: r.related_event_id,
        provenance: r.provenance,
        idempotency_key: r.idempotency_key,
        dedupe_key: r.dedupe_key,
        confidence: r.confidence,
        severity: r.severity,
        expires_at: r.expires_at,
        principal: r.principal,
    }
}

/// What a field holds.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Spec {
    Str(usize, usize),
    Num,
    Json,
    Refs,
    Tags,
    Principal,
}

/// One field: its create name, its row name, what it holds, whether
/// required, and what its rule adds to the shape (for the docs).
struct Field(&'static str, &'static str, Spec, bool, &'static str);

const FIELDS: &[Field] = &[
    Field("source_kind", "sourceKind", Spec::Str(1, MAX_KIND), true, ""),
    Field("source_ref", "sourceRef", Spec::Str(1, MAX_STRING), true, ""),
    Field("sink_kind", "sinkKind", Spec::Str(1, MAX_KIND), false, "`\"\"` and `null` refused"),
    Field("sink_ref", "sinkRef", Spec::Str(1, MAX_STRING), false, "`null` refused; required on a `handoff`"),
    Field(
        "event_type",
        "eventType",
        Spec::Str(1, MAX_KIND),
        true,
        "open vocabulary; `work_ad`, `handoff` and `handoff_receipt` get typed payloads",
    ),
    Field("summary", "summary", Spec::Str(0, limits::MAX_SUMMARY), false, "`\"\"` accepted, `null` refused"),
    Field(
        "payload_json",
        "payloadJson",
        Spec::Json,
        false,
        "required on a `work_ad`, `handoff` or `handoff_receipt`, and checked as its type's payload",
    ),
    Field("artifact_refs", "artifactRefs", Spec::Refs, false, ""),
    Field("tags", "tags", Spec::Tags, false, ""),
    Field("related_session_id", "relatedSessionId", Spec::Str(1, MAX_ID), false, ""),
    Field(
        "related_event_id",
        "relatedEventId",
        Spec::Str(1, MAX_ID),
        false,
        "required on a `handoff_receipt`",
    ),
    Field(
        "provenance",
        "provenance",
        Spec::Str(0, MAX_TITLE),
        false,
        "`AGENT_NOTIFY_SUMMARY` is reserved for the hub",
    ),
    Field("idempotency_key", "idempotencyKey", Spec::Str(1, MAX_TITLE), false, ""),
    Field("dedupe_key", "dedupeKey", Spec::Str(1, MAX_TITLE), false, ""),
    Field("confidence", "confidence", Spec::Num, false, ""),
    Field("severity", "severity", Spec::Str(0, limits::MAX_SEVERITY), false, ""),
    Field(
        "expires_at",
        "expiresAt",
        Spec::Num,
        false,
        "required on a work ad the hub elevated from a notify summary",
    ),
    Field("principal", "principal", Spec::Principal, true, "who is accountable"),
];

/// How many fields an event create has.
pub(crate) const CREATE_FIELDS: usize = FIELDS.len();

/// The `i`th field of an event create, in the wire schema's order: its
/// name, what it holds, and whether it is required. The `upstream` profile
/// builds its schema table from these.
#[expect(clippy::indexing_slicing, reason = "a const fn cannot `get`; callers stay below CREATE_FIELDS")]
pub(crate) const fn create_field(i: usize) -> (&'static str, Spec, bool) {
    let f = &FIELDS[i];
    (f.0, f.2, f.3)
}

/// Fields only a row has (hub-assigned).
const ROW_ONLY: &[Field] = &[
    Field("id", "id", Spec::Str(1, MAX_ID), true, "hub-assigned"),
    Field("ts", "ts", Spec::Num, true, "hub-assigned, milliseconds since the epoch"),
    Field("namespace", "namespace", Spec::Str(0, MAX_ID), true, "hub-assigned, from the writer's token"),
];

/// How many fields either shape has.
const ALL: usize = ROW_ONLY.len() + FIELDS.len();

/// Every field's name in one shape, the row-only ones first.
#[expect(clippy::indexing_slicing, reason = "a const fn cannot `get`; every index is below its length")]
const fn all_names(row: bool) -> [&'static str; ALL] {
    let mut out = [""; ALL];
    let mut i = 0;
    while i < ALL {
        let f = if i < ROW_ONLY.len() { &ROW_ONLY[i] } else { &FIELDS[i - ROW_ONLY.len()] };
        out[i] = if row { f.1 } else { f.0 };
        i += 1;
    }
    out
}

static CREATE_NAMES: NameTable<ALL> = NameTable::new(all_names(false));
static ROW_NAMES: NameTable<ALL> = NameTable::new(all_names(true));

/// A shape's names, and how many of the first are not its own (a create
/// body does not declare the row-only fields).
fn names_of(shape: Shape) -> (&'static NameTable<ALL>, usize) {
    match shape {
        Shape::Create => (&CREATE_NAMES, ROW_ONLY.len()),
        Shape::Row => (&ROW_NAMES, 0),
    }
}

/// Which shape is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// The snake_case create body.
    Create,
    /// The camelCase stored row.
    Row,
}

/// Every field name of a shape, in the contract's order.
pub fn field_names(shape: Shape) -> Vec<&'static str> {
    let name = |f: &Field| if shape == Shape::Create { f.0 } else { f.1 };
    let mut out: Vec<&str> = Vec::new();
    if shape == Shape::Row {
        out.extend(ROW_ONLY.iter().map(name));
    }
    out.extend(FIELDS.iter().map(name));
    out
}

/// The field rules as a Markdown table (create name, row name, rule), in
/// the contract's order, for the docs.
pub fn fields_markdown() -> String {
    let group = |n: usize| {
        let s = n.to_string();
        match s.len().checked_sub(3).filter(|at| *at > 0) {
            Some(at) => {
                let (thousands, rest) = s.split_at(at);
                format!("{thousands},{rest}")
            }
            None => s,
        }
    };
    let mut out = String::from("| create body | stored row | rule |\n|---|---|---|\n");
    for f in FIELDS.iter().chain(ROW_ONLY) {
        let Field(create, row, spec, required, note) = f;
        let shape = match spec {
            Spec::Str(min, max) => format!("string of {min}..{} code points", group(*max)),
            Spec::Num => "finite number (no range)".to_owned(),
            Spec::Json => format!(
                "any JSON, at most {} UTF-8 bytes of compact `JSON.stringify`",
                group(limits::MAX_PAYLOAD_JSON_BYTES)
            ),
            Spec::Refs => format!("at most {MAX_ARTIFACT_REFS} artifact refs"),
            Spec::Tags => format!("at most {MAX_TAGS} strings of 0..{MAX_TAG} code points"),
            Spec::Principal => "a principal".to_owned(),
        };
        let create =
            if ROW_ONLY.iter().any(|r| r.0 == *create) { "—".to_owned() } else { format!("`{create}`") };
        let required = if *required { "required; " } else { "" };
        let note = if note.is_empty() { String::new() } else { format!("; {note}") };
        out.push_str(&format!("| {create} | `{row}` | {required}{shape}{note} |\n"));
    }
    out
}

/// Checks an event create body (`shape` [`Shape::Create`]) or a stored row
/// ([`Shape::Row`]) at `at`. `http_writer` refuses the reserved provenance.
pub fn check<J: Json>(v: &J, shape: Shape, http_writer: bool, at: &Pointer, report: &mut Report) {
    let what = if shape == Shape::Create { "an event create body" } else { "an event row" };
    let Some(all) = report.object(v, at, what) else { return };
    let (names, skip) = names_of(shape);
    // Each member is found once; the rules below look fields up by name.
    let obj = &Picked::new(all, names, skip);
    let extra: &[Field] = if shape == Shape::Row { ROW_ONLY } else { &[] };
    for f in extra.iter().chain(FIELDS) {
        let key = if shape == Shape::Create { f.0 } else { f.1 };
        let presence = match (f.3, shape) {
            (true, _) => Presence::Required,
            (false, Shape::Create) => Presence::Optional,
            (false, Shape::Row) => Presence::Nullable,
        };
        check_field(obj, key, f.2, presence, at, report);
    }
    let key = |create: &'static str, row: &'static str| if shape == Shape::Create { create } else { row };
    let event_type = obj.get(key("event_type", "eventType")).and_then(J::as_str);
    let provenance = obj.get(key("provenance", "provenance")).and_then(J::as_str);
    if shape == Shape::Create && http_writer && provenance == Some(NOTIFY_PROVENANCE) {
        report.push(
            Diagnostic::error(
                RESERVED_PROVENANCE,
                &Below::Key(at, "provenance"),
                format!("the provenance `{NOTIFY_PROVENANCE}` is reserved for the hub's notify elevation"),
            )
            .with_help("HTTP writers choose another provenance; upstream answers 400 `Reserved provenance`"),
        );
    }
    let present = |k: &str| obj.get(k).is_some_and(|v| !v.is_null());
    let payload_key = key("payload_json", "payloadJson");
    let payload = obj.get(payload_key).filter(|v| !v.is_null());
    let typed = match event_type {
        Some("work_ad") => Some(Typed::WorkAd),
        Some("handoff") => Some(Typed::Handoff),
        Some("handoff_receipt") => Some(Typed::Receipt),
        _ => None,
    };
    if let Some(t) = typed {
        let here = Below::Key(at, payload_key);
        match payload {
            None => report.error(
                PAYLOAD_MISSING,
                &here,
                format!("a {} event needs `{payload_key}`", quote(event_type.unwrap_or_default())),
            ),
            Some(p) => match t {
                Typed::WorkAd => work_ad::check_payload(p, &here, report),
                Typed::Handoff => handoff::check_payload(p, &here, report),
                Typed::Receipt => receipt::check_payload(p, &here, report),
            },
        }
        match t {
            Typed::WorkAd => {
                let expires = key("expires_at", "expiresAt");
                if provenance == Some(NOTIFY_PROVENANCE) && !present(expires) {
                    work_ad::expires_at_required(&Below::Key(at, expires), report);
                }
            }
            Typed::Handoff => {
                let sink = key("sink_ref", "sinkRef");
                if !present(sink) {
                    handoff::sink_required(&Below::Key(at, sink), report);
                }
            }
            Typed::Receipt => {
                let related = key("related_event_id", "relatedEventId");
                if !present(related) {
                    receipt::related_event_required(&Below::Key(at, related), report);
                }
            }
        }
    }
    if shape == Shape::Create && http_writer {
        handoff::check_http_write(event_type, payload, &Below::Key(at, payload_key), report);
    }
    if obj.others {
        unknown_fields(all, shape, at, report);
    }
}

#[derive(Clone, Copy)]
enum Typed {
    WorkAd,
    Handoff,
    Receipt,
}

fn check_field<O: JsonObject>(
    obj: &O,
    key: &str,
    spec: Spec,
    presence: Presence,
    at: &dyn Locate,
    report: &mut Report,
) {
    let here = Below::Key(at, key);
    match spec {
        Spec::Str(min, max) => {
            report.string(obj, key, at, presence, min, max);
        }
        Spec::Num => {
            report.number(obj, key, at, presence);
        }
        Spec::Json => {
            if let Some(v) = report.field(obj, key, at, presence) {
                check_json_size(v, &here, key, report);
            }
        }
        Spec::Refs => {
            if let Some(items) = report.array(obj, key, at, presence, MAX_ARTIFACT_REFS) {
                for (i, item) in items.iter().enumerate() {
                    crate::artifact::check_ref(item, &Below::Index(&here, i), report);
                }
            }
        }
        Spec::Tags => {
            if let Some(items) = report.array(obj, key, at, presence, MAX_TAGS) {
                for (i, item) in items.iter().enumerate() {
                    report.string_value(item, &Below::Index(&here, i), "tags item", 0, MAX_TAG);
                }
            }
        }
        Spec::Principal => {
            if let Some(v) = report.field(obj, key, at, presence) {
                principal::check(v, &here, report);
            }
        }
    }
}

/// Refuses a JSON value over 32,768 UTF-8 bytes of compact `JSON.stringify`.
pub fn check_json_size<J: Json>(v: &J, at: &dyn Locate, what: &str, report: &mut Report) {
    let len = crate::doc::js_json_len(v);
    if len > limits::MAX_PAYLOAD_JSON_BYTES {
        report.push(
            Diagnostic::error(
                limits::JSON_TOO_LARGE,
                at,
                format!(
                    "`{what}` is {len} bytes as JSON, over the cap of {}",
                    limits::MAX_PAYLOAD_JSON_BYTES
                ),
            )
            .with_help("reference large content with an artifact ref instead of inlining it"),
        );
    }
}

fn unknown_fields<O: JsonObject>(obj: &O, shape: Shape, at: &Pointer, report: &mut Report) {
    let (names, skip) = names_of(shape);
    for (k, _) in obj.entries() {
        if names.find(k).is_some_and(|i| i >= skip) {
            continue;
        }
        let here = Below::Key(at, k);
        if shape == Shape::Create && ROW_ONLY.iter().any(|f| f.0 == k) {
            let message =
                format!("{} is assigned by the hub; upstream strips it from a create body", quote(k));
            let d = if report.strict() {
                Diagnostic::warning(SERVER_ASSIGNED, &here, message)
            } else {
                Diagnostic::info(SERVER_ASSIGNED, &here, message)
            };
            report.push(d);
            continue;
        }
        let other = match shape {
            Shape::Create => FIELDS.iter().find(|f| f.1 == k).map(|f| f.0),
            Shape::Row => FIELDS.iter().chain(ROW_ONLY).find(|f| f.0 == k && f.0 != f.1).map(|f| f.1),
        };
        let (what, fate) = match shape {
            Shape::Create => ("an event create body", "upstream strips it"),
            Shape::Row => ("an event row", "kept as it is"),
        };
        let message = if report.strict() {
            format!("{what} does not declare {}; {fate}", quote(k))
        } else {
            format!("{what} does not declare {}; kept as it is", quote(k))
        };
        let mut d = if report.strict() {
            Diagnostic::warning(crate::fields::UNKNOWN, &here, message)
        } else {
            Diagnostic::info(crate::fields::UNKNOWN, &here, message)
        };
        if let Some(other) = other {
            let casing = if shape == Shape::Create {
                "create bodies are snake_case"
            } else {
                "stored rows are camelCase"
            };
            d = d.with_help(format!("{casing}: did you mean `{other}`?"));
        }
        report.push(d);
    }
}

/// The document as upstream would store it after a strict write: unknown
/// top-level fields stripped, the principal normalized, typed payload
/// defaults filled. Rows keep their declared fields.
pub fn normalize(v: &Value, shape: Shape) -> Value {
    normalize_owned(v.clone(), shape)
}

/// [`normalize`] of a document the caller gives up: fields are moved, not
/// copied.
pub fn normalize_owned(v: Value, shape: Shape) -> Value {
    let Value::Object(obj) = v else { return v };
    let names = field_names(shape);
    let (type_key, payload_key) =
        if shape == Shape::Create { ("event_type", "payload_json") } else { ("eventType", "payloadJson") };
    let handoff = JsonObject::get(&obj, type_key).and_then(Value::as_str) == Some("handoff");
    let mut out = Map::with_capacity(obj.len());
    for (k, val) in obj {
        if !names.contains(&k.as_str()) {
            continue;
        }
        let val = match k.as_str() {
            "principal" => principal::normalize_owned(val),
            k if k == payload_key && handoff => handoff::normalize_payload_owned(val),
            _ => val,
        };
        out.insert(k, val);
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests;
