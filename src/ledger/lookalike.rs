//! Ids that could be taken for other ids: an event, link or session id that
//! holds a character a reader cannot see as itself (invisible, bidi or
//! control characters, whitespace a page swallows), or letters of more than
//! one script (`sess-\u{0430}pi`, with a Cyrillic `а`, reads `sess-api`).
//! Each such id is a [`LOOKALIKE_ID`] warning that names it only in its
//! display form ([`neutralize_id`]), never raw.

use super::model::{FastMap, Sym};
use super::{LOOKALIKE_ID, Ledger};
use crate::diagnostic::{Diagnostic, quote};
use crate::pointer::Pointer;
use crate::sanitize::{is_neutralized, mixed_scripts, neutralize_id};

/// The finding about one id, or `None` when it shows as itself. `what` is
/// `event`, `link` or `session`.
/// The place is built only for a look-alike, so a clean ledger allocates
/// nothing here.
fn finding(what: &str, id: &str, at: impl FnOnce() -> Pointer, rows: usize) -> Option<Diagnostic> {
    let shown = neutralize_id(id);
    if matches!(shown, std::borrow::Cow::Borrowed(_)) {
        return None;
    }
    let mut why = Vec::new();
    if id.chars().any(|c| is_neutralized(c) || c.is_control()) {
        why.push("invisible, bidi or control characters".to_owned());
    }
    let odd_space = |c: char| c.is_whitespace() && !c.is_control() && c != ' ';
    if id.chars().any(odd_space) || id.starts_with(' ') || id.ends_with(' ') || id.contains("  ") {
        why.push("whitespace a page does not show as itself".to_owned());
    }
    if let Some((major, others)) = mixed_scripts(id) {
        why.push(format!("{major} letters mixed with {}", others.join(" and ")));
    }
    let named = if rows > 1 { format!(" (named by {rows} rows; this is the first)") } else { String::new() };
    Some(
        Diagnostic::warning(
            LOOKALIKE_ID,
            &at(),
            format!("{what} id {} holds {}{named}", quote(&shown), why.join(" and ")),
        )
        .with_help(
            "ids that look alike are different ids; the view marks the characters that differ as `<U+XXXX>`",
        ),
    )
}

/// Every look-alike event, link and session id, with the namespace of the
/// row it is found in: event and link ids at each row's `/id`, a session
/// id once per namespace at the first row naming it (`sourceRef`,
/// `sinkRef`, `relatedSessionId`). Linear in the rows: a session id is
/// judged once, and an id of printable ASCII without spaces costs one pass
/// over its bytes.
pub(crate) fn find(l: &Ledger<'_>, out: &mut Vec<(Sym, Diagnostic)>) {
    for e in &l.events {
        if let Some(d) = finding("event", &e.id, || e.pointer().key("id"), 1) {
            out.push((e.ns, d));
        }
    }
    for k in &l.links {
        if let Some(d) = finding("link", &k.id, || k.pointer().key("id"), 1) {
            out.push((k.ns, d));
        }
    }
    // Per session symbol: not yet judged, plain, or a look-alike; for a
    // look-alike, per namespace, the first row and field naming it and how
    // many rows do.
    #[derive(Clone, Copy, PartialEq)]
    enum Verdict {
        Unjudged,
        Plain,
        Lookalike,
    }
    let mut verdicts = vec![Verdict::Unjudged; l.syms.len()];
    let mut first: FastMap<(Sym, Sym), (Pointer, usize)> = FastMap::default();
    for e in &l.events {
        let mut seen: [Option<Sym>; 3] = [None; 3];
        for (k, (key, s)) in
            [("sourceRef", e.source), ("sinkRef", e.sink), ("relatedSessionId", e.related_session)]
                .into_iter()
                .enumerate()
        {
            let Some(s) = s else { continue };
            let Some(verdict) = verdicts.get_mut(s as usize) else { continue };
            if *verdict == Verdict::Unjudged {
                let plain = matches!(neutralize_id(l.syms.name(s)), std::borrow::Cow::Borrowed(_));
                *verdict = if plain { Verdict::Plain } else { Verdict::Lookalike };
            }
            if *verdict == Verdict::Plain || seen.contains(&Some(s)) {
                continue;
            }
            if let Some(slot) = seen.get_mut(k) {
                *slot = Some(s);
            }
            first.entry((e.ns, s)).or_insert_with(|| (e.pointer().key(key), 0)).1 += 1;
        }
    }
    // (The findings are sorted with the others, so the map's order is not seen.)
    for ((ns, s), (at, rows)) in first {
        if let Some(d) = finding("session", l.syms.name(s), || at, rows) {
            out.push((ns, d));
        }
    }
}
