//! The help assistant (spec sections 1 and 7: the chatbot shown when the company's
//! `chatbot` is '1'): answers in the user's language from the company's help texts and FAQ
//! with full-text search (SQLite FTS5), answers personal questions — pending courses, one's
//! certificates, one's next course — from live data of the asker alone, and offers chips
//! that navigate ('Ver mis cursos' → the plan). No external service: every answer names
//! where it came from.

pub mod db;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{CurrentUser, Rule, SessionUser, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::Json;
use crate::i18n::Lang;
use crate::state::AppState;
use crate::validate::fold;

pub use crate::contract::ASISTENTE_PREGUNTA_MAX as PREGUNTA_MAX;
/// Most items an answer lists.
const ELEMENTOS_MAX: usize = 5;

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(secured(state, Rule::Sesion, routes!(ask)))
}

/// A question to the assistant.
#[derive(Deserialize, ToSchema, Debug)]
pub struct PreguntaAsistente {
    pub pregunta: String,
    /// es | en | pt; the request's language (Accept-Language) when missing.
    #[serde(default)]
    pub idioma: Option<String>,
}

/// Where an answer came from.
#[derive(Serialize, ToSchema, Debug, PartialEq, Eq)]
pub struct Fuente {
    /// ayuda (a help text) | datos (the asker's own data) | ninguna
    pub tipo: String,
    /// The help text's title, or what data was read ('Tu plan de capacitación').
    pub titulo: String,
    /// The help text's key (faq.… or pantalla.…).
    pub clave: Option<String>,
}

/// A button under an answer: a screen to open (`ruta`) or a question to ask (`pregunta`).
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
pub struct Chip {
    pub texto: String,
    pub ruta: Option<String>,
    pub pregunta: Option<String>,
}

/// Another help text that matched.
#[derive(Serialize, ToSchema, Debug)]
pub struct Relacionada {
    pub clave: String,
    pub titulo: String,
}

/// The assistant's answer.
#[derive(Serialize, ToSchema, Debug)]
pub struct RespuestaAsistente {
    pub respuesta: String,
    /// Items the answer lists (topics, certificates).
    pub elementos: Vec<String>,
    pub fuente: Fuente,
    pub chips: Vec<Chip>,
    pub relacionadas: Vec<Relacionada>,
    /// The language answered in.
    pub idioma: String,
}

/// Picks the text of the answer's language.
fn t(lang: Lang, es: &str, en: &str, pt: &str) -> String {
    match lang {
        Lang::Es => es,
        Lang::En => en,
        Lang::Pt => pt,
    }
    .to_string()
}

/// What a question asks for.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub enum Intencion {
    Saludo,
    Pendientes,
    Constancias,
    ProximoCurso,
    Ayuda,
}

fn has_any(q: &str, words: &[&str]) -> bool {
    words.iter().any(|w| q.contains(w))
}

/// Reads the intent of a folded question (lower case, no accents): personal questions name
/// oneself ('mis', 'tengo', 'my', 'meus'…) and are not 'how' questions, which go to the help
/// texts.
pub fn intencion(q: &str) -> Intencion {
    // Punctuation ('¿', '?', commas) separates words like a space.
    let q: String = q
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' {
                c
            } else {
                ' '
            }
        })
        .collect();
    let q = format!(" {} ", q.split_whitespace().collect::<Vec<_>>().join(" "));
    let how = has_any(
        &q,
        &[
            " como ",
            " how ",
            " donde ",
            " where ",
            " onde ",
            " que significa",
            " what does",
        ],
    );
    let mine = has_any(
        &q,
        &[
            " mis ",
            " mi ",
            " tengo ",
            " me faltan",
            " me falta",
            " debo ",
            " my ",
            " i have",
            " do i ",
            " am i ",
            " meus ",
            " minhas ",
            " meu ",
            " minha ",
            " tenho ",
        ],
    );
    let next = has_any(
        &q,
        &[
            "proximo curso",
            "siguiente curso",
            "proxima capacitacion",
            "next course",
            "next training",
            "proximo treinamento",
            "cuando es mi",
            "when is my",
            "quando e meu",
        ],
    );
    if next {
        return Intencion::ProximoCurso;
    }
    if !how && mine {
        if has_any(
            &q,
            &[
                "pendiente",
                "pending",
                "pendente",
                "me falta",
                "debo tomar",
                "to take",
                "por tomar",
            ],
        ) || (has_any(
            &q,
            &["curso", "course", "cursos", "courses", "tema", "training"],
        ) && !has_any(&q, &["constancia", "certific", "dc-3", "dc3"]))
        {
            return Intencion::Pendientes;
        }
        if has_any(&q, &["constancia", "certific", "dc-3", "dc3", "diploma"]) {
            return Intencion::Constancias;
        }
    }
    let words: Vec<&str> = q.split_whitespace().collect();
    if words.len() <= 3
        && words.iter().any(|w| {
            matches!(
                w.trim_matches(|c: char| !c.is_alphanumeric()),
                "hola" | "hello" | "hi" | "ola" | "buenas" | "ayuda" | "help" | "ajuda" | "menu"
            )
        })
    {
        return Intencion::Saludo;
    }
    Intencion::Ayuda
}

