//! One run of upstream's schema and route checks over a read document:
//! zod's issues in zod's order and words, then the route's refusals.

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::diagnostic::{self, Diagnostic, Severity};
use crate::fields::{self, Mode};
use crate::limits::{self, MAX_PAYLOAD_JSON_BYTES};
use crate::pointer::Pointer;
use crate::request::Options;
use crate::{event, json, principal, secrets, vocab};

use super::schema::{
    ARTIFACT_REF, DELEGATE, EVENT_CREATE, Field, HUMAN, MAX_FIELDS, PRINCIPAL_KINDS, Schema, Stored, Strip,
    Ty, kept_beside,
};
use super::tree::{Node, Other, Text, Tree, string};
use crate::js::number::js_number_of;

crate::define_codes! {
    NOT_STORED = "upstream/not-normalized", "(profile `upstream`) the accepted document holds what a `Value` cannot (a lone surrogate, or nesting deeper than 64 levels): the typed API's `normalized` is left out (a call's answer, which is text, carries it)";
}

pub(super) struct Run<'a, 't> {
    pub(super) tree: &'a Tree<'t>,
    pub(super) mode: Mode,
    /// Upstream's issues and the route's refusal, in upstream's order.
    pub(super) errors: Vec<Diagnostic>,
    /// Everything that does not refuse.
    pub(super) notes: Vec<Diagnostic>,
}

/// zod's name for what it found.
pub(super) fn received<'t>(tree: &Tree<'t>, v: Option<usize>) -> Cow<'t, str> {
    if let Some(Node::Object { class: Some(class), .. }) = v.map(|v| tree.node(v)) {
        return class.lossy();
    }
    Cow::Borrowed(match v.map(|v| tree.node(v)) {
        None | Some(Node::Undefined) => "undefined",
        Some(Node::Other(other)) => other.zod_name(),
        Some(Node::Number(x)) if x.is_nan() => "NaN",
        Some(Node::Null) => "null",
        Some(Node::Bool(_)) => "boolean",
        Some(Node::Number(x)) if x == f64::INFINITY => "Infinity",
        Some(Node::Number(x)) if x == f64::NEG_INFINITY => "-Infinity",
        Some(Node::Number(_)) => "number",
        Some(Node::String(_)) => "string",
        Some(Node::Array { .. }) => "array",
        Some(Node::Object { .. } | Node::Key { .. }) => "object",
    })
}

