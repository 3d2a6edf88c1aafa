//! Working days under Mexico's Ley Federal del Trabajo: the DC-3 is owed to the worker within
//! 20 working days of the course's end (spec section 9). Working days are Monday to Friday
//! except the mandatory rest days of article 74 that fall on a fixed date or weekday: 1
//! January, the first Monday of February, the third Monday of March, 1 May, 16 September,
//! the third Monday of November, 25 December, and 1 October of each sixth year from 2024
//! (the federal executive's transmission). Election days, which the article also lists, are
//! set by the electoral laws each time and are not counted.

use chrono::{Datelike, Days, NaiveDate, Weekday};

/// Working days the company has to hand over a DC-3 after the course ends.
pub const DIAS_HABILES_DC3: u32 = 20;

/// The mandatory rest days of article 74 in `year`.
pub fn rest_days(year: i32) -> Vec<NaiveDate> {
    let fixed = |m: u32, d: u32| NaiveDate::from_ymd_opt(year, m, d);
    let monday = |m: u32, n: u8| NaiveDate::from_weekday_of_month_opt(year, m, Weekday::Mon, n);
    let mut days: Vec<NaiveDate> = [
        fixed(1, 1),
        monday(2, 1),
        monday(3, 3),
        fixed(5, 1),
        fixed(9, 16),
        monday(11, 3),
        fixed(12, 25),
    ]
    .into_iter()
    .flatten()
    .collect();
    if year >= 2024 && (year - 2024) % 6 == 0 {
        days.extend(fixed(10, 1));
    }
    days.sort();
    days
}

/// Whether `day` is a working day (Monday to Friday, not a rest day).
pub fn is_working_day(day: NaiveDate) -> bool {
    !matches!(day.weekday(), Weekday::Sat | Weekday::Sun) && !rest_days(day.year()).contains(&day)
}

/// The `n`-th working day after `from` (`from` itself never counts).
pub fn add_working_days(from: NaiveDate, n: u32) -> NaiveDate {
    let mut day = from;
    let mut left = n;
    while left > 0 {
        match day.checked_add_days(Days::new(1)) {
            Some(next) => day = next,
            None => return day,
        }
        if is_working_day(day) {
            left -= 1;
        }
    }
    day
}

/// The day a course's DC-3 is due: 20 working days after its last day.
pub fn dc3_due(fecha_fin: NaiveDate) -> NaiveDate {
    add_working_days(fecha_fin, DIAS_HABILES_DC3)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("date")
    }

    #[test]
    fn the_rest_days_of_2026_fall_where_the_law_puts_them() {
        assert_eq!(
            rest_days(2026),
            [
                "2026-01-01",
                "2026-02-02",
                "2026-03-16",
                "2026-05-01",
                "2026-09-16",
                "2026-11-16",
                "2026-12-25"
            ]
            .map(d)
        );
    }

    #[test]
    fn the_transmission_of_power_is_a_rest_day_every_six_years() {
        assert!(rest_days(2030).contains(&d("2030-10-01")));
        assert!(!rest_days(2026).contains(&d("2026-10-01")));
        assert!(rest_days(2024).contains(&d("2024-10-01")));
    }

    #[test]
    fn weekends_and_rest_days_are_not_counted() {
        // Friday 2026-11-13 + 1 working day skips the weekend and Monday 16 (Revolución).
        assert_eq!(add_working_days(d("2026-11-13"), 1), d("2026-11-17"));
        // A plain week: Monday + 5 = next Monday.
        assert_eq!(add_working_days(d("2026-06-01"), 5), d("2026-06-08"));
        assert_eq!(add_working_days(d("2026-06-01"), 0), d("2026-06-01"));
    }

    #[test]
    fn a_dc3_is_due_twenty_working_days_after_the_course() {
        // Ends Wednesday 2026-12-09: 20 working days skip four weekends, Christmas and
        // New Year's Day.
        assert_eq!(dc3_due(d("2026-12-09")), d("2027-01-08"));
        // Ends Friday 2026-03-06: the third Monday of March (16th) is not counted.
        assert_eq!(dc3_due(d("2026-03-06")), d("2026-04-06"));
    }
}
