//! The names around a keyword: the parts that make a name an identifier,
//! a setting or a place rather than a secret, the parts that say a value
//! is made up, and the parts that say a credential follows.

use super::*;

/// Name parts that make an assignment an identifier, a setting or a place,
/// not a secret (`public_key`, `key_id`, `max_tokens`, `token_url`, ...).
pub(super) const NOT_SECRET: &[&[u8]] = &[
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
    b"_root",
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
    b"websocket",
    b"sha1",
    b"sha256",
    b"sha384",
    b"sha512",
    b"next_token",
    b"continuation",
    b"alias",
    b"nexttoken",
    b"page_token",
    b"pagetoken",
    b"page token",
    // Public by design: a page's anti-forgery token, a captcha's site key,
    // a publishable key, the key of a Sentry DSN (browsers send it); and a
    // key's digest.
    b"csrf_token",
    b"csrf-token",
    b"csrftoken",
    b"csrfmiddlewaretoken",
    b"xsrf_token",
    b"xsrf-token",
    b"xsrftoken",
    b"sitekey",
    b"site_key",
    b"site-key",
    b"publishable",
    b"sentry_key",
    b"keyhash",
    b"tokenhash",
    b"passwordhash",
    b"digest",
];

/// For each byte, the [`NOT_SECRET`] parts that begin with it (bit `i` for
/// part `i`): a name is read once, comparing only where a part can begin.
pub(super) const NOT_SECRET_STARTS: [u128; 256] = part_starts(NOT_SECRET);

#[expect(
    clippy::indexing_slicing,
    reason = "evaluated at compile time, where an index out of bounds fails the build"
)]
const fn part_starts(parts: &[&[u8]]) -> [u128; 256] {
    assert!(parts.len() <= 128);
    let mut starts = [0u128; 256];
    let mut i = 0;
    while i < parts.len() {
        assert!(!parts[i].is_empty());
        starts[parts[i][0] as usize] |= 1 << i;
        i += 1;
    }
    starts
}

/// One of `parts` (lower case; `starts` their first bytes) stands in `t`,
/// ASCII case ignored.
pub(super) fn has_part(t: &[u8], parts: &[&[u8]], starts: &[u128; 256]) -> bool {
    (0..t.len()).any(|at| {
        let first = t.get(at).map_or(0, u8::to_ascii_lowercase);
        let mut candidates = starts.get(usize::from(first)).copied().unwrap_or(0);
        while candidates != 0 {
            let i = candidates.trailing_zeros() as usize;
            if parts.get(i).is_some_and(|p| has_ci(t, at, p)) {
                return true;
            }
            candidates &= candidates - 1;
        }
        false
    })
}

/// Name parts that say the value is made up for a test or a manual
/// (`invalid_key`, `fakeToken`, `wrong_password`, `dummy_secret`): a leak
/// is not named so.
pub(super) const NOT_REAL: &[&[u8]] =
    &[b"invalid", b"fake", b"dummy", b"mock", b"bogus", b"wrong", b"incorrect", b"example"];

/// Whole words that name a field of its own when they stand after a
/// keyword and a blank (`keystoneng.domain_get name=…`): the value is
/// theirs.
pub(super) const OWN_FIELDS: &[&[u8]] = &[
    b"id",
    b"uuid",
    b"name",
    b"user",
    b"username",
    b"email",
    b"host",
    b"region",
    b"tenant",
    b"project",
    b"domain",
];

/// Name parts that say a credential follows, whatever the provider.
pub(super) const TELLING: &[&[u8]] =
    &[b"key", b"secret", b"token", b"pass", b"pwd", b"auth", b"cred", b"api"];

/// `…_id`, `…-id`, `…Id`, `…ID`: an identifier, not a secret.
pub(super) fn ends_in_id(name: &[u8]) -> bool {
    match name {
        [.., b'_' | b'-' | b'.', b'i' | b'I', b'd' | b'D'] => true,
        [.., low, b'I', b'd'] => low.is_ascii_lowercase(),
        [.., low, b'I', b'D'] if low.is_ascii_lowercase() => true,
        // An account or a resource SID (`TWILIO_ACCOUNT_SID`, `accountSid`).
        [.., b'_' | b'-' | b'.', b's' | b'S', b'i' | b'I', b'd' | b'D'] => true,
        [.., low, b'S', b'i', b'd'] => low.is_ascii_lowercase(),
        // `keyid`: a key's identifier (a fingerprint, a serial).
        [.., k, e, y, i, d] if [*k, *e, *y, *i, *d].eq_ignore_ascii_case(b"keyid") => true,
        // `sentryDebugIdIdentifier`, `KEY_IDENTIFIER`: the word in full.
        _ => {
            name.len() > 10
                && name.get(name.len() - 10..).is_some_and(|e| e.eq_ignore_ascii_case(b"identifier"))
        }
    }
}

/// `password_encryption`, `token_auth_method`, `key_algorithm`: a setting
/// that says how a credential is made or used, not the credential; and
/// `oauth_signature`, a request's signature, which is good for that
/// request only.
pub(super) fn ends_in_setting(name: &[u8]) -> bool {
    const SETTINGS: &[&[u8]] =
        &[b"encryption", b"algorithm", b"method", b"policy", b"scheme", b"mode", b"signature"];
    SETTINGS.iter().any(|s| {
        name.len() > s.len()
            && name.get(name.len() - s.len()..).is_some_and(|end| end.eq_ignore_ascii_case(s))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_parts_are_found_as_a_plain_search_finds_them() {
        let names: Vec<Vec<u8>> = NOT_SECRET
            .iter()
            .flat_map(|p| {
                let mut upper = p.to_vec();
                upper.make_ascii_uppercase();
                let cut = p.get(..p.len() - 1).unwrap_or(&[]).to_vec();
                [p.to_vec(), upper, [b"x_".as_slice(), p, b"_y"].concat(), cut]
            })
            .chain([b"".to_vec(), b"api_key".to_vec(), b"DB_PASSWORD".to_vec()])
            .collect();
        for name in &names {
            let plain = NOT_SECRET.iter().any(|p| contains_ci(name, p));
            assert_eq!(
                has_part(name, NOT_SECRET, &NOT_SECRET_STARTS),
                plain,
                "{}",
                String::from_utf8_lossy(name)
            );
        }
    }
}
