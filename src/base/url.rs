//! A small, strict URL parser for artifact handles.
//!
//! The `url` crate (WHATWG) costs about 64 KB of gzipped wasm, most of it IDNA
//! tables, which the npm package cannot afford. Artifact handles need less
//! than a browser: this parser reads absolute URLs (`scheme:` then either
//! `//authority path?query#fragment` or an opaque rest; a `file:` rest that
//! starts with `/` is a path, as after `file://`), and it is stricter
//! than WHATWG wherever a lenient reading could make one handle look like
//! another:
//!
//! - whitespace, control characters and backslashes are refused, not
//!   stripped or read as `/`;
//! - a host is percent-decoded (as WHATWG does), lowercased and must then be
//!   ASCII letters, digits, `-`, `_` and `.`; a host with any other
//!   character is refused, and a non-ASCII host is kept as
//!   [`Host::International`] and never compared with an ASCII one, so
//!   `gіthub.com` with a Cyrillic `і` is never `github.com`;
//! - a host ending in a number must be a plain dotted quad (`0x7f.1` and
//!   `2130706433` are refused rather than read as `127.0.0.1`);
//! - IPv6 literals are parsed and printed in RFC 5952 form; zone ids are refused;
//! - userinfo is everything before the last `@` of the authority;
//! - the path is normalised: percent-escapes of unreserved characters are
//!   decoded, other escapes uppercased, dot segments (also `%2e`) removed,
//!   other non-ASCII or unsafe bytes percent-encoded; a bad `%` is refused.
//!
//! Nothing here panics; every refusal is a [`UrlError`].

use core::net::{Ipv4Addr, Ipv6Addr};
use std::fmt;

/// Why a text is not a URL this crate accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UrlError {
    /// The text is empty.
    Empty,
    /// There is no `scheme:` prefix.
    NoScheme,
    /// The scheme has a character outside `a-z 0-9 + - .` or does not start with a letter.
    BadScheme,
    /// A space, a tab, a line break or another control character.
    WhitespaceOrControl,
    /// A backslash (browsers read it as `/` in some schemes and not in others).
    Backslash,
    /// A `%` not followed by two hex digits.
    BadPercent,
    /// The authority has no host.
    MissingHost,
    /// The host has a character a host name cannot have.
    BadHost,
    /// The host ends in a number but is not a plain dotted quad.
    AmbiguousIpv4,
    /// A bracketed IPv6 literal that does not parse (zone ids included).
    BadIpv6,
    /// The port is not a number from 0 to 65535.
    BadPort,
    /// A `http`/`https`/`ftp`/`ws`/`wss` URL without `//`.
    MissingAuthority,
}

impl UrlError {
    /// What went wrong, one line, for a human.
    pub fn describe(self) -> &'static str {
        match self {
            UrlError::Empty => "the URL is empty",
            UrlError::NoScheme => "the URL has no scheme such as `https:`",
            UrlError::BadScheme => "the URL scheme is not letters, digits, `+`, `-` or `.`",
            UrlError::WhitespaceOrControl => "the URL contains whitespace or a control character",
            UrlError::Backslash => "the URL contains a backslash",
            UrlError::BadPercent => "the URL has a `%` that is not followed by two hex digits",
            UrlError::MissingHost => "the URL names no host",
            UrlError::BadHost => "the URL host has a character a host name cannot have",
            UrlError::AmbiguousIpv4 => "the URL host ends in a number but is not a plain dotted IPv4 address",
            UrlError::BadIpv6 => "the URL has a malformed IPv6 address",
            UrlError::BadPort => "the URL port is not a number from 0 to 65535",
            UrlError::MissingAuthority => "the URL scheme needs `//` and a host",
        }
    }
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// The host of a URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Host {
    /// An ASCII domain name, lowercased, without a trailing dot.
    Domain(String),
    /// A host with non-ASCII characters after percent-decoding, lowercased
    /// only in its ASCII part. Never equal to any [`Host::Domain`].
    International(String),
    /// A dotted-quad IPv4 address.
    Ipv4([u8; 4]),
    /// An IPv6 address.
    Ipv6([u16; 8]),
}

