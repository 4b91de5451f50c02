//! Placeholders and fillers: the values a rule's shape would take for a
//! secret but that are obviously not one (`<token>`, `${TOKEN}`,
//! `your_api_key`, `xxxx`, `[REDACTED]`, ...).

use super::{has_ci, slice};

/// Fewer than three distinct characters, separators aside: a filler
/// (`xxxx`, `0000-xxxx`, `****`), not a key.
pub(super) fn is_filler(body: &[u8]) -> bool {
    let mut seen = [0u8; 2];
    let mut n = 0;
    for c in body.iter().filter(|c| !matches!(c, b'-' | b'_' | b'.' | b'/')) {
        let c = c.to_ascii_lowercase();
        if !seen.get(..n).unwrap_or(&[]).contains(&c) {
            match seen.get_mut(n) {
                Some(slot) => *slot = c,
                None => return false,
            }
            n += 1;
        }
    }
    true
}

const PLACEHOLDER_WORDS: &[&str] = &[
    "token",
    "password",
    "passwd",
    "pass",
    "apikey",
    "api_key",
    "api-key",
    "access_token",
    "secret_key",
    "none",
    "null",
    "nil",
    "undefined",
    "true",
    "false",
    "changeme",
    "redacted",
    "filtered",
    "masked",
    "hidden",
];

const PLACEHOLDER_PARTS: &[&[u8]] = &[
    b"xxxx",
    b"your_",
    b"your-",
    b"yourtoken",
    b"yourkey",
    b"yourpass",
    b"yoursecret",
    b"placeholder",
    b"example",
    b"redacted",
    b"replace_me",
    b"replace-me",
    b"insert_",
    b"insert-",
    b"dummy",
    b"abcdefgh",
    b"${",
    b"{{",
    b"...",
];

/// For each byte, the [`PLACEHOLDER_PARTS`] that begin with it (bit `i` for
/// part `i`; the parts are lower case): the parts are looked for in one
/// pass, comparing only where one can begin.
const PLACEHOLDER_PART_STARTS: [u32; 256] = part_starts(PLACEHOLDER_PARTS);

#[expect(
    clippy::indexing_slicing,
    reason = "evaluated at compile time, where an index out of bounds fails the build"
)]
const fn part_starts(parts: &[&[u8]]) -> [u32; 256] {
    assert!(parts.len() <= 32);
    let mut starts = [0u32; 256];
    let mut i = 0;
    while i < parts.len() {
        assert!(!parts[i].is_empty());
        starts[parts[i][0] as usize] |= 1 << i;
        i += 1;
    }
    starts
}

/// Some [`PLACEHOLDER_PARTS`] stands in `t`, ASCII case ignored.
fn has_placeholder_part(t: &[u8]) -> bool {
    (0..t.len()).any(|at| {
        let first = t.get(at).map_or(0, u8::to_ascii_lowercase);
        let mut parts = PLACEHOLDER_PART_STARTS.get(usize::from(first)).copied().unwrap_or(0);
        while parts != 0 {
            let i = parts.trailing_zeros() as usize;
            if PLACEHOLDER_PARTS.get(i).is_some_and(|p| has_ci(t, at, p)) {
                return true;
            }
            parts &= parts - 1;
        }
        false
    })
}

/// The passwords of examples and fixtures: a word documentation uses for a
/// password (`secret`, `password`, `foo`, `test`, ...), with up to four
/// digits after it (`secret123`, `password1`), or three characters at
/// most (`xyz`, `123`). Nobody leaks one; every manual shows one.
pub(super) fn is_demo_password(v: &[u8]) -> bool {
    is_example_password(v) || v.eq_ignore_ascii_case(b"secret")
}

/// `token123`, `sk-ant-oat01-fake-token`, `test_token_value`, `mock-sig`:
/// a value whose last word says what stands there (a token, a key, a fake
/// one), four digits at most after it. A generated token ends in random
/// characters, which spell one of these words about once in a million.
pub(super) fn is_stand_in(v: &[u8]) -> bool {
    const WORDS: &[&[u8]] = &[
        b"token",
        b"key",
        b"secret",
        b"creds",
        b"fake",
        b"dummy",
        b"mock",
        b"test",
        b"env",
        b"value",
        b"sig",
        b"signature",
    ];
    let digits = v.iter().rev().take_while(|c| c.is_ascii_digit()).count();
    let body = slice(v, 0, v.len() - digits);
    let last = body.rsplit(|c| matches!(c, b'-' | b'_' | b'.')).next().unwrap_or(body);
    // `sk-xxx`, `key_0000`: a prefix, then a filler.
    let filler = last.len() >= 3 && last.len() < body.len() && is_filler(last);
    digits <= 4 && (WORDS.iter().any(|w| last.eq_ignore_ascii_case(w)) || filler)
}

