//! Values that look random and are no credential: a password's hash, a
//! resource's integrity digest, an elliptic curve's public point, public
//! key material in DER or OpenSSH's base64, a query's settings, a rate
//! limit; and the made-up values of manuals, counting up or the alphabet
//! in order.

use super::shapes::base64_decode;
use super::values::is_words;
use super::*;

/// A password's hash as a store of them writes it, not the password:
/// modular crypt (`$2b$12$…`, `$argon2id$v=19$…`, `$apr1$…`), Django's
/// (`pbkdf2_sha256$…`, `sha1$salt$…`), Werkzeug's (`scrypt:32768:8:1$…`),
/// MySQL's (`*` and 40 hex digits) and LDAP's (`{SSHA}…`).
pub(super) fn password_hash(v: &[u8]) -> bool {
    let id_char = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-';
    let crypt = v.first() == Some(&b'$') && {
        let id = slice(v, 1, v.len()).iter().take_while(|c| id_char(c)).count();
        (1..=20).contains(&id) && v.get(id + 1) == Some(&b'$') && v.len() >= id + 10
    };
    let algorithm = slice(v, 0, v.iter().position(|c| *c == b'$').unwrap_or(0));
    let django = [
        &b"pbkdf2_sha256"[..],
        b"pbkdf2_sha1",
        b"argon2",
        b"bcrypt_sha256",
        b"bcrypt",
        b"sha1",
        b"md5",
        b"scrypt",
    ]
    .contains(&algorithm);
    let werkzeug = (algorithm.starts_with(b"pbkdf2:") || algorithm.starts_with(b"scrypt:"))
        && algorithm.iter().all(|c| id_char(c) || *c == b':');
    let mysql =
        v.len() == 41 && v.first() == Some(&b'*') && slice(v, 1, 41).iter().all(u8::is_ascii_hexdigit);
    let ldap = v.first() == Some(&b'{') && {
        let scheme = slice(v, 1, v.len())
            .iter()
            .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || **c == b'-')
            .count();
        scheme >= 2 && v.get(scheme + 1) == Some(&b'}') && v.len() >= scheme + 10
    };
    crypt || ((django || werkzeug) && v.len() >= algorithm.len() + 10) || mysql || ldap
}

/// `sha384-gWEoUx…`: a Subresource Integrity or a package lock's digest,
/// its algorithm, a dash and the digest in base64, of the length the
/// algorithm gives.
pub(super) fn integrity_digest(v: &[u8]) -> bool {
    [(&b"sha256-"[..], 44), (b"sha384-", 64), (b"sha512-", 88)].iter().any(|(p, n)| {
        v.len() == p.len() + n
            && v.starts_with(p)
            && slice(v, p.len(), v.len()).iter().all(|c| c.is_ascii_alphanumeric() || b"+/=".contains(c))
    })
}

/// `BDOU99-h67Hc…`: an uncompressed point of P-256 (65 bytes, the first
/// 4) in base64url, what Web Push calls an application server key (VAPID)
/// and every browser is given.
pub(super) fn ec_public_point(v: &[u8]) -> bool {
    let v = v.strip_suffix(b"=").unwrap_or(v);
    v.len() == 87
        && v.first() == Some(&b'B')
        && v.get(1).is_some_and(|c| (b'A'..=b'P').contains(c))
        && v.iter().all(|c| c.is_ascii_alphanumeric() || b"-_+/".contains(c))
}

/// `type=aad&ver=1.0&sig=`: a query's fields, two or more, each a name of
/// words and a value of words, a date, a short one or none (the last,
/// for the code to fill).
pub(super) fn query_of_settings(v: &[u8]) -> bool {
    let mut fields = v.split(|c| *c == b'&');
    v.contains(&b'&')
        && fields.all(|f| {
            let Some(eq) = f.iter().position(|c| *c == b'=') else { return false };
            let (name, value) = (slice(f, 0, eq), slice(f, eq + 1, f.len()));
            // A short name in lower case (`sv`, `se`) is a query's too.
            (is_words(name) || ((1..=4).contains(&name.len()) && name.iter().all(u8::is_ascii_lowercase)))
                && (value.len() <= 4 && value.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'.')
                    // `se=2099-12-31`: a date.
                    || value.iter().all(|c| c.is_ascii_digit() || b"-:.".contains(c))
                    || is_words(value))
        })
}

/// Standard base64 of DER that opens as public key material does: a
/// `SubjectPublicKeyInfo` (a sequence whose first element is the algorithm,
/// a sequence that starts with its object identifier) or a certificate (a
/// sequence whose first element is a sequence opening with the version tag).
/// Private keys (PKCS #1, PKCS #8, SEC 1) open with an integer instead.
#[inline(never)]
pub(super) fn is_public_der(v: &[u8]) -> bool {
    let sextet = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut der = [0u8; 9];
    for (i, chunk) in v.chunks_exact(4).take(3).enumerate() {
        let mut n = 0u32;
        for c in chunk {
            let Some(s) = sextet(*c) else { return false };
            n = n << 6 | u32::from(s);
        }
        for (k, byte) in n.to_be_bytes().iter().skip(1).enumerate() {
            if let Some(d) = der.get_mut(i * 3 + k) {
                *d = *byte;
            }
        }
    }
    if v.len() < 12 {
        return false;
    }
    // The header of a sequence: its tag and length octets.
    let header = |at: usize| match (der.get(at), der.get(at + 1)) {
        (Some(0x30), Some(len)) if *len < 0x80 => Some(at + 2),
        (Some(0x30), Some(0x81)) => Some(at + 3),
        (Some(0x30), Some(0x82)) => Some(at + 4),
        _ => None,
    };
    let Some(inner) = header(0).and_then(header) else { return false };
    matches!(der.get(inner), Some(0x06 | 0xa0))
}

