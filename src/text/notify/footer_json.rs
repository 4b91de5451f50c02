//! The footer's JSON, read with `JSON.parse`'s verdicts and type-filtered
//! into a [`NotifySummary`].

use super::NotifySummary;

/// What one top-level key of the footer object held last.
enum Field {
    Number(f64),
    Text(String),
    Other,
}

const KEYS: [&str; 6] = ["version", "agent", "project", "status", "action", "summary"];

/// Reads `text` as `JSON.parse` would and type-filters the top-level object
/// into a summary; `None` when the text is not JSON or not an object.
pub(super) fn read_footer_json(text: &str) -> Option<NotifySummary> {
    let fields = JsJson { bytes: text.as_bytes(), at: 0 }.top_level_fields()?;
    let mut summary = NotifySummary::default();
    for (key, field) in KEYS.iter().zip(fields) {
        match (*key, field) {
            ("version", Some(Field::Number(n))) => summary.version = Some(n),
            ("agent", Some(Field::Text(s))) => summary.agent = Some(s),
            ("project", Some(Field::Text(s))) => summary.project = Some(s),
            ("status", Some(Field::Text(s))) => summary.status = Some(s),
            ("action", Some(Field::Text(s))) => summary.action = Some(s),
            ("summary", Some(Field::Text(s))) => summary.summary = Some(s),
            _ => {}
        }
    }
    Some(summary)
}

