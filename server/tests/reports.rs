//! Reports: the mass report, the report builder's sources, filters, grouping and totals
//! against values counted independently on the demo data, saved and shared layouts, the
//! caller's scope on every source (Supervisor and Rep. Empresa, shared layouts and
//! scheduled sends too), exports (CSV with BOM and formula escaping, xlsx, PDF), background
//! export jobs, the scheduler sending once per period across a restart, and a failed send
//! tried again, given up and told to its layout's author.

use crate::common;

use std::collections::HashSet;
use std::io::Cursor;
use std::time::Duration;

use calamine::{Reader, Xlsx};
use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const ADMIN: &str = "admin@sierramadre.mx";
const ANALISTA: &str = "analista@sierramadre.mx";
const SUPERVISOR: &str = "supervisor@sierramadre.mx";
const PARTICIPANTE: &str = "participante@sierramadre.mx";
const REP: &str = "rep.empresa@mmnorte.mx";

const SOURCES: [&str; 9] = [
    "empleados",
    "plan",
    "cursos",
    "inscripciones",
    "asistencias",
    "examenes",
    "encuestas",
    "acreditaciones",
    "certificaciones_externas",
];

fn today(s: &TestServer) -> String {
    aula::reports::hoy(s.state()).format("%Y-%m-%d").to_string()
}

async fn scalar_i64(s: &TestServer, sql: &str, binds: &[&str]) -> i64 {
    let mut q = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql.to_string()));
    for b in binds {
        q = q.bind(*b);
    }
    q.fetch_one(&s.state().db.read).await.expect(sql)
}

/// Every row of a layout (pages of 100).
async fn all_rows(s: &TestServer, t: &str, def: &Value) -> (Vec<Value>, Vec<Vec<Value>>, Value) {
    let mut out = Vec::new();
    let mut page = 1;
    loop {
        let r = s
            .post(
                "/api/pri/reportes/ejecutar",
                Some(t),
                json!({ "definicion": def, "page": page, "cantPP": 100 }),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{def} {:?}", r.body);
        let filas = r.body["filas"].as_array().expect("filas").clone();
        out.extend(filas.iter().map(|f| f.as_array().expect("row").clone()));
        if page >= r.body["pages"]["pages"].as_i64().unwrap_or(0) {
            return (
                r.body["columnas"].as_array().expect("columnas").clone(),
                out,
                r.body["totales"].clone(),
            );
        }
        page += 1;
    }
}

async fn team_numbers(s: &TestServer, boss: &str) -> HashSet<String> {
    let cve = s.cve_of(boss).await;
    sqlx::query_scalar::<_, String>(
        "WITH RECURSIVE equipo(cve) AS (SELECT cve_empleado FROM empleados WHERE cve_supervisor = ?
            UNION SELECT e.cve_empleado FROM empleados e JOIN equipo ON e.cve_supervisor = equipo.cve)
         SELECT e.num_empleado FROM empleados e JOIN equipo q ON q.cve = e.cve_empleado",
    )
    .bind(cve)
    .fetch_all(&s.state().db.read)
    .await
    .expect("team")
    .into_iter()
    .collect()
}

