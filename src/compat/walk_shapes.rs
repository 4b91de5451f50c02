//! Objects and arrays: properties under open, closed and partially open
//! content models, `required`, dependencies, `propertyNames`, tuples, `items`,
//! `contains` and `uniqueItems`.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use crate::diagnostic::quote;

use super::node::{self, FALSE, TRUE};
use super::walk::{Frame, Walker};
use super::{
    CONTAINS_ADDED, CONTAINS_REMOVED, CONTENT_CLOSED, CONTENT_OPENED, DEPENDENCY_ADDED, DEPENDENCY_REMOVED,
    PROPERTY_ADDED, PROPERTY_ADDED_PARTIALLY_OPEN, PROPERTY_ADDED_TO_CLOSED, PROPERTY_REMOVED,
    PROPERTY_REMOVED_FROM_CLOSED, PROPERTY_REMOVED_PARTIALLY_OPEN, Policy, REQUIRED_ADDED, REQUIRED_REMOVED,
    UNIQUE_ITEMS_ADDED, UNIQUE_ITEMS_REMOVED, Verdict,
};

/// What an object schema says about a property name it does not declare.
enum Implied<'v> {
    /// Any value (no `additionalProperties`, or `true`).
    Open,
    /// No value (`additionalProperties: false`).
    Closed,
    /// The values of a pattern or `additionalProperties` schema.
    Schema(&'v Value),
    /// A `patternProperties` regex might match; this checker cannot tell.
    Unknown,
}

/// The schema for names no `properties`/`patternProperties` entry covers.
fn rest_schema(m: &Map<String, Value>) -> &Value {
    m.get("additionalProperties").or_else(|| m.get("unevaluatedProperties")).unwrap_or(&TRUE)
}

/// A closed object whose `maxProperties` is at or above the number of
/// properties it can have at all: the bound limits nothing.
fn capped(m: &Map<String, Value>) -> bool {
    let closed = rest_schema(m) == &FALSE && !m.contains_key("patternProperties");
    let declared = node::properties(m).map_or(0, Map::len) as f64;
    closed && m.get("maxProperties").and_then(Value::as_f64).is_none_or(|n| n >= declared)
}

fn implied<'v>(m: &'v Map<String, Value>, name: &str) -> Implied<'v> {
    for (pattern, schema) in m.get("patternProperties").and_then(Value::as_object).into_iter().flatten() {
        match node::simple_match(pattern, name) {
            Some(true) => return Implied::Schema(schema),
            Some(false) => {}
            None => return Implied::Unknown,
        }
    }
    match rest_schema(m) {
        Value::Bool(false) => Implied::Closed,
        Value::Bool(true) => Implied::Open,
        Value::Object(o) if o.is_empty() => Implied::Open,
        s => Implied::Schema(s),
    }
}