impl Host {
    /// Whether the host is internationalised: non-ASCII, or an ASCII label in
    /// punycode (`xn--`).
    pub fn is_international(&self) -> bool {
        match self {
            Host::International(_) => true,
            Host::Domain(d) => d.split('.').any(|label| label.starts_with("xn--")),
            Host::Ipv4(_) | Host::Ipv6(_) => false,
        }
    }

    /// Whether the host names this machine (`localhost`, `*.localhost`,
    /// `127.0.0.0/8`, `::1`, `0.0.0.0`, `::`).
    pub fn is_loopback(&self) -> bool {
        match self {
            Host::Domain(d) => d == "localhost" || d.ends_with(".localhost"),
            Host::Ipv4([a, b, c, d]) => *a == 127 || [*a, *b, *c, *d] == [0, 0, 0, 0],
            Host::Ipv6(g) => {
                *g == [0, 0, 0, 0, 0, 0, 0, 1]
                    || *g == [0; 8]
                    || mapped_v4(g).is_some_and(|v4| v4.is_loopback())
            }
            Host::International(_) => false,
        }
    }

    /// Whether the host is only reachable on a private network: RFC 1918 and
    /// link-local IPv4, IPv6 unique-local and link-local, and the `.local`,
    /// `.internal`, `.lan` and `.home.arpa` names, or a single-label name.
    pub fn is_private(&self) -> bool {
        match self {
            Host::Domain(d) => {
                !d.contains('.')
                    || [".local", ".internal", ".lan", ".home.arpa", ".intranet", ".corp"]
                        .iter()
                        .any(|suffix| d.ends_with(suffix))
            }
            Host::Ipv4([a, b, _, _]) => {
                *a == 10
                    || (*a == 172 && (16..=31).contains(b))
                    || (*a == 192 && *b == 168)
                    || (*a == 169 && *b == 254)
                    || (*a == 100 && (64..=127).contains(b))
            }
            Host::Ipv6(g) => {
                let first = g.first().copied().unwrap_or(0);
                (first & 0xfe00) == 0xfc00
                    || (first & 0xffc0) == 0xfe80
                    || mapped_v4(g).is_some_and(|v4| v4.is_private())
            }
            Host::International(_) => false,
        }
    }
}

/// The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`).
fn mapped_v4(g: &[u16; 8]) -> Option<Host> {
    let [0, 0, 0, 0, 0, 0xffff, hi, lo] = *g else { return None };
    let [a, b] = hi.to_be_bytes();
    let [c, d] = lo.to_be_bytes();
    Some(Host::Ipv4([a, b, c, d]))
}

impl fmt::Display for Host {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Domain(d) | Host::International(d) => f.write_str(d),
            Host::Ipv4([a, b, c, d]) => write!(f, "{a}.{b}.{c}.{d}"),
            Host::Ipv6(groups) => {
                f.write_str("[")?;
                f.write_str(&ipv6_text(groups))?;
                f.write_str("]")
            }
        }
    }
}

/// A parsed, normalised URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Url {
    /// The scheme, lowercased, without `:`.
    pub scheme: String,
    /// The userinfo before `@`, as written (still percent-encoded), when there is one.
    pub userinfo: Option<String>,
    /// The host, when the URL has an authority.
    pub host: Option<Host>,
    /// The port, when one is written and it is not the scheme's default.
    pub port: Option<u16>,
    /// The path, normalised; for an opaque URL (`mailto:`, `javascript:`) the rest after `scheme:`.
    pub path: String,
    /// The query without `?`, when there is one.
    pub query: Option<String>,
    /// The fragment without `#`, when there is one.
    pub fragment: Option<String>,
}

/// Schemes whose URLs must have `//` and a host.
const HOST_SCHEMES: &[&str] = &["http", "https", "ftp", "ws", "wss"];