/// A JSON reader with `JSON.parse`'s verdicts: no depth limit (an explicit
/// stack), infinite numbers, lone surrogates accepted.
struct JsJson<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl JsJson<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn eat(&mut self, b: u8) -> Option<()> {
        (self.peek() == Some(b)).then(|| self.at += 1)
    }

    /// Reads the whole text as one JSON object and returns, for each of
    /// [`KEYS`], what its last occurrence at the top level held.
    fn top_level_fields(mut self) -> Option<[Option<Field>; 6]> {
        let mut fields: [Option<Field>; 6] = [None, None, None, None, None, None];
        // `true` for an object, `false` for an array.
        let mut stack: Vec<bool> = Vec::new();
        // The [`KEYS`] index of the top-level key whose value comes next.
        let mut slot: Option<usize> = None;
        self.skip_ws();
        if self.peek() != Some(b'{') {
            return None;
        }
        'value: loop {
            self.skip_ws();
            let at_top = stack.len() == 1;
            let record = |fields: &mut [Option<Field>; 6], f: Field| {
                if let (true, Some(i)) = (at_top, slot)
                    && let Some(place) = fields.get_mut(i)
                {
                    *place = Some(f);
                }
            };
            match self.peek()? {
                b'{' => {
                    record(&mut fields, Field::Other);
                    self.at += 1;
                    stack.push(true);
                    self.skip_ws();
                    if self.eat(b'}').is_none() {
                        slot = self.key(stack.len() == 1)?;
                        continue 'value;
                    }
                    stack.pop();
                }
                b'[' => {
                    record(&mut fields, Field::Other);
                    self.at += 1;
                    stack.push(false);
                    self.skip_ws();
                    if self.eat(b']').is_none() {
                        continue 'value;
                    }
                    stack.pop();
                }
                b'"' => {
                    let keep = at_top && slot.is_some_and(|i| i != 0);
                    let s = self.string(keep)?;
                    record(&mut fields, s.map_or(Field::Other, Field::Text));
                }
                b't' => {
                    self.literal(b"true")?;
                    record(&mut fields, Field::Other);
                }
                b'f' => {
                    self.literal(b"false")?;
                    record(&mut fields, Field::Other);
                }
                b'n' => {
                    self.literal(b"null")?;
                    record(&mut fields, Field::Other);
                }
                _ => {
                    let n = self.number()?;
                    record(&mut fields, Field::Number(n));
                }
            }
            // After a complete value: a separator, a close, or the end.
            loop {
                self.skip_ws();
                let Some(&is_object) = stack.last() else {
                    return (self.at == self.bytes.len()).then_some(fields);
                };
                match self.peek()? {
                    b',' => {
                        self.at += 1;
                        if is_object {
                            self.skip_ws();
                            slot = self.key(stack.len() == 1)?;
                        }
                        continue 'value;
                    }
                    b'}' if is_object => {
                        self.at += 1;
                        stack.pop();
                    }
                    b']' if !is_object => {
                        self.at += 1;
                        stack.pop();
                    }
                    _ => return None,
                }
            }
        }
    }

    /// Reads `"key":` and, at the top level, which of [`KEYS`] it names.
    fn key(&mut self, top: bool) -> Option<Option<usize>> {
        if self.peek() != Some(b'"') {
            return None;
        }
        let name = self.string(top)?;
        self.skip_ws();
        self.eat(b':')?;
        Some(name.and_then(|n| KEYS.iter().position(|k| *k == n)))
    }

    fn literal(&mut self, word: &[u8]) -> Option<()> {
        let end = self.at + word.len();
        (self.bytes.get(self.at..end) == Some(word)).then(|| self.at = end)
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
        self.at - start
    }

    /// A JSON number; beyond a double's range it is infinite, as in JavaScript.
    fn number(&mut self) -> Option<f64> {
        let start = self.at;
        let _ = self.eat(b'-');
        match self.peek()? {
            b'0' => self.at += 1,
            b'1'..=b'9' => {
                self.digits();
            }
            _ => return None,
        }
        if self.eat(b'.').is_some() && self.digits() == 0 {
            return None;
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if self.digits() == 0 {
                return None;
            }
        }
        let lexeme = std::str::from_utf8(self.bytes.get(start..self.at)?).ok()?;
        // The lexeme is valid JSON, so serde_json refuses it only when it is
        // beyond a double's range, where JavaScript makes it infinite. (Its
        // parser is correctly rounded, and already in the build.)
        Some(serde_json::from_str::<f64>(lexeme).unwrap_or(if lexeme.starts_with('-') {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        }))
    }

    fn hex4(&mut self) -> Option<u16> {
        let hex = std::str::from_utf8(self.bytes.get(self.at..self.at + 4)?).ok()?;
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        self.at += 4;
        u16::from_str_radix(hex, 16).ok()
    }

    /// A JSON string, decoded when `keep` (lone surrogates become U+FFFD).
    fn string(&mut self, keep: bool) -> Option<Option<String>> {
        self.eat(b'"')?;
        let mut out = keep.then(String::new);
        let mut run_start = self.at;
        loop {
            let b = self.peek()?;
            match b {
                b'"' | b'\\' => {
                    if let Some(out) = out.as_mut() {
                        out.push_str(std::str::from_utf8(self.bytes.get(run_start..self.at)?).ok()?);
                    }
                    self.at += 1;
                    if b == b'"' {
                        return Some(out);
                    }
                    let c = match self.peek()? {
                        b'u' => {
                            self.at += 1;
                            let unit = self.hex4()?;
                            self.at -= 1;
                            self.surrogate_aware(unit)
                        }
                        c => crate::json::short_escape(c)?,
                    };
                    self.at += 1;
                    if let Some(out) = out.as_mut() {
                        out.push(c);
                    }
                    run_start = self.at;
                }
                0x00..=0x1F => return None,
                _ => self.at += 1,
            }
        }
    }

    /// The character of a `\uXXXX` escape just read (the reader sits on its
    /// last hex digit); a high surrogate directly followed by an escaped low
    /// one makes a pair, any other surrogate is lone.
    fn surrogate_aware(&mut self, unit: u16) -> char {
        match unit {
            0xD800..=0xDBFF => {
                let next = self.at + 1;
                if self.bytes.get(next..next + 2) == Some(b"\\u".as_slice()) {
                    let mut look = JsJson { bytes: self.bytes, at: next + 2 };
                    if let Some(low @ 0xDC00..=0xDFFF) = look.hex4() {
                        self.at = look.at - 1;
                        let code = 0x10000 + ((u32::from(unit) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
                        return char::from_u32(code).unwrap_or('\u{FFFD}');
                    }
                }
                '\u{FFFD}'
            }
            0xDC00..=0xDFFF => '\u{FFFD}',
            _ => char::from_u32(u32::from(unit)).unwrap_or('\u{FFFD}'),
        }
    }
}
