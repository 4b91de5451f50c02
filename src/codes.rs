//! The code table: every stable code of the crate, gathered from the
//! `CODES` table each module declares with
//! [`define_codes!`](crate::define_codes).
//!
//! It sits above every layer, beside the facade, since it names them all;
//! the foundation ([`diagnostic`](crate::diagnostic)) only defines what a
//! code is. Codes are never renamed or reused: retire and add.

use crate::diagnostic::CodeInfo;

/// Every stable code of the crate, sorted by code.
pub fn all_codes() -> Vec<CodeInfo> {
    let tables: &[&[CodeInfo]] = &[
        crate::error::CODES,
        crate::fields::CODES,
        crate::json::CODES,
        crate::limits::CODES,
        crate::vocab::CODES,
        crate::principal::CODES,
        crate::validate::CODES,
        crate::upstream::CODES,
        crate::peer::CODES,
        crate::project::CODES,
        crate::notice::CODES,
        crate::attest::CODES,
        crate::ledger::CODES,
        crate::ledger::delivery::CODES,
        crate::artifact::CODES,
        crate::locality::CODES,
        crate::digest::CODES,
        crate::secrets::CODES,
        crate::notify::CODES,
        crate::compat::CODES,
        crate::event::CODES,
        crate::work_ad::CODES,
        crate::handoff::CODES,
        crate::receipt::CODES,
        crate::spawn::CODES,
        crate::capability::CODES,
    ];
    let mut all: Vec<CodeInfo> = tables.iter().flat_map(|t| t.iter().copied()).collect();
    all.sort_by_key(|c| c.code);
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_kebab_case() {
        let all = all_codes();
        for pair in all.windows(2) {
            if let [a, b] = pair {
                assert_ne!(a.code, b.code, "duplicate code");
            }
        }
        for c in &all {
            let (area, name) = c.code.split_once('/').unwrap_or(("", ""));
            let kebab = |s: &str| {
                !s.is_empty()
                    && s.chars().all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-')
            };
            assert!(kebab(area) && kebab(name), "{} is not area/kebab-case", c.code);
            assert!(!c.meaning.ends_with('.'), "{}: meaning ends with a period", c.code);
        }
    }
}
