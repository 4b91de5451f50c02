//! One pass over JSON text that checks it as a parser would and hands its
//! reader only what it asks for: the entries of an object and the items of
//! an array, each value as a borrowed slice of the text. Nothing is built:
//! no tree, no string unless a key is escaped. The ledger fold reads its
//! rows with it, the `secrets.scan` call its one member, the notify footer
//! its top-level fields, the schema locator the place a pointer names.
//!
//! Two kinds of trouble are told apart. Text that is not JSON is a syntax
//! error ([`Syntax`]): the reader stops. JSON that a strict parser would
//! still refuse to hold — a lone UTF-16 surrogate, a number beyond a
//! double, nesting deeper than the limit — is a [`Problem`]: the reader
//! notes the first one and goes on, so that a ledger row it is in can be
//! reported and left out while the rest is read, and a reader with
//! `JSON.parse`'s verdicts can ignore it.

use std::borrow::Cow;

use crate::json::lex::{Lexer, Policy};

/// The text is not JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Syntax;

/// Why well-formed JSON cannot be held as a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Problem {
    /// A `\uXXXX` escape of half a surrogate pair, without its other half.
    LoneSurrogate,
    /// A number beyond the range of an IEEE 754 double.
    OutOfRange,
    /// Arrays and objects nested deeper than the reader's limit.
    TooDeep,
}

impl Problem {
    /// What the problem is, for a message (`limit`: the nesting limit).
    pub(crate) fn describe(self, limit: usize) -> String {
        match self {
            Problem::LoneSurrogate => "holds a lone UTF-16 surrogate".to_owned(),
            Problem::OutOfRange => "holds a number beyond the range of a double".to_owned(),
            Problem::TooDeep => format!("nests arrays and objects deeper than a row may ({limit} levels)"),
        }
    }
}

/// What [`Reader::entries`] calls with each key: it reads the value.
pub(crate) type EntryVisitor<'f, 'v> = dyn FnMut(&mut Reader<'v>, Cow<'v, str>) -> Result<(), Syntax> + 'f;

/// A cursor over JSON text: the one lexer under `JSON.parse`'s policy, so
/// that what strict reading refuses is noted as a [`Problem`], not a stop.
pub(crate) struct Reader<'v> {
    lx: Lexer<'v>,
    /// The first problem met (and where), if any.
    problem: Option<(Problem, usize)>,
    /// How deep values may nest below depth 0.
    max_depth: usize,
    /// Open containers of the value being skipped (`true`: an object).
    stack: Vec<bool>,
}

impl<'v> Reader<'v> {
    pub(crate) fn new(text: &'v str, max_depth: usize) -> Self {
        Reader { lx: Lexer::new(text, Policy::JsonParse), problem: None, max_depth, stack: Vec::new() }
    }

    pub(crate) fn pos(&self) -> usize {
        self.lx.at()
    }

    /// Goes back to `at`, a place the reader has passed.
    #[cfg_attr(not(feature = "compat"), allow(dead_code, reason = "the schema locator alone goes back"))]
    pub(crate) fn seek(&mut self, at: usize) {
        self.lx.seek(at);
    }

    pub(crate) fn problem(&self) -> Option<(Problem, usize)> {
        self.problem
    }

    /// Forgets the problem met so far (the next row starts clean).
    pub(crate) fn take_problem(&mut self) -> Option<(Problem, usize)> {
        self.problem.take()
    }

