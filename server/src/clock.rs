//! Time source. Production uses the system clock; tests inject a clock they can move
//! forward (e.g. past the 10-minute inactivity limit) without sleeping.

use std::sync::Mutex;

use chrono::{DateTime, Duration, Utc};

/// A time as the database stores it: ISO 8601 in UTC to the second (`2026-11-29T14:05:00Z`),
/// so that stored times compare as text.
pub fn iso(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// Something that tells the time.
pub trait Clock: Send + Sync + 'static {
    fn now(&self) -> DateTime<Utc>;
    /// Unix seconds.
    fn unix(&self) -> i64 {
        self.now().timestamp()
    }
}

/// The real clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// The system clock plus an offset that tests can advance.
#[derive(Default)]
pub struct ManualClock {
    offset: Mutex<Duration>,
}

impl ManualClock {
    /// Moves this clock forward.
    pub fn advance(&self, by: Duration) {
        if let Ok(mut o) = self.offset.lock() {
            *o += by;
        }
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        let offset = self.offset.lock().map(|o| *o).unwrap_or_default();
        Utc::now() + offset
    }
}
