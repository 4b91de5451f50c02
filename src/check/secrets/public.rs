//! Values that look random and are no credential: a password's hash, a
//! resource's integrity digest, an elliptic curve's public point, a
//! query's settings.

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
/// words and a value of words, a short one or none (the last, for the
/// code to fill).
pub(super) fn query_of_settings(v: &[u8]) -> bool {
    let mut fields = v.split(|c| *c == b'&');
    v.contains(&b'&')
        && fields.all(|f| {
            let Some(eq) = f.iter().position(|c| *c == b'=') else { return false };
            let (name, value) = (slice(f, 0, eq), slice(f, eq + 1, f.len()));
            is_words(name)
                && (value.len() <= 4 && value.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'.')
                    || is_words(value))
        })
}
