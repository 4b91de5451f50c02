//! Keyword assignments: `NAME <sep> value`, where the name holds a telling
//! word (`key`, `secret`, `token`, `password`, a provider's name, ...),
//! `<sep>` is `=`, `:`, `:=`, `=>`, `>`, `||`, `?=` or `,` (with quotes and
//! blanks around), and the value looks random: long enough, not a word,
//! entropic enough, no placeholder, no path, no UUID.

use super::rules::Word;
use super::*;

/// What an assignment is.
pub(super) enum Verdict {
    /// A specific kind (AWS secret key, connection string, service account).
    Code(crate::diagnostic::Code),
    /// Some other secret-sounding name with a random-looking value.
    Generic,
}

fn is_name(c: u8) -> bool {
    is_word(c) || c == b'.' || c == b'-'
}

/// Name parts that make an assignment an identifier, a setting or a place,
/// not a secret (`public_key`, `key_id`, `max_tokens`, `token_url`, ...).
const NOT_SECRET: &[&[u8]] = &[
    b"public",
    b"pubkey",
    b"pub_key",
    b"primary",
    b"foreign",
    b"idempoten",
    b"sort_key",
    b"sortkey",
    b"partition",
    b"cache",
    b"keyboard",
    b"keypress",
    b"keystroke",
    b"hotkey",
    b"monkey",
    b"turkey",
    b"donkey",
    b"keyword",
    b"keyname",
    b"key_name",
    b"keypath",
    b"key_path",
    b"keyfile",
    b"key_file",
    b"keyring",
    b"keystore",
    b"token_type",
    b"tokentype",
    b"max_token",
    b"maxtoken",
    b"tokeniz",
    b"author",
    b"accessib",
    b"accessor",
    b"access_level",
    b"accesslevel",
    b"access_mode",
    b"version",
    b"_url",
    b"_uri",
    b"endpoint",
    b"_path",
    b"_file",
    b"_host",
    b"_name",
    b"_type",
    b"_count",
    b"_length",
    b"_size",
    b"_hash",
    b"checksum",
    b"fingerprint",
    b"pattern",
    b"path",
];

/// Name parts that say a credential follows, whatever the provider.
const TELLING: &[&[u8]] = &[b"key", b"secret", b"token", b"pass", b"pwd", b"auth", b"cred", b"api"];

/// `at` is a keyword of `len` bytes.
pub(super) fn assignment_at(b: &[u8], at: usize, len: usize, word: Word) -> Option<Verdict> {
    let kw = slice(b, at, at + len);
    // `api` not inside a lower-case word (`rapid`, `capital`; `API` is
    // always a word), `pat` only as a word of its own (not `path`).
    let lower_before = b.get(at.wrapping_sub(1)).is_some_and(u8::is_ascii_lowercase);
    let lower_after = b.get(at + len).is_some_and(u8::is_ascii_lowercase);
    if (kw.eq_ignore_ascii_case(b"api") && kw != b"API" && lower_before)
        || (kw.eq_ignore_ascii_case(b"pat") && (lower_before || lower_after))
    {
        return None;
    }
    let mut start = at;
    while start > 0 && at - start < 50 && b.get(start - 1).is_some_and(|c| is_name(*c)) {
        start -= 1;
    }
    let name_end = take_upto(b, at + len, 30, is_name);
    let name = slice(b, start, name_end);
    // Blanks and more name words may follow before the separator.
    let mut j = take_upto(b, name_end, 20, |c| is_name(c) || c == b' ' || c == b'\t');
    j = take_upto(b, j, 3, |c| c.is_ascii_whitespace() || b"'\"])".contains(&c));
    let sep_end = separator(b, j)?;
    let mut k = sep_end;
    let mut quote = None;
    while k - sep_end < 5 {
        match b.get(k) {
            Some(&q @ (b'"' | b'\'' | b'`')) => quote = Some(q),
            Some(c) if c.is_ascii_whitespace() || *c == b'=' => quote = None,
            _ => break,
        }
        k += 1;
    }
    // `telegram:4fcb…`, `discord:…`: a provider's name alone, a colon and
    // the value with nothing between is a reference (`kind:id`, as every
    // source and sink ref is written here), not an assignment.
    if word == Word::Provider
        && name.iter().all(|c| c.is_ascii_alphabetic() || matches!(c, b'-' | b'_'))
        && !TELLING.iter().any(|part| contains_ci(name, part))
        && b.get(name_end) == Some(&b':')
        && sep_end == name_end + 1
        && k == sep_end
    {
        return None;
    }
    let lower_has = |part: &[u8]| contains_ci(name, part);
    let service_account = b.get(start.wrapping_sub(1)) == Some(&b'"')
        && (name.eq_ignore_ascii_case(b"private_key_id") || name.eq_ignore_ascii_case(b"private_key"));
    let value = if service_account {
        let end = take_upto(b, k, 8192, |c| c.is_ascii_alphanumeric() || b"+/=".contains(&c));
        let v = slice(b, k, end);
        return (v.len() >= 40 && entropy(v) >= 3.5 && !is_filler(v))
            .then_some(Verdict::Code(SERVICE_ACCOUNT_KEY));
    } else if let Some(v) = quoted_password(b, k, word, quote) {
        v
    } else {
        let end = take_upto(b, k, 151, |c| c.is_ascii_alphanumeric() || b"_.=+/~-".contains(&c));
        let terminated = b.get(end).is_none_or(|c| c.is_ascii_whitespace() || b"'\"`;,)}]<&\\".contains(c));
        if !terminated {
            return None;
        }
        slice(b, k, end)
    };
    if !value_ok(value, word) {
        return None;
    }
    // The names that are not secrets, checked last: the longest test, and
    // most names have no value worth it.
    if NOT_SECRET.iter().any(|p| lower_has(p)) || ends_in_id(name) {
        return None;
    }
    let in_connection_string =
        b.get(start.wrapping_sub(1)) == Some(&b';') || (start == 0 && b.get(k + value.len()) == Some(&b';'));
    if name.eq_ignore_ascii_case(b"accountkey")
        || name.eq_ignore_ascii_case(b"sharedaccesskey")
        || (in_connection_string && (word == Word::Password || name.eq_ignore_ascii_case(b"secret")))
    {
        return Some(Verdict::Code(CONNECTION_STRING));
    }
    if (lower_has(b"aws") && lower_has(b"secret")) || name.eq_ignore_ascii_case(b"secret_access_key") {
        return Some(Verdict::Code(AWS_SECRET_KEY));
    }
    Some(Verdict::Generic)
}

