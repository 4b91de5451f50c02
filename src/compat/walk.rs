//! The side-by-side walk: budget, depth, references, booleans, and the scalar
//! keywords (types, enum/const, strings, numbers, annotations).

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use crate::diagnostic::quote;
use crate::pointer::Pointer;

use super::conjoin;
use super::dialect::{self, Dialect};
use super::empty;
use super::keywords;
use super::memo::{self, Memo, Shapes};
use super::node::{self, Target};
use super::sets;
use super::{
    ANNOTATION_CHANGED, BECAME_FALSE, BOUND_CHANGED, BOUND_RELAXED, BOUND_TIGHTENED, DEFAULT_CHANGED,
    DIALECT_CHANGED, DYNAMIC_REF, ENUM_CHANGED, ENUM_NARROWED, ENUM_WIDENED, FORMAT_ADDED, FORMAT_CHANGED,
    FORMAT_REMOVED, MAX_CHANGES, MAX_DEPTH, MAX_STEPS, PATTERN_ADDED, PATTERN_CHANGED, PATTERN_REMOVED,
    REMOTE_REF, TOO_COMPLEX, TOO_DEEP, TYPE_CHANGED, TYPE_NARROWED, TYPE_WIDENED, UNDECIDED, UNRESOLVED_REF,
    WAS_FALSE,
};
use super::{CONTENT_ASSERTED, CONTENT_CHANGED};
use super::{Change, Options, Policy, Verdict, rules};

/// How many `$ref` hops one resolution follows before calling it a loop.
const MAX_REF_HOPS: usize = 32;

/// How many schema nodes hashed for a cache key cost one step.
const NODES_PER_STEP: usize = 8;

/// How many branch pairs one step of the budget pays for.
const PAIRS_PER_STEP: usize = 16;

/// The walk's state: options, budget, visited reference pairs, findings.
pub(super) struct Walker {
    pub(super) opts: Options,
    steps: usize,
    exhausted: bool,
    /// The walk stopped because it found more than [`MAX_CHANGES`] changes.
    too_many: bool,
    pub(super) same_roots: bool,
    visited: BTreeSet<(String, String)>,
    /// The shapes of the two documents' values.
    shapes: Shapes,
    /// Emptiness already estimated, by document and schema.
    empties: Memo<bool>,
    /// The same, by document and address, for the documents' own values (a
    /// lookup without comparing the schema).
    empties_at: BTreeMap<(usize, usize), bool>,
    /// Inclusions between schemas with `$ref`s, by the documents they
    /// resolve in and whether they sit in undeclared content: decided
    /// (`Some`), or being decided (`None`).
    relations: Memo<Option<(bool, bool)>>,
    pub(super) out: Vec<Change>,
}

/// Where the walk is.
#[derive(Clone)]
pub(super) struct Frame<'a> {
    /// The pointer reported for changes found here.
    pub(super) path: Pointer,
    /// How many schemas deep.
    pub(super) depth: usize,
    /// Inside `additionalProperties`/`patternProperties`/`unevaluatedProperties`:
    /// under `lenient` nothing here can break (writers emit only declared names).
    pub(super) undeclared: bool,
    /// The document the old side's `$ref`s resolve in.
    pub(super) old_root: &'a Value,
    /// The document the new side's `$ref`s resolve in.
    pub(super) new_root: &'a Value,
}

impl<'a> Frame<'a> {
    /// A frame one schema deeper, at `path`.
    pub(super) fn at(&self, path: Pointer) -> Frame<'a> {
        Frame { path, depth: self.depth + 1, ..self.clone() }
    }

    /// A frame one schema deeper inside undeclared-property content.
    pub(super) fn undeclared(&self, path: Pointer) -> Frame<'a> {
        Frame { undeclared: true, ..self.at(path) }
    }

    /// The same place with the two sides swapped (for `not`).
    pub(super) fn swapped(&self, path: Pointer) -> Frame<'a> {
        Frame { old_root: self.new_root, new_root: self.old_root, ..self.at(path) }
    }
}

