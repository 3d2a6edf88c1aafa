//! Exams: definitions, the course exam's lifecycle, taking an exam through the spec's calls
//! without ever seeing the key, grading, attempts under concurrency, the time limit, the
//! grading queue and the results reaching the course and the ledger.

use crate::common;
use crate::courses_support;
use crate::plans_support;

use common::*;
use courses_support::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// A bank question: (text, type, [(option, correct)]).
type Pregunta = (&'static str, &'static str, &'static [(&'static str, bool)]);

/// The test bank.
const BANCO: &[Pregunta] = &[
    (
        "¿Qué color de casco usa un visitante?",
        "unica",
        &[("Blanco", true), ("Azul", false), ("Amarillo", false)],
    ),
    (
        "¿Qué equipo es obligatorio en el área de prensas?",
        "multiple",
        &[
            ("Casco", true),
            ("Lentes de seguridad", true),
            ("Guantes de látex", false),
            ("Corbata", false),
        ],
    ),
    (
        "¿A quién se reporta un incidente?",
        "unica",
        &[("Al supervisor del área", true), ("A nadie", false)],
    ),
    (
        "¿Cuántos puntos de reunión tiene la planta?",
        "unica",
        &[("Tres", true), ("Uno", false), ("Ninguno", false)],
    ),
];

const ABIERTA: &str = "Describe el procedimiento de bloqueo y etiquetado.";