/// A password in quotes: anything up to the closing quote on the line.
fn quoted_password(b: &[u8], k: usize, word: Word, quote: Option<u8>) -> Option<&[u8]> {
    let q = quote.filter(|_| word == Word::Password)?;
    let end = take_upto(b, k, 101, |c| c != q && c != b'\n' && c != b'\r');
    (b.get(end) == Some(&q)).then(|| slice(b, k, end))
}

/// `=`, `==`, `:`, `::`, `:=`, `=>`, `>`, `||`, `?=` or `,` at `j`; the
/// place after it.
fn separator(b: &[u8], j: usize) -> Option<usize> {
    match (b.get(j)?, b.get(j + 1)) {
        (b'=', Some(b'>')) => Some(j + 2),
        (b'=', _) | (b'>', _) | (b',', _) => Some(j + 1),
        (b':', _) => {
            let end = take_upto(b, j, 3, |c| c == b':');
            Some(if b.get(end) == Some(&b'=') { end + 1 } else { end })
        }
        (b'|', Some(b'|')) | (b'?', Some(b'=')) => Some(j + 2),
        _ => None,
    }
}

/// `…_id`, `…-id`, `…Id`: an identifier, not a secret.
fn ends_in_id(name: &[u8]) -> bool {
    match name {
        [.., b'_' | b'-' | b'.', b'i' | b'I', b'd' | b'D'] => true,
        [.., low, b'I', b'd'] => low.is_ascii_lowercase(),
        _ => false,
    }
}

/// A value random enough for the name's word.
fn value_ok(v: &[u8], word: Word) -> bool {
    let (min, bits) = match word {
        Word::Generic => (10, 3.5),
        Word::Password => (8, 2.5),
        Word::Provider => (12, 2.5),
    };
    if v.len() < min || v.len() > 150 || is_filler(v) {
        return false;
    }
    // A word (`[A-Za-z_.-]+`) is a name, not a secret; a password needs a digit.
    let telling = match word {
        Word::Password => v.iter().any(u8::is_ascii_digit),
        Word::Generic | Word::Provider => v.iter().any(|c| !c.is_ascii_alphabetic() && !b"_.-".contains(c)),
    };
    if !telling
        || v.iter().all(u8::is_ascii_digit)
        || matches!(v.first(), Some(b'$' | b'/' | b'.' | b'~' | b'#' | b'%' | b'{' | b'@'))
        || (word != Word::Provider && is_uuid(v))
        || v.contains(&b' ') && word != Word::Password
    {
        return false;
    }
    // The costlier tests last: most values are refused by the cheap ones.
    !is_placeholder(v) && entropy(v) >= bits
}

fn is_uuid(v: &[u8]) -> bool {
    v.len() == 36
        && v.iter()
            .enumerate()
            .all(|(i, c)| if matches!(i, 8 | 13 | 18 | 23) { *c == b'-' } else { c.is_ascii_hexdigit() })
}
