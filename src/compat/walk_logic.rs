//! Applicators: `allOf`, `anyOf`/`oneOf` (branches matched by meaning, not by
//! position), `not` and `if`/`then`/`else`.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use crate::pointer::Pointer;

use super::conjoin::{conjoin, flatten, without};
use super::keywords;
use super::keywords::has_assertions;
use super::node::{self, TRUE};
use super::sets::{disjoint, pairwise_disjoint};
use super::walk::{Frame, Walker};
use super::{
    ALL_OF_ADDED, ALL_OF_REMOVED, ANY_OF_TO_ONE_OF, BRANCH_ADDED, BRANCH_REMOVED, COMBINATOR_ADDED,
    COMBINATOR_REMOVED, CONDITIONAL_ADDED, CONDITIONAL_IF_CHANGED, CONDITIONAL_REMOVED, NOT_CHANGED,
    ONE_OF_OVERLAP, ONE_OF_OVERLAP_REMOVED, ONE_OF_TO_ANY_OF, Verdict,
};

/// How many branch pairs one union compares by meaning; beyond, only equal
/// branches match.
const MAX_PAIRS: usize = 256;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Any,
    One,
}

impl Kind {
    fn key(self) -> &'static str {
        match self {
            Kind::Any => "anyOf",
            Kind::One => "oneOf",
        }
    }
}

/// A schema seen as a union: its kind and branches.
struct Union<'v> {
    kind: Option<Kind>,
    branches: Vec<std::borrow::Cow<'v, Value>>,
}

fn kind_list(m: &Map<String, Value>, kind: Kind) -> Option<(Kind, &Vec<Value>)> {
    m.get(kind.key()).and_then(Value::as_array).map(|a| (kind, a))
}

fn union_of(m: &Map<String, Value>) -> Option<(Kind, &Vec<Value>)> {
    match (m.get("anyOf").and_then(Value::as_array), m.get("oneOf").and_then(Value::as_array)) {
        (Some(a), None) => Some((Kind::Any, a)),
        (None, Some(o)) => Some((Kind::One, o)),
        _ => None,
    }
}

/// Whether a schema is nothing but an `anyOf`/`oneOf` (plus annotations).
fn is_pure_union(m: &Map<String, Value>) -> bool {
    union_of(m).is_some() && m.keys().all(|k| k == "anyOf" || k == "oneOf" || !keywords::is_known(k))
}

/// A plain schema as a union: one branch per listed type, or itself.
fn lift(m: &Map<String, Value>) -> Union<'_> {
    if let (Some(Value::Array(types)), None) = (m.get("type"), node::enum_values(m))
        && types.len() > 1
    {
        let branches = types
            .iter()
            .map(|t| {
                let mut b = m.clone();
                b.insert("type".to_owned(), t.clone());
                std::borrow::Cow::Owned(Value::Object(b))
            })
            .collect();
        return Union { kind: None, branches };
    }
    Union { kind: None, branches: vec![std::borrow::Cow::Owned(Value::Object(m.clone()))] }
}

fn branches_of(m: &Map<String, Value>) -> Union<'_> {
    match union_of(m) {
        Some((kind, b)) => {
            Union { kind: Some(kind), branches: b.iter().map(std::borrow::Cow::Borrowed).collect() }
        }
        None => lift(m),
    }
}

impl Walker {
    /// Compares pure unions (and a plain schema against a pure union) branch
    /// by branch. Returns whether it handled the pair.
    pub(super) fn union(&mut self, f: &Frame, om: &Map<String, Value>, nm: &Map<String, Value>) -> bool {
        let (op, np) = (is_pure_union(om), is_pure_union(nm));
        if !(op || np) {
            return false;
        }
        if (op && !np && union_of(nm).is_some()) || (np && !op && union_of(om).is_some()) {
            return false;
        }
        let (ou, nu) = (branches_of(om), branches_of(nm));
        let kind = nu.kind.or(ou.kind).unwrap_or(Kind::Any);
        let old_kind = ou.kind.unwrap_or(kind);
        let new_kind = nu.kind.unwrap_or(kind);
        let base = f.path.key(new_kind.key());
        let old: Vec<&Value> = ou.branches.iter().map(|c| c.as_ref()).collect();
        let new: Vec<&Value> = nu.branches.iter().map(|c| c.as_ref()).collect();
        self.branches(
            f,
            &base,
            &old,
            &new,
            (ou.kind == Some(Kind::One), new_kind == Kind::One && old_kind == Kind::One),
        );
        if old_kind != new_kind {
            let disjoint = pairwise_disjoint(&new);
            let (code, b, fw, msg) = if new_kind == Kind::Any {
                (ONE_OF_TO_ANY_OF, true, disjoint, "`oneOf` became `anyOf`")
            } else {
                (ANY_OF_TO_ONE_OF, disjoint, true, "`anyOf` became `oneOf`")
            };
            self.emit_with(f, base, code, Verdict::of(b), Verdict::of(fw), msg.to_owned());
        }
        true
    }

