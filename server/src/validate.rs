//! Field formats of the product (section 5 of the spec) shared by every domain.

use std::sync::LazyLock;

use regex::Regex;
use unicode_normalization::UnicodeNormalization;

static CURP: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[A-Z][AEIOUX][A-Z]{2}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[HMX](AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE)[B-DF-HJ-NP-TV-Z]{3}[A-Z\d]\d$")
        .expect("valid CURP pattern")
});
static RFC: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{2}[A\d]$").expect("valid RFC pattern"));
static EMAIL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}$")
        .expect("valid e-mail pattern")
});

/// CURP: 18 characters in the official format (upper case).
pub fn is_curp(s: &str) -> bool {
    s.len() == 18 && CURP.is_match(s)
}

/// RFC: 12 (company) or 13 (person) characters in the official format.
pub fn is_rfc(s: &str) -> bool {
    let n = s.chars().count();
    (12..=13).contains(&n) && RFC.is_match(s)
}

pub fn is_email(s: &str) -> bool {
    s.len() <= 150 && EMAIL.is_match(s)
}

/// Phone: digits only, 8 to 15 of them.
pub fn is_phone(s: &str) -> bool {
    (8..=15).contains(&s.len()) && s.chars().all(|c| c.is_ascii_digit())
}

/// An ISO date (yyyy-mm-dd).
pub fn parse_date(s: &str) -> Option<chrono::NaiveDate> {
    chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").ok()
}

/// Letters, digits, spaces and common name punctuation.
pub fn is_alphanumeric_text(s: &str) -> bool {
    !s.trim().is_empty()
        && s.chars()
            .all(|c| c.is_alphanumeric() || " .,-'&()/#°".contains(c))
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
