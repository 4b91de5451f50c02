//! Tests of `artifact`.

use super::*;
use serde_json::json;

fn id(v: Value) -> Option<String> {
    canonical_identity(&v)
}

fn code(v: Value) -> &'static str {
    parse(&v).err().map(|e| e.code.as_str()).unwrap_or("ok")
}

#[test]
fn every_spelling_of_a_pull_request_has_one_identity() {
    let want = Some("github_pr:tiann/hapi#1228".to_owned());
    for url in [
        "https://github.com/tiann/hapi/pull/1228",
        "http://github.com/tiann/hapi/pull/1228/",
        "https://www.github.com/Tiann/HAPI/pulls/1228/files",
        "https://github.com/tiann/hapi/pull/1228#issuecomment-1",
        "https://github.com/tiann/hapi/pull/1228?w=1",
        "https://api.github.com/repos/tiann/hapi/pulls/1228",
        "github.com/tiann/hapi/pull/01228",
        "HTTPS://GITHUB.COM/tiann/hapi.git/pull/1228",
    ] {
        assert_eq!(id(json!({"kind":"github_pr","url":url})), want, "{url}");
    }
    assert_eq!(id(json!({"kind":"github_pr","ref":"TIANN/hapi#1228"})), want);
    assert_eq!(id(json!({"kind":"github_pr","ref":"#1228","repo":"tiann/hapi"})), want);
}

#[test]
fn a_url_kind_pointing_at_a_pull_request_shares_its_identity() {
    assert_eq!(
        id(json!({"kind":"url","url":"https://github.com/Tiann/hapi/pull/1228/checks"})),
        Some("github_pr:tiann/hapi#1228".to_owned())
    );
}

#[test]
fn a_cyrillic_github_host_never_becomes_a_github_identity() {
    assert_eq!(code(json!({"kind":"github_pr","url":"https://gіthub.com/o/r/pull/1"})), MALFORMED_GITHUB_REF);
    let other = id(json!({"kind":"url","url":"https://gіthub.com/o/r/pull/1"})).unwrap_or_default();
    assert!(!other.starts_with("github_pr:"));
}

#[test]
fn enterprise_hosts_keep_their_host_in_the_identity() {
    assert_eq!(
        id(json!({"kind":"github_pr","url":"https://ghe.example.com/o/r/pull/7"})),
        Some("github_pr:ghe.example.com/o/r#7".to_owned())
    );
}

#[test]
fn an_issue_url_is_not_a_pull_request() {
    assert_eq!(
        code(json!({"kind":"github_pr","url":"https://github.com/o/r/issues/3"})),
        MALFORMED_GITHUB_REF
    );
    assert_eq!(
        id(json!({"kind":"github_issue","url":"https://github.com/o/r/issues/3"})),
        Some("github_issue:o/r#3".to_owned())
    );
}

#[test]
fn url_and_ref_must_agree() {
    let v = json!({"kind":"github_pr","url":"https://github.com/o/r/pull/1","ref":"o/r#2"});
    assert_eq!(code(v), URL_REF_MISMATCH);
}

#[test]
fn commits_read_from_urls_refs_and_repo_fields() {
    let sha = "0123456789abcdef0123456789abcdef01234567";
    let want = Some(format!("commit:o/r@{sha}"));
    assert_eq!(id(json!({"kind":"commit","url":format!("https://github.com/O/R/commit/{sha}")})), want);
    assert_eq!(id(json!({"kind":"commit","ref":format!("o/r@{}", sha.to_uppercase())})), want);
    assert_eq!(id(json!({"kind":"commit","url":"https://github.com/o/r","ref":sha})), want);
    assert_eq!(id(json!({"kind":"commit","ref":sha,"repo":"git@github.com:o/r.git"})), want);
    assert_eq!(id(json!({"kind":"commit","ref":"abc1234"})), None);
    assert_eq!(code(json!({"kind":"commit","ref":"xyz"})), MALFORMED_SHA);
}

#[test]
fn branches_follow_git_ref_name_rules() {
    assert_eq!(
        id(json!({"kind":"branch","url":"https://github.com/o/r/tree/feat/x"})),
        Some("branch:o/r:feat/x".to_owned())
    );
    assert_eq!(
        id(json!({"kind":"branch","ref":"refs/heads/Main","repo":"o/r"})),
        Some("branch:o/r:Main".to_owned())
    );
    assert_eq!(code(json!({"kind":"branch","ref":"a..b"})), MALFORMED_BRANCH);
    assert_eq!(code(json!({"kind":"branch","ref":"a b"})), MALFORMED_BRANCH);
}

#[test]
fn local_paths_are_normalised_and_owned_by_their_machine() {
    let v = json!({"kind":"file_path","ref":"/home/u//a/./b/../c.txt/","locality":{"machine_id":"m1"}});
    assert_eq!(id(v), Some("file_path:m1:/home/u/a/c.txt".to_owned()));
    let w = json!({"kind":"file_path","ref":"C:\\Users\\u\\..\\x.txt","locality":{"machine_id":"m1"}});
    assert_eq!(id(w), Some("file_path:m1:C:/Users/x.txt".to_owned()));
    let f = json!({"kind":"file_path","url":"file:///tmp/a%20b","locality":{"session_id":"s"}});
    assert_eq!(id(f), Some("file_path:session=s:/tmp/a b".to_owned()));
}