    /// Matches old and new branches by meaning and reports what changed.
    fn branches(
        &mut self,
        f: &Frame,
        base: &Pointer,
        old: &[&Value],
        new: &[&Value],
        (old_one_of, one_of): (bool, bool),
    ) {
        if !self.charge_pairs(f, old.len().saturating_mul(new.len())) {
            return;
        }
        // Equal branches match, unless a `$ref` inside may resolve differently.
        let settled: Vec<bool> = old.iter().map(|v| !node::mentions_ref(v)).collect();
        let equal = |i: usize, j: usize| {
            settled.get(i) == Some(&true)
                && old.get(i).zip(new.get(j)).is_some_and(|(o, n)| node::same_canonical(o, n))
        };
        let old_open: Vec<usize> = (0..old.len()).filter(|&i| !(0..new.len()).any(|j| equal(i, j))).collect();
        let new_open: Vec<usize> = (0..new.len()).filter(|&j| !(0..old.len()).any(|i| equal(i, j))).collect();
        let budget_ok = old_open.len() * new.len() + new_open.len() * old.len() <= MAX_PAIRS;
        if old_one_of && !old_open.is_empty() && !pairwise_disjoint(old) {
            // A value two old branches accepted was refused; if one of them
            // changed, it may now match only one.
            let msg = "an old branch that may overlap another changed; values that matched both may now be accepted";
            self.emit(f, base.clone(), ONE_OF_OVERLAP_REMOVED, msg.into());
        }
        let mut paired_new: BTreeSet<usize> = BTreeSet::new();
        for &i in &old_open {
            let Some(o) = old.get(i) else { continue };
            let covered = budget_ok
                && (0..new.len())
                    .any(|j| new.get(j).is_some_and(|n| self.relation(&f.at(base.index(j)), o, n).0));
            if covered {
                continue;
            }
            let partner = new_open
                .iter()
                .copied()
                .filter(|j| !paired_new.contains(j))
                .map(|j| (j, new.get(j).map_or(0, |n| similarity(o, n))))
                .max_by_key(|&(_, likeness)| likeness)
                .filter(|&(_, likeness)| likeness > 1)
                .map(|(j, _)| j);
            match partner.and_then(|j| new.get(j).map(|n| (j, n))) {
                Some((j, n)) => {
                    paired_new.insert(j);
                    self.diff(&f.at(base.index(j)), o, n);
                }
                None => {
                    let msg = format!("branch {i} removed; no new branch accepts its values");
                    self.emit(f, base.index(i), BRANCH_REMOVED, msg);
                }
            }
        }
        for &j in &new_open {
            let Some(n) = new.get(j) else { continue };
            if one_of && !old.is_empty() {
                let others: Vec<&Value> =
                    new.iter().enumerate().filter(|(k, _)| *k != j).map(|(_, v)| *v).collect();
                // Old values are at risk only if some of them may match both
                // the new branch and another one.
                let risk = old
                    .iter()
                    .any(|o| !disjoint(n, o) && others.iter().any(|b| !disjoint(n, b) && !disjoint(o, b)));
                if risk {
                    let msg = format!(
                        "new branch {j} may overlap another branch; values matching both are refused"
                    );
                    self.emit(f, base.index(j), ONE_OF_OVERLAP, msg);
                }
            }
            if paired_new.contains(&j) {
                continue;
            }
            let covered = budget_ok
                && (0..old.len())
                    .any(|i| old.get(i).is_some_and(|o| self.relation(&f.at(base.index(j)), o, n).1));
            if !covered {
                let msg = format!("branch {j} added; no old branch accepts its values");
                self.emit(f, base.index(j), BRANCH_ADDED, msg);
            }
        }
    }

    /// `allOf`, `anyOf`/`oneOf` beside other keywords, `not`, `if`/`then`/`else`.
    pub(super) fn logic(&mut self, f: &Frame, om: &Map<String, Value>, nm: &Map<String, Value>) {
        self.all_of(f, om, nm);
        let both = |m: &Map<String, Value>| m.contains_key("anyOf") && m.contains_key("oneOf");
        if both(om) || both(nm) {
            // Both kinds beside each other: each is compared with its own kind.
            for kind in [Kind::Any, Kind::One] {
                let (o, n) = (kind_list(om, kind), kind_list(nm, kind));
                self.union_pair(f, om, nm, o, n);
            }
        } else {
            self.union_pair(f, om, nm, union_of(om), union_of(nm));
        }
        self.not(f, om, nm);
        self.conditional(f, om, nm);
    }

