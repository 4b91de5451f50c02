//! Tests of `secrets`: what bundles, source maps, SDK manuals and test
//! suites carry that reads like a leak and is none (an object's next
//! entry, an enumeration's member, a list of names, a hash, an integrity
//! digest, a public point, a cast, a comparison with code), each beside
//! the leak written in the same place.

use super::tests::{ALNUM, codes, random};
use super::tests_precision::{BASE64, token};
use super::*;

const B64URL: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A password someone chose: letters, digits and symbols.
fn password(seed: u64) -> String {
    format!("Kx{}!{}", random(ALNUM, 8, seed), random(ALNUM, 3, seed + 50))
}

#[test]
fn a_keys_value_then_a_comma_ends_the_entry() {
    for text in [
        r#"INVALID_PASSWORD:"wrong-password",MISSING_PASSWORD:"missing-password",INVALID_LOGIN_CREDENTIALS:"invalid-credential""#,
        "instanceArn:this._instanceArn,password:this._password,persistentConnectionConfigs:this._persistentConnectionConfigs",
        r#"restoreType:"RestoreType",rotateMasterUserPassword:"RotateMasterUserPassword",serverlessV2ScalingConfiguration:"ServerlessV2ScalingConfiguration""#,
        r#"{EMAIL_SIGNIN:"EMAIL_SIGNIN",PASSWORD_RESET:"PASSWORD_RESET",RECOVER_EMAIL:"RECOVER_EMAIL"}"#,
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..10 {
        let (t, p) = (token(30, seed), password(seed));
        for text in [
            format!(r#"("api_key", "{t}")"#),
            format!(r#"config.set("password", "{p}")"#),
            format!(r#"{{"user":"ops","password":"{p}","port":5432}}"#),
            format!(r#"{{auth:"basic",api_key:"{t}",retries:2}}"#),
        ] {
            assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
        }
    }
}

#[test]
fn an_enumerations_member_given_its_own_name_is_no_leak() {
    for text in [
        r#"ClientPasswordAuthType2.POSTGRES_SCRAM_SHA_256="POSTGRES_SCRAM_SHA_256""#,
        r#"ClientPasswordAuthType2["MYSQL_NATIVE_PASSWORD"]="MYSQL_NATIVE_PASSWORD""#,
        r#"ClientPasswordAuthType:["MYSQL_NATIVE_PASSWORD","POSTGRES_SCRAM_SHA_256","POSTGRES_MD5"]"#,
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..10 {
        let p = password(seed);
        for text in [format!(r#"Settings.DB_PASSWORD = "{p}""#), format!(r#"["MYSQL_PASSWORD", "{p}"]"#)] {
            assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
        }
    }
}

#[test]
fn a_list_of_a_bundles_names_is_no_leak() {
    for text in [
        r#""recaptchaV2Verifier","recaptchaV2Token","PhoneAuthProvider$1","PhoneAuthProvider""#,
        r#""observer","tokenErrorData","AppCheckService$1","_delete""#,
        r#""dbOptions","isVapidKeyEqual","isEndpointEqual","isAuthEqual","isP256dhEqual","pushSubscription""#,
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    // A token after a name in a list is a leak, whatever it opens with,
    // unless it reads as a name (`is`, a capital, lower case mostly).
    for seed in 0..20 {
        let t = format!("is{}", random(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 24, seed));
        let text = format!(r#"("api_key", "{t}")"#);
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
        let text = format!(r#"("auth_token", "{}$1")"#, token(24, seed));
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
}

#[test]
fn a_type_or_an_expression_of_the_names_words_is_code() {
    for text in [
        "        self, private_key: MLDSA44Ed25519PrivateKey, f_priv: _FragList",
        "    pwd_salt = pwd+salt",
        "    ctx.pwd = (uint8_t *)pwd;",
        "    context.pwdlen = (uint32_t)pwdlen;",
        "     && pIdxKey->errCode==SQLITE_OK",
        r#"host==="localhost"&&this.user===s&&this.password===null)throw new Error(`No database`)"#,
        r#"112),"password"),Pc=a(function(r,e){return L.addCString(r).addInt32PrefixedString(e)},"#,
        r#"URL_TOKEN = "realms/{realm-name}/protocol/openid-connect/token"  # noqa: S105"#,
        r#"    CreateAuthUri = "identitytoolkit#CreateAuthUriResponse","#,
        r#"export const AAD_AUTH_PREFIX = "type=aad&ver=1.0&sig=";"#,
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..10 {
        let (t, p) = (token(32, seed), password(seed));
        for text in [
            format!("        self, private_key: {}, f_priv: x", random(BASE64, 44, seed)),
            format!("    pwd_salt = {p}"),
            format!("    ctx.pwd = {p};"),
            format!(r#"if password == "{p}":"#),
            format!(r#"if (token === "{t}") {{"#),
            format!(r#"(f("api_key"), "{t}")"#),
            format!(r#"URL_TOKEN = "{t}""#),
            format!(r#"AUTH_QUERY = "type=aad&ver=1.0&sig={t}";"#),
            // `#` joins a name to its member, not a word to digits.
            format!(r#"db_password = "Moop#{seed}69""#),
            format!(r##"db_password = "#Sorfe#{seed}34""##),
        ] {
            assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
        }
    }
}

#[test]
fn a_hash_a_digest_or_a_public_point_is_no_credential() {
    let salt = random(B64URL, 22, 1);
    let digest = random(BASE64, 64, 2);
    let hex = random(b"0123456789abcdef", 40, 3);
    let point = format!("BD{}", random(B64URL, 85, 4));
    for text in [
        format!(r#"        ("password", 'argon2$argon2i$v=19$m=256,t=1,p=1${salt}$AJFIsNZTMKTAewB4')"#),
        format!(r#"        ("MyPassword",  'sha1$54123${hex}'),"#),
        format!("        ('verysecretpassword', '*{}'),", hex.to_ascii_uppercase()),
        format!(r#"password: "$2b$12${salt}{salt}""#),
        format!("admin_password = 'pbkdf2:sha256:600000${salt}${hex}'"),
        format!("userPassword: {{SSHA}}{salt}"),
        format!(r#"    "intercom-integration.js": "sha384-{digest}","#),
        format!("export declare const DEFAULT_VAPID_KEY = \"{point}\";"),
    ] {
        assert!(codes(&text).is_empty(), "{text}");
    }
    // The same bodies with no hash's, digest's or point's frame are leaks.
    for text in [
        format!(r#"password: "{salt}{hex}""#),
        format!(r#"    "api_key": "{digest}","#),
        format!("const VAPID_PRIVATE_KEY = \"{}\";", random(B64URL, 43, 5)),
        format!("export const API_KEY = \"C{}\";", &point[1..]),
    ] {
        assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
    }
}

#[test]
fn the_credentials_manuals_and_test_suites_share_are_no_leak() {
    for text in [
        "    secretKey: 'zuf+tfteSlswRu7BJ86wekitnifILbZam1KYY3TG',",
        r#"    access_key="Q3AM3UQ867SPQQA43P2F","#,
        "        accessToken: 'mF_9.B5f-4.1JqM&p=q'",
        r#"        key = "2b7e151628aed2a6abf7158809cf4f3c""#,
        r#"    "?sentry_version=7&sentry_key=c1dfb07d783ad5325c245c1fd3725390&sentry_client=js""#,
    ] {
        assert!(codes(text).is_empty(), "{text}");
    }
    for seed in 0..10 {
        let t = random(BASE64, 40, seed);
        for text in [
            format!("    secretKey: '{t}',"),
            format!(r#"        key = "{}""#, random(b"0123456789abcdef", 32, seed)),
        ] {
            assert_eq!(codes(&text), vec![KEYWORD_ASSIGNMENT], "{text}");
        }
    }
}
