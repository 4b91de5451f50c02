//! The one pass: every rule's anchor found together, case-insensitively.
//!
//! Each byte is folded to one of 64 classes (letters without case, digits,
//! the punctuation that anchors use, everything else as one class). A
//! 48 × 48 bit table says which class pairs start an anchor, so most
//! places cost a table lookup; at a pair that does, the anchors that begin
//! with that pair (found by the pair's rank in the table) are compared in
//! full and each one that matches calls its rule. The tables are built once from [`ANCHORS`](super::rules::ANCHORS).

use std::sync::OnceLock;

use super::rules::{ANCHORS, Anchor};

/// The class of a byte: 1–26 letters (either case), 27–36 digits, 37–47
/// anchor punctuation, 0 anything else.
fn class(c: u8) -> usize {
    match c {
        b'a'..=b'z' => usize::from(c - b'a') + 1,
        b'A'..=b'Z' => usize::from(c - b'A') + 1,
        b'0'..=b'9' => usize::from(c - b'0') + 27,
        b'_' => 37,
        b'-' => 38,
        b'.' => 39,
        b':' => 40,
        b'/' => 41,
        b'?' => 42,
        b'&' => 43,
        b'#' => 44,
        b'~' => 45,
        b'=' => 46,
        b'<' => 47,
        _ => 0,
    }
}

const CLASSES: usize = 48;

struct Tables {
    /// [`class`] of every byte.
    class: [u8; 256],
    /// Bit `c2` of `pairs[c1]`: some anchor starts with classes `c1 c2`
    /// (a one-byte anchor sets every bit of its row).
    pairs: [u64; CLASSES],
    /// The number of pairs in the rows before each row: with the bits
    /// below `c2` in row `c1`, the rank of the pair `c1 c2`.
    base: [u16; CLASSES],
    /// Anchors by pair rank: `order[start[rank]..start[rank + 1]]`, in
    /// [`ANCHORS`] order within a pair.
    start: Vec<u16>,
    order: Vec<u16>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        // Each anchor's (first class, second class) pairs; a one-byte
        // anchor stands under every second class.
        let pairs_of = |text: &[u8]| -> (usize, u64) {
            match text {
                [first] => (class(*first), u64::MAX >> (64 - CLASSES)),
                [first, second, ..] => (class(*first), 1 << class(*second)),
                [] => (0, 0),
            }
        };
        let mut t = Tables {
            class: [0; 256],
            pairs: [0; CLASSES],
            base: [0; CLASSES],
            start: Vec::new(),
            order: Vec::new(),
        };
        for (c, slot) in t.class.iter_mut().enumerate() {
            *slot = class(c as u8) as u8;
        }
        for anchor in ANCHORS {
            let (c1, bits) = pairs_of(anchor.text);
            if let Some(row) = t.pairs.get_mut(c1) {
                *row |= bits;
            }
        }
        let mut sum = 0u16;
        for (base, row) in t.base.iter_mut().zip(t.pairs) {
            *base = sum;
            sum += row.count_ones() as u16;
        }
        let rank = |c1: usize, c2: usize| -> usize {
            let row = t.pairs.get(c1).copied().unwrap_or(0);
            usize::from(t.base.get(c1).copied().unwrap_or(0))
                + (row & ((1u64 << c2) - 1)).count_ones() as usize
        };
        // Counting sort by pair rank, stable in ANCHORS order.
        let mut start = vec![0u16; usize::from(sum) + 1];
        let mut places: Vec<(usize, u16)> = Vec::new();
        for (i, anchor) in ANCHORS.iter().enumerate() {
            let (c1, bits) = pairs_of(anchor.text);
            for c2 in (0..CLASSES).filter(|c2| bits >> c2 & 1 != 0) {
                let r = rank(c1, c2);
                places.push((r, i as u16));
                if let Some(n) = start.get_mut(r + 1) {
                    *n += 1;
                }
            }
        }
        for i in 1..start.len() {
            let prev = start.get(i - 1).copied().unwrap_or(0);
            if let Some(n) = start.get_mut(i) {
                *n += prev;
            }
        }
        let mut next = start.clone();
        let mut order = vec![0u16; places.len()];
        for (r, i) in places {
            if let Some(slot) = next.get_mut(r) {
                if let Some(o) = order.get_mut(usize::from(*slot)) {
                    *o = i;
                }
                *slot += 1;
            }
        }
        t.start = start;
        t.order = order;
        t
    })
}

/// Whether `b` holds `text` at `at`, ASCII case ignored (`text` is lower case).
fn matches_at(b: &[u8], at: usize, text: &[u8]) -> bool {
    b.get(at..at + text.len()).is_some_and(|s| s.eq_ignore_ascii_case(text))
}

/// Calls `hit(anchor, at)` for every anchor at every place of `b`, in
/// text order (anchors at one place in [`ANCHORS`] order).
pub(super) fn each_anchor(b: &[u8], mut hit: impl FnMut(&'static Anchor, usize)) {
    let t = tables();
    let class_of = |c: u8| usize::from(t.class.get(usize::from(c)).copied().unwrap_or(0));
    let mut prev = match b.first() {
        Some(&c) => class_of(c),
        None => return,
    };
    for (at, &c) in b.iter().skip(1).chain(std::iter::once(&0u8)).enumerate() {
        let cur = class_of(c);
        let row = t.pairs.get(prev).copied().unwrap_or(0);
        if row >> cur & 1 != 0 {
            at_pair(t, b, at, prev, cur, row, &mut hit);
        }
        prev = cur;
    }
}

/// The anchors that start with the pair `c1 c2` at `at`: compared in full,
/// and `hit` called for each that stands there. Kept out of the byte loop,
/// which stays a few instructions long.
#[inline(never)]
fn at_pair(
    t: &Tables,
    b: &[u8],
    at: usize,
    c1: usize,
    c2: usize,
    row: u64,
    hit: &mut impl FnMut(&'static Anchor, usize),
) {
    let rank =
        usize::from(t.base.get(c1).copied().unwrap_or(0)) + (row & ((1u64 << c2) - 1)).count_ones() as usize;
    let from = t.start.get(rank).copied().unwrap_or(0);
    let to = t.start.get(rank + 1).copied().unwrap_or(0);
    for &i in t.order.get(usize::from(from)..usize::from(to)).unwrap_or(&[]) {
        if let Some(anchor) = ANCHORS.get(usize::from(i))
            && matches_at(b, at, anchor.text)
        {
            hit(anchor, at);
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
    fn nothing_is_reported_where_no_anchor_stands() {
        let mut n = 0;
        each_anchor(b"plain words, 12 34 !! () [] {} @@", |_, _| n += 1);
        assert_eq!(n, 0);
    }
}
