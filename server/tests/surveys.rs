//! Surveys and ratings over HTTP: course survey templates and their assignment, answering
//! once after the course, results per course and per instructor, the dashboard survey and
//! the Contratista rule, and topic ratings in half steps.

use crate::common;
use crate::courses_support;
use crate::plans_support;

use common::*;
use courses_support::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const PLANTILLAS: &str = "/api/pri/encuestas_cursos";
const DASHBOARD: &str = "/api/pri/configuracion/encuestas";
const TARJETA: &str = "/api/pri/dashboard/encuestas";

/// A question with four options.
fn q(texto: &str) -> Value {
    json!({"pregunta": texto, "respuesta1": "Excelente", "respuesta2": "Bueno",
        "respuesta3": "Regular", "respuesta4": "Deficiente"})
}

/// A template form with `n` questions for the given topics.
fn plantilla(nombre: &str, n: usize, temas: &[i64]) -> Value {
    let preguntas: Vec<Value> = (1..=n).map(|i| q(&format!("Pregunta {i}"))).collect();
    json!({"nombre": nombre, "descripcion": "Al terminar el curso", "activa": true,
        "preguntas": preguntas, "temas": temas})
}

/// Creates a template (must succeed): its body.
async fn created(s: &TestServer, t: &str, form: Value) -> Value {
    let r = s.post(PLANTILLAS, Some(t), form).await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
    r.body
}

/// A topic without room or instructor requirements.
async fn bare_topic(s: &TestServer, t: &str, abbr: &str) -> i64 {
    topic_with(
        s,
        t,
        abbr,
        json!({"requiere_sala": 0, "requiere_instructor": 0}),
    )
    .await
}

/// A two-session course of `tema` that ended `dias` days ago (0 = it ends today), taught
/// by `instructor`, at its own hour so the tests' courses never overlap.
async fn ended_course(s: &TestServer, t: &str, tema: i64, dias: u64, instructor: i64) -> i64 {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM cursos")
        .fetch_one(&s.state().db.read)
        .await
        .expect("courses");
    let h = 7 + n % 10;
    let (inicio, fin) = (format!("{h:02}:00"), format!("{h:02}:50"));
    let sesiones = vec![
        session(&days_ago(s, dias + 1), &inicio, &fin),
        session(&days_ago(s, dias), &inicio, &fin),
    ];
    scheduled(s, t, &course_body(tema, sesiones, None, Some(instructor))).await
}

/// Gives an employee a seat in a course (enrolment is not what these tests are about, and
/// the enrolment endpoint refuses courses that already started).
async fn seat(s: &TestServer, cve_curso: i64, cve_empleado: i64) {
    let now = s.state().now_iso();
    sqlx::query(
        "INSERT INTO cursos_inscripciones (cve_curso, cve_empleado, estatus, origen, creado, actualizado)
         VALUES (?, ?, 'inscrito', 'analista', ?, ?)",
    )
    .bind(cve_curso)
    .bind(cve_empleado)
    .bind(&now)
    .bind(&now)
    .execute(&s.state().db.write)
    .await
    .expect("enrolment");
    sqlx::query("UPDATE cursos SET inscritos = inscritos + 1 WHERE cve_curso = ?")
        .bind(cve_curso)
        .execute(&s.state().db.write)
        .await
        .expect("seat");
}

fn survey_path(cve_curso: i64) -> String {
    format!("/api/pri/cursos/{cve_curso}/encuesta")
}

/// Every question of a survey answered with the same option.
fn all_with(survey: &Value, selected: i64) -> Value {
    let respuestas: Vec<Value> = survey["preguntas"]
        .as_array()
        .expect("questions")
        .iter()
        .map(|p| json!({"id_pregunta": p["id_pregunta"], "selected": selected}))
        .collect();
    json!({ "respuestas": respuestas })
}

/// Answers with these options, one per question in order.
fn answers(survey: &Value, selected: &[i64]) -> Value {
    let respuestas: Vec<Value> = survey["preguntas"]
        .as_array()
        .expect("questions")
        .iter()
        .zip(selected)
        .map(|(p, s)| json!({"id_pregunta": p["id_pregunta"], "selected": s}))
        .collect();
    json!({ "respuestas": respuestas })
}

/// The counts of one question's options in a results answer.
fn counts(encuesta: &Value, i: usize) -> Vec<i64> {
    encuesta["preguntas"][i]["opciones"]
        .as_array()
        .expect("options")
        .iter()
        .map(|o| o["cantidad"].as_i64().expect("cantidad"))
        .collect()
}

fn percentages(encuesta: &Value, i: usize) -> Vec<f64> {
    encuesta["preguntas"][i]["opciones"]
        .as_array()
        .expect("options")
        .iter()
        .map(|o| o["porcentaje"].as_f64().expect("porcentaje"))
        .collect()
}

