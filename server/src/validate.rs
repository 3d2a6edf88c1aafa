//! Field formats of the product (section 5 of the spec) shared by every domain.

use std::sync::LazyLock;

use regex::Regex;
use unicode_normalization::UnicodeNormalization;

use crate::contract;

/// A published pattern (`contract::*_PATTERN`) compiled once: the server checks the very
/// expression the clients are given.
pub fn pattern(p: &'static str) -> Regex {
    Regex::new(p).unwrap_or_else(|e| panic!("contract pattern {p} compiles: {e}"))
}

/// Whether `v` is in a published inclusive range (`contract::*` pairs).
pub fn in_range((lo, hi): (i64, i64), v: i64) -> bool {
    (lo..=hi).contains(&v)
}

static CURP: LazyLock<Regex> = LazyLock::new(|| pattern(contract::CURP_PATTERN));
static RFC: LazyLock<Regex> = LazyLock::new(|| pattern(contract::RFC_PATTERN));
static EMAIL: LazyLock<Regex> = LazyLock::new(|| pattern(contract::EMAIL_PATTERN));
static PHONE: LazyLock<Regex> = LazyLock::new(|| pattern(contract::PHONE_PATTERN));
static NAME: LazyLock<Regex> = LazyLock::new(|| pattern(contract::NAME_PATTERN));

/// CURP: 18 characters in the official format (upper case).
pub fn is_curp(s: &str) -> bool {
    s.len() == contract::CURP_LEN && CURP.is_match(s)
}

/// RFC: 12 (company) or 13 (person) characters in the official format.
pub fn is_rfc(s: &str) -> bool {
    let n = s.chars().count();
    (contract::RFC_MIN..=contract::RFC_MAX).contains(&n) && RFC.is_match(s)
}

pub fn is_email(s: &str) -> bool {
    s.len() <= contract::EMAIL_MAX && EMAIL.is_match(s)
}

/// Phone: digits only, 8 to 15 of them.
pub fn is_phone(s: &str) -> bool {
    (contract::PHONE_MIN..=contract::PHONE_MAX).contains(&s.len()) && PHONE.is_match(s)
}

/// An ISO date (yyyy-mm-dd).
pub fn parse_date(s: &str) -> Option<chrono::NaiveDate> {
    chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").ok()
}

/// Letters, digits, spaces and common name punctuation (`contract::NAME_PATTERN`), not
/// only spaces.
pub fn is_alphanumeric_text(s: &str) -> bool {
    !s.trim().is_empty() && NAME.is_match(s)
}

/// Lower case without accents: what searches compare.
pub fn fold(s: &str) -> String {
    s.nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Trims and upper-cases an identifier (CURP, RFC).
pub fn upper(s: &str) -> String {
    s.trim().to_uppercase()
}

/// Trims and lower-cases an e-mail.
pub fn lower(s: &str) -> String {
    s.trim().to_lowercase()
}

/// 1, the default of `activo`-like flags in request bodies.
pub fn one() -> i64 {
    1
}

/// An optional text trimmed, with blank as None.
pub fn trimmed(v: &Option<String>) -> Option<String> {
    v.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curp_and_rfc_formats() {
        assert!(is_curp("GOML850312HNLRPS09"));
        assert!(!is_curp("GOML850312HNLRPS0"));
        assert!(!is_curp("GOML851312HNLRPS09"));
        assert!(is_rfc("GOML850312AB1"));
        assert!(is_rfc("ABC850312AB1"));
        assert!(!is_rfc("GOML8503"));
    }

    #[test]
    fn folding_removes_accents_and_case() {
        assert_eq!(fold("José Núñez"), "jose nunez");
    }

    #[test]
    fn emails_and_phones() {
        assert!(is_email("ana.lopez@empresa.com.mx"));
        assert!(!is_email("ana@empresa"));
        assert!(is_phone("8112345678"));
        assert!(!is_phone("81-1234-5678"));
    }
}
