//! Digests computed and compared, one way for every face: the digest set of
//! some bytes (in-toto's DigestSet: algorithm to lowercase hex), and the
//! verdict of bytes or a digest set against the digest set a reference
//! carries.
//!
//! The core computes `sha256`, `sha384` and `sha512` (RustCrypto's `sha2`);
//! it checks the shape of `sha1` too ([`crate::artifact::digest`]) but does not
//! compute it. It never fetches: the caller hands it the bytes. A verdict
//! names the algorithms it compared, never the bytes or their digests.

use std::collections::BTreeMap;

use serde_json::Value;
use sha2::{Digest, Sha256, Sha384, Sha512};

use crate::artifact::digest::malformed;
use crate::diagnostic::{Code, quote};

crate::define_codes! {
    MATCH = "digest/match", "every algorithm both sides name has the same digest (a SHA-1 match alone counts only where the reference names no SHA-2 digest)";
    MISMATCH = "digest/mismatch", "an algorithm both sides name has different digests: the bytes are not the ones the reference names";
    NOTHING_TO_COMPARE = "digest/nothing-to-compare", "the reference carries no digest, or none in an algorithm the other side has (or the core computes): nothing is bound";
    NOT_COMPARED = "digest/not-compared", "one algorithm of the reference could not be compared: the core does not compute it, the other side does not name it, or a side's value is not its lowercase hex";
    UNSUPPORTED_ALGORITHM = "digest/unsupported-algorithm", "a digest was asked for in an algorithm the core does not compute (it computes sha256, sha384 and sha512)";
    MALFORMED_BASE64 = "digest/malformed-base64", "bytes given as `base64` are not standard base64 (RFC 4648 alphabet `A-Z a-z 0-9 + /`, `=` padding optional, no white space)";
}

/// The algorithms the core computes, in the order a digest set lists them.
pub const COMPUTED: &[&str] = &["sha256", "sha384", "sha512"];

/// The algorithm computed when none is asked for.
pub const DEFAULT_ALGORITHM: &str = "sha256";

/// The lowercase hex digest of `bytes` in `algorithm`, or `None` for an
/// algorithm the core does not compute.
pub fn hex_digest(algorithm: &str, bytes: &[u8]) -> Option<String> {
    match algorithm {
        "sha256" => Some(hex(&Sha256::digest(bytes))),
        "sha384" => Some(hex(&Sha384::digest(bytes))),
        "sha512" => Some(hex(&Sha512::digest(bytes))),
        _ => None,
    }
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        for nibble in [b >> 4, b & 0xf] {
            if let Some(&d) = DIGITS.get(usize::from(nibble)) {
                out.push(char::from(d));
            }
        }
    }
    out
}

/// Why a digest could not be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigestError {
    /// Stable code, one of this module's codes.
    pub code: Code,
    /// One line for a human.
    pub message: String,
}

/// The digest set of `bytes` in each of `algorithms` (sha256 when empty),
/// listed by algorithm name.
pub fn digest_set(bytes: &[u8], algorithms: &[String]) -> Result<BTreeMap<String, String>, DigestError> {
    let mut set = BTreeMap::new();
    let default = [DEFAULT_ALGORITHM.to_owned()];
    let algorithms = if algorithms.is_empty() { &default[..] } else { algorithms };
    for algorithm in algorithms {
        let Some(digest) = hex_digest(algorithm, bytes) else {
            return Err(DigestError {
                code: UNSUPPORTED_ALGORITHM,
                message: format!(
                    "{} is not an algorithm the core computes; it computes {}",
                    quote(algorithm),
                    COMPUTED.join(", ")
                ),
            });
        };
        set.insert(algorithm.clone(), digest);
    }
    Ok(set)
}

/// Bytes from standard base64 (RFC 4648's alphabet, `=` padding optional).
pub fn decode_base64(text: &str) -> Result<Vec<u8>, DigestError> {
    let bad = |at: usize, what: &str| DigestError {
        code: MALFORMED_BASE64,
        message: format!("`base64` is not standard base64: {what} at offset {at}"),
    };
    let body = text.trim_end_matches('=');
    let padding = text.len() - body.len();
    if padding > 2 || (padding > 0 && !text.len().is_multiple_of(4)) {
        return Err(bad(body.len(), "wrong `=` padding"));
    }
    if body.len() % 4 == 1 {
        return Err(bad(body.len(), "a length no bytes have"));
    }
    let mut out = Vec::with_capacity(body.len() / 4 * 3 + 2);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for (i, b) in body.bytes().enumerate() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(bad(i, "a character outside the alphabet")),
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push(((acc >> bits) & 0xff) as u8);
        }
    }
    // The bits left over must be zero, or two spellings would name one
    // byte string.
    if acc & ((1 << bits) - 1) != 0 {
        return Err(bad(body.len().saturating_sub(1), "a last character with bits no byte holds"));
    }
    Ok(out)
}