impl Url {
    /// Parses an absolute URL.
    pub fn parse(text: &str) -> Result<Url, UrlError> {
        if text.is_empty() {
            return Err(UrlError::Empty);
        }
        if text.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(UrlError::WhitespaceOrControl);
        }
        if text.contains('\\') {
            return Err(UrlError::Backslash);
        }
        let scheme = scheme_of(text)
            .ok_or_else(|| if text.contains(':') { UrlError::BadScheme } else { UrlError::NoScheme })?;
        let rest = text.get(scheme.len() + 1..).unwrap_or("");
        let (before_fragment, fragment) = match rest.split_once('#') {
            Some((a, f)) => (a, Some(normalise_component(f)?)),
            None => (rest, None),
        };
        let (before_query, query) = match before_fragment.split_once('?') {
            Some((a, q)) => (a, Some(normalise_component(q)?)),
            None => (before_fragment, None),
        };
        let Some(hier) = before_query.strip_prefix("//") else {
            if HOST_SCHEMES.contains(&scheme.as_str()) {
                return Err(UrlError::MissingAuthority);
            }
            let mut path = normalise_component(before_query)?;
            // `file:/a` is `file:///a` (it prints so): its dot segments go
            // as they would there, so the printed URL reads back the same.
            if scheme == "file" && path.starts_with('/') {
                path = remove_dot_segments(&path);
            }
            return Ok(Url { path, scheme, userinfo: None, host: None, port: None, query, fragment });
        };
        let (authority, raw_path) = match hier.find('/') {
            Some(at) => (hier.get(..at).unwrap_or(""), hier.get(at..).unwrap_or("")),
            None => (hier, ""),
        };
        let (userinfo, host_port) = match authority.rfind('@') {
            Some(at) => (Some(authority.get(..at).unwrap_or("")), authority.get(at + 1..).unwrap_or("")),
            None => (None, authority),
        };
        if let Some(info) = userinfo {
            check_percent(info)?;
        }
        let (host_text, port_text) = split_port(host_port)?;
        let host = if host_text.is_empty() {
            if scheme == "file" {
                None
            } else {
                return Err(UrlError::MissingHost);
            }
        } else {
            Some(parse_host(host_text)?)
        };
        let port = match port_text {
            None | Some("") => None,
            Some(p) => {
                if p.len() > 5 || !p.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(UrlError::BadPort);
                }
                let n: u32 = p.parse().map_err(|_| UrlError::BadPort)?;
                let n = u16::try_from(n).map_err(|_| UrlError::BadPort)?;
                if default_port(&scheme) == Some(n) { None } else { Some(n) }
            }
        };
        let mut path = remove_dot_segments(&normalise_component(raw_path)?);
        if path.is_empty() && HOST_SCHEMES.contains(&scheme.as_str()) {
            path.push('/');
        }
        Ok(Url { scheme, userinfo: userinfo.map(str::to_owned), host, port, path, query, fragment })
    }

    /// The path split into its segments, each fully percent-decoded (lossy
    /// UTF-8). Empty segments are kept; the leading `/` gives none.
    pub fn path_segments(&self) -> Vec<String> {
        let path = self.path.strip_prefix('/').unwrap_or(&self.path);
        if path.is_empty() {
            return Vec::new();
        }
        path.split('/').map(|s| String::from_utf8_lossy(&percent_decode(s)).into_owned()).collect()
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.scheme)?;
        if let Some(host) = &self.host {
            f.write_str("//")?;
            if let Some(info) = &self.userinfo {
                write!(f, "{info}@")?;
            }
            write!(f, "{host}")?;
            if let Some(port) = self.port {
                write!(f, ":{port}")?;
            }
        } else if self.scheme == "file" && (self.path.is_empty() || self.path.starts_with('/')) {
            // An empty authority, unless the path is opaque (`file:a`): `//`
            // before it would make its first segment a host.
            f.write_str("//")?;
        }
        f.write_str(&self.path)?;
        if let Some(q) = &self.query {
            write!(f, "?{q}")?;
        }
        if let Some(fr) = &self.fragment {
            write!(f, "#{fr}")?;
        }
        Ok(())
    }
}