#[tokio::test]
async fn a_template_is_created_read_listed_updated_and_deleted() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let tema = bare_topic(&s, &t, "ENC1").await;
    let e = created(&s, &t, plantilla("Satisfacción ENC1", 3, &[tema])).await;
    let id = e["id_encuesta"].as_i64().expect("id");
    assert_eq!(e["preguntas"].as_array().map(Vec::len), Some(3));
    assert_eq!(e["temas"], json!([tema]));
    assert_eq!(e["temas_detalle"][0]["nombre_tema"], "Tema ENC1");
    assert_eq!(e["respuestas"], 0);
    assert_eq!(e["activa"], true);

    let r = s.get(&format!("{PLANTILLAS}/{id}"), Some(&t)).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["nombre"], "Satisfacción ENC1");
    assert_eq!(r.body["preguntas"][2]["pregunta"], "Pregunta 3");

    let r = s
        .post(
            &format!("{PLANTILLAS}/tabla"),
            Some(&t),
            json!({"page": 1, "columns_with_selects": [{"nomfield": "nombre", "input": "Satisfacción ENC1"}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let row = &rows(&r)[0];
    assert_eq!(
        (
            &row["preguntas"],
            &row["temas"],
            &row["respuestas"],
            &row["activa"]
        ),
        (&json!(3), &json!(1), &json!(0), &json!("1"))
    );

    // Unanswered: everything may change, questions included.
    let mut form = plantilla("Satisfacción ENC1 bis", 2, &[]);
    form["activa"] = json!(false);
    let r = s
        .call(
            Method::PUT,
            &format!("{PLANTILLAS}/{id}"),
            Some(&t),
            Some(form),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["preguntas"].as_array().map(Vec::len), Some(2));
    assert_eq!(
        (&r.body["temas"], &r.body["activa"]),
        (&json!([]), &json!(false))
    );

    let r = s
        .call(
            Method::DELETE,
            &format!("{PLANTILLAS}/{id}"),
            Some(&t),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s.get(&format!("{PLANTILLAS}/{id}"), Some(&t)).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::NOT_FOUND, "encuestas.no_encontrada")
    );
}

#[tokio::test]
async fn a_template_needs_a_unique_name_and_one_to_thirty_questions_of_four_options() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let mut sin_opcion = plantilla("ENC2 incompleta", 2, &[]);
    sin_opcion["preguntas"][1]["respuesta4"] = json!("  ");
    let r = s.post(PLANTILLAS, Some(&t), sin_opcion).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    assert!(
        r.body["fields"]["preguntas[1].respuesta4"].is_string(),
        "{:?}",
        r.body
    );
    for n in [0, 31] {
        let r = s
            .post(PLANTILLAS, Some(&t), plantilla("ENC2 cuenta", n, &[]))
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{n}: {:?}", r.body);
        assert!(r.body["fields"]["preguntas"].is_string(), "{:?}", r.body);
    }
    let r = s
        .post(PLANTILLAS, Some(&t), plantilla(&"x".repeat(151), 1, &[]))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    assert!(r.body["fields"]["nombre"].is_string());
    // The twins: 1 and 30 questions, a 150-character name.
    created(&s, &t, plantilla("ENC2 una", 1, &[])).await;
    created(&s, &t, plantilla("ENC2 treinta", 30, &[])).await;
    created(&s, &t, plantilla(&"x".repeat(150), 1, &[])).await;
    let r = s
        .post(PLANTILLAS, Some(&t), plantilla("ENC2 una", 1, &[]))
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "encuestas.duplicada")
    );
}

#[tokio::test]
async fn a_topic_has_at_most_one_template() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let a = bare_topic(&s, &t, "ENC3A").await;
    let b = bare_topic(&s, &t, "ENC3B").await;
    created(&s, &t, plantilla("ENC3 primera", 1, &[a])).await;
    let r = s
        .post(PLANTILLAS, Some(&t), plantilla("ENC3 segunda", 1, &[a, b]))
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "encuestas.tema_asignado")
    );
    assert!(r.resp().contains("Tema ENC3A"), "{:?}", r.body);
    let e = created(&s, &t, plantilla("ENC3 segunda", 1, &[b])).await;
    assert_eq!(e["temas"], json!([b]));
    let r = s
        .post(
            PLANTILLAS,
            Some(&t),
            plantilla("ENC3 tercera", 1, &[999_999]),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    assert!(r.body["fields"]["temas"].is_string());
}

