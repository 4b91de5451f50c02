//! Tests of `secrets`.

use super::*;
use serde_json::json;

/// A synthetic token body: `n` characters cycling through a mixed alphabet.
pub(super) fn body(n: usize, seed: usize) -> String {
    const A: &[u8] = b"aZ3kQ9mX2pL7vB4nR8tW1cY6hJ5dF0gS";
    (0..n).map(|i| char::from(A[(i * 7 + seed) % A.len()])).collect()
}

pub(super) fn codes(text: &str) -> Vec<&'static str> {
    scan_text(text).into_iter().map(|c| c.as_str()).collect()
}

#[test]
fn a_password_in_url_userinfo_is_found_in_any_scheme() {
    for url in [
        "https://bob:s3cr3tPass@h.example/x",
        "postgres://app:pw9x@db.example:5432/d",
        "redis://:hunter22@cache:6379",
    ] {
        assert_eq!(codes(url), vec![URL_USERINFO], "{url}");
    }
}

#[test]
fn a_plain_user_name_is_not_a_secret() {
    assert!(codes("ssh://git@github.com/o/r.git").is_empty());
    assert!(codes("https://deploy@h.example/x").is_empty());
}

#[test]
fn a_token_as_user_name_is_found() {
    let t = format!("https://x-access-token:ghs_{}@github.com/o/r", body(36, 1));
    assert_eq!(codes(&t), vec![GITHUB_TOKEN, URL_USERINFO]);
}

#[test]
fn placeholder_and_redacted_passwords_are_skipped() {
    for url in [
        "https://user:<password>@h.example/",
        "https://user:${PASSWORD}@h.example/",
        "https://user:***@h.example/",
        "https://user:%2A%2A%2A@h.example/",
        "https://user:password@h.example/",
    ] {
        assert!(codes(url).is_empty(), "{url}");
    }
}

#[test]
fn percent_encoded_userinfo_is_decoded_first() {
    assert_eq!(codes("https%3A%2F%2Fbob%3As3cr3tPass%40h.example%2F"), vec![URL_USERINFO]);
}

#[test]
fn signed_url_parameters_are_found_with_a_signature_of_an_hmacs_length() {
    let (h, b) = (hex(64, 3), b64_body(43, 5).replace('+', "%2B").replace('/', "%2F"));
    for url in [
        format!("https://b.s3.amazonaws.com/k?X-Amz-Signature={h}&X-Amz-Date=1"),
        format!("https://a.blob.core.windows.net/c/b?sv=2022-11-02&se=2030&sig={b}%3D"),
        format!("https://d.cloudfront.net/x?Expires=1&Signature={b}&Key-Pair-Id=K1"),
    ] {
        assert_eq!(codes(&url), vec![SIGNED_URL], "{url}");
    }
    assert!(codes(&format!("https://h.example/x?sig={b}")).is_empty());
    // A test's or a manual's stand-in: shorter than an HMAC, words, or
    // beside AWS's example key id.
    for url in [
        "https://b.s3.amazonaws.com/k?X-Amz-Signature=abc&X-Amz-Date=1".to_owned(),
        "https://a.blob.core.windows.net/c/b?sv=2022-11-02&se=2030&sig=abc%3D".to_owned(),
        "https://a.blob.core.windows.net/c/f?sv=2021&sig=mock-sig&se=2099-12-31".to_owned(),
        "https://d.cloudfront.net/x?Expires=1&Signature=test-signature-value-here&Key-Pair-Id=K1".to_owned(),
        format!(
            "https://c.s3.amazonaws.com/?X-Amz-Credential=AKIDEXAMPLE%2F20150830%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Signature={h}"
        ),
    ] {
        assert!(codes(&url).is_empty(), "{url}");
    }
}

#[test]
fn token_parameters_in_query_and_fragment_are_found() {
    assert_eq!(
        codes("https://h.example/cb#access_token=9f8e7d6c5b4a3f2e1d0c&token_type=bearer"),
        vec![TOKEN_PARAMETER]
    );
    assert_eq!(codes("https://h.example/x?api_key=A1b2C3d4E5f6"), vec![TOKEN_PARAMETER]);
    assert_eq!(codes("https://h.example/x?password=pa55"), vec![TOKEN_PARAMETER]);
}

#[test]
fn token_parameters_with_placeholder_or_short_values_are_skipped() {
    for url in [
        "https://h.example/x?token=${TOKEN}",
        "https://h.example/x?token=<token>",
        "https://h.example/x?api_key=your_api_key",
        "https://h.example/x?token=xxxxxxxxxxxx",
        "https://h.example/x?token_type=bearer&page=2",
        "https://h.example/x?token=12345678",
        "https://h.example/x?token=abc",
    ] {
        assert!(codes(url).is_empty(), "{url}");
    }
}