/// The lowercased scheme of `text` when it starts with `scheme:` (a letter,
/// then letters, digits, `+`, `-`, `.`), without parsing the rest.
pub fn scheme_of(text: &str) -> Option<String> {
    let (scheme, _) = text.split_once(':')?;
    let mut chars = scheme.chars();
    let first = chars.next()?;
    if !first.is_ascii_alphabetic()
        || !chars.all(|c| c.is_ascii_alphanumeric() || c == '+' || c == '-' || c == '.')
    {
        return None;
    }
    Some(scheme.to_ascii_lowercase())
}

fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

/// Splits `host[:port]`, minding IPv6 brackets.
fn split_port(host_port: &str) -> Result<(&str, Option<&str>), UrlError> {
    if host_port.starts_with('[') {
        let close = host_port.find(']').ok_or(UrlError::BadIpv6)?;
        let host = host_port.get(..=close).unwrap_or("");
        let after = host_port.get(close + 1..).unwrap_or("");
        return match after.strip_prefix(':') {
            Some(port) => Ok((host, Some(port))),
            None if after.is_empty() => Ok((host, None)),
            None => Err(UrlError::BadIpv6),
        };
    }
    Ok(match host_port.rsplit_once(':') {
        Some((h, p)) => (h, Some(p)),
        None => (host_port, None),
    })
}

fn parse_host(text: &str) -> Result<Host, UrlError> {
    if let Some(inner) = text.strip_prefix('[') {
        let inner = inner.strip_suffix(']').ok_or(UrlError::BadIpv6)?;
        return parse_ipv6(inner).map(Host::Ipv6).ok_or(UrlError::BadIpv6);
    }
    if text.contains('[') || text.contains(']') {
        return Err(UrlError::BadHost);
    }
    check_percent(text)?;
    let decoded = String::from_utf8(percent_decode(text)).map_err(|_| UrlError::BadHost)?;
    if decoded.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(UrlError::BadHost);
    }
    if !decoded.is_ascii() {
        if decoded.chars().any(|c| c.is_ascii() && !is_host_char(c)) {
            return Err(UrlError::BadHost);
        }
        return Ok(Host::International(decoded.to_ascii_lowercase()));
    }
    let lower = decoded.to_ascii_lowercase();
    let name = lower.strip_suffix('.').unwrap_or(&lower);
    if name.is_empty() || !name.chars().all(is_host_char) || name.split('.').any(str::is_empty) {
        return Err(UrlError::BadHost);
    }
    let last = name.rsplit('.').next().unwrap_or("");
    let ends_in_number = last.bytes().all(|b| b.is_ascii_digit())
        || (last.starts_with("0x") && last.bytes().skip(2).all(|b| b.is_ascii_hexdigit()));
    if ends_in_number {
        return parse_ipv4(name).map(Host::Ipv4).ok_or(UrlError::AmbiguousIpv4);
    }
    Ok(Host::Domain(name.to_owned()))
}

fn is_host_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '.' || c == '_'
}

/// A strict dotted quad: four decimal parts 0..=255 without leading zeros
/// (`core::net` reads it so).
fn parse_ipv4(text: &str) -> Option<[u8; 4]> {
    text.parse::<Ipv4Addr>().ok().map(|a| a.octets())
}

/// RFC 4291 text form, with `::` and a trailing dotted quad, without a zone
/// id (`core::net` reads it so).
fn parse_ipv6(text: &str) -> Option<[u16; 8]> {
    text.parse::<Ipv6Addr>().ok().map(|a| a.segments())
}

