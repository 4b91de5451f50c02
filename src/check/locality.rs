//! Artifact locality: can a sink fetch what a ref points at without the source machine?
//!
//! The rule (contract, "Artifact locality"): `github_pr`, `github_issue`,
//! `commit` and `branch` with a repository, `https` URLs without embedded
//! credentials on a public host, and a `session_id` in the sink's namespace
//! are sink-resolvable. A `file_path` or `diff` is machine-local: it counts
//! only for a sink on the machine its `locality` names, and a local path
//! that names no owner is resolvable to nobody but the session that wrote it.
//! Everything else (unknown kinds, plain `http`, `localhost` and private
//! hosts, internationalised hosts, `javascript:`/`data:` and other schemes,
//! malformed handles, handles carrying secrets) is not resolvable, each with
//! its own code. The core never says a local path on another machine is
//! accessible.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::artifact::{self, Artifact};
use crate::diagnostic::quote;
use crate::pointer::Pointer;
use crate::url::{self, Host, Url};

crate::define_codes! {
    RESOLVABLE = "artifact/resolvable", "the sink can fetch the ref without the source machine";
    LOCAL_PATH_SAME_MACHINE = "artifact/local-path-same-machine", "a local path on the sink's own machine: resolvable";
    LOCAL_PATH_SAME_SESSION = "artifact/local-path-same-session", "a local path owned by the sink's own session: resolvable";
    LOCAL_PATH_CROSS_MACHINE = "artifact/local-path-cross-machine", "a local path on a machine other than the sink's";
    LOCAL_PATH_UNOWNED = "artifact/local-path-unowned", "a local path whose `locality` names no machine or session: resolvable to nobody else";
    LOCAL_PATH_MACHINE_UNKNOWN = "artifact/local-path-machine-unknown", "a local path whose machine cannot be told (owned by another session only, or the sink's machine is unknown)";
    INSECURE_URL = "artifact/insecure-url", "a URL over plain `http`";
    CREDENTIALS_IN_URL = "artifact/credentials-in-url", "a URL carrying credentials (userinfo, a signed-URL or token parameter)";
    CONTAINS_SECRET = "artifact/contains-secret", "an artifact ref carries something that looks like a secret";
    UNSAFE_SCHEME = "artifact/unsafe-scheme", "a `javascript:`, `data:`, `vbscript:`, `blob:` or `about:` URL";
    UNSUPPORTED_SCHEME = "artifact/unsupported-scheme", "a URL scheme other than `https` (and `http`), such as `ftp:`, `ssh:` or `mailto:`";
    IDN_HOST = "artifact/idn-host", "a URL host with non-ASCII or punycode labels, which can imitate another host";
    LOOPBACK_URL = "artifact/loopback-url", "a `localhost` or loopback URL, which names the source machine only";
    LOOPBACK_SAME_MACHINE = "artifact/loopback-same-machine", "a loopback URL written by a source on the sink's own machine: resolvable";
    PRIVATE_HOST = "artifact/private-host", "a URL on a private-network or single-label host";
    COMMIT_WITHOUT_REPO = "artifact/commit-without-repo", "a commit that names no repository";
    BRANCH_WITHOUT_REPO = "artifact/branch-without-repo", "a branch that names no repository";
    SESSION_CROSS_NAMESPACE = "artifact/session-cross-namespace", "a session in a namespace other than the sink's";
    SESSION_NAMESPACE_UNKNOWN = "artifact/session-namespace-unknown", "a session ref names a namespace but the sink's namespace is not given";
}

/// One end of a handoff: where a session runs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Endpoint {
    /// The machine the session runs on (`""` when unknown).
    #[serde(default)]
    pub machine_id: String,
    /// The session (`""` when unknown).
    #[serde(default)]
    pub session_id: String,
    /// The hub namespace, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub namespace: Option<String>,
}

impl Endpoint {
    /// An endpoint on `machine_id` running `session_id`, namespace unknown.
    pub fn new(machine_id: impl Into<String>, session_id: impl Into<String>) -> Self {
        Endpoint { machine_id: machine_id.into(), session_id: session_id.into(), namespace: None }
    }

    fn machine(&self) -> Option<&str> {
        Some(self.machine_id.as_str()).filter(|m| !m.is_empty())
    }

    fn session(&self) -> Option<&str> {
        Some(self.session_id.as_str()).filter(|s| !s.is_empty())
    }
}

/// The answer for one ref.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Verdict {
    /// The sink can fetch it without the source machine.
    pub resolvable: bool,
    /// Stable code saying why.
    pub code: crate::diagnostic::Code,
    /// One line for a human; never contains the handle's text.
    pub reason: String,
}

