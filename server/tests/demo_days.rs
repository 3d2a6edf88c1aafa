//! The demo company loads on any day of the week: its schedule is relative to today, and the
//! internal instructor's evening courses must not collide whatever weekday that is (a
//! Friday-to-Sunday start once put the online induction on the forklift course's evening).

use std::sync::Arc;

use aula::clock::ManualClock;
use aula::config::Config;
use chrono::Duration;

#[tokio::test]
async fn the_demo_loads_whatever_the_day_of_the_week() {
    for days in 0..7 {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut config = Config::for_dir(dir.path().join("data"));
        config.storage = dir.path().join("uploads").to_string_lossy().into_owned();
        let clock = Arc::new(ManualClock::default());
        clock.advance(Duration::days(days));
        let running = aula::start(config, clock.clone(), false)
            .await
            .expect("server starts");
        let loaded = aula::demo::load(&running.state, 60).await;
        assert!(
            loaded.is_ok(),
            "the demo does not load {days} day(s) from now ({}): {:?}",
            aula::clock::Clock::now(clock.as_ref()).format("%A %Y-%m-%d"),
            loaded.err()
        );
        running.stop().await;
    }
}
