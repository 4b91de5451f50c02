//! The GitHub grammar of artifact handles: pull request, issue, commit and
//! branch URLs on github.com (or another host given in `repo`/`url`), and
//! the short forms `owner/repo#123` and `owner/repo@sha`.

use super::{
    Artifact, GITHUB, MALFORMED_BRANCH, MALFORMED_GITHUB_REF, MALFORMED_SHA, RefError, Repo,
    URL_REF_MISMATCH, agree, malformed_url, missing_handle,
};
use crate::url::{self, Host, Url};

/// What a GitHub-shaped path points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Target {
    Repo,
    Pull(u64),
    Issue(u64),
    Commit(String),
    Tree(String),
    Other,
}

/// Reads `/owner/repo[/...]` (also `api.<host>/repos/owner/repo/...` and
/// GitLab's `/-/`) from an http(s) URL on github.com, or on any host when `any_host`.
pub(super) fn github_path(url: &Url, any_host: bool) -> Option<(Repo, Target)> {
    if url.scheme != "http" && url.scheme != "https" {
        return None;
    }
    let Some(Host::Domain(host)) = &url.host else { return None };
    if url.userinfo.is_some() || url.port.is_some() {
        return None;
    }
    let host = host.strip_prefix("www.").unwrap_or(host);
    let mut segments = url.path_segments();
    if segments.last().is_some_and(String::is_empty) {
        segments.pop();
    }
    let (host, segments) = if host == "api.github.com" {
        if segments.first().map(String::as_str) != Some("repos") {
            return None;
        }
        (GITHUB, segments.get(1..).unwrap_or(&[]).to_vec())
    } else if host == GITHUB || any_host {
        (host, segments)
    } else {
        return None;
    };
    let owner = segments.first()?;
    let name = segments.get(1)?;
    let repo = repo_from_parts(host, owner, name)?;
    let mut rest = segments.get(2..).unwrap_or(&[]);
    if rest.first().map(String::as_str) == Some("-") {
        rest = rest.get(1..).unwrap_or(&[]);
    }
    let target = match rest {
        [] => Target::Repo,
        [verb, n, ..] if verb == "pull" || verb == "pulls" || verb == "merge_requests" => {
            match (rest.get(2).map(String::as_str), rest.get(3)) {
                (Some("commits"), Some(sha)) => Target::Commit(sha.clone()),
                _ => Target::Pull(number(n)?),
            }
        }
        [verb, n, ..] if verb == "issues" => Target::Issue(number(n)?),
        [verb, sha, ..] if verb == "commit" || verb == "commits" => {
            let sha = sha.strip_suffix(".diff").or_else(|| sha.strip_suffix(".patch")).unwrap_or(sha);
            Target::Commit(sha.to_owned())
        }
        [verb, name @ ..] if verb == "tree" && !name.is_empty() => Target::Tree(name.join("/")),
        _ => Target::Other,
    };
    Some((repo, target))
}

fn repo_from_parts(host: &str, owner: &str, name: &str) -> Option<Repo> {
    let name = name.strip_suffix(".git").unwrap_or(name);
    let owner_ok = !owner.is_empty()
        && owner.len() <= 100
        && owner.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    let name_ok = !name.is_empty()
        && name.len() <= 100
        && name != "."
        && name != ".."
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    (owner_ok && name_ok).then(|| Repo {
        host: host.to_owned(),
        owner: owner.to_ascii_lowercase(),
        name: name.to_ascii_lowercase(),
    })
}

fn number(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 18 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|n| *n > 0)
}

/// Reads a URL, a scheme-less `github.com/...`, or a repository spelling
/// (`owner/repo`, `git@host:owner/repo.git`, `ssh://git@host/owner/repo`).
fn parse_repo_text(text: &str) -> Option<Repo> {
    if let Some((repo, _)) = url_target(text, true) {
        return Some(repo);
    }
    if let Some(rest) = text.strip_prefix("git@") {
        let (host, path) = rest.split_once(':')?;
        let (owner, name) = path.trim_end_matches('/').split_once('/')?;
        let host = host.to_ascii_lowercase();
        if host.is_empty() || !host.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.') {
            return None;
        }
        return repo_from_parts(&host, owner, name);
    }
    let (owner, name) = text.split_once('/')?;
    repo_from_parts(GITHUB, owner, name)
}

/// Parses `text` as a URL (adding `https://` to a scheme-less
/// `github.com/...`) and reads its GitHub shape.
fn url_target(text: &str, any_host: bool) -> Option<(Repo, Target)> {
    let lower = text.to_ascii_lowercase();
    let parsed = if lower.starts_with("github.com/") || lower.starts_with("www.github.com/") {
        Url::parse(&format!("https://{text}")).ok()?
    } else if lower.starts_with("ssh://") || lower.starts_with("git+ssh://") {
        let u = Url::parse(text).ok()?;
        Url { scheme: "https".into(), userinfo: None, port: None, ..u }
    } else {
        Url::parse(text).ok()?
    };
    github_path(&parsed, any_host)
}

