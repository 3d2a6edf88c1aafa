//! The accreditation ledger (issue 11): the manual accreditation's checks (each a clear
//! message and nothing written), the validity rules through the API, idempotent writes from
//! every origin, and the state walking through its transitions as the clock moves.

use crate::common;
use crate::plans_support;

use chrono::Days;
use common::*;
use plans_support::*;
use reqwest::StatusCode;
use serde_json::json;

use aula::plans::{NuevaAcreditacion, Origen, Registro};

#[tokio::test]
async fn a_manual_accreditation_with_bad_input_is_refused_with_its_message_and_writes_nothing() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let known = topic(&s, &t, "LED-100", 12, "conocimiento", 1).await;
    let scale10 = topic(&s, &t, "LED-010", 12, "teorico_practico", 1).await;
    let ungraded = topic(&s, &t, "LED-NO", 12, "ninguno", 1).await;
    let inactive = topic(&s, &t, "LED-OFF", 12, "conocimiento", 0).await;
    let ayer = days_ago(&s, 1);
    let manana = iso(today(&s) + Days::new(1));

    let cases = [
        (
            p,
            json!({"cve_tema": known, "fecha": ayer, "calificacion": 90}),
            400,
            "plan.motivo_requerido",
            "motivo",
        ),
        (
            p,
            json!({"cve_tema": known, "fecha": ayer, "motivo": "   "}),
            400,
            "plan.motivo_requerido",
            "motivo",
        ),
        (
            p,
            json!({"cve_tema": known, "fecha": ayer, "calificacion": 101, "motivo": "Expediente"}),
            400,
            "plan.calificacion_fuera_de_escala",
            "calificacion",
        ),
        (
            p,
            json!({"cve_tema": known, "fecha": ayer, "calificacion": -1, "motivo": "Expediente"}),
            400,
            "plan.calificacion_fuera_de_escala",
            "calificacion",
        ),
        (
            p,
            json!({"cve_tema": scale10, "fecha": ayer, "calificacion": 0.5, "motivo": "Expediente"}),
            400,
            "plan.calificacion_fuera_de_escala",
            "calificacion",
        ),
        (
            p,
            json!({"cve_tema": ungraded, "fecha": ayer, "calificacion": 80, "motivo": "Expediente"}),
            400,
            "plan.calificacion_no_aplica",
            "calificacion",
        ),
        (
            p,
            json!({"cve_tema": known, "fecha": manana, "calificacion": 90, "motivo": "Expediente"}),
            400,
            "plan.fecha_futura",
            "fecha",
        ),
        (
            p,
            json!({"cve_tema": known, "fecha": "31/01/2025", "calificacion": 90, "motivo": "Expediente"}),
            400,
            "validacion.fecha",
            "fecha",
        ),
        (
            p,
            json!({"cve_tema": inactive, "fecha": ayer, "calificacion": 90, "motivo": "Expediente"}),
            400,
            "plan.tema_inactivo",
            "cve_tema",
        ),
        (
            p,
            json!({"cve_tema": 999_999, "fecha": ayer, "calificacion": 90, "motivo": "Expediente"}),
            400,
            "plan.tema_no_encontrado",
            "cve_tema",
        ),
        (
            999_999,
            json!({"cve_tema": known, "fecha": ayer, "calificacion": 90, "motivo": "Expediente"}),
            404,
            "plan.empleado_no_encontrado",
            "",
        ),
    ];
    for (cve, body, status, code, field) in cases {
        let r = accredit(&s, &t, cve, body.clone()).await;
        assert_eq!(r.status.as_u16(), status, "{body}: {:?}", r.body);
        assert_eq!(r.code(), code, "{body}");
        if !field.is_empty() {
            assert!(r.body["fields"][field].is_string(), "{body}: {:?}", r.body);
        }
    }
    for tema in [known, scale10, ungraded, inactive] {
        assert_eq!(ledger_rows(&s, p, tema).await, 0);
        assert_eq!(summary_rows(&s, p, tema).await, 0);
    }

    // The spec's texts, and their translations.
    let r = accredit(
        &s,
        &t,
        999_999,
        json!({"cve_tema": known, "fecha": ayer, "motivo": "x"}),
    )
    .await;
    assert_eq!(r.resp(), "Empelado no encontrado");
    let r = accredit(
        &s,
        &t,
        p,
        json!({"cve_tema": 999_999, "fecha": ayer, "motivo": "x"}),
    )
    .await;
    assert!(r.resp().starts_with("Tema no encontrado"), "{}", r.resp());
    let path = format!("/api/pri/plan_capacitacion/ver_kardex_capacitacion/{p}/acreditaciones");
    let body = json!({"cve_tema": known, "fecha": ayer, "calificacion": 120, "motivo": "x"});
    for (lang, text) in [
        ("es", "La calificación debe estar entre 0 y 100"),
        ("en", "The grade must be between 0 and 100"),
        ("pt", "A nota deve estar entre 0 e 100"),
    ] {
        let r = post_in(&s, &path, &t, lang, body.clone()).await;
        assert_eq!(r.body["fields"]["calificacion"], text, "{lang}");
    }
    let r = post_in(
        &s,
        &path,
        &t,
        "en",
        json!({"cve_tema": known, "fecha": manana, "motivo": "x"}),
    )
    .await;
    assert_eq!(
        r.body["fields"]["fecha"],
        "The accreditation date cannot be after today"
    );
}