/// Runs the whole comparison.
pub(super) fn run(old: &Value, new: &Value, opts: Options) -> Vec<Change> {
    let mut w = Walker {
        opts,
        steps: 0,
        exhausted: false,
        too_many: false,
        same_roots: old == new,
        visited: BTreeSet::new(),
        shapes: Shapes::of(&[old, new]),
        empties: Memo::new(),
        empties_at: BTreeMap::new(),
        relations: Memo::new(),
        out: Vec::new(),
    };
    let frame = Frame { path: Pointer::root(), depth: 0, undeclared: false, old_root: old, new_root: new };
    for (side, root, other) in [("old", old, new), ("new", new, old)] {
        for at in node::ref_loops(root) {
            // A loop both schemas share unchanged cannot make them differ.
            let here = node::resolve(root, &format!("#{at}"));
            let there = node::resolve(other, &format!("#{at}"));
            if let (Target::Local(a, _), Target::Local(b, _)) = (here, there)
                && a == b
            {
                continue;
            }
            let msg = format!(
                "the {side} schema's `$ref`s here lead back to this schema without consuming any input"
            );
            let at = Pointer::parse(&at)
                .map_or_else(Pointer::root, |t| t.iter().fold(Pointer::root(), |p, k| p.key(k)));
            w.emit(&frame, at, UNRESOLVED_REF, msg);
        }
    }
    w.diff(&frame, old, new);
    if w.exhausted && !w.out.iter().any(|c| c.code == TOO_COMPLEX) {
        // The budget ran out inside an inclusion check, or the changes
        // became too many: fail closed here.
        let msg = if w.too_many {
            format!("the comparison finds more than {MAX_CHANGES} changes; the rest is not compared")
        } else {
            format!("the comparison needs more than {MAX_STEPS} steps; the rest is not compared")
        };
        w.emit(&frame, Pointer::root(), TOO_COMPLEX, msg);
    }
    w.out
}

impl Walker {
    /// Records a change with the rule table's verdicts for its code.
    pub(super) fn emit(&mut self, f: &Frame, at: Pointer, code: crate::diagnostic::Code, message: String) {
        let (b, fw) = rules::verdicts(code, self.opts);
        self.emit_with(f, at, code, b, fw, message);
    }

    /// Records a change with verdicts computed by the walk.
    pub(super) fn emit_with(
        &mut self,
        f: &Frame,
        at: Pointer,
        code: crate::diagnostic::Code,
        backward: Verdict,
        forward: Verdict,
        message: String,
    ) {
        let soften = |v: Verdict| {
            if f.undeclared && self.opts.policy == Policy::Lenient && v == Verdict::Breaking {
                Verdict::Compatible
            } else {
                v
            }
        };
        self.out.push(Change {
            path: at.as_str().to_owned(),
            code: code.to_string(),
            backward: soften(backward),
            forward: soften(forward),
            message,
        });
        if self.out.len() > MAX_CHANGES && !self.exhausted {
            self.exhausted = true;
            self.too_many = true;
        }
    }

    /// Whether every value of `a` is valid under `b` (first) and every value
    /// of `b` valid under `a` (second), decided by a walk of its own.
    ///
    /// One between schemas with `$ref`s is decided once: a `$ref` back into
    /// the schema would otherwise start the same walk again at every level
    /// down to the depth cap. One asked again while it is being decided (a
    /// loop through `$ref`s) is taken as holding neither way, which can only
    /// report more breaking changes.
    pub(super) fn relation(&mut self, f: &Frame, a: &Value, b: &Value) -> (bool, bool) {
        let (sa, sb) = (self.shapes.shape(a), self.shapes.shape(b));
        let key = if sa.refs || sb.refs {
            self.charge(sa.nodes + sb.nodes);
            Some((root_id(f.old_root), root_id(f.new_root), f.undeclared, sa.hash, sb.hash))
        } else {
            None
        };
        if let Some(key) = &key {
            match self.relations.get(key, a, b) {
                Some(Some(known)) => return known,
                Some(None) => return (false, false),
                None => self.relations.insert(*key, a, b, None),
            }
        }
        let answer = self.relation_walk(f, a, b);
        if let Some(key) = key {
            self.relations.insert(key, a, b, Some(answer));
        }
        answer
    }

