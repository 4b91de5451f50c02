//! Tests of `secrets`: what packages on the registries carry that reads
//! like a leak and is none (cipher test vectors of vendored crypto
//! libraries, enumerations, a field named after the keyword, a service's
//! fixed header word), each beside the leak written in the same place.

use super::public::alphabet_along;
use super::tests::{ALNUM, codes, random};
use super::tests_precision::{HEX, token};
use super::*;

const BASE32: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

fn hex(n: usize, seed: u64) -> String {
    random(HEX, n, seed)
}

#[test]
fn a_cipher_test_vector_is_no_leak() {
    for seed in 0..20 {
        let (k, a, c) = (hex(64, seed), hex(24, seed + 100), hex(48, seed + 200));
        for text in [
            // NIST's files, and BoringSSL's as C literals (`\n` escapes).
            format!("Count = 3\nKey = {k}\nNonce = {a}\nCT = {c}"),
            format!(r#"    "\nKEY: {k}\nNONCE: {a}\nIN: {c}\nAD: \nCT: {c}\nTAG: {a}\n""#),
            format!(r#"    "Cipher = RC4\nkey = {k}\nPlaintext = {a}\nCiphertext = {c}\n""#),
            format!(r"Key1 = {a}\r\nKey2 = {a}\r\nMsg = {c}\r\nMac = {a}"),
            // Wycheproof's, a test group's key in brackets.
            format!("[key.sk = {k}]\n[key.pk = {c}]\n[key.curve = edwards25519]"),
            format!("# tcId = 7\n# poly_key:{k}\naad = {a}\nct = {c}\ntag = {a}"),
            format!("[keyDer = 3076{c}]\n[sha = SHA-384]\n\nmsg = {a}\nsig = {c}"),
        ] {
            assert!(codes(&text).is_empty(), "{text}");
        }
        // A key beside a configuration's fields, or one field only for a
        // longer name, is a leak still.
        for text in [
            format!("key: {k}"),
            format!("client_id: {a}\nclient_secret: {k}"),
            format!("encryption_key: {k}\niv: {a}"),
            format!("secret_key = {k}\nsalt = {a}\nregion: {a}"),
            format!("KEY={k}\nIV={a}\nCT={c}"),
        ] {
            assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
        }
    }
}

#[test]
fn a_field_named_after_the_keyword_owns_the_value() {
    let id = hex(32, 5);
    for text in [
        format!("salt '*' keystone.role_get role_id={id}"),
        format!("salt '*' keystone.ec2_credentials_get user_id={id}"),
        format!("salt '*' keystoneng.domain_get name={id}"),
        format!("API key name: {}", token(24, 3)),
    ] {
        assert!(codes(&text).is_empty(), "{text}");
    }
    for text in [
        format!("salt '*' keystone.token_set token={}", token(32, 4)),
        format!("API key: {}", token(32, 6)),
        format!("Secret for prod: {}", token(32, 7)),
    ] {
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
}

#[test]
fn a_name_given_itself_or_an_enumerations_constant_is_code() {
    for text in [
        "    \"PassphraseGenerationContext\": PassphraseGenerationContext,",
        "    UNIT_SHAPE_COHERE_A100_40_G_X8 = \"COHERE_A100_40G_X8\"",
        "  isUserCodeCoverageEnabled = !!readConfigsResult.globalConfig.collectCoverage",
        "        ownPass: !!ownPass",
        "        url = self.url_joiner(self.api_root, \"objectschema/list\")",
        "    if (this.#config.token) use(this.#config.apiKey.value)",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for text in [
        format!("COHERE_API_KEY={}", token(40, 8)),
        format!("cohere_key = \"{}\"", token(40, 9)),
        "DB_PASSWORD=!!Xk9qPz".to_owned(),
        format!("apiKey: {}", token(32, 10)),
    ] {
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
}

#[test]
fn a_services_fixed_word_or_a_tokens_first_digits_in_a_header_is_no_leak() {
    for text in [
        r#"curl -H \"Authorization: Bearer Oracle\" http://169.254.169.254/opc/v2/instance/"#,
        "  -H 'X-Auth-Token: ffedf49d' \\",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for text in [
        format!("curl -H \"Authorization: Bearer {}\" https://api.internal/", token(32, 11)),
        format!("  -H 'X-Auth-Token: {}' \\", hex(40, 12)),
        format!("  -H 'X-Auth-Token: {}' \\", hex(12, 13)),
    ] {
        assert_eq!(codes(&text), vec![AUTHORIZATION_HEADER], "{text}");
    }
}

#[test]
fn a_url_with_no_host_or_a_pair_of_credential_words_logs_in_nowhere() {
    for text in [
        r#"url = self.get_url("/host_echo").replace("http://", "http://me:secret@")"#,
        "  dsn: https://pub-key:secret-key@app.getsentry.com/app-id",
        "  url: https://api_user:api_token@ci.internal/job",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for text in [
        format!("https://deploy:{}@git.internal/x.git", random(ALNUM, 24, 14)),
        "http://me:secret@db.internal/".to_owned(),
        format!("https://pub-key:{}@app.getsentry.com/1", hex(32, 15)),
    ] {
        assert_eq!(codes(&text), vec![URL_USERINFO], "{text}");
    }
}

#[test]
fn a_manuals_totp_secret_and_the_alphabet_in_order_are_made_up() {
    let manual = "otpauth://totp/Example:alice@fsf.org?secret=JBSWY3DPEHPK3PXP&issuer=Example";
    assert!(codes(manual).is_empty());
    let real = format!("otpauth://totp/Acme:ops@acme.io?secret={}&issuer=Acme", random(BASE32, 32, 16));
    assert_eq!(codes(&real), vec![TOKEN_PARAMETER], "{real}");

    let along = "access_key_secret=\"1aB2CD3e4fgHi5JK6lmnop7qR8STU9VxYzabcdefHh\",";
    assert!(codes(along).is_empty());
    assert!(alphabet_along(b"abcdefghijklmnopqrstuvwxyz"));
    assert!(!alphabet_along(b"abCD1EF+GHIJxLMnOPqRSa53VWX05zaBCdE/fg9hi4k="), "digits out of order");
    for seed in 0..200 {
        let t = token(40, seed);
        assert!(!alphabet_along(t.as_bytes()), "{t}");
    }
    let real = format!("access_key_secret=\"{}\",", token(40, 17));
    assert_eq!(codes(&real), vec![KEYWORD_ASSIGNMENT], "{real}");
}

#[test]
fn an_application_id_is_public_and_its_secret_is_not() {
    for text in [
        "  key: \"sq0ids-0evKIskIGaY45fCyNL66aw:backupemail\",".to_owned(),
        format!("SQUARE_APPLICATION_KEY=sq0idp-{}", random(ALNUM, 22, 18)),
    ] {
        assert!(codes(&text).is_empty(), "{text}");
    }
    let secret = format!("SQUARE_TOKEN=sq0atp-{}", random(ALNUM, 22, 19));
    assert!(!codes(&secret).is_empty(), "{secret}");
}