impl Verdict {
    fn yes(code: crate::diagnostic::Code, reason: impl Into<String>) -> Self {
        Verdict { resolvable: true, code, reason: reason.into() }
    }

    fn no(code: crate::diagnostic::Code, reason: impl Into<String>) -> Self {
        Verdict { resolvable: false, code, reason: reason.into() }
    }
}

const UNSAFE_SCHEMES: &[&str] = &["javascript", "data", "vbscript", "blob", "about"];

/// Whether `sink` can resolve `artifact_ref`, written by `source` when known.
pub fn resolve(artifact_ref: &Value, source: Option<&Endpoint>, sink: &Endpoint) -> Verdict {
    if let Some(v) = secret_verdict(artifact_ref) {
        return v;
    }
    for field in ["url", "ref"] {
        let scheme = artifact_ref.get(field).and_then(Value::as_str).and_then(url::scheme_of);
        if let Some(s) = scheme.filter(|s| UNSAFE_SCHEMES.contains(&s.as_str())) {
            return Verdict::no(UNSAFE_SCHEME, format!("a `{s}:` URL is not a handle anyone can fetch"));
        }
    }
    for field in ["url", "ref"] {
        let text = artifact_ref.get(field).and_then(Value::as_str).unwrap_or("");
        if url::scheme_of(text).is_some_and(|s| s.len() > 1)
            && Url::parse(text).is_ok_and(|u| u.host.as_ref().is_some_and(Host::is_international))
        {
            return idn_verdict();
        }
    }
    let parsed = match artifact::parse(artifact_ref) {
        Ok(a) => a,
        Err(e) => return Verdict::no(e.code, e.reason),
    };
    match parsed {
        Artifact::GithubPr { repo, number } => Verdict::yes(
            RESOLVABLE,
            format!("pull request {}#{number} is fetchable from its host", repo.slug()),
        ),
        Artifact::GithubIssue { repo, number } => {
            Verdict::yes(RESOLVABLE, format!("issue {}#{number} is fetchable from its host", repo.slug()))
        }
        Artifact::Commit { repo: Some(repo), .. } => {
            Verdict::yes(RESOLVABLE, format!("the commit is fetchable from {}", repo.slug()))
        }
        Artifact::Commit { repo: None, .. } => Verdict::no(
            COMMIT_WITHOUT_REPO,
            "the commit names no repository, so the sink cannot tell where to fetch it",
        ),
        Artifact::Branch { repo: Some(repo), .. } => {
            Verdict::yes(RESOLVABLE, format!("the branch is fetchable from {}", repo.slug()))
        }
        Artifact::Branch { repo: None, .. } => Verdict::no(
            BRANCH_WITHOUT_REPO,
            "the branch names no repository, so the sink cannot tell where to fetch it",
        ),
        Artifact::Local { locality, .. } => local_verdict(&locality, source, sink),
        Artifact::Link { url, .. } => link_verdict(&url, source, sink),
        Artifact::Session { namespace, .. } => match (namespace.as_deref(), sink.namespace.as_deref()) {
            (Some(theirs), Some(ours)) if theirs != ours => Verdict::no(
                SESSION_CROSS_NAMESPACE,
                format!("the session is in namespace {} and the sink in {}", quote(theirs), quote(ours)),
            ),
            (Some(_), None) => Verdict::no(
                SESSION_NAMESPACE_UNKNOWN,
                "the session ref names a namespace but the sink's namespace is not given",
            ),
            _ => Verdict::yes(RESOLVABLE, "the session is in the sink's namespace"),
        },
        Artifact::Unknown { kind } => Verdict::no(
            artifact::UNKNOWN_KIND,
            format!("artifact kind {} is not one the core knows how to resolve", quote(&kind)),
        ),
    }
}