pub(super) fn github_item(text: &str, pr: bool, repo_field: Option<&str>) -> Result<(Repo, u64), RefError> {
    let what = if pr { "pull request" } else { "issue" };
    let bad = || {
        RefError::new(
            MALFORMED_GITHUB_REF,
            format!("the {what} handle is not a {what} URL or `owner/repo#number`"),
        )
    };
    if url::scheme_of(text).is_some_and(|s| s.len() > 1) || text.to_ascii_lowercase().contains("github.com/")
    {
        if url::scheme_of(text).is_some() {
            Url::parse(text).map_err(malformed_url)?;
        }
        let (repo, target) = url_target(text, true).ok_or_else(bad)?;
        return match target {
            Target::Pull(n) if pr => Ok((repo, n)),
            Target::Issue(n) if !pr => Ok((repo, n)),
            _ => Err(bad()),
        };
    }
    let (repo_part, n) = text.rsplit_once('#').unwrap_or(("", text));
    let n = number(n).ok_or_else(bad)?;
    let repo = if repo_part.is_empty() {
        repo_field.and_then(parse_repo_text).ok_or_else(bad)?
    } else {
        parse_repo_text(repo_part).ok_or_else(bad)?
    };
    Ok((repo, n))
}

pub(super) fn sha(text: &str) -> Result<String, RefError> {
    let ok = (7..=40).contains(&text.len()) || text.len() == 64;
    if ok && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(text.to_ascii_lowercase())
    } else {
        Err(RefError::new(MALFORMED_SHA, "the commit handle is not a 7-40 or 64 digit hex SHA"))
    }
}

/// Reads the `url` of a commit or branch ref: a malformed URL, or a target
/// part `pick` refuses, is an error; a repository URL gives the repository;
/// a URL whose target `pick` takes gives the repository and that part.
/// `Ok(None)` for any other URL.
fn repo_url<T>(
    u: &str,
    pick: impl Fn(Target) -> Option<Result<T, RefError>>,
) -> Result<Option<(Repo, Option<T>)>, RefError> {
    if url::scheme_of(u).is_some() {
        Url::parse(u).map_err(malformed_url)?;
    }
    Ok(match url_target(u, true) {
        Some((rp, Target::Repo)) => Some((rp, None)),
        Some((rp, target)) => match pick(target) {
            Some(part) => Some((rp, Some(part?))),
            None => None,
        },
        None => None,
    })
}

/// A URL that is a commit URL gives repo and SHA; a repository URL gives the repo.
pub(super) fn parse_commit(
    url: Option<&str>,
    r: Option<&str>,
    repo_field: Option<&str>,
) -> Result<Artifact, RefError> {
    let mut repo = repo_field.and_then(parse_repo_text);
    let mut from_url = None;
    if let Some(u) = url {
        let Some((rp, s)) = repo_url(u, |t| if let Target::Commit(s) = t { Some(sha(&s)) } else { None })?
        else {
            return Err(RefError::new(
                MALFORMED_SHA,
                "the commit `url` is neither a commit URL nor a repository URL",
            ));
        };
        repo = Some(rp);
        from_url = s;
    }
    let from_ref = match r {
        None => None,
        Some(text) => match text.rsplit_once('@') {
            Some((repo_part, s)) if !repo_part.is_empty() => {
                let rp = parse_repo_text(repo_part).ok_or_else(|| {
                    RefError::new(MALFORMED_SHA, "the commit `ref` is not `owner/repo@sha` or a SHA")
                })?;
                if repo.as_ref().is_some_and(|known| *known != rp) {
                    return Err(RefError::new(
                        URL_REF_MISMATCH,
                        "the commit `url` and `ref` name different repositories",
                    ));
                }
                repo = Some(rp);
                Some(sha(s)?)
            }
            _ => match url_target(text, true) {
                Some((rp, Target::Commit(s))) => {
                    repo = repo.or(Some(rp));
                    Some(sha(&s)?)
                }
                _ => Some(sha(text)?),
            },
        },
    };
    let sha = match (from_url, from_ref) {
        (Some(a), Some(b)) if !(a.starts_with(&b) || b.starts_with(&a)) => {
            return Err(RefError::new(URL_REF_MISMATCH, "the commit `url` and `ref` name different SHAs"));
        }
        (Some(a), Some(b)) => {
            if a.len() >= b.len() {
                a
            } else {
                b
            }
        }
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => return Err(missing_handle()),
    };
    Ok(Artifact::Commit { repo, sha })
}

/// git check-ref-format, for one branch name.
pub(super) fn branch_name(text: &str) -> Result<String, RefError> {
    let name = text.strip_prefix("refs/heads/").unwrap_or(text);
    let bad = name.is_empty()
        || name.len() > 255
        || name == "@"
        || name.starts_with('/')
        || name.starts_with('-')
        || name.ends_with('/')
        || name.ends_with('.')
        || name.ends_with(".lock")
        || name.contains("..")
        || name.contains("//")
        || name.contains("@{")
        || name.split('/').any(|part| part.starts_with('.') || part.ends_with(".lock"))
        || name.chars().any(|c| {
            c.is_control() || c.is_whitespace() || matches!(c, '~' | '^' | ':' | '?' | '*' | '[' | '\\')
        });
    if bad {
        return Err(RefError::new(MALFORMED_BRANCH, "the branch name breaks git's ref-name rules"));
    }
    Ok(name.to_owned())
}

pub(super) fn parse_branch(
    url: Option<&str>,
    r: Option<&str>,
    repo_field: Option<&str>,
) -> Result<Artifact, RefError> {
    let mut repo = repo_field.and_then(parse_repo_text);
    let mut from_url = None;
    if let Some(u) = url {
        let Some((rp, name)) =
            repo_url(u, |t| if let Target::Tree(name) = t { Some(branch_name(&name)) } else { None })?
        else {
            return Err(RefError::new(
                MALFORMED_BRANCH,
                "the branch `url` is neither a `tree/<branch>` URL nor a repository URL",
            ));
        };
        repo = Some(rp);
        from_url = name;
    }
    let from_ref = r.map(branch_name).transpose()?;
    let name = agree(from_url, from_ref)?;
    Ok(Artifact::Branch { repo, name })
}