    /// Decides an inclusion by a walk of its own, with its own findings and
    /// visited references.
    fn relation_walk(&mut self, f: &Frame, a: &Value, b: &Value) -> (bool, bool) {
        let saved_out = std::mem::take(&mut self.out);
        let saved_visited = std::mem::take(&mut self.visited);
        let saved_same = self.same_roots;
        self.same_roots = self.same_roots && std::ptr::eq(f.old_root, f.new_root);
        self.diff(f, a, b);
        let found = std::mem::replace(&mut self.out, saved_out);
        self.visited = saved_visited;
        self.same_roots = saved_same;
        if self.exhausted {
            return (false, false);
        }
        let back = !found.iter().any(|c| c.backward == Verdict::Breaking);
        let fwd = !found.iter().any(|c| c.forward == Verdict::Breaking);
        (back, fwd)
    }

    /// Counts work that reads a whole subschema for a cache key (`nodes` of
    /// it) against the step budget: a step that hashes a large subschema
    /// costs more than one.
    fn charge(&mut self, nodes: usize) {
        self.steps = self.steps.saturating_add(nodes / NODES_PER_STEP);
    }

    /// Counts the matching of `pairs` pairs of branches or conjuncts (each
    /// compared with each) against the step budget; `false`, with the
    /// comparison failed closed, when the budget runs out. Without it a
    /// `oneOf` of thousands of branches took seconds inside one step.
    pub(super) fn charge_pairs(&mut self, f: &Frame<'_>, pairs: usize) -> bool {
        self.steps = self.steps.saturating_add(pairs / PAIRS_PER_STEP);
        if self.steps > MAX_STEPS && !self.exhausted {
            self.exhausted = true;
            let msg = format!("the comparison needs more than {MAX_STEPS} steps; the rest is not compared");
            self.emit(f, f.path.clone(), TOO_COMPLEX, msg);
        }
        !self.exhausted
    }