#[tokio::test]
async fn a_course_uses_its_topics_template_unless_it_has_its_own() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let tema = bare_topic(&s, &t, "ENC4").await;
    let del_tema = created(&s, &t, plantilla("ENC4 del tema", 1, &[tema])).await;
    let propia = created(&s, &t, plantilla("ENC4 propia", 2, &[])).await;
    let curso = ended_course(&s, &t, tema, 2, demo_instructor(&s).await).await;
    let path = format!("/api/pri/cursos/{curso}/encuesta/asignacion");
    let r = s.get(&path, Some(&t)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(
        (&r.body["id_encuesta"], &r.body["origen"], &r.body["nombre"]),
        (
            &del_tema["id_encuesta"],
            &json!("tema"),
            &json!("ENC4 del tema")
        )
    );
    let r = s
        .call(
            Method::PUT,
            &path,
            Some(&t),
            Some(json!({"id_encuesta": propia["id_encuesta"]})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(
        (&r.body["id_encuesta"], &r.body["origen"]),
        (&propia["id_encuesta"], &json!("curso"))
    );
    // The participant now answers the course's own template.
    let p = s.login(PARTICIPANTE).await;
    seat(&s, curso, s.cve_of(PARTICIPANTE).await).await;
    let r = s.get(&survey_path(curso), Some(&p)).await;
    assert_eq!(r.body["nombre"], "ENC4 propia", "{:?}", r.body);
    let r = s
        .call(
            Method::PUT,
            &path,
            Some(&t),
            Some(json!({"id_encuesta": 999_999})),
        )
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::NOT_FOUND, "encuestas.no_encontrada")
    );
    let r = s
        .call(
            Method::PUT,
            &path,
            Some(&t),
            Some(json!({"id_encuesta": null})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["origen"], "tema");
}

#[tokio::test]
async fn participants_answer_once_after_the_course_and_results_count_each_option() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let tema = bare_topic(&s, &an, "ENC5").await;
    created(&s, &an, plantilla("ENC5 satisfacción", 2, &[tema])).await;
    let curso = ended_course(&s, &an, tema, 1, demo_instructor(&s).await).await;
    let gente = [PARTICIPANTE, HISE, SUPERVISOR];
    let mut tokens = Vec::new();
    for g in gente {
        seat(&s, curso, s.cve_of(g).await).await;
        tokens.push(s.login(g).await);
    }
    let r = s.get(&survey_path(curso), Some(&tokens[0])).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["contestada"], false);
    assert_eq!(r.body["preguntas"][0]["selected"], 0);
    assert_eq!(r.body["preguntas"][0]["respuesta4"], "Deficiente");
    let survey = r.body.clone();

    // Every question, once, with an option 1–4.
    let mut una = answers(&survey, &[1]);
    let r = s
        .post(&survey_path(curso), Some(&tokens[0]), una.clone())
        .await;
    assert_eq!(
        (r.status, r.code()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "encuestas.respuestas_incompletas"
        )
    );
    una = answers(&survey, &[1, 5]);
    let r = s.post(&survey_path(curso), Some(&tokens[0]), una).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    let r = s
        .post(
            &survey_path(curso),
            Some(&tokens[0]),
            answers(&survey, &[1, 2]),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s
        .post(
            &survey_path(curso),
            Some(&tokens[0]),
            answers(&survey, &[1, 2]),
        )
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "encuestas.contestada")
    );
    let r = s.get(&survey_path(curso), Some(&tokens[0])).await;
    assert_eq!(r.body["contestada"], true);
    assert_eq!(
        (
            &r.body["preguntas"][0]["selected"],
            &r.body["preguntas"][1]["selected"]
        ),
        (&json!(1), &json!(2))
    );
    let r = s
        .post(
            &survey_path(curso),
            Some(&tokens[1]),
            answers(&survey, &[1, 4]),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s
        .post(
            &survey_path(curso),
            Some(&tokens[2]),
            answers(&survey, &[2, 4]),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);

    let r = s
        .get(&format!("{}/resultados", survey_path(curso)), Some(&an))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(
        (&r.body["participantes"], &r.body["contestaron"]),
        (&json!(3), &json!(3))
    );
    let e = &r.body["encuestas"][0];
    assert_eq!(e["nombre"], "ENC5 satisfacción");
    assert_eq!(counts(e, 0), vec![2, 1, 0, 0]);
    assert_eq!(percentages(e, 0), vec![66.7, 33.3, 0.0, 0.0]);
    assert_eq!(counts(e, 1), vec![0, 1, 0, 2]);
    assert_eq!(percentages(e, 1), vec![0.0, 33.3, 0.0, 66.7]);
    assert_eq!(e["preguntas"][0]["opciones"][0]["respuesta"], "Excelente");

    // Per instructor over courses: the same counts through the topic filter.
    let r = s
        .post(
            &format!("{PLANTILLAS}/resultados"),
            Some(&an),
            json!({"cve_instructor": demo_instructor(&s).await, "cve_tema": tema}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(
        (&r.body["cursos"], &r.body["contestaron"]),
        (&json!(1), &json!(3))
    );
    assert_eq!(counts(&r.body["encuestas"][0], 0), vec![2, 1, 0, 0]);
}

#[tokio::test]
async fn the_survey_opens_only_after_the_courses_last_session() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let p = s.login(PARTICIPANTE).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let tema = bare_topic(&s, &an, "ENC6").await;
    created(&s, &an, plantilla("ENC6", 1, &[tema])).await;
    let ins = demo_instructor(&s).await;
    let hoy = ended_course(&s, &an, tema, 0, ins).await;
    let ayer = ended_course(&s, &an, tema, 1, ins).await;
    seat(&s, hoy, me).await;
    seat(&s, ayer, me).await;
    let r = s.get(&survey_path(hoy), Some(&p)).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "encuestas.curso_no_terminado"),
        "{:?}",
        r.body
    );
    let r = s
        .post(&survey_path(hoy), Some(&p), json!({"respuestas": []}))
        .await;
    assert_eq!(r.code(), "encuestas.curso_no_terminado");
    // Closed on its last day: open at once.
    sqlx::query("UPDATE cursos SET estatus = 'cerrado' WHERE cve_curso = ?")
        .bind(hoy)
        .execute(&s.state().db.write)
        .await
        .expect("closed");
    let r = s.get(&survey_path(hoy), Some(&p)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s.get(&survey_path(ayer), Some(&p)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s
        .post(&survey_path(ayer), Some(&p), all_with(&r.body, 3))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn twenty_simultaneous_submits_record_one_answer() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let tema = bare_topic(&s, &an, "ENC11").await;
    created(&s, &an, plantilla("ENC11", 3, &[tema])).await;
    let curso = ended_course(&s, &an, tema, 1, demo_instructor(&s).await).await;
    let me = s.cve_of(PARTICIPANTE).await;
    seat(&s, curso, me).await;
    let p = s.login(PARTICIPANTE).await;
    let survey = s.get(&survey_path(curso), Some(&p)).await.body;
    let body = all_with(&survey, 2);
    let path = survey_path(curso);
    let calls = (0..20).map(|_| s.post(&path, Some(&p), body.clone()));
    let answers = futures::future::join_all(calls).await;
    let ok = answers
        .iter()
        .filter(|a| a.status == StatusCode::OK)
        .count();
    let repeated = answers
        .iter()
        .filter(|a| a.code() == "encuestas.contestada")
        .count();
    assert_eq!((ok, repeated), (1, 19));
    let filas: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM encuestas_cursos_respuestas WHERE cve_curso = ? AND cve_empleado = ?",
    )
    .bind(curso)
    .bind(me)
    .fetch_one(&s.state().db.read)
    .await
    .expect("answers");
    assert_eq!(filas, 3, "one answer per question");
}

