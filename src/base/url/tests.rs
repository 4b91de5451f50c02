//! Tests of `url`.

use super::*;

fn parse(s: &str) -> Url {
    Url::parse(s).unwrap()
}

#[test]
fn a_plain_https_url_parses_into_its_parts() {
    let u = parse("HTTPS://GitHub.com:443/a/b?x=1#frag");
    assert_eq!(u.scheme, "https");
    assert_eq!(u.host, Some(Host::Domain("github.com".into())));
    assert_eq!(u.port, None);
    assert_eq!(u.path, "/a/b");
    assert_eq!(u.query.as_deref(), Some("x=1"));
    assert_eq!(u.fragment.as_deref(), Some("frag"));
    assert_eq!(u.to_string(), "https://github.com/a/b?x=1#frag");
}

#[test]
fn userinfo_is_everything_before_the_last_at() {
    let u = parse("https://a@b:c@host.example/x");
    assert_eq!(u.userinfo.as_deref(), Some("a@b:c"));
    assert_eq!(u.host, Some(Host::Domain("host.example".into())));
}

#[test]
fn an_encoded_at_in_the_host_is_refused() {
    assert_eq!(Url::parse("https://github.com%40evil.example/"), Err(UrlError::BadHost));
}

#[test]
fn a_percent_encoded_host_is_decoded() {
    assert_eq!(parse("https://git%68ub.com/").host, Some(Host::Domain("github.com".into())));
}

#[test]
fn a_cyrillic_lookalike_host_is_international_not_github() {
    let u = parse("https://gіthub.com/o/r");
    assert!(matches!(u.host, Some(Host::International(_))));
    assert!(u.host.as_ref().is_some_and(Host::is_international));
    assert_ne!(u.host, Some(Host::Domain("github.com".into())));
}

#[test]
fn punycode_labels_count_as_international() {
    assert!(parse("https://xn--gthub-n4a.com/").host.as_ref().is_some_and(Host::is_international));
}

#[test]
fn whitespace_controls_and_backslashes_are_refused() {
    assert_eq!(Url::parse("https://a.example/ x"), Err(UrlError::WhitespaceOrControl));
    assert_eq!(Url::parse("java\nscript:alert(1)"), Err(UrlError::WhitespaceOrControl));
    assert_eq!(Url::parse("https://github.com\\@evil.example/"), Err(UrlError::Backslash));
}

#[test]
fn dot_segments_are_removed_including_encoded_ones() {
    assert_eq!(parse("https://h.example/a/b/../c/./d").path, "/a/c/d");
    assert_eq!(parse("https://h.example/a/%2e%2E/c").path, "/c");
    assert_eq!(parse("https://h.example/../../x").path, "/x");
    assert_eq!(parse("https://h.example/a/..").path, "/");
}

#[test]
fn double_encoding_is_not_decoded_by_the_parser() {
    assert_eq!(parse("https://h.example/a/%252e%252e/c").path, "/a/%252e%252e/c");
}

#[test]
fn a_bad_percent_escape_is_refused() {
    assert_eq!(Url::parse("https://h.example/%zz"), Err(UrlError::BadPercent));
    assert_eq!(Url::parse("https://h.example/%4"), Err(UrlError::BadPercent));
}

#[test]
fn numeric_hosts_must_be_plain_dotted_quads() {
    assert_eq!(parse("http://127.0.0.1:8080/").host, Some(Host::Ipv4([127, 0, 0, 1])));
    assert_eq!(Url::parse("http://2130706433/"), Err(UrlError::AmbiguousIpv4));
    assert_eq!(Url::parse("http://0x7f.1/"), Err(UrlError::AmbiguousIpv4));
    assert_eq!(Url::parse("http://127.000.0.1/"), Err(UrlError::AmbiguousIpv4));
}

