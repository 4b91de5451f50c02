//! The one JSON lexer. Every reader of JSON text in the crate steps through
//! it: the borrowed document ([`super::doc`]), the stream reader that checks
//! rows and calls as it passes them ([`super::stream`]), the `JSON.parse`
//! tree of the `upstream` profile, and the facade's call readers. It knows
//! JSON's tokens — white space, strings and their escapes, numbers, the
//! three words — and nothing of the structure above them, which each reader
//! builds its own way (a tree of borrowed values, a flat list of nodes,
//! nothing at all). Only the reporting parser ([`super::parse`]) is another
//! reader, because its messages are `serde_json`'s and golden.
//!
//! What JSON text may hold but a reader may refuse is a [`Policy`]: strict
//! (the reporting parser's verdicts: no lone UTF-16 surrogate, no number
//! beyond a double) or `JSON.parse`'s (both are values). Under either, a
//! string's scan says whether it escapes a lone surrogate, so a reader that
//! goes on past a bad row can note it. How deep containers nest is the
//! structure's to count.
//!
//! On a [`Fault`] the lexer stands where the text let it down, so a reader
//! can say where and what it found there.

use std::borrow::Cow;

use crate::js::number::json_number;

/// What a reader accepts beyond the grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Policy {
    /// The reporting parser's: a string escaping half a surrogate pair and a
    /// number beyond the range of a double are faults.
    Strict,
    /// `JSON.parse`'s: a lone surrogate is one UTF-16 unit of its string
    /// (U+FFFD where a Rust string must hold it), a number beyond a double
    /// is infinite.
    JsonParse,
}

/// Why the lexer stopped: what it expected where it stands (it stays at
/// the byte that let it down, so [`Lexer::at`] says where). One byte, so
/// that a token and its fault come back in registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fault {
    /// One of JSON's escapes after a backslash (`\"`, `\\`, `\/`, `\b`,
    /// `\f`, `\n`, `\r`, `\t`, or `\u` and four hex digits).
    Escape,
    /// A character where a control character stands raw in a string.
    Character,
    /// A string's closing quote, where the text ends inside it (or its
    /// opening one, where there is none).
    Quote,
    /// A digit of a number.
    Digit,
    /// (Strict) the other half of a surrogate pair.
    Pair,
    /// (Strict) a number within the range of a double.
    Finite,
}

/// A string token: its body between the quotes, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Str<'t> {
    pub(crate) raw: &'t str,
    /// It holds an escape (else `raw` is its value).
    pub(crate) escaped: bool,
    /// It escapes half a surrogate pair without the other half (only under
    /// [`Policy::JsonParse`]: strict refuses it).
    pub(crate) lone: bool,
}

impl<'t> Str<'t> {
    /// The string's value, a lone surrogate as U+FFFD.
    pub(crate) fn value(self) -> Cow<'t, str> {
        if self.escaped { Cow::Owned(lossy(self.raw)) } else { Cow::Borrowed(self.raw) }
    }
}

/// The value of a string body the lexer has checked (a [`Str`]'s `raw`), a
/// lone surrogate as U+FFFD.
fn lossy(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    decode(raw, &mut |piece| match piece {
        Piece::Text(s) => out.push_str(s),
        Piece::Escape(Escaped::Char(c)) => out.push(c),
        Piece::Escape(Escaped::Lone(_)) => out.push(char::REPLACEMENT_CHARACTER),
    });
    out
}

/// The UTF-16 units of a string body the lexer has checked, as JavaScript
/// holds the string (a lone surrogate one unit).
pub(crate) fn units(raw: &str) -> Vec<u16> {
    let mut out = Vec::with_capacity(raw.len());
    decode(raw, &mut |piece| match piece {
        Piece::Text(s) => out.extend(s.encode_utf16()),
        Piece::Escape(Escaped::Char(c)) => out.extend_from_slice(c.encode_utf16(&mut [0; 2])),
        Piece::Escape(Escaped::Lone(unit)) => out.push(unit),
    });
    out
}