/// Loads the test bank into a topic (plus an open question when asked).
async fn bank(s: &TestServer, tok: &str, tema: i64, abierta: bool) {
    for (pregunta, tipo, opciones) in BANCO {
        let respuestas: Vec<Value> = opciones
            .iter()
            .map(|(t, c)| json!({"texto": t, "correcta": c}))
            .collect();
        let r = s
            .post(
                &format!("/api/pri/temas/preguntas/{tema}"),
                Some(tok),
                json!({"pregunta": pregunta, "tipo": tipo, "respuestas": respuestas}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    }
    if abierta {
        let r = s
            .post(
                &format!("/api/pri/temas/preguntas/{tema}"),
                Some(tok),
                json!({"pregunta": ABIERTA, "tipo": "abierta"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    }
}

/// A course of a fresh topic taught by the demo instructor, started yesterday with a
/// 5-day material window, with the test bank; (cve_curso, cve_tema).
async fn exam_course(
    s: &TestServer,
    tok: &str,
    abbr: &str,
    modalidad: &str,
    modelo: &str,
    abierta: bool,
) -> (i64, i64) {
    let tema = topic_with(
        s,
        tok,
        abbr,
        json!({"modalidad": if modalidad == "E_LEARNING" { "E_LEARNING" } else { "PRESENCIAL" },
            "modelo_evaluacion": modelo, "requiere_sala": 0, "requiere_instructor": 0}),
    )
    .await;
    bank(s, tok, tema, abierta).await;
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM cursos")
        .fetch_one(&s.state().db.read)
        .await
        .expect("courses");
    let h = 7 + n % 10;
    let mut body = course_body(
        tema,
        vec![session(
            &days_ago(s, 1),
            &format!("{h:02}:00"),
            &format!("{h:02}:50"),
        )],
        None,
        Some(demo_instructor(s).await),
    );
    body["modalidad"] = json!(modalidad);
    body["dias_acceso"] = json!(5);
    (scheduled(s, tok, &body).await, tema)
}

fn base(cve: i64, curso: i64) -> String {
    format!(
        "/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/{cve}/presentar_examen/{curso}"
    )
}

/// Generates, assigns (everyone) and activates (as the instructor) a course's exam.
async fn ready(s: &TestServer, an: &str, curso: i64, config: Value) {
    let r = s
        .post(&format!("/api/pri/cursos/{curso}/examen"), Some(an), config)
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
    let r = s
        .post(
            &format!("/api/pri/cursos/{curso}/examen/asignar"),
            Some(an),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let ins = s.login(INSTRUCTOR).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/{curso}/examen/activar"),
            Some(&ins),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

/// The right (or wrong) answers to an exam as the participant saw it, by the options'
/// texts; an open question gets `texto`.
fn answers(exam: &Value, right: bool, texto: &str) -> Value {
    let preguntas: Vec<Value> = exam["preguntas"]
        .as_array()
        .expect("preguntas")
        .iter()
        .map(|p| {
            let label = p["label"].as_str().unwrap_or_default();
            let Some((_, _, opciones)) = BANCO.iter().find(|(q, _, _)| *q == label) else {
                return json!({"label": label, "respuesta": texto, "respuestas": []});
            };
            let respuestas: Vec<Value> = p["respuestas"]
                .as_array()
                .expect("options")
                .iter()
                .map(|o| {
                    let t = o["label"].as_str().unwrap_or_default();
                    let correcta = opciones.iter().any(|(x, c)| *x == t && *c);
                    (t, correcta)
                })
                .collect::<Vec<_>>()
                .iter()
                .enumerate()
                .map(|(i, (t, correcta))| {
                    // Wrong: the incorrect options (only the first of them for a
                    // single-answer question).
                    let primera_mala = p["respuestas"].as_array().and_then(|a| {
                        a.iter().position(|o| {
                            !opciones
                                .iter()
                                .any(|(x, c)| Some(*x) == o["label"].as_str() && *c)
                        })
                    });
                    let selected = if right {
                        *correcta
                    } else if p["tipo_pregunta"] == "Opción única" {
                        Some(i) == primera_mala
                    } else {
                        !correcta
                    };
                    json!({"label": t, "selected": selected})
                })
                .collect();
            json!({"label": label, "respuestas": respuestas})
        })
        .collect();
    json!({ "preguntas": preguntas })
}

/// Every key of a JSON value, recursively.
fn keys(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                out.push(k.clone());
                keys(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| keys(x, out)),
        _ => {}
    }
}

/// Fails when a participant-facing answer could reveal the key: a correct flag, a bank id
/// or anything but the texts and the participant's own choices.
fn assert_no_key(v: &Value) {
    let mut k = Vec::new();
    keys(v, &mut k);
    for bad in [
        "correcta",
        "correct",
        "id_pregunta",
        "id_respuesta",
        "puntaje",
        "opciones",
    ] {
        assert!(!k.iter().any(|x| x == bad), "`{bad}` in {v}");
    }
    for p in v["preguntas"].as_array().into_iter().flatten() {
        for o in p["respuestas"].as_array().into_iter().flatten() {
            let mut ks: Vec<&String> = o.as_object().expect("option").keys().collect();
            ks.sort();
            assert_eq!(ks, ["label", "selected"], "{o}");
        }
    }
}

/// The employee's pending plan (whole answer) and its topic `tema`.
async fn planned(s: &TestServer, tok: &str, me: i64, tema: i64) -> (Value, Value) {
    let plan = s
        .post(
            &format!(
                "/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/{me}/Pendientes"
            ),
            Some(tok),
            json!({}),
        )
        .await;
    let t = plan.body["temas"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["cve_tema"] == json!(tema)).cloned())
        .expect("planned");
    (plan.body, t)
}

async fn ledger(s: &TestServer, cve: i64, tema: i64) -> Vec<(String, i64, Option<f64>)> {
    sqlx::query_as(
        "SELECT origen, acreditado, calificacion FROM plan_acreditaciones WHERE cve_empleado = ? AND cve_tema = ? ORDER BY id_acreditacion",
    )
    .bind(cve)
    .bind(tema)
    .fetch_all(&s.state().db.read)
    .await
    .expect("ledger")
}

#[tokio::test]
async fn a_topic_definition_is_checked_against_its_bank_model_and_modality() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let tema = topic(&s, &an, "EXD1", "PRESENCIAL", "conocimiento").await;
    let path = format!("/api/pri/temas/{tema}/examen");
    let r = s.get(&path, Some(&an)).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["configurado"], json!(false));
    assert_eq!(r.body["preguntas_banco"], json!(0));
    assert_eq!(r.body["calificacion_minima"], json!(70.0));
    let form = json!({"num_preguntas": 3, "barajar_preguntas": true, "barajar_opciones": true,
        "tiempo_estimado": 20, "intentos": 2, "descripcion_examen": "  Seguridad básica  "});
    let r = s
        .call(Method::PUT, &path, Some(&an), Some(form.clone()))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    assert_eq!(
        r.body["fields"]["num_preguntas"],
        "El curso no tiene preguntas disponibles."
    );
    bank(&s, &an, tema, true).await;
    let mut mucho = form.clone();
    mucho["num_preguntas"] = json!(6);
    let r = s.call(Method::PUT, &path, Some(&an), Some(mucho)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body["fields"]["num_preguntas"],
        "El banco del tema tiene solo 5 preguntas."
    );
    let mut auto = form.clone();
    auto["autoservicio"] = json!(true);
    let r = s.call(Method::PUT, &path, Some(&an), Some(auto)).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.code(), "examenes.autoservicio_e_learning");
    let mut intentos = form.clone();
    intentos["intentos"] = json!(11);
    let r = s.call(Method::PUT, &path, Some(&an), Some(intentos)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = s.call(Method::PUT, &path, Some(&an), Some(form)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["configurado"], json!(true));
    assert_eq!(r.body["num_preguntas"], json!(3));
    assert_eq!(r.body["descripcion_examen"], "Seguridad básica");
    assert_eq!(r.body["preguntas_banco"], json!(5));
    assert_eq!(r.body["abiertas_banco"], json!(1));
    let ninguno = topic(&s, &an, "EXD2", "PRESENCIAL", "ninguno").await;
    bank(&s, &an, ninguno, false).await;
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/temas/{ninguno}/examen"),
            Some(&an),
            Some(
                json!({"num_preguntas": 2, "barajar_preguntas": true, "barajar_opciones": true,
                "tiempo_estimado": 0, "intentos": 1}),
            ),
        )
        .await;
    assert_eq!(r.code(), "examenes.modelo_sin_calificacion");
    // A course of the topic starts from its definition.
    let (curso, _) = exam_course(&s, &an, "EXD3", "PRESENCIAL", "conocimiento", false).await;
    let r = s
        .get(&format!("/api/pri/cursos/{curso}/examen"), Some(&an))
        .await;
    assert_eq!(r.body["existe"], json!(false));
    assert_eq!(
        r.body["config"]["num_preguntas"],
        json!(4),
        "the defaults: the whole bank"
    );
    assert_eq!(r.body["config"]["intentos"], json!(3));
    let r = s.call(Method::DELETE, &path, Some(&an), None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        s.get(&path, Some(&an)).await.body["configurado"],
        json!(false)
    );
}

#[tokio::test]
async fn only_the_courses_instructor_activates_and_a_handed_in_exam_cannot_be_deleted() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let ins = s.login(INSTRUCTOR).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let tema = topic_with(
        &s,
        &an,
        "EXL0",
        json!({"requiere_sala": 0, "requiere_instructor": 0}),
    )
    .await;
    let mut body = course_body(
        tema,
        vec![session(&days_ago(&s, 1), "08:00", "09:00")],
        None,
        Some(demo_instructor(&s).await),
    );
    body["dias_acceso"] = json!(5);
    let vacio = scheduled(&s, &an, &body).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/{vacio}/examen"),
            Some(&an),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.code(), "examenes.sin_preguntas");

    let (curso, _) = exam_course(&s, &an, "EXL1", "PRESENCIAL", "conocimiento", false).await;
    enrolled(&s, &an, curso, me).await;
    let path = format!("/api/pri/cursos/{curso}/examen");
    let r = s.post(&path, Some(&an), json!({"num_preguntas": 9})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = s
        .post(&path, Some(&an), json!({"num_preguntas": 3, "intentos": 2}))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
    assert_eq!(r.body["estado"], "generado");
    assert_eq!(r.body["es_instructor"], json!(false));
    assert_eq!(
        s.post(&path, Some(&an), json!({})).await.code(),
        "examenes.ya_existe"
    );
    // Not assigned yet: even the instructor cannot activate.
    let r = s
        .post(&format!("{path}/activar"), Some(&ins), json!({}))
        .await;
    assert_eq!(r.code(), "examenes.sin_asignados");
    let r = s
        .post(
            &format!("{path}/asignar"),
            Some(&an),
            json!({"cve_empleados": [999_999]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = s
        .post(&format!("{path}/asignar"), Some(&an), json!({}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["estado"], "asignado");
    let p = &r.body["participantes"][0];
    assert_eq!(
        (p["cve_empleado"].as_i64(), &p["asignado"]),
        (Some(me), &json!(true))
    );
    // The participant cannot start before activation.
    let pt = s.login(PARTICIPANTE).await;
    assert_eq!(
        s.get(&base(me, curso), Some(&pt)).await.status,
        StatusCode::NOT_FOUND
    );
    for who in [&an, &s.login(ADMIN).await] {
        let r = s
            .post(&format!("{path}/activar"), Some(who), json!({}))
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN);
        assert_eq!(r.code(), "examenes.sin_permiso_asignar");
        assert!(
            r.body["resp"]
                .as_str()
                .unwrap_or_default()
                .contains("asignar exámenes"),
            "{:?}",
            r.body
        );
    }
    let r = s
        .post(&format!("{path}/activar"), Some(&ins), json!({}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["estado"], "activo");
    assert_eq!(r.body["es_instructor"], json!(true));
    let exam = s.get(&base(me, curso), Some(&pt)).await;
    assert_eq!(exam.status, StatusCode::OK, "{:?}", exam.body);
    // Deactivated: a started attempt may still be handed in.
    let r = s
        .post(&format!("{path}/desactivar"), Some(&ins), json!({}))
        .await;
    assert_eq!(r.body["estado"], "inactivo");
    let r = s
        .post(&base(me, curso), Some(&pt), answers(&exam.body, true, ""))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    // Inactive: no new attempt.
    assert_eq!(
        s.get(&base(me, curso), Some(&pt)).await.code(),
        "examenes.no_disponible"
    );
    let r = s.call(Method::DELETE, &path, Some(&an), None).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(r.code(), "examenes.con_intentos");
    let r = s
        .call(
            Method::PUT,
            &path,
            Some(&an),
            Some(json!({"num_preguntas": 2})),
        )
        .await;
    assert_eq!(r.code(), "examenes.con_intentos");
    let r = s
        .call(
            Method::PUT,
            &path,
            Some(&an),
            Some(json!({"intentos": 3, "tiempo_estimado": 45})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["config"]["tiempo_estimado"], json!(45));
    // An untouched exam is deleted.
    let (otro, _) = exam_course(&s, &an, "EXL2", "PRESENCIAL", "conocimiento", false).await;
    s.post(
        &format!("/api/pri/cursos/{otro}/examen"),
        Some(&an),
        json!({}),
    )
    .await;
    let r = s
        .call(
            Method::DELETE,
            &format!("/api/pri/cursos/{otro}/examen"),
            Some(&an),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let r = s
        .get(&format!("/api/pri/cursos/{otro}/examen"), Some(&an))
        .await;
    assert_eq!(r.body["existe"], json!(false));
}

#[tokio::test]
async fn the_participant_sees_a_stable_draw_without_the_key_and_resumes_with_saved_answers() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let (curso, tema) = exam_course(&s, &an, "EXS1", "PRESENCIAL", "conocimiento", true).await;
    enrolled(&s, &an, curso, me).await;
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
    ready(
        &s,
        &an,
        curso,
        json!({"num_preguntas": 4, "tiempo_estimado": 30, "descripcion_examen": "Lee con calma"}),
    )
    .await;
    let pt = s.login(PARTICIPANTE).await;
    let first = s.get(&base(me, curso), Some(&pt)).await;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
    assert_no_key(&first.body);
    let d = &first.body["detalle"];
    assert_eq!(d["intento"], json!(1));
    assert_eq!(d["intentos"], json!(3));
    assert_eq!(d["int_rest"], json!(2));
    assert_eq!(d["tiempo_estimado"], json!(30));
    assert_eq!(d["descripcion_examen"], "Lee con calma");
    assert_eq!(d["nombre_tema"], "Tema EXS1");
    let restantes = d["segundos_restantes"].as_i64().expect("seconds left");
    assert!((1790..=1800).contains(&restantes), "{restantes}");
    let preguntas = first.body["preguntas"].as_array().expect("preguntas");
    assert_eq!(preguntas.len(), 4, "the draw's size");
    for p in preguntas {
        let tipo = p["tipo_pregunta"].as_str().unwrap_or_default();
        assert!(
            ["Opción única", "Múltiples respuestas", "Abierta"].contains(&tipo),
            "{p}"
        );
        if p["label"] == BANCO[1].0 {
            assert!(tipo.to_lowercase().contains("múltiples respuestas"));
        }
    }
    // Autosave by position; the answer reveals nothing either. (A question with options:
    // the shuffled draw may put the open one first.)
    let con_opciones = preguntas
        .iter()
        .position(|p| p["tipo_pregunta"] != "Abierta")
        .expect("a question with options");
    let r = s
        .call(
            Method::PUT,
            &format!("{}/respuesta", base(me, curso)),
            Some(&pt),
            Some(json!({"pregunta": con_opciones, "seleccion": [1]})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_no_key(&r.body);
    let unica = preguntas
        .iter()
        .position(|p| p["tipo_pregunta"] == "Opción única")
        .expect("a single-answer question");
    let r = s
        .call(
            Method::PUT,
            &format!("{}/respuesta", base(me, curso)),
            Some(&pt),
            Some(json!({"pregunta": unica, "seleccion": [0, 1]})),
        )
        .await;
    assert_eq!(r.code(), "examenes.pregunta_invalida", "one option only");
    for bad in [
        json!({"pregunta": 9, "seleccion": [0]}),
        json!({"pregunta": unica, "seleccion": [7]}),
    ] {
        let r = s
            .call(
                Method::PUT,
                &format!("{}/respuesta", base(me, curso)),
                Some(&pt),
                Some(bad),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    }
    if let Some(i) = preguntas
        .iter()
        .position(|p| p["tipo_pregunta"] == "Abierta")
    {
        let r = s
            .call(
                Method::PUT,
                &format!("{}/respuesta", base(me, curso)),
                Some(&pt),
                Some(json!({"pregunta": i, "respuesta": "x".repeat(2001)})),
            )
            .await;
        assert_eq!(r.code(), "validacion.texto_largo");
        let r = s
            .call(
                Method::PUT,
                &format!("{}/respuesta", base(me, curso)),
                Some(&pt),
                Some(json!({"pregunta": i, "respuesta": "Cortar energía y colocar candado"})),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK);
    }
    // A reload: same questions, same order, same options, the answers kept.
    let again = s.get(&base(me, curso), Some(&pt)).await;
    let labels = |v: &Value| -> Vec<Value> {
        v["preguntas"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|p| {
                json!([
                    p["label"],
                    p["respuestas"]
                        .as_array()
                        .map(|o| o.iter().map(|x| x["label"].clone()).collect::<Vec<_>>())
                ])
            })
            .collect()
    };
    assert_eq!(labels(&again.body), labels(&first.body));
    assert_eq!(
        again.body["preguntas"][con_opciones]["respuestas"][1]["selected"],
        json!(true)
    );
    assert_eq!(
        again.body["preguntas"][con_opciones]["respuestas"][0]["selected"],
        json!(false)
    );
    assert_eq!(
        again.body["detalle"]["intento"],
        json!(1),
        "the same attempt"
    );
    if let Some(i) = preguntas
        .iter()
        .position(|p| p["tipo_pregunta"] == "Abierta")
    {
        assert_eq!(
            again.body["preguntas"][i]["respuesta"],
            "Cortar energía y colocar candado"
        );
    }
    // The plan shows the exam button's fields.
    let (plan, t) = planned(&s, &pt, me, tema).await;
    assert_eq!(
        (
            t["presentar_examen"].as_str(),
            t["intentos"].as_i64(),
            t["intentos_disponibles"].as_i64()
        ),
        (Some("1"), Some(1), Some(3))
    );
    assert_no_key(&plan);
    // Another employee can neither read nor answer this attempt.
    let sup = s.login(SUPERVISOR).await;
    assert_eq!(
        s.get(&base(me, curso), Some(&sup)).await.status,
        StatusCode::NOT_FOUND
    );
    let r = s
        .post(&base(me, curso), Some(&sup), answers(&first.body, true, ""))
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = s
        .call(
            Method::PUT,
            &format!("{}/respuesta", base(me, curso)),
            Some(&sup),
            Some(json!({"pregunta": 0, "seleccion": [0]})),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let sup_cve = s.cve_of(SUPERVISOR).await;
    assert_eq!(
        s.get(&base(sup_cve, curso), Some(&sup)).await.status,
        StatusCode::NOT_FOUND,
        "not assigned"
    );
    // The hand-in's answer reveals nothing either.
    let r = s
        .post(
            &base(me, curso),
            Some(&pt),
            answers(&first.body, true, "Bloquear, etiquetar, verificar"),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_no_key(&r.body);
}

#[tokio::test]
async fn grading_fails_then_passes_on_a_later_attempt_and_an_e_learning_course_accredits() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let (curso, tema) = exam_course(&s, &an, "EXG1", "E_LEARNING", "conocimiento", false).await;
    enrolled(&s, &an, curso, me).await;
    ready(&s, &an, curso, json!({"intentos": 2})).await;
    let pt = s.login(PARTICIPANTE).await;
    let exam = s.get(&base(me, curso), Some(&pt)).await;
    let r = s
        .post(&base(me, curso), Some(&pt), answers(&exam.body, false, ""))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["acreditado"], json!(false));
    assert_eq!(r.body["calificacion"], json!(0.0));
    assert_eq!(r.body["int_rest"], json!(1));
    assert_eq!(
        r.body["resp"],
        "No acreditaste tu examen, te quedan 1 intentos"
    );
    assert!(
        ledger(&s, me, tema).await.is_empty(),
        "attempts remain: no fact yet"
    );
    // Handing in again the same attempt is refused.
    let r = s
        .post(&base(me, curso), Some(&pt), answers(&exam.body, true, ""))
        .await;
    assert_eq!(r.code(), "examenes.intento_entregado");
    let exam = s.get(&base(me, curso), Some(&pt)).await;
    assert_eq!(exam.body["detalle"]["intento"], json!(2));
    assert_eq!(exam.body["detalle"]["int_rest"], json!(0));
    let r = s
        .post(&base(me, curso), Some(&pt), answers(&exam.body, true, ""))
        .await;
    assert_eq!(r.body["acreditado"], json!(true), "{:?}", r.body);
    assert_eq!(r.body["calificacion"], json!(100.0));
    assert_eq!(r.body["resp"], "Felicidades, aprobaste tu examen");
    assert_eq!(
        ledger(&s, me, tema).await,
        vec![("examen".into(), 1, Some(100.0))]
    );
    let grade: Option<f64> = sqlx::query_scalar(
        "SELECT calificacion FROM cursos_inscripciones WHERE cve_curso = ? AND cve_empleado = ?",
    )
    .bind(curso)
    .bind(me)
    .fetch_one(&s.state().db.read)
    .await
    .expect("grade");
    assert_eq!(grade, Some(100.0), "the best attempt is the course grade");
    assert_eq!(
        s.get(&base(me, curso), Some(&pt)).await.code(),
        "examenes.ya_aprobado"
    );
    let r = s
        .get(&format!("/api/pri/cursos/{curso}/examen"), Some(&an))
        .await;
    let p = &r.body["participantes"][0];
    assert_eq!(
        (
            p["estado"].as_str(),
            p["intentos_usados"].as_i64(),
            p["calificacion"].as_f64()
        ),
        (Some("aprobado"), Some(2), Some(100.0))
    );
}

#[tokio::test]
async fn a_failed_last_attempt_writes_a_failed_fact_and_a_presencial_course_waits_for_its_close() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let (curso, tema) = exam_course(&s, &an, "EXF1", "E_LEARNING", "conocimiento", false).await;
    enrolled(&s, &an, curso, me).await;
    ready(&s, &an, curso, json!({"intentos": 1})).await;
    let pt = s.login(PARTICIPANTE).await;
    let exam = s.get(&base(me, curso), Some(&pt)).await;
    let r = s
        .post(&base(me, curso), Some(&pt), answers(&exam.body, false, ""))
        .await;
    assert_eq!(r.body["int_rest"], json!(0));
    assert_eq!(
        ledger(&s, me, tema).await,
        vec![("examen".into(), 0, Some(0.0))]
    );
    assert_eq!(
        s.get(&base(me, curso), Some(&pt)).await.code(),
        "examenes.sin_intentos"
    );

    let (presencial, tema2) =
        exam_course(&s, &an, "EXF2", "PRESENCIAL", "conocimiento", false).await;
    enrolled(&s, &an, presencial, me).await;
    ready(&s, &an, presencial, json!({})).await;
    let exam = s.get(&base(me, presencial), Some(&pt)).await;
    let r = s
        .post(
            &base(me, presencial),
            Some(&pt),
            answers(&exam.body, true, ""),
        )
        .await;
    assert_eq!(r.body["acreditado"], json!(true));
    assert!(
        ledger(&s, me, tema2).await.is_empty(),
        "attendance still counts: the close decides"
    );
    let grade: Option<f64> = sqlx::query_scalar(
        "SELECT calificacion FROM cursos_inscripciones WHERE cve_curso = ? AND cve_empleado = ?",
    )
    .bind(presencial)
    .bind(me)
    .fetch_one(&s.state().db.read)
    .await
    .expect("grade");
    assert_eq!(grade, Some(100.0));
}

#[tokio::test]
async fn pass_marks_follow_each_models_scale() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let pt = s.login(PARTICIPANTE).await;
    // 3 of 4 right = 75 %: passes 70 (conocimiento), fails 80 (the course's own mark), and is
    // 7.5 of 10 in teorico_practico (mark 7).
    for (abbr, modelo, minima, esperado, ok) in [
        ("EXM1", "conocimiento", None, 75.0, true),
        ("EXM2", "conocimiento", Some(80.0), 75.0, false),
        ("EXM3", "teorico_practico", None, 7.5, true),
        ("EXM4", "teorico_practico", Some(8.0), 7.5, false),
    ] {
        let (curso, _) = exam_course(&s, &an, abbr, "E_LEARNING", modelo, false).await;
        if let Some(m) = minima {
            sqlx::query("UPDATE cursos SET calificacion_minima = ? WHERE cve_curso = ?")
                .bind(m)
                .bind(curso)
                .execute(&s.state().db.write)
                .await
                .expect("mark");
        }
        enrolled(&s, &an, curso, me).await;
        ready(&s, &an, curso, json!({"num_preguntas": 4})).await;
        let exam = s.get(&base(me, curso), Some(&pt)).await;
        let mut body = answers(&exam.body, true, "");
        // Get the single-answer question about incidents wrong.
        for p in body["preguntas"].as_array_mut().expect("preguntas") {
            if p["label"] == BANCO[2].0 {
                for o in p["respuestas"].as_array_mut().expect("options") {
                    let sel = o["selected"].as_bool() == Some(true);
                    o["selected"] = json!(!sel);
                }
            }
        }
        let r = s.post(&base(me, curso), Some(&pt), body).await;
        assert_eq!(
            r.body["calificacion"],
            json!(esperado),
            "{abbr}: {:?}",
            r.body
        );
        assert_eq!(r.body["acreditado"], json!(ok), "{abbr}");
    }
}

#[tokio::test]
async fn twenty_simultaneous_hand_ins_of_the_last_attempt_grade_it_exactly_once() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let (curso, _) = exam_course(&s, &an, "EXC1", "E_LEARNING", "conocimiento", false).await;
    enrolled(&s, &an, curso, me).await;
    ready(&s, &an, curso, json!({"intentos": 1})).await;
    let pt = s.login(PARTICIPANTE).await;
    let exam = s.get(&base(me, curso), Some(&pt)).await;
    let body = answers(&exam.body, true, "");
    let path = base(me, curso);
    let calls = (0..20).map(|_| s.post(&path, Some(&pt), body.clone()));
    let results = futures::future::join_all(calls).await;
    let ok = results
        .iter()
        .filter(|r| r.status == StatusCode::OK)
        .count();
    let conflict = results
        .iter()
        .filter(|r| r.status == StatusCode::CONFLICT && r.code() == "examenes.intento_entregado")
        .count();
    assert_eq!((ok, conflict), (1, 19));
    let (intentos, calificados, hechos): (i64, i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), SUM(t.estado = 'calificado'),
                (SELECT COUNT(*) FROM plan_acreditaciones WHERE cve_empleado = ? AND origen = 'examen')
           FROM examenes_intentos t JOIN examenes_asignaciones a ON a.id_asignacion = t.id_asignacion
           JOIN examenes x ON x.id_examen = a.id_examen WHERE x.cve_curso = ?",
    )
    .bind(me)
    .bind(curso)
    .fetch_one(&s.state().db.read)
    .await
    .expect("attempts");
    assert_eq!((intentos, calificados, hechos), (1, 1, 1));
    // Two tabs opening the exam at once never start two attempts.
    let (curso2, _) = exam_course(&s, &an, "EXC2", "E_LEARNING", "conocimiento", false).await;
    enrolled(&s, &an, curso2, me).await;
    ready(&s, &an, curso2, json!({"intentos": 2})).await;
    let opens = {
        let path = base(me, curso2);
        futures::future::join_all((0..10).map(|_| s.get(&path, Some(&pt)))).await
    };
    assert!(opens.iter().all(|r| r.status == StatusCode::OK));
    assert!(
        opens
            .iter()
            .all(|r| r.body["detalle"]["intento"] == json!(1))
    );
}

#[tokio::test]
async fn the_time_limit_is_the_servers_and_a_late_hand_in_is_graded_from_the_saved_answers() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let (curso, _) = exam_course(&s, &an, "EXT1", "E_LEARNING", "conocimiento", false).await;
    enrolled(&s, &an, curso, me).await;
    ready(
        &s,
        &an,
        curso,
        json!({"tiempo_estimado": 10, "intentos": 2, "num_preguntas": 4}),
    )
    .await;
    let pt = s.login(PARTICIPANTE).await;
    let exam = s.get(&base(me, curso), Some(&pt)).await;
    // Save the right answer to one question only, in time.
    let right = answers(&exam.body, true, "");
    let first: Vec<usize> = right["preguntas"][0]["respuestas"]
        .as_array()
        .expect("options")
        .iter()
        .enumerate()
        .filter(|(_, o)| o["selected"] == json!(true))
        .map(|(i, _)| i)
        .collect();
    let r = s
        .call(
            Method::PUT,
            &format!("{}/respuesta", base(me, curso)),
            Some(&pt),
            Some(json!({"pregunta": 0, "seleccion": first})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    // Within the grace (limit + 20 s) the hand-in counts as sent…
    s.clock.advance(chrono::Duration::seconds(10 * 60 + 20));
    // (Sessions end after 10 idle minutes: sign in again.)
    let pt = s.login(PARTICIPANTE).await;
    let an = s.login(ANALISTA).await;
    let r = s.post(&base(me, curso), Some(&pt), right.clone()).await;
    assert_eq!(
        (
            r.body["fuera_de_tiempo"].as_bool(),
            r.body["calificacion"].as_f64()
        ),
        (Some(false), Some(100.0)),
        "{:?}",
        r.body
    );
    // …but a second attempt handed in after limit + grace is graded from what was saved.
    let (curso2, _) = exam_course(&s, &an, "EXT2", "E_LEARNING", "conocimiento", false).await;
    enrolled(&s, &an, curso2, me).await;
    ready(
        &s,
        &an,
        curso2,
        json!({"tiempo_estimado": 10, "num_preguntas": 4}),
    )
    .await;
    let exam = s.get(&base(me, curso2), Some(&pt)).await;
    let right = answers(&exam.body, true, "");
    let first: Vec<usize> = right["preguntas"][0]["respuestas"]
        .as_array()
        .expect("options")
        .iter()
        .enumerate()
        .filter(|(_, o)| o["selected"] == json!(true))
        .map(|(i, _)| i)
        .collect();
    s.call(
        Method::PUT,
        &format!("{}/respuesta", base(me, curso2)),
        Some(&pt),
        Some(json!({"pregunta": 0, "seleccion": first})),
    )
    .await;
    s.clock.advance(chrono::Duration::seconds(10 * 60 + 31));
    let pt = s.login(PARTICIPANTE).await;
    let an = s.login(ANALISTA).await;
    let r = s
        .call(
            Method::PUT,
            &format!("{}/respuesta", base(me, curso2)),
            Some(&pt),
            Some(json!({"pregunta": 1, "seleccion": [0]})),
        )
        .await;
    assert_eq!(r.code(), "examenes.tiempo_agotado");
    let r = s.post(&base(me, curso2), Some(&pt), right).await;
    assert_eq!(
        r.code(),
        "examenes.intento_entregado",
        "the late autosave closed it"
    );
    let (pct, fuera): (Option<f64>, i64) = sqlx::query_as(
        "SELECT t.porcentaje, t.fuera_de_tiempo FROM examenes_intentos t JOIN examenes_asignaciones a ON a.id_asignacion = t.id_asignacion
           JOIN examenes x ON x.id_examen = a.id_examen WHERE x.cve_curso = ?",
    )
    .bind(curso2)
    .fetch_one(&s.state().db.read)
    .await
    .expect("attempt");
    assert_eq!((pct, fuera), (Some(25.0), 1), "one of four saved in time");
    // A third course: nobody hands in; the staff's view grades it from the saved answers.
    let (curso3, _) = exam_course(&s, &an, "EXT3", "E_LEARNING", "conocimiento", false).await;
    enrolled(&s, &an, curso3, me).await;
    ready(
        &s,
        &an,
        curso3,
        json!({"tiempo_estimado": 5, "num_preguntas": 4}),
    )
    .await;
    s.get(&base(me, curso3), Some(&pt)).await;
    s.clock.advance(chrono::Duration::minutes(6));
    let r = s
        .get(&format!("/api/pri/cursos/{curso3}/examen"), Some(&an))
        .await;
    assert_eq!(
        r.body["participantes"][0]["estado"], "no_aprobado",
        "{:?}",
        r.body
    );
}

#[tokio::test]
async fn open_answers_wait_in_the_instructors_queue_and_the_last_score_grades_the_attempt() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let (curso, tema) = exam_course(&s, &an, "EXO1", "E_LEARNING", "conocimiento", true).await;
    enrolled(&s, &an, curso, me).await;
    ready(&s, &an, curso, json!({"num_preguntas": 5})).await;
    let ins = s.login(INSTRUCTOR).await;
    let pt = s.login(PARTICIPANTE).await;
    let exam = s.get(&base(me, curso), Some(&pt)).await;
    let r = s
        .post(
            &base(me, curso),
            Some(&pt),
            answers(
                &exam.body,
                true,
                "Aislar la energía, colocar candado y etiqueta, verificar",
            ),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["pendiente_revision"], json!(true));
    assert_eq!(r.body["calificacion"], json!(null));
    assert!(ledger(&s, me, tema).await.is_empty());
    let queue = s
        .post("/api/pri/examenes/revision/tabla", Some(&ins), json!({}))
        .await;
    assert_eq!(queue.status, StatusCode::OK, "{:?}", queue.body);
    let fila = rows(&queue)
        .iter()
        .find(|f| f["cve_curso"] == json!(curso))
        .cloned()
        .expect("the open answer is queued");
    assert_eq!(fila["pregunta"], ABIERTA);
    assert!(
        fila["respuesta"]
            .as_str()
            .unwrap_or_default()
            .contains("candado")
    );
    let id = fila["id_respuesta"].as_i64().expect("id");
    // The supervisor has no such section; the participant neither.
    let sup = s.login(SUPERVISOR).await;
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/examenes/revision/{id}"),
            Some(&sup),
            Some(json!({"puntaje": 100})),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/examenes/revision/{id}"),
            Some(&ins),
            Some(json!({"puntaje": 101})),
        )
        .await;
    assert_eq!(r.code(), "examenes.puntaje_invalido");
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/examenes/revision/{id}"),
            Some(&ins),
            Some(json!({"puntaje": 50})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["intento_calificado"], json!(true));
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/examenes/revision/{id}"),
            Some(&ins),
            Some(json!({"puntaje": 100})),
        )
        .await;
    assert_eq!(r.code(), "examenes.ya_calificada");
    // 4 right + half of one = 90 %.
    assert_eq!(
        ledger(&s, me, tema).await,
        vec![("examen".into(), 1, Some(90.0))]
    );
    let queue = s
        .post("/api/pri/examenes/revision/tabla", Some(&ins), json!({}))
        .await;
    assert!(rows(&queue).iter().all(|f| f["id_respuesta"] != json!(id)));
    let avisos = notifications_of(&s, me).await;
    assert!(
        avisos
            .iter()
            .any(|(t, c, _)| t == "Examen calificado" && c.contains("Tema EXO1")),
        "{avisos:?}"
    );
    // Statistics and the results table.
    let st = s
        .get(
            &format!("/api/pri/cursos/{curso}/examen/estadisticas"),
            Some(&an),
        )
        .await;
    assert_eq!(st.status, StatusCode::OK, "{:?}", st.body);
    assert_eq!(
        (
            st.body["presentados"].as_i64(),
            st.body["aprobados"].as_i64(),
            st.body["promedio"].as_f64()
        ),
        (Some(1), Some(1), Some(90.0))
    );
    assert_eq!(st.body["distribucion"][9]["n"], json!(1));
    let abierta = st.body["preguntas"]
        .as_array()
        .expect("questions")
        .iter()
        .find(|p| p["pregunta"] == ABIERTA)
        .cloned()
        .expect("open");
    assert_eq!(abierta["porcentaje"], json!(50.0));
    let res = s
        .post(
            &format!("/api/pri/cursos/{curso}/examen/resultados/tabla"),
            Some(&an),
            json!({}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(rows(&res)[0]["porcentaje"], json!(90.0));
    assert_eq!(rows(&res)[0]["estado"], "calificado");
    // The screens sort both tables by any of their columns.
    for (path, orders) in [
        (
            format!("/api/pri/cursos/{curso}/examen/resultados/tabla"),
            &[
                "participante",
                "intento",
                "inicio",
                "entregado",
                "duracion_seg",
                "porcentaje",
                "calificacion",
                "estado",
            ][..],
        ),
        (
            "/api/pri/examenes/revision/tabla".to_string(),
            &[
                "entregado",
                "curso",
                "fecha_curso",
                "participante",
                "pregunta",
            ][..],
        ),
    ] {
        for order in orders {
            let r = s
                .post(
                    &path,
                    Some(&an),
                    json!({"order": order, "ordertype": "desc"}),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{path} by {order}: {:?}", r.body);
        }
    }
}

#[tokio::test]
async fn a_self_service_exam_of_an_e_learning_topic_is_taken_from_the_plan_without_a_course() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let tema = topic_with(
        &s,
        &an,
        "EXA1",
        json!({"modalidad": "E_LEARNING", "requiere_sala": 0, "requiere_instructor": 0}),
    )
    .await;
    bank(&s, &an, tema, false).await;
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
    let pt = s.login(PARTICIPANTE).await;
    let path = format!("{}?cve_tema={tema}", base(me, 0));
    assert_eq!(
        s.get(&path, Some(&pt)).await.status,
        StatusCode::NOT_FOUND,
        "no self-service exam yet"
    );
    let r = s
        .call(Method::PUT, &format!("/api/pri/temas/{tema}/examen"), Some(&an), Some(json!({"num_preguntas": 4,
            "barajar_preguntas": true, "barajar_opciones": true, "tiempo_estimado": 15, "intentos": 2, "autoservicio": true})))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let (plan, t) = planned(&s, &pt, me, tema).await;
    assert_no_key(&plan);
    assert_eq!(
        (
            t["accion"].as_str(),
            t["presentar_examen"].as_str(),
            t["acceso"].as_bool(),
            t["intentos_disponibles"].as_i64()
        ),
        (Some("examen"), Some("1"), Some(true), Some(2))
    );
    let exam = s.get(&path, Some(&pt)).await;
    assert_eq!(exam.status, StatusCode::OK, "{:?}", exam.body);
    assert_no_key(&exam.body);
    let r = s
        .call(
            Method::PUT,
            &format!("{}/respuesta?cve_tema={tema}", base(me, 0)),
            Some(&pt),
            Some(json!({"pregunta": 0, "seleccion": [0]})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s
        .post(&path, Some(&pt), answers(&exam.body, true, ""))
        .await;
    assert_eq!(r.body["acreditado"], json!(true), "{:?}", r.body);
    assert_eq!(
        ledger(&s, me, tema).await,
        vec![("examen".into(), 1, Some(100.0))]
    );
    // The definition cannot go once someone took it.
    let r = s
        .call(
            Method::DELETE,
            &format!("/api/pri/temas/{tema}/examen"),
            Some(&an),
            None,
        )
        .await;
    assert_eq!(r.code(), "examenes.con_intentos");
    // A presencial topic's definition never makes a self-service exam.
    let otro = topic(&s, &an, "EXA2", "PRESENCIAL", "conocimiento").await;
    assert_eq!(
        s.get(&format!("{}?cve_tema={otro}", base(me, 0)), Some(&pt))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}