/// One algorithm of the reference, and what came of comparing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compared {
    /// The algorithm's name as the reference writes it.
    pub algorithm: String,
    /// [`MATCH`], [`MISMATCH`] or [`NOT_COMPARED`].
    pub code: Code,
    /// One line; names the algorithm, never a digest.
    pub message: String,
}

/// The verdict on bytes or a digest set against a reference's digest set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// [`MATCH`], [`MISMATCH`] or [`NOTHING_TO_COMPARE`].
    pub code: Code,
    /// Each algorithm of the reference, by name.
    pub compared: Vec<Compared>,
}

/// What the reference is checked against.
pub enum Against<'a> {
    /// The bytes themselves: the core computes each algorithm it can.
    Bytes(&'a [u8]),
    /// A digest set the caller computed (read as a digest set is).
    Digests(&'a Value),
}

/// Compares the reference's digest set (`expected`: a digest set; `None`
/// or anything but an object of strings binds nothing) with `against`.
/// A mismatch in any algorithm is a mismatch; otherwise one match is a
/// match; otherwise there is nothing to compare. SHA-1 collisions can be
/// made: where the reference also names a SHA-2 digest, a SHA-1 match alone
/// is not a match (nothing was compared that binds the bytes).
pub fn verify(expected: Option<&Value>, against: Against<'_>) -> Verdict {
    let mut compared = Vec::new();
    if let Some(Value::Object(expected)) = expected {
        for (algorithm, value) in expected {
            compared.push(compare(algorithm, value, &against));
        }
    }
    crate::sort::list(&mut compared, &|a, b| a.algorithm.cmp(&b.algorithm));
    let strong =
        |algorithm: &str| algorithm != "sha1" && crate::artifact::digest::hex_len(algorithm).is_some();
    let names_strong = compared.iter().any(|c| strong(&c.algorithm));
    let code = if compared.iter().any(|c| c.code == MISMATCH) {
        MISMATCH
    } else if compared.iter().any(|c| c.code == MATCH && (strong(&c.algorithm) || !names_strong)) {
        MATCH
    } else {
        NOTHING_TO_COMPARE
    };
    Verdict { code, compared }
}

fn compare(algorithm: &str, expected: &Value, against: &Against<'_>) -> Compared {
    let name = quote(algorithm);
    let not = |why: String| Compared { algorithm: algorithm.to_owned(), code: NOT_COMPARED, message: why };
    let Some(expected) = expected.as_str() else {
        return not(format!("the reference's {name} is not a string"));
    };
    if crate::artifact::digest::hex_len(algorithm).is_none() {
        return not(format!("{name} is not a digest algorithm the core knows"));
    }
    if malformed(algorithm, expected).is_some() {
        return not(format!("the reference's {name} is not its length of lowercase hex digits"));
    }
    let actual = match against {
        Against::Bytes(bytes) => match hex_digest(algorithm, bytes) {
            Some(d) => d,
            None => {
                return not(format!(
                    "the core does not compute {name}; give the digest instead of the bytes"
                ));
            }
        },
        Against::Digests(set) => match set.get(algorithm) {
            None => return not(format!("the digest set checked names no {name}")),
            Some(Value::String(d)) if malformed(algorithm, d).is_none() => d.clone(),
            Some(_) => {
                return not(format!("the digest set checked has a {name} that is not its lowercase hex"));
            }
        },
    };
    if actual == expected {
        Compared {
            algorithm: algorithm.to_owned(),
            code: MATCH,
            message: format!("the {name} digests are equal"),
        }
    } else {
        Compared {
            algorithm: algorithm.to_owned(),
            code: MISMATCH,
            message: format!("the {name} digests differ: these are not the bytes the reference names"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    // `printf 'hello\n' | sha256sum` and friends.
    const HELLO_SHA256: &str = "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03";
    const EMPTY_SHA256: &str = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

    fn algs(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn digests_are_the_reference_ones() {
        assert_eq!(hex_digest("sha256", b"hello\n").as_deref(), Some(HELLO_SHA256));
        assert_eq!(hex_digest("sha256", b"").as_deref(), Some(EMPTY_SHA256));
        assert_eq!(
            hex_digest("sha512", b"").as_deref(),
            Some(
                "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"
            )
        );
        assert_eq!(
            hex_digest("sha384", b"abc").as_deref(),
            Some(
                "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"
            )
        );
        assert_eq!(hex_digest("sha1", b""), None);
    }

    #[test]
    fn a_digest_set_defaults_to_sha256_and_refuses_what_it_cannot_compute() {
        let set = digest_set(b"hello\n", &[]).unwrap();
        assert_eq!(set.len(), 1);
        assert_eq!(set["sha256"], HELLO_SHA256);
        let both = digest_set(b"", &algs(&["sha512", "sha256"])).unwrap();
        assert_eq!(both.keys().collect::<Vec<_>>(), vec!["sha256", "sha512"]);
        assert_eq!(digest_set(b"", &algs(&["md5"])).unwrap_err().code, UNSUPPORTED_ALGORITHM);
    }

    #[test]
    fn base64_is_read_strictly() {
        assert_eq!(decode_base64("aGVsbG8K").unwrap(), b"hello\n");
        assert_eq!(decode_base64("aGk=").unwrap(), b"hi");
        assert_eq!(decode_base64("aGk").unwrap(), b"hi");
        assert_eq!(decode_base64("").unwrap(), b"");
        assert_eq!(decode_base64("/+8=").unwrap(), [0xff, 0xef]);
        for bad in ["aGk==", "a", "aG k", "aGl=", "aG-_", "aGk=aGk=", "===="] {
            assert_eq!(decode_base64(bad).map_err(|e| e.code), Err(MALFORMED_BASE64), "{bad}");
        }
    }

    #[test]
    fn bytes_that_hash_to_the_reference_match() {
        let v = verify(Some(&json!({"sha256": HELLO_SHA256})), Against::Bytes(b"hello\n"));
        assert_eq!(v.code, MATCH);
        assert_eq!(v.compared.len(), 1);
    }

    #[test]
    fn other_bytes_mismatch_and_the_finding_names_the_algorithm_only() {
        let v = verify(Some(&json!({"sha256": HELLO_SHA256})), Against::Bytes(b"hello"));
        assert_eq!(v.code, MISMATCH);
        assert!(v.compared[0].message.contains("`sha256`"));
        assert!(!v.compared[0].message.contains(HELLO_SHA256));
    }

    #[test]
    fn one_mismatch_outweighs_a_match() {
        let sha512 = hex_digest("sha512", b"other").unwrap();
        let v = verify(Some(&json!({"sha256": HELLO_SHA256, "sha512": sha512})), Against::Bytes(b"hello\n"));
        assert_eq!(v.code, MISMATCH);
        let codes: Vec<_> = v.compared.iter().map(|c| c.code).collect();
        assert_eq!(codes, vec![MATCH, MISMATCH]);
    }

    #[test]
    fn nothing_is_compared_without_a_shared_algorithm() {
        assert_eq!(verify(None, Against::Bytes(b"x")).code, NOTHING_TO_COMPARE);
        assert_eq!(verify(Some(&json!("sha256")), Against::Bytes(b"x")).code, NOTHING_TO_COMPARE);
        let sha1 = json!({"sha1": "a".repeat(40), "blake3": "00"});
        let v = verify(Some(&sha1), Against::Bytes(b"x"));
        assert_eq!(v.code, NOTHING_TO_COMPARE);
        assert!(v.compared.iter().all(|c| c.code == NOT_COMPARED));
        let other = json!({"sha512": "0".repeat(128)});
        assert_eq!(
            verify(Some(&json!({"sha256": HELLO_SHA256})), Against::Digests(&other)).code,
            NOTHING_TO_COMPARE
        );
    }

    #[test]
    fn a_malformed_side_is_not_compared() {
        let upper = HELLO_SHA256.to_ascii_uppercase();
        assert_eq!(
            verify(Some(&json!({"sha256": upper})), Against::Bytes(b"hello\n")).code,
            NOTHING_TO_COMPARE
        );
        let mine = json!({"sha256": upper});
        assert_eq!(
            verify(Some(&json!({"sha256": HELLO_SHA256})), Against::Digests(&mine)).code,
            NOTHING_TO_COMPARE
        );
    }

    #[test]
    fn a_callers_digest_set_is_compared_as_the_bytes_would_be() {
        let mine = json!({"sha256": HELLO_SHA256, "sha1": "b".repeat(40)});
        let v =
            verify(Some(&json!({"sha256": HELLO_SHA256, "sha1": "a".repeat(40)})), Against::Digests(&mine));
        assert_eq!(v.code, MISMATCH);
        assert_eq!(
            v.compared.iter().map(|c| c.algorithm.as_str()).collect::<Vec<_>>(),
            vec!["sha1", "sha256"]
        );
    }
}

#[cfg(test)]
mod downgrade {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_sha1_match_does_not_stand_for_a_sha256_the_reference_names() {
        let sha1 = "a".repeat(40);
        let reference = json!({"sha1": sha1, "sha256": "b".repeat(64)});
        // The caller names only SHA-1: the SHA-256 that would bind the bytes is not compared.
        let only_sha1 = json!({"sha1": sha1});
        assert_eq!(verify(Some(&reference), Against::Digests(&only_sha1)).code, NOTHING_TO_COMPARE);
        // A reference with SHA-1 alone is matched by it.
        let weak = json!({"sha1": sha1});
        assert_eq!(verify(Some(&weak), Against::Digests(&only_sha1)).code, MATCH);
        // Both compared and equal: a match; the SHA-256 differing: a mismatch.
        let both = json!({"sha1": sha1, "sha256": "b".repeat(64)});
        assert_eq!(verify(Some(&reference), Against::Digests(&both)).code, MATCH);
        let other = json!({"sha1": sha1, "sha256": "c".repeat(64)});
        assert_eq!(verify(Some(&reference), Against::Digests(&other)).code, MISMATCH);
    }
}
