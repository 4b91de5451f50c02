//! The one pass: every rule's anchor found together, case-insensitively,
//! by one automaton.
//!
//! The anchors of [`ANCHORS`](super::rules::ANCHORS) are compiled once into
//! a deterministic Aho–Corasick automaton: a trie of the anchors in which
//! every missing edge leads where the longest suffix read so far that is
//! also the start of some anchor leads. Its alphabet is the bytes anchors
//! hold, ASCII case folded; every other byte is one more symbol that no
//! anchor holds, which leads back to the start. The byte loop is one table
//! lookup per byte, and a transition into a state that ends some anchor
//! carries a flag, so the loop is left only where an anchor really stands:
//! there is no candidate to compare afterwards. Each lookup waits for the
//! one before it, so a longer text is read as two halves in one loop: two
//! independent chains of lookups, which the processor runs side by side
//! (natively, a long one as four runs).

use std::sync::OnceLock;

use super::rules::{ANCHORS, Anchor};

/// Set in a transition whose target state ends at least one anchor.
const ENDS: u32 = 1 << 31;

struct Automaton {
    /// The symbol of every byte: 0 for a byte no anchor holds.
    symbol: [u8; 256],
    /// log2 of the row width: a state's row has `1 << shift` entries.
    shift: u32,
    /// `next[(state << shift) | symbol]`: the next state's row, that is
    /// `next_state << shift` (one shift less a byte), with [`ENDS`] set when
    /// it ends an anchor.
    next: Vec<u32>,
    /// The longest anchor's length.
    longest: usize,
    /// The anchors ending at a state (its own and those of its suffixes):
    /// `ends[ends_start[s]..ends_start[s + 1]]`, indices into [`ANCHORS`].
    ends_start: Vec<u32>,
    ends: Vec<u16>,
}

fn automaton() -> &'static Automaton {
    static AUTOMATON: OnceLock<Automaton> = OnceLock::new();
    AUTOMATON.get_or_init(|| build(ANCHORS))
}

/// Compiles `anchors` (lower-case texts) into the automaton.
fn build(anchors: &[Anchor]) -> Automaton {
    // The alphabet: each distinct byte of the anchors, upper case folded.
    let mut symbol = [0u8; 256];
    let mut symbols = 1usize;
    for anchor in anchors {
        for &c in anchor.text {
            let lower = c.to_ascii_lowercase();
            if symbol.get(usize::from(lower)).copied() == Some(0) {
                for b in [lower, lower.to_ascii_uppercase()] {
                    if let Some(slot) = symbol.get_mut(usize::from(b)) {
                        *slot = symbols as u8;
                    }
                }
                symbols += 1;
            }
        }
    }
    let shift = symbols.next_power_of_two().trailing_zeros();
    let width = 1usize << shift;

    // The trie: `goto` rows of `width`, NONE where there is no edge.
    const NONE: u32 = u32::MAX;
    let mut goto: Vec<u32> = vec![NONE; width];
    let mut own: Vec<Vec<u16>> = vec![Vec::new()];
    for (i, anchor) in anchors.iter().enumerate() {
        let mut s = 0usize;
        for &c in anchor.text {
            let a = usize::from(symbol.get(usize::from(c)).copied().unwrap_or(0));
            let at = s << shift | a;
            let t = goto.get(at).copied().unwrap_or(NONE);
            s = if t == NONE {
                let t = own.len();
                own.push(Vec::new());
                goto.extend(std::iter::repeat_n(NONE, width));
                if let Some(slot) = goto.get_mut(at) {
                    *slot = t as u32;
                }
                t
            } else {
                t as usize
            };
        }
        if let Some(list) = own.get_mut(s) {
            list.push(i as u16);
        }
    }

    // Breadth first: each state's suffix link, its full row and the
    // anchors it ends (its own, then those of its suffix state).
    let states = own.len();
    let mut delta = vec![0u32; states << shift];
    let mut fail = vec![0usize; states];
    let mut ends: Vec<Vec<u16>> = own;
    let mut queue = std::collections::VecDeque::new();
    for a in 0..width {
        let t = goto.get(a).copied().unwrap_or(NONE);
        if t != NONE {
            if let Some(slot) = delta.get_mut(a) {
                *slot = t;
            }
            queue.push_back(t as usize);
        }
    }
    while let Some(s) = queue.pop_front() {
        let f = fail.get(s).copied().unwrap_or(0);
        let inherited = ends.get(f).cloned().unwrap_or_default();
        if let Some(list) = ends.get_mut(s) {
            list.extend(inherited);
        }
        for a in 0..width {
            let via_fail = delta.get(f << shift | a).copied().unwrap_or(0);
            let t = goto.get(s << shift | a).copied().unwrap_or(NONE);
            let next = if t == NONE {
                via_fail
            } else {
                if let Some(slot) = fail.get_mut(t as usize) {
                    *slot = via_fail as usize;
                }
                queue.push_back(t as usize);
                t
            };
            if let Some(slot) = delta.get_mut(s << shift | a) {
                *slot = next;
            }
        }
    }

    let flag = |t: u32| {
        let marked = ends.get(t as usize).is_some_and(|l| !l.is_empty());
        // A test holds every row's start under ENDS.
        (t << shift) | if marked { ENDS } else { 0 }
    };
    // Padded to a power of two, so that the byte loop's index, masked,
    // is in bounds without a check.
    let mut next: Vec<u32> = delta.iter().map(|&t| flag(t)).collect();
    next.resize(next.len().next_power_of_two(), 0);
    let mut ends_start = Vec::with_capacity(states + 1);
    let mut flat = Vec::new();
    for list in &ends {
        ends_start.push(flat.len() as u32);
        flat.extend_from_slice(list);
    }
    ends_start.push(flat.len() as u32);
    let longest = anchors.iter().map(|a| a.text.len()).max().unwrap_or(0);
    Automaton { symbol, shift, next, longest, ends_start, ends: flat }
}