impl Walker {
    pub(super) fn objects(&mut self, f: &Frame, om: &Map<String, Value>, nm: &Map<String, Value>) {
        let empty = Map::new();
        let (op, np) = (node::properties(om).unwrap_or(&empty), node::properties(nm).unwrap_or(&empty));
        let names: BTreeSet<&String> = op.keys().chain(np.keys()).collect();
        let props = f.path.key("properties");
        for name in names {
            let at = props.key(name);
            match (op.get(name), np.get(name)) {
                (Some(o), Some(n)) => self.diff(&f.at(at), o, n),
                (None, Some(n)) => self.property_added(f, at, om, name, n),
                (Some(o), None) => self.property_removed(f, at, nm, name, o),
                (None, None) => {}
            }
        }
        let (or, nr) = (node::required(om), node::required(nm));
        for name in nr.difference(&or) {
            let has_default = np.get(*name).and_then(|s| s.get("default")).is_some();
            let note = if has_default { " (its `default` is not filled in by validators)" } else { "" };
            let msg = format!("property {} is now required{note}", quote(name));
            self.emit(f, f.path.key("required"), REQUIRED_ADDED, msg);
        }
        for name in or.difference(&nr) {
            let msg = format!("property {} is no longer required", quote(name));
            self.emit(f, f.path.key("required"), REQUIRED_REMOVED, msg);
        }
        let uneval = om.contains_key("unevaluatedProperties") || nm.contains_key("unevaluatedProperties");
        if uneval && om.contains_key("additionalProperties") != nm.contains_key("additionalProperties") {
            // `additionalProperties` evaluates every name, so where one side
            // has it `unevaluatedProperties` no longer applies: compare what
            // governs undeclared names on each side.
            self.rest(f, "additionalProperties", rest_schema(om), rest_schema(nm));
        } else {
            for key in ["additionalProperties", "unevaluatedProperties"] {
                self.rest(f, key, om.get(key).unwrap_or(&TRUE), nm.get(key).unwrap_or(&TRUE));
            }
        }
        self.pattern_properties(f, om, nm);
        let pn = f.path.key("propertyNames");
        self.diff(
            &f.at(pn),
            om.get("propertyNames").unwrap_or(&TRUE),
            nm.get("propertyNames").unwrap_or(&TRUE),
        );
        self.count_bound(f, om, nm, "minProperties", true);
        if !(capped(om) && capped(nm)) {
            self.count_bound(f, om, nm, "maxProperties", false);
        }
        self.dependencies(f, om, nm);
    }

    fn property_added(
        &mut self,
        f: &Frame,
        at: crate::pointer::Pointer,
        om: &Map<String, Value>,
        name: &str,
        n: &Value,
    ) {
        let lenient = self.opts.policy == Policy::Lenient;
        match implied(om, name) {
            Implied::Open => {
                let msg =
                    format!("property {} declared; old data may use the name with any value", quote(name));
                let (b, _) = self.relation(&f.at(at.clone()), &TRUE, n);
                let b = lenient || b || !node::name_allowed(om, name);
                self.emit_with(f, at, PROPERTY_ADDED, Verdict::of(b), Verdict::Compatible, msg);
            }
            Implied::Closed => {
                let msg = format!("property {} declared on a closed object", quote(name));
                self.emit(f, at, PROPERTY_ADDED_TO_CLOSED, msg);
            }
            Implied::Schema(s) => {
                let (b, fw) = self.relation(&f.at(at.clone()), s, n);
                let (b, fw) = if lenient { (true, true) } else { (b, fw) };
                let msg = format!("property {} declared where another schema governed the name", quote(name));
                self.emit_with(f, at, PROPERTY_ADDED_PARTIALLY_OPEN, Verdict::of(b), Verdict::of(fw), msg);
            }
            Implied::Unknown => {
                let msg =
                    format!("property {} declared where a `patternProperties` regex may match", quote(name));
                let v = Verdict::of(lenient);
                self.emit_with(f, at, PROPERTY_ADDED_PARTIALLY_OPEN, v, v, msg);
            }
        }
    }

    fn property_removed(
        &mut self,
        f: &Frame,
        at: crate::pointer::Pointer,
        nm: &Map<String, Value>,
        name: &str,
        o: &Value,
    ) {
        let lenient = self.opts.policy == Policy::Lenient;
        match implied(nm, name) {
            Implied::Open => {
                let msg = format!(
                    "property {} no longer declared; new data may use the name with any value",
                    quote(name)
                );
                let (_, fw) = self.relation(&f.at(at.clone()), o, &TRUE);
                let fw = lenient || fw || !node::name_allowed(nm, name);
                self.emit_with(f, at, PROPERTY_REMOVED, Verdict::Compatible, Verdict::of(fw), msg);
            }
            Implied::Closed => {
                let msg = format!("property {} removed from a closed object", quote(name));
                if o == &FALSE {
                    self.emit_with(
                        f,
                        at,
                        PROPERTY_REMOVED_FROM_CLOSED,
                        Verdict::Compatible,
                        Verdict::Compatible,
                        msg,
                    );
                } else {
                    self.emit(f, at, PROPERTY_REMOVED_FROM_CLOSED, msg);
                }
            }
            Implied::Schema(s) => {
                let (b, fw) = self.relation(&f.at(at.clone()), o, s);
                let (b, fw) = if lenient { (true, true) } else { (b, fw) };
                let msg = format!(
                    "property {} no longer declared; another schema now governs the name",
                    quote(name)
                );
                self.emit_with(f, at, PROPERTY_REMOVED_PARTIALLY_OPEN, Verdict::of(b), Verdict::of(fw), msg);
            }
            Implied::Unknown => {
                let msg = format!(
                    "property {} no longer declared; a `patternProperties` regex may match",
                    quote(name)
                );
                let v = Verdict::of(lenient);
                self.emit_with(f, at, PROPERTY_REMOVED_PARTIALLY_OPEN, v, v, msg);
            }
        }
    }