    /// The text from `start` to the cursor.
    pub(crate) fn since(&self, start: usize) -> &'v str {
        self.lx.since(start)
    }

    fn note(&mut self, problem: Problem) {
        if self.problem.is_none() {
            self.problem = Some((problem, self.lx.at()));
        }
    }

    pub(crate) fn peek(&self) -> u8 {
        self.lx.peek().unwrap_or(0)
    }

    pub(crate) fn ws(&mut self) {
        self.lx.blank();
    }

    /// Steps over `byte` (after whitespace), or fails.
    pub(crate) fn expect(&mut self, byte: u8) -> Result<(), Syntax> {
        self.lx.blank();
        if self.lx.eat(byte) { Ok(()) } else { Err(Syntax) }
    }

    /// Whether the text ends here (whitespace aside).
    pub(crate) fn at_end(&mut self) -> bool {
        self.lx.blank();
        self.lx.at_end()
    }

    /// Steps over a string at the cursor, its lone surrogate noted.
    fn string(&mut self) -> Result<(), Syntax> {
        let s = self.lx.skip_string().map_err(|_| Syntax)?;
        if s.lone {
            self.note(Problem::LoneSurrogate);
        }
        Ok(())
    }

    /// A key at the cursor, decoded, and the colon after it.
    pub(crate) fn key(&mut self) -> Result<Cow<'v, str>, Syntax> {
        self.lx.blank();
        let key = self.lx.string().map_err(|_| Syntax)?;
        if key.lone {
            // So the row is left out.
            self.note(Problem::LoneSurrogate);
        }
        // Most keys are followed by their colon straight away.
        if !self.lx.eat(b':') {
            self.expect(b':')?;
        }
        Ok(key.value())
    }

    /// A number at the cursor, its being beyond a double noted.
    fn number(&mut self) -> Result<(), Syntax> {
        let n = self.lx.number().map_err(|_| Syntax)?;
        if !n.is_finite() {
            self.note(Problem::OutOfRange);
        }
        Ok(())
    }

    fn literal(&mut self, word: &str) -> Result<(), Syntax> {
        if self.lx.word(word.as_bytes()) { Ok(()) } else { Err(Syntax) }
    }

    /// Steps over one value at `depth` (its containers open at `depth + 1`),
    /// checking all of it; answers its text.
    pub(crate) fn value(&mut self, depth: usize) -> Result<&'v str, Syntax> {
        self.ws();
        let start = self.pos();
        // Most values are strings: no container bookkeeping for them.
        if self.peek() == b'"' {
            self.string()?;
            return Ok(self.since(start));
        }
        self.stack.clear();
        loop {
            // A value.
            self.ws();
            match self.peek() {
                b'{' | b'[' => {
                    let object = self.peek() == b'{';
                    if depth + self.stack.len() + 1 > self.max_depth {
                        self.note(Problem::TooDeep);
                    }
                    self.stack.push(object);
                    self.lx.bump();
                    self.ws();
                    let close = if object { b'}' } else { b']' };
                    if self.peek() == close {
                        self.lx.bump();
                        self.stack.pop();
                    } else {
                        if object {
                            self.key()?;
                        }
                        continue;
                    }
                }
                b'"' => {
                    self.string()?;
                }
                b'-' | b'0'..=b'9' => self.number()?,
                b't' => self.literal("true")?,
                b'f' => self.literal("false")?,
                b'n' => self.literal("null")?,
                _ => return Err(Syntax),
            }
            // After a value: close what ends here, then go on to the next.
            loop {
                let Some(&object) = self.stack.last() else { return Ok(self.since(start)) };
                self.ws();
                match (self.peek(), object) {
                    (b',', _) => {
                        self.lx.bump();
                        if object {
                            self.key()?;
                        }
                        break;
                    }
                    (b'}', true) | (b']', false) => {
                        self.lx.bump();
                        self.stack.pop();
                    }
                    _ => return Err(Syntax),
                }
            }
        }
    }

    /// The entries of the object at the cursor (at `depth`): `visit` gets
    /// each key and reads its value. `Ok(false)` when the value at the
    /// cursor is not an object (nothing is consumed).
    pub(crate) fn entries(&mut self, depth: usize, visit: &mut EntryVisitor<'_, 'v>) -> Result<bool, Syntax> {
        self.ws();
        if self.peek() != b'{' {
            return Ok(false);
        }
        if depth + 1 > self.max_depth {
            self.note(Problem::TooDeep);
        }
        self.lx.bump();
        self.ws();
        if self.peek() == b'}' {
            self.lx.bump();
            return Ok(true);
        }
        loop {
            let key = self.key()?;
            visit(self, key)?;
            self.ws();
            match self.peek() {
                b',' => self.lx.bump(),
                b'}' => {
                    self.lx.bump();
                    return Ok(true);
                }
                _ => return Err(Syntax),
            }
        }
    }

    /// The items of the array at the cursor (at `depth`): `visit` reads
    /// each one. `Ok(false)` when the value is not an array.
    pub(crate) fn items(
        &mut self,
        depth: usize,
        visit: &mut dyn FnMut(&mut Self) -> Result<(), Syntax>,
    ) -> Result<bool, Syntax> {
        self.ws();
        if self.peek() != b'[' {
            return Ok(false);
        }
        if depth + 1 > self.max_depth {
            self.note(Problem::TooDeep);
        }
        self.lx.bump();
        self.ws();
        if self.peek() == b']' {
            self.lx.bump();
            return Ok(true);
        }
        loop {
            visit(self)?;
            self.ws();
            match self.peek() {
                b',' => self.lx.bump(),
                b']' => {
                    self.lx.bump();
                    return Ok(true);
                }
                _ => return Err(Syntax),
            }
        }
    }
}

/// The value of the JSON string `text` (`None` for text that is not one
/// string or holds a lone surrogate): borrowed when it has no escape.
pub(crate) fn string(text: &str) -> Option<Cow<'_, str>> {
    let mut lx = Lexer::new(text, Policy::Strict);
    let s = lx.string_value(false).ok()?;
    lx.at_end().then_some(s)
}