    /// Compares one `anyOf`/`oneOf` of each side (either may be absent).
    fn union_pair(
        &mut self,
        f: &Frame,
        om: &Map<String, Value>,
        nm: &Map<String, Value>,
        o: Option<(Kind, &Vec<Value>)>,
        n: Option<(Kind, &Vec<Value>)>,
    ) {
        match (o, n) {
            (None, None) => {}
            (Some((k, branches)), None) => {
                // Forward holds when the new schema fits one of the old branches.
                let whole = flatten(nm);
                let at = f.path.key(k.key());
                let fw = (k == Kind::Any || pairwise_disjoint(&branches.iter().collect::<Vec<_>>()))
                    && branches.iter().any(|b| self.relation(&f.at(at.clone()), b, &whole).1);
                let msg = format!("`{}` removed", k.key());
                self.emit_with(f, at, COMBINATOR_REMOVED, Verdict::Compatible, Verdict::of(fw), msg);
            }
            (None, Some((k, branches))) => {
                // Backward holds when the old schema fits one of the new branches.
                let whole = flatten(om);
                let at = f.path.key(k.key());
                let b = (k == Kind::Any || pairwise_disjoint(&branches.iter().collect::<Vec<_>>()))
                    && branches.iter().any(|n| self.relation(&f.at(at.clone()), &whole, n).0);
                let msg = format!("`{}` added", k.key());
                self.emit_with(f, at, COMBINATOR_ADDED, Verdict::of(b), Verdict::Compatible, msg);
            }
            (Some((ok, ob)), Some((nk, nb))) => {
                let base = f.path.key(nk.key());
                let old: Vec<&Value> = ob.iter().collect();
                let new: Vec<&Value> = nb.iter().collect();
                self.branches(f, &base, &old, &new, (ok == Kind::One, ok == Kind::One && nk == Kind::One));
                if ok != nk {
                    let disjoint = pairwise_disjoint(&new);
                    let (code, b, fw) = if nk == Kind::Any {
                        (ONE_OF_TO_ANY_OF, true, disjoint)
                    } else {
                        (ANY_OF_TO_ONE_OF, disjoint, true)
                    };
                    let msg = format!("`{}` became `{}`", ok.key(), nk.key());
                    self.emit_with(f, base, code, Verdict::of(b), Verdict::of(fw), msg);
                }
            }
        }
    }