#[test]
fn provider_prefixes_are_found_with_their_shapes() {
    let cases = [
        (format!("ghp_{}", body(36, 2)), GITHUB_TOKEN),
        (format!("github_pat_{}_{}", body(22, 3), body(59, 4)), GITHUB_TOKEN),
        (format!("glpat-{}", body(20, 5)), GITLAB_TOKEN),
        (format!("xoxb-1234567890-1234567890123-{}", body(24, 6)), SLACK_TOKEN),
        ("AKIA2E3MPLQ7RSTU4VWX".to_owned(), AWS_ACCESS_KEY),
        (format!("AIza{}", body(35, 7)), GOOGLE_API_KEY),
        (format!("ya29.{}", body(60, 8)), GOOGLE_OAUTH),
        (format!("sk-proj-{}", body(48, 9)), OPENAI_KEY),
        (format!("sk-ant-api03-{}", body(95, 10)), ANTHROPIC_KEY),
        (format!("sk_live_{}", body(24, 11)), STRIPE_KEY),
        (format!("npm_{}", body(36, 12)), PACKAGE_TOKEN),
    ];
    for (token, code) in cases {
        assert_eq!(codes(&format!("use {token} here")), vec![code], "{code}");
    }
}

#[test]
fn prefixes_inside_words_or_too_short_are_not_tokens() {
    assert!(codes(&format!("xghp_{}", body(36, 1))).is_empty());
    assert!(codes("ghp_short").is_empty());
    assert!(codes("task-runner-with-a-very-long-name-for-testing-purposes").is_empty());
    assert!(codes("sk-learn-classification-pipeline-example-notebook").is_empty());
    assert!(codes("AKIAIOSFODNN7EXAMPLE").is_empty());
}

#[test]
fn filler_tokens_are_placeholders() {
    assert!(codes(&format!("ghp_{}", "x".repeat(36))).is_empty());
    assert!(codes("xoxb-0000000000-0000000000000-xxxxxxxxxxxxxxxxxxxxxxxx").is_empty());
}

#[test]
fn slack_webhooks_are_found() {
    let hook = format!("https://hooks.slack.com/services/T0123ABCD/B0123ABCDE/{}", body(24, 3));
    assert_eq!(codes(&hook), vec![SLACK_WEBHOOK]);
}

#[test]
fn jwts_need_json_header_and_payload() {
    let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlLWJ5dGVz";
    assert_eq!(codes(jwt), vec![JWT]);
    assert!(codes("eye.eyeable.should").is_empty());
    assert!(codes("eyJhbGciOiJIUzI1NiJ9.notjsonpayloadhere.c2lnbmF0dXJl").is_empty());
}

#[test]
fn pem_private_keys_need_a_body() {
    let key = format!("-----BEGIN RSA PRIVATE KEY-----\n{}\n-----END RSA PRIVATE KEY-----", body(64, 1));
    assert_eq!(codes(&key), vec![PRIVATE_KEY]);
    assert!(codes("-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----").is_empty());
    assert!(codes("-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n").is_empty());
}

#[test]
fn base64_wrapped_pem_keys_are_found() {
    let inner = format!("-----BEGIN EC PRIVATE KEY-----\n{}\n", body(60, 2));
    let wrapped = encode64(inner.as_bytes());
    assert_eq!(codes(&format!("KEY={wrapped}")), vec![PRIVATE_KEY]);
}