/// One word of letters, perhaps capitalised (`secret`, `kulgrej`, `Été`,
/// `Oracle`): what a manual puts beside a documentation host or after a
/// header's scheme. A digit, a symbol or a second capital makes it a
/// password someone chose (`hunter2`).
pub(super) fn is_word_password(v: &[u8]) -> bool {
    !v.is_empty()
        && v.iter()
            .enumerate()
            .all(|(i, c)| !c.is_ascii() || c.is_ascii_lowercase() || (i == 0 && c.is_ascii_uppercase()))
}

/// [`is_demo_password`] but for `secret` alone: in a URL's userinfo
/// (`user:secret@host`) it counts as a credential, as both public rule
/// sets have it (`secret123` does not).
pub(super) fn is_example_password(v: &[u8]) -> bool {
    const WORDS: &[&[u8]] = &[
        b"secret",
        b"password",
        b"passwd",
        b"pass",
        b"pwd",
        b"pw",
        b"foo",
        b"bar",
        b"baz",
        b"qux",
        b"foobar",
        b"xyz",
        b"abc",
        b"test",
        b"testing",
        b"user",
        b"admin",
        b"root",
        b"guest",
        b"demo",
        b"sample",
        b"mypassword",
        b"mypass",
        b"mysecret",
        b"passw0rd",
        b"p@ssw0rd",
        b"p@ssword",
        b"pa55word",
        b"s3cret",
        b"s3cr3t",
        b"changeme",
        b"letmein",
        b"qwerty",
        b"topsecret",
        b"supersecret",
        b"secretpassword",
        b"pass1234",
        b"xyzzy",
        // The defaults that products ship and manuals repeat: Oracle's
        // `scott`/`tiger`, Redis's `requirepass foobared`, Firebird's
        // `masterkey`.
        b"tiger",
        b"foobared",
        b"masterkey",
        b"passphrase",
    ];
    // A word a manual puts before one of those (`somepassword`,
    // `yourSecret`, `dummypass`, `testpassword`).
    const LEADS: &[&[u8]] = &[
        b"some", b"your", b"my", b"the", b"dummy", b"fake", b"example", b"sample", b"test", b"default",
        b"auth",
    ];
    // The word as written, or with digits and symbols for letters when it
    // is one short word (`p4ssw0rd`, `P4ssword`, `s3cr3t`); a phrase so
    // written (`s3cr3tP4ssw0rd`) is what people choose for a password.
    let is_word = |stem: &[u8]| {
        WORDS.iter().any(|w| stem.eq_ignore_ascii_case(w) || (w.len() <= 8 && eq_leet(stem, w)))
    };
    fn stem_of(v: &[u8]) -> (&[u8], usize) {
        let digits = v.iter().rev().take_while(|c| c.is_ascii_digit()).count();
        (v.get(..v.len() - digits).unwrap_or(v), digits)
    }
    let led = |stem: &[u8]| {
        LEADS.iter().any(|lead| {
            stem.len() > lead.len()
                && stem.get(..lead.len()).is_some_and(|h| h.eq_ignore_ascii_case(lead))
                && stem
                    .get(lead.len()..)
                    .is_some_and(|rest| WORDS.iter().any(|w| rest.eq_ignore_ascii_case(w)))
        })
    };
    let one = |v: &[u8]| {
        let (stem, digits) = stem_of(v);
        // `secret` alone is left to [`is_demo_password`].
        let word = (is_word(stem) || led(stem)) && !(digits == 0 && stem.eq_ignore_ascii_case(b"secret"));
        // Digits counting up from 0 or 1 (`Admin12345`, `12345`) are a
        // manual's however many; so is a short word joined to digits
        // (`key_1234`, `abc-123`).
        let tail = v.get(v.len() - digits..).unwrap_or_default();
        let counting = digits >= 4 && tail.windows(2).all(|p| matches!(p, [a, b] if *b == a + 1));
        let short_stem = stem
            .strip_suffix(b"_")
            .or_else(|| stem.strip_suffix(b"-"))
            .is_some_and(|s| (1..=3).contains(&s.len()) && s.iter().all(u8::is_ascii_alphabetic));
        (word && (digits <= 4 || counting))
            || (stem.is_empty() && counting && matches!(tail.first(), Some(b'0' | b'1')))
            || (short_stem && digits > 0)
    };
    v.len() <= 3 || one(v)
}