/// This crate's name for what it found.
pub(super) fn found(tree: &Tree<'_>, v: usize) -> &'static str {
    match tree.node(v) {
        Node::Undefined => "undefined",
        Node::Other(Other::BigInt) => "a BigInt",
        Node::Other(Other::Function(_)) => "a function",
        Node::Other(Other::Symbol) => "a symbol",
        Node::Number(x) if x.is_nan() => "NaN",
        Node::Number(x) if !x.is_finite() => "a number beyond the double range (Infinity)",
        Node::Null => "null",
        Node::Bool(_) => "a boolean",
        Node::Number(_) => "a number",
        Node::String(_) => "a string",
        Node::Array { .. } => "an array",
        Node::Object { .. } | Node::Key { .. } => "an object",
    }
}

impl<'t> Run<'_, 't> {
    /// zod's `invalid_type`: missing or of another type.
    pub(super) fn invalid_type(&mut self, at: &Pointer, what: &str, expected: &str, v: Option<usize>) {
        let upstream = format!("Invalid input: expected {expected}, received {}", received(self.tree, v));
        let what = if at.as_str().is_empty() { "the document".to_owned() } else { format!("`{what}`") };
        let d = match v {
            None => Diagnostic::error(fields::MISSING, at, format!("{what} is required")),
            Some(v) => Diagnostic::error(
                fields::WRONG_TYPE,
                at,
                format!("{what} must be {}, found {}", article(expected), found(self.tree, v)),
            ),
        };
        self.errors.push(d.with_upstream("invalid_type", upstream));
    }

    /// The field's value (the last of equal keys) in the object at `o`.
    pub(super) fn get(&self, o: usize, name: &str) -> Option<usize> {
        self.tree.kept(o).find(|(k, _)| k.is(name)).map(|(_, v)| v)
    }

    /// The values of `schema`'s fields in the object at `o`, in the
    /// schema's order, and whether it holds other keys too.
    pub(super) fn slots(&self, o: usize, schema: &Schema) -> ([Option<usize>; MAX_FIELDS], bool) {
        slots_of(self.tree.kept(o), schema)
    }

    /// [`Run::slots`] of the members zod's data keeps, where a field
    /// holding `undefined` is there: each field's value, in one pass over
    /// the members.
    pub(super) fn slots_for_data(&self, o: usize, schema: &Schema) -> [Option<usize>; MAX_FIELDS] {
        slots_of(self.tree.kept_for_data(o), schema).0
    }

    /// Checks the object at `v` against `schema`; `false` when it is not an
    /// object at all.
    pub(super) fn object(&mut self, v: usize, at: &Pointer, schema: &'static Schema, strip: Strip) -> bool {
        if !matches!(self.tree.node(v), Node::Object { .. }) {
            self.invalid_type(at, last_token(at), "object", Some(v));
            return false;
        }
        let (slots, other) = self.slots(v, schema);
        for (field, &value) in schema.iter().zip(&slots) {
            // Most fields pass: their pointer is built only when one does not.
            if !self.passes(field, value) {
                self.field(field, value, &at.key(field.name));
            } else if let (Ty::Principal, Some(p)) = (field.ty, value) {
                // A principal that passes may still hold keys zod strips.
                let schema: &Schema = if self.kind_is(p, "human") { &HUMAN } else { &DELEGATE };
                if self.slots(p, schema).1 {
                    self.stripped(p, &at.key(field.name), schema);
                }
            }
        }
        if strip == Strip::Yes && other {
            self.stripped(v, at, schema);
        }
        true
    }

    /// Whether a field's value passes every check of its schema: the
    /// reports' own walk, without places or messages.
    pub(super) fn passes(&self, field: &Field, v: Option<usize>) -> bool {
        let Some(v) = v else { return !field.required };
        let node = self.tree.node(v);
        // A string has no more code points than its text has bytes, and a
        // text that is not empty has at least one (an escape is one or
        // two units), so the count is needed only near the bounds.
        let fits = |t: Text<'_>, min: usize, max: usize| {
            let sure = t.raw.len() <= max && (min == 0 || (min == 1 && !t.raw.is_empty()));
            sure || (min..=max).contains(&t.code_points())
        };
        match (field.ty, node) {
            (Ty::Str { nullable: true, .. }, Node::Null) => true,
            (Ty::Str { min, max, .. }, Node::String(t)) => fits(t, min, max),
            (Ty::Str { .. }, _) => false,
            (Ty::Num, Node::Number(x)) => x.is_finite(),
            (Ty::Num, _) => false,
            (Ty::Json, _) => self.tree.json_fits(v, MAX_PAYLOAD_JSON_BYTES),
            (Ty::Tags, Node::Array { len, .. }) => {
                len <= limits::MAX_TAGS
                    && self
                        .tree
                        .items(v)
                        .all(|i| matches!(self.tree.node(i), Node::String(t) if fits(t, 0, limits::MAX_TAG)))
            }
            (Ty::ArtifactRefs, Node::Array { len, .. }) => {
                len <= limits::MAX_ARTIFACT_REFS
                    && self.tree.items(v).all(|i| self.object_passes(i, &ARTIFACT_REF))
            }
            (Ty::Tags | Ty::ArtifactRefs, _) => false,
            (Ty::Principal, Node::Object { .. }) => {
                let schema: &Schema = if self.kind_is(v, "human") {
                    &HUMAN
                } else if self.kind_is(v, "agent") || self.kind_is(v, "service") {
                    &DELEGATE
                } else {
                    return false;
                };
                self.object_passes(v, schema)
            }
            (Ty::Principal, _) => false,
        }
    }

    pub(super) fn object_passes(&self, o: usize, schema: &Schema) -> bool {
        if !matches!(self.tree.node(o), Node::Object { .. }) {
            return false;
        }
        let (slots, _) = self.slots(o, schema);
        schema.iter().zip(&slots).all(|(f, &v)| self.passes(f, v))
    }

    /// A word for each key upstream strips from the object at `o`.
    pub(super) fn stripped(&mut self, o: usize, at: &Pointer, schema: &Schema) {
        for (k, _) in self.tree.kept(o) {
            if schema.iter().any(|f| k.is(f.name)) {
                continue;
            }
            let key = k.lossy();
            let place = at.key(&key);
            let d = if key == "on_behalf_of" {
                Diagnostic::new(
                    principal::OWNER_ON_HUMAN,
                    self.note_severity(),
                    &place,
                    "a human principal has no `on_behalf_of`; upstream strips it",
                )
            } else {
                Diagnostic::new(
                    fields::UNKNOWN,
                    self.note_severity(),
                    &place,
                    format!("{} is not a field upstream stores; it strips it", diagnostic::quote(&key)),
                )
            };
            self.notes.push(d);
        }
    }

    /// What a word about stripped content is: a warning for a writer, a note
    /// for a reader.
    pub(super) fn note_severity(&self) -> Severity {
        match self.mode {
            Mode::Strict => Severity::Warning,
            Mode::Lenient => Severity::Info,
        }
    }

    pub(super) fn field(&mut self, field: &Field, v: Option<usize>, at: &Pointer) {
        let name = field.name;
        let Some(v) = v else {
            if field.required {
                let expected = match field.ty {
                    Ty::Str { .. } => "string",
                    Ty::Num => "number",
                    Ty::Tags | Ty::ArtifactRefs => "array",
                    Ty::Principal => "object",
                    Ty::Json => return,
                };
                self.invalid_type(at, name, expected, None);
            }
            return;
        };
        match field.ty {
            Ty::Str { min, max, nullable } => {
                if nullable && matches!(self.tree.node(v), Node::Null) {
                    return;
                }
                self.string(v, at, name, min, max);
            }
            Ty::Num => {
                if !matches!(self.tree.node(v), Node::Number(x) if x.is_finite()) {
                    self.invalid_type(at, name, "number", Some(v));
                }
            }
            Ty::Json => {
                if !self.tree.json_fits(v, MAX_PAYLOAD_JSON_BYTES) {
                    self.errors.push(
                        Diagnostic::error(
                            limits::JSON_TOO_LARGE,
                            at,
                            format!(
                                "`{name}` is over {MAX_PAYLOAD_JSON_BYTES} UTF-8 bytes as `JSON.stringify` prints it"
                            ),
                        )
                        .with_upstream("custom", format!("{name} exceeds {MAX_PAYLOAD_JSON_BYTES} bytes")),
                    );
                }
            }
            Ty::Tags | Ty::ArtifactRefs => {
                let Node::Array { len, .. } = self.tree.node(v) else {
                    self.invalid_type(at, name, "array", Some(v));
                    self.echo_length(v, at, name, 0, limits::MAX_TAGS);
                    return;
                };
                let cap =
                    if matches!(field.ty, Ty::Tags) { limits::MAX_TAGS } else { limits::MAX_ARTIFACT_REFS };
                if len > cap {
                    // zod reports the cap alone, not the items.
                    self.errors.push(
                        Diagnostic::error(
                            limits::TOO_MANY_ITEMS,
                            at,
                            format!("`{name}` has {len} items, over the cap of {cap}"),
                        )
                        .with_upstream("too_big", format!("Too big: expected array to have <={cap} items")),
                    );
                    return;
                }
                let end = self.tree.end(v);
                let (mut i, mut n) = (v + 1, 0);
                while i < end {
                    let item = at.index(n);
                    if matches!(field.ty, Ty::Tags) {
                        self.string(i, &item, "tag", 0, limits::MAX_TAG);
                    } else {
                        self.artifact_ref(i, &item);
                    }
                    i = self.tree.end(i);
                    n += 1;
                }
            }
            Ty::Principal => {
                self.principal(v, at);
            }
        }
    }

    pub(super) fn string(&mut self, v: usize, at: &Pointer, what: &str, min: usize, max: usize) {
        let Node::String(t) = self.tree.node(v) else {
            self.invalid_type(at, what, "string", Some(v));
            self.echo_length(v, at, what, min, max);
            return;
        };
        // At most 4 bytes a code point: a short text needs no count.
        if min == 0 && t.raw.len() <= max {
            return;
        }
        let len = t.code_points();
        if len < min {
            let message = if len == 0 {
                format!("`{what}` must not be empty")
            } else {
                format!("`{what}` is {len} characters long, under the minimum of {min}")
            };
            self.errors.push(Diagnostic::error(limits::STRING_TOO_SHORT, at, message).with_upstream(
                "too_small",
                format!("Too small: expected string to have >={min} characters"),
            ));
        } else if len > max {
            self.errors.push(
                Diagnostic::error(
                    limits::STRING_TOO_LONG,
                    at,
                    format!("`{what}` is {len} characters long, over the cap of {max}"),
                )
                .with_upstream("too_big", format!("Too big: expected string to have <={max} characters")),
            );
        }
    }

    /// zod measures a value of the wrong type against the length checks
    /// all the same, when it has a `length` (a string in code points, an
    /// array in items, an object by its `length` member as JavaScript
    /// compares it), and reports each check it fails after the type.
    pub(super) fn echo_length(&mut self, v: usize, at: &Pointer, what: &str, min: usize, max: usize) {
        let (len, origin) = match self.tree.node(v) {
            #[expect(clippy::cast_precision_loss, reason = "lengths are far below 2^53")]
            Node::String(t) => (t.code_points() as f64, "string"),
            #[expect(clippy::cast_precision_loss, reason = "lengths are far below 2^53")]
            Node::Array { len, .. } => (len as f64, "array"),
            Node::Object { .. } => match self.get(v, "length") {
                Some(l) => (self.to_number(l), "unknown"),
                None => return,
            },
            Node::Other(Other::Function(length)) => (length, "unknown"),
            _ => return,
        };
        let spell = |relation: &str, bound: usize| match origin {
            "string" => format!("expected string to have {relation}{bound} characters"),
            "array" => format!("expected array to have {relation}{bound} items"),
            _ => format!("expected unknown to be {relation}{bound}"),
        };
        #[expect(clippy::cast_precision_loss, reason = "the bounds are field caps, far below 2^53")]
        let (low, high) = (min as f64, max as f64);
        let issue = if min > 0 && len < low {
            ("too_small", format!("Too small: {}", spell(">=", min)))
        } else if max < usize::MAX && len > high {
            ("too_big", format!("Too big: {}", spell("<=", max)))
        } else {
            return;
        };
        self.errors.push(
            Diagnostic::error(
                fields::WRONG_TYPE,
                at,
                format!("`{what}` has the wrong type; upstream also measures its length against the field's bounds"),
            )
            .with_upstream(issue.0, issue.1),
        );
    }

    /// JavaScript's `Number(value)` of a JSON value, as `<` and `>` compare
    /// it (`NaN` where it is not a number).
    pub(super) fn to_number(&self, v: usize) -> f64 {
        match self.tree.node(v) {
            Node::Number(x) => x,
            Node::Bool(b) => f64::from(u8::from(b)),
            Node::Null | Node::Array { len: 0, .. } => 0.0,
            Node::String(t) => js_number_of(&t.lossy()),
            _ => f64::NAN,
        }
    }

    pub(super) fn artifact_ref(&mut self, v: usize, at: &Pointer) {
        self.object(v, at, &ARTIFACT_REF, Strip::No);
    }

    /// The discriminated union on `kind`; the member's schema, or `None`.
    pub(super) fn principal(&mut self, v: usize, at: &Pointer) -> Option<&'static Schema> {
        if !matches!(self.tree.node(v), Node::Object { .. }) {
            self.invalid_type(at, "principal", "object", Some(v));
            return None;
        }
        let kind = self.get(v, "kind");
        let schema: Option<&'static Schema> = match kind.map(|k| self.tree.node(k)) {
            Some(Node::String(t)) if t.is("human") => Some(&HUMAN),
            Some(Node::String(t)) if t.is("agent") || t.is("service") => Some(&DELEGATE),
            _ => None,
        };
        let Some(schema) = schema else {
            let place = at.key("kind");
            let upstream = format!("Invalid discriminator value. Expected {PRINCIPAL_KINDS}");
            let d = match kind.map(|k| (k, self.tree.node(k))) {
                None => Diagnostic::error(fields::MISSING, &place, "`kind` is required"),
                Some((_, Node::String(t))) => Diagnostic::error(
                    vocab::UNKNOWN_VALUE,
                    &place,
                    format!(
                        "{} is not a principal kind (human, agent, service)",
                        diagnostic::quote(&t.lossy())
                    ),
                ),
                Some((k, _)) => Diagnostic::error(
                    fields::WRONG_TYPE,
                    &place,
                    format!("`kind` must be a string, found {}", found(self.tree, k)),
                ),
            };
            self.errors.push(d.with_upstream("invalid_union", upstream));
            return None;
        };
        self.object(v, at, schema, Strip::Yes);
        Some(schema)
    }

    pub(super) fn event_create(&mut self, options: &Options) -> Stored {
        let root = Pointer::root();
        if !self.object(0, &root, &EVENT_CREATE, Strip::Yes) || !self.errors.is_empty() {
            return Stored::Fields(&EVENT_CREATE);
        }
        let Some(p) = self.get(0, "principal") else { return Stored::Fields(&EVENT_CREATE) };
        let at = root.key("principal");
        if let Some(owner) = &options.owner
            && !self.owned(p, owner)
        {
            self.not_owner(p, &at, owner);
            return Stored::Fields(&EVENT_CREATE);
        }
        if options.http_writer
            && let Some(v) = self.get(0, "provenance")
            && matches!(self.tree.node(v), Node::String(t) if t.is(event::NOTIFY_PROVENANCE))
        {
            self.errors.push(
                Diagnostic::error(
                    event::RESERVED_PROVENANCE,
                    &root.key("provenance"),
                    format!("`{}` is written by the hub's notify elevation only", event::NOTIFY_PROVENANCE),
                )
                .with_help("an HTTP writer names another provenance"),
            );
            return Stored::Fields(&EVENT_CREATE);
        }
        if let Some(d) = self.unaccountable(p, &at, Severity::Error) {
            self.errors.push(d);
        }
        Stored::Fields(&EVENT_CREATE)
    }

    /// A principal alone: the schema, then upstream's two functions on it
    /// (`principalMatchesAuthenticatedOwner` with an `owner`, then
    /// `isPrincipalAccountable`). Those read the value without the schema,
    /// so they answer whatever the schema said.
    pub(super) fn lone_principal(&mut self, options: &Options) -> Stored {
        let root = Pointer::root();
        self.principal(0, &root);
        if let Some(owner) = &options.owner
            && !self.owned(0, owner)
        {
            self.not_owner(0, &root, owner);
            return Stored::Principal;
        }
        if let Some(d) = self.unaccountable(0, &root, Severity::Warning) {
            self.notes.push(d);
        }
        Stored::Principal
    }

    pub(super) fn not_owner(&mut self, p: usize, at: &Pointer, owner: &str) {
        let field = if self.kind_is(p, "human") { "id" } else { "on_behalf_of" };
        let named = match self.get(p, field).map(|v| self.tree.node(v)) {
            Some(Node::String(t)) => t.lossy(),
            _ => Cow::Borrowed(""),
        };
        self.errors.push(
            Diagnostic::error(
                principal::NOT_OWNER,
                &at.key(field),
                principal::not_owner_message(&named, owner),
            )
            .with_help("a human names the owner as `id`; an agent or service names it as `on_behalf_of`"),
        );
    }

    /// `principalMatchesAuthenticatedOwner`: a human by its `id`, an agent
    /// or service by its `on_behalf_of`, exactly.
    pub(super) fn owned(&self, p: usize, owner: &str) -> bool {
        let is = |name| {
            self.get(p, name).is_some_and(|v| matches!(self.tree.node(v), Node::String(t) if t.is(owner)))
        };
        if self.kind_is(p, "human") { is("id") } else { is("on_behalf_of") }
    }

    pub(super) fn kind_is(&self, p: usize, kind: &str) -> bool {
        self.get(p, "kind").is_some_and(|v| matches!(self.tree.node(v), Node::String(t) if t.is(kind)))
    }

    /// `isPrincipalAccountable`, refused as the store refuses it: a human
    /// by a non-blank `id`, an agent or a service by a non-blank
    /// `on_behalf_of` (its `id` is not looked at: upstream trims only a
    /// human's).
    pub(super) fn unaccountable(&self, p: usize, at: &Pointer, severity: Severity) -> Option<Diagnostic> {
        let blank = |name| {
            self.get(p, name).is_none_or(|v| !matches!(self.tree.node(v), Node::String(t) if !t.is_blank()))
        };
        let human = self.kind_is(p, "human");
        let message = if human && blank("id") {
            "the principal's `id` is blank"
        } else if !human && blank("on_behalf_of") {
            "a non-human principal names no human owner in `on_behalf_of` (it is blank)"
        } else {
            return None;
        };
        Some(
            Diagnostic::new(principal::UNACCOUNTABLE, severity, at, message)
                .with_help("upstream's store refuses it: every event is accountable to a human"),
        )
    }

    // -------------------------------------------------------------- stored

    /// What zod hands the store, or `None` where a `Value` cannot hold it.
    pub(super) fn stored(&self, stored: Stored) -> Option<Value> {
        if self.tree.depth > json::MAX_DEPTH {
            return None;
        }
        match stored {
            Stored::Fields(schema) => self.stored_object(0, schema, false),
            Stored::Principal => self.stored_principal(0),
            Stored::ArtifactRef => self.stored_object(0, &ARTIFACT_REF, true),
        }
    }

    pub(super) fn stored_object(&self, o: usize, schema: &Schema, loose: bool) -> Option<Value> {
        let mut map = Map::new();
        let slots = self.slots_for_data(o, schema);
        for (field, &slot) in schema.iter().zip(&slots) {
            let Some(v) = slot else { continue };
            let value = match field.ty {
                _ if matches!(self.tree.node(v), Node::Undefined) => Value::Null,
                Ty::Principal => self.stored_principal(v)?,
                Ty::ArtifactRefs => {
                    let mut items = Vec::new();
                    for i in self.tree.items(v) {
                        items.push(self.stored_object(i, &ARTIFACT_REF, true)?);
                    }
                    Value::Array(items)
                }
                _ => self.tree.value(v)?,
            };
            map.insert(field.name.to_owned(), value);
        }
        if loose {
            for (k, v) in self.tree.ordered(o) {
                if kept_beside(schema, k) {
                    map.insert(string(k)?, self.tree.value(v)?);
                }
            }
        }
        Some(Value::Object(map))
    }

    pub(super) fn stored_principal(&self, p: usize) -> Option<Value> {
        self.stored_object(p, self.principal_schema(p), false)
    }

    /// The fields a principal keeps when stored: a human's `on_behalf_of`
    /// is stripped.
    pub(super) fn principal_schema(&self, p: usize) -> &'static Schema {
        if self.kind_is(p, "human") { &HUMAN } else { &DELEGATE }
    }

    /// The notes for an accepted document no `Value` can hold: why
    /// `normalized` is missing, and the secret scan of each stored top-level
    /// field read straight from the text.
    pub(super) fn unstorable_notes(&mut self, scan: bool, left_out: bool) {
        if left_out {
            let why = if self.tree.depth > json::MAX_DEPTH {
                format!("it nests {} levels deep, deeper than {}", self.tree.depth, json::MAX_DEPTH)
            } else {
                "it holds a lone surrogate, which JSON text can carry only escaped".to_owned()
            };
            self.notes.push(Diagnostic::info(
                NOT_STORED,
                &Pointer::root(),
                format!("upstream's schema accepts the document, but `normalized` is left out: {why}"),
            ));
        }
        if !scan || !matches!(self.tree.node(0), Node::Object { .. }) {
            return;
        }
        let mut found = Vec::new();
        for (k, v) in self.tree.kept(0) {
            let mut codes = Vec::new();
            for node in self.tree.nodes.get(v..self.tree.end(v)).unwrap_or_default() {
                if let Node::String(t) | Node::Key { text: t, shadowed: false, .. } = node {
                    codes.extend(secrets::scan_text(&t.lossy()));
                }
            }
            crate::sort::list(&mut codes, &Ord::cmp);
            codes.dedup();
            let at = Pointer::root().key(&k.lossy());
            found.extend(codes.into_iter().map(|c| (c, at.clone())));
        }
        for (code, at) in found {
            self.notes.push(Diagnostic::warning(
                code,
                &at,
                "this field embeds a credential; refer to where it is kept instead",
            ));
        }
    }
}