fn local_verdict(locality: &artifact::Locality, source: Option<&Endpoint>, sink: &Endpoint) -> Verdict {
    let owner_machine = locality.machine_id.as_deref().or_else(|| {
        let source = source?;
        (locality.session_id.as_deref()? == source.session()?).then_some(())?;
        source.machine()
    });
    match (owner_machine, locality.session_id.as_deref()) {
        (Some(machine), _) => match sink.machine() {
            Some(ours) if ours == machine => Verdict::yes(
                LOCAL_PATH_SAME_MACHINE,
                format!("the path is on the sink's machine {}", quote(ours)),
            ),
            Some(ours) => Verdict::no(
                LOCAL_PATH_CROSS_MACHINE,
                format!(
                    "the path is on machine {}, not on the sink's machine {}",
                    quote(machine),
                    quote(ours)
                ),
            ),
            None => Verdict::no(
                LOCAL_PATH_MACHINE_UNKNOWN,
                format!("the path is on machine {} and the sink's machine is not given", quote(machine)),
            ),
        },
        (None, Some(session)) if sink.session() == Some(session) => {
            Verdict::yes(LOCAL_PATH_SAME_SESSION, "the path belongs to the sink's own session")
        }
        (None, Some(session)) => Verdict::no(
            LOCAL_PATH_MACHINE_UNKNOWN,
            format!("the path belongs to session {} whose machine is not known", quote(session)),
        ),
        (None, None) => match source.and_then(Endpoint::session) {
            Some(writer) if sink.session() == Some(writer) => Verdict::yes(
                LOCAL_PATH_SAME_SESSION,
                "the path names no owner, and the sink is the session that wrote it",
            ),
            _ => Verdict::no(
                LOCAL_PATH_UNOWNED,
                "the path names no owning machine or session in `locality`, so it is not resolvable by anyone else",
            ),
        },
    }
}

fn link_verdict(url: &Url, source: Option<&Endpoint>, sink: &Endpoint) -> Verdict {
    let Some(host) = &url.host else {
        return Verdict::no(
            UNSUPPORTED_SCHEME,
            format!("a `{}:` URL names no host to fetch from", url.scheme),
        );
    };
    if host.is_international() {
        return idn_verdict();
    }
    if host.is_loopback() {
        let same = match (source.and_then(Endpoint::machine), sink.machine()) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        };
        return if same {
            Verdict::yes(LOOPBACK_SAME_MACHINE, "the loopback URL was written on the sink's own machine")
        } else {
            Verdict::no(LOOPBACK_URL, "a loopback URL names the source machine, not one the sink can reach")
        };
    }
    if host.is_private() {
        return Verdict::no(PRIVATE_HOST, "the host is on a private network the sink may not reach");
    }
    match url.scheme.as_str() {
        "https" => Verdict::yes(RESOLVABLE, format!("the URL is served over https by {}", host_text(host))),
        "http" => Verdict::no(INSECURE_URL, "the URL is plain http; use https"),
        other => Verdict::no(UNSUPPORTED_SCHEME, format!("a `{other}:` URL is not fetchable over https")),
    }
}

fn idn_verdict() -> Verdict {
    Verdict::no(
        IDN_HOST,
        "the host is internationalised (non-ASCII or punycode) and could imitate another host",
    )
}

fn host_text(host: &Host) -> String {
    quote(&host.to_string())
}

/// A verdict for a ref that carries a secret: credentials in its `url` or
/// `ref` URL, or a secret anywhere else in it.
fn secret_verdict(artifact_ref: &Value) -> Option<Verdict> {
    let findings = crate::secrets::scan_strings(artifact_ref, &Pointer::root());
    let first = findings.first()?;
    let in_handle = ["/url", "/ref"].iter().any(|p| first.instance_path.as_str() == *p);
    let url_like = matches!(
        first.code,
        crate::secrets::URL_USERINFO | crate::secrets::SIGNED_URL | crate::secrets::TOKEN_PARAMETER
    );
    Some(if in_handle && url_like {
        Verdict::no(
            CREDENTIALS_IN_URL,
            format!("the URL carries credentials (rule `{}`); refer to it without them", first.code),
        )
    } else {
        Verdict::no(
            CONTAINS_SECRET,
            format!(
                "the ref carries what looks like a secret at `{}` (rule `{}`)",
                first.instance_path, first.code
            ),
        )
    })
}