/// `v` is `word` (lower case), ASCII case ignored, or with a digit or a
/// symbol that looks like a letter in its place (`4` or `@` for `a`, `0`
/// for `o`, `3` for `e`, `1` or `!` for `i`, `5` or `$` for `s`).
fn eq_leet(v: &[u8], word: &[u8]) -> bool {
    v.len() == word.len()
        && v.iter().zip(word).all(|(c, w)| {
            let c = c.to_ascii_lowercase();
            c == *w
                || matches!(
                    (c, w),
                    (b'4' | b'@', b'a')
                        | (b'0', b'o')
                        | (b'3', b'e')
                        | (b'1' | b'!', b'i')
                        | (b'5' | b'$', b's')
                )
        })
}

/// Letters typed along the keyboard's middle row, with digits between
/// (`sdlfkj452`, `2kjshdfp92i34asdasd`): how a library's docs and tests
/// make up a token. Lower case and digits only, and two thirds of the
/// pairs of neighbouring letters both on that row (four at least); a
/// generated token has such a pair one time in eight, and is read so about
/// twice in a thousand. Hex is left alone: half its letters are there.
pub(super) fn is_keyboard_mash(v: &[u8]) -> bool {
    if !(8..=32).contains(&v.len()) {
        return false;
    }
    let home = |c: u8| matches!(c, b'a' | b's' | b'd' | b'f' | b'g' | b'h' | b'j' | b'k' | b'l');
    let (mut pairs, mut on_home, mut beyond_hex, mut prev) = (0usize, 0usize, false, 0u8);
    for &c in v {
        if c.is_ascii_lowercase() {
            beyond_hex |= c > b'f';
            if prev.is_ascii_lowercase() {
                pairs += 1;
                on_home += usize::from(home(prev) && home(c));
            }
        } else if !c.is_ascii_digit() {
            return false;
        }
        prev = c;
    }
    beyond_hex && on_home >= 4 && on_home * 3 >= pairs * 2
}

/// Credentials that standards print as examples (OAuth 1.0 and 2.0 with
/// bearer tokens and token revocation, OpenID Connect, the JWT samples of
/// jwt.io and PyJWT,
/// whose signatures are listed): every library's documentation repeats
/// them. Compared whole, ASCII case ignored.
const DOCUMENTED: &[&[u8]] = &[
    b"45ghiukldjahdnhzdauz",
    b"agabcdefddddafdd",
    b"dpf43f3p2l4k3l03",
    b"kd94hf93k423kf44",
    b"nnch734d00sl2jdk",
    b"pfkkdhi9sl3r4s00",
    b"hh5s93j4hdidpola",
    b"hdhd0244k9j7ao03",
    b"0685bd9184jfhq22",
    b"ad180jjd733klru7",
    b"wOJIO9A2W5mFwDgiDvZbTSMK%2FPY%3D",
    b"wOJIO9A2W5mFwDgiDvZbTSMK/PY=",
    b"SplxlOBeZQQYbYS6WxSbIA",
    b"2YotnFZFEjr1zCsicMWpAA",
    b"tGzv3JOkF0XG5Qx2TlKWIA",
    b"mF_9.B5f-4.1JqM",
    b"czZCaGRSa3F0MzpnWDFmQmF0M2JW",
    b"SlAV32hkKG",
    b"h480djs93hd8",
    b"SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    b"4twFt5NiznN84AWoo1d7KO1T_yoc0Z6XOpOVswacPZg",
    // The TOTP secret of every authenticator manual (`Hello!` and four
    // bytes in base32).
    b"JBSWY3DPEHPK3PXP",
    // The keys of MinIO's public playground server, in every MinIO
    // client's manual.
    b"Q3AM3UQ867SPQQA43P2F",
    b"zuf+tfteSlswRu7BJ86wekitnifILbZam1KYY3TG",
    // The AES-128, -192 and -256 keys of NIST SP 800-38A's examples, which
    // cipher libraries test against.
    b"2b7e151628aed2a6abf7158809cf4f3c",
    b"8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
    b"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
    // The system administrator's passwords of SQL Server's container
    // manuals and of AppVeyor's build images' database services, which
    // the drivers' CI files copy.
    b"YourStrong!Passw0rd",
    b"YourStrong@Passw0rd",
    b"yourStrong(!)Password",
    b"Password12!",
];

/// The words that hex digits spell and that manuals and fixtures put where
/// a key or a token goes (`deadbeef`, `cafebabe`, `bada55`).
const HEXSPEAK: &[&[u8]] = &[
    b"dead", b"beef", b"cafe", b"babe", b"bad", b"a55", b"face", b"feed", b"f00d", b"c0de", b"c0ffee",
    b"decaf",
];