    /// Compares `additionalProperties` or `unevaluatedProperties`.
    fn rest(&mut self, f: &Frame, key: &str, o: &Value, n: &Value) {
        let at = f.path.key(key);
        let open = |v: &Value| v == &TRUE || v.as_object().is_some_and(Map::is_empty);
        match (open(o), o == &FALSE, open(n), n == &FALSE) {
            _ if self.same(o, n) && !self.has_ref(o) => {}
            (_, _, _, true) => {
                self.emit(f, at, CONTENT_CLOSED, format!("`{key}` now refuses undeclared properties"))
            }
            (true, _, false, _) => {
                let msg = format!("`{key}` now limits undeclared properties to a schema");
                let (b, fw) = self.relation(&f.undeclared(at.clone()), o, n);
                self.content(f, at, CONTENT_CLOSED, b, fw, msg);
            }
            (_, true, _, _) => {
                self.emit(f, at, CONTENT_OPENED, format!("`{key}` now admits undeclared properties"))
            }
            (false, _, true, _) => {
                let msg = format!("`{key}` no longer limits undeclared properties");
                self.emit(f, at, CONTENT_OPENED, msg);
            }
            _ => self.diff(&f.undeclared(at), o, n),
        }
    }

    fn content(
        &mut self,
        f: &Frame,
        at: crate::pointer::Pointer,
        code: crate::diagnostic::Code,
        b: bool,
        fw: bool,
        msg: String,
    ) {
        let lenient = self.opts.policy == Policy::Lenient;
        let v = |ok: bool| Verdict::of(ok || lenient);
        self.emit_with(f, at, code, v(b), v(fw), msg);
    }

    fn pattern_properties(&mut self, f: &Frame, om: &Map<String, Value>, nm: &Map<String, Value>) {
        let empty = Map::new();
        let op = om.get("patternProperties").and_then(Value::as_object).unwrap_or(&empty);
        let np = nm.get("patternProperties").and_then(Value::as_object).unwrap_or(&empty);
        let patterns: BTreeSet<&String> = op.keys().chain(np.keys()).collect();
        let base = f.path.key("patternProperties");
        for p in patterns {
            let at = base.key(p);
            let (o, n) = match (op.get(p), np.get(p)) {
                (Some(o), Some(n)) => (o, n),
                (None, Some(n)) => (rest_schema(om), n),
                (Some(o), None) => (o, rest_schema(nm)),
                (None, None) => continue,
            };
            self.diff(&f.undeclared(at), o, n);
        }
    }