    fn all_of<'v>(&mut self, f: &Frame, om: &'v Map<String, Value>, nm: &'v Map<String, Value>) {
        let list = |m: &'v Map<String, Value>| -> &'v [Value] {
            m.get("allOf").and_then(Value::as_array).map_or(&[], Vec::as_slice)
        };
        let (ol, nl) = (list(om), list(nm));
        if ol.is_empty() && nl.is_empty() {
            return;
        }
        if !self.charge_pairs(f, ol.len().saturating_mul(nl.len())) {
            return;
        }
        let base = f.path.key("allOf");
        // Equal conjuncts match, unless a `$ref` inside may resolve differently.
        let same_docs = self.same_roots;
        let settled = |c: &Value| same_docs || !node::mentions_ref(c);
        let in_list = |c: &Value, list: &[Value]| list.iter().any(|x| node::same_canonical(c, x));
        let old_open: Vec<usize> =
            (0..ol.len()).filter(|&i| !ol.get(i).is_some_and(|c| settled(c) && in_list(c, nl))).collect();
        let new_open: Vec<usize> =
            (0..nl.len()).filter(|&j| !nl.get(j).is_some_and(|c| settled(c) && in_list(c, ol))).collect();
        let mut paired: BTreeSet<usize> = BTreeSet::new();
        let mut removed = Vec::new();
        for &i in &old_open {
            let Some(o) = ol.get(i) else { continue };
            let partner = new_open
                .iter()
                .copied()
                .filter(|j| !paired.contains(j))
                .map(|j| (j, nl.get(j).map_or(0, |n| similarity(o, n))))
                .max_by_key(|&(_, likeness)| likeness)
                .filter(|&(_, likeness)| likeness > 1)
                .map(|(j, _)| j);
            match partner.and_then(|j| nl.get(j).map(|n| (j, n))) {
                Some((j, n)) => {
                    paired.insert(j);
                    self.diff(&f.at(base.index(j)), o, n);
                }
                None => removed.push(i),
            }
        }
        for i in removed {
            let Some(o) = ol.get(i) else { continue };
            let (_, fw) = self.relation(&f.at(base.index(i)), o, &flatten(nm));
            let msg = format!("conjunct {i} removed");
            self.emit_with(f, base.index(i), ALL_OF_REMOVED, Verdict::Compatible, Verdict::of(fw), msg);
        }
        for &j in new_open.iter().filter(|j| !paired.contains(j)) {
            let Some(n) = nl.get(j) else { continue };
            let (b, _) = self.relation(&f.at(base.index(j)), &flatten(om), n);
            let msg = format!("conjunct {j} added");
            self.emit_with(f, base.index(j), ALL_OF_ADDED, Verdict::of(b), Verdict::Compatible, msg);
        }
    }

    fn not(&mut self, f: &Frame, om: &Map<String, Value>, nm: &Map<String, Value>) {
        let (o, n) = (om.get("not"), nm.get("not"));
        if o.is_none() && n.is_none() || o == n && std::ptr::eq(f.old_root, f.new_root) {
            return;
        }
        let at = f.path.key("not");
        // `not A` ⊆ `not B` exactly when B ⊆ A: compare the negated schemas swapped.
        let never = Value::Bool(false);
        let (no, nn) = (o.unwrap_or(&never), n.unwrap_or(&never));
        let (b, fw) = self.relation(&f.swapped(at.clone()), nn, no);
        // Old values never match the new `not` when the two are disjoint (and
        // the same for new values and the old `not`).
        let b = b || disjoint(&flatten(om), nn);
        let fw = fw || disjoint(&flatten(nm), no);
        if b && fw && o.is_some() && n.is_some() {
            return;
        }
        let what = match (o, n) {
            (None, _) => "added",
            (_, None) => "removed",
            _ => "changed",
        };
        self.emit_with(f, at, NOT_CHANGED, Verdict::of(b), Verdict::of(fw), format!("`not` {what}"));
    }

    fn conditional(&mut self, f: &Frame, om: &Map<String, Value>, nm: &Map<String, Value>) {
        let (oi, ni) = (om.get("if"), nm.get("if"));
        let at = f.path.key("if");
        match (oi, ni) {
            (None, None) => {}
            (None, Some(_)) => {
                if has_branch(nm) {
                    self.emit(f, at, CONDITIONAL_ADDED, "conditional `if`/`then`/`else` added".into());
                }
            }
            (Some(_), None) => {
                if has_branch(om) {
                    self.emit(f, at, CONDITIONAL_REMOVED, "conditional `if`/`then`/`else` removed".into());
                }
            }
            (Some(o), Some(n)) => {
                let (b, fw) = self.relation(&f.at(at.clone()), o, n);
                if !(b && fw) {
                    self.emit(f, at, CONDITIONAL_IF_CHANGED, "the `if` of a conditional changed".into());
                }
                for key in ["then", "else"] {
                    let (ob, nb) = (om.get(key).unwrap_or(&TRUE), nm.get(key).unwrap_or(&TRUE));
                    self.diff_in_context(&f.at(f.path.key(key)), ob, nb, om, nm);
                }
            }
        }
    }
}

impl Walker {
    /// Compares two subschemas that only ever apply together with their
    /// parents (`then`, `else`): the changes are reported, but a direction
    /// they cannot break, given what the parent already requires, is cleared.
    fn diff_in_context(
        &mut self,
        f: &Frame,
        o: &Value,
        n: &Value,
        om: &Map<String, Value>,
        nm: &Map<String, Value>,
    ) {
        let start = self.out.len();
        self.diff(f, o, n);
        if self.out.len() == start {
            return;
        }
        let skip = ["if", "then", "else", "allOf", "anyOf", "oneOf", "not"];
        let (po, pn) = (without(om, &skip), without(nm, &skip));
        let b = self.relation(f, &conjoin(&po, o), n).0;
        let fw = self.relation(&f.swapped(f.path.clone()), &conjoin(&pn, n), o).0;
        for c in self.out.iter_mut().skip(start) {
            if b && c.backward == Verdict::Breaking {
                c.backward = Verdict::Compatible;
            }
            if fw && c.forward == Verdict::Breaking {
                c.forward = Verdict::Compatible;
            }
        }
    }
}

fn has_branch(m: &Map<String, Value>) -> bool {
    m.get("then").is_some_and(has_assertions) || m.get("else").is_some_and(has_assertions)
}

/// A rough likeness of two branches, for pairing: 0 when their instance types
/// do not meet, else one more than the number of shared keywords plus the
/// number of equal ones (pairs need at least one shared keyword).
fn similarity(a: &Value, b: &Value) -> usize {
    let empty = Map::new();
    let (am, bm) = (a.as_object().unwrap_or(&empty), b.as_object().unwrap_or(&empty));
    if node::effective_types(am) & node::effective_types(bm) == 0 {
        return 0;
    }
    let shared = am.keys().filter(|k| bm.contains_key(*k)).count();
    1 + shared + am.iter().filter(|(k, v)| bm.get(*k) == Some(*v)).count()
}
