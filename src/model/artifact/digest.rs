//! The digest set a ref may carry: in-toto's DigestSet, an object from an
//! algorithm's name to the lowercase hex of the digest
//! (`{"sha256": "…", "sha512": "…"}`). It binds the ref to the bytes it
//! names; it says nothing about where they are (locality is the handle's).
//!
//! The algorithms this core knows, each with its exact length in hex digits,
//! are in [`ALGORITHMS`]. A writer (strict) is refused a known algorithm whose
//! value is not exactly that many of `0-9a-f`, a value that is not a string,
//! a digest set that is not an object or names nothing; an unknown algorithm
//! is kept with a warning. A reader (lenient) keeps everything and notes it.

use crate::diagnostic::quote;
use crate::doc::{Json, JsonObject};
use crate::fields::{Report, type_name};
use crate::pointer::{Below, Locate};

use super::{MALFORMED_DIGEST, UNKNOWN_DIGEST_ALGORITHM};

/// The algorithms a digest set is checked for, with the length of their
/// digest in hex digits (in-toto's names).
pub const ALGORITHMS: &[(&str, usize)] = &[("sha1", 40), ("sha256", 64), ("sha384", 96), ("sha512", 128)];

/// The length in hex digits of a known algorithm's digest.
pub fn hex_len(algorithm: &str) -> Option<usize> {
    ALGORITHMS.iter().find(|(name, _)| *name == algorithm).map(|(_, len)| *len)
}

/// Why a known algorithm's value is not its digest, or `None` when it is:
/// exactly its length of lowercase hex digits.
pub fn malformed(algorithm: &str, value: &str) -> Option<String> {
    let want = hex_len(algorithm)?;
    let len = value.chars().count();
    if len != want {
        return Some(format!("`{algorithm}` must be {want} lowercase hex digits, found {len} characters"));
    }
    if value.bytes().any(|b| b.is_ascii_hexdigit() && b.is_ascii_uppercase())
        && value.bytes().all(|b| b.is_ascii_hexdigit())
    {
        return Some(format!("`{algorithm}` must be lowercase hex digits; it has uppercase ones"));
    }
    if !value.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        return Some(format!(
            "`{algorithm}` must be lowercase hex digits; it has a character other than 0-9 and a-f"
        ));
    }
    None
}

/// The algorithms of a ref's `digest` the core can vouch for the shape of
/// (known, and exactly their length of lowercase hex), sorted by name:
/// what binds the ref to bytes. Empty when the ref carries no digest, or
/// none of that shape.
pub fn usable(artifact_ref: &serde_json::Value) -> Vec<(&str, &str)> {
    let Some(set) = artifact_ref.get("digest").and_then(serde_json::Value::as_object) else {
        return Vec::new();
    };
    let mut out: Vec<(&str, &str)> = set
        .iter()
        .filter_map(|(algorithm, value)| {
            let value = value.as_str()?;
            (hex_len(algorithm).is_some() && malformed(algorithm, value).is_none())
                .then_some((algorithm.as_str(), value))
        })
        .collect();
    out.sort_unstable();
    out
}

/// Checks a ref's `digest` at `at`.
pub fn check<J: Json>(v: &J, at: &dyn Locate, report: &mut Report) {
    let Some(obj) = v.as_object() else {
        report.refuse_or_warn(
            MALFORMED_DIGEST,
            at,
            format!("`digest` must be an object of algorithm to lowercase hex, found {}", type_name(v)),
        );
        help(report);
        return;
    };
    if obj.is_empty() {
        report.refuse_or_warn(MALFORMED_DIGEST, at, "`digest` names no algorithm");
        help(report);
        return;
    }
    for (algorithm, value) in obj.entries() {
        let here = Below::Key(at, algorithm);
        let Some(text) = value.as_str() else {
            report.refuse_or_warn(
                MALFORMED_DIGEST,
                &here,
                format!(
                    "the digest {} must be a string of hex digits, found {}",
                    quote(algorithm),
                    type_name(value)
                ),
            );
            continue;
        };
        if hex_len(algorithm).is_none() {
            let message = format!(
                "{} is not a digest algorithm this core knows ({}); kept as it is, unchecked",
                quote(algorithm),
                known_list()
            );
            let d = if report.strict() {
                crate::diagnostic::Diagnostic::warning(UNKNOWN_DIGEST_ALGORITHM, &here.pointer(), message)
            } else {
                crate::diagnostic::Diagnostic::info(UNKNOWN_DIGEST_ALGORITHM, &here.pointer(), message)
            };
            report.push(d);
        } else if let Some(why) = malformed(algorithm, text) {
            report.refuse_or_warn(MALFORMED_DIGEST, &here, why);
            help(report);
        }
    }
}