/// Words that say nothing of the subject, left out of the search.
const VACIAS: &[&str] = &[
    "como",
    "que",
    "para",
    "por",
    "con",
    "los",
    "las",
    "del",
    "una",
    "uno",
    "unos",
    "mis",
    "mi",
    "puedo",
    "hago",
    "donde",
    "cual",
    "cuales",
    "cuando",
    "esta",
    "este",
    "son",
    "hay",
    "the",
    "how",
    "can",
    "what",
    "where",
    "when",
    "does",
    "and",
    "for",
    "you",
    "your",
    "with",
    "com",
    "uma",
    "meu",
    "minha",
    "onde",
    "quando",
    "qual",
    "faco",
    "posso",
    "esta",
    "mean",
    "significa",
];

/// An FTS5 query of a folded question: each meaningful word as a prefix, any of them. Longer
/// words lose their last letters so that the forms of a word meet ('descargo' finds
/// 'descargar' and 'descárgalas', 'inscribo' finds 'inscribirme').
pub fn fts_query(q: &str) -> Option<String> {
    let terms: Vec<String> = q
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3 && !VACIAS.contains(w))
        .take(12)
        .map(|w| {
            let n = w.chars().count();
            let keep = match n {
                0..=4 => n,
                5..=6 => n - 1,
                _ => n - 2,
            };
            let stem: String = w.chars().take(keep).collect();
            format!("\"{stem}\"*")
        })
        .collect();
    (!terms.is_empty()).then(|| terms.join(" OR "))
}

/// The chips every profile may follow: the plan, one's certificates, one's next course.
fn chips_personales(state: &AppState, u: &SessionUser, lang: Lang) -> Vec<Chip> {
    let mut out = Vec::new();
    if u.can(state, crate::plans::SECCION_MI_PLAN) {
        out.push(Chip {
            texto: t(lang, "Ver mis cursos", "See my courses", "Ver meus cursos"),
            ruta: Some("/menu/consultar_plan_capacitacion?location=pendientes".into()),
            pregunta: None,
        });
        let next = t(
            lang,
            "¿Cuál es mi próximo curso?",
            "When is my next course?",
            "Qual é meu próximo curso?",
        );
        out.push(Chip {
            texto: next.clone(),
            ruta: None,
            pregunta: Some(next),
        });
    }
    if u.can(state, "constancias.mis_constancias") {
        out.push(Chip {
            texto: t(
                lang,
                "Mis constancias",
                "My certificates",
                "Minhas constâncias",
            ),
            ruta: Some("/menu/mis_constancias".into()),
            pregunta: None,
        });
    }
    out
}

fn lang_of(p: &PreguntaAsistente) -> Lang {
    match p.idioma.as_deref().map(str::trim) {
        Some("es") => Lang::Es,
        Some("en") => Lang::En,
        Some("pt") => Lang::Pt,
        _ => crate::i18n::current_lang(),
    }
}