/// A run of a string body written as it is, or one escape.
enum Piece<'t> {
    Text(&'t str),
    Escape(Escaped),
}

/// Hands `to` the pieces of a checked string body, in order.
fn decode<'t>(raw: &'t str, to: &mut dyn FnMut(Piece<'t>)) {
    let b = raw.as_bytes();
    let mut from = 0;
    while let Some(slash) = b.get(from..).and_then(|rest| rest.iter().position(|&c| c == b'\\')) {
        let at = from + slash;
        to(Piece::Text(raw.get(from..at).unwrap_or_default()));
        let Some((e, end)) = escape(b, at) else { return };
        to(Piece::Escape(e));
        from = end;
    }
    to(Piece::Text(raw.get(from..).unwrap_or_default()));
}

/// What a string passed over held ([`Lexer::skip_string`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Skipped {
    pub(crate) escaped: bool,
    pub(crate) lone: bool,
}

/// A number token, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Num<'t> {
    pub(crate) text: &'t str,
    /// No exponent and at most 300 digits before any point: certainly
    /// within a double's range, with no need to read it to know.
    plain: bool,
}

impl Num<'_> {
    /// The number as `JSON.parse` reads it: the double nearest, infinite
    /// beyond a double's range.
    pub(crate) fn value(self) -> f64 {
        json_number(self.text)
    }

    /// Whether it is within a double's range.
    pub(crate) fn is_finite(self) -> bool {
        self.plain || self.value().is_finite()
    }
}

/// What an escape stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Escaped {
    Char(char),
    /// Half a surrogate pair without the other half.
    Lone(u16),
}

