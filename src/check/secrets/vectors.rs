//! Test vectors: the key fields of the files cryptographic libraries test
//! their ciphers with (NIST's `Key = …`, `KEY: …` beside `NONCE:`, `IN:`,
//! `TAG:`; Wycheproof's `key.sk = …`, `privateKeyPkcs8 = …`). Their keys
//! are published on purpose, and the libraries that carry them are
//! vendored into many packages.

use super::*;

/// The other fields of a vector, in any case: what a cipher, a MAC or a
/// signature is tested with and what it must give.
const FIELDS: &[&[u8]] = &[
    b"iv",
    b"nonce",
    b"in",
    b"out",
    b"ad",
    b"aad",
    b"pt",
    b"ct",
    b"tag",
    b"msg",
    b"plaintext",
    b"ciphertext",
    b"count",
    b"mac",
    b"digest",
    b"md",
    b"ikm",
    b"okm",
    b"prk",
    b"sig",
    b"tcid",
    b"klen",
    b"mlen",
    b"tlen",
];

/// `name` (its `\n` escape already left out), at `start`, is a test
/// vector's key, followed by its separator at `name_end` and `value`, all
/// hex. NIST's capitalised `Key = ` is one alone; the word key in any
/// other spelling (`key = `, `KEY: `, `Key1 = `, `key.sk = `) only beside
/// another field of a vector (`Nonce = 0a…`) on a line of its own, as a
/// vector file writes them; a longer name (`# poly_key:`,
/// `privateKeyPkcs8 = `) beside two, as a configuration has none.
pub(super) fn test_vector_key(b: &[u8], start: usize, name: &[u8], name_end: usize, value: &[u8]) -> bool {
    if value.is_empty() || !value.iter().all(u8::is_ascii_hexdigit) || !key_name(name) {
        return false;
    }
    let spaced = slice(b, name_end, name_end + 3) == b" = ";
    if !spaced && b.get(name_end) != Some(&b':') {
        return false;
    }
    let end = name_end + 3 + value.len();
    // The key's own word spaced as a vector file spaces it (`KEY: `,
    // `key = `) needs one field beside it; another name or a tight `:`, two.
    let plain = (spaced || b.get(name_end + 1) == Some(&b' '))
        && [&b"key"[..], b"Key", b"KEY"].iter().any(|k| name.starts_with(k) && !name.contains(&b'_'));
    (spaced && (name == b"Key" || name == b"KEY"))
        || vector_fields(slice(b, start.saturating_sub(1024), (end + 1024).min(b.len())))
            >= if plain { 1 } else { 2 }
}

/// The word key ends the name, in one case (`key`, `Key1`, `KEY`,
/// `poly_key`, `privateKey`), or begins it before a part or an encoding
/// (`key.sk`, `keyDer`, `privateKeyPkcs8`).
fn key_name(name: &[u8]) -> bool {
    let Some(at) = [&b"key"[..], b"Key", b"KEY"].iter().filter_map(|k| rfind(name, k)).max() else {
        return false;
    };
    let before = slice(name, 0, at);
    let rest = slice(name, at + 3, name.len());
    // `monkey`, `keys`: the word is part of another.
    let word_start = before.last().is_none_or(|c| !c.is_ascii_lowercase()) || name.get(at) == Some(&b'K');
    word_start
        && (rest.iter().all(u8::is_ascii_digit)
            || rest
                .strip_prefix(b".")
                .is_some_and(|r| (1..=16).contains(&r.len()) && r.iter().all(u8::is_ascii_alphabetic))
            || (rest.first().is_some_and(u8::is_ascii_uppercase)
                && (2..=8).contains(&rest.len())
                && rest.iter().skip(1).all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())))
}

fn rfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

/// How many of [`FIELDS`], told apart, open a line of `t` (after a line
/// break or its `\n` escape) with ` = ` or `: ` and a hex digit after
/// them; a field of any name in Wycheproof's brackets counts too, two at
/// most.
fn vector_fields(t: &[u8]) -> usize {
    let mut seen = 0u32;
    let mut bracketed = 0;
    let mut i = 0;
    while i < t.len() {
        let line = match (t.get(i), t.get(i + 1)) {
            (Some(b'\n'), _) => i + 1,
            (Some(b'\\'), Some(b'n')) => i + 2,
            _ => {
                i += 1;
                continue;
            }
        };
        let line = take_upto(t, line, 4, |c| c == b' ');
        // `[key.p = …]`: Wycheproof's group of a test, any name in brackets.
        let bracket = t.get(line) == Some(&b'[');
        let line = line + usize::from(bracket);
        let name_end = take_upto(t, line, 24, |c| c.is_ascii_alphanumeric() || (bracket && c == b'.'));
        let after = match slice(t, name_end, name_end + 3) {
            b" = " => name_end + 3,
            [b':', b' ', _] => name_end + 2,
            _ => name_end,
        };
        if after > name_end && t.get(after).is_some_and(u8::is_ascii_hexdigit) {
            let name = slice(t, line, name_end);
            if let Some(k) = FIELDS.iter().position(|f| name.eq_ignore_ascii_case(f)) {
                seen |= 1 << k;
            } else if bracket {
                bracketed += 1;
            }
        }
        i = line.max(i + 1);
    }
    seen.count_ones() as usize + bracketed.min(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_name_ends_in_the_word_key_or_opens_with_it_before_a_part() {
        for name in
            ["key", "Key", "KEY", "Key1", "KEY2", "key.g", "key.sk", "keyDer", "poly_key", "privateKeyPkcs8"]
        {
            assert!(key_name(name.as_bytes()), "{name}");
        }
        for name in
            ["kEy", "keys", "monkey", "keyid", "Key_1", "key.", "key.g1", "keyDER", "keystone", "secret"]
        {
            assert!(!key_name(name.as_bytes()), "{name}");
        }
    }

    #[test]
    fn vector_fields_are_counted_on_lines_of_their_own_once_each() {
        let n = |t: &str| vector_fields(t.as_bytes());
        assert_eq!(n("x\nNonce = 0a1b\nTag = 7f"), 2);
        assert_eq!(n(r"x\nIN: 936a91\nAD: \nCT: 0b"), 2, "an empty field is not counted");
        assert_eq!(n("x\r\nmsg = 47\r\n[tcId = 173]"), 2);
        assert_eq!(n("x\nct = 0a\nct = 0b"), 1, "the same field twice");
        assert_eq!(n("x\nNonce = zz\ntag = 0a"), 1, "no hex after the separator");
        assert_eq!(n("nonce = 0a1b\ntag = 0a"), 1, "the first, not after a line break");
        assert_eq!(n("x\nthe nonce = 0a\nx\nTag=0a"), 0, "a sentence's word; a field written tight");
        assert_eq!(n("x\nsalt = 0a\nregion: 0a"), 0, "names a configuration has");
        assert_eq!(n("x\n[key.p = 0a]\n[key.q = 0b]\n[key.y = 0c]"), 2, "bracketed, two at most");
        assert_eq!(n("x\n[key.p = 0a]\nkey.q = 0b"), 1, "a dotted name outside brackets");
    }
}