#[tokio::test]
async fn only_the_courses_enrolled_participants_answer_its_survey() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let tema = bare_topic(&s, &an, "ENC7").await;
    created(&s, &an, plantilla("ENC7", 2, &[tema])).await;
    let curso = ended_course(&s, &an, tema, 1, demo_instructor(&s).await).await;
    seat(&s, curso, s.cve_of(PARTICIPANTE).await).await;
    let otro = s.login(HISE).await;
    let r = s.get(&survey_path(curso), Some(&otro)).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::FORBIDDEN, "encuestas.no_participante")
    );
    let p = s.login(PARTICIPANTE).await;
    let r = s.get(&survey_path(curso), Some(&p)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let body = all_with(&r.body, 1);
    let r = s.post(&survey_path(curso), Some(&otro), body.clone()).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::FORBIDDEN, "encuestas.no_participante")
    );
    let r = s.post(&survey_path(curso), Some(&p), body).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn a_course_without_an_active_template_has_no_survey() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let tema = bare_topic(&s, &an, "ENC8").await;
    let curso = ended_course(&s, &an, tema, 1, demo_instructor(&s).await).await;
    seat(&s, curso, s.cve_of(PARTICIPANTE).await).await;
    let p = s.login(PARTICIPANTE).await;
    let r = s.get(&survey_path(curso), Some(&p)).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::NOT_FOUND, "encuestas.sin_encuesta")
    );
    let mut form = plantilla("ENC8", 1, &[tema]);
    form["activa"] = json!(false);
    let e = created(&s, &an, form.clone()).await;
    let r = s.get(&survey_path(curso), Some(&p)).await;
    assert_eq!(
        r.code(),
        "encuestas.sin_encuesta",
        "an inactive one counts as none"
    );
    form["activa"] = json!(true);
    let r = s
        .call(
            Method::PUT,
            &format!("{PLANTILLAS}/{}", e["id_encuesta"]),
            Some(&an),
            Some(form),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s.get(&survey_path(curso), Some(&p)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn an_answered_template_keeps_its_questions_and_cannot_be_deleted() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let tema = bare_topic(&s, &an, "ENC9").await;
    let form = plantilla("ENC9", 2, &[tema]);
    let e = created(&s, &an, form.clone()).await;
    let path = format!("{PLANTILLAS}/{}", e["id_encuesta"]);
    let curso = ended_course(&s, &an, tema, 1, demo_instructor(&s).await).await;
    seat(&s, curso, s.cve_of(PARTICIPANTE).await).await;
    let p = s.login(PARTICIPANTE).await;
    let survey = s.get(&survey_path(curso), Some(&p)).await.body;
    let r = s
        .post(&survey_path(curso), Some(&p), all_with(&survey, 2))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);

    let mut otra = form.clone();
    otra["preguntas"][0]["pregunta"] = json!("Otra pregunta");
    let r = s.call(Method::PUT, &path, Some(&an), Some(otra)).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "encuestas.con_respuestas")
    );
    let mut renombrada = form.clone();
    renombrada["nombre"] = json!("ENC9 renombrada");
    renombrada["activa"] = json!(false);
    let r = s
        .call(Method::PUT, &path, Some(&an), Some(renombrada))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(
        (&r.body["nombre"], &r.body["respuestas"]),
        (&json!("ENC9 renombrada"), &json!(1))
    );
    let r = s.call(Method::DELETE, &path, Some(&an), None).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "encuestas.con_respuestas")
    );
    // The answer stays readable with its template even though it is now inactive.
    let r = s.get(&survey_path(curso), Some(&p)).await;
    assert_eq!(
        (r.status, &r.body["contestada"]),
        (StatusCode::OK, &json!(true))
    );
}