/// The item texts of the array `text` (`None` when it is not an array of
/// well-formed JSON).
pub(crate) fn items(text: &str) -> Option<Vec<&str>> {
    let mut r = Reader::new(text, usize::MAX);
    let mut out = Vec::new();
    let is_array = r
        .items(0, &mut |r| {
            out.push(r.value(1)?);
            Ok(())
        })
        .ok()?;
    is_array.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str) -> Option<Vec<(String, String)>> {
        let mut out = Vec::new();
        let mut r = Reader::new(text, 128);
        let ok = r
            .entries(0, &mut |r, k| {
                let v = r.value(1)?;
                out.push((k.into_owned(), v.to_owned()));
                Ok(())
            })
            .ok()?;
        (ok && r.at_end()).then_some(out)
    }

    fn problem(text: &str) -> Result<Option<Problem>, Syntax> {
        let mut r = Reader::new(text, 4);
        r.value(0)?;
        if !r.at_end() {
            return Err(Syntax);
        }
        Ok(r.problem().map(|p| p.0))
    }

    #[test]
    fn entries_are_the_keys_and_values_as_written() {
        let got = all(r#" { "a" : 1.5e3 , "b":{"c":[1,"]}"]},"d":"x\"y","e" :null} "#);
        let want = [("a", "1.5e3"), ("b", r#"{"c":[1,"]}"]}"#), ("d", r#""x\"y""#), ("e", "null")];
        assert_eq!(got, Some(want.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()));
    }

    #[test]
    fn escaped_keys_are_decoded() {
        assert_eq!(all(r#"{"\u0069d":1}"#), Some(vec![("id".to_owned(), "1".to_owned())]));
    }

    #[test]
    fn an_array_has_no_entries() {
        assert_eq!(all("[1]"), None);
        assert_eq!(all("{}"), Some(vec![]));
    }

    #[test]
    fn items_are_the_values_of_an_array() {
        assert_eq!(
            items(r#"[ "a", [1,2] ,{"b":"]"}, 3 ]"#),
            Some(vec![r#""a""#, "[1,2]", r#"{"b":"]"}"#, "3"])
        );
        assert_eq!(items("[]"), Some(vec![]));
        assert_eq!(items("{}"), None);
    }

    #[test]
    fn strings_borrow_unless_escaped() {
        assert_eq!(string(r#""abc""#), Some(Cow::Borrowed("abc")));
        assert_eq!(string(r#""a\nb""#), Some(Cow::Owned("a\nb".to_owned())));
        assert_eq!(string(r#""\ud800""#), None);
        assert_eq!(string("12"), None);
    }

    #[test]
    fn text_that_is_not_json_is_a_syntax_error() {
        for bad in [
            "",
            "{",
            "[1,]",
            "{\"a\"}",
            "{\"a\":1,}",
            "01",
            "1.",
            "1e",
            "-",
            "tru",
            "\"a",
            "\"\\x\"",
            "\"\\u12g4\"",
            "\"a\u{1}b\"",
            "[1 2]",
            "{\"a\":1]",
            "nul",
        ] {
            assert_eq!(problem(bad), Err(Syntax), "{bad:?}");
        }
    }

    #[test]
    fn json_a_parser_refuses_is_a_problem_not_a_syntax_error() {
        assert_eq!(problem(r#"["a\ud800b"]"#), Ok(Some(Problem::LoneSurrogate)));
        assert_eq!(problem(r#""\udc00""#), Ok(Some(Problem::LoneSurrogate)));
        assert_eq!(problem(r#""\ud800\u0041""#), Ok(Some(Problem::LoneSurrogate)));
        assert_eq!(problem(r#"{"\ud800":1}"#), Ok(Some(Problem::LoneSurrogate)));
        assert_eq!(problem(r#""\ud83d\ude00""#), Ok(None));
        assert_eq!(problem("1e400"), Ok(Some(Problem::OutOfRange)));
        assert_eq!(problem("-1e400"), Ok(Some(Problem::OutOfRange)));
        assert_eq!(problem(&format!("1{}", "0".repeat(400))), Ok(Some(Problem::OutOfRange)));
        assert_eq!(problem("1e-400"), Ok(None));
        assert_eq!(problem("1.7976931348623157e308"), Ok(None));
        assert_eq!(problem("[[[[1]]]]"), Ok(None));
        assert_eq!(problem("[[[[[1]]]]]"), Ok(Some(Problem::TooDeep)));
        assert_eq!(
            problem(&format!("{}{}", "[".repeat(10_000), "]".repeat(10_000))),
            Ok(Some(Problem::TooDeep))
        );
    }

    #[test]
    fn a_string_is_read_past_whole_words_and_wide_characters() {
        let text = format!("\"{}é{}\"", "x".repeat(13), "y".repeat(9));
        assert_eq!(problem(&text), Ok(None));
        assert_eq!(all(&format!("{{{text}:{text}}}")).map(|e| e.len()), Some(1));
        assert_eq!(problem(&format!("\"{}\u{1}x\"", "x".repeat(13))), Err(Syntax));
    }
}