/// Answers a question: from the asker's own data when it asks about them, otherwise from the
/// help texts. 403 `asistente.desactivado` while the company's `chatbot` is off.
#[utoipa::path(post, path = "/api/pri/asistente/preguntar", tag = "assistant", request_body = PreguntaAsistente,
    responses((status = 200, body = RespuestaAsistente), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn ask(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(p): Json<PreguntaAsistente>,
) -> AppResult<axum::Json<RespuestaAsistente>> {
    if crate::settings::load(&state).await?.chatbot.trim() != "1" {
        return Err(AppError::forbidden("asistente.desactivado"));
    }
    let texto = p.pregunta.trim();
    let mut fe = FieldErrors::default();
    fe.check(!texto.is_empty(), "pregunta", "validacion.campo_requerido");
    fe.check_len(texto, PREGUNTA_MAX, "pregunta");
    fe.into_result()?;
    let lang = lang_of(&p);
    let q = fold(texto);
    let r = match intencion(&q) {
        Intencion::Saludo => greeting(&state, &u, lang),
        Intencion::Pendientes => pending(&state, &u, lang).await?,
        Intencion::Constancias => certificates(&state, &u, lang).await?,
        Intencion::ProximoCurso => next_course(&state, &u, lang).await?,
        Intencion::Ayuda => help(&state, &u, lang, &q).await?,
    };
    Ok(axum::Json(r))
}

fn respuesta(
    lang: Lang,
    texto: String,
    elementos: Vec<String>,
    fuente: Fuente,
    chips: Vec<Chip>,
) -> RespuestaAsistente {
    RespuestaAsistente {
        respuesta: texto,
        elementos,
        fuente,
        chips,
        relacionadas: Vec::new(),
        idioma: lang.code().into(),
    }
}

fn datos(lang: Lang, es: &str, en: &str, pt: &str) -> Fuente {
    Fuente {
        tipo: "datos".into(),
        titulo: t(lang, es, en, pt),
        clave: None,
    }
}

fn greeting(state: &AppState, u: &SessionUser, lang: Lang) -> RespuestaAsistente {
    respuesta(
        lang,
        t(
            lang,
            "¡Hola! Puedo decirte qué cursos tienes pendientes, cuál es tu próximo curso y cuáles son tus constancias, o responder dudas sobre la plataforma. Escribe tu pregunta.",
            "Hi! I can tell you which courses you have pending, when your next course is and which certificates you have, or answer questions about the platform. Type your question.",
            "Olá! Posso dizer quais cursos você tem pendentes, qual é seu próximo curso e quais são suas constâncias, ou responder dúvidas sobre a plataforma. Escreva sua pergunta.",
        ),
        Vec::new(),
        Fuente {
            tipo: "ninguna".into(),
            titulo: t(lang, "Asistente", "Assistant", "Assistente"),
            clave: None,
        },
        chips_personales(state, u, lang),
    )
}

async fn pending(state: &AppState, u: &SessionUser, lang: Lang) -> AppResult<RespuestaAsistente> {
    let hoy = crate::courses::enrolment::hoy(state).await?;
    let temas = {
        let mut conn = state.db.read.acquire().await?;
        crate::plans::consult::pending_topics(&mut conn, u.cve_empleado, hoy).await?
    };
    let obligatorios = temas.iter().filter(|x| x.obligatoria == 1).count();
    let texto = if temas.is_empty() {
        t(
            lang,
            "No tienes cursos pendientes en tu plan de capacitación. ¡Vas al día!",
            "You have no pending courses in your training plan. You are up to date!",
            "Você não tem cursos pendentes no seu plano de capacitação. Está em dia!",
        )
    } else {
        match lang {
            Lang::Es => format!(
                "Tienes {} curso(s) pendiente(s) en tu plan, {obligatorios} obligatorio(s). Los primeros:",
                temas.len()
            ),
            Lang::En => format!(
                "You have {} pending course(s) in your plan, {obligatorios} mandatory. The first ones:",
                temas.len()
            ),
            Lang::Pt => format!(
                "Você tem {} curso(s) pendente(s) no seu plano, {obligatorios} obrigatório(s). Os primeiros:",
                temas.len()
            ),
        }
    };
    let elementos = temas
        .iter()
        .take(ELEMENTOS_MAX)
        .map(|x| {
            let tipo = if x.obligatoria == 1 {
                t(lang, "Obligatorio", "Mandatory", "Obrigatório")
            } else {
                t(lang, "Opcional", "Optional", "Opcional")
            };
            match &x.fecha_limite {
                Some(f) => format!(
                    "{} · {tipo} · {} {f}",
                    x.nombre,
                    t(lang, "fecha límite", "due", "prazo")
                ),
                None => format!("{} · {tipo}", x.nombre),
            }
        })
        .collect();
    Ok(respuesta(
        lang,
        texto,
        elementos,
        datos(
            lang,
            "Tu plan de capacitación",
            "Your training plan",
            "Seu plano de capacitação",
        ),
        chips_personales(state, u, lang),
    ))
}

async fn certificates(
    state: &AppState,
    u: &SessionUser,
    lang: Lang,
) -> AppResult<RespuestaAsistente> {
    let cursos = {
        let mut conn = state.db.read.acquire().await?;
        crate::certificates::db::passed_course_names(&mut conn, u.cve_empleado).await?
    };
    let texto = if cursos.is_empty() {
        t(
            lang,
            "Aún no tienes constancias: aparecen en Mis constancias cuando acreditas un curso y éste se cierra.",
            "You have no certificates yet: they appear in My certificates when you pass a course and it is closed.",
            "Você ainda não tem constâncias: elas aparecem em Minhas constâncias quando você é aprovado em um curso e ele é encerrado.",
        )
    } else {
        match lang {
            Lang::Es => format!(
                "Tienes {} constancia(s) de cursos acreditados. Las más recientes:",
                cursos.len()
            ),
            Lang::En => format!(
                "You have {} certificate(s) of courses passed. The most recent:",
                cursos.len()
            ),
            Lang::Pt => format!(
                "Você tem {} constância(s) de cursos aprovados. As mais recentes:",
                cursos.len()
            ),
        }
    };
    let elementos = cursos
        .iter()
        .take(ELEMENTOS_MAX)
        .map(|(n, f)| format!("{n} · {f}"))
        .collect();
    Ok(respuesta(
        lang,
        texto,
        elementos,
        datos(
            lang,
            "Tus constancias",
            "Your certificates",
            "Suas constâncias",
        ),
        chips_personales(state, u, lang),
    ))
}

async fn next_course(
    state: &AppState,
    u: &SessionUser,
    lang: Lang,
) -> AppResult<RespuestaAsistente> {
    let hoy = crate::courses::enrolment::hoy(state).await?;
    let hoy_iso = hoy.format("%Y-%m-%d").to_string();
    let temas = {
        let mut conn = state.db.read.acquire().await?;
        crate::plans::consult::pending_topics(&mut conn, u.cve_empleado, hoy).await?
    };
    let mut proximos: Vec<_> = temas
        .iter()
        .filter(|x| {
            x.fecha_curso
                .as_deref()
                .is_some_and(|f| f >= hoy_iso.as_str())
        })
        .collect();
    proximos.sort_by(|a, b| a.fecha_curso.cmp(&b.fecha_curso));
    let texto = match proximos.first() {
        None => t(
            lang,
            "No tienes cursos programados próximamente. Inscríbete desde tu plan de capacitación.",
            "You have no upcoming courses. Enrol from your training plan.",
            "Você não tem cursos programados em breve. Inscreva-se pelo seu plano de capacitação.",
        ),
        Some(x) => {
            let fecha = x.fecha_curso.clone().unwrap_or_default();
            let hora = x
                .hora_curso
                .as_deref()
                .map(|h| format!(" {h}"))
                .unwrap_or_default();
            let modalidad = x
                .modalidad_curso
                .clone()
                .unwrap_or_else(|| x.modalidad.clone());
            match lang {
                Lang::Es => format!(
                    "Tu próximo curso es {} el {fecha}{hora} ({modalidad}).",
                    x.nombre
                ),
                Lang::En => format!(
                    "Your next course is {} on {fecha}{hora} ({modalidad}).",
                    x.nombre
                ),
                Lang::Pt => format!(
                    "Seu próximo curso é {} em {fecha}{hora} ({modalidad}).",
                    x.nombre
                ),
            }
        }
    };
    let elementos = proximos
        .iter()
        .skip(1)
        .take(ELEMENTOS_MAX)
        .map(|x| {
            format!(
                "{} · {}",
                x.nombre,
                x.fecha_curso.clone().unwrap_or_default()
            )
        })
        .collect();
    Ok(respuesta(
        lang,
        texto,
        elementos,
        datos(
            lang,
            "Tus cursos inscritos",
            "Your enrolled courses",
            "Seus cursos inscritos",
        ),
        chips_personales(state, u, lang),
    ))
}

/// The screen a help text is about (`pantalla.<ruta>`), when one may open it.
async fn screen_chip(
    state: &AppState,
    u: &SessionUser,
    clave: &str,
    titulo: &str,
    lang: Lang,
) -> AppResult<Option<Chip>> {
    let Some(ruta) = clave.strip_prefix("pantalla.") else {
        return Ok(None);
    };
    let sections = {
        let mut conn = state.db.read.acquire().await?;
        db::sections_of_route(&mut conn, ruta).await?
    };
    if !sections.iter().any(|s| u.can(state, s)) {
        return Ok(None);
    }
    Ok(Some(Chip {
        texto: format!("{} {titulo}", t(lang, "Abrir", "Open", "Abrir")),
        ruta: Some(format!("/menu/{ruta}")),
        pregunta: None,
    }))
}

async fn help(
    state: &AppState,
    u: &SessionUser,
    lang: Lang,
    q: &str,
) -> AppResult<RespuestaAsistente> {
    let found = match fts_query(q) {
        Some(query) => {
            let mut conn = state.db.read.acquire().await?;
            db::search(&mut conn, lang, &query, 4).await?
        }
        None => Vec::new(),
    };
    let Some(best) = found.first() else {
        return Ok(respuesta(
            lang,
            t(
                lang,
                "No encontré una respuesta en la ayuda. Prueba con otras palabras, o pregúntame por tus cursos pendientes, tu próximo curso o tus constancias.",
                "I found no answer in the help. Try other words, or ask me about your pending courses, your next course or your certificates.",
                "Não encontrei uma resposta na ajuda. Tente outras palavras, ou pergunte sobre seus cursos pendentes, seu próximo curso ou suas constâncias.",
            ),
            Vec::new(),
            Fuente {
                tipo: "ninguna".into(),
                titulo: t(lang, "Sin resultados", "No results", "Sem resultados"),
                clave: None,
            },
            chips_personales(state, u, lang),
        ));
    };
    let mut chips = Vec::new();
    if let Some(c) = screen_chip(state, u, &best.clave, &best.titulo, lang).await? {
        chips.push(c);
    }
    chips.extend(chips_personales(state, u, lang));
    let mut r = respuesta(
        lang,
        best.contenido.clone(),
        Vec::new(),
        Fuente {
            tipo: "ayuda".into(),
            titulo: best.titulo.clone(),
            clave: Some(best.clave.clone()),
        },
        chips,
    );
    r.relacionadas = found
        .iter()
        .skip(1)
        .map(|h| Relacionada {
            clave: h.clave.clone(),
            titulo: h.titulo.clone(),
        })
        .collect();
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn personal_questions_are_told_from_how_questions() {
        let i = |s: &str| intencion(&fold(s));
        assert_eq!(i("¿Qué cursos tengo pendientes?"), Intencion::Pendientes);
        assert_eq!(i("What courses do I have pending?"), Intencion::Pendientes);
        assert_eq!(i("Quais cursos tenho pendentes?"), Intencion::Pendientes);
        assert_eq!(i("mis constancias"), Intencion::Constancias);
        assert_eq!(i("my certificates"), Intencion::Constancias);
        assert_eq!(i("¿Cuándo es mi próximo curso?"), Intencion::ProximoCurso);
        assert_eq!(i("When is my next course?"), Intencion::ProximoCurso);
        assert_eq!(i("¿Cómo descargo mi constancia DC-3?"), Intencion::Ayuda);
        assert_eq!(i("How do I take an exam?"), Intencion::Ayuda);
        assert_eq!(i("Hola"), Intencion::Saludo);
        assert_eq!(i("contraseña olvidada"), Intencion::Ayuda);
    }

    #[test]
    fn the_search_keeps_meaningful_words_as_prefixes() {
        assert_eq!(
            fts_query(&fold("¿Cómo descargo mi constancia DC-3?")).as_deref(),
            Some("\"descar\"* OR \"constanc\"*")
        );
        assert_eq!(fts_query("como"), None);
        // Quotes and operators of the question cannot reach the FTS syntax.
        assert_eq!(
            fts_query(&fold("examen\" OR NEAR(x")).as_deref(),
            Some("\"exame\"* OR \"near\"*")
        );
    }
}
