//! A stored row's fields as the fold reads them, from its text or its
//! value: one slot per field the fold indexes, in a table per kind of row.

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::json::stream::{self, Problem, Reader, Syntax};

/// One field of a row, read from parsed JSON or from raw text.
#[derive(Clone, Copy, Debug)]
pub(super) enum Field<'v> {
    Parsed(&'v Value),
    Raw(&'v str),
}

impl<'v> Field<'v> {
    pub(super) fn of_value(v: Option<&'v Value>) -> Option<Self> {
        v.filter(|v| !v.is_null()).map(Field::Parsed)
    }

    /// A raw value's text; `null` reads as absent.
    pub(super) fn of_raw(v: &'v str) -> Option<Self> {
        // A pattern, not `!=`: the size-optimised wasm build compares
        // strings by a call, and this runs for every field of every row.
        (!matches!(v.as_bytes(), [b'n', b'u', b'l', b'l'])).then_some(Field::Raw(v))
    }

    pub(super) fn first_byte(&self) -> u8 {
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

    pub(super) fn is(&self, want: Want) -> bool {
        let b = self.first_byte();
        match want {
            Want::String => b == b'"',
            Want::Number => b == b'-' || b.is_ascii_digit(),
            Want::Array => b == b'[',
            Want::Object => b == b'{',
        }
    }

    pub(super) fn str(&self) -> Option<Cow<'v, str>> {
        match self {
            Field::Parsed(v) => v.as_str().map(Cow::Borrowed),
            Field::Raw(r) => stream::string(r),
        }
    }

    pub(super) fn f64(&self) -> Option<f64> {
        match self {
            Field::Parsed(v) => v.as_f64(),
            // Plain integers (timestamps) without a parser; anything else
            // exactly as serde reads it (`-0` is `0`, as there).
            Field::Raw(r) if r.len() <= 15 && r.bytes().all(|b| b.is_ascii_digit()) => {
                Some(r.bytes().fold(0u64, |n, b| n * 10 + u64::from(b - b'0')) as f64)
            }
            Field::Raw(r) if self.is(Want::Number) => {
                serde_json::from_str::<f64>(r).ok().filter(|x| x.is_finite())
            }
            Field::Raw(_) => None,
        }
    }

    /// The strings of an array field (other items skipped).
    pub(super) fn strings(&self) -> Vec<Cow<'v, str>> {
        match self {
            Field::Parsed(v) => {
                v.as_array().into_iter().flatten().filter_map(Value::as_str).map(Cow::Borrowed).collect()
            }
            Field::Raw(r) => {
                stream::items(r).unwrap_or_default().into_iter().filter_map(stream::string).collect()
            }
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub(super) enum Want {
    String,
    Number,
    Array,
    Object,
}

/// The two tables a ledger is read from. One reader serves both: a table
/// only says which keys of a row the fold reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Table {
    Events,
    Links,
}

/// The most fields a row is read for (an event's).
pub(super) const SLOTS: usize = 21;
/// The slot of an event's `payloadJson`, read one level down too.
pub(super) const PAYLOAD: usize = 20;

/// Slots of an event row.
pub(super) mod ev {
    pub(in crate::ledger) const ID: usize = 0;
    pub(in crate::ledger) const TS: usize = 1;
    pub(in crate::ledger) const NAMESPACE: usize = 2;
    pub(in crate::ledger) const EVENT_TYPE: usize = 3;
    pub(in crate::ledger) const SOURCE_KIND: usize = 4;
    pub(in crate::ledger) const SOURCE_REF: usize = 5;
    pub(in crate::ledger) const SINK_KIND: usize = 6;
    pub(in crate::ledger) const SINK_REF: usize = 7;
    pub(in crate::ledger) const SUMMARY: usize = 8;
    pub(in crate::ledger) const RELATED_SESSION_ID: usize = 9;
    pub(in crate::ledger) const RELATED_EVENT_ID: usize = 10;
    pub(in crate::ledger) const PROVENANCE: usize = 11;
    pub(in crate::ledger) const IDEMPOTENCY_KEY: usize = 12;
    pub(in crate::ledger) const DEDUPE_KEY: usize = 13;
    pub(in crate::ledger) const SEVERITY: usize = 14;
    pub(in crate::ledger) const CONFIDENCE: usize = 15;
    pub(in crate::ledger) const EXPIRES_AT: usize = 16;
    pub(in crate::ledger) const ARTIFACT_REFS: usize = 17;
    pub(in crate::ledger) const TAGS: usize = 18;
    pub(in crate::ledger) const PRINCIPAL: usize = 19;
}

/// Slots of a link row.
pub(super) mod ln {
    pub(in crate::ledger) const ID: usize = 0;
    pub(in crate::ledger) const NAMESPACE: usize = 1;
    pub(in crate::ledger) const FROM: usize = 2;
    pub(in crate::ledger) const TO: usize = 3;
    pub(in crate::ledger) const RELATION: usize = 4;
    pub(in crate::ledger) const CREATED_AT: usize = 5;
}

/// Slots of an event's payload: `status`, `delivery_state`, `project`.
pub(super) const PAYLOAD_SLOTS: usize = 3;

pub(super) fn payload_slot(key: &str) -> Option<usize> {
    Some(match key {
        "status" => 0,
        "delivery_state" => 1,
        "project" => 2,
        _ => return None,
    })
}

impl Table {
    pub(super) fn name(self) -> &'static str {
        match self {
            Table::Events => "events",
            Table::Links => "links",
        }
    }

    /// The slot a key fills, if the fold reads it. Matched on the length
    /// first: natively a match compiles to that anyway, and in the
    /// size-optimised wasm build, which compares strings by a call each, it
    /// leaves a key to be compared with the few names of its length only.
    pub(super) fn slot(self, key: &str) -> Option<usize> {
        Some(match (self, key.len()) {
            (Table::Events, 2) => match key {
                "id" => ev::ID,
                "ts" => ev::TS,
                _ => return None,
            },
            (Table::Events, 4) if key == "tags" => ev::TAGS,
            (Table::Events, 7) => match key {
                "sinkRef" => ev::SINK_REF,
                "summary" => ev::SUMMARY,
                _ => return None,
            },
            (Table::Events, 8) => match key {
                "sinkKind" => ev::SINK_KIND,
                "severity" => ev::SEVERITY,
                _ => return None,
            },
            (Table::Events, 9) => match key {
                "sourceRef" => ev::SOURCE_REF,
                "eventType" => ev::EVENT_TYPE,
                "dedupeKey" => ev::DEDUPE_KEY,
                "expiresAt" => ev::EXPIRES_AT,
                "namespace" => ev::NAMESPACE,
                "principal" => ev::PRINCIPAL,
                _ => return None,
            },
            (Table::Events, 10) => match key {
                "sourceKind" => ev::SOURCE_KIND,
                "provenance" => ev::PROVENANCE,
                "confidence" => ev::CONFIDENCE,
                _ => return None,
            },
            (Table::Events, 11) if key == "payloadJson" => PAYLOAD,
            (Table::Events, 12) if key == "artifactRefs" => ev::ARTIFACT_REFS,
            (Table::Events, 14) => match key {
                "relatedEventId" => ev::RELATED_EVENT_ID,
                "idempotencyKey" => ev::IDEMPOTENCY_KEY,
                _ => return None,
            },
            (Table::Events, 16) if key == "relatedSessionId" => ev::RELATED_SESSION_ID,
            (Table::Links, 2) if key == "id" => ln::ID,
            (Table::Links, 9) => match key {
                "toEventId" => ln::TO,
                "createdAt" => ln::CREATED_AT,
                "namespace" => ln::NAMESPACE,
                _ => return None,
            },
            (Table::Links, 11) if key == "fromEventId" => ln::FROM,
            (Table::Links, 12) if key == "relationType" => ln::RELATION,
            _ => return None,
        })
    }
}

/// The fields of a row the fold reads, by slot.
pub(super) struct Fields<'v> {
    pub(super) slots: [Option<Field<'v>>; SLOTS],
    /// The payload's fields (events), read with the row when it came as
    /// text; `None` when they are still to be read from the payload slot.
    pub(super) payload: Option<[Option<Field<'v>>; PAYLOAD_SLOTS]>,
}

impl<'v> Fields<'v> {
    pub(super) fn get(&self, slot: usize) -> Option<Field<'v>> {
        self.slots.get(slot).copied().flatten()
    }

    /// One pass over a parsed row's entries.
    pub(super) fn of_value(table: Table, obj: &'v Map<String, Value>) -> Self {
        let mut slots = [None; SLOTS];
        for (key, value) in obj {
            if let Some(slot) = table.slot(key).and_then(|s| slots.get_mut(s)) {
                *slot = Field::of_value(Some(value));
            }
        }
        Fields { slots, payload: None }
    }
}

/// A row as read from text by [`read_row`].
pub(crate) struct RowText<'v> {
    /// The row's text.
    pub(super) text: &'v str,
    /// Whether it is an object.
    pub(super) object: bool,
    pub(super) slots: [Option<&'v str>; SLOTS],
    pub(super) payload: [Option<&'v str>; PAYLOAD_SLOTS],
    /// A field the fold reads is named twice in the row.
    pub(super) twice: bool,
    /// A payload field the fold reads is named twice.
    pub(super) payload_twice: bool,
    /// What a parser would refuse in the row, and the key it is under.
    pub(super) problem: Option<(Problem, Option<Cow<'v, str>>)>,
}

/// Reads one row of `table` at the cursor (at `depth`): every byte of it is
/// checked, and the fields the fold reads (for events, the payload's too)
/// are kept as slices of the text, in the same pass.
pub(crate) fn read_row<'v>(r: &mut Reader<'v>, depth: usize, table: Table) -> Result<RowText<'v>, Syntax> {
    r.ws();
    let start = r.pos();
    let mut slots: [Option<&'v str>; SLOTS] = [None; SLOTS];
    let mut payload: [Option<&'v str>; PAYLOAD_SLOTS] = [None; PAYLOAD_SLOTS];
    let (mut seen, mut payload_seen) = (0u32, 0u32);
    let (mut twice, mut payload_twice) = (false, false);
    let mut problem_key: Option<Cow<'v, str>> = None;
    let object = r.entries(depth, &mut |r, key| {
        let had_problem = r.problem().is_some();
        match table.slot(&key) {
            Some(PAYLOAD) if table == Table::Events => {
                r.ws();
                let from = r.pos();
                let is_object = r.entries(depth + 1, &mut |r, key| {
                    let value = r.value(depth + 2)?;
                    if let Some(slot) = payload_slot(&key) {
                        payload_twice |= !mark(&mut payload_seen, slot);
                        if let Some(cell) = payload.get_mut(slot) {
                            *cell = Some(value);
                        }
                    }
                    Ok(())
                })?;
                if !is_object {
                    r.value(depth + 1)?;
                }
                twice |= !mark(&mut seen, PAYLOAD);
                if let Some(cell) = slots.get_mut(PAYLOAD) {
                    *cell = Some(r.since(from));
                }
            }
            Some(slot) => {
                let value = r.value(depth + 1)?;
                twice |= !mark(&mut seen, slot);
                if let Some(cell) = slots.get_mut(slot) {
                    *cell = Some(value);
                }
            }
            None => {
                r.value(depth + 1)?;
            }
        }
        if !had_problem && r.problem().is_some() {
            problem_key = Some(key);
        }
        Ok(())
    })?;
    if !object {
        r.value(depth)?;
    }
    let problem = r.take_problem().map(|(p, _)| (p, problem_key));
    Ok(RowText { text: r.since(start), object, slots, payload, twice, payload_twice, problem })
}

/// Marks `slot` (below 32) seen; `false` when it was seen before.
pub(super) fn mark(seen: &mut u32, slot: usize) -> bool {
    let bit = 1u32 << (slot & 31);
    let fresh = *seen & bit == 0;
    *seen |= bit;
    fresh
}

/// Payload `status`, `delivery_state` and `project` (`Err` when not a string).
pub(super) struct PayloadFields<'v> {
    pub(super) status: Option<Result<Cow<'v, str>, ()>>,
    pub(super) delivery_state: Option<Result<Cow<'v, str>, ()>>,
    pub(super) project: Option<Cow<'v, str>>,
}

pub(super) fn payload_fields<'v>(f: &Fields<'v>) -> PayloadFields<'v> {
    pub(super) fn read<'x>(f: Option<Field<'x>>) -> Option<Result<Cow<'x, str>, ()>> {
        f.map(|f| f.str().ok_or(()))
    }
    pub(super) fn own(c: Cow<'_, str>) -> Cow<'static, str> {
        Cow::Owned(c.into_owned())
    }
    let of = |[status, delivery_state, project]: [Option<Field<'v>>; PAYLOAD_SLOTS]| PayloadFields {
        status: read(status),
        delivery_state: read(delivery_state),
        project: project.and_then(|p| p.str()),
    };
    let none = || PayloadFields { status: None, delivery_state: None, project: None };
    let Some(field) = f.get(PAYLOAD).filter(|p| p.is(Want::Object)) else { return none() };
    if let Some(read_with_row) = f.payload {
        return of(read_with_row);
    }
    match field {
        Field::Parsed(v) => of(["status", "delivery_state", "project"].map(|k| Field::of_value(v.get(k)))),
        // A key named twice: read it as `JSON.parse` would (last wins).
        Field::Raw(r) => match serde_json::from_str::<Value>(r) {
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
    }
}

#[cfg(test)]
mod tests {
    use super::{SLOTS, Table};
    use crate::event::{Shape, field_names};

    #[test]
    fn every_row_field_of_the_event_list_has_its_own_slot() {
        // The slots follow the event field list: every stored-row name is
        // read, each into its own slot, and there is no slot for any other.
        let names = field_names(Shape::Row);
        let mut slots: Vec<usize> = names
            .iter()
            .map(|n| Table::Events.slot(n).unwrap_or_else(|| panic!("`{n}` has no slot")))
            .collect();
        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots.len(), names.len());
        assert_eq!(names.len(), SLOTS);
        assert_eq!(Table::Events.slot("source_kind"), None);
    }

    #[test]
    fn a_key_fills_a_slot_only_under_its_exact_name() {
        // Keys that share a name's length and first byte, or are a prefix
        // of one, fill no slot.
        for key in ["iD", "tS", "nameSpace", "eventTypo", "namespac", ""] {
            assert_eq!(Table::Events.slot(key), None, "{key}");
        }
        let links = ["id", "namespace", "fromEventId", "toEventId", "relationType", "createdAt"];
        let mut slots: Vec<usize> = links.iter().filter_map(|n| Table::Links.slot(n)).collect();
        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots.len(), links.len());
        assert_eq!(Table::Links.slot("eventType"), None);
        assert_eq!(Table::Links.slot("fromEventID"), None);
    }
}