    /// Compares two schemas at `f`.
    pub(super) fn diff<'v>(&mut self, f: &Frame<'v>, old: &'v Value, new: &'v Value) {
        if self.exhausted {
            return;
        }
        self.steps += 1;
        if self.steps > MAX_STEPS {
            self.exhausted = true;
            let msg = format!("the comparison needs more than {MAX_STEPS} steps; the rest is not compared");
            self.emit(f, f.path.clone(), TOO_COMPLEX, msg);
            return;
        }
        if self.shapes.same(old, new) && (self.same_roots || !self.has_ref(old)) {
            return;
        }
        if f.depth > MAX_DEPTH {
            let msg =
                format!("the schemas nest deeper than {MAX_DEPTH} levels here; the rest is not compared");
            self.emit(f, f.path.clone(), TOO_DEEP, msg);
            return;
        }
        if !self.follow_refs(f, old, new) {
            return;
        }
        let old_ref = old.get("$ref").and_then(Value::as_str);
        let new_ref = new.get("$ref").and_then(Value::as_str);
        if old_ref.is_some() || new_ref.is_some() {
            let (Some(o), Some(n)) = (self.deref(f, old, true), self.deref(f, new, false)) else { return };
            let key = (ref_key(f, old_ref, &o.1), ref_key(f, new_ref, &n.1));
            if !self.visited.insert(key) {
                return;
            }
            let next = f.at(f.path.clone());
            self.diff(&next, &o.0, &n.0);
            return;
        }
        let empty = Map::new();
        let (om, nm) = match (old, new) {
            (Value::Bool(a), Value::Bool(b)) if a == b => return,
            (Value::Bool(false), _) => {
                self.emit(
                    f,
                    f.path.clone(),
                    WAS_FALSE,
                    "a schema that refused every value now accepts some".into(),
                );
                return;
            }
            (_, Value::Bool(false)) => {
                self.emit(f, f.path.clone(), BECAME_FALSE, "the schema now refuses every value".into());
                return;
            }
            (o, n) => (o.as_object().unwrap_or(&empty), n.as_object().unwrap_or(&empty)),
        };
        match (self.empty(old, f.old_root), self.empty(new, f.new_root)) {
            (true, true) => return,
            (false, true) => {
                let msg = "the schema's constraints now contradict each other, so it accepts no value";
                self.emit(f, f.path.clone(), BECAME_FALSE, msg.into());
                return;
            }
            (true, false) => {
                let msg = "the schema's constraints contradicted each other and now accept some values";
                self.emit(f, f.path.clone(), WAS_FALSE, msg.into());
                return;
            }
            (false, false) => {}
        }
        self.body(f, om, nm);
    }

    /// Whether a schema accepts no value (remembered per document and
    /// schema: walks meet the same subschemas again and again).
    fn empty(&mut self, v: &Value, root: &Value) -> bool {
        let indexed = self.shapes.indexed(v);
        let shape = indexed.unwrap_or_else(|| memo::shape(v));
        self.charge(shape.nodes);
        let at = (root_id(root), memo::address(v));
        if indexed.is_some()
            && let Some(&known) = self.empties_at.get(&at)
        {
            return known;
        }
        let key = (root_id(root), 0, false, shape.hash, 0);
        let e = self.empties.get(&key, v, &Value::Null).unwrap_or_else(|| {
            let e = empty::is_empty(v, root);
            self.empties.insert(key, v, &Value::Null, e);
            e
        });
        if indexed.is_some() {
            self.empties_at.insert(at, e);
        }
        e
    }

    /// Whether a schema contains a reference anywhere.
    pub(super) fn has_ref(&self, v: &Value) -> bool {
        self.shapes.shape(v).refs
    }

    /// Whether two values are equal (compared only when their shapes allow).
    pub(super) fn same(&self, a: &Value, b: &Value) -> bool {
        self.shapes.same(a, b)
    }

    /// Handles identical `$ref`s on both sides: compares the targets once, at
    /// the target's pointer. Returns whether the walk should go on here.
    fn follow_refs(&mut self, f: &Frame, old: &Value, new: &Value) -> bool {
        for (side, v) in [("old", old), ("new", new)] {
            for key in ["$dynamicRef", "$recursiveRef"] {
                if let Some(r) = v.get(key).and_then(Value::as_str) {
                    let msg = format!("the {side} schema uses `{key}` {} which is not resolved", quote(r));
                    self.emit(f, f.path.key(key), DYNAMIC_REF, msg);
                    return false;
                }
            }
        }
        let (Some(o), Some(n)) =
            (old.get("$ref").and_then(Value::as_str), new.get("$ref").and_then(Value::as_str))
        else {
            return true;
        };
        if o != n {
            return true;
        }
        match (node::resolve(f.old_root, o), node::resolve(f.new_root, n)) {
            (Target::Local(ot, op), Target::Local(nt, np)) => {
                if self.visited.insert((op.clone(), np.clone())) {
                    let at = Pointer::parse(&np)
                        .map(|toks| toks.iter().fold(Pointer::root(), |p, t| p.key(t)))
                        .unwrap_or_else(|| f.path.clone());
                    let next = f.at(at);
                    self.diff(&next, ot, nt);
                }
                let (os, ns) = (conjoin::without_ref(old), conjoin::without_ref(new));
                if keywords::has_assertions(&os) || keywords::has_assertions(&ns) {
                    self.diff(&f.at(f.path.clone()), &os, &ns);
                }
                false
            }
            _ => true,
        }
    }

    /// Replaces a `$ref` by its target (siblings merged in), following chains.
    /// Reports and returns `None` when it cannot.
    fn deref<'v>(&mut self, f: &Frame<'v>, v: &'v Value, old_side: bool) -> Option<(Cow<'v, Value>, String)> {
        let root = if old_side { f.old_root } else { f.new_root };
        let side = if old_side { "old" } else { "new" };
        let mut current: Cow<'v, Value> = Cow::Borrowed(v);
        let mut last = String::new();
        for _ in 0..MAX_REF_HOPS {
            let Some(r) = current.get("$ref").and_then(Value::as_str).map(str::to_owned) else {
                return Some((current, last));
            };
            match node::resolve(root, &r) {
                Target::Local(t, p) => {
                    last = p;
                    let siblings = conjoin::without_ref(&current);
                    current = if keywords::has_assertions(&siblings) {
                        Cow::Owned(conjoin::merge(t, &siblings))
                    } else {
                        Cow::Borrowed(t)
                    };
                }
                Target::Remote => {
                    let msg = format!("the {side} schema refers to {} in another document", quote(&r));
                    self.emit(f, f.path.key("$ref"), REMOTE_REF, msg);
                    return None;
                }
                Target::Missing => {
                    let msg = format!("the {side} schema's `$ref` {} names nothing in the schema", quote(&r));
                    self.emit(f, f.path.key("$ref"), UNRESOLVED_REF, msg);
                    return None;
                }
            }
        }
        let msg = format!("the {side} schema's `$ref`s loop without reaching a schema");
        self.emit(f, f.path.key("$ref"), UNRESOLVED_REF, msg);
        None
    }

    /// Compares two object schemas keyword by keyword.
    fn body(&mut self, f: &Frame, om: &Map<String, Value>, nm: &Map<String, Value>) {
        self.annotations(f, om, nm);
        if let Some((o, n)) = super::conjoin::flatten_pure_all_of(om, nm) {
            self.diff(&f.at(f.path.clone()), &o, &n);
            return;
        }
        if self.union(f, om, nm) {
            return;
        }
        if self.listed(f, om, nm) {
            self.logic(f, om, nm);
            return;
        }
        self.unevaluated(f, om, nm);
        let (ot, nt) = (node::effective_types(om), node::effective_types(nm));
        self.types(f, ot, nt);
        let shared = ot & nt;
        if shared & node::STRING != 0 {
            self.strings(f, om, nm);
        }
        if shared & node::NUMBER != 0 {
            self.numbers(f, om, nm);
        }
        if shared & node::OBJECT != 0 {
            self.objects(f, om, nm);
        }
        if shared & node::ARRAY != 0 {
            self.arrays(f, om, nm);
        }
        self.logic(f, om, nm);
    }

    /// `unevaluatedProperties`/`unevaluatedItems` beside applicators see what
    /// those evaluate, which the walk does not track: any change there fails
    /// closed.
    fn unevaluated(&mut self, f: &Frame, om: &Map<String, Value>, nm: &Map<String, Value>) {
        let beside = |m: &Map<String, Value>, key: &str| {
            keywords::has_in_place(m) || (key == "unevaluatedItems" && m.contains_key("contains"))
        };
        fn asserting(m: &Map<String, Value>) -> Vec<(&String, &Value)> {
            m.iter().filter(|(k, _)| keywords::is_known(k)).collect()
        }
        if asserting(om) == asserting(nm) {
            return;
        }
        for key in ["unevaluatedProperties", "unevaluatedItems"] {
            let present = om.contains_key(key) || nm.contains_key(key);
            if present && (beside(om, key) || beside(nm, key)) {
                let msg =
                    format!("`{key}` sees what the applicators beside it evaluate, which is not compared");
                self.emit(f, f.path.key(key), UNDECIDED, msg);
            }
        }
    }

    fn annotations(&mut self, f: &Frame, om: &Map<String, Value>, nm: &Map<String, Value>) {
        let keys: BTreeSet<&String> = om.keys().chain(nm.keys()).collect();
        for key in keys {
            if keywords::is_known(key) || key == "$defs" || key == "definitions" {
                continue;
            }
            let (o, n) = (om.get(key), nm.get(key));
            if o == n {
                continue;
            }
            // A keyword its dialect ignores is shown under its own name.
            let key = key.strip_prefix(keywords::HIDDEN).unwrap_or(key);
            let at = f.path.key(key);
            let what = match (o, n) {
                (None, _) => "added",
                (_, None) => "removed",
                _ => "changed",
            };
            let asserted =
                |root: &Value| dialect::treatment(key, Dialect::of(root)) == dialect::Treatment::AssertedText;
            if asserted(f.old_root) || asserted(f.new_root) {
                let (b, fw) = match (o, n) {
                    (None, _) => (Verdict::Breaking, Verdict::Compatible),
                    (_, None) => (Verdict::Compatible, Verdict::Breaking),
                    _ => (Verdict::Breaking, Verdict::Breaking),
                };
                let msg = format!("`{key}` {what} (validators of this draft assert it)");
                self.emit_with(f, at, CONTENT_ASSERTED, b, fw, msg);
                continue;
            }
            let (code, msg) = match key {
                "default" => (DEFAULT_CHANGED, format!("`default` {what}")),
                "$schema" => (DIALECT_CHANGED, format!("`$schema` {what}")),
                "contentEncoding" | "contentMediaType" | "contentSchema" => {
                    (CONTENT_CHANGED, format!("`{key}` {what}"))
                }
                _ => (ANNOTATION_CHANGED, format!("{} {what}", quote(key))),
            };
            self.emit(f, at, code, msg);
        }
    }

    fn types(&mut self, f: &Frame, old: u8, new: u8) {
        let removed = old & !new;
        let added = new & !old;
        let at = f.path.key("type");
        let (code, msg) = match (removed != 0, added != 0) {
            (false, false) => return,
            (true, false) => (TYPE_NARROWED, format!("no longer accepts {}", node::type_names(removed))),
            (false, true) => (TYPE_WIDENED, format!("now also accepts {}", node::type_names(added))),
            (true, true) => (
                TYPE_CHANGED,
                format!(
                    "no longer accepts {} and now accepts {}",
                    node::type_names(removed),
                    node::type_names(added)
                ),
            ),
        };
        self.emit(f, at, code, msg);
    }

    /// When an `enum`/`const` lists a side's values, decides by checking those
    /// values against the other side (the other keywords no longer matter).
    /// Returns whether it did.
    fn listed(&mut self, f: &Frame, om: &Map<String, Value>, nm: &Map<String, Value>) -> bool {
        let at = f.path.key("enum");
        // Listed values the schema's own other keywords refuse are not values.
        let kept = |m: &Map<String, Value>, vs: Vec<&Value>| -> Vec<Value> {
            vs.into_iter()
                .filter(|v| match v {
                    Value::Object(_) | Value::Array(_) => node::declared_types(m) & node::value_type(v) != 0,
                    _ => sets::scalar_valid(m, v) != Some(false),
                })
                .cloned()
                .collect()
        };
        match (node::enum_values(om), node::enum_values(nm)) {
            (Some(o), Some(n)) => {
                let sure = |m: &Map<String, Value>, vs: &[Value]| -> Vec<Value> {
                    vs.iter()
                        .filter(|v| v.is_array() || v.is_object() || sets::scalar_valid(m, v) == Some(true))
                        .cloned()
                        .collect()
                };
                let (o, n) = (kept(om, o), kept(nm, n));
                let (os, ns) = (sure(om, &o), sure(nm, &n));
                if (os.len() == o.len() && ns.len() == n.len()) || self.same_undecided(om, nm) {
                    self.enums(f, &o, &n);
                } else {
                    // Keywords this cannot read decide some listed values: a
                    // direction holds only when every value that may be valid
                    // on one side is surely valid on the other.
                    let set = |vs: &[Value]| vs.iter().map(node::canonical).collect::<BTreeSet<String>>();
                    let b = set(&o).is_subset(&set(&ns));
                    let fw = set(&n).is_subset(&set(&os));
                    if !(b && fw) {
                        let msg = "listed values may have changed (keywords beside them are not compared)"
                            .to_owned();
                        self.emit_with(f, at, ENUM_CHANGED, Verdict::of(b), Verdict::of(fw), msg);
                    }
                }
            }
            (None, Some(n)) => {
                let n = kept(nm, n);
                let fw = self.fit(&f.swapped(at.clone()), &n, om);
                let msg = format!("now limited to {} listed values", n.len());
                self.emit_with(f, at, ENUM_NARROWED, Verdict::Breaking, Verdict::of(fw), msg);
            }
            (Some(o), None) => {
                let o = kept(om, o);
                let b = self.fit(&f.at(at.clone()), &o, nm);
                let msg = format!("no longer limited to {} listed values", o.len());
                self.emit_with(f, at, ENUM_WIDENED, Verdict::of(b), Verdict::Breaking, msg);
            }
            (None, None) => return false,
        }
        true
    }

    /// Whether the keywords that keep listed values undecided are the same on
    /// both sides (so they decide the same way).
    fn same_undecided(&self, om: &Map<String, Value>, nm: &Map<String, Value>) -> bool {
        sets::UNDECIDED.iter().all(|k| {
            let (o, n) = (om.get(*k), nm.get(*k));
            let same = match (o, n) {
                (Some(a), Some(b)) => self.shapes.same(a, b),
                _ => o == n,
            };
            same && (o.is_none() || self.same_roots || (*k != "$ref" && o.is_some_and(|v| !self.has_ref(v))))
        })
    }

    /// Whether every value is valid under the schema `m` (resolved in the
    /// frame's new-side document).
    fn fit(&mut self, f: &Frame, values: &[Value], m: &Map<String, Value>) -> bool {
        let whole = Value::Object(m.clone());
        values.iter().all(|v| match (v, sets::scalar_valid(m, v)) {
            (Value::Object(_) | Value::Array(_), _) | (_, None) => {
                self.relation(f, &sets::value_schema(v, 0), &whole).0
            }
            (_, Some(ok)) => ok,
        })
    }

    fn enums(&mut self, f: &Frame, old: &[Value], new: &[Value]) {
        let at = f.path.key("enum");
        let (o, n): (Vec<&Value>, Vec<&Value>) = (old.iter().collect(), new.iter().collect());
        let (os, ns) = (node::value_set(&o), node::value_set(&n));
        let removed: Vec<&String> = os.difference(&ns).collect();
        let added: Vec<&String> = ns.difference(&os).collect();
        let list = |v: &[&String]| {
            let shown: Vec<String> = v.iter().take(5).map(|s| quote(s)).collect();
            let more = if v.len() > 5 { format!(" and {} more", v.len() - 5) } else { String::new() };
            format!("{}{more}", shown.join(", "))
        };
        let (code, b, fw, msg) = match (removed.is_empty(), added.is_empty()) {
            (true, true) => return,
            (false, true) => (ENUM_NARROWED, false, true, format!("values removed: {}", list(&removed))),
            (true, false) => (ENUM_WIDENED, true, false, format!("values added: {}", list(&added))),
            (false, false) => (
                ENUM_CHANGED,
                false,
                false,
                format!("values removed: {}; values added: {}", list(&removed), list(&added)),
            ),
        };
        self.emit_with(f, at, code, Verdict::of(b), Verdict::of(fw), msg);
    }

    fn strings(&mut self, f: &Frame, om: &Map<String, Value>, nm: &Map<String, Value>) {
        self.count_bound(f, om, nm, "minLength", true);
        self.count_bound(f, om, nm, "maxLength", false);
        let at = f.path.key("pattern");
        match (om.get("pattern").and_then(Value::as_str), nm.get("pattern").and_then(Value::as_str)) {
            (None, Some(p)) => self.emit(f, at, PATTERN_ADDED, format!("pattern {} added", quote(p))),
            (Some(p), None) => self.emit(f, at, PATTERN_REMOVED, format!("pattern {} removed", quote(p))),
            (Some(a), Some(b)) if a != b => {
                self.emit(
                    f,
                    at,
                    PATTERN_CHANGED,
                    format!("pattern changed from {} to {}", quote(a), quote(b)),
                );
            }
            _ => {}
        }
        let at = f.path.key("format");
        match (om.get("format").and_then(Value::as_str), nm.get("format").and_then(Value::as_str)) {
            (None, Some(p)) => self.emit(f, at, FORMAT_ADDED, format!("format {} added", quote(p))),
            (Some(p), None) => self.emit(f, at, FORMAT_REMOVED, format!("format {} removed", quote(p))),
            (Some(a), Some(b)) if a != b => {
                self.emit(f, at, FORMAT_CHANGED, format!("format changed from {} to {}", quote(a), quote(b)));
            }
            _ => {}
        }
    }

    fn numbers(&mut self, f: &Frame, om: &Map<String, Value>, nm: &Map<String, Value>) {
        for lower in [true, false] {
            let (o, n) = if lower {
                (node::lower_bound(om), node::lower_bound(nm))
            } else {
                (node::upper_bound(om), node::upper_bound(nm))
            };
            let key = match (lower, n.or(o)) {
                (true, Some((_, true))) => "exclusiveMinimum",
                (true, _) => "minimum",
                (false, Some((_, true))) => "exclusiveMaximum",
                (false, _) => "maximum",
            };
            let tightened = match (o, n) {
                (None, None) => continue,
                (None, Some(_)) => true,
                (Some(_), None) => false,
                (Some(a), Some(b)) if node::tighter(b, a, lower) => true,
                (Some(a), Some(b)) if node::tighter(a, b, lower) => false,
                _ => continue,
            };
            let what = if lower { "lower" } else { "upper" };
            let msg = format!(
                "{what} bound changed from {} to {}",
                node::show_bound(o, lower),
                node::show_bound(n, lower)
            );
            let code = if tightened { BOUND_TIGHTENED } else { BOUND_RELAXED };
            self.emit(f, f.path.key(key), code, msg);
        }
        let at = f.path.key("multipleOf");
        let (o, n) =
            (om.get("multipleOf").and_then(Value::as_f64), nm.get("multipleOf").and_then(Value::as_f64));
        let code = match (o, n) {
            (None, None) => return,
            (Some(a), Some(b)) if a == b => return,
            (None, Some(_)) => BOUND_TIGHTENED,
            (Some(_), None) => BOUND_RELAXED,
            (Some(a), Some(b)) if is_multiple(b, a) => BOUND_TIGHTENED,
            (Some(a), Some(b)) if is_multiple(a, b) => BOUND_RELAXED,
            _ => BOUND_CHANGED,
        };
        let show = |v: Option<f64>| v.map_or("none".to_owned(), node::show_number);
        self.emit(f, at, code, format!("`multipleOf` changed from {} to {}", show(o), show(n)));
    }

    /// Compares a non-negative count keyword (`minLength`, `maxItems`, ...).
    pub(super) fn count_bound(
        &mut self,
        f: &Frame,
        om: &Map<String, Value>,
        nm: &Map<String, Value>,
        key: &str,
        lower: bool,
    ) {
        let (o, n) = (om.get(key).and_then(Value::as_f64), nm.get(key).and_then(Value::as_f64));
        // `minX: 0` is no bound at all.
        let norm = |v: Option<f64>| v.filter(|x| !(lower && *x == 0.0));
        let (o, n) = (norm(o), norm(n));
        let tightened = match (o, n) {
            (None, None) => return,
            (None, Some(_)) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) if a == b => return,
            (Some(a), Some(b)) => (b > a) == lower,
        };
        let show = |v: Option<f64>| v.map_or("none".to_owned(), node::show_number);
        let msg = format!("`{key}` changed from {} to {}", show(o), show(n));
        let code = if tightened { BOUND_TIGHTENED } else { BOUND_RELAXED };
        self.emit(f, f.path.key(key), code, msg);
    }
}

/// Whether `a` is a whole multiple of `b`.
fn is_multiple(a: f64, b: f64) -> bool {
    let q = a / b;
    q.is_finite() && (q - q.round()).abs() < 1e-9
}

/// A document's identity for the walk's caches (the roots outlive the walk).
fn root_id(root: &Value) -> usize {
    std::ptr::from_ref(root) as usize
}

fn ref_key(f: &Frame, reference: Option<&str>, target: &str) -> String {
    match reference {
        Some(_) => format!("#{target}"),
        None => format!("@{}", f.path),
    }
}