#[tokio::test]
async fn an_instructor_sees_the_results_of_the_courses_they_teach_only() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let tema = bare_topic(&s, &an, "ENC10").await;
    created(&s, &an, plantilla("ENC10", 1, &[tema])).await;
    let suyo = ended_course(&s, &an, tema, 1, demo_instructor(&s).await).await;
    let externo = external_instructor(&s, &an, "enc10ext").await;
    let ajeno = ended_course(&s, &an, tema, 2, externo).await;
    for c in [suyo, ajeno] {
        seat(&s, c, s.cve_of(PARTICIPANTE).await).await;
    }
    let p = s.login(PARTICIPANTE).await;
    for (c, op) in [(suyo, 1), (ajeno, 4)] {
        let survey = s.get(&survey_path(c), Some(&p)).await.body;
        let r = s
            .post(&survey_path(c), Some(&p), all_with(&survey, op))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    }
    let ins = s.login(INSTRUCTOR).await;
    let r = s
        .get(&format!("{}/resultados", survey_path(suyo)), Some(&ins))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(counts(&r.body["encuestas"][0], 0), vec![1, 0, 0, 0]);
    let r = s
        .get(&format!("{}/resultados", survey_path(ajeno)), Some(&ins))
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::FORBIDDEN, "cursos.no_es_tu_curso")
    );
    let r = s
        .get(&format!("{}/resultados", survey_path(ajeno)), Some(&an))
        .await;
    assert_eq!(counts(&r.body["encuestas"][0], 0), vec![0, 0, 0, 1]);

    // Over courses: the Instructor gets only theirs whatever the filter says.
    let filtro = json!({"cve_tema": tema});
    let r = s
        .post(
            &format!("{PLANTILLAS}/resultados"),
            Some(&ins),
            filtro.clone(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(
        (&r.body["cursos"], &r.body["contestaron"]),
        (&json!(1), &json!(1))
    );
    assert_eq!(counts(&r.body["encuestas"][0], 0), vec![1, 0, 0, 0]);
    let r = s
        .post(
            &format!("{PLANTILLAS}/resultados"),
            Some(&ins),
            json!({"cve_tema": tema, "cve_instructor": externo}),
        )
        .await;
    assert_eq!(r.body["cursos"], 0, "{:?}", r.body);
    let r = s
        .post(&format!("{PLANTILLAS}/resultados"), Some(&an), filtro)
        .await;
    assert_eq!(
        (&r.body["cursos"], &r.body["contestaron"]),
        (&json!(2), &json!(2))
    );
    assert_eq!(counts(&r.body["encuestas"][0], 0), vec![1, 0, 0, 1]);
    assert_eq!(
        percentages(&r.body["encuestas"][0], 0),
        vec![50.0, 0.0, 0.0, 50.0]
    );
    // Dates on the first session: only the course that started three days ago.
    let r = s
        .post(
            &format!("{PLANTILLAS}/resultados"),
            Some(&an),
            json!({"cve_tema": tema, "desde": days_ago(&s, 3), "hasta": days_ago(&s, 3)}),
        )
        .await;
    assert_eq!(r.body["cursos"], 1, "{:?}", r.body);
    let r = s
        .post(
            &format!("{PLANTILLAS}/resultados"),
            Some(&an),
            json!({"desde": days_ago(&s, 1), "hasta": days_ago(&s, 3)}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
}

/// A dashboard survey form for these profiles, from yesterday to tomorrow.
fn dashboard_form(titulo: &str, perfiles: &[i64], s: &TestServer) -> Value {
    json!({"encuesta": titulo, "desde": days_ago(s, 1), "hasta": in_days(s, 1), "activa": true,
        "perfiles": perfiles, "preguntas": [q("¿Modalidad preferida?"), q("¿Horario preferido?")]})
}

/// Creates a dashboard survey (must succeed): its body.
async fn dashboard_created(s: &TestServer, t: &str, form: Value) -> Value {
    let r = s.post(DASHBOARD, Some(t), form).await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
    r.body
}

fn dashboard_answers(card: &Value, selected: &[i64]) -> Value {
    let encuestas: Vec<Value> = card["encuestas"]
        .as_array()
        .expect("questions")
        .iter()
        .zip(selected)
        .map(|(p, s)| json!({"id_pregunta": p["id_pregunta"], "selected": s}))
        .collect();
    json!({ "encuestas": encuestas })
}

#[tokio::test]
async fn the_dashboard_survey_is_answered_once_and_then_shows_its_counts() {
    let s = TestServer::start().await;
    let ad = s.login(ADMIN).await;
    dashboard_created(&s, &ad, dashboard_form("Preferencias DSH1", &[8, 5], &s)).await;
    let p = s.login(PARTICIPANTE).await;
    let r = s.get(TARJETA, Some(&p)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["encuesta_contestada"], false);
    let card = r.body.clone();
    let preguntas = card["encuestas"].as_array().expect("questions");
    assert_eq!(preguntas.len(), 2);
    assert_eq!(preguntas[0]["encuesta"], "Preferencias DSH1");
    assert_eq!(preguntas[0]["selected"], 0);
    assert!(
        preguntas[0]["respuesta1_cantidad"].is_null(),
        "no counts before answering"
    );

    let r = s
        .post(TARJETA, Some(&p), dashboard_answers(&card, &[5]))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    let r = s
        .post(
            TARJETA,
            Some(&p),
            json!({"encuestas": [{"id_pregunta": 999_999, "selected": 1}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    let r = s.post(TARJETA, Some(&p), json!({"encuestas": []})).await;
    assert_eq!(
        (r.status, r.code()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "encuestas.respuestas_incompletas"
        )
    );
    // One answer is enough (the card's submit appears once an answer is selected).
    let r = s
        .post(TARJETA, Some(&p), dashboard_answers(&card, &[2]))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s
        .post(TARJETA, Some(&p), dashboard_answers(&card, &[2, 3]))
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "encuestas.contestada")
    );
    let ins = s.login(INSTRUCTOR).await;
    let r = s
        .post(TARJETA, Some(&ins), dashboard_answers(&card, &[2, 4]))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);

    let r = s.get(TARJETA, Some(&p)).await;
    assert_eq!(r.body["encuesta_contestada"], true);
    let q0 = &r.body["encuestas"][0];
    assert_eq!(q0["selected"], 2);
    assert_eq!(
        [
            &q0["respuesta1_cantidad"],
            &q0["respuesta2_cantidad"],
            &q0["respuesta3_cantidad"],
            &q0["respuesta4_cantidad"]
        ],
        [&json!(0), &json!(2), &json!(0), &json!(0)]
    );
    let q1 = &r.body["encuestas"][1];
    assert_eq!(
        (&q1["selected"], &q1["respuesta4_cantidad"]),
        (&json!(0), &json!(1))
    );
}

#[tokio::test]
async fn the_contratista_answers_the_dashboard_survey_but_never_gets_counts() {
    let s = TestServer::start().await;
    let ad = s.login(ADMIN).await;
    dashboard_created(&s, &ad, dashboard_form("Preferencias DSH2", &[4, 8], &s)).await;
    let c = s.login(CONTRATISTA).await;
    let card = s.get(TARJETA, Some(&c)).await.body;
    assert_eq!(card["encuestas"][0]["encuesta"], "Preferencias DSH2");
    let r = s
        .post(TARJETA, Some(&c), dashboard_answers(&card, &[1, 1]))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s.get(TARJETA, Some(&c)).await;
    assert_eq!(r.body["encuesta_contestada"], true);
    for p in r.body["encuestas"].as_array().expect("questions") {
        assert_eq!(p["selected"], 1);
        for k in 1..=4 {
            assert!(p[format!("respuesta{k}_cantidad")].is_null(), "{p}");
        }
    }
    // Its twin: a Participante who answered sees the Contratista's answer counted.
    let p = s.login(PARTICIPANTE).await;
    let card = s.get(TARJETA, Some(&p)).await.body;
    let r = s
        .post(TARJETA, Some(&p), dashboard_answers(&card, &[1, 2]))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s.get(TARJETA, Some(&p)).await;
    assert_eq!(r.body["encuestas"][0]["respuesta1_cantidad"], 2);
}

#[tokio::test]
async fn the_dashboard_survey_shows_to_its_profiles_within_its_window_and_the_newest_wins() {
    let s = TestServer::start().await;
    let ad = s.login(ADMIN).await;
    // The demo's survey (profiles 3, 4, 5, 8) started ten days ago; these start later.
    let mut futura = dashboard_form("DSH3 futura", &[5], &s);
    futura["desde"] = json!(in_days(&s, 2));
    futura["hasta"] = json!(in_days(&s, 9));
    dashboard_created(&s, &ad, futura).await;
    let mut inactiva = dashboard_form("DSH3 inactiva", &[5], &s);
    inactiva["activa"] = json!(false);
    dashboard_created(&s, &ad, inactiva).await;
    dashboard_created(&s, &ad, dashboard_form("DSH3 instructores", &[5], &s)).await;
    let title = |b: &Value| b["encuestas"][0]["encuesta"].as_str().map(str::to_string);
    let ins = s.login(INSTRUCTOR).await;
    let r = s.get(TARJETA, Some(&ins)).await;
    assert_eq!(title(&r.body).as_deref(), Some("DSH3 instructores"));
    let sup = s.login(SUPERVISOR).await;
    let r = s.get(TARJETA, Some(&sup)).await;
    assert_eq!(
        title(&r.body).as_deref(),
        Some("¿Cómo prefieres tomar tus cursos?")
    );
    // HISE is in no survey's profiles: nothing to show, and nothing to answer.
    let h = s.login(HISE).await;
    let r = s.get(TARJETA, Some(&h)).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        (&r.body["encuestas"], &r.body["encuesta_contestada"]),
        (&json!([]), &json!(false))
    );
    let r = s
        .post(
            TARJETA,
            Some(&h),
            json!({"encuestas": [{"id_pregunta": 1, "selected": 1}]}),
        )
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::NOT_FOUND, "encuestas.no_encontrada")
    );
}

#[tokio::test]
async fn dashboard_surveys_are_checked_listed_and_frozen_once_answered() {
    let s = TestServer::start().await;
    let ad = s.login(ADMIN).await;
    let mut f = dashboard_form("Preferencias DSH4", &[8], &s);
    f["desde"] = json!(in_days(&s, 3));
    let r = s.post(DASHBOARD, Some(&ad), f).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    assert!(r.body["fields"]["hasta"].is_string());
    for perfiles in [json!([]), json!([99])] {
        let mut f = dashboard_form("Preferencias DSH4", &[8], &s);
        f["perfiles"] = perfiles;
        let r = s.post(DASHBOARD, Some(&ad), f).await;
        assert!(r.body["fields"]["perfiles"].is_string(), "{:?}", r.body);
    }
    let mut f = dashboard_form("Preferencias DSH4", &[8], &s);
    f["preguntas"] = json!((0..11).map(|i| q(&format!("P{i}"))).collect::<Vec<_>>());
    let r = s.post(DASHBOARD, Some(&ad), f).await;
    assert!(r.body["fields"]["preguntas"].is_string(), "{:?}", r.body);

    let form = dashboard_form("Preferencias DSH4", &[8], &s);
    let d = dashboard_created(&s, &ad, form.clone()).await;
    assert_eq!((&d["perfiles"], &d["respuestas"]), (&json!([8]), &json!(0)));
    let path = format!("{DASHBOARD}/{}", d["id_encuesta_dashboard"]);
    let r = s
        .post(
            &format!("{DASHBOARD}/tabla"),
            Some(&ad),
            json!({"page": 1, "columns_with_selects": [{"nomfield": "encuesta", "input": "Preferencias DSH4"}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(
        (&rows(&r)[0]["perfiles"], &rows(&r)[0]["activa"]),
        (&json!(1), &json!("1"))
    );

    let p = s.login(PARTICIPANTE).await;
    let card = s.get(TARJETA, Some(&p)).await.body;
    let r = s
        .post(TARJETA, Some(&p), dashboard_answers(&card, &[1, 1]))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let mut otra = form.clone();
    otra["preguntas"][1]["respuesta2"] = json!("Otra opción");
    let r = s.call(Method::PUT, &path, Some(&ad), Some(otra)).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "encuestas.con_respuestas")
    );
    let mut cerrada = form.clone();
    cerrada["activa"] = json!(false);
    let r = s.call(Method::PUT, &path, Some(&ad), Some(cerrada)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(
        (&r.body["activa"], &r.body["respuestas"]),
        (&json!(false), &json!(1))
    );
    let r = s.call(Method::DELETE, &path, Some(&ad), None).await;
    assert_eq!(r.code(), "encuestas.con_respuestas");
    let nueva = dashboard_created(
        &s,
        &ad,
        dashboard_form("Preferencias DSH4 sin respuestas", &[8], &s),
    )
    .await;
    let r = s
        .call(
            Method::DELETE,
            &format!("{DASHBOARD}/{}", nueva["id_encuesta_dashboard"]),
            Some(&ad),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

/// Accredits an employee in a topic through the kardex (yesterday, grade 90).
async fn accredited(s: &TestServer, t: &str, cve: i64, tema: i64) {
    let r = plans_support::accredit(
        s,
        t,
        cve,
        json!({"cve_tema": tema, "fecha": days_ago(s, 1), "calificacion": 90, "motivo": "Expediente"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

fn rating_path(tema: i64) -> String {
    format!("/api/pri/temas/{tema}/rating")
}

#[tokio::test]
async fn ratings_go_from_half_a_star_to_five_in_half_steps_and_rating_again_replaces() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let tema = bare_topic(&s, &an, "RAT1").await;
    accredited(&s, &an, s.cve_of(PARTICIPANTE).await, tema).await;
    let p = s.login(PARTICIPANTE).await;
    for bad in [json!(0), json!(0.25), json!(5.5), json!(-1), json!(1.2)] {
        let r = s
            .post(&rating_path(tema), Some(&p), json!({"rating": bad}))
            .await;
        assert_eq!(
            (r.status, r.code()),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                "encuestas.rating_invalido"
            ),
            "{bad}"
        );
    }
    let r = s
        .post(&rating_path(tema), Some(&p), json!({"rating": 0.5}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(
        (&r.body["rating"], &r.body["votos"]),
        (&json!(0.5), &json!(1))
    );
    let r = s
        .post(&rating_path(tema), Some(&p), json!({"rating": 5}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(
        (&r.body["rating"], &r.body["votos"]),
        (&json!(5.0), &json!(1)),
        "rating again replaces the employee's value"
    );
    let r = s
        .post(&rating_path(999_999), Some(&p), json!({"rating": 3}))
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn only_an_employee_who_accredited_the_topic_rates_it_and_topics_and_blocks_show_the_average()
{
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let tema = bare_topic(&s, &an, "RAT2").await;
    let otro = bare_topic(&s, &an, "RAT2B").await;
    let bloque = plans_support::block_with(&s, &an, "Bloque RAT2", &[tema, otro]).await;
    let p = s.login(PARTICIPANTE).await;
    let r = s
        .post(&rating_path(tema), Some(&p), json!({"rating": 4}))
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "encuestas.rating_no_acreditado")
    );
    accredited(&s, &an, s.cve_of(PARTICIPANTE).await, tema).await;
    accredited(&s, &an, s.cve_of(HISE).await, tema).await;
    accredited(&s, &an, s.cve_of(HISE).await, otro).await;
    let r = s
        .post(&rating_path(tema), Some(&p), json!({"rating": 4}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let h = s.login(HISE).await;
    let r = s
        .post(&rating_path(tema), Some(&h), json!({"rating": 4.5}))
        .await;
    assert_eq!(
        (&r.body["rating"], &r.body["votos"]),
        (&json!(4.3), &json!(2))
    );
    let r = s
        .post(&rating_path(otro), Some(&h), json!({"rating": 1}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);

    let r = s
        .get(
            &format!("/api/pri/catalogos/temas/ver_tema/{tema}"),
            Some(&an),
        )
        .await;
    assert_eq!(
        (&r.body["rating"], &r.body["votos"]),
        (&json!(4.3), &json!(2))
    );
    let r = s
        .post(
            "/api/pri/catalogos/temas/tabla",
            Some(&an),
            json!({"page": 1, "columns_with_selects": [{"nomfield": "nombre_tema", "input": "Tema RAT2"}],
                "order": "abreviatura", "ordertype": "ASC"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let filas = rows(&r);
    assert_eq!(
        (&filas[0]["rating"], &filas[0]["votos"], &filas[1]["rating"]),
        (&json!(4.3), &json!(2), &json!(1.0))
    );
    let r = s
        .get(
            &format!("/api/pri/catalogos/bloques_cursos/{bloque}"),
            Some(&an),
        )
        .await;
    assert_eq!(
        (&r.body["rating"], &r.body["votos"]),
        (&json!(3.2), &json!(3)),
        "{:?}",
        r.body
    );
    let r = s
        .post(
            "/api/pri/catalogos/bloques_cursos/tabla",
            Some(&an),
            json!({"page": 1, "columns_with_selects": [{"nomfield": "nombre_bloque", "input": "Bloque RAT2"}]}),
        )
        .await;
    assert_eq!(
        (&rows(&r)[0]["rating"], &rows(&r)[0]["votos"]),
        (&json!(3.2), &json!(3))
    );
    // A topic nobody rated: null average, no votes.
    let nuevo = bare_topic(&s, &an, "RAT2C").await;
    let r = s
        .get(
            &format!("/api/pri/catalogos/temas/ver_tema/{nuevo}"),
            Some(&an),
        )
        .await;
    assert_eq!(
        (&r.body["rating"], &r.body["votos"]),
        (&json!(null), &json!(0))
    );
}

#[tokio::test]
async fn the_plan_shows_a_pending_survey_until_answered_and_the_employees_own_rating() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let tema = bare_topic(&s, &an, "PLN9").await;
    created(&s, &an, plantilla("PLN9", 1, &[tema])).await;
    plans_support::seed_requirement(
        &s,
        "empleado",
        Some(tema),
        None,
        ("empleado", me),
        true,
        None,
    )
    .await;
    let curso = ended_course(&s, &an, tema, 1, demo_instructor(&s).await).await;
    seat(&s, curso, me).await;
    let p = s.login(PARTICIPANTE).await;
    let planned = |location: &'static str| {
        let s = &s;
        let p = p.clone();
        async move {
            let r = s
                .post(
                    &format!(
                        "/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/{me}/{location}"
                    ),
                    Some(&p),
                    json!({}),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
            r.body["temas"]
                .as_array()
                .and_then(|a| a.iter().find(|x| x["cve_tema"] == json!(tema)).cloned())
                .expect("the topic is in the plan")
        }
    };
    let t = planned("Pendientes").await;
    assert_eq!(
        (&t["cve_curso"], &t["encuesta_pendiente"]),
        (&json!(curso), &json!(true))
    );
    assert_eq!(t["mi_rating"], json!(null));
    let survey = s.get(&survey_path(curso), Some(&p)).await.body;
    let r = s
        .post(&survey_path(curso), Some(&p), all_with(&survey, 1))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let t = planned("Pendientes").await;
    assert_eq!(t["encuesta_pendiente"], false);

    accredited(&s, &an, me, tema).await;
    let r = s
        .post(&rating_path(tema), Some(&p), json!({"rating": 3.5}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let t = planned("Completados").await;
    assert_eq!(
        (&t["estado"], &t["mi_rating"]),
        (&json!("Acreditado"), &json!(3.5))
    );
}

#[tokio::test]
async fn the_demo_has_answered_course_surveys_a_live_dashboard_survey_and_ratings() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let r = s
        .post(
            &format!("{PLANTILLAS}/tabla"),
            Some(&an),
            json!({"page": 1}),
        )
        .await;
    let nombres: Vec<&str> = rows(&r)
        .iter()
        .filter_map(|x| x["nombre"].as_str())
        .collect();
    assert!(
        nombres.contains(&"Evaluación del curso") && nombres.contains(&"Evaluación del instructor"),
        "{nombres:?}"
    );
    assert!(
        rows(&r).iter().all(|x| x["respuestas"].as_i64() > Some(0)),
        "{:?}",
        r.body
    );
    let r = s
        .post(&format!("{PLANTILLAS}/resultados"), Some(&an), json!({}))
        .await;
    assert!(r.body["contestaron"].as_i64() > Some(20), "{:?}", r.body);
    let c1 = counts(&r.body["encuestas"][0], 0);
    assert!(
        c1.iter().filter(|n| **n > 0).count() >= 3,
        "a spread: {c1:?}"
    );
    let p = s.login(PARTICIPANTE).await;
    let r = s.get(TARJETA, Some(&p)).await;
    assert_eq!(
        r.body["encuesta_contestada"], false,
        "the demo login answers it live"
    );
    assert_eq!(
        r.body["encuestas"][0]["encuesta"],
        "¿Cómo prefieres tomar tus cursos?"
    );
    let votos: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM temas_calificaciones")
        .fetch_one(&s.state().db.read)
        .await
        .expect("ratings");
    assert!(votos > 10, "{votos}");
    let respuestas: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM encuestas_dashboard_participaciones")
            .fetch_one(&s.state().db.read)
            .await
            .expect("answers");
    assert!(respuestas > 10, "{respuestas}");
}