    fn dependencies(&mut self, f: &Frame, om: &Map<String, Value>, nm: &Map<String, Value>) {
        let (od, nd) = (node::dependent_required(om), node::dependent_required(nm));
        let keys: BTreeSet<&str> = od.iter().chain(nd.iter()).map(|(k, _)| *k).collect();
        let find = |list: &[(&str, BTreeSet<&str>)], k: &str| -> BTreeSet<String> {
            list.iter()
                .filter(|(x, _)| *x == k)
                .flat_map(|(_, s)| s.iter().map(|n| (*n).to_owned()))
                .collect()
        };
        let key_of = |m: &Map<String, Value>| {
            if m.contains_key("dependentRequired") { "dependentRequired" } else { "dependencies" }
        };
        for k in keys {
            let (o, n) = (find(&od, k), find(&nd, k));
            let added: Vec<&String> = n.difference(&o).collect();
            let removed: Vec<&String> = o.difference(&n).collect();
            let at = f.path.key(key_of(if added.is_empty() { om } else { nm })).key(k);
            let names = |v: &[&String]| v.iter().map(|s| quote(s)).collect::<Vec<_>>().join(", ");
            if !added.is_empty() {
                let msg = format!("when {} is present, {} must now be present too", quote(k), names(&added));
                self.emit(f, at.clone(), DEPENDENCY_ADDED, msg);
            }
            if !removed.is_empty() {
                let msg =
                    format!("when {} is present, {} need no longer be present", quote(k), names(&removed));
                self.emit(f, at, DEPENDENCY_REMOVED, msg);
            }
        }
        let (os, ns) = (node::dependent_schemas(om), node::dependent_schemas(nm));
        let keys: BTreeSet<&str> = os.iter().chain(ns.iter()).map(|(k, _)| *k).collect();
        for k in keys {
            let o = os.iter().find(|(x, _)| *x == k).map_or(&TRUE, |(_, s)| *s);
            let n = ns.iter().find(|(x, _)| *x == k).map_or(&TRUE, |(_, s)| *s);
            let key = if nm.contains_key("dependentSchemas") || om.contains_key("dependentSchemas") {
                "dependentSchemas"
            } else {
                "dependencies"
            };
            self.diff(&f.at(f.path.key(key).key(k)), o, n);
        }
    }

    pub(super) fn arrays(&mut self, f: &Frame, om: &Map<String, Value>, nm: &Map<String, Value>) {
        let (oprefix, orest) = node::array_shape(om);
        let (nprefix, nrest) = node::array_shape(nm);
        let slots = oprefix.len().max(nprefix.len());
        let tuple_key = if nm.contains_key("prefixItems") || om.contains_key("prefixItems") {
            "prefixItems"
        } else {
            "items"
        };
        for i in 0..slots {
            let o = oprefix.get(i).copied().unwrap_or(orest);
            let n = nprefix.get(i).copied().unwrap_or(nrest);
            self.diff(&f.at(f.path.key(tuple_key).index(i)), o, n);
        }
        let rest_key = if nm.get("items").is_some_and(Value::is_array) || nm.contains_key("additionalItems") {
            "additionalItems"
        } else {
            "items"
        };
        self.diff(&f.at(f.path.key(rest_key)), orest, nrest);
        let (oui, nui) =
            (om.get("unevaluatedItems").unwrap_or(&TRUE), nm.get("unevaluatedItems").unwrap_or(&TRUE));
        self.diff(&f.at(f.path.key("unevaluatedItems")), oui, nui);
        self.count_bound(f, om, nm, "minItems", true);
        self.count_bound(f, om, nm, "maxItems", false);
        let at = f.path.key("contains");
        match (om.get("contains"), nm.get("contains")) {
            (None, Some(_)) => {
                self.emit(f, at, CONTAINS_ADDED, "arrays must now contain a matching item".into())
            }
            (Some(_), None) => {
                self.emit(f, at, CONTAINS_REMOVED, "arrays need no longer contain a matching item".into())
            }
            (Some(o), Some(n)) => {
                self.diff(&f.at(at), o, n);
                self.count_bound(f, om, nm, "minContains", true);
                self.count_bound(f, om, nm, "maxContains", false);
            }
            (None, None) => {}
        }
        let unique = |m: &Map<String, Value>| m.get("uniqueItems") == Some(&Value::Bool(true));
        let at = f.path.key("uniqueItems");
        match (unique(om), unique(nm)) {
            (false, true) => self.emit(f, at, UNIQUE_ITEMS_ADDED, "array items must now be unique".into()),
            (true, false) => {
                self.emit(f, at, UNIQUE_ITEMS_REMOVED, "array items need no longer be unique".into())
            }
            _ => {}
        }
    }
}
