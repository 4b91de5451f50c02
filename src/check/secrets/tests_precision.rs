//! Tests of `secrets`: what code, fixtures and manuals write under a
//! secret's name that is no secret, beside the leaks of the same place.

use super::tests::codes;
use super::*;

/// Seeded random text from `alphabet`: `n` characters for each seed.
fn random(alphabet: &[u8], n: usize, seed: u64) -> String {
    let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            char::from(alphabet[(s % alphabet.len() as u64) as usize])
        })
        .collect()
}

const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const BASE64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const HEX: &[u8] = b"0123456789abcdef";

/// A random token that mixes capitals, lower case and digits.
fn token(n: usize, seed: u64) -> String {
    format!("Q7{}", random(ALNUM, n - 2, seed))
}

#[test]
fn the_words_before_a_password_name_it_and_do_not_make_it_a_setting() {
    for text in [
        "KEYSTORE_PASSWORD=Lantern-2031!",
        "export KEYSTORE_PASSWORD='Lantern-2031!'",
        "cache_password: Kx9mQ2zL7p",
        "keyfile_passphrase = \"Orbit#4471\"",
    ] {
        assert_eq!(codes(text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
    // The words after it still do.
    for text in ["password_file: /run/secrets/db", "keystore_password_path = /etc/app/ks.pw"] {
        assert!(codes(text).is_empty(), "{text}");
    }
    // And before any other keyword, as before.
    assert!(codes(&format!("keystore_key = \"{}\"", token(24, 1))).is_empty());
}

#[test]
fn hex_of_32_digits_or_more_needs_less_entropy_under_a_generic_name() {
    // Random hex of 32 reaches 3.5 bits four times in five: every seed
    // is found.
    for seed in 0..200 {
        for n in [32, 40, 64] {
            let text = format!("API_KEY={}", random(HEX, n, seed));
            assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
        }
    }
    // A counting test vector has less (2.8 bits), and shorter hex keeps
    // the generic bar.
    assert!(codes("key = \"000102030405060708090a0b0c0d0e0f\"").is_empty());
    assert!(codes("token = \"0a0b0c0d0e0f1011\"").is_empty());
}

#[test]
fn padded_base64_may_open_with_a_slash() {
    for seed in 0..20 {
        let key = format!("/{}=", random(BASE64, 42, seed));
        for text in
            [format!("API_KEY={key}"), format!("\"authToken\": \"{key}\""), format!("secret: '{key}'")]
        {
            assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
        }
    }
    for text in [
        "secret: /run/secrets/app_token",
        "API_KEY=/etc/app/api.key",
        "token = /var/lib/app/tokens/Default01=",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
}

#[test]
fn a_private_name_is_lower_case_a_token_that_opens_with_an_underscore_is_not() {
    for seed in 0..20 {
        let text = format!("\"token\": \"_{}\"", token(42, seed));
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
    for text in ["token = _mm512_sm4key4_epi32", "key: __pyx_k_token_2", "secret = _private_key_v2_impl"] {
        assert!(codes(text).is_empty(), "{text}");
    }
}

#[test]
fn a_name_and_its_value_in_two_fields_are_an_assignment() {
    let t = token(32, 3);
    for text in [
        format!("env:\n  - name: API_TOKEN\n    value: \"{t}\"\n"),
        format!("        - name: STRIPE_WEBHOOK_SECRET\n          value: {t}"),
        "{\"name\": \"DB_PASSWORD\", \"value\": \"Harbor#2291\"}".to_owned(),
        format!("{{\n  \"name\": \"apiKey\",\n  \"value\": \"{t}\",\n  \"slotSetting\": false\n}}"),
        format!("<property>\n  <name>fs.s3a.secret.key</name>\n  <value>{t}</value>\n</property>"),
    ] {
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
    for text in [
        "- name: API_TOKEN\n  valueFrom:\n    secretKeyRef:\n      name: app\n      key: token".to_owned(),
        "- name: API_TOKEN\n  value: ${API_TOKEN}".to_owned(),
        "{\"name\": \"token_ttl\", \"value\": \"3600\"}".to_owned(),
        format!("username: API_TOKEN\nvalue: {t}"),
        format!("- name: API_TOKEN\n  description: the token\n  value: {t}"),
        "<name>token.path</name>\n<value>/var/run/token</value>".to_owned(),
    ] {
        assert!(codes(&text).is_empty(), "{text}");
    }
}