#[tokio::test]
async fn every_source_and_column_runs_and_counts_what_its_tables_hold() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let fuentes = s.get("/api/pri/reportes/fuentes", Some(&t)).await;
    assert_eq!(fuentes.status, StatusCode::OK);
    let fuentes = fuentes.body.as_array().expect("sources").clone();
    let claves: Vec<&str> = fuentes.iter().filter_map(|f| f["clave"].as_str()).collect();
    assert_eq!(claves, SOURCES);
    let hoy = today(&s);
    let expected = [
        (
            "empleados",
            "SELECT COUNT(*) FROM empleados WHERE baja_logica = 0",
        ),
        (
            "plan",
            "SELECT COUNT(*) FROM plan_empleados_temas p JOIN empleados e ON e.cve_empleado = p.cve_empleado WHERE e.baja_logica = 0",
        ),
        ("cursos", "SELECT COUNT(*) FROM cursos"),
        (
            "inscripciones",
            "SELECT COUNT(*) FROM cursos_inscripciones i JOIN empleados e ON e.cve_empleado = i.cve_empleado WHERE e.baja_logica = 0",
        ),
        ("asistencias", "SELECT COUNT(*) FROM cursos_asistencias"),
        ("examenes", "SELECT COUNT(*) FROM examenes_intentos"),
        (
            "encuestas",
            "SELECT COUNT(*) FROM encuestas_cursos_respuestas",
        ),
        (
            "acreditaciones",
            "SELECT COUNT(*) FROM plan_acreditaciones a JOIN empleados e ON e.cve_empleado = a.cve_empleado WHERE e.baja_logica = 0",
        ),
        (
            "certificaciones_externas",
            "SELECT COUNT(*) FROM certificaciones_externas",
        ),
    ];
    for f in &fuentes {
        let clave = f["clave"].as_str().expect("clave");
        let columnas: Vec<String> = f["columnas"]
            .as_array()
            .expect("columns")
            .iter()
            .map(|c| c["clave"].as_str().expect("key").to_string())
            .collect();
        let def = json!({ "fuente": clave, "columnas": columnas });
        let r = s
            .post(
                "/api/pri/reportes/ejecutar",
                Some(&t),
                json!({ "definicion": def, "cantPP": 10 }),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{clave}: {:?}", r.body);
        assert_eq!(
            r.body["columnas"].as_array().map(Vec::len),
            Some(columnas.len())
        );
        let sql = expected
            .iter()
            .find(|(k, _)| *k == clave)
            .expect("expected")
            .1;
        let want = scalar_i64(&s, sql, &[]).await;
        assert_eq!(r.body["pages"]["cantidad_registros"], want, "{clave}");
        assert!(want > 0, "the demo has rows for {clave}");
        // Every column can be sorted by, both ways.
        for c in columnas.iter().take(4) {
            let r = s
                .post(
                    "/api/pri/reportes/ejecutar",
                    Some(&t),
                    json!({ "definicion": { "fuente": clave, "columnas": [c], "orden": { "columna": c, "descendente": true } } }),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{clave}.{c}: {:?}", r.body);
        }
    }
    let _ = hoy;

    // Unknown sources, columns, operators and totals are a clear 400; nothing from the
    // client reaches the SQL.
    for (def, code) in [
        (
            json!({ "fuente": "usuarios", "columnas": ["x"] }),
            "reportes.fuente_desconocida",
        ),
        (
            json!({ "fuente": "empleados", "columnas": ["password_hash"] }),
            "reportes.columna_desconocida",
        ),
        (
            json!({ "fuente": "empleados", "columnas": ["e.nombre_empleado; DROP TABLE empleados"] }),
            "reportes.columna_desconocida",
        ),
        (
            json!({ "fuente": "empleados", "columnas": [] }),
            "reportes.columnas",
        ),
        (
            json!({ "fuente": "empleados", "columnas": ["nombre_empleado", "nombre_empleado"] }),
            "reportes.columna_repetida",
        ),
        (
            json!({ "fuente": "empleados", "columnas": ["nombre_empleado"], "filtros": [{ "columna": "activo", "operador": "contiene", "valor": "1" }] }),
            "reportes.operador",
        ),
        (
            json!({ "fuente": "empleados", "columnas": ["nombre_empleado"], "filtros": [{ "columna": "fecha_ingreso", "operador": "igual", "valor": "ayer" }] }),
            "reportes.valor",
        ),
        (
            json!({ "fuente": "cursos", "columnas": ["curso"], "totales": [{ "columna": "curso", "funcion": "suma" }] }),
            "reportes.funcion",
        ),
        (
            json!({ "fuente": "cursos", "columnas": ["curso"], "agrupar": ["costo_total"] }),
            "reportes.agrupar_columna",
        ),
        (
            json!({ "fuente": "plan", "columnas": ["tema"], "filtros": [{ "columna": "estado", "operador": "igual", "valor": "Aprobado" }] }),
            "reportes.valor",
        ),
    ] {
        let r = s
            .post(
                "/api/pri/reportes/ejecutar",
                Some(&t),
                json!({ "definicion": def }),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{def}");
        assert_eq!(r.code(), code, "{def}");
        assert!(!r.resp().is_empty());
    }
    let n = scalar_i64(&s, "SELECT COUNT(*) FROM empleados", &[]).await;
    assert!(n > 0, "still there");

    // The same message in English.
    let r = TestServer::answer(
        s.http
            .post(format!("{}/api/pri/reportes/ejecutar", s.base))
            .bearer_auth(&t)
            .header("Accept-Language", "en")
            .json(&json!({ "definicion": { "fuente": "empleados", "columnas": ["x"] } }))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.resp().contains("does not exist"), "{}", r.resp());
}

#[tokio::test]
async fn filters_grouping_and_totals_match_values_counted_by_hand() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let hoy = today(&s);

    // NOM-035 compliance per plant: rows, accredited % per plant and overall.
    let def = json!({
        "fuente": "plan",
        "columnas": ["planta", "acreditado"],
        "filtros": [{ "columna": "tema_clave", "operador": "igual", "valor": "NOM-035" }],
        "agrupar": ["planta"],
        "totales": [{ "columna": "acreditado", "funcion": "porcentaje" }, { "columna": "acreditado", "funcion": "conteo" }]
    });
    let (cols, rows, totales) = all_rows(&s, &t, &def).await;
    let claves: Vec<&str> = cols.iter().filter_map(|c| c["clave"].as_str()).collect();
    assert_eq!(
        claves,
        [
            "planta",
            "registros",
            "porcentaje_acreditado",
            "conteo_acreditado"
        ]
    );
    let by_hand: Vec<(Option<String>, i64, f64)> = sqlx::query_as(
        "SELECT pl.nombre, COUNT(*), ROUND(100.0 * SUM(CASE WHEN x.vigencia >= ? THEN 1 ELSE 0 END) / COUNT(*), 2)
         FROM plan_empleados_temas p JOIN empleados e ON e.cve_empleado = p.cve_empleado
         JOIN temas t ON t.cve_tema = p.cve_tema
         LEFT JOIN plan_estado_temas x ON x.cve_empleado = p.cve_empleado AND x.cve_tema = p.cve_tema
         LEFT JOIN plantas pl ON pl.cve_planta = e.cve_planta
         WHERE t.abreviatura = 'NOM-035' AND e.baja_logica = 0
         GROUP BY pl.nombre ORDER BY pl.nombre",
    )
    .bind(&hoy)
    .fetch_all(&s.state().db.read)
    .await
    .expect("by hand");
    assert!(!by_hand.is_empty());
    assert_eq!(rows.len(), by_hand.len());
    for (row, (planta, n, pct)) in rows.iter().zip(&by_hand) {
        assert_eq!(row[0].as_str().map(str::to_string), *planta);
        assert_eq!(row[1], *n);
        assert!(
            (row[2].as_f64().expect("pct") - pct).abs() < 0.01,
            "{row:?} {pct}"
        );
        assert_eq!(row[3], *n);
    }
    let all: i64 = by_hand.iter().map(|r| r.1).sum();
    let acc: f64 = by_hand.iter().map(|r| r.1 as f64 * r.2 / 100.0).sum();
    let pct = (totales[0]["valor"].as_f64().expect("total") * 100.0).round() / 100.0;
    assert!((pct - 100.0 * acc / all as f64).abs() < 0.02, "{pct}");
    assert_eq!(totales[1]["valor"].as_f64(), Some(all as f64));

    // Course costs per division: sums and averages in pesos, cancelled ones left out.
    let def = json!({
        "fuente": "cursos",
        "columnas": ["direccion", "costo_total"],
        "filtros": [{ "columna": "estatus", "operador": "distinto", "valor": "cancelado" }],
        "agrupar": ["direccion"],
        "totales": [{ "columna": "costo_total", "funcion": "suma" }, { "columna": "costo_total", "funcion": "promedio" }, { "columna": "horas", "funcion": "suma" }]
    });
    let (_, rows, totales) = all_rows(&s, &t, &def).await;
    let sum: i64 = scalar_i64(
        &s,
        "SELECT COALESCE(SUM(costo_total), 0) FROM cursos WHERE estatus <> 'cancelado'",
        &[],
    )
    .await;
    let n: i64 = scalar_i64(
        &s,
        "SELECT COUNT(*) FROM cursos WHERE estatus <> 'cancelado'",
        &[],
    )
    .await;
    let grouped: f64 = rows.iter().map(|r| r[2].as_f64().unwrap_or(0.0)).sum();
    assert!(
        (grouped - sum as f64 / 100.0).abs() < 0.05,
        "{grouped} vs {sum}"
    );
    assert_eq!(
        rows.iter().map(|r| r[1].as_i64().unwrap_or(0)).sum::<i64>(),
        n
    );
    assert!((totales[0]["valor"].as_f64().expect("sum") - sum as f64 / 100.0).abs() < 0.01);
    assert!(
        (totales[1]["valor"].as_f64().expect("avg") - sum as f64 / 100.0 / n as f64).abs() < 0.01
    );

    // Relative dates: accreditations expiring in the next 90 days.
    let def = json!({
        "fuente": "plan",
        "columnas": ["num_empleado", "vigencia"],
        "filtros": [{ "columna": "vigencia", "operador": "proximos_dias", "valor": "90" }],
        "orden": { "columna": "vigencia", "descendente": false }
    });
    let (_, rows, _) = all_rows(&s, &t, &def).await;
    let fin = (aula::reports::hoy(s.state()) + chrono::Days::new(90))
        .format("%Y-%m-%d")
        .to_string();
    let want = scalar_i64(
        &s,
        "SELECT COUNT(*) FROM plan_empleados_temas p JOIN empleados e ON e.cve_empleado = p.cve_empleado
         JOIN plan_estado_temas x ON x.cve_empleado = p.cve_empleado AND x.cve_tema = p.cve_tema
         WHERE e.baja_logica = 0 AND x.vigencia BETWEEN ? AND ?",
        &[&hoy, &fin],
    )
    .await;
    assert_eq!(rows.len() as i64, want);
    let fechas: Vec<&str> = rows.iter().filter_map(|r| r[1].as_str()).collect();
    let mut sorted = fechas.clone();
    sorted.sort_unstable();
    assert_eq!(fechas, sorted);

    // Text contains, Sí/No equality and 'entre' on numbers.
    let def = json!({
        "fuente": "inscripciones",
        "columnas": ["nombre_empleado", "calificacion"],
        "filtros": [
            { "columna": "acreditado", "operador": "igual", "valor": "1" },
            { "columna": "calificacion", "operador": "entre", "valor": "80", "valor2": "100" }
        ]
    });
    let (_, rows, _) = all_rows(&s, &t, &def).await;
    let want = scalar_i64(
        &s,
        "SELECT COUNT(*) FROM cursos_inscripciones i JOIN empleados e ON e.cve_empleado = i.cve_empleado
         WHERE e.baja_logica = 0 AND i.acreditado = 1 AND i.calificacion BETWEEN 80 AND 100",
        &[],
    )
    .await;
    assert_eq!(rows.len() as i64, want);
    assert!(
        rows.iter()
            .all(|r| (80.0..=100.0).contains(&r[1].as_f64().unwrap_or(-1.0)))
    );
}

#[tokio::test]
async fn supervisors_and_company_reps_see_only_their_people_on_every_source_and_shared_layout() {
    let s = TestServer::start().await;
    for boss in [SUPERVISOR, REP] {
        let t = s.login(boss).await;
        let team = team_numbers(&s, boss).await;
        assert!(!team.is_empty(), "{boss} leads people");
        let boss_cve = s.cve_of(boss).await;
        for fuente in SOURCES {
            let def = match fuente {
                "cursos" => json!({ "fuente": fuente, "columnas": ["cve_curso"] }),
                "encuestas" => json!({ "fuente": fuente, "columnas": ["pregunta"] }),
                _ => json!({ "fuente": fuente, "columnas": ["num_empleado"] }),
            };
            let r = s
                .post(
                    "/api/pri/reportes/guardados",
                    Some(&s.login(ANALISTA).await),
                    json!({ "nombre": format!("Alcance {fuente} {boss}"), "definicion": def, "perfiles": [3, 6] }),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
            let id = r.body["id_reporte"].as_i64().expect("id");
            let mut page = 1;
            let mut seen = 0;
            loop {
                let r = s
                    .post(
                        &format!("/api/pri/reportes/guardados/{id}/ejecutar"),
                        Some(&t),
                        json!({ "page": page, "cantPP": 100 }),
                    )
                    .await;
                assert_eq!(r.status, StatusCode::OK, "{boss} {fuente}: {:?}", r.body);
                for fila in r.body["filas"].as_array().expect("rows") {
                    seen += 1;
                    match fuente {
                        "cursos" => {
                            let cve = fila[0].as_i64().expect("course");
                            let ok = scalar_i64(
                                &s,
                                &format!(
                                    "WITH RECURSIVE equipo(cve) AS (SELECT cve_empleado FROM empleados WHERE cve_supervisor = {boss_cve}
                                        UNION SELECT e.cve_empleado FROM empleados e JOIN equipo ON e.cve_supervisor = equipo.cve)
                                     SELECT COUNT(*) FROM cursos_inscripciones WHERE cve_curso = {cve} AND estatus <> 'cancelada'
                                       AND cve_empleado IN (SELECT cve FROM equipo)"
                                ),
                                &[],
                            )
                            .await;
                            assert!(ok > 0, "{boss}: course {cve} has none of their people");
                        }
                        "encuestas" => {}
                        _ => {
                            let num = fila[0].as_str().expect("number");
                            assert!(team.contains(num), "{boss} {fuente}: {num} is not theirs");
                        }
                    }
                }
                if page >= r.body["pages"]["pages"].as_i64().unwrap_or(0) {
                    break;
                }
                page += 1;
            }
            // The analyst (scope todos) sees more than the team on the people sources.
            if fuente == "empleados" {
                assert_eq!(seen, team.len(), "{boss}: the whole team and nobody else");
            }
        }
        // Their own run of an unsaved layout is out of reach (no builder section).
        let r = s
            .post(
                "/api/pri/reportes/ejecutar",
                Some(&t),
                json!({ "definicion": { "fuente": "empleados", "columnas": ["num_empleado"] } }),
            )
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN);
    }

    // The mass report too.
    let t = s.login(SUPERVISOR).await;
    let team = team_numbers(&s, SUPERVISOR).await;
    let r = s
        .post(
            "/api/pri/reportes/reporte_masivo/tabla",
            Some(&t),
            json!({ "page": 1, "cantPP": 100 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let filas = rows(&r);
    assert!(!filas.is_empty());
    assert!(
        filas
            .iter()
            .all(|f| team.contains(f["num_empleado"].as_str().unwrap_or("")))
    );
}

#[tokio::test]
async fn layouts_are_shared_by_profile_and_only_their_author_or_an_admin_changes_them() {
    let s = TestServer::start().await;
    let ana = s.login(ANALISTA).await;
    let def = json!({ "fuente": "empleados", "columnas": ["nombre_empleado", "planta"] });
    let r = s
        .post(
            "/api/pri/reportes/guardados",
            Some(&ana),
            json!({ "nombre": "Plantilla por planta", "descripcion": "Quién trabaja dónde", "definicion": def, "perfiles": [3] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let id = r.body["id_reporte"].as_i64().expect("id");
    // The same name again is a conflict; an unknown profile or a bad layout a 400.
    let r = s
        .post(
            "/api/pri/reportes/guardados",
            Some(&ana),
            json!({ "nombre": " Plantilla por planta ", "definicion": def }),
        )
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "reportes.nombre_repetido")
    );
    let r = s
        .post(
            "/api/pri/reportes/guardados",
            Some(&ana),
            json!({ "nombre": "Otro", "definicion": def, "perfiles": [99] }),
        )
        .await;
    assert_eq!(r.code(), "reportes.perfil_desconocido");
    let r = s
        .post(
            "/api/pri/reportes/guardados",
            Some(&ana),
            json!({ "nombre": "", "definicion": def }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);

    let mine = s.get("/api/pri/reportes/guardados", Some(&ana)).await;
    let it = mine
        .body
        .as_array()
        .expect("list")
        .iter()
        .find(|g| g["id_reporte"] == id)
        .expect("listed")
        .clone();
    assert_eq!(it["perfiles"], json!([3]));
    assert_eq!(it["propio"], true);
    assert_eq!(it["puede_editar"], true);
    assert_eq!(
        (&it["definicion"]["fuente"], &it["definicion"]["columnas"]),
        (&def["fuente"], &def["columnas"])
    );
    // Demo layouts are there, with the supervisor's weekly e-mail.
    let names: Vec<&str> = mine
        .body
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|g| g["nombre"].as_str())
        .collect();
    for n in [
        "Cumplimiento NOM-035 por planta",
        "Vencimientos del trimestre",
        "Costos de capacitación por dirección",
    ] {
        assert!(names.contains(&n), "{n}");
    }

    // The supervisor sees it (shared with profile 3), may run it, not change it.
    let sup = s.login(SUPERVISOR).await;
    let theirs = s.get("/api/pri/reportes/guardados", Some(&sup)).await;
    let it = theirs
        .body
        .as_array()
        .expect("list")
        .iter()
        .find(|g| g["id_reporte"] == id)
        .expect("shared")
        .clone();
    assert_eq!(
        (it["propio"].as_bool(), it["puede_editar"].as_bool()),
        (Some(false), Some(false))
    );
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/reportes/guardados/{id}"),
            Some(&sup),
            Some(json!({ "nombre": "x", "definicion": def })),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    // The participant has no saved reports at all.
    let par = s.login(PARTICIPANTE).await;
    assert_eq!(
        s.get("/api/pri/reportes/guardados", Some(&par))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    // Not shared with Rep. Empresa: not listed, and running it is a 404.
    let rep = s.login(REP).await;
    let listed = s.get("/api/pri/reportes/guardados", Some(&rep)).await;
    assert!(
        listed
            .body
            .as_array()
            .expect("list")
            .iter()
            .all(|g| g["id_reporte"] != id)
    );
    let r = s
        .post(
            &format!("/api/pri/reportes/guardados/{id}/ejecutar"),
            Some(&rep),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);

    // The author rewrites it; the administrator may too, then delete it.
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/reportes/guardados/{id}"),
            Some(&ana),
            Some(json!({ "nombre": "Plantilla por planta y puesto", "definicion": { "fuente": "empleados", "columnas": ["nombre_empleado", "planta", "puesto"] }, "perfiles": [3, 6] })),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let one = s
        .get(&format!("/api/pri/reportes/guardados/{id}"), Some(&rep))
        .await;
    assert_eq!(one.status, StatusCode::OK);
    assert_eq!(
        one.body["definicion"]["columnas"],
        json!(["nombre_empleado", "planta", "puesto"])
    );
    let adm = s.login(ADMIN).await;
    let r = s
        .call(
            Method::DELETE,
            &format!("/api/pri/reportes/guardados/{id}"),
            Some(&adm),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        s.get(&format!("/api/pri/reportes/guardados/{id}"), Some(&ana))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

fn xlsx_rows(bytes: &[u8]) -> Vec<Vec<String>> {
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes.to_vec())).expect("xlsx opens");
    let name = book.sheet_names()[0].clone();
    let range = book.worksheet_range(&name).expect("sheet");
    range
        .rows()
        .map(|r| r.iter().map(|c| c.to_string()).collect())
        .collect()
}

#[tokio::test]
async fn exports_stream_csv_with_bom_and_escaped_formulas_xlsx_text_cells_and_short_pdfs() {
    let s = TestServer::start().await;
    let ana = s.login(ANALISTA).await;
    // A name a spreadsheet would run as a formula.
    let num: String = sqlx::query_scalar(
        "SELECT num_empleado FROM empleados WHERE baja_logica = 0 ORDER BY cve_empleado LIMIT 1",
    )
    .fetch_one(&s.state().db.read)
    .await
    .expect("one");
    sqlx::query("UPDATE empleados SET nombre_empleado = '=HYPERLINK(\"http://x\",\"y\")' WHERE num_empleado = ?")
        .bind(&num)
        .execute(&s.state().db.write)
        .await
        .expect("name");
    let def = json!({
        "fuente": "empleados",
        "columnas": ["num_empleado", "nombre_empleado", "activo"],
        "filtros": [{ "columna": "num_empleado", "operador": "igual", "valor": num }]
    });
    let csv = s
        .post(
            "/api/pri/reportes/exportar",
            Some(&ana),
            json!({ "definicion": def, "formato": "csv" }),
        )
        .await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(csv.bytes.starts_with(b"\xEF\xBB\xBF"), "BOM");
    let text = String::from_utf8(csv.bytes[3..].to_vec()).expect("utf-8");
    assert!(text.starts_with("Núm. empleado,Nombre,Activo\n"), "{text}");
    assert!(
        text.contains(&format!(
            "{num},\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",Sí"
        )),
        "{text}"
    );
    assert!(
        csv.headers["content-disposition"]
            .to_str()
            .unwrap_or("")
            .ends_with(".csv\"")
    );

    let xlsx = s
        .post(
            "/api/pri/reportes/exportar",
            Some(&ana),
            json!({ "definicion": def, "formato": "xlsx" }),
        )
        .await;
    assert_eq!(xlsx.status, StatusCode::OK);
    assert!(xlsx.bytes.starts_with(b"PK"));
    let filas = xlsx_rows(&xlsx.bytes);
    assert_eq!(filas.len(), 2);
    assert_eq!(filas[1][1], "=HYPERLINK(\"http://x\",\"y\")");
    let mut zip = zip::ZipArchive::new(Cursor::new(xlsx.bytes.clone())).expect("zip");
    let mut sheet = String::new();
    std::io::Read::read_to_string(
        &mut zip.by_name("xl/worksheets/sheet1.xml").expect("sheet"),
        &mut sheet,
    )
    .expect("read");
    assert!(!sheet.contains("<f>"), "no formula cells");

    let pdf = s
        .post(
            "/api/pri/reportes/exportar",
            Some(&ana),
            json!({ "definicion": def, "formato": "pdf" }),
        )
        .await;
    assert_eq!(pdf.status, StatusCode::OK);
    assert!(pdf.bytes.starts_with(b"%PDF"));
    assert_eq!(pdf.headers["content-type"], "application/pdf");
    // A PDF is for short reports.
    let long = json!({ "fuente": "plan", "columnas": ["num_empleado", "tema"] });
    let n = scalar_i64(&s, "SELECT COUNT(*) FROM plan_empleados_temas", &[]).await;
    let r = s
        .post(
            "/api/pri/reportes/exportar",
            Some(&ana),
            json!({ "definicion": long, "formato": "pdf" }),
        )
        .await;
    if n > 2000 {
        assert_eq!(
            (r.status, r.code()),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                "reportes.pdf_demasiadas_filas"
            )
        );
    } else {
        assert_eq!(r.status, StatusCode::OK);
    }
    let r = s
        .post(
            "/api/pri/reportes/exportar",
            Some(&ana),
            json!({ "definicion": def, "formato": "docx" }),
        )
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::BAD_REQUEST, "exportacion.formato")
    );

    // A grouped export ends with its totals row.
    let grouped = json!({
        "fuente": "cursos", "columnas": ["modalidad_curso"], "agrupar": ["modalidad_curso"],
        "totales": [{ "columna": "costo_total", "funcion": "suma" }]
    });
    let x = s
        .post(
            "/api/pri/reportes/exportar",
            Some(&ana),
            json!({ "definicion": grouped, "formato": "xlsx" }),
        )
        .await;
    let filas = xlsx_rows(&x.bytes);
    let last = filas.last().expect("total row");
    assert_eq!(last[0], "Total");
    let cursos = scalar_i64(&s, "SELECT COUNT(*) FROM cursos", &[]).await;
    assert_eq!(last[1], cursos.to_string());

    // The mass report exports the whole filtered result the same ways.
    let csv = s
        .post(
            "/api/pri/reportes/reporte_masivo/tabla",
            Some(&ana),
            json!({ "excel": true, "formato": "csv", "filtersEXT": { "estado": "Acreditado" } }),
        )
        .await;
    assert_eq!(csv.status, StatusCode::OK);
    let text = String::from_utf8(csv.bytes[3..].to_vec()).expect("utf-8");
    let lines = text.lines().count() - 1;
    let page = s
        .post(
            "/api/pri/reportes/reporte_masivo/tabla",
            Some(&ana),
            json!({ "page": 1, "cantPP": 10, "filtersEXT": { "estado": "Acreditado" } }),
        )
        .await;
    assert_eq!(page.body["pages"]["cantidad_registros"], lines as i64);
    assert!(rows(&page).iter().all(|r| r["estado"] == "Acreditado"));
    let bad = s
        .post(
            "/api/pri/reportes/reporte_masivo/tabla",
            Some(&ana),
            json!({ "page": 1, "cantPP": 10, "filtersEXT": { "estado": "Aprobado" } }),
        )
        .await;
    assert_eq!(
        (bad.status, bad.code()),
        (StatusCode::BAD_REQUEST, "tabla.filtro")
    );
}

async fn wait_job(s: &TestServer, t: &str, id: i64) -> Value {
    for _ in 0..200 {
        let r = s
            .get(&format!("/api/pri/reportes/exportaciones/{id}"), Some(t))
            .await;
        assert_eq!(r.status, StatusCode::OK);
        if r.body["estado"] == "terminada" || r.body["estado"] == "fallida" {
            return r.body;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the export did not finish");
}

#[tokio::test]
async fn a_background_export_tells_its_progress_is_downloaded_by_its_owner_and_expires() {
    let s = TestServer::start().await;
    let ana = s.login(ANALISTA).await;
    let before = s.outbox().len();
    let r = s
        .post(
            "/api/pri/reportes/reporte_masivo/exportacion",
            Some(&ana),
            json!({ "formato": "csv", "filtersEXT": { "requerimiento": "obligatorio" } }),
        )
        .await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{:?}", r.body);
    let id = r.body["id_exportacion"].as_i64().expect("id");
    let done = wait_job(&s, &ana, id).await;
    assert_eq!(done["estado"], "terminada", "{done}");
    let want = s
        .post(
            "/api/pri/reportes/reporte_masivo/tabla",
            Some(&ana),
            json!({ "page": 1, "cantPP": 10, "filtersEXT": { "requerimiento": "obligatorio" } }),
        )
        .await
        .body["pages"]["cantidad_registros"]
        .as_i64()
        .expect("count");
    assert_eq!(
        (done["filas"].as_i64(), done["total"].as_i64()),
        (Some(want), Some(want))
    );
    let file = s
        .get(
            &format!("/api/pri/reportes/exportaciones/{id}/archivo"),
            Some(&ana),
        )
        .await;
    assert_eq!(file.status, StatusCode::OK);
    assert!(file.bytes.starts_with(b"\xEF\xBB\xBF"));
    assert_eq!(
        String::from_utf8_lossy(&file.bytes).lines().count() as i64,
        want + 1
    );
    let list = s.get("/api/pri/reportes/exportaciones", Some(&ana)).await;
    assert_eq!(list.body[0]["id_exportacion"], id);
    // The owner is told by e-mail.
    let mail = s.wait_mail("analista@sierramadre.mx", before).await;
    assert!(mail.contains("mis_exportaciones"), "{mail}");
    // Nobody else sees it.
    let sup = s.login(SUPERVISOR).await;
    assert_eq!(
        s.get(&format!("/api/pri/reportes/exportaciones/{id}"), Some(&sup))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        s.get(
            &format!("/api/pri/reportes/exportaciones/{id}/archivo"),
            Some(&sup)
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );

    // A layout's export as xlsx, within the supervisor's scope.
    let saved = s.get("/api/pri/reportes/guardados", Some(&sup)).await;
    let venc = saved
        .body
        .as_array()
        .expect("list")
        .iter()
        .find(|g| g["nombre"] == "Vencimientos del trimestre")
        .expect("demo")
        .clone();
    let lid = venc["id_reporte"].as_i64().expect("id");
    let r = s
        .post(
            &format!("/api/pri/reportes/guardados/{lid}/exportacion"),
            Some(&sup),
            json!({ "formato": "xlsx" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::ACCEPTED);
    let done = wait_job(&s, &sup, r.body["id_exportacion"].as_i64().expect("id")).await;
    assert_eq!(done["estado"], "terminada");
    let file = s
        .get(
            &format!(
                "/api/pri/reportes/exportaciones/{}/archivo",
                done["id_exportacion"]
            ),
            Some(&sup),
        )
        .await;
    let team = team_numbers(&s, SUPERVISOR).await;
    let filas = xlsx_rows(&file.bytes);
    assert!(
        filas.len() > 1,
        "the team has expiring accreditations in the demo"
    );
    assert!(
        filas[1..].iter().all(|f| team.contains(&f[0])),
        "only the team"
    );

    // After the kept days, the file is deleted.
    s.clock.advance(chrono::Duration::days(8));
    let r = aula::reports::schedule::run_once(s.state())
        .await
        .expect("run");
    assert!(r.expiradas >= 2);
    let gone = s
        .get(
            &format!("/api/pri/reportes/exportaciones/{id}"),
            Some(&s.login(ANALISTA).await),
        )
        .await;
    assert_eq!(gone.body["estado"], "expirada");
    let file = s
        .get(
            &format!("/api/pri/reportes/exportaciones/{id}/archivo"),
            Some(&s.login(ANALISTA).await),
        )
        .await;
    assert_eq!(
        (file.status, file.code()),
        (StatusCode::CONFLICT, "exportacion.expirada")
    );
}

#[tokio::test]
async fn a_schedule_sends_each_period_once_across_a_restart_in_each_recipients_scope() {
    let mut s = TestServer::start().await;
    let ana = s.login(ANALISTA).await;
    let saved = s.get("/api/pri/reportes/guardados", Some(&ana)).await;
    let venc = saved
        .body
        .as_array()
        .expect("list")
        .iter()
        .find(|g| g["nombre"] == "Vencimientos del trimestre")
        .expect("demo")
        .clone();
    let id = venc["id_reporte"].as_i64().expect("id");
    assert_eq!(venc["programacion"]["frecuencia"], "semanal");
    assert_eq!(venc["programacion"]["dia"], 1);
    assert_eq!(
        venc["programacion"]["destinatarios"][0]["nombre_empleado"],
        "Jorge Salinas Cantú"
    );

    // Schedule validation.
    let par = s.cve_of(PARTICIPANTE).await;
    let (srv, tok) = (&s, &ana);
    let schedule = |body: Value| async move {
        let path = format!("/api/pri/reportes/guardados/{id}/programacion");
        srv.call(Method::PUT, &path, Some(tok), Some(body)).await
    };
    let r = schedule(json!({ "frecuencia": "diaria", "dia": 1, "destinatarios": [par] })).await;
    assert_eq!(r.code(), "reportes.frecuencia");
    let r = schedule(json!({ "frecuencia": "mensual", "dia": 31, "destinatarios": [par] })).await;
    assert_eq!(r.code(), "reportes.dia");
    // The participant's profile is not one the layout is shared with.
    let r = schedule(json!({ "frecuencia": "semanal", "dia": 1, "destinatarios": [par] })).await;
    assert_eq!(
        (r.status, r.code()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "reportes.destinatario_sin_acceso"
        )
    );

    // Nothing is due today unless today is the sending day.
    let hoy = aula::reports::hoy(s.state());
    use chrono::Datelike;
    let to_monday = (8 - hoy.weekday().number_from_monday()) % 7;
    let to_monday = if to_monday == 0 { 7 } else { to_monday };
    let first = aula::reports::schedule::run_once(s.state())
        .await
        .expect("run");
    assert_eq!(
        first.enviados, 0,
        "scheduled today: the first Monday is the next one"
    );
    s.clock
        .advance(chrono::Duration::days(i64::from(to_monday)));
    let before = s.outbox().len();
    let r = aula::reports::schedule::run_once(s.state())
        .await
        .expect("run");
    assert_eq!((r.reclamados, r.enviados, r.fallidos), (1, 1, 0));
    let mail = s.wait_mail("supervisor@sierramadre.mx", before).await;
    assert!(mail.contains("Vencimientos del trimestre"), "{mail}");
    assert!(mail.contains(".xlsx"), "attached");
    // Again, and after a restart: nothing more.
    let again = aula::reports::schedule::run_once(s.state())
        .await
        .expect("run");
    assert_eq!((again.reclamados, again.enviados), (0, 0));
    s.restart().await;
    let after = aula::reports::schedule::run_once(s.state())
        .await
        .expect("run");
    assert_eq!((after.reclamados, after.enviados), (0, 0));
    let sends = scalar_i64(
        &s,
        "SELECT COUNT(*) FROM reportes_envios WHERE estado = 'enviado'",
        &[],
    )
    .await;
    assert_eq!(sends, 1);
    // The rows it held are the supervisor's people only (what they see running it).
    let sup = s.login(SUPERVISOR).await;
    let theirs = s
        .post(
            &format!("/api/pri/reportes/guardados/{id}/ejecutar"),
            Some(&sup),
            json!({}),
        )
        .await;
    let filas = scalar_i64(
        &s,
        "SELECT filas FROM reportes_envios WHERE estado = 'enviado'",
        &[],
    )
    .await;
    assert_eq!(theirs.body["pages"]["cantidad_registros"], filas);
    let all = s
        .post(
            &format!("/api/pri/reportes/guardados/{id}/ejecutar"),
            Some(&s.login(ANALISTA).await),
            json!({}),
        )
        .await;
    assert!(all.body["pages"]["cantidad_registros"].as_i64() >= Some(filas));

    // A claimed send a stop interrupted goes on the next run, once.
    s.clock.advance(chrono::Duration::days(7));
    let periodo = aula::reports::schedule::period("semanal", 1, aula::reports::hoy(s.state())).0;
    aula::reports::db::claim_sends(&s.state().db.write, id, &periodo, "2026-01-01T00:00:00Z")
        .await
        .expect("claim");
    s.restart().await;
    let r = aula::reports::schedule::run_once(s.state())
        .await
        .expect("run");
    assert_eq!((r.reclamados, r.enviados), (0, 1));
    let sends = scalar_i64(
        &s,
        "SELECT COUNT(*) FROM reportes_envios WHERE estado = 'enviado'",
        &[],
    )
    .await;
    assert_eq!(sends, 2);
}

/// The state of one send: (estado, intentos, error).
async fn send_state(s: &TestServer, id_envio: i64) -> (String, i64, String) {
    sqlx::query_as(
        "SELECT estado, intentos, COALESCE(error, '') FROM reportes_envios WHERE id_envio = ?",
    )
    .bind(id_envio)
    .fetch_one(&s.state().db.read)
    .await
    .expect("send")
}

/// Claims a period of a layout's schedule and answers the supervisor's send of it.
async fn claim_for_supervisor(s: &TestServer, id: i64, sup: i64, periodo: &str) -> i64 {
    aula::reports::db::claim_sends(&s.state().db.write, id, periodo, &s.state().now_iso())
        .await
        .expect("claim");
    scalar_i64(
        s,
        "SELECT id_envio FROM reportes_envios WHERE id_reporte = ? AND periodo = ? AND cve_empleado = ?",
        &[&id.to_string(), periodo, &sup.to_string()],
    )
    .await
}

async fn author_told(s: &TestServer, author: i64) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT contenido FROM notificaciones WHERE cve_empleado = ? AND titulo = 'Reporte programado no enviado'",
    )
    .bind(author)
    .fetch_all(&s.state().db.read)
    .await
    .expect("notifications")
}

#[tokio::test]
async fn a_send_that_fails_is_tried_again_later_then_given_up_and_its_author_told() {
    let s = TestServer::start().await;
    let id = scalar_i64(
        &s,
        "SELECT id_reporte FROM reportes_guardados WHERE nombre = 'Vencimientos del trimestre'",
        &[],
    )
    .await;
    let author = scalar_i64(
        &s,
        "SELECT creado_por FROM reportes_guardados WHERE id_reporte = ?",
        &[&id.to_string()],
    )
    .await;
    let sup = s.cve_of(SUPERVISOR).await;
    let run = || aula::reports::schedule::run_once(s.state());

    // The mail transport fails: its folder is a plain file.
    let outbox = s.config.outbox_dir();
    std::fs::remove_dir_all(&outbox).expect("outbox removed");
    std::fs::write(&outbox, b"").expect("outbox blocked");
    let envio = claim_for_supervisor(&s, id, sup, "2026-W90").await;
    run().await.expect("run");
    let (estado, intentos, error) = send_state(&s, envio).await;
    assert_eq!((estado.as_str(), intentos), ("pendiente", 1));
    assert!(!error.is_empty(), "the failure is recorded");
    // Not again before its wait is over.
    run().await.expect("run");
    assert_eq!(send_state(&s, envio).await.1, 1);
    s.clock.advance(chrono::Duration::minutes(14));
    run().await.expect("run");
    assert_eq!(
        send_state(&s, envio).await.1,
        1,
        "the first wait is 15 minutes"
    );
    s.clock.advance(chrono::Duration::minutes(1));
    run().await.expect("run");
    assert_eq!(send_state(&s, envio).await.1, 2);
    assert!(
        author_told(&s, author).await.is_empty(),
        "not told while it is retried"
    );
    s.clock.advance(chrono::Duration::minutes(29));
    run().await.expect("run");
    assert_eq!(
        send_state(&s, envio).await.1,
        2,
        "the second wait is 30 minutes"
    );
    s.clock.advance(chrono::Duration::minutes(1));
    run().await.expect("run");
    let (estado, intentos, _) = send_state(&s, envio).await;
    assert_eq!((estado.as_str(), intentos), ("fallido", 3));
    let told = author_told(&s, author).await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].contains("Vencimientos del trimestre")
            && told[0].contains("2026-W90")
            && told[0].contains("Jorge Salinas Cantú"),
        "{}",
        told[0]
    );
    // A given-up send stays so.
    s.clock.advance(chrono::Duration::hours(2));
    run().await.expect("run");
    assert_eq!(send_state(&s, envio).await.0, "fallido");

    // A send whose first attempt fails goes once the transport is back.
    let envio = claim_for_supervisor(&s, id, sup, "2026-W91").await;
    run().await.expect("run");
    let (estado, intentos, _) = send_state(&s, envio).await;
    assert_eq!((estado.as_str(), intentos), ("pendiente", 1));
    std::fs::remove_file(&outbox).expect("outbox unblocked");
    std::fs::create_dir_all(&outbox).expect("outbox back");
    s.clock.advance(chrono::Duration::minutes(15));
    run().await.expect("run");
    let (estado, intentos, error) = send_state(&s, envio).await;
    assert_eq!(
        (estado.as_str(), intentos, error.as_str()),
        ("enviado", 2, "")
    );
    let mut delivered = false;
    for _ in 0..100 {
        delivered = s
            .outbox()
            .iter()
            .any(|m| m.contains(SUPERVISOR) && m.contains("2026-W91"));
        if delivered {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(delivered, "the period's mail reaches the supervisor");
    assert_eq!(
        author_told(&s, author).await.len(),
        1,
        "a send that went is not told"
    );

    // A send that cannot go (the recipient has no e-mail address) is given up at once.
    sqlx::query("UPDATE empleados SET correo_empleado = '' WHERE cve_empleado = ?")
        .bind(sup)
        .execute(&s.state().db.write)
        .await
        .expect("address removed");
    let envio = claim_for_supervisor(&s, id, sup, "2026-W92").await;
    run().await.expect("run");
    let (estado, intentos, error) = send_state(&s, envio).await;
    assert_eq!(
        (estado.as_str(), intentos, error.as_str()),
        ("fallido", 1, "reportes.destinatario_sin_correo")
    );
    let told = author_told(&s, author).await;
    assert_eq!(told.len(), 2);
    assert!(told.iter().any(|t| t.contains("2026-W92")), "{told:?}");
}

#[tokio::test]
async fn the_owner_is_told_a_background_exports_progress_over_socket_io_and_nobody_else() {
    use common::socket::sock;
    let s = TestServer::start().await;
    let ana = s.login(ANALISTA).await;
    let sup = s.login(SUPERVISOR).await;
    let mine = sock(&s, &ana).await;
    let theirs = sock(&s, &sup).await;
    let r = s
        .post(
            "/api/pri/reportes/exportaciones",
            Some(&ana),
            json!({ "definicion": { "fuente": "acreditaciones", "columnas": ["num_empleado", "tema", "fecha"] }, "formato": "xlsx" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{:?}", r.body);
    let id = r.body["id_exportacion"].as_i64().expect("id");
    let mut done = None;
    for _ in 0..200 {
        done = mine
            .all("reporte:progreso")
            .into_iter()
            .find(|e| e["id_exportacion"] == id && e["estado"] == "terminada");
        if done.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let done = done.expect("told when it finished");
    let rows = scalar_i64(&s, "SELECT COUNT(*) FROM plan_acreditaciones a JOIN empleados e ON e.cve_empleado = a.cve_empleado WHERE e.baja_logica = 0", &[]).await;
    assert_eq!(
        (done["filas"].as_i64(), done["total"].as_i64()),
        (Some(rows), Some(rows))
    );
    assert!(done["bytes"].as_i64().unwrap_or(0) > 0);
    let first = &mine.all("reporte:progreso")[0];
    assert_eq!(
        first["estado"], "procesando",
        "told when it started: {first}"
    );
    assert!(
        theirs.all("reporte:progreso").is_empty(),
        "nobody else is told"
    );
    mine.close().await;
    theirs.close().await;
}