#[tokio::test]
async fn a_manual_accreditation_gets_its_validity_from_the_topic_and_a_repeat_is_a_conflict() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let forever = topic(&s, &t, "VIG-0", 0, "conocimiento", 1).await;
    let monthly = topic(&s, &t, "VIG-1", 1, "conocimiento", 1).await;
    let yearly = topic(&s, &t, "VIG-12", 12, "teorico_practico", 1).await;
    for (tema, fecha, calificacion, vigencia) in [
        (forever, "2025-03-15", json!(95), "9999-12-31"),
        (monthly, "2025-01-31", json!(80), "2025-02-28"),
        (monthly, "2024-01-31", json!(80), "2024-02-29"),
        (yearly, "2024-02-29", json!(9), "2025-02-28"),
    ] {
        let r = accredit(
            &s,
            &t,
            p,
            json!({"cve_tema": tema, "fecha": fecha, "calificacion": calificacion,
            "motivo": "Captura de expediente"}),
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
        assert_eq!(r.body["vigencia"], vigencia, "{fecha}");
        assert!(r.body["id_acreditacion"].as_i64().is_some());
    }
    // 9999-12-31 never expires: Acreditado.
    let r = accredit(
        &s,
        &t,
        p,
        json!({"cve_tema": forever, "fecha": "2020-01-01", "calificacion": 90, "motivo": "Otro"}),
    )
    .await;
    assert_eq!(r.body["estado"], "Acreditado");

    let again = accredit(
        &s,
        &t,
        p,
        json!({"cve_tema": monthly, "fecha": "2025-01-31", "calificacion": 90,
        "motivo": "Otra vez"}),
    )
    .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.code(), "plan.acreditacion_duplicada");
    assert_eq!(
        again.resp(),
        "Ya existe una acreditación manual de Tema VIG-1 con fecha 2025-01-31"
    );
    assert_eq!(ledger_rows(&s, p, monthly).await, 2);

    // The stored row keeps the rule it used and who entered it.
    let (meses, origen, motivo, por): (Option<i64>, String, Option<String>, Option<i64>) =
        sqlx::query_as(
            "SELECT meses_certificacion, origen, motivo, registrado_por FROM plan_acreditaciones
         WHERE cve_empleado = ? AND cve_tema = ? AND fecha = '2025-01-31'",
        )
        .bind(p)
        .bind(monthly)
        .fetch_one(&s.state().db.read)
        .await
        .unwrap();
    assert_eq!(
        (meses, origen.as_str(), motivo.as_deref(), por),
        (
            Some(1),
            "manual",
            Some("Captura de expediente"),
            Some(s.cve_of(ANALISTA).await)
        )
    );
}