/// Base64 of an OpenSSH public key (`AAAAB3NzaC1yc2E…`, `AAAAC3NzaC1lZDI1NTE5…`):
/// the key type's name, length first (`ssh-rsa`, `ssh-ed25519`,
/// `ecdsa-sha2-…`, `sk-ssh-…`), then the public numbers.
#[inline(never)]
pub(super) fn is_public_ssh(v: &[u8]) -> bool {
    let mut head = [0u8; 12];
    let blob = base64_decode(slice(v, 0, 16), &mut head);
    matches!(blob, [0, 0, 0, n, ..] if (7..=40).contains(n))
        && [&b"ssh-"[..], b"ecdsa-", b"sk-"].iter().any(|p| slice(blob, 4, blob.len()).starts_with(p))
}

/// `5/m/user`, `20/m/ip,5/m/key`, `100/h`: rate limits (a count, a period
/// and what is counted), as the settings of a password's or a key's
/// endpoints write them.
pub(super) fn rate_limit(v: &[u8]) -> bool {
    const PERIODS: &[&[u8]] =
        &[b"s", b"m", b"h", b"d", b"sec", b"min", b"hour", b"day", b"second", b"minute"];
    !v.is_empty()
        && v.split(|c| *c == b',').all(|limit| {
            let mut parts = limit.split(|c| *c == b'/');
            let count = parts.next().unwrap_or_default();
            let period = parts.next().unwrap_or_default();
            let what = parts.next();
            parts.next().is_none()
                && (1..=6).contains(&count.len())
                && count.iter().all(u8::is_ascii_digit)
                && PERIODS.iter().any(|p| period.eq_ignore_ascii_case(p))
                && what.is_none_or(|w| !w.is_empty() && w.iter().all(u8::is_ascii_lowercase))
        })
}

/// Characters counting up, in runs of four or more (`1234`, `7890`,
/// `abcdef`): one run of eight, or twelve characters in all, and half the
/// value's letters and digits at least (`1234567890abcdef1234…`,
/// `1234567890-=`, `a12345678b`): the keyboard's top row, a manual's
/// made-up value. A random value of 40 hex digits holds one such run about
/// once in a hundred, and half its length in runs never.
pub(super) fn counts_along(v: &[u8]) -> bool {
    let (mut run, mut along, mut longest) = (1usize, 0usize, 1usize);
    for pair in v.windows(2) {
        if matches!(pair, [a, b] if a.is_ascii_alphanumeric()
            && ((b.is_ascii_alphanumeric() && *b == a + 1) || (*a == b'9' && *b == b'0')))
        {
            run += 1;
            longest = longest.max(run);
        } else {
            along += if run >= 4 { run } else { 0 };
            run = 1;
        }
    }
    along += if run >= 4 { run } else { 0 };
    (longest >= 8 || along >= 12) && along * 2 >= v.iter().filter(|c| c.is_ascii_alphanumeric()).count()
        || in_runs_of_three(v)
}

/// `sk-abc123def456`: the value's last part (after its last `-` or `_`),
/// nine characters or more, all of it in runs of three or more counting
/// up. A random character follows the one before it one time in 62.
fn in_runs_of_three(v: &[u8]) -> bool {
    let last = v.rsplit(|c| matches!(c, b'-' | b'_')).next().unwrap_or(v);
    let next = |a: u8, b: u8| a.is_ascii_alphanumeric() && b.is_ascii_alphanumeric() && b == a + 1;
    let mut run = 1usize;
    for (i, c) in last.iter().enumerate() {
        let follows = i > 0 && last.get(i - 1).is_some_and(|p| next(*p, *c));
        if i > 0 && !follows {
            if run < 3 {
                return false;
            }
            run = 0;
        }
        run += 1;
    }
    last.len() >= 9 && run >= 3 && last.iter().all(u8::is_ascii_alphanumeric)
}

/// `1aB2CD3e4fgHi5JK6lmnop7qR8STU9VxYzabcdefHh`: the alphabet in order,
/// digits in order between its letters, a manual's made-up key. Sixteen
/// letters or more, at most one pair in eight not in order, and so for
/// three digits or more; a random value has half its pairs so. (Nosey
/// Parker's examples keep the letters in order and scatter the digits:
/// they stand for a leak, and are held as one.)
pub(super) fn alphabet_along(v: &[u8]) -> bool {
    fn along(chars: impl Iterator<Item = u8> + Clone, least: usize) -> bool {
        let n = chars.clone().count();
        let back = chars.clone().zip(chars.skip(1)).filter(|(a, b)| b <= a).count();
        n >= least && back * 8 <= n
    }
    let digits = v.iter().copied().filter(u8::is_ascii_digit);
    along(v.iter().filter(|c| c.is_ascii_alphabetic()).map(u8::to_ascii_lowercase), 16)
        && (digits.clone().count() < 3 || along(digits, 3))
}
