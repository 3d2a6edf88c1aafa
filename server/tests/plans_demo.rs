//! Demo training plans (issue 11, package C): requirements of every program, one disabled
//! with its history, a history with expired and this-month expiries, plant compliance
//! between 40 % and 95 %, and a participant with pending and completed topics.

use crate::common;
use crate::plans_support;

use chrono::Datelike;
use common::*;
use plans_support::*;

async fn check_demo(s: &TestServer) {
    let db = &s.state().db.read;
    let hoy = iso(today(s));
    let programas: Vec<String> =
        sqlx::query_scalar("SELECT DISTINCT programa FROM plan_requerimientos ORDER BY programa")
            .fetch_all(db)
            .await
            .expect("programs");
    assert_eq!(
        programas,
        [
            "bloque",
            "empleado",
            "especifica",
            "formacion",
            "institucional",
            "planta"
        ]
    );
    let (deshabilitados, con_motivo): (i64, i64) = sqlx::query_as(
        "SELECT COUNT(DISTINCT r.id_requerimiento), COUNT(ev.id_evento) FROM plan_requerimientos r
         LEFT JOIN plan_requerimientos_eventos ev ON ev.id_requerimiento = r.id_requerimiento
              AND ev.accion = 'deshabilitar' AND ev.motivo IS NOT NULL
         WHERE r.habilitado = 0",
    )
    .fetch_one(db)
    .await
    .expect("disabled");
    assert!(deshabilitados >= 1 && con_motivo >= 1);

    let por_planta: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT e.cve_planta, COUNT(*), SUM(CASE WHEN p.vigencia >= ? THEN 1 ELSE 0 END)
         FROM plan_empleados_temas p JOIN empleados e ON e.cve_empleado = p.cve_empleado
         WHERE p.obligatoria = 1 AND e.cve_planta IS NOT NULL GROUP BY e.cve_planta",
    )
    .bind(&hoy)
    .fetch_all(db)
    .await
    .expect("compliance");
    assert!(!por_planta.is_empty());
    for (planta, requeridos, acreditados) in &por_planta {
        if *requeridos < 10 {
            continue;
        }
        let pct = *acreditados as f64 * 100.0 / *requeridos as f64;
        assert!(
            (40.0..=95.0).contains(&pct),
            "plant {planta}: {pct:.1} % of {requeridos}"
        );
    }

    let vencidos: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM plan_estado_temas WHERE vigencia < ? AND reprobado = 0",
    )
    .bind(&hoy)
    .fetch_one(db)
    .await
    .expect("expired");
    assert!(vencidos >= 1);
    let t = today(s);
    let mes = format!("{:04}-{:02}-", t.year(), t.month());
    let este_mes: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM plan_estado_temas WHERE vigencia >= ? AND vigencia LIKE ?",
    )
    .bind(&hoy)
    .bind(format!("{mes}%"))
    .fetch_one(db)
    .await
    .expect("this month");
    assert!(este_mes >= 1, "an accreditation expires this month");

    // Some people hold every mandatory topic of their plan (population control's "Cumplen").
    let cumplen: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM (SELECT cve_empleado FROM plan_empleados_temas WHERE obligatoria = 1
         GROUP BY cve_empleado HAVING MIN(CASE WHEN vigencia >= ? THEN 1 ELSE 0 END) = 1)",
    )
    .bind(&hoy)
    .fetch_one(db)
    .await
    .expect("compliant");
    assert!(cumplen >= 3, "compliant employees: {cumplen}");

    let p = s.cve_of(PARTICIPANTE).await;
    let (total, acreditados): (i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), SUM(CASE WHEN vigencia >= ? THEN 1 ELSE 0 END)
         FROM plan_empleados_temas WHERE cve_empleado = ?",
    )
    .bind(&hoy)
    .bind(p)
    .fetch_one(db)
    .await
    .expect("participant");
    assert!(acreditados >= 2, "completed: {acreditados}");
    assert!(total - acreditados >= 2, "pending: {}", total - acreditados);
    let cache = aula::plans::cache_mismatches(&mut db.acquire().await.expect("conn"))
        .await
        .expect("cache");
    assert!(cache.is_empty(), "{cache:?}");
}

#[tokio::test]
async fn the_demo_has_requirements_of_every_program_and_a_believable_history() {
    let s = TestServer::start().await;
    check_demo(&s).await;
}

#[tokio::test]
async fn the_demo_history_holds_with_three_hundred_employees() {
    // `--demo` loads the default 300 employees.
    let s = TestServer::start_with(|c| c.demo = true).await;
    check_demo(&s).await;
}

/// The demo's courses: closed ones whose results are in the ledger, this week's with the
/// participant enrolled, one full with a waiting list, requests waiting for the supervisor
/// and for the analyst (with the notification that carries the buttons), and a course-date
/// request.
#[tokio::test]
async fn the_demo_has_courses_in_every_state_the_screens_show() {
    let s = TestServer::start().await;
    let db = &s.state().db.read;
    let q = |sql: &'static str| async move {
        sqlx::query_scalar::<_, i64>(sql)
            .fetch_one(db)
            .await
            .expect(sql)
    };
    assert!(
        q("SELECT COUNT(*) FROM cursos WHERE estatus = 'cerrado' AND inscritos > 0").await >= 5
    );
    assert!(
        q("SELECT COUNT(*) FROM plan_acreditaciones WHERE origen = 'curso' AND acreditado = 1")
            .await
            > 20
    );
    assert!(
        q("SELECT COUNT(*) FROM cursos c WHERE inscritos = capacidad AND EXISTS (
             SELECT 1 FROM cursos_inscripciones i WHERE i.cve_curso = c.cve_curso AND i.estatus = 'espera')")
        .await
            >= 1
    );
    let participante = s.cve_of(PARTICIPANTE).await;
    let t = s.login(PARTICIPANTE).await;
    let plan = s
        .post(
            &format!(
                "/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/{participante}/Pendientes"
            ),
            Some(&t),
            serde_json::json!({}),
        )
        .await;
    let con_curso = plan.body["temas"]
        .as_array()
        .expect("topics")
        .iter()
        .filter(|t| t["cve_curso"].is_i64())
        .count();
    assert!(
        con_curso >= 1,
        "the participant's plan shows a course: {:?}",
        plan.body
    );
    assert_eq!(
        q("SELECT COUNT(*) FROM cursos_solicitudes WHERE estatus = 1 AND etapa = 'coordinador'")
            .await,
        1
    );
    assert_eq!(
        q("SELECT COUNT(*) FROM cursos_solicitudes WHERE estatus = 1 AND etapa = 'analista'").await,
        1
    );
    assert_eq!(
        q("SELECT COUNT(*) FROM notificaciones WHERE idsolicitud IS NOT NULL AND estatus = 1")
            .await,
        2
    );
    assert_eq!(
        q("SELECT COUNT(*) FROM cursos_solicitudes_fecha WHERE estado = 'Pendiente'").await,
        1
    );
}