#[test]
fn ipv6_literals_print_in_rfc_5952_form() {
    assert_eq!(parse("http://[0:0:0:0:0:0:0:1]/").to_string(), "http://[::1]/");
    assert_eq!(parse("http://[2001:DB8:0:0:1:0:0:1]:8/").to_string(), "http://[2001:db8::1:0:0:1]:8/");
    assert_eq!(parse("http://[::ffff:10.0.0.1]/").host, Some(Host::Ipv6([0, 0, 0, 0, 0, 0xffff, 0x0a00, 1])));
    assert_eq!(Url::parse("http://[fe80::1%25eth0]/"), Err(UrlError::BadIpv6));
    assert_eq!(Url::parse("http://[1::2::3]/"), Err(UrlError::BadIpv6));
    assert_eq!(Url::parse("http://[::1/"), Err(UrlError::BadIpv6));
}

#[test]
fn an_ipv4_mapped_address_prints_in_hex_however_it_was_written() {
    // `core::net` would print `::ffff:10.0.0.1`; one spelling per host.
    assert_eq!(parse("http://[::ffff:10.0.0.1]/").to_string(), "http://[::ffff:a00:1]/");
    assert_eq!(parse("http://[::FFFF:a00:1]/").to_string(), "http://[::ffff:a00:1]/");
    assert_eq!(parse("http://[::ffff:0.0.0.0]/").to_string(), "http://[::ffff:0:0]/");
}

#[test]
fn dotted_quads_inside_ipv6_are_strict_too() {
    assert_eq!(Url::parse("http://[::ffff:010.0.0.1]/"), Err(UrlError::BadIpv6));
    assert_eq!(Url::parse("http://[::ffff:256.0.0.1]/"), Err(UrlError::BadIpv6));
    assert_eq!(Url::parse("http://[1.2.3.4::]/"), Err(UrlError::BadIpv6));
    assert_eq!(Url::parse("http://[12345::]/"), Err(UrlError::BadIpv6));
}

#[test]
fn ports_are_checked_and_defaults_dropped() {
    assert_eq!(parse("https://h.example:443").port, None);
    assert_eq!(parse("https://h.example:8443").port, Some(8443));
    assert_eq!(Url::parse("https://h.example:65536/"), Err(UrlError::BadPort));
    assert_eq!(Url::parse("https://h.example:8x/"), Err(UrlError::BadPort));
}

#[test]
fn opaque_urls_keep_their_rest_as_the_path() {
    let u = parse("javascript:alert(1)");
    assert_eq!(u.scheme, "javascript");
    assert_eq!(u.host, None);
    assert_eq!(u.path, "alert(1)");
}

#[test]
fn web_schemes_need_an_authority() {
    assert_eq!(Url::parse("https:github.com/o/r"), Err(UrlError::MissingAuthority));
    assert_eq!(Url::parse("https:///x"), Err(UrlError::MissingHost));
}

#[test]
fn file_urls_may_have_an_empty_host() {
    let u = parse("file:///home/u/a.txt");
    assert_eq!(u.host, None);
    assert_eq!(u.path, "/home/u/a.txt");
    assert_eq!(u.to_string(), "file:///home/u/a.txt");
}

#[test]
fn a_file_url_without_slashes_prints_to_a_text_that_reads_back_the_same() {
    // Printed as `file://AA-:`, this read back as the host `aa-`.
    let opaque = parse("file:AA-:");
    assert_eq!((opaque.host.as_ref(), opaque.path.as_str()), (None, "AA-:"));
    assert_eq!(opaque.to_string(), "file:AA-:");
    // Printed as `file:///a/../b`, this read back as `/b`.
    let rooted = parse("file:/a/../b");
    assert_eq!(rooted.path, "/b");
    assert_eq!(rooted.to_string(), "file:///b");
    assert_eq!(parse("file:").to_string(), "file://");
    assert_eq!(parse(&parse("file:").to_string()), parse("file:"));
}

#[test]
fn missing_or_bad_schemes_are_told_apart() {
    assert_eq!(Url::parse("github.com/o/r"), Err(UrlError::NoScheme));
    assert_eq!(Url::parse("1http://x"), Err(UrlError::BadScheme));
    assert_eq!(Url::parse(""), Err(UrlError::Empty));
}

