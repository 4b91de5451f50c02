//! A one-pass reader of JSON text that is already known to be well formed
//! (a row serde has taken as a raw value): the entries of an object and the
//! items of an array, as borrowed slices of the text. It decides nothing a
//! JSON parser would: it only finds where each key and value begins and
//! ends, so a row is walked once instead of once per field.

use std::borrow::Cow;

/// A cursor over well-formed JSON text.
struct Scan<'v> {
    text: &'v str,
    pos: usize,
}

impl<'v> Scan<'v> {
    fn peek(&self) -> u8 {
        self.text.as_bytes().get(self.pos).copied().unwrap_or(0)
    }

    fn ws(&mut self) {
        while matches!(self.peek(), b' ' | b'\t' | b'\n' | b'\r') {
            self.pos += 1;
        }
    }

    /// A string at the cursor, with its quotes; whether it has escapes.
    fn string(&mut self) -> Option<(&'v str, bool)> {
        let bytes = self.text.as_bytes();
        let start = self.pos;
        let mut i = start + 1;
        let mut escaped = false;
        loop {
            let rest = bytes.get(i..)?;
            let k = rest.iter().position(|&b| b == b'"' || b == b'\\')?;
            i += k;
            if bytes.get(i) == Some(&b'"') {
                break;
            }
            escaped = true;
            i += 2;
        }
        self.pos = i + 1;
        Some((self.text.get(start..=i)?, escaped))
    }

    /// The value at the cursor, as written.
    fn value(&mut self) -> Option<&'v str> {
        let start = self.pos;
        match self.peek() {
            b'"' => {
                self.string()?;
            }
            b'{' | b'[' => {
                let bytes = self.text.as_bytes();
                let mut depth = 0usize;
                loop {
                    // Jump to the next byte that opens, closes or quotes.
                    let rest = bytes.get(self.pos..)?;
                    self.pos += rest.iter().position(|&b| matches!(b, b'"' | b'{' | b'[' | b'}' | b']'))?;
                    match self.peek() {
                        b'"' => {
                            self.string()?;
                        }
                        b'{' | b'[' => {
                            depth += 1;
                            self.pos += 1;
                        }
                        _ => {
                            depth = depth.checked_sub(1)?;
                            self.pos += 1;
                            if depth == 0 {
                                break;
                            }
                        }
                    }
                }
            }
            0 => return None,
            _ => {
                while !matches!(self.peek(), b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r' | 0) {
                    self.pos += 1;
                }
            }
        }
        self.text.get(start..self.pos)
    }
}

/// The text of a JSON string without its quotes when it has no escapes
/// (exactly its value), else the value decoded (`None` for text serde
/// refuses, such as a lone surrogate).
pub(crate) fn string(text: &str) -> Option<Cow<'_, str>> {
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    if inner.contains('\\') {
        serde_json::from_str::<String>(text).ok().map(Cow::Owned)
    } else {
        Some(Cow::Borrowed(inner))
    }
}

/// Calls `visit` with each key (decoded) and value text of the object
/// `text`, in order; `visit` answers whether to go on. `None` when `text`
/// is not an object, or `visit` stopped.
pub(crate) fn entries<'v>(text: &'v str, visit: &mut dyn FnMut(&str, &'v str) -> bool) -> Option<()> {
    let mut s = Scan { text, pos: 0 };
    s.ws();
    if s.peek() != b'{' {
        return None;
    }
    s.pos += 1;
    s.ws();
    if s.peek() == b'}' {
        return Some(());
    }
    loop {
        let (key, escaped) = s.string()?;
        let key: Cow<'_, str> = if escaped {
            Cow::Owned(serde_json::from_str::<String>(key).ok()?)
        } else {
            Cow::Borrowed(key.get(1..key.len().saturating_sub(1))?)
        };
        s.ws();
        if s.peek() != b':' {
            return None;
        }
        s.pos += 1;
        s.ws();
        let value = s.value()?;
        if !visit(&key, value) {
            return None;
        }
        s.ws();
        match s.peek() {
            b',' => {
                s.pos += 1;
                s.ws();
            }
            b'}' => return Some(()),
            _ => return None,
        }
    }
}

/// The item texts of the array `text` (`None` when it is not an array).
pub(crate) fn items(text: &str) -> Option<Vec<&str>> {
    let mut s = Scan { text, pos: 0 };
    s.ws();
    if s.peek() != b'[' {
        return None;
    }
    s.pos += 1;
    s.ws();
    let mut out = Vec::new();
    if s.peek() == b']' {
        return Some(out);
    }
    loop {
        out.push(s.value()?);
        s.ws();
        match s.peek() {
            b',' => {
                s.pos += 1;
                s.ws();
            }
            b']' => return Some(out),
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str) -> Option<Vec<(String, String)>> {
        let mut out = Vec::new();
        entries(text, &mut |k, v| {
            out.push((k.to_owned(), v.to_owned()));
            true
        })?;
        Some(out)
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
}