#[tokio::test]
async fn the_validity_preview_follows_the_same_rules_and_defaults_to_two_years_without_a_topic() {
    let s = TestServer::start().await;
    let t = s.login(PARTICIPANTE).await;
    let a = s.login(ANALISTA).await;
    let monthly = topic(&s, &a, "PRE-1", 1, "conocimiento", 1).await;
    let forever = topic(&s, &a, "PRE-0", 0, "conocimiento", 1).await;
    let base = "/api/pri/plan_capacitacion/vigencia";
    for (q, vigencia) in [
        ("fecha=2024-02-29".to_string(), "2026-02-28"),
        ("fecha=2025-03-15".to_string(), "2027-03-15"),
        (format!("cve_tema={monthly}&fecha=2025-01-31"), "2025-02-28"),
        (format!("cve_tema={monthly}&fecha=2023-08-31"), "2023-09-30"),
        (format!("cve_tema={forever}&fecha=2025-01-31"), "9999-12-31"),
    ] {
        let r = s.get(&format!("{base}?{q}"), Some(&t)).await;
        assert_eq!(r.status, StatusCode::OK, "{q}: {:?}", r.body);
        assert_eq!(r.body, json!({"vigencia": vigencia}), "{q}");
    }
    let r = s.get(&format!("{base}?fecha=mañana"), Some(&t)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = s
        .get(
            &format!("{base}?cve_tema=999999&fecha=2025-01-31"),
            Some(&t),
        )
        .await;
    assert_eq!(r.code(), "plan.tema_no_encontrado");
    assert_eq!(
        s.get(&format!("{base}?fecha=2025-01-31"), None)
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn only_the_kardex_accreditation_section_within_scope_may_enter_a_manual_accreditation() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let tema = topic(&s, &a, "SCO-1", 12, "conocimiento", 1).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let body = json!({"cve_tema": tema, "fecha": days_ago(&s, 3), "calificacion": 90, "motivo": "Expediente"});
    for who in [SUPERVISOR, PARTICIPANTE, HISE, REP] {
        let t = s.login(who).await;
        let r = accredit(&s, &t, p, body.clone()).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{who}");
        assert_eq!(r.code(), "auth.sin_permiso", "{who}");
    }
    assert_eq!(ledger_rows(&s, p, tema).await, 0);
    let admin = s.login(ADMIN).await;
    assert_eq!(accredit(&s, &admin, p, body).await.status, StatusCode::OK);
}

#[tokio::test]
async fn every_origin_is_recorded_and_a_repeated_fact_updates_or_changes_nothing() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let tema = topic(&s, &a, "ORI-1", 24, "conocimiento", 1).await;
    let old = topic(&s, &a, "ORI-OFF", 24, "conocimiento", 0).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let hoy = today(&s);
    let now = s.state().now_iso();
    let fecha = hoy - Days::new(30);
    let fact =
        |origen: Origen, referencia: &'static str, calificacion: Option<f64>| NuevaAcreditacion {
            cve_empleado: p,
            cve_tema: tema,
            fecha,
            calificacion,
            origen,
            referencia,
            motivo: (origen == Origen::Manual).then_some("Captura de expediente"),
            nota: (origen == Origen::Historial).then_some("Lista de asistencia 2024"),
            registrado_por: None,
            resultado: None,
        };
    let mut tx = s.state().db.begin().await.unwrap();
    for (origen, referencia) in [
        (Origen::Curso, "curso-17"),
        (Origen::Examen, "intento-4"),
        (Origen::Scorm, "paquete-2"),
        (Origen::CertificacionExterna, "cert-9"),
        (Origen::Historial, ""),
        (Origen::Manual, ""),
    ] {
        let r = aula::plans::record_accreditation(
            &mut tx,
            &fact(origen, referencia, Some(85.0)),
            hoy,
            &now,
        )
        .await
        .unwrap();
        assert!(matches!(r, Registro::Insertada(_)), "{origen:?}: {r:?}");
    }
    // The same historial fact again: nothing changes; a corrected grade updates that row.
    let same = aula::plans::record_accreditation(
        &mut tx,
        &fact(Origen::Historial, "", Some(85.0)),
        hoy,
        &now,
    )
    .await
    .unwrap();
    assert!(matches!(same, Registro::SinCambios(_)), "{same:?}");
    let fixed = aula::plans::record_accreditation(
        &mut tx,
        &fact(Origen::Historial, "", Some(40.0)),
        hoy,
        &now,
    )
    .await
    .unwrap();
    assert_eq!(fixed, Registro::Actualizada(same.id()));
    // A manual repeat is a conflict even inside a transaction.
    let dup = aula::plans::record_accreditation(
        &mut tx,
        &fact(Origen::Manual, "", Some(85.0)),
        hoy,
        &now,
    )
    .await;
    assert_eq!(
        dup.err().map(|e| e.code),
        Some("plan.acreditacion_duplicada")
    );
    // Historical facts of an inactive topic are accepted; other origins are not.
    let mut hist = fact(Origen::Historial, "", Some(90.0));
    hist.cve_tema = old;
    assert!(
        aula::plans::record_accreditation(&mut tx, &hist, hoy, &now)
            .await
            .is_ok()
    );
    let mut course = fact(Origen::Curso, "curso-1", Some(90.0));
    course.cve_tema = old;
    let e = aula::plans::record_accreditation(&mut tx, &course, hoy, &now)
        .await
        .err();
    assert_eq!(e.map(|e| e.code), Some("plan.tema_inactivo"));
    tx.commit().await.unwrap();

    let origins: Vec<(String, i64, Option<f64>)> = sqlx::query_as(
        "SELECT origen, acreditado, calificacion FROM plan_acreditaciones WHERE cve_empleado = ? AND cve_tema = ?
         ORDER BY id_acreditacion",
    )
    .bind(p)
    .bind(tema)
    .fetch_all(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!(
        origins,
        vec![
            ("curso".into(), 1, Some(85.0)),
            ("examen".into(), 1, Some(85.0)),
            ("scorm".into(), 1, Some(85.0)),
            ("certificacion_externa".into(), 1, Some(85.0)),
            ("historial".into(), 0, Some(40.0)),
            ("manual".into(), 1, Some(85.0)),
        ]
    );
    // The summary: passed rows of that date win over the corrected (failed) historial row of the
    // same date, whose id is lower than the manual pass.
    let (vigencia, reprobado): (Option<String>, i64) = sqlx::query_as(
        "SELECT vigencia, reprobado FROM plan_estado_temas WHERE cve_empleado = ? AND cve_tema = ?",
    )
    .bind(p)
    .bind(tema)
    .fetch_one(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!(vigencia, Some(iso(aula::plans::vigencia(fecha, Some(24)))));
    assert_eq!(reprobado, 0);

    // The bulk loader applies the same rules: a future date refuses the whole call.
    let mut conn = s.state().db.begin().await.unwrap();
    let mut future = fact(Origen::Historial, "", Some(90.0));
    future.fecha = hoy + Days::new(2);
    let e = aula::plans::bulk_load_accreditations(
        &mut conn,
        &[fact(Origen::Curso, "bulk-1", Some(90.0)), future],
        hoy,
        &now,
    )
    .await
    .err();
    assert_eq!(e.map(|e| e.code), Some("plan.fecha_futura"));
    let n = aula::plans::bulk_load_accreditations(
        &mut conn,
        &[
            fact(Origen::Curso, "bulk-1", Some(90.0)),
            fact(Origen::Curso, "curso-17", Some(85.0)),
        ],
        hoy,
        &now,
    )
    .await
    .unwrap();
    assert_eq!(n, 1, "the existing key is skipped");
    assert!(aula::plans::rebuild_summaries(&mut conn).await.unwrap() >= 1);
    conn.commit().await.unwrap();
}

#[tokio::test]
async fn the_state_walks_from_pending_to_failed_accredited_expired_failed_and_accredited_again() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let tema = topic(&s, &a, "EST-1", 6, "conocimiento", 1).await;
    let hoy = today(&s);
    let state = |r: &Answer| r.body["estado"].as_str().unwrap_or_default().to_string();

    // Failed first attempt: No acreditado.
    let r = accredit(
        &s,
        &a,
        p,
        json!({"cve_tema": tema, "fecha": iso(hoy - Days::new(100)), "calificacion": 50,
        "motivo": "Primer intento"}),
    )
    .await;
    assert_eq!(
        (r.status, state(&r)),
        (StatusCode::OK, "No acreditado".to_string()),
        "{:?}",
        r.body
    );
    assert_eq!(r.body["vigencia"], serde_json::Value::Null);
    // Passed: Acreditado, valid 6 months from that date.
    let pass = hoy - Days::new(90);
    let r = accredit(
        &s,
        &a,
        p,
        json!({"cve_tema": tema, "fecha": iso(pass), "calificacion": 70,
        "motivo": "Segundo intento"}),
    )
    .await;
    assert_eq!(state(&r), "Acreditado");
    let vigencia = aula::plans::vigencia(pass, Some(6));
    assert_eq!(r.body["vigencia"], iso(vigencia));
    // An older historical pass changes nothing.
    let r = accredit(
        &s,
        &a,
        p,
        json!({"cve_tema": tema, "fecha": iso(hoy - Days::new(95)), "calificacion": 90,
        "motivo": "Constancia anterior"}),
    )
    .await;
    assert_eq!(state(&r), "Acreditado");
    let stored: Option<String> = sqlx::query_scalar(
        "SELECT vigencia FROM plan_estado_temas WHERE cve_empleado = ? AND cve_tema = ?",
    )
    .bind(p)
    .bind(tema)
    .fetch_one(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!(stored, Some(iso(vigencia)));

    // The clock moves past the validity: Vencido (valid through vigencia inclusive).
    let to_vigencia = (vigencia - hoy).num_days();
    s.clock.advance(chrono::Duration::days(to_vigencia));
    assert_eq!(today(&s), vigencia);
    let mut conn = s.state().db.read.acquire().await.unwrap();
    let estado = aula::plans::ledger::topic_state(&mut conn, p, tema, today(&s))
        .await
        .unwrap();
    assert_eq!(estado.etiqueta(), "Acreditado");
    s.clock.advance(chrono::Duration::days(1));
    let estado = aula::plans::ledger::topic_state(&mut conn, p, tema, today(&s))
        .await
        .unwrap();
    assert_eq!(estado.etiqueta(), "Vencido");
    drop(conn);

    // Failed recertification: No acreditado; then renewal: Acreditado (a new session: the
    // old one idled out while the clock moved).
    let a = s.login(ANALISTA).await;
    let r = accredit(
        &s,
        &a,
        p,
        json!({"cve_tema": tema, "fecha": iso(today(&s)), "calificacion": 10,
        "motivo": "Recertificación"}),
    )
    .await;
    assert_eq!(state(&r), "No acreditado");
    let r = accredit(
        &s,
        &a,
        p,
        json!({"cve_tema": tema, "fecha": iso(today(&s)), "calificacion": 100,
        "motivo": "Recertificación, segundo intento"}),
    )
    .await;
    assert_eq!(
        (r.status, state(&r)),
        (StatusCode::CONFLICT, String::new()),
        "same topic, origin and date as the failed one: a manual repeat"
    );
    s.clock.advance(chrono::Duration::days(1));
    let a = s.login(ANALISTA).await;
    let r = accredit(
        &s,
        &a,
        p,
        json!({"cve_tema": tema, "fecha": iso(today(&s)), "calificacion": 100,
        "motivo": "Recertificación, segundo intento"}),
    )
    .await;
    assert_eq!(state(&r), "Acreditado");
    assert_eq!(
        r.body["vigencia"],
        iso(aula::plans::vigencia(today(&s), Some(6)))
    );
}