#[test]
fn an_unowned_local_path_has_no_identity() {
    assert_eq!(id(json!({"kind":"file_path","ref":"/tmp/x"})), None);
}

#[test]
fn relative_and_escaping_paths_are_refused() {
    assert_eq!(code(json!({"kind":"file_path","ref":"src/main.rs"})), RELATIVE_PATH);
    assert_eq!(code(json!({"kind":"file_path","ref":"/a/../../etc/passwd"})), PATH_TRAVERSAL);
    assert_eq!(code(json!({"kind":"file_path","ref":"~/../root"})), PATH_TRAVERSAL);
    assert_eq!(code(json!({"kind":"file_path","ref":"/a\u{0}b"})), MALFORMED_PATH);
    assert_eq!(code(json!({"kind":"file_path","url":"file://server/share/x"})), MALFORMED_PATH);
}

#[test]
fn link_identities_ignore_scheme_fragment_and_trailing_slash() {
    let a = id(json!({"kind":"log_url","url":"http://ci.example.com/run/1/#L3"}));
    let b = id(json!({"kind":"url","url":"https://CI.example.com:443/run/1"}));
    assert_eq!(a, b);
    assert_eq!(a, Some("url:https://ci.example.com/run/1".to_owned()));
}

#[test]
fn link_identities_never_carry_userinfo() {
    let a = id(json!({"kind":"url","url":"https://u:p@h.example/x"})).unwrap_or_default();
    assert_eq!(a, "url:https://h.example/x");
}

#[test]
fn sessions_read_plain_and_citation_forms() {
    assert_eq!(id(json!({"kind":"session_id","ref":"/sessions/abc-1"})), Some("session_id:abc-1".to_owned()));
    assert_eq!(code(json!({"kind":"session_id","ref":"a b"})), MALFORMED_SESSION_ID);
}

#[test]
fn unknown_kinds_are_kept() {
    assert_eq!(
        parse(&json!({"kind":"deploy_id","ref":"x"})),
        Ok(Artifact::Unknown { kind: "deploy_id".into() })
    );
}

#[test]
fn malformed_refs_get_codes() {
    assert_eq!(code(json!("https://x")), MALFORMED_REF);
    assert_eq!(code(json!({"kind":1})), MALFORMED_REF);
    assert_eq!(code(json!({"kind":"url","url":null})), MALFORMED_REF);
    assert_eq!(code(json!({"kind":"url"})), MISSING_HANDLE);
    assert_eq!(code(json!({"kind":"url","url":"https://h.example/ x"})), MALFORMED_URL);
    assert_eq!(code(json!({"kind":"url","url":"x".repeat(MAX_STRING + 1)})), TOO_LONG);
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    const KINDS: &[&str] = crate::vocab::ARTIFACT_KIND.values;

    proptest! {
        #[test]
        fn parsing_any_handle_never_panics(kind in proptest::sample::select(KINDS), text in "\\PC{0,60}", r in "\\PC{0,30}") {
            let _ = parse(&json!({"kind": kind, "url": text, "ref": r, "locality": {"machine_id": "m"}}));
            let _ = parse(&json!({"kind": kind, "ref": text}));
        }

        #[test]
        fn pull_request_identity_is_stable_under_spelling(
            owner in "[A-Za-z][A-Za-z0-9-]{0,12}",
            name in "[A-Za-z][A-Za-z0-9._-]{0,12}",
            n in 1u64..1_000_000,
            http in any::<bool>(),
            www in any::<bool>(),
            pulls in any::<bool>(),
            suffix in proptest::sample::select(&["", "/", "/files", "/commits", "#discussion_r1", "?diff=split"][..]),
        ) {
            prop_assume!(!name.ends_with(".git") && name != "." && name != "..");
            let url = format!(
                "{}://{}github.com/{owner}/{name}/{}/{n}{suffix}",
                if http { "http" } else { "https" },
                if www { "www." } else { "" },
                if pulls { "pulls" } else { "pull" },
            );
            let want = format!("github_pr:{}/{}#{n}", owner.to_ascii_lowercase(), name.to_ascii_lowercase());
            prop_assert_eq!(canonical_identity(&json!({"kind":"github_pr","url":url})), Some(want.clone()));
            prop_assert_eq!(canonical_identity(&json!({"kind":"github_pr","ref":format!("{owner}/{name}#{n}")})), Some(want));
        }

        #[test]
        fn path_normalisation_is_idempotent(segs in proptest::collection::vec("[a-z.]{1,4}", 0..8)) {
            let text = format!("/{}", segs.join("/"));
            if let Ok((once, _)) = normalise_path(&text) {
                let again = normalise_path(&once).map(|(p, _)| p);
                prop_assert_eq!(again, Ok(once));
            }
        }

        #[test]
        fn link_identity_is_idempotent(host in "[a-z]{1,8}\\.example", path in "(/[a-z0-9]{1,5}){0,4}/?") {
            let v = json!({"kind":"url","url":format!("https://{host}{path}")});
            let first = canonical_identity(&v).unwrap_or_default();
            let again = canonical_identity(&json!({"kind":"url","url":first.trim_start_matches("url:")}));
            prop_assert_eq!(again, Some(first));
        }
    }
}