/// The refs of a handoff that `sink` cannot resolve, with their pointers
/// into the event. `handoff_event` is an event create (snake_case,
/// `artifact_refs`) or a stored row (camelCase, `artifactRefs`, `namespace`).
/// The source is the event's `source_ref` when `source_kind` is `session`
/// (its machine unknown); a `session_id` ref that names no namespace is in
/// the row's namespace.
pub fn unresolvable_refs(handoff_event: &Value, sink: &Endpoint) -> Vec<(Pointer, Verdict)> {
    let (key, refs) = match (handoff_event.get("artifact_refs"), handoff_event.get("artifactRefs")) {
        (Some(Value::Array(a)), _) => ("artifact_refs", a),
        (_, Some(Value::Array(a))) => ("artifactRefs", a),
        _ => return Vec::new(),
    };
    let field = |snake: &str, camel: &str| {
        handoff_event.get(snake).or_else(|| handoff_event.get(camel)).and_then(Value::as_str)
    };
    let source = (field("source_kind", "sourceKind") == Some("session"))
        .then(|| field("source_ref", "sourceRef"))
        .flatten()
        .map(|s| Endpoint::new("", s));
    let namespace = handoff_event.get("namespace").and_then(Value::as_str);
    let base = Pointer::root().key(key);
    let mut out = Vec::new();
    for (i, r) in refs.iter().enumerate() {
        let with_ns;
        let r = match (namespace, r.get("kind").and_then(Value::as_str), r.get("namespace")) {
            (Some(ns), Some("session_id"), None) => {
                let mut copy = r.clone();
                if let Some(obj) = copy.as_object_mut() {
                    obj.insert("namespace".into(), Value::String(ns.to_owned()));
                }
                with_ns = copy;
                &with_ns
            }
            _ => r,
        };
        let verdict = resolve(r, source.as_ref(), sink);
        if !verdict.resolvable {
            out.push((base.index(i), verdict));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Code;
    use serde_json::json;

    fn sink() -> Endpoint {
        Endpoint { machine_id: "m2".into(), session_id: "s2".into(), namespace: Some("ns".into()) }
    }

    fn code(r: Value) -> &'static str {
        resolve(&r, Some(&Endpoint::new("m1", "s1")), &sink()).code.as_str()
    }

    #[test]
    fn pull_requests_commits_and_branches_with_repos_are_resolvable() {
        assert_eq!(code(json!({"kind":"github_pr","url":"https://github.com/o/r/pull/1"})), RESOLVABLE);
        assert_eq!(code(json!({"kind":"commit","ref":"o/r@abcdef1"})), RESOLVABLE);
        assert_eq!(code(json!({"kind":"branch","ref":"main","repo":"o/r"})), RESOLVABLE);
    }

    #[test]
    fn commits_and_branches_without_repos_are_not() {
        assert_eq!(code(json!({"kind":"commit","ref":"abcdef1"})), COMMIT_WITHOUT_REPO);
        assert_eq!(code(json!({"kind":"branch","ref":"main"})), BRANCH_WITHOUT_REPO);
    }

    #[test]
    fn a_local_path_on_another_machine_is_refused() {
        let r = json!({"kind":"file_path","ref":"/tmp/x","locality":{"machine_id":"m1"}});
        assert_eq!(code(r), LOCAL_PATH_CROSS_MACHINE);
    }

    #[test]
    fn a_local_path_on_the_sinks_machine_is_resolvable() {
        let r = json!({"kind":"diff","ref":"/tmp/x.diff","locality":{"machine_id":"m2"}});
        assert!(resolve(&r, None, &sink()).resolvable);
    }

    #[test]
    fn a_local_path_naming_no_owner_is_resolvable_to_nobody_else() {
        let r = json!({"kind":"file_path","ref":"/tmp/x"});
        assert_eq!(code(r.clone()), LOCAL_PATH_UNOWNED);
        let same_machine = Endpoint::new("m2", "s9");
        assert_eq!(resolve(&r, Some(&same_machine), &sink()).code, LOCAL_PATH_UNOWNED);
        assert_eq!(resolve(&r, None, &sink()).code, LOCAL_PATH_UNOWNED);
    }

    #[test]
    fn an_unowned_path_is_resolvable_by_the_session_that_wrote_it() {
        let r = json!({"kind":"file_path","ref":"/tmp/x"});
        assert_eq!(resolve(&r, Some(&Endpoint::new("m2", "s2")), &sink()).code, LOCAL_PATH_SAME_SESSION);
    }

    #[test]
    fn a_path_owned_by_the_source_session_takes_the_source_machine() {
        let r = json!({"kind":"file_path","ref":"/tmp/x","locality":{"session_id":"s1"}});
        assert_eq!(code(r.clone()), LOCAL_PATH_CROSS_MACHINE);
        assert_eq!(resolve(&r, None, &sink()).code, LOCAL_PATH_MACHINE_UNKNOWN);
    }

    #[test]
    fn urls_must_be_https_on_a_public_ascii_host() {
        assert_eq!(code(json!({"kind":"log_url","url":"https://ci.example.com/1"})), RESOLVABLE);
        assert_eq!(code(json!({"kind":"log_url","url":"http://ci.example.com/1"})), INSECURE_URL);
        assert_eq!(code(json!({"kind":"url","url":"https://gіthub.com/o/r"})), IDN_HOST);
        assert_eq!(code(json!({"kind":"github_pr","url":"https://gіthub.com/o/r/pull/1"})), IDN_HOST);
        assert_eq!(code(json!({"kind":"url","url":"http://localhost:8080/x"})), LOOPBACK_URL);
        assert_eq!(code(json!({"kind":"url","url":"https://10.0.0.5/x"})), PRIVATE_HOST);
        assert_eq!(code(json!({"kind":"url","url":"ftp://files.example.com/x"})), UNSUPPORTED_SCHEME);
        assert_eq!(code(json!({"kind":"url","url":"javascript:alert(document.cookie)"})), UNSAFE_SCHEME);
        assert_eq!(code(json!({"kind":"url","url":"data:text/html,<b>x</b>"})), UNSAFE_SCHEME);
    }

    #[test]
    fn a_loopback_url_is_resolvable_on_the_same_machine() {
        let r = json!({"kind":"url","url":"http://127.0.0.1:3000/"});
        assert_eq!(resolve(&r, Some(&Endpoint::new("m2", "s1")), &sink()).code, LOOPBACK_SAME_MACHINE);
    }

    #[test]
    fn a_file_url_is_a_local_path() {
        assert_eq!(code(json!({"kind":"url","url":"file:///etc/hosts"})), LOCAL_PATH_UNOWNED);
    }

    #[test]
    fn credentials_in_a_url_are_refused() {
        assert_eq!(code(json!({"kind":"url","url":"https://user:hunter2@h.example/x"})), CREDENTIALS_IN_URL);
    }

    #[test]
    fn sessions_in_another_namespace_are_refused() {
        assert_eq!(
            code(json!({"kind":"session_id","ref":"abc","namespace":"other"})),
            SESSION_CROSS_NAMESPACE
        );
        assert_eq!(code(json!({"kind":"session_id","ref":"abc","namespace":"ns"})), RESOLVABLE);
        assert_eq!(code(json!({"kind":"session_id","ref":"abc"})), RESOLVABLE);
    }

    #[test]
    fn unknown_kinds_are_never_resolvable() {
        assert_eq!(code(json!({"kind":"deploy_id","ref":"d-1"})), artifact::UNKNOWN_KIND);
    }

    #[test]
    fn a_handoff_lists_the_refs_its_sink_cannot_resolve() {
        let event = json!({
            "source_kind": "session", "source_ref": "s1", "event_type": "handoff",
            "artifact_refs": [
                {"kind":"github_pr","url":"https://github.com/o/r/pull/1"},
                {"kind":"file_path","ref":"/tmp/a","locality":{"machine_id":"m1"}},
                {"kind":"file_path","ref":"/tmp/b"}
            ]
        });
        let got: Vec<(String, Code)> =
            unresolvable_refs(&event, &sink()).into_iter().map(|(p, v)| (p.to_string(), v.code)).collect();
        assert_eq!(
            got,
            vec![
                ("/artifact_refs/1".to_owned(), LOCAL_PATH_CROSS_MACHINE),
                ("/artifact_refs/2".to_owned(), LOCAL_PATH_UNOWNED)
            ]
        );
    }

    #[test]
    fn a_row_lends_its_namespace_to_session_refs() {
        let row = json!({"sourceKind":"session","sourceRef":"s1","namespace":"other",
            "artifactRefs":[{"kind":"session_id","ref":"abc"}]});
        let got = unresolvable_refs(&row, &sink());
        assert_eq!(got.len(), 1);
        assert_eq!(
            got.first().map(|(p, v)| (p.to_string(), v.code)),
            Some(("/artifactRefs/0".into(), SESSION_CROSS_NAMESPACE))
        );
    }

    #[test]
    fn the_verdict_serialises_in_wire_form() {
        let v = Verdict::no(INSECURE_URL, "r");
        assert_eq!(
            serde_json::to_value(&v).unwrap(),
            json!({"resolvable":false,"code":"artifact/insecure-url","reason":"r"})
        );
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    /// Every known artifact kind, and one unknown.
    fn kinds() -> Vec<&'static str> {
        crate::vocab::ARTIFACT_KIND.values.iter().copied().chain(["x"]).collect()
    }

    proptest! {
        #[test]
        fn resolving_any_ref_never_panics(
            kind in proptest::sample::select(kinds()),
            text in "\\PC{0,60}",
            machine in proptest::option::of("[a-z]{0,3}"),
            ns in proptest::option::of("[a-z]{0,3}"),
        ) {
            let r = json!({"kind": kind, "url": text, "ref": text, "locality": {"machine_id": machine}, "namespace": ns});
            let sink = Endpoint { machine_id: "m".into(), session_id: "s".into(), namespace: ns.clone() };
            let v = resolve(&r, Some(&Endpoint::new("m", "t")), &sink);
            prop_assert!(!v.reason.is_empty());
            prop_assert!(CODES.iter().chain(artifact::CODES).any(|c| c.code == v.code));
        }
    }
}