/// Two words of [`HEXSPEAK`] or more, then digits at most
/// (`deadbeef12346`, `bada55cafe`, `DEADBEEF`): a stand-in. No generated
/// key is made of them.
fn is_hexspeak(v: &[u8]) -> bool {
    fn words(v: &[u8], n: usize) -> bool {
        if v.iter().all(u8::is_ascii_digit) {
            return n >= 2;
        }
        HEXSPEAK.iter().any(|w| {
            v.get(..w.len()).is_some_and(|head| head.eq_ignore_ascii_case(w))
                && words(v.get(w.len()..).unwrap_or_default(), n + 1)
        })
    }
    words(v, 0)
}

/// An obvious placeholder: a template variable, a redaction, an example word.
pub(super) fn is_placeholder(value: &[u8]) -> bool {
    let v = String::from_utf8_lossy(value);
    let t = v.trim_matches(|c: char| c == '"' || c == '\'' || c.is_whitespace());
    // `mF_9.B5f-4.1JqM&p=q`: one, then the query's next parameter.
    let first_param = t.split('&').next().unwrap_or(t).as_bytes();
    if t.is_empty()
        || is_filler(t.as_bytes())
        || PLACEHOLDER_WORDS.iter().any(|w| t.eq_ignore_ascii_case(w))
        || DOCUMENTED.iter().any(|d| first_param.eq_ignore_ascii_case(d))
        || is_hexspeak(t.as_bytes())
    {
        return true;
    }
    let var_name = |s: &str| {
        !s.is_empty()
            && s.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
            && s.bytes().next().is_some_and(|c| !c.is_ascii_digit())
    };
    if t.strip_prefix('$').is_some_and(var_name)
        || (t.starts_with('%') && t.ends_with('%') && t.len() > 2)
        || (t.starts_with('[') && t.ends_with(']'))
        || (t.starts_with('{') && t.ends_with('}'))
        || t.starts_with("$(")
        || t.starts_with("#{")
        || t.starts_with("env.")
        || t.starts_with("process.env")
        // `os.environ/COHERE_API_KEY`: a configuration's reference to an
        // environment variable; `%(password)s`: a format's field.
        || t.starts_with("os.environ")
        || (t.starts_with("%(") && t.ends_with(")s"))
        // `ENC(…)`: a value Jasypt encrypted, not the password.
        || (t.starts_with("ENC(") && t.ends_with(')'))
        // `very****pass`, `sk-****1234`: a value a program masked.
        || t.contains("***")
    {
        return true;
    }
    has_placeholder_part(t.as_bytes()) || angle_hole(t.as_bytes())
}

/// `<token>`, `<YOUR API KEY>`, `sk-<project-key>`: a hole in angle
/// brackets that names what goes there. A generated password's `<` and
/// `>` stand among other symbols (`V>EM~KY<Pv[Db~e>`).
fn angle_hole(t: &[u8]) -> bool {
    t.iter().enumerate().any(|(at, c)| {
        *c == b'<' && {
            let end = at
                + 1
                + t.iter()
                    .skip(at + 1)
                    .take(64)
                    .take_while(|c| c.is_ascii_alphanumeric() || b"_ .:/-".contains(c))
                    .count();
            end > at + 1 && t.get(end) == Some(&b'>')
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholder_parts_are_found_as_a_plain_search_finds_them() {
        let plain = |t: &[u8]| {
            let lower = t.to_ascii_lowercase();
            PLACEHOLDER_PARTS.iter().any(|p| lower.windows(p.len()).any(|w| w == *p))
        };
        let mut texts: Vec<Vec<u8>> =
            vec![b"".to_vec(), b"x".to_vec(), b"YOUR_KEY".to_vec(), b"a..b".to_vec()];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..500 {
            let mut t = Vec::new();
            for _ in 0..2 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let p =
                    PLACEHOLDER_PARTS.get(seed as usize % PLACEHOLDER_PARTS.len()).copied().unwrap_or(b"");
                // A whole part (one time in four), or all of it but its last byte.
                let keep = if seed & 3 == 0 { p.len() } else { p.len().saturating_sub(1) };
                t.extend_from_slice(&p[..keep]);
                t.push(b"aZ9.-\xc3\xa9"[(seed >> 40) as usize % 7]);
                if seed & 4 == 0 {
                    t.make_ascii_uppercase();
                }
            }
            texts.push(t);
        }
        let mut found = 0;
        for t in &texts {
            assert_eq!(has_placeholder_part(t), plain(t), "{:?}", String::from_utf8_lossy(t));
            found += usize::from(plain(t));
        }
        // Both answers occur, so the comparison tells something.
        assert!(found > 50 && found < texts.len() - 50, "{found} of {}", texts.len());
    }
}
