//! Tests of `secrets`: a structured document's keys read with their
//! strings, and tokens told by their shape alone.

use super::tests::{ALNUM, body, codes, encode64, random};
use super::*;
use serde_json::json;

#[test]
fn a_secret_named_key_and_its_string_are_read_together() {
    let at = |v: serde_json::Value| -> Vec<(&'static str, String)> {
        scan_strings(&v, &Pointer::root())
            .into_iter()
            .map(|f| (f.code.as_str(), f.instance_path.as_str().to_owned()))
            .collect()
    };
    let assignment = |p: &str| vec![(KEYWORD_ASSIGNMENT.as_str(), p.to_owned())];
    // Apart, neither string is a secret.
    assert!(codes("password").is_empty() && codes("Kx!pQ#mz^Lw2").is_empty());
    assert_eq!(at(json!({"db": {"password": "Kx!pQ#mz^Lw2"}})), assignment("/db/password"));
    assert_eq!(at(json!({"SMTP_PASS": "Kx!pQ#mz^Lw2"})), assignment("/SMTP_PASS"));
    assert_eq!(at(json!({"auth": {"apiKey": body(32, 3)}})), assignment("/auth/apiKey"));
    // A quote or a backslash in the value is the value's, escaped as the
    // document's text has it.
    assert_eq!(at(json!({"password": "Kx\"pQ#mz^Lw2"})), assignment("/password"));
    assert_eq!(
        at(json!({"env": [{"name": "DB_PASSWORD", "value": "Kx!pQ#mz^Lw2"}]})),
        assignment("/env/0/value")
    );
    // The same rules as in text: placeholders, references, settings,
    // examples and public names.
    for v in [
        json!({"password": "${DB_PASSWORD}"}),
        json!({"password": "changeme"}),
        json!({"password": "process.env.DB_PASSWORD"}),
        json!({"password": "Kx!"}),
        json!({"token_type": "bearer"}),
        json!({"public_key": body(32, 3)}),
        json!({"client_id": body(32, 3)}),
        json!({"name": "API_KEY", "value": "${API_KEY}"}),
        json!({"name": "LOG_LEVEL", "value": "Kx!pQ#mz^Lw2"}),
        json!({"password": 12_345_678}),
    ] {
        assert!(at(v.clone()).is_empty(), "{v}");
    }
    // A header's name and its value, with a scheme or none.
    for value in [format!("Bearer {}", body(32, 3)), format!("SSWS {}", body(32, 4)), body(32, 5)] {
        assert_eq!(
            at(json!({"headers": {"Authorization": value}})),
            vec![(AUTHORIZATION_HEADER.as_str(), "/headers/Authorization".to_owned())]
        );
    }
    assert!(at(json!({"headers": {"Authorization": "Bearer ${TOKEN}"}})).is_empty());
    // A provider token under a secret's name is reported once, by its own
    // rule, where it stands.
    let t = format!("ghp_{}", body(36, 5));
    assert_eq!(at(json!({"token": t})), vec![(GITHUB_TOKEN.as_str(), "/token".to_owned())]);
}

#[test]
fn a_bare_discord_bot_token_is_told_from_jwts_paths_and_ids() {
    const URL64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for seed in 0..20 {
        // The bot's id in base64 (18 or 19 digits, the first not `0`), a
        // timestamp, an HMAC of 27 or 38.
        let digits = format!(
            "{}{}",
            random(b"123456789", 1, seed),
            random(b"0123456789", 17 + (seed % 2) as usize, seed)
        );
        let id = encode64(digits.as_bytes());
        let mac = random(URL64, if seed % 3 == 0 { 38 } else { 27 }, seed + 100);
        let token = format!("{id}.{}.{mac}", random(URL64, 6, seed + 50));
        for text in [
            token.clone(),
            format!("the bot token is {token}."),
            format!("\"{token}\""),
            format!("tokens:\n{token}\n"),
            format!("`{token}`"),
            format!("(token={token})"),
        ] {
            assert_eq!(codes(&text), vec![PROVIDER_TOKEN], "{text}");
        }
        for text in [
            // Inside a word, with a fourth part, with parts too short.
            format!("x{token}"),
            format!("{token}.{}", random(URL64, 8, seed)),
            format!("{id}.{}.{}", random(URL64, 6, seed), random(URL64, 12, seed)),
            // An id that does not decode to digits.
            format!("MTk{}.{}.{mac}", random(ALNUM, 21, seed), random(URL64, 6, seed)),
        ] {
            assert!(codes(&text).is_empty(), "{text}");
        }
    }
    let jwt = format!("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.{}", body(43, 1));
    assert_eq!(codes(&jwt), vec![JWT]);
    for text in [
        // A manual's id, counting up.
        format!("MTIzNDU2Nzg5MDEyMzQ1Njc4.{}.{}", body(6, 2), body(27, 4)),
        "Microsoft.Extensions.DependencyInjection.Abstractions".to_owned(),
        "OData.Edm.Vocabularies.Community.V1".to_owned(),
    ] {
        assert!(codes(&text).is_empty(), "{text}");
    }
}

#[test]
fn a_json_keys_string_on_the_next_line_is_read_as_in_the_document() {
    for (text, found) in [
        ("{\"password\":\n          \"Kx!pQ#mz^Lw2\"}", true),
        ("{\"password\":\n          \"${DB_PASSWORD}\"}", false),
        ("{\"note\":\n          \"Kx!pQ#mz^Lw2\"}", false),
        ("{\"name\": \"DB_PASSWORD\", \"value\": \"Kx!pQ#mz^Lw2\"}", true),
        // A value before its name, or apart from it, is a pair neither
        // reading makes.
        ("{\"value\": \"Kx!pQ#mz^Lw2\", \"name\": \"DB_PASSWORD\"}", false),
        ("{\"name\": \"DB_PASSWORD\", \"kind\": \"env\", \"value\": \"Kx!pQ#mz^Lw2\"}", false),
    ] {
        let v: serde_json::Value = serde_json::from_str(text).unwrap();
        // The text's own scan and the scan of its strings agree.
        assert_eq!(!scan_strings(&v, &Pointer::root()).is_empty(), found, "{text}");
        assert_eq!(none_in_json_text(text, false), !found, "{text}");
    }
}