/// Seeded random text from `alphabet`: `n` characters for each seed.
pub(super) fn random(alphabet: &[u8], n: usize, seed: u64) -> String {
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

pub(super) const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// Base64 of `data` in the standard alphabet, without padding.
pub(super) fn encode64(data: &[u8]) -> String {
    const T: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in data.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |acc, (i, b)| acc | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(char::from(T[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

#[test]
fn authorization_headers_with_credentials_are_found() {
    assert_eq!(codes("curl -H 'Authorization: Bearer abcDEF123456ghi'"), vec![AUTHORIZATION_HEADER]);
    assert_eq!(codes("Authorization: Basic ZGVwbG95Old4N2tRMm1aOXBMdg=="), vec![AUTHORIZATION_HEADER]);
    assert_eq!(codes("X-API-Key: 9b1deb4d3b7d4bad9bdd"), vec![AUTHORIZATION_HEADER]);
}

#[test]
fn authorization_headers_with_placeholders_are_skipped() {
    for text in [
        "Authorization: Bearer <token>",
        "Authorization: Bearer $TOKEN",
        "Authorization: Bearer ${GITHUB_TOKEN}",
        "Authorization: Bearer YOUR_TOKEN",
        "send the Authorization header with a bearer token",
        // `user:password`, `martin:`: an example's password, or none.
        "Authorization: Basic dXNlcjpwYXNzd29yZA==",
        "authorization: Basic bWFydGluOg==",
        // OAuth 1.0's parameters, not a credential.
        "Authorization: OAuth realm=\"Example\",",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
}

#[test]
fn benign_handles_are_clean() {
    for text in [
        "https://github.com/tiann/hapi/pull/1228/files",
        "https://github.com/o/r/commit/0123456789abcdef0123456789abcdef01234567",
        "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d",
        "/home/u/project/target/debug/deps/libserde-8f3c2a1b9e7d6f5a.rlib",
        "https://h.example/search?q=token&page=2#section-3",
        "feature/AKIA-migration",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
}

#[test]
fn scan_strings_reports_pointers_and_never_values() {
    let v = json!({"a": ["ok", "https://u:s3cretPW@h.example/"], "b": {"c": format!("ghp_{}", body(36, 5))}});
    let found = scan_strings(&v, &Pointer::root().key("doc"));
    let wire = serde_json::to_string(&found).unwrap();
    assert_eq!(
        wire,
        r#"[{"code":"secret/url-userinfo","instancePath":"/doc/a/1"},{"code":"secret/github-token","instancePath":"/doc/b/c"}]"#
    );
    assert!(!wire.contains("s3cretPW"));
}

#[test]
fn object_keys_are_scanned_too() {
    let v = json!({"o": { format!("AKIA{}", "Q7RSTU4VWX2E3MPL"): 1 }});
    let found = scan_strings(&v, &Pointer::root());
    assert_eq!(found, vec![Finding { code: AWS_ACCESS_KEY, instance_path: Pointer::root().key("o") }]);
}

/// `n` characters of standard base64 cycling through a mixed alphabet.
fn b64_body(n: usize, seed: usize) -> String {
    const A: &[u8] = b"Zq8+Xw3/Ld5Mn7Bv2Kc9Rt4Hy6Jp1Gf0";
    (0..n).map(|i| char::from(A[(i * 11 + seed) % A.len()])).collect()
}

fn hex(n: usize, seed: usize) -> String {
    const A: &[u8] = b"0123456789abcdef";
    (0..n).map(|i| char::from(A[(i * 7 + seed * 3 + i / 5) % 16])).collect()
}

#[test]
fn keyword_assignments_of_random_values_are_found() {
    for text in [
        format!("DATABASE_PASSWORD={}7", body(14, 1)),
        format!("export API_KEY=\"{}\"", body(32, 2)),
        format!("client_secret: '{}'", body(24, 3)),
        format!("<apiToken>{}</apiToken>", body(40, 4)),
        format!("settings.auth_token := {}", body(20, 5)),
        format!("ado_pat = \"{}\"", body(52, 6)),
        format!("cloudflare_zone_credential => {}", body(40, 7)),
    ] {
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
}

#[test]
fn placeholders_settings_and_names_are_not_assignments() {
    for text in [
        "API_KEY=${API_KEY}",
        "API_KEY={{ .Values.apiKey }}",
        "password: changeme",
        "SECRET_KEY=your-secret-key-here",
        "token=xxxxxxxxxxxxxxxxxxxx",
        "api_key: \"%API_KEY%\"",
        "max_tokens: 4096",
        "token_type=bearer",
        "public_key = ssh-ed25519",
        "primary_key: user_id",
        "idempotency_key: idem_d79c2560b5db56cd7550facd",
        "access_log = /var/log/nginx/access.log",
        "secret_name: relay-tls-2f9a1c",
        "api_version: 2024-02-15-preview",
        "NPM_TOKEN=9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d",
        "the token: expired at 10:42, re-run login",
        "rapid_response = abcdef0123456789xyz",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
}

#[test]
fn a_keyword_assignment_is_reported_only_when_nothing_specific_is() {
    let text = format!("GITHUB_TOKEN=ghp_{}\nDB_PASSWORD={}9", body(36, 1), body(12, 2));
    assert_eq!(codes(&text), vec![GITHUB_TOKEN]);
}

#[test]
fn the_aws_secret_half_is_found_by_its_name() {
    for text in [
        format!("aws_secret_access_key = {}", b64_body(40, 1)),
        format!("AWS_SECRET_ACCESS_KEY={}", b64_body(40, 2)),
        format!("  \"secret_access_key\": \"{}\",", b64_body(40, 3)),
    ] {
        assert_eq!(codes(&text), vec![AWS_SECRET_KEY], "{text}");
    }
}

#[test]
fn connection_strings_with_keys_or_passwords_are_found() {
    let azure = format!(
        "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={}==;EndpointSuffix=core.windows.net",
        b64_body(86, 4)
    );
    assert_eq!(codes(&azure), vec![CONNECTION_STRING]);
    let hub = format!(
        "HostName=h.azure-devices.net;SharedAccessKeyName=owner;SharedAccessKey={}=",
        b64_body(43, 5)
    );
    assert_eq!(codes(&hub), vec![CONNECTION_STRING]);
    let odbc = format!("Server=db;Database=app;User Id=svc;Password={}4;", body(15, 6));
    assert_eq!(codes(&odbc), vec![CONNECTION_STRING]);
    assert!(codes("AccountName=acme;AccountKey=<storage-account-key>;").is_empty());
}

#[test]
fn service_account_key_fields_are_found_without_a_pem_header() {
    assert_eq!(codes(&format!("\"private_key_id\": \"{}\",", hex(40, 1))), vec![SERVICE_ACCOUNT_KEY]);
    let body_line = format!("\"private_key\": \"MIIEvQIBADANBgkqhkiG9w0BAQEFAASC{}", b64_body(120, 2));
    assert_eq!(codes(&body_line), vec![SERVICE_ACCOUNT_KEY]);
}

#[test]
fn curl_credentials_are_found() {
    assert_eq!(
        codes(&format!("curl -u admin:{}7 https://ci.example.com/api", body(12, 1))),
        vec![COMMAND_CREDENTIALS]
    );
    assert_eq!(codes(&format!("curl --user 'deploy:{}' -X POST h", body(16, 2))), vec![COMMAND_CREDENTIALS]);
    assert_eq!(
        codes(&format!("curl -s -H \"X-Acme-Token: {}\" https://h.example/", body(24, 3))),
        vec![AUTHORIZATION_HEADER]
    );
    for text in [
        "curl -u admin:$ADMIN_PASSWORD https://h.example/",
        "curl -u \"$USER:$PASS\" https://h.example/",
        "curl -u deploy: https://h.example/",
        "curl --user-agent relay/1.0 https://h.example/",
        "curl -H \"Authorization: Bearer $TOKEN\" https://h.example/",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
}

#[test]
fn new_provider_shapes_are_found() {
    let cases = [
        (format!("SG.{}.{}", body(22, 1), body(43, 2)), PROVIDER_TOKEN),
        (format!("SK{}", hex(32, 3)), PROVIDER_TOKEN),
        (format!("dop_v1_{}", hex(64, 4)), PROVIDER_TOKEN),
        (format!("hvs.{}", body(95, 5)), PROVIDER_TOKEN),
        (format!("rubygems_{}", hex(48, 6)), PACKAGE_TOKEN),
        (format!("dckr_pat_{}", body(27, 7)), PACKAGE_TOKEN),
        (format!("oy2{}", body(43, 8).to_ascii_lowercase()), PACKAGE_TOKEN),
        (format!("pplx-{}", body(48, 9)), PROVIDER_TOKEN),
        (format!("gsk_{}", body(52, 10)), PROVIDER_TOKEN),
    ];
    for (token, code) in cases {
        assert_eq!(codes(&format!("use {token} here")), vec![code], "{token}");
    }
}

#[test]
fn webhooks_and_bot_tokens_are_found() {
    let discord = format!("https://discord.com/api/webhooks/123456789012345678/{}", body(68, 1));
    assert_eq!(codes(&discord), vec![WEBHOOK_URL]);
    let teams = format!(
        "https://acme.webhook.office.com/webhookb2/{0}@{1}/IncomingWebhook/{2}/{0}",
        "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d",
        "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
        hex(32, 2)
    );
    assert_eq!(codes(&teams), vec![WEBHOOK_URL]);
    assert_eq!(codes(&format!("bot token 4839574813:AA{}", body(33, 3))), vec![WEBHOOK_URL]);
    assert!(codes("https://discord.com/api/webhooks/123/short").is_empty());
    assert!(codes("at 12:30 the build").is_empty());
}

#[test]
fn azure_client_secrets_are_found() {
    assert_eq!(codes(&format!("secret '{}8Q~{}'", body(3, 1), body(34, 2))), vec![AZURE_CLIENT_SECRET]);
    assert!(codes("a Q~ b").is_empty());
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn scanning_never_panics(s in "\\PC{0,200}") {
            let _ = scan_text(&s);
        }

        #[test]
        fn scanning_url_shaped_noise_never_panics(s in "[a-z:/@%?&#=._A-Z0-9-]{0,120}") {
            let _ = scan_text(&s);
        }

        #[test]
        fn long_repetitive_text_is_scanned_without_panicking(unit in "(ey-|sk-|\\?a=|%25|-----BEGIN |authorization: bearer ){1}", n in 1usize..3000) {
            let _ = scan_text(&unit.repeat(n));
        }

        #[test]
        fn hex_shas_and_uuids_are_never_secrets(sha in "[0-9a-f]{40}", uuid in "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}") {
            prop_assert!(scan_text(&sha).is_empty());
            prop_assert!(scan_text(&uuid).is_empty());
            let commit = format!("https://github.com/o/r/commit/{sha}");
            prop_assert!(scan_text(&commit).is_empty());
        }
    }
}

#[test]
fn a_kind_colon_id_reference_is_not_an_assignment() {
    // Source and sink refs are written `kind:id`; a provider's name as the
    // kind is no credential, whatever the id looks like.
    let ids = [
        "4fcbc15e-5ca4-4057-a51a-03c5af912d7c",
        "sess_7b9cfeed4194f540",
        "C0123ABCD9/1762579523185",
        "aZ3kQ9mX2pL7vB4nR8tW1cY6hJ5dF0gS",
    ];
    let mut kinds = 0;
    for anchor in super::rules::ANCHORS {
        if !matches!(anchor.rule, super::rules::Rule::Keyword(super::rules::Word::Provider)) {
            continue;
        }
        kinds += 1;
        // The anchor may be a stem (`telegr`): the kind is the whole word.
        let stem = String::from_utf8_lossy(anchor.text);
        for kind in [stem.to_string(), format!("{stem}am"), stem.to_uppercase()] {
            for id in ids {
                let text = format!("{kind}:{id}");
                assert!(codes(&text).is_empty(), "{text}: {:?}", codes(&text));
            }
        }
    }
    assert!(kinds > 20, "only {kinds} provider names");
    // The same name with a telling suffix, or written as a setting, is one.
    let value = "4fcbc15e-5ca4-4057-a51a-03c5af912d7c";
    assert!(!codes(&format!("HEROKU_API_KEY: {value}")).is_empty());
    assert!(!codes(&format!("heroku_api_key={value}")).is_empty());
    assert!(!codes(&format!("heroku-api-key:{value}")).is_empty());
}

#[test]
fn the_pass_notes_a_percent_escape_as_a_search_for_one_does() {
    let mut texts: Vec<String> =
        ["", "%", "%2", "%2g", "a%25", "%%41", "100%", "%41%", "x%E9y", "%a%bc", "%g1%1g"]
            .map(String::from)
            .into();
    let pieces = ["%", "2", "F", "g", "e", "%4", "ey", "key=", " ", "\u{e9}", "://"];
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..400 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        // Short texts, and long ones that the scan reads as two halves.
        let n = if seed & 1 == 0 { (seed >> 8) as usize % 12 } else { 60 + (seed >> 8) as usize % 200 };
        let mut t = String::new();
        let mut s = seed;
        for _ in 0..n {
            s = s.rotate_left(7) ^ 0x2545_f491;
            // Mostly letters, so that a percent is rare.
            match s % 16 {
                0..=4 => t.push_str(pieces[(s >> 5) as usize % pieces.len()]),
                _ => t.push(char::from(b'a' + (s >> 9) as u8 % 26)),
            }
        }
        texts.push(t);
    }
    let mut escaped = 0;
    for t in &texts {
        let mut found = Found::default();
        let noted = scan_once(t.as_bytes(), &mut found);
        assert_eq!(noted, has_escape(t.as_bytes()), "{t:?}");
        escaped += usize::from(noted);
    }
    // Both answers occur, so the comparison tells something.
    assert!(escaped > 40 && escaped < texts.len() - 40, "{escaped} of {}", texts.len());
}

#[test]
fn code_that_names_keys_and_tokens_is_not_a_secret() {
    for line in [
        // Rust: constants with a type, fields, paths.
        "pub const NL80211_KEY_MAX: nl80211_key_attributes = nl80211_key_attributes::NL80211_KEY_DEFAULT_BEACON;",
        "pub credentials: MI_UserCredentials_0,",
        "pub pat: nl80211_pattern_support,",
        "let api_key: ApiKey2 = ApiKey2::from_env()?;",
        "(\"aarch64-unknown-linux-pauthtest\", \"aarch64-unknown-linux-pauthtest\"),",
        // TypeScript and JavaScript: storage keys, model names, expressions.
        "const STORAGE_KEY = 'hapi.sessionLastSeen.v1'",
        "{ key: 'hapi.sessionManualUnread.v1' }",
        "{\"key\": \"claude-sonnet-4-5\", \"inputTokens\": 8600000}",
        "key = \"Europe/Dublin\"",
        "const token = ++syncTokenRef.current",
        "const buildKey = nextBuildKey++;",
        "var RELATED_TASK_META_KEY = \"io.modelcontextprotocol/related-task\";",
        "exports.FourKeyMap=t.TwoKeyMap=void 0;",
        "this.socks5ChosenAuthType = constants_1.Socks5Auth.UserPass;",
        "error(accessExpression, Diagnostics.Type_0_cannot_be_used_to_index_type_1, typeToString(indexType));",
        "return url2.username === \"\" && url2.password === \"\" && url2.port === \"\";",
        "* Shortcuts such as `key: \"Control+o\"` or `key: \"Control+Shift+T\"` are supported.",
        // Swift and Kotlin: calls and members.
        "registerDevice(token: token, deviceId: deviceId, pushKey: pushKey.base64)",
        "val apiKey = BuildConfig.API_KEY2",
        "let secret = keychain.secret(for: account2)",
        // Python: members and module attributes.
        "authkey=self._authkey",
        "RegOpenKeyEx = win32api.RegOpenKeyEx",
        "'EXPAT_CFLAGS': '-I./Modules/expat'",
        // Go.
        "token := os.Getenv(\"GITHUB_TOKEN2\")",
        "apiKey := cfg.APIKey2",
        // Shell expansions.
        "export HAPI_DEV_HOME=\"${HAPI_DEV_HOME:-/tmp/hapi-dev-codex-web}\"",
        "tool pre-publish -t npm ${PUBLISH_DRY_RUN:+--dry-run}",
        // YAML, TOML and prose.
        "auth_method: oauth2-device-flow",
        "token_endpoint_auth: client_secret_post2",
        "api-version = \"2024-10-21\"",
        "* - TELEGRAM_NOTIFICATION: Enable/disable Telegram notifications (default: true)",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        "Public key pin-sha256: pL1+qb9HTMRZJmuC/bB/ZI9d302BYrrqiVuRyW+DGrU=",
        // Lists and prose: a comma joins literals only.
        "# METHOD can be \"trust\", \"reject\", \"md5\", \"password\", \"scram-sha-256\",",
        "* @return the length of the merged sort key, src1Length+src2Length;",
        "{\"constant\":[\"_mm256_sm4key4_epi32\",\"_mm256_sm4rnds4_epi32\",\"_mm256_sqrt_pd\"]}",
        "<a href=\"https://crates.io/crates/cargo-credential-1password\">cargo-credential-1password</a>",
        // A provider's prefix inside a longer base64 text.
        "rn_(\"cUMBAIgNiQ0HFAgUrCetJ0cqSCrzAAFt9B/EAAABAF8NAQBxQwEAhg2HDQUUBhSqJ6snRSpGKvMAAW30H/cQ\")",
        "rn_(\"cUMBAIgNiQ0HFAgUrCetJ0cqSCrzAAFt9B/EAAABAF8NAQBxQwEAhg2HDQUUBhSqJ6snRSpGKvMAAW30HcQAAAEAXw0BAPsCZHM=\")",
        // TableGen: a definition and its class.
        "def int_aarch64_crypto_sm4ekey   : Crypto_SM4_2Vector_Intrinsic;",
        // Generated names: `svptrue_pat_b16` is not a personal access token.
        "[\"svptrue_b8\",\"svptrue_pat_b16\",\"svptrue_pat_b32\",\"svptrue_pat_b64\"]",
        "c=e(\"../lib/keys\"),h=c.KEY_MODS,p=i.isIOS",
        // Settings that say how a credential is made.
        "#password_encryption = scram-sha-256\t# scram-sha-256 or md5",
        "token_endpoint_auth_method: client_secret_basic2",
        // Public keys in base64 DER: an EC and an RSA SubjectPublicKeyInfo.
        "key: \"MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEY6Ya7W++7aUPzvMTrezH6Ycx3c+HOKYCcNGybJZSCJq/fd7Qa8uuAKtdIkUQtQiEKERhAmE5lMMJhP8OkDOa2g==\"",
        "publicKey = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyehkd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdgcKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbcmwIDAQAB'",
    ] {
        assert!(codes(line).is_empty(), "{line}: {:?}", codes(line));
    }
}

#[test]
fn credential_shaped_literals_beside_code_are_still_found() {
    for line in [
        "\"password\": \"sailboat123\"".to_owned(),
        "password = 'hunter2024'".to_owned(),
        "DB_PASSWORD=hunter2024".to_owned(),
        format!("API_KEY={}", body(32, 3)),
        format!("const apiKey = \"{}\";", body(40, 5)),
        format!("secret: {}", body(24, 2)),
        format!("token := \"{}\"", body(30, 4)),
        format!("https://example.com?key={}", body(40, 6)),
        format!("client_secret = \"{}_{}\"", body(12, 1), body(20, 7)),
        format!("os.environ.get(\"API_KEY\", \"{}\")", body(32, 8)),
        format!("(\"password\", \"{}\")", body(12, 9)),
        "<password>hunter2024</password>".to_owned(),
        // A private key in base64 DER (PKCS #8 opens with an integer).
        format!("private_key = \"MIIEvQIBADANBgkqhkiG9w0BAQEFAASC{}\"", body(60, 10)),
    ] {
        assert_eq!(codes(&line), vec![KEYWORD_ASSIGNMENT], "{line}");
    }
}

#[test]
fn random_tokens_are_not_read_as_words() {
    // Lower case with a digit or two, and digits inside several runs.
    for v in [
        "viwwuhbqpbxagk4ciwzqyxguhpnamddm",
        "ambcgukqpedf6q_oc-0-wgiyw0_j0ikz",
        "f0ckwsbn",
        "aZ3kQ9mX2pL7vB4n",
        "4Kx9QmZpL2vBn7Tq",
    ] {
        assert!(!values::is_words(v.as_bytes()), "{v}");
    }
    for v in [
        "nl80211_key_attributes",
        "hapi.sessionLastSeen.v1",
        "claude-sonnet-4-5",
        "Europe/Dublin",
        "win32api",
    ] {
        assert!(values::is_words(v.as_bytes()), "{v}");
    }
}

#[test]
fn a_plus_beside_digits_is_base64_not_a_shortcut() {
    assert!(values::is_words(b"Control+Shift+T"));
    assert!(!values::is_words(b"abcdefg12346+FJQCK"));
}

#[test]
fn passwords_with_symbols_are_found_quoted_or_not() {
    for text in [
        "DB_PASSWORD=Kamo!rilen#482".to_owned(),
        "password = xdt&VXTGWwNgMKd#".to_owned(),
        "  password: \"Rd!pQ#mz^Lw\"".to_owned(),
        format!("SECRET_KEY = 'django-insecure-{}!@#(-_=+)'", body(40, 3)),
        "SMTP_PASS=HvjAlkKSSKBKXvxWYnu".to_owned(),
    ] {
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
}

#[test]
fn code_routes_and_example_passwords_are_not_passwords() {
    for text in [
        "password = getpass()",
        "passwd = fallback_getpass(prompt, stream)",
        "password = super$ecret",
        "this.addPassword = \"#add-password\";",
        "password_regex = \"^(?=.*[A-Z])(?=.*\\\\d).{8,}$\"",
        "\"password\": \"password123\"",
        "function hasPassToSkip(pass: string): boolean;",
        "user_pass = (self.username + \":\" + self.password).encode('ascii')",
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
}

#[test]
fn a_random_value_after_a_tight_assignment_is_found_whatever_follows() {
    let text = format!("INFO auth api_key={} (attempt 2)", body(28, 4));
    assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT]);
    let run = "docker run -e POSTGRES_PASSWORD=Tr0ub4dor&3x -p 5432:5432 postgres";
    assert_eq!(codes(run), vec![KEYWORD_ASSIGNMENT]);
}

#[test]
fn passwords_and_tokens_in_command_flags_are_found() {
    for text in [
        "mysql -u root -pKx8#mQz2Lw -h db app".to_owned(),
        "sshpass -p 'Kx8#mQz2Lw' ssh deploy@host".to_owned(),
        "docker login -u ci -p Kx8mQz2Lw7vB ghcr.io".to_owned(),
        format!("vercel deploy --token {}", body(24, 5)),
        "redis-cli -a Kx8#mQz2Lw ping".to_owned(),
        "az login --service-principal -u app -p 'Kx8~mQz2Lw7vB4nR' --tenant t".to_owned(),
        "sqlcmd -S db -U sa -P 'Kx8!mQz2Lw7v' -Q \"select 1\"".to_owned(),
    ] {
        assert_eq!(codes(&text), vec![COMMAND_CREDENTIALS], "{text}");
    }
    for text in ["mysql -u root -p app", "docker run -p 8080:80 nginx", "vercel --token $VERCEL_TOKEN"] {
        assert!(codes(text).is_empty(), "{text}");
    }
}

#[test]
fn an_xml_setting_and_a_yaml_value_with_symbols_are_assignments() {
    assert_eq!(codes(&format!("<add key=\"ApiKey\" value=\"{}\" />", body(24, 7))), vec![KEYWORD_ASSIGNMENT]);
    assert_eq!(codes("oauth:\n  client_secret: Kx8!mQz2Lw7vB4nR8tW1\n"), vec![KEYWORD_ASSIGNMENT]);
    assert!(codes("      onresumptiontoken: options2?.onresumptiontoken").is_empty());
    assert!(codes("PrivatePkcs1KeyDer::from(self.0.as_ref().to_vec())").is_empty());
}

#[test]
fn netrc_passwords_are_found_on_one_line_or_several() {
    assert_eq!(codes("machine api.example.com login bob password Kx8#mQz2Lw"), vec![KEYWORD_ASSIGNMENT]);
    assert_eq!(
        codes(&format!("machine h.example\n  login ci\n  password {}\n", body(32, 6))),
        vec![KEYWORD_ASSIGNMENT]
    );
    assert!(codes("machine learning login page password reset flow").is_empty());
}

#[test]
fn unnamed_tokens_are_found_by_their_shape_and_place() {
    // A bot id of 18 digits in base64, a timestamp, an HMAC.
    let bot = format!("MTIzNDU2Nzg5MDEyMzQ1Njc4.{}.{}", body(6, 1), body(38, 2));
    assert_eq!(codes(&format!("client.run(\"{bot}\")")), vec![PROVIDER_TOKEN]);
    assert_eq!(codes(&format!("DISCORD_TOKEN={bot}")), vec![PROVIDER_TOKEN]);
    assert_eq!(codes(&format!("Authorization: Bot {bot}")), vec![AUTHORIZATION_HEADER]);
    let sid = format!("AC{}", hex(32, 1));
    assert_eq!(codes(&format!("Client(\"{sid}\", \"{}\")", hex(32, 2))), vec![PROVIDER_TOKEN]);
    assert_eq!(codes(&format!("sb_secret_{}", body(31, 3))), vec![PROVIDER_TOKEN]);
    assert_eq!(codes(&format!("Authorization: {}", body(32, 4))), vec![AUTHORIZATION_HEADER]);
    assert_eq!(codes(&format!("Authorization: SSWS {}", body(32, 5))), vec![AUTHORIZATION_HEADER]);
}

#[test]
fn public_identifiers_are_not_secrets() {
    for text in [
        format!("TWILIO_ACCOUNT_SID=AC{}", hex(32, 3)),
        format!("STRIPE_PUBLISHABLE_KEY=pk_live_{}", body(40, 4)),
        format!("SUPABASE_KEY=sb_publishable_{}", body(31, 5)),
        format!("client = Client(\"AC{}\", os.environ[\"TWILIO_AUTH_TOKEN\"])", hex(32, 6)),
    ] {
        assert!(codes(&text).is_empty(), "{text}");
    }
}

#[test]
fn a_key_split_over_an_array_is_one_finding_at_its_first_line() {
    let mut lines = vec![json!("output:"), json!("-----BEGIN OPENSSH PRIVATE KEY-----")];
    for i in 0..4 {
        lines.push(json!(b64_body(64, i)));
    }
    lines.push(json!("-----END OPENSSH PRIVATE KEY-----"));
    let found = scan_strings(&json!({ "notes": lines }), &Pointer::root());
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].code, found[0].instance_path.as_str()), (PRIVATE_KEY, "/notes/1"));
    let public = json!(["-----BEGIN PUBLIC KEY-----", b64_body(64, 1), "-----END PUBLIC KEY-----"]);
    assert!(scan_strings(&public, &Pointer::root()).is_empty());
}

#[test]
fn a_text_whose_quotes_decide_an_assignment_is_not_called_clean() {
    // Alone, the string's value with symbols runs to its end, a line's
    // value; in the text the closing quote cuts it short.
    let string = "telegram0aAAA0AA:%a0AAaAaaa0ABBCD";
    assert_eq!(codes(string), ["secret/keyword-assignment"]);
    let text = format!(r#"{{"{string}":"password"}}"#);
    assert!(codes(&text).is_empty());
    assert!(!none_in_json_text(&text, false));
    // A value that ends its line in the text as well needs no second look.
    assert!(none_in_json_text(r#"{"note":"telegram: a plain reply"}"#, false));
}