/// Calls `hit(anchor, at)` for every anchor at every place of `b`, in
/// text order (anchors at one place in [`ANCHORS`] order).
pub(super) fn each_anchor(b: &[u8], mut hit: impl FnMut(&'static Anchor, usize)) {
    let m = automaton();
    // Where anchors end, as (start, anchor): the automaton finds them by
    // their last byte, the rules want them by their first.
    let mut found = Found::default();
    // The first half is read from the start; the second from as many bytes
    // before the middle as the longest anchor has, less one, so that every
    // anchor ending in it starts within its reach, and it reports only
    // those (the first half found the others).
    let half = b.len() / 2;
    let second = half.saturating_sub(m.longest.saturating_sub(1));
    if FOUR_RUNS && b.len() >= 8 * m.longest {
        four_runs(m, b, &mut found);
    } else if half < 2 * m.longest {
        one_chain(m, b, 0, 0, 0, &mut found);
    } else {
        let (x, y) = (b.get(..half).unwrap_or(&[]), b.get(second..second + half).unwrap_or(&[]));
        let mut at = Pair { i: 0, s: 0, t: 0, e: 0, f: 0 };
        while at.i < x.len() {
            at = two_chains(m, x, y, at);
            if at.e & ENDS != 0 {
                ended(m, at.s, at.i - 1, 0, &mut found);
            }
            if at.f & ENDS != 0 {
                ended(m, at.t, second + at.i - 1, half, &mut found);
            }
        }
        // The second half is the longer: its last bytes, alone.
        one_chain(m, b, second + half, at.t, half, &mut found);
    }
    for &(at, i) in found.sorted() {
        if let Some(anchor) = ANCHORS.get(usize::from(i)) {
            hit(anchor, at);
        }
    }
}

/// Anchors found, as (start, index into [`ANCHORS`]): the first few in
/// place, the rest in a vector, so that a text with a few anchors, the
/// usual case, allocates nothing.
#[derive(Default)]
struct Found {
    few: [(usize, u16); 8],
    len: usize,
    more: Vec<(usize, u16)>,
}

impl Found {
    fn push(&mut self, hit: (usize, u16)) {
        match self.few.get_mut(self.len) {
            Some(slot) => {
                *slot = hit;
                self.len += 1;
            }
            None => self.more.push(hit),
        }
    }

    /// Every anchor found, in text order (at one place, in [`ANCHORS`]
    /// order).
    fn sorted(&mut self) -> &[(usize, u16)] {
        let few = self.few.get(..self.len).unwrap_or(&[]);
        if self.more.is_empty() {
            let few = self.few.get_mut(..self.len).unwrap_or(&mut []);
            // At most eight: each moved back past the larger ones before it.
            for i in 1..few.len() {
                let mut j = i;
                while j > 0 && few.get(j - 1) > few.get(j) {
                    few.swap(j - 1, j);
                    j -= 1;
                }
            }
            return few;
        }
        self.more.extend_from_slice(few);
        crate::sort::list(&mut self.more, &|a, b| a.cmp(b));
        &self.more
    }
}

/// Whether long texts are read as four runs: natively, where the scan of
/// the bench's envelopes took about 0.36 of a `Value` parse's time against
/// 0.50 with two halves; in wasm, where four runs were no faster, two
/// halves.
const FOUR_RUNS: bool = cfg!(not(target_arch = "wasm32"));

/// Reads `b` as four runs side by side, each `len` bytes long: run `j`
/// starts `j` strides in, a stride being `len` less as many bytes as the
/// longest anchor has, less one, so that every anchor ending in run `j`
/// past its first such bytes starts within its reach. Run `j` reports
/// those anchors (the ones ending before are run `j - 1`'s), and the bytes
/// after the last run are read by one chain, on from its state.
fn four_runs(m: &Automaton, b: &[u8], found: &mut Found) {
    let reach = m.longest.saturating_sub(1);
    // Four runs of `len` cover `4 * len - 3 * reach` bytes: no more than
    // the text has.
    let len = (b.len() + 3 * reach) / 4;
    let stride = len.saturating_sub(reach);
    let starts: [usize; 4] = [0, stride, 2 * stride, 3 * stride];
    let runs = starts.map(|s| b.get(s..s + len).unwrap_or(&[]));
    let report_from = starts.map(|s| if s == 0 { 0 } else { s + reach });
    let mut at = Quad { i: 0, s: [0; 4], e: [0; 4] };
    while at.i < len {
        at = four_chains(m, &runs, at);
        for ((&e, &start), &from) in at.e.iter().zip(&starts).zip(&report_from) {
            if e & ENDS != 0 {
                ended(m, e, start + at.i - 1, from, found);
            }
        }
    }
    let [.., last] = starts;
    let [.., row] = at.s;
    let [.., from] = report_from;
    one_chain(m, b, last + len, row, from, found);
}

/// Where four runs stand: the next item `i`, each run's row (the
/// transition into its state, [`ENDS`] and all, which the step masks off)
/// and the last transition of each in this call (0 if none).
#[derive(Clone, Copy)]
struct Quad {
    i: usize,
    s: [u32; 4],
    e: [u32; 4],
}

/// Steps the four runs (of one length) from `at` until a step ends an
/// anchor, or to their end. Kept apart and calling nothing, as
/// [`two_chains`]; each run's transition is its state (`s` is `e` after a
/// step), so that the loop keeps one copy of each in a register.
#[inline(never)]
fn four_chains(m: &Automaton, runs: &[&[u8]; 4], at: Quad) -> Quad {
    let step = m.stepper();
    let Quad { i: from, s: [mut s0, mut s1, mut s2, mut s3], .. } = at;
    let [r0, r1, r2, r3] = runs.map(|r| r.get(from..).unwrap_or(&[]));
    let mut k = 0;
    for (((&c0, &c1), &c2), &c3) in r0.iter().zip(r1).zip(r2).zip(r3) {
        s0 = step(s0, c0);
        s1 = step(s1, c1);
        s2 = step(s2, c2);
        s3 = step(s3, c3);
        k += 1;
        if (s0 | s1 | s2 | s3) & ENDS != 0 {
            break;
        }
    }
    let s = [s0, s1, s2, s3];
    Quad { i: from + k, s, e: if k > 0 { s } else { [0; 4] } }
}

/// Where two chains stand: the next item `i`, each chain's row (`s`, `t`:
/// the transition into its state, [`ENDS`] and all, which the step masks
/// off) and the last transition of this call (`e`, `f`; 0 if none).
#[derive(Clone, Copy)]
struct Pair {
    i: usize,
    s: u32,
    t: u32,
    e: u32,
    f: u32,
}

/// Steps the chains over `x` and `y` (of one length) from `at` until a
/// step ends an anchor, or to their end. Kept apart and calling nothing,
/// so that everything the loop holds stays in registers.
#[inline(never)]
fn two_chains(m: &Automaton, x: &[u8], y: &[u8], at: Pair) -> Pair {
    let step = m.stepper();
    let Pair { mut i, mut s, mut t, .. } = at;
    // Two bytes of each half a round, their four transitions tested at
    // once; a round in which one ends an anchor is stepped again below, a
    // byte at a time, to stop at that byte.
    let (xs, _) = x.get(i..).unwrap_or(&[]).as_chunks::<2>();
    let (ys, _) = y.get(i..).unwrap_or(&[]).as_chunks::<2>();
    for (&[c0, c1], &[d0, d1]) in xs.iter().zip(ys) {
        let (e0, f0) = (step(s, c0), step(t, d0));
        let (e1, f1) = (step(e0, c1), step(f0, d1));
        if (e0 | f0 | e1 | f1) & ENDS != 0 {
            break;
        }
        (s, t) = (e1, f1);
        i += 2;
    }
    let (mut e, mut f) = (0, 0);
    while let (Some(&c), Some(&d)) = (x.get(i), y.get(i)) {
        (e, f) = (step(s, c), step(t, d));
        (s, t) = (e, f);
        i += 1;
        if (e | f) & ENDS != 0 {
            break;
        }
    }
    Pair { i, s, t, e, f }
}

/// Reads `b` from `from` in one chain of lookups, starting in the state
/// whose row starts at `row`, reporting the anchors that end at or after
/// `report_from`.
fn one_chain(m: &Automaton, b: &[u8], from: usize, row: u32, report_from: usize, found: &mut Found) {
    let (mut i, mut s) = (from, row);
    while i < b.len() {
        let e;
        (i, s, e) = chain(m, b, i, s);
        if e & ENDS != 0 {
            ended(m, s, i - 1, report_from, found);
        }
    }
}

/// Steps one chain over `b` from item `i` in the state whose row starts at
/// `s` until a step ends an anchor, or to the end: the next item, the row
/// and the last transition. Calling nothing, and two bytes a round, as
/// [`two_chains`].
#[inline(never)]
fn chain(m: &Automaton, b: &[u8], mut i: usize, mut s: u32) -> (usize, u32, u32) {
    let step = m.stepper();
    let (pairs, _) = b.get(i..).unwrap_or(&[]).as_chunks::<2>();
    for &[c0, c1] in pairs {
        let e0 = step(s, c0);
        let e1 = step(e0, c1);
        if (e0 | e1) & ENDS != 0 {
            break;
        }
        s = e1;
        i += 2;
    }
    let mut e = 0;
    while let Some(&c) = b.get(i) {
        e = step(s, c);
        s = e;
        i += 1;
        if e & ENDS != 0 {
            break;
        }
    }
    (i, s, e)
}

impl Automaton {
    /// The transition function, with the tables in locals (so that the
    /// loop keeps them in registers): from the state whose row starts at
    /// `row`, on `c`. `row` may be a transition as it stands, [`ENDS`] and
    /// all: the mask, below that bit, drops it.
    #[inline(always)]
    fn stepper(&self) -> impl Fn(u32, u8) -> u32 + '_ {
        let (symbol, next) = (&self.symbol, self.next.as_slice());
        let mask = next.len().wrapping_sub(1);
        move |row, c| {
            let a = symbol.get(usize::from(c)).copied().unwrap_or(0);
            next.get((row as usize | usize::from(a)) & mask).copied().unwrap_or(0)
        }
    }
}

