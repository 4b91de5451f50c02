//! upstream's zod schemas as tables: each field's name, type, caps and
//! whether it is required, in the schema's order.

use super::tree::Text;
use crate::event::{self, Spec};

/// What a field of a schema is.
#[derive(Clone, Copy)]
pub(super) enum Ty {
    /// A string of `min..=max` code points (`null` too, when nullable).
    Str {
        min: usize,
        max: usize,
        nullable: bool,
    },
    /// A finite number.
    Num,
    /// Any JSON value, at most 32,768 bytes as `JSON.stringify` prints it.
    Json,
    /// At most 32 strings of at most 256 code points.
    Tags,
    /// At most 32 artifact refs.
    ArtifactRefs,
    Principal,
}

#[derive(Clone, Copy)]
pub(super) struct Field {
    pub(super) name: &'static str,
    pub(super) ty: Ty,
    pub(super) required: bool,
}

pub(super) const fn s(name: &'static str, min: usize, max: usize, required: bool) -> Field {
    Field { name, ty: Ty::Str { min, max, nullable: false }, required }
}

pub(super) const fn f(name: &'static str, ty: Ty) -> Field {
    Field { name, ty, required: false }
}

pub(super) type Schema = [Field];

/// The most fields a schema has (`WorkGraphEventCreateSchema`'s 18).
pub(super) const MAX_FIELDS: usize = 18;

/// `WorkGraphEventCreateSchema`, in its order: the event model's own field
/// table (names, caps, required), each field read as zod states its rule.
pub(super) static EVENT_CREATE: [Field; event::CREATE_FIELDS] = event_create();

const _: () = assert!(event::CREATE_FIELDS <= MAX_FIELDS);

#[expect(clippy::indexing_slicing, reason = "a const fn cannot `get`; `i` stays below the length")]
const fn event_create() -> [Field; event::CREATE_FIELDS] {
    let mut out = [f("", Ty::Num); event::CREATE_FIELDS];
    let mut i = 0;
    while i < event::CREATE_FIELDS {
        let (name, spec, required) = event::create_field(i);
        let ty = match spec {
            Spec::Str(min, max) => Ty::Str { min, max, nullable: false },
            Spec::Num => Ty::Num,
            Spec::Json => Ty::Json,
            Spec::Refs => Ty::ArtifactRefs,
            Spec::Tags => Ty::Tags,
            Spec::Principal => Ty::Principal,
        };
        out[i] = Field { name, ty, required };
        i += 1;
    }
    out
}

/// `WorkGraphEventLinkCreateSchema`.
pub(super) static LINK_CREATE: [Field; 4] = [
    s("from_event_id", 1, 256, true),
    s("to_event_id", 1, 256, true),
    s("relation_type", 1, 128, true),
    f("metadata_json", Ty::Json),
];

/// `WorkGraphArtifactRefSchema`: its keys; any other key is kept.
pub(super) static ARTIFACT_REF: [Field; 6] = [
    s("kind", 1, 128, true),
    s("url", 0, 8192, false),
    s("title", 0, 512, false),
    Field { name: "ref", ty: Ty::Str { min: 0, max: 8192, nullable: true }, required: false },
    s("source", 0, 128, false),
    f("created_at", Ty::Num),
];

pub(super) static HUMAN: [Field; 2] = [s("kind", 1, usize::MAX, true), s("id", 1, 256, true)];
pub(super) static DELEGATE: [Field; 3] =
    [s("kind", 1, usize::MAX, true), s("id", 1, 256, true), s("on_behalf_of", 1, 256, true)];

pub(super) const PRINCIPAL_KINDS: &str = "'human' | 'agent' | 'service'";

/// What the store would keep of the document, to build once it passed.
#[derive(Clone, Copy)]
pub(super) enum Stored {
    Fields(&'static Schema),
    Principal,
    ArtifactRef,
}

/// Whether keys outside a schema are stripped (and so worth a word).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Strip {
    Yes,
    No,
}

/// Whether a loose object's key outside `schema` is kept in zod's data:
/// every one but `__proto__`, which zod assigns (so it sets the data's
/// prototype and is no key of it; `JSON.stringify` then writes none).
pub(super) fn kept_beside(schema: &Schema, k: Text<'_>) -> bool {
    !schema.iter().any(|f| k.is(f.name)) && !k.is("__proto__")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Run::slots` starts its search where the last key matched, which
    /// finds the same field only while a schema names each field once.
    #[test]
    fn every_schema_names_each_field_once() {
        let schemas: [&Schema; 5] = [&EVENT_CREATE, &LINK_CREATE, &ARTIFACT_REF, &HUMAN, &DELEGATE];
        for schema in schemas {
            assert!(schema.len() <= MAX_FIELDS);
            for (i, f) in schema.iter().enumerate() {
                assert!(schema.iter().skip(i + 1).all(|g| g.name != f.name), "{} twice", f.name);
            }
        }
    }

    /// The stored form writes a field's name as it stands, in quotes:
    /// what JSON's escaping writes for a name of plain characters.
    #[test]
    fn every_field_name_is_written_as_it_stands() {
        let schemas: [&Schema; 5] = [&EVENT_CREATE, &LINK_CREATE, &ARTIFACT_REF, &HUMAN, &DELEGATE];
        for f in schemas.into_iter().flatten() {
            let mut escaped = String::new();
            crate::json::write_string(&mut escaped, f.name);
            assert_eq!(escaped, format!("\"{}\"", f.name));
        }
    }
}