/// The escape whose backslash is at `at` in `b`: what it stands for and
/// where it ends; `None` for a backslash no escape of JSON follows. A high
/// surrogate directly followed by an escaped low one is one character.
#[inline]
pub(crate) fn escape(b: &[u8], at: usize) -> Option<(Escaped, usize)> {
    let c = *b.get(at + 1)?;
    if c != b'u' {
        return Some((Escaped::Char(short_escape(c)?), at + 2));
    }
    let unit = hex4(b, at + 2)?;
    Some(match unit {
        0xD800..=0xDBFF => match (b.get(at + 6..at + 8), hex4(b, at + 8)) {
            (Some(b"\\u"), Some(low @ 0xDC00..=0xDFFF)) => {
                let c = 0x10000 + ((u32::from(unit) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
                (Escaped::Char(char::from_u32(c)?), at + 12)
            }
            _ => (Escaped::Lone(unit), at + 6),
        },
        0xDC00..=0xDFFF => (Escaped::Lone(unit), at + 6),
        _ => (Escaped::Char(char::from_u32(u32::from(unit))?), at + 6),
    })
}

/// The character a JSON two-character escape (`\\` and `c`) stands for,
/// for every escape but `\\u`.
#[inline]
fn short_escape(c: u8) -> Option<char> {
    Some(match c {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\u{8}',
        b'f' => '\u{c}',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        _ => return None,
    })
}

/// The four hex digits at `at` as a UTF-16 unit.
#[inline]
fn hex4(b: &[u8], at: usize) -> Option<u16> {
    let digits = b.get(at..at + 4)?;
    digits.iter().try_fold(0u16, |n, &c| {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => return None,
        };
        Some(n << 4 | u16::from(d))
    })
}

/// Where the run of bytes from `at` that a JSON string holds as they are
/// (everything but `"`, `\\` and control characters) ends: sixteen bytes a
/// round (two words tested, one branch), then eight, then one at a time.
#[inline(always)]
pub(crate) fn plain_run(b: &[u8], mut at: usize) -> usize {
    while let Some(pair) = b.get(at..).and_then(<[u8]>::first_chunk::<16>) {
        let (lo, hi) = pair.split_at(8);
        let lo = lo.first_chunk::<8>().map_or(0, special_bytes);
        let hi = hi.first_chunk::<8>().map_or(0, special_bytes);
        if lo | hi != 0 {
            let (skip, special) = if lo != 0 { (0, lo) } else { (8, hi) };
            return at + skip + (special.trailing_zeros() / 8) as usize;
        }
        at += 16;
    }
    while let Some(word) = b.get(at..).and_then(<[u8]>::first_chunk::<8>) {
        let special = special_bytes(word);
        if special != 0 {
            return at + (special.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    while matches!(b.get(at), Some(&c) if c != b'"' && c != b'\\' && c >= 0x20) {
        at += 1;
    }
    at
}

/// A high bit set in the byte of `word` that is the first `"`, `\\` or
/// control character (and maybe in bytes after it, but in none before): 0
/// when the eight bytes are all held by a string as they are.
#[inline(always)]
fn special_bytes(word: &[u8; 8]) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A high bit in each byte of `v` that is zero, and maybe in bytes
    // above one that is (a borrow runs only upwards): the lowest set
    // bit is the first zero byte.
    let zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
    let w = u64::from_le_bytes(*word);
    zero(w ^ (ONES * u64::from(b'"')))
        | zero(w ^ (ONES * u64::from(b'\\')))
        | (w.wrapping_sub(ONES * 0x20) & !w & HIGH)
}

/// A cursor over JSON text that reads one token at a time.
#[derive(Clone, Debug)]
pub(crate) struct Lexer<'t> {
    text: &'t str,
    at: usize,
    policy: Policy,
}

// The small steps are inlined by force: the wasm build is optimised for
// size, and LLVM then inlines next to nothing, so that each step would be
// a call. In wasm such calls took a sixth of a verdict's time.
impl<'t> Lexer<'t> {
    pub(crate) fn new(text: &'t str, policy: Policy) -> Self {
        Lexer { text, at: 0, policy }
    }

    /// Where the lexer stands (a byte offset).
    #[inline(always)]
    pub(crate) fn at(&self) -> usize {
        self.at
    }

    /// Goes back to `at`, a place the lexer has passed (so a token starts
    /// there).
    #[cfg_attr(not(feature = "compat"), allow(dead_code, reason = "the schema locator alone goes back"))]
    pub(crate) fn seek(&mut self, at: usize) {
        self.at = at;
    }

    /// The text from `start` to where the lexer stands.
    #[inline(always)]
    pub(crate) fn since(&self, start: usize) -> &'t str {
        self.text.get(start..self.at).unwrap_or_default()
    }

    /// The text from where the lexer stands.
    #[inline(always)]
    pub(crate) fn rest(&self) -> &'t str {
        self.text.get(self.at..).unwrap_or_default()
    }

    #[inline(always)]
    pub(crate) fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// The byte `ahead` bytes after the one [`Lexer::peek`] sees.
    #[inline(always)]
    pub(crate) fn peek_ahead(&self, ahead: usize) -> Option<u8> {
        self.text.as_bytes().get(self.at + ahead).copied()
    }

    /// Steps over the byte [`Lexer::peek`] sees.
    #[inline(always)]
    pub(crate) fn bump(&mut self) {
        self.at += 1;
    }

    /// Steps over JSON's white space: space, tab, line feed, carriage
    /// return.
    #[inline(always)]
    pub(crate) fn blank(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// Steps over `byte` if it is next.
    #[inline(always)]
    pub(crate) fn eat(&mut self, byte: u8) -> bool {
        let next = self.peek() == Some(byte);
        self.at += usize::from(next);
        next
    }

    /// Steps over `word` (`true`, `false`, `null`) if it is next.
    #[inline(always)]
    pub(crate) fn word(&mut self, word: &[u8]) -> bool {
        let end = self.at + word.len();
        let next = self.text.as_bytes().get(self.at..end) == Some(word);
        if next {
            self.at = end;
        }
        next
    }

    /// Whether the text ends where the lexer stands.
    #[inline(always)]
    pub(crate) fn at_end(&self) -> bool {
        self.at >= self.text.len()
    }

    #[inline(always)]
    fn fault<T>(&mut self, at: usize, fault: Fault) -> Result<T, Fault> {
        self.at = at;
        Err(fault)
    }

    /// The string at the lexer (at its opening quote), checked and left as
    /// written.
    #[inline(always)]
    pub(crate) fn string(&mut self) -> Result<Str<'t>, Fault> {
        let start = self.at + 1;
        let Skipped { escaped, lone } = self.skip_string()?;
        let raw = self.text.get(start..self.at - 1).unwrap_or_default();
        Ok(Str { raw, escaped, lone })
    }

    /// Steps over the string at the lexer (at its opening quote), checking
    /// it, and says what it held: [`Lexer::string`] without its body, for a
    /// reader that only passes it.
    ///
    /// A string without an escape, most of them, is one run of plain bytes
    /// and its closing quote, stepped over here in the caller; the rest go
    /// on out of line. An envelope holds some forty strings, keys included:
    /// the call each one made cost about a third of the time spent in them.
    #[inline(always)]
    pub(crate) fn skip_string(&mut self) -> Result<Skipped, Fault> {
        let b = self.text.as_bytes();
        if self.peek() != Some(b'"') {
            return self.fault(self.at, Fault::Quote);
        }
        let i = plain_run(b, self.at + 1);
        if b.get(i) == Some(&b'"') {
            self.at = i + 1;
            return Ok(Skipped { escaped: false, lone: false });
        }
        self.skip_string_on(i)
    }

    /// [`Lexer::skip_string`] on from `i`, the end of its first plain run,
    /// which is not the closing quote.
    #[inline(never)]
    fn skip_string_on(&mut self, mut i: usize) -> Result<Skipped, Fault> {
        let b = self.text.as_bytes();
        let (mut escaped, mut lone) = (false, false);
        loop {
            match b.get(i) {
                Some(b'"') => break,
                Some(b'\\') => {
                    escaped = true;
                    let Some((e, end)) = escape(b, i) else { return self.fault(i, Fault::Escape) };
                    if let Escaped::Lone(_) = e {
                        if self.policy == Policy::Strict {
                            return self.fault(i, Fault::Pair);
                        }
                        lone = true;
                    }
                    i = plain_run(b, end);
                }
                Some(_) => return self.fault(i, Fault::Character),
                None => return self.fault(i, Fault::Quote),
            }
        }
        self.at = i + 1;
        Ok(Skipped { escaped, lone })
    }

    /// The value of the string at the lexer, decoded in the same pass that
    /// finds its end: borrowed when it has no escape (so an owned value
    /// says it had one). `to_end`: the string ends the text, or nearly (a
    /// call's document): an escaped one is written into room for all the
    /// rest, so that it never grows.
    pub(crate) fn string_value(&mut self, to_end: bool) -> Result<Cow<'t, str>, Fault> {
        let b = self.text.as_bytes();
        if self.peek() != Some(b'"') {
            return self.fault(self.at, Fault::Quote);
        }
        self.at += 1;
        let start = self.at;
        self.at = plain_run(b, self.at);
        match self.peek() {
            Some(b'"') => {
                let s = self.since(start);
                self.at += 1;
                return Ok(Cow::Borrowed(s));
            }
            Some(b'\\') => {}
            Some(_) => return self.fault(self.at, Fault::Character),
            None => return self.fault(self.at, Fault::Quote),
        }
        // Written as bytes into a buffer of the right size, each plain word
        // stored whole and each escape as its bytes, with no call per piece;
        // the bytes are checked as UTF-8 once, at the end. They always are:
        // the runs copied are whole characters (they end at an ASCII byte or
        // the text's end) and each escape is written as a whole character.
        let room = if to_end { b.len() - start } else { self.at - start + 16 };
        // The eight spare bytes hold the overhang of the last word stored.
        let mut out = vec![0u8; room + 8];
        let mut len = self.at - start;
        if let (Some(to), Some(from)) = (out.get_mut(..len), b.get(start..self.at)) {
            to.copy_from_slice(from);
        }
        loop {
            len = self.copy_plain_words(&mut out, len);
            match self.peek() {
                Some(b'"') => {
                    self.at += 1;
                    out.truncate(len);
                    return Ok(Cow::Owned(String::from_utf8(out).unwrap_or_default()));
                }
                Some(b'\\') => {
                    let Some((e, end)) = escape(b, self.at) else {
                        return self.fault(self.at, Fault::Escape);
                    };
                    let c = match e {
                        Escaped::Char(c) => c,
                        Escaped::Lone(_) if self.policy == Policy::Strict => {
                            return self.fault(self.at, Fault::Pair);
                        }
                        Escaped::Lone(_) => char::REPLACEMENT_CHARACTER,
                    };
                    self.at = end;
                    // Two or more bytes of text became at most four.
                    put(&mut out, &mut len, c.encode_utf8(&mut [0; 4]).as_bytes());
                }
                Some(c) if c < 0x20 => return self.fault(self.at, Fault::Character),
                Some(c) => {
                    // One of the last few bytes, with no word left to store.
                    put(&mut out, &mut len, &[c]);
                    self.at += 1;
                }
                None => return self.fault(self.at, Fault::Quote),
            }
        }
    }

    /// Stores the bytes a string holds as they are into `out` from `len`, a
    /// word of eight at a time: each word is stored whole and counted up to
    /// its first special byte. Stops at a special byte, or where fewer than
    /// eight bytes are left; returns the new length.
    #[inline(always)]
    fn copy_plain_words(&mut self, out: &mut Vec<u8>, mut len: usize) -> usize {
        while let Some(word) = self.text.as_bytes().get(self.at..).and_then(<[u8]>::first_chunk::<8>) {
            grow(out, len + 8);
            let Some(slot) = out.get_mut(len..).and_then(<[u8]>::first_chunk_mut::<8>) else { break };
            *slot = *word;
            let special = special_bytes(word);
            if special != 0 {
                let plain = (special.trailing_zeros() / 8) as usize;
                self.at += plain;
                return len + plain;
            }
            self.at += 8;
            len += 8;
        }
        len
    }

    /// The number at the lexer: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    #[inline(always)]
    pub(crate) fn number(&mut self) -> Result<Num<'t>, Fault> {
        let b = self.text.as_bytes();
        let start = self.at;
        let mut i = start;
        let digits = |i: &mut usize| {
            let from = *i;
            while b.get(*i).is_some_and(u8::is_ascii_digit) {
                *i += 1;
            }
            *i - from
        };
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        let whole = match b.get(i) {
            Some(b'0') => {
                i += 1;
                1
            }
            Some(b'1'..=b'9') => digits(&mut i),
            _ => return self.fault(i, Fault::Digit),
        };
        let mut plain = whole <= 300;
        if b.get(i) == Some(&b'.') {
            i += 1;
            if digits(&mut i) == 0 {
                return self.fault(i, Fault::Digit);
            }
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            i += 1;
            if matches!(b.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            if digits(&mut i) == 0 {
                return self.fault(i, Fault::Digit);
            }
            plain = false;
        }
        let n = Num { text: self.text.get(start..i).unwrap_or_default(), plain };
        if self.policy == Policy::Strict && !n.is_finite() {
            return self.fault(start, Fault::Finite);
        }
        self.at = i;
        Ok(n)
    }
}

/// Makes `out` at least `len` bytes long (twice as long, when it must grow).
#[inline(always)]
fn grow(out: &mut Vec<u8>, len: usize) {
    if out.len() < len {
        out.resize(len.max(2 * out.len()), 0);
    }
}

/// Writes the one to four `bytes` of a character into `out` at `len`, a
/// byte at a time (no call to copy memory), and moves `len` past them.
#[inline(always)]
fn put(out: &mut Vec<u8>, len: &mut usize, bytes: &[u8]) {
    grow(out, *len + bytes.len());
    for &b in bytes {
        if let Some(slot) = out.get_mut(*len) {
            *slot = b;
        }
        *len += 1;
    }
}

#[cfg(test)]
mod tests;
