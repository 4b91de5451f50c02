//! Tests of `secrets`: what libraries' code, type declarations and
//! manuals write that reads like a leak and is none (made-up values that
//! count along, types, templates, minified code, public keys, a key's
//! first line in prose), each beside the leak written in the same place.

use super::tests::{ALNUM, codes, random};
use super::tests_precision::{BASE64, HEX, token};
use super::*;

#[test]
fn characters_counting_along_are_a_manuals_value() {
    for text in [
        "  clientSecret: \"1234567890abcdef1234567890abcdef12345678\",",
        "  \"clientSecret\": \"1234567890abcdef12341234567890abcdef1234\"",
        "api_key = \"abcdefgh12345678\"",
        "password: \"Admin12345\"",
        "SA_PASSWORD: \"Admin123456\"",
        "E.g.: https://user:12345@example.com => https://user@example.com",
        "like dotenv://:key_1234@dotenvx.com/vault/.env.vault?environment=prod",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..100 {
        let text = format!("  clientSecret: \"{}\",", random(HEX, 40, seed));
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
    for text in [
        "password: \"Admin94721\"".to_owned(),
        "password: \"Harbor7731!\"".to_owned(),
        "https://user:48213@db.example.com/app".to_owned(),
        format!("redis://:key_{}@cache.internal:6379", random(ALNUM, 20, 3)),
        format!("api_key = \"{}1234567890\"", token(24, 8)),
    ] {
        assert_eq!(codes(&text).len(), 1, "{text}");
    }
}

#[test]
fn a_sentry_dsn_is_a_public_key() {
    let key = random(HEX, 32, 1);
    for text in [
        format!("dsn: \"https://{key}@o1.ingest.sentry.io/6690737\","),
        format!("\"https://{key}@o447951.ingest.us.sentry.io/4510776\",  # Your DSN here"),
        format!("SENTRY_DSN=https://{key}@sentry.example.com/42"),
    ] {
        assert!(codes(&text).is_empty(), "{text}");
    }
    // Its deprecated secret, or a hex token before any other path, is a
    // credential still.
    let secret = random(HEX, 32, 2);
    for text in [
        format!("dsn: \"https://{key}:{secret}@o1.ingest.sentry.io/6690737\""),
        format!("https://{key}@api.example.com/v1/items"),
        format!("https://{key}@git.example.com/team/repo.git"),
    ] {
        assert_eq!(codes(&text), vec![URL_USERINFO], "{text}");
    }
}

#[test]
fn authorization_ends_no_longer_word_and_names_in_capitals_stand_in() {
    for text in [
        "    binaryauthorization: binaryauthorization_1.VERSIONS,",
        "     *   Authorization: \"Bearer PRIMARY_ACCOUNT_JWT\"",
        "            Authorization: Bearer a-token-string",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..20 {
        let t = token(40, seed);
        for text in [
            format!("Authorization: \"Bearer {t}\""),
            format!("x-authorization: {t}"),
            format!("HTTP_AUTHORIZATION={t}"),
        ] {
            assert_eq!(codes(&text), vec![AUTHORIZATION_HEADER], "{text}");
        }
    }
}

/// A PEM body of `n` base64 characters after `head` (the first bytes a
/// DER key's body opens with), in lines of 64.
fn pem_body(head: &str, n: usize, seed: u64) -> String {
    let all = format!("{head}{}", random(BASE64, n - head.len(), seed));
    let lines: Vec<&str> = all.as_bytes().chunks(64).map(|c| std::str::from_utf8(c).unwrap_or("")).collect();
    lines.join("\n")
}

#[test]
fn a_key_header_needs_a_body_of_base64_as_long_as_it_declares() {
    let line = random(BASE64, 48, 1);
    for text in [
        // A message that quotes the header, and a pattern that matches it.
        "\"The 'privateKey` option contains only the first line '-----BEGIN RSA PRIVATE KEY-----'. If you are setting it using a `.env` file, make sure it is set on a single line with escaped line breaks\"".to_owned(),
        "const _=/^-----BEGIN(?: (RSA|EC|ENCRYPTED))? PRIVATE KEY-----/;const S=/^-----BEGIN(?: (RSA))? PUBLIC KEY-----/;const N=\"-----BEGIN CERTIFICATE-----\";".to_owned(),
        // A manual's key: its first line, then the footer, though `MIIEpQ`
        // declares 1,193 bytes.
        format!("For example, `-----BEGIN RSA PRIVATE KEY----- MIIEpQIBAAKCAQEA{line}. -----END RSA PRIVATE KEY-----`"),
        format!("e.g. `-----BEGIN RSA PRIVATE KEY-----MIIEpQIBAAKCAQEA{line}\\\\n.-----END RSA PRIVATE KEY-----`"),
    ] {
        assert!(codes(&text).is_empty(), "{text}");
    }
    for seed in 0..10 {
        for text in [
            // Whole keys: RSA (`MIIEpQ`, 1,193 bytes) and EC (`MHcC`, 121).
            format!(
                "-----BEGIN RSA PRIVATE KEY-----\n{}\n-----END RSA PRIVATE KEY-----",
                pem_body("MIIEpQIBAAKCAQEA", 1592, seed)
            ),
            format!(
                "-----BEGIN EC PRIVATE KEY-----\n{}\n-----END EC PRIVATE KEY-----",
                pem_body("MHcCAQEE", 164, seed)
            ),
            // Escaped in JSON text, or with blanks for line breaks.
            format!(
                "\"private\": \"-----BEGIN EC PRIVATE KEY-----\\n{}\\n-----END EC PRIVATE KEY-----\"",
                pem_body("MHcCAQEE", 164, seed).replace('\n', "\\n")
            ),
            format!(
                "-----BEGIN PRIVATE KEY----- {} -----END PRIVATE KEY-----",
                pem_body("MC4CAQAwBQYDK2VwBCIEI", 64, seed).replace('\n', " ")
            ),
            // A key cut where a paste stopped, with no footer, is still one.
            format!("-----BEGIN RSA PRIVATE KEY-----\n{}", pem_body("MIIEpQIBAAKCAQEA", 256, seed)),
        ] {
            assert_eq!(codes(&text), vec![PRIVATE_KEY], "{text}");
        }
    }
}

#[test]
fn a_type_in_a_declaration_is_no_password() {
    for text in [
        "export type SubmitPasswordResultV2 = CustomAuthResultV2<SubmitPasswordResultStateV2>;",
        "export type PasswordResetStartRequestV2 = StartRequestV2;",
        "export declare function pbkdf2(password: Uint8Array, salt: Uint8Array, iterations: number): Uint8Array;",
        "    credentials: PostFormsRequestNodesInnerAnyOf2ConfigComponentsInnerAnyOf2AnyOf11ConfigCredentials;",
        "    datadogRegion: GetLogStreams200ResponseInnerOneOf3SinkDatadogRegionEnum;",
        "  apiKeys: Map<string, ApiKeyRecord>;",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..20 {
        let t = token(24, seed);
        for text in [
            format!("type: password\npassword: {t}"),
            format!("login(password: {t}, user: x)"),
            format!("  password: {t};"),
            format!("{{password: {t}, user: admin}}"),
        ] {
            assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
        }
    }
    // A human password of two words and digits, outside a signature.
    assert_eq!(codes("{password: Winter2025Harbor, user: admin}"), vec![KEYWORD_ASSIGNMENT]);
}

#[test]
fn a_manuals_format_and_a_sentence_before_a_colon_are_no_assignment() {
    for text in [
        "* The resource name of a secret version which contains the KeyStore password. Format: projects/{project\\}/secrets/{secret\\}/versions/{version\\}",
        "* Required. Name of the alert to get password for. Format: projects/{project\\}/alerts/{alert\\}",
        "* The resource name for the configured Cloud KMS key.KMS key name format: \"projects/[PROJECT_ID]/locations/[LOCATION]/keyRings/[KEYRING]/cryptoKeys/[KEY]\"",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..20 {
        let t = token(24, seed);
        for text in [
            format!("The key. Then: api_key: {t}"),
            format!("KMS key: \"{t}\""),
            format!("password for db: {t}"),
        ] {
            assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
        }
    }
}

#[test]
fn minified_code_after_a_comma_is_the_next_item() {
    for text in [
        "a.onProxyReq=\"onProxyReq\",a.apiResolver=\"apiResolver\",a.internalFetch=\"internalFetch\",a.startResponse=\"startResponse\"",
        "exports.MDC_KEY=MDC_KEY,exports.MDC_KEY_BASE=\"mdc\",exports.MESSAGING_BATCH_SIZE=\"messaging.batch.size\"",
        "exports.AI_EMBEDDINGS_CREATE_COHERE=AI_EMBEDDINGS_CREATE_COHERE,exports.APP=\"app\"",
        "[\"signInWithIdToken\",\"signInWithOtp\",\"signInWithPassword\",\"signInWithSSO\",\"signOut\"]",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..20 {
        let t = token(24, seed);
        for text in [
            format!("(\"api_key\", \"{t}\")"),
            format!("api_key,{t}"),
            format!("exports.API_KEY=\"{t}\",exports.X=1"),
        ] {
            assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
        }
    }
}

#[test]
fn a_key_header_quoted_in_code_or_prose_is_named_not_pasted() {
    for text in [
        "    if (privateKey === \\\"-----BEGIN RSA PRIVATE KEY-----\\\") {\\n      throw new Error(\\n        \\\"The 'privateKey` option contains only the first line\"",
        "if (key === \"-----BEGIN RSA PRIVATE KEY-----\") { throw new Error(\"The 'privateKey' option contains only the first line of the key; set it on a single line with escaped line breaks\") }",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    // A header literal joined to its body's literals is a key.
    let lines: Vec<String> = (0..4).map(|n| format!("\"{}\" +", random(BASE64, 64, n))).collect();
    let text = format!(
        "\"-----BEGIN RSA PRIVATE KEY-----\" +\n{}\n\"-----END RSA PRIVATE KEY-----\"",
        lines.join("\n")
    );
    assert_eq!(codes(&text), vec![PRIVATE_KEY], "{text}");
}

#[test]
fn a_tokens_claims_no_clock_gives_are_a_fixtures() {
    let sig = random(BASE64, 43, 5).replace(['+', '/'], "_");
    let header = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9";
    // `{"a":"b"}`, `{"key":"value"}`, `{"iat":-30,"exp":570,"iss":1}`.
    for payload in ["eyJhIjoiYiJ9", "eyJrZXkiOiJ2YWx1ZSJ9", "eyJpYXQiOi0zMCwiZXhwIjo1NzAsImlzcyI6MX0"] {
        let text = format!("token = '{header}.{payload}.{sig}'");
        assert!(codes(&text).is_empty(), "{text} {:?}", codes(&text));
    }
    // Issued ones: a subject and a name with the time in seconds, an
    // expiry alone, a subject alone.
    for payload in [
        "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ",
        "eyJleHAiOjE3OTk5OTk5OTl9",
        "eyJzdWIiOiJ1c2VyXzhmM2syIiwic2NvcGUiOiJhcGkifQ",
    ] {
        let text = format!("token = '{header}.{payload}.{sig}'");
        assert_eq!(codes(&text), vec![JWT], "{text}");
    }
}

#[test]
fn a_words_case_and_a_block_after_it_tell_code() {
    for text in [
        "get password(){return this[Internal].url.password}set password(value){this[Internal].url.password=value}get username(){return this[Internal].url.username}",
        "\"mappings\":\"AAAA,SAAS,IAAIgF,eAAiBvC,mBAAmBlxB,GAAG,CAAC,pwD,SACxC8jF,SAAWD,AAAAA\"",
        "SEARCH_AI__COMPLETION_TOKENS__USED=\"ai.completion_tokens.used\",SEARCH_AI__DOCUMENTS=\"ai.documents\"",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..20 {
        let t = token(24, seed);
        for text in [
            format!("PWD={t}"),
            format!("dbPwd: \"{t}\""),
            format!("passWord = \"{t}\""),
            format!("password={t}}}next"),
            format!("\"TOKEN\",{t}"),
        ] {
            assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
        }
    }
}

#[test]
fn a_manuals_cluster_nodes_template_ports_and_metasyntactic_passwords_are_examples() {
    for text in [
        "- Standard single-server URLs (e.g. ``redis://:secret@h1:26379;sentinel://:secret@h2:26379/0``)",
        "(e.g. ``cache+memcached://user:secret@s1:11211;s2:11211/``)",
        "  'http://atpass:foo%40bar@127.0.0.1:8080/path?search=foo#bar' : {",
        "  clientSecret: \"VERYLONGSECRETeyJraWQiOiJrZXktMTU2NDAyODA5OSIsImFsZyI6IkhTMzg0In0\",",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..20 {
        let pw = token(16, seed);
        for text in [
            format!("redis://:{pw}@cache1:6379/0"),
            format!("postgres://app:{pw}@db.internal:5432/app"),
            format!("https://user:foo-{pw}@files.example.com/"),
            format!("clientSecret: \"SECRET{}\"", random(ALNUM, 40, seed)),
        ] {
            assert_eq!(codes(&text).len(), 1, "{text}");
        }
    }
    // A word password at a real host is found, as before.
    assert_eq!(codes("redis://:secret@cache.internal:6379"), vec![URL_USERINFO]);
}

#[test]
fn a_types_constructor_opened_at_the_end_of_a_line_is_code() {
    assert!(codes("ContentApiV2Error.shared_link_password_protected = ContentApiV2Error(").is_empty());
    // A password with digits and an opening bracket is still one.
    assert_eq!(codes("db_password = Summer2024("), vec![KEYWORD_ASSIGNMENT]);
    assert_eq!(codes("db_password = MyDog2024Rocks("), vec![KEYWORD_ASSIGNMENT]);
}

#[test]
fn hexspeak_stands_in_for_a_key() {
    for text in [
        "    Authorization: Bearer deadbeef12346",
        "//=> '#token=bada55cafe'",
        "api_key = \"DEADBEEFCAFEBABE\"",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..20 {
        // Hex that opens with such a word, or holds one, is still a key.
        let hex = random(HEX, 24, seed);
        for text in [
            format!("Authorization: Bearer deadbeef{hex}"),
            format!("api_key = \"{}cafe\"", token(24, seed)),
            format!("?token=bad{hex}"),
        ] {
            assert_eq!(codes(&text).len(), 1, "{text}");
        }
    }
}

#[test]
fn a_fixtures_user_and_password_pairs_are_examples() {
    for text in [
        "  proxy: `http://hello:world@${proxy.address().address}:${proxy.address().port}`",
        "  proxy: `http://username_with_=:password_with_=@${PROXY_HOSTNAME}:${port}`",
        "  fn(null, h['proxy-authorization'] === `Basic ${Buffer.from('username_with_=:password_with_=').toString('base64')}`)",
        "  mhu = MultiHostUrl('https://foo.com:123,foo:bar@bar.com/path')",
        "  https://foo:bar@db.internal/",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..20 {
        let pw = token(16, seed);
        for text in [
            format!("http://hello:{pw}@proxy.internal:3128"),
            format!("http://username:{pw}@proxy.internal:3128"),
            format!("https://foo:{pw}@db.internal/"),
            format!("Buffer.from('user:' + x + ':password=').toString(); password='{pw}'"),
        ] {
            assert_eq!(codes(&text).len(), 1, "{text}");
        }
    }
    // `world` after another user, a password that opens with a symbol.
    assert_eq!(codes("http://admin:world@proxy.internal:3128"), vec![URL_USERINFO]);
    assert_eq!(codes("password=').x9Lk#2qW'"), vec![KEYWORD_ASSIGNMENT]);
}
