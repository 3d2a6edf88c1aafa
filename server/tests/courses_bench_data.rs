//! The benchmark data generator writes the courses and sessions it says.

use crate::common;

use common::TestServer;

#[tokio::test]
async fn the_generator_writes_every_course_with_one_to_three_sessions() {
    let s = TestServer::start().await;
    let (antes, sesiones_antes): (i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM cursos), (SELECT COUNT(*) FROM cursos_sesiones)",
    )
    .fetch_one(&s.state().db.read)
    .await
    .expect("count");
    let (cursos, filas) = aula::courses::bench_data::generate(s.state(), 1200)
        .await
        .expect("generated");
    assert_eq!(cursos, 1200);
    let (n, sesiones): (i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM cursos), (SELECT COUNT(*) FROM cursos_sesiones)",
    )
    .fetch_one(&s.state().db.read)
    .await
    .expect("counts");
    assert_eq!(n - antes, 1200);
    let sesiones = sesiones - sesiones_antes;
    assert_eq!(filas as i64, 1200 + sesiones);
    assert!((1200..=3600).contains(&sesiones), "{sesiones}");
}