/// RFC 5952: lowercase hex, no leading zeros, the longest run (≥ 2) of zero
/// groups compressed to `::` (the first when tied). An IPv4-mapped address
/// stays in hex (`::ffff:7f00:1`, as WHATWG URLs print it, where
/// `core::net` writes `::ffff:127.0.0.1`): a host is printed one way
/// whichever way it was written. (`core::net`'s printer is not used: its
/// code is larger than this, in the wasm module.)
fn ipv6_text(groups: &[u16; 8]) -> String {
    let hex = |part: &[u16]| part.iter().map(|g| format!("{g:x}")).collect::<Vec<_>>().join(":");
    let (mut run, mut at) = ((0, 0), 0);
    while at < groups.len() {
        let zeros = groups.iter().skip(at).take_while(|&&g| g == 0).count();
        if zeros > run.1 {
            run = (at, zeros);
        }
        at += zeros.max(1);
    }
    match run {
        (start, len) if len >= 2 => {
            let (head, rest) = groups.split_at(start);
            format!("{}::{}", hex(head), hex(rest.get(len..).unwrap_or_default()))
        }
        _ => hex(groups),
    }
}

fn check_percent(text: &str) -> Result<(), UrlError> {
    let bytes = text.as_bytes();
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'%' {
            let ok = matches!(
                (bytes.get(i + 1), bytes.get(i + 2)),
                (Some(h), Some(l)) if h.is_ascii_hexdigit() && l.is_ascii_hexdigit()
            );
            if !ok {
                return Err(UrlError::BadPercent);
            }
        }
    }
    Ok(())
}

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Decodes every valid `%XX` escape once; a `%` without two hex digits is
/// kept as it is. Never fails.
pub fn percent_decode(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%'
            && let (Some(h), Some(l)) =
                (bytes.get(i + 1).and_then(|x| hex_value(*x)), bytes.get(i + 2).and_then(|x| hex_value(*x)))
        {
            out.push(h * 16 + l);
            i += 3;
            continue;
        }
        out.push(b);
        i += 1;
    }
    out
}

/// Decodes percent-escapes repeatedly (at most `rounds` times) until the
/// text stops changing, as lossy UTF-8: what a double-encoded value hides.
pub fn percent_decode_deep(text: &str, rounds: usize) -> String {
    let mut current = text.to_owned();
    for _ in 0..rounds {
        if !current.contains('%') {
            break;
        }
        let next = String::from_utf8_lossy(&percent_decode(&current)).into_owned();
        if next == current {
            break;
        }
        current = next;
    }
    current
}

fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// Normalises a path, query or fragment: escapes of unreserved characters
/// decoded, other escapes uppercased, non-ASCII and unsafe bytes encoded.
fn normalise_component(text: &str) -> Result<String, UrlError> {
    check_percent(text)?;
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let (h, l) =
                (bytes.get(i + 1).copied().unwrap_or(b'0'), bytes.get(i + 2).copied().unwrap_or(b'0'));
            let value = hex_value(h).unwrap_or(0) * 16 + hex_value(l).unwrap_or(0);
            if is_unreserved(value) {
                out.push(char::from(value));
            } else {
                out.push('%');
                out.push(char::from(h.to_ascii_uppercase()));
                out.push(char::from(l.to_ascii_uppercase()));
            }
            i += 3;
            continue;
        }
        if b.is_ascii_graphic() && !matches!(b, b'"' | b'<' | b'>' | b'`' | b'{' | b'}' | b'|' | b'^') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
        i += 1;
    }
    Ok(out)
}

/// RFC 3986 §5.2.4 on a normalised path.
fn remove_dot_segments(path: &str) -> String {
    if !path.starts_with('/') {
        return path.to_owned();
    }
    let mut out: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').skip(1).collect();
    let count = segments.len();
    for (i, seg) in segments.into_iter().enumerate() {
        let last = i + 1 == count;
        match seg {
            "." => {
                if last {
                    out.push("");
                }
            }
            ".." => {
                out.pop();
                if last {
                    out.push("");
                }
            }
            s => out.push(s),
        }
    }
    format!("/{}", out.join("/"))
}

#[cfg(test)]
mod tests;
