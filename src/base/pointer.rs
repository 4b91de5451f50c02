//! RFC 6901 JSON Pointers: the only way this crate names a place in a document.

use std::fmt;

/// A JSON Pointer (RFC 6901), built token by token.
///
/// The empty pointer names the whole document.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pointer(String);

impl Pointer {
    /// The pointer to the whole document (`""`).
    pub fn root() -> Self {
        Pointer(String::new())
    }

    /// A new pointer with one more reference token, escaped as RFC 6901 asks
    /// (`~` becomes `~0`, `/` becomes `~1`).
    pub fn key(&self, token: &str) -> Self {
        let mut out = String::with_capacity(self.0.len() + token.len() + 1);
        out.push_str(&self.0);
        push_token(&mut out, token);
        Pointer(out)
    }

    /// A new pointer with an array index appended.
    pub fn index(&self, index: usize) -> Self {
        // Written digit by digit: the schema walk builds one of these for
        // every pair of branches it relates, and `format!` was a tenth of it.
        let mut digits = [0u8; 20];
        let mut start = digits.len();
        let mut rest = index;
        loop {
            start -= 1;
            if let Some(d) = digits.get_mut(start) {
                *d = b'0' + (rest % 10) as u8;
            }
            rest /= 10;
            if rest == 0 || start == 0 {
                break;
            }
        }
        let mut out = String::with_capacity(self.0.len() + 1 + digits.len() - start);
        out.push_str(&self.0);
        out.push('/');
        out.extend(digits.iter().skip(start).map(|&d| char::from(d)));
        Pointer(out)
    }

    /// The pointer text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `self` is `other` or lies inside it.
    pub fn starts_with(&self, other: &Pointer) -> bool {
        self.0 == other.0
            || (self.0.starts_with(&other.0) && self.0.as_bytes().get(other.0.len()) == Some(&b'/'))
    }

    /// The rest of `self` below `prefix` (`/document/a` less `/document` is
    /// `/a`), or `None` when `self` is not inside `prefix`.
    pub fn strip_prefix(&self, prefix: &Pointer) -> Option<Pointer> {
        if self.starts_with(prefix) {
            self.0.get(prefix.0.len()..).map(|rest| Pointer(rest.to_owned()))
        } else {
            None
        }
    }

    /// Re-roots a pointer under `prefix` (`/a` under `/document` is `/document/a`).
    pub fn under(&self, prefix: &Pointer) -> Self {
        Pointer(format!("{}{}", prefix.0, self.0))
    }

    /// Splits a pointer text into its unescaped reference tokens, or `None`
    /// when the text is not a pointer (a non-empty pointer starts with `/`).
    pub fn parse(text: &str) -> Option<Vec<String>> {
        if text.is_empty() {
            return Some(Vec::new());
        }
        let rest = text.strip_prefix('/')?;
        rest.split('/')
            .map(|t| {
                let mut out = String::with_capacity(t.len());
                let mut chars = t.chars();
                while let Some(c) = chars.next() {
                    if c == '~' {
                        match chars.next() {
                            Some('0') => out.push('~'),
                            Some('1') => out.push('/'),
                            _ => return None,
                        }
                    } else {
                        out.push(c);
                    }
                }
                Some(out)
            })
            .collect()
    }
}

fn push_token(out: &mut String, token: &str) {
    out.push('/');
    for c in token.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
}

/// A place in a document whose pointer is built only when asked for: the
/// rules pass one down as they descend and ask for its [`Pointer`] only to
/// report, so a document that breaks no rule costs no pointer text.
///
/// A `&Pointer` is one; [`Below`] names a key or an index under another.
/// A place is `Sync`, so a [`Below`] can be shared between threads.
pub trait Locate: Sync {
    /// The place's pointer.
    fn pointer(&self) -> Pointer;
}

impl Locate for Pointer {
    fn pointer(&self) -> Pointer {
        self.clone()
    }
}

/// A key or an array index below another place.
#[derive(Clone, Copy)]
pub enum Below<'a> {
    /// The member `key` of the object at the place.
    Key(&'a dyn Locate, &'a str),
    /// Item `index` of the array at the place.
    Index(&'a dyn Locate, usize),
}

impl Locate for Below<'_> {
    fn pointer(&self) -> Pointer {
        match *self {
            Below::Key(up, key) => up.pointer().key(key),
            Below::Index(up, index) => up.pointer().index(index),
        }
    }
}

impl fmt::Display for Pointer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<Pointer> for String {
    fn from(p: Pointer) -> String {
        p.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_below_builds_the_pointer_a_key_would() {
        let root = Pointer::root().key("payload_json");
        let refs = Below::Key(&root, "refs/x");
        let item = Below::Index(&refs, 2);
        let kind = Below::Key(&item, "k~ind");
        assert_eq!(kind.pointer(), root.key("refs/x").index(2).key("k~ind"));
        assert_eq!(root.pointer(), root);
    }

    #[test]
    fn tokens_are_escaped_as_rfc_6901_asks() {
        let p = Pointer::root().key("a/b").key("m~n").index(3);
        assert_eq!(p.as_str(), "/a~1b/m~0n/3");
    }

    #[test]
    fn an_index_is_written_in_decimal() {
        for n in [0, 7, 10, 99, 100, 123_456, usize::MAX] {
            assert_eq!(Pointer::root().key("a").index(n).as_str(), format!("/a/{n}"));
        }
    }

    #[test]
    fn parse_undoes_escaping() {
        assert_eq!(
            Pointer::parse("/a~1b/m~0n/3"),
            Some(vec!["a/b".to_owned(), "m~n".to_owned(), "3".to_owned()])
        );
        assert_eq!(Pointer::parse(""), Some(vec![]));
        assert_eq!(Pointer::parse("a"), None);
        assert_eq!(Pointer::parse("/~2"), None);
    }

    #[test]
    fn starts_with_respects_token_boundaries() {
        let a = Pointer::root().key("payload_json");
        let b = a.key("checks");
        assert!(b.starts_with(&a));
        assert!(!Pointer::root().key("payload_jsonx").starts_with(&a));
        assert!(a.starts_with(&Pointer::root()));
    }
}
