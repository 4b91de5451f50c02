//! The one pass: every rule's anchor found together, case-insensitively.
//!
//! Each byte is folded to one of 48 classes (letters without case, digits,
//! the punctuation that anchors use, everything else as one class). A
//! table indexed by the classes of two neighbouring bytes holds a 64-bit
//! mask of the third byte's classes with which some anchor begins, so most
//! places cost three table lookups and a bit test. Where the three bytes
//! can start an anchor, the anchors that begin with the first two (found
//! by the same index) are compared in full and each one that matches calls
//! its rule. The tables are built once from [`ANCHORS`](super::rules::ANCHORS).

use std::sync::OnceLock;

use super::rules::{ANCHORS, Anchor};

/// The class of a byte: 1–26 letters (either case), 27–36 digits, 37–47
/// anchor punctuation, 0 anything else (and past the end of the text).
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
/// Bits of a class in a pair index.
const BITS: u32 = 6;
/// Entries of the two-class tables: a pair index is `c1 << BITS | c2`, so
/// the index of the next pair is the last one shifted, with the next class
/// in its low bits, and masked with `PAIRS - 1` it is known to be in bounds.
const PAIRS: usize = 1 << (2 * BITS);
/// Every third class.
const ANY: u64 = u64::MAX >> (64 - CLASSES);

/// The index of the class pair `c1 c2`.
fn pair(c1: usize, c2: usize) -> usize {
    (c1 << BITS | c2) & (PAIRS - 1)
}

struct Tables {
    /// [`class`] of every byte.
    class: [u8; 256],
    /// Bit `c3` of `third[pair(c1, c2)]`: some anchor starts with classes
    /// `c1 c2 c3` (an anchor of two bytes sets every bit of its pair, one
    /// of one byte every bit of every pair it starts).
    third: Box<[u64; PAIRS]>,
    /// Anchors by pair: `order[start[p]..start[p + 1]]`, in [`ANCHORS`]
    /// order within a pair.
    start: Box<[u16; PAIRS + 1]>,
    order: Vec<u16>,
}

/// The pairs an anchor starts (one for most, every pair of its first class
/// for a one-byte anchor) and its third-class mask.
fn starts(text: &[u8]) -> Vec<(usize, u64)> {
    match text {
        [first] => (0..CLASSES).map(|c2| (pair(class(*first), c2), ANY)).collect(),
        [first, second] => vec![(pair(class(*first), class(*second)), ANY)],
        [first, second, third, ..] => {
            vec![(pair(class(*first), class(*second)), 1 << class(*third))]
        }
        [] => Vec::new(),
    }
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut class_of = [0u8; 256];
        for (c, slot) in class_of.iter_mut().enumerate() {
            *slot = class(c as u8) as u8;
        }
        let mut third = Box::new([0u64; PAIRS]);
        // Counting sort by pair, stable in ANCHORS order.
        let mut start = Box::new([0u16; PAIRS + 1]);
        let mut places: Vec<(usize, u16)> = Vec::new();
        for (i, anchor) in ANCHORS.iter().enumerate() {
            for (p, mask) in starts(anchor.text) {
                if let Some(m) = third.get_mut(p) {
                    *m |= mask;
                }
                if let Some(n) = start.get_mut(p + 1) {
                    *n += 1;
                }
                places.push((p, i as u16));
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
        for (p, i) in places {
            if let Some(slot) = next.get_mut(p) {
                if let Some(o) = order.get_mut(usize::from(*slot)) {
                    *o = i;
                }
                *slot += 1;
            }
        }
        Tables { class: class_of, third, start, order }
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
    // A byte past the end is of class 0, as a byte no anchor holds.
    let class_at = |i: usize| match b.get(i) {
        Some(&c) => usize::from(t.class.get(usize::from(c)).copied().unwrap_or(0)),
        None => 0,
    };
    let mut p = pair(class_at(0), class_at(1));
    for at in 0..b.len() {
        let c3 = class_at(at + 2);
        if t.third.get(p).copied().unwrap_or(0) >> c3 & 1 != 0 {
            at_pair(t, b, at, p, &mut hit);
        }
        p = (p << BITS | c3) & (PAIRS - 1);
    }
}

/// The anchors that start with the pair `p` at `at`: compared in full, and
/// `hit` called for each that stands there. Kept out of the byte loop,
/// which stays a few instructions long.
#[inline(never)]
fn at_pair(t: &Tables, b: &[u8], at: usize, p: usize, hit: &mut impl FnMut(&'static Anchor, usize)) {
    let from = t.start.get(p).copied().unwrap_or(0);
    let to = t.start.get(p + 1).copied().unwrap_or(0);
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