/// The anchors that end at `end` in the state whose row starts at `row`,
/// by their start, if `end` is at or after `report_from`. Kept out of the
/// byte loop, which stays a few instructions long.
#[inline(never)]
fn ended(m: &Automaton, row: u32, end: usize, report_from: usize, found: &mut Found) {
    if end < report_from {
        return;
    }
    let s = ((row & !ENDS) >> m.shift) as usize;
    let from = m.ends_start.get(s).copied().unwrap_or(0) as usize;
    let to = m.ends_start.get(s + 1).copied().unwrap_or(0) as usize;
    for &i in m.ends.get(from..to).unwrap_or(&[]) {
        if let Some(anchor) = ANCHORS.get(usize::from(i)) {
            found.push(((end + 1).saturating_sub(anchor.text.len()), i));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchor_texts_are_lower_case_and_unique() {
        for (i, a) in ANCHORS.iter().enumerate() {
            assert!(!a.text.is_empty());
            assert_eq!(a.text.to_ascii_lowercase(), a.text, "{:?}", String::from_utf8_lossy(a.text));
            assert!(
                !ANCHORS.iter().skip(i + 1).any(|b| b.text == a.text && b.rule == a.rule),
                "duplicate anchor {:?}",
                String::from_utf8_lossy(a.text)
            );
        }
    }

    #[test]
    fn the_automaton_fits_its_state_numbers() {
        let m = automaton();
        let states = m.ends_start.len() - 1;
        assert!((states << m.shift) < ENDS as usize, "{states} states of {} symbols", 1 << m.shift);
        assert_eq!(m.next.len(), (states << m.shift).next_power_of_two());
        // The step's mask drops ENDS from a row.
        assert_eq!((m.next.len() - 1) & ENDS as usize, 0);
        // ANCHORS' indices fit the u16 the automaton keeps them in.
        assert!(ANCHORS.len() < usize::from(u16::MAX));
    }

    #[test]
    fn every_anchor_is_found_wherever_it_stands() {
        for anchor in ANCHORS {
            for (pre, post) in [("", ""), ("x ", " y"), ("", "z"), ("a\u{e9}", "")] {
                let text =
                    format!("{pre}{}{post}", String::from_utf8_lossy(anchor.text).to_ascii_uppercase());
                let mut seen = false;
                each_anchor(text.as_bytes(), |a, at| {
                    seen |= std::ptr::eq(a, anchor) && at == pre.len();
                });
                assert!(seen, "{text:?}");
            }
        }
    }

    #[test]
    fn an_anchor_is_found_once_at_every_place_of_a_long_text() {
        // The longest anchor and a short one, at every place of texts read
        // as two and as four runs: across every run's edge, reported once.
        let longest = ANCHORS.iter().max_by_key(|a| a.text.len()).map_or(&b""[..], |a| a.text);
        for len in [200, 361, 1000] {
            for anchor in [longest, b"ghp_"] {
                for at in 0..=len - anchor.len() {
                    let mut text = vec![b'.'; len];
                    text.get_mut(at..at + anchor.len()).unwrap_or_default().copy_from_slice(anchor);
                    let mut places = Vec::new();
                    each_anchor(&text, |a, p| {
                        if a.text == anchor {
                            places.push(p);
                        }
                    });
                    assert_eq!(places, [at], "{} at {at} of {len}", String::from_utf8_lossy(anchor));
                }
            }
        }
    }

    #[test]
    fn nothing_is_reported_where_no_anchor_stands() {
        let mut n = 0;
        each_anchor(b"plain words, 12 34 !! () [] {} @@", |_, _| n += 1);
        assert_eq!(n, 0);
    }

    /// Every place and anchor a plain comparison at every offset finds, and
    /// nothing else, in the order the rules expect.
    fn by_comparison(b: &[u8]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for at in 0..b.len() {
            for (i, a) in ANCHORS.iter().enumerate() {
                if b.get(at..at + a.text.len()).is_some_and(|s| s.eq_ignore_ascii_case(a.text)) {
                    out.push((at, i));
                }
            }
        }
        out
    }

    fn by_automaton(b: &[u8]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        each_anchor(b, |a, at| {
            let i = ANCHORS.iter().position(|x| std::ptr::eq(x, a)).unwrap_or(usize::MAX);
            out.push((at, i));
        });
        out
    }

    #[test]
    fn the_automaton_finds_what_comparison_finds() {
        // Overlapping anchors, anchors inside anchors, case mixes, bytes of
        // no anchor and text made of anchors' pieces.
        let mut texts: Vec<Vec<u8>> = vec![
            b"sk-ant-api03-xyz sk-proj-abc SK-live".to_vec(),
            b"https://user:pass@host/?token=1&key=2#x~y".to_vec(),
            b"-----BEGIN RSA PRIVATE KEY----- ls0tls1crudjti".to_vec(),
            b"AUTHORIZATION: Bearer eyJhbGciOi.eyJzdWIi.sig".to_vec(),
            "\u{e9}t\u{e9} api_key=ghp_ curl -u a:b <add key=\"ClearTextPassword\"".as_bytes().to_vec(),
        ];
        let pieces: Vec<&[u8]> = ANCHORS.iter().map(|a| a.text).collect();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for n in 0..300 {
            let mut t = Vec::new();
            // Short texts (one chain) and long ones (two halves, four runs).
            for _ in 0..if n % 2 == 0 { 6 } else { 6 + n % 120 } {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let p = pieces.get(seed as usize % pieces.len()).copied().unwrap_or(b"");
                let cut = (seed >> 32) as usize % (p.len() + 1);
                t.extend_from_slice(p.get(cut..).unwrap_or(b""));
                if seed & 1 == 0 {
                    t.extend_from_slice(p.get(..cut).unwrap_or(b""));
                }
                if seed & 2 == 0 {
                    t.push(b" x\xc3".get((seed >> 8) as usize % 3).copied().unwrap_or(b' '));
                }
                if seed & 4 == 0 {
                    t.make_ascii_uppercase();
                }
            }
            texts.push(t);
        }
        for t in &texts {
            assert_eq!(by_automaton(t), by_comparison(t), "{:?}", String::from_utf8_lossy(t));
        }
    }
}