pub(super) fn article(expected: &str) -> &'static str {
    match expected {
        "object" => "an object",
        "array" => "an array",
        "number" => "a finite number",
        _ => "a string",
    }
}

/// The last token of a pointer, for a message about what stands there.
pub(super) fn last_token(at: &Pointer) -> &str {
    at.as_str().rsplit('/').next().unwrap_or("")
}

/// The values of `schema`'s fields among `members` (each key once), in the
/// schema's order, and whether the members hold other keys too.
fn slots_of<'t>(
    members: impl Iterator<Item = (Text<'t>, usize)>,
    schema: &Schema,
) -> ([Option<usize>; MAX_FIELDS], bool) {
    let mut slots = [None; MAX_FIELDS];
    let mut other = false;
    // Keys mostly come in the schema's order: the search starts after
    // the field the last key named and wraps round. A schema names each
    // field once, so where it starts changes nothing it finds.
    let mut next = 0;
    for (k, v) in members {
        let named = |i: &usize| schema.get(*i).is_some_and(|f| k.is(f.name));
        let found = (next..schema.len()).chain(0..next).find(named);
        match found.and_then(|i| slots.get_mut(i).map(|slot| (i, slot))) {
            Some((i, slot)) => {
                *slot = Some(v);
                next = i + 1;
            }
            None => other = true,
        }
    }
    (slots, other)
}