#[test]
fn non_ascii_paths_are_percent_encoded() {
    assert_eq!(parse("https://h.example/é").path, "/%C3%A9");
}

#[test]
fn loopback_and_private_hosts_are_recognised() {
    assert!(parse("http://localhost:3000/").host.as_ref().is_some_and(Host::is_loopback));
    assert!(parse("http://[::1]/").host.as_ref().is_some_and(Host::is_loopback));
    assert!(parse("http://[::ffff:127.0.0.1]/").host.as_ref().is_some_and(Host::is_loopback));
    assert!(parse("http://[::ffff:10.1.2.3]/").host.as_ref().is_some_and(Host::is_private));
    assert!(parse("http://192.168.1.2/").host.as_ref().is_some_and(Host::is_private));
    assert!(parse("http://build.internal/").host.as_ref().is_some_and(Host::is_private));
    assert!(!parse("https://github.com/").host.as_ref().is_some_and(Host::is_private));
}

#[test]
fn deep_decoding_undoes_double_encoding() {
    assert_eq!(percent_decode_deep("a%2540b", 4), "a@b");
    assert_eq!(percent_decode_deep("100%", 4), "100%");
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn parsing_never_panics(s in "\\PC{0,80}") {
            let _ = Url::parse(&s);
        }

        #[test]
        fn url_shaped_input_never_panics(
            scheme in "[a-zA-Z][a-zA-Z0-9+.-]{0,6}",
            auth in "[a-zA-Z0-9@:%.\\[\\]_-]{0,30}",
            path in "[a-zA-Z0-9/%.~_-]{0,40}",
        ) {
            let _ = Url::parse(&format!("{scheme}://{auth}/{path}"));
        }

        #[test]
        fn printing_and_reparsing_is_stable(
            host in "[a-z][a-z0-9-]{0,10}(\\.[a-z][a-z0-9-]{0,10}){1,3}",
            path in "(/[a-zA-Z0-9._~%-]{0,8}){0,5}",
            query in proptest::option::of("[a-z0-9=&]{0,10}"),
        ) {
            let text = match &query {
                Some(q) => format!("https://{host}{path}?{q}"),
                None => format!("https://{host}{path}"),
            };
            if let Ok(u) = Url::parse(&text) {
                let again = Url::parse(&u.to_string());
                prop_assert_eq!(again.as_ref(), Ok(&u));
            }
        }

        #[test]
        fn any_parsed_url_prints_to_a_text_that_reads_back_the_same(
            scheme in "(file|FILE|https|mailto|urn|x)",
            rest in "[A-Za-z0-9:/.%@?#\\[\\]_~-]{0,24}",
        ) {
            if let Ok(u) = Url::parse(&format!("{scheme}:{rest}")) {
                let printed = u.to_string();
                let again = Url::parse(&printed);
                prop_assert_eq!(again.as_ref(), Ok(&u), "printed {}", printed);
            }
        }

        #[test]
        fn ipv6_text_round_trips(groups in proptest::array::uniform8(0u16..4)) {
            let text = ipv6_text(&groups);
            prop_assert_eq!(parse_ipv6(&text), Some(groups));
        }

        /// Apart from IPv4-mapped addresses, the text is what `core::net`
        /// prints (RFC 5952).
        #[test]
        fn ipv6_text_is_core_nets_but_for_mapped_addresses(
            groups in proptest::array::uniform8(proptest::prop_oneof![Just(0u16), Just(1), Just(0xffff), proptest::num::u16::ANY])
        ) {
            let core = core::net::Ipv6Addr::from(groups).to_string();
            if groups[..6] == [0, 0, 0, 0, 0, 0xffff] {
                prop_assert_eq!(ipv6_text(&groups), format!("::ffff:{:x}:{:x}", groups[6], groups[7]));
            } else {
                prop_assert_eq!(ipv6_text(&groups), core);
            }
        }
    }
}