fn help(report: &mut Report) {
    if let Some(d) = report.diagnostics.last_mut() {
        d.help = Some(
            "write the digest set as in-toto does, e.g. {\"sha256\": \"<64 lowercase hex digits>\"}"
                .to_owned(),
        );
    }
}

/// The known algorithms, for messages: `sha1, sha256, sha384, sha512`.
fn known_list() -> String {
    ALGORITHMS.iter().map(|(name, _)| *name).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields::Mode;
    use crate::pointer::Pointer;
    use serde_json::{Value, json};

    fn codes(v: Value, mode: Mode) -> Vec<String> {
        let mut r = Report::new(mode);
        check(&v, &Pointer::root().key("digest"), &mut r);
        crate::diagnostic::sort(&mut r.diagnostics);
        r.diagnostics.iter().map(|d| format!("{}@{}:{:?}", d.code, d.instance_path, d.severity)).collect()
    }

    const SHA256: &str = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

    #[test]
    fn a_well_formed_digest_set_is_clean() {
        let sha512 = "f".repeat(128);
        assert!(codes(json!({"sha256": SHA256, "sha512": sha512}), Mode::Strict).is_empty());
        assert!(codes(json!({"sha1": "a".repeat(40), "sha384": "0".repeat(96)}), Mode::Strict).is_empty());
    }

    #[test]
    fn a_known_algorithm_of_the_wrong_length_is_refused_to_writers_and_noted_for_readers() {
        let short = &SHA256[1..];
        assert_eq!(
            codes(json!({"sha256": short}), Mode::Strict),
            vec!["artifact/malformed-digest@/digest/sha256:Error"]
        );
        assert_eq!(
            codes(json!({"sha256": short}), Mode::Lenient),
            vec!["artifact/malformed-digest@/digest/sha256:Warning"]
        );
    }

    #[test]
    fn uppercase_and_other_characters_are_not_lowercase_hex() {
        let upper = SHA256.to_ascii_uppercase();
        assert_eq!(
            codes(json!({"sha256": upper}), Mode::Strict),
            vec!["artifact/malformed-digest@/digest/sha256:Error"]
        );
        let odd = format!("{}g", &SHA256[1..]);
        assert_eq!(
            codes(json!({"sha256": odd}), Mode::Strict),
            vec!["artifact/malformed-digest@/digest/sha256:Error"]
        );
        assert!(malformed("sha256", &SHA256.to_ascii_uppercase()).is_some_and(|m| m.contains("uppercase")));
        // Sixty-four characters, but not all of them one byte.
        let wide = format!("{}é", &SHA256[1..]);
        assert!(malformed("sha256", &wide).is_some_and(|m| m.contains("other than")));
    }

    #[test]
    fn an_unknown_algorithm_is_kept_with_a_warning_or_a_note() {
        assert_eq!(
            codes(json!({"blake3": "abc", "sha256": SHA256}), Mode::Strict),
            vec!["artifact/unknown-digest-algorithm@/digest/blake3:Warning"]
        );
        assert_eq!(
            codes(json!({"blake3": "abc"}), Mode::Lenient),
            vec!["artifact/unknown-digest-algorithm@/digest/blake3:Info"]
        );
    }

    #[test]
    fn only_known_well_formed_algorithms_bind() {
        let r = json!({"kind":"url","digest":{"sha512":"a".repeat(128),"blake3":"00","sha256":SHA256,"sha1":"XY"}});
        assert_eq!(usable(&r).iter().map(|(a, _)| *a).collect::<Vec<_>>(), vec!["sha256", "sha512"]);
        assert!(usable(&json!({"kind":"url"})).is_empty());
        assert!(usable(&json!({"kind":"url","digest":"sha256"})).is_empty());
    }

    #[test]
    fn a_digest_set_that_is_not_an_object_of_strings_is_malformed() {
        for bad in [json!("sha256:abc"), json!([]), json!(null), json!({}), json!({"sha256": 1})] {
            let got = codes(bad.clone(), Mode::Strict);
            assert_eq!(got.len(), 1, "{bad}");
            assert!(
                got[0].starts_with("artifact/malformed-digest@/digest") && got[0].ends_with(":Error"),
                "{bad}"
            );
        }
        assert_eq!(
            codes(json!({"blake3": 7}), Mode::Lenient),
            vec!["artifact/malformed-digest@/digest/blake3:Warning"]
        );
    }
}
