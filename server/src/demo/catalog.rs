//! Demo catalogue content: training resources, topics with question banks and
//! activities, topic groups, topics by plant, course blocks and a past upload, through
//! the resources, topics, blocks and imports domains' own functions.

use std::collections::HashMap;

use bytes::Bytes;
use sqlx::SqliteConnection;

use super::company::Company;
use crate::error::{AppError, AppResult};
use crate::resources::types::{Institucion, Instructor, Sala, Sede};
use crate::state::AppState;
use crate::topics::questions::{PreguntaForm, Respuesta};
use crate::topics::{self, TemaForm, TopicFiles};

/// The covers of demo topics by category, and of blocks (640×360 PNG, under
/// `catalogos/demo/portada-<name>.png`).
const PORTADAS: &[(&str, &str, &[u8])] = &[
    (
        "Seguridad y salud",
        "seguridad",
        include_bytes!("portadas/seguridad.png"),
    ),
    (
        "Inducción",
        "induccion",
        include_bytes!("portadas/induccion.png"),
    ),
    (
        "Cumplimiento",
        "cumplimiento",
        include_bytes!("portadas/cumplimiento.png"),
    ),
    (
        "Herramientas digitales",
        "digital",
        include_bytes!("portadas/digital.png"),
    ),
    (
        "Desarrollo humano",
        "desarrollo",
        include_bytes!("portadas/desarrollo.png"),
    ),
    (
        "Productividad",
        "productividad",
        include_bytes!("portadas/productividad.png"),
    ),
    (
        "Mantenimiento",
        "mantenimiento",
        include_bytes!("portadas/mantenimiento.png"),
    ),
    (
        "Comercial",
        "comercial",
        include_bytes!("portadas/comercial.png"),
    ),
    ("", "bloques", include_bytes!("portadas/bloques.png")),
];

/// Where a cover is stored.
fn portada(nombre: &str) -> String {
    format!("catalogos/demo/portada-{nombre}.png")
}

/// The cover of a topic's category (the blocks' one when the category has none).
fn portada_de(categoria: &str) -> String {
    let nombre = PORTADAS
        .iter()
        .find(|(c, _, _)| *c == categoria)
        .map_or("bloques", |(_, n, _)| n);
    portada(nombre)
}

/// (abbreviation, name, area, type, modality, days, hours, months, evaluation, min mark, description, category, tags)
#[allow(clippy::type_complexity)]
const TEMAS: &[(
    &str,
    &str,
    i64,
    &str,
    &str,
    i64,
    f64,
    i64,
    &str,
    Option<f64>,
    &str,
    &str,
    &str,
)] = &[
    (
        "NOM-035",
        "Factores de riesgo psicosocial (NOM-035-STPS)",
        6000,
        "Curso",
        "E_LEARNING",
        1,
        2.0,
        12,
        "conocimiento",
        Some(80.0),
        "Identificación, análisis y prevención de los factores de riesgo psicosocial y promoción de un entorno organizacional favorable.",
        "Seguridad y salud",
        "NOM-035,psicosocial",
    ),
    (
        "NOM-006",
        "Manejo seguro de montacargas (NOM-006-STPS)",
        6000,
        "Taller",
        "PRESENCIAL",
        2,
        4.0,
        12,
        "teorico_practico",
        Some(7.0),
        "Inspección previa, operación segura, estiba y desestiba de materiales con montacargas.",
        "Seguridad y salud",
        "montacargas,NOM-006",
    ),
    (
        "NOM-002",
        "Prevención y combate de incendios (NOM-002-STPS)",
        6000,
        "Curso",
        "PRESENCIAL",
        1,
        4.0,
        12,
        "teorico_practico",
        Some(7.0),
        "Clases de fuego, uso de extintores y actuación de las brigadas contra incendio.",
        "Seguridad y salud",
        "brigadas,extintores",
    ),
    (
        "NOM-009",
        "Trabajos en altura (NOM-009-STPS)",
        6000,
        "Taller",
        "PRESENCIAL",
        1,
        8.0,
        12,
        "teorico_practico",
        Some(7.0),
        "Sistemas de protección personal contra caídas, andamios y escaleras.",
        "Seguridad y salud",
        "altura,arnés",
    ),
    (
        "PAUX-01",
        "Primeros auxilios básicos",
        6000,
        "Curso",
        "PRESENCIAL",
        1,
        6.0,
        24,
        "conocimiento",
        Some(70.0),
        "Evaluación de la escena, RCP, control de hemorragias y traslado de lesionados.",
        "Seguridad y salud",
        "brigadas",
    ),
    (
        "IND-01",
        "Inducción a Grupo Industrial Sierra Madre",
        3000,
        "Plática",
        "E_LEARNING",
        1,
        1.0,
        0,
        "conocimiento",
        Some(70.0),
        "Historia, valores, reglamento interior de trabajo y prestaciones.",
        "Inducción",
        "inducción",
    ),
    (
        "ETI-01",
        "Código de ética y cumplimiento",
        3000,
        "Curso",
        "E_LEARNING",
        1,
        1.5,
        12,
        "conocimiento",
        Some(80.0),
        "Conflictos de interés, anticorrupción, protección de datos personales y canal de denuncia.",
        "Cumplimiento",
        "ética,compliance",
    ),
    (
        "XLS-02",
        "Excel intermedio para supervisores",
        8000,
        "Curso",
        "E_LEARNING",
        2,
        3.0,
        0,
        "conocimiento",
        Some(70.0),
        "Tablas dinámicas, BUSCARX, gráficos y validación de datos para reportes de turno.",
        "Herramientas digitales",
        "Excel,reportes",
    ),
    (
        "LID-01",
        "Liderazgo de equipos de trabajo",
        7000,
        "Seminario",
        "STREAMING",
        2,
        3.0,
        0,
        "ninguno",
        None,
        "Comunicación efectiva, retroalimentación y manejo de conflictos en el piso de producción.",
        "Desarrollo humano",
        "liderazgo",
    ),
    (
        "LEAN-01",
        "Manufactura esbelta y 5S",
        1000,
        "Taller",
        "PRESENCIAL",
        2,
        4.0,
        0,
        "conocimiento",
        Some(70.0),
        "Desperdicios, 5S, trabajo estandarizado y mejora continua kaizen.",
        "Productividad",
        "5S,lean",
    ),
    (
        "MTTO-01",
        "Mantenimiento autónomo TPM",
        5000,
        "Curso",
        "PRESENCIAL",
        1,
        6.0,
        0,
        "teorico_practico",
        Some(7.0),
        "Limpieza-inspección, lubricación básica y etiquetas de anomalías.",
        "Mantenimiento",
        "TPM",
    ),
    (
        "VEN-01",
        "Atención al cliente en mostrador",
        4000,
        "Curso",
        "E_LEARNING",
        1,
        2.0,
        0,
        "conocimiento",
        Some(70.0),
        "Protocolo de atención, manejo de objeciones y cierre de venta.",
        "Comercial",
        "ventas",
    ),
];

/// (abbreviation, question, type, options with the correct ones marked)
type Opciones = &'static [(&'static str, bool)];

const PREGUNTAS: &[(&str, &str, &str, Opciones)] = &[
    (
        "NOM-035",
        "¿Qué establece la NOM-035-STPS-2018?",
        "unica",
        &[
            (
                "Identificar, analizar y prevenir los factores de riesgo psicosocial",
                true,
            ),
            (
                "Las condiciones de iluminación en los centros de trabajo",
                false,
            ),
            ("El uso de equipo de protección personal", false),
        ],
    ),
    (
        "NOM-035",
        "¿Cuáles son factores de riesgo psicosocial?",
        "multiple",
        &[
            ("Cargas de trabajo excesivas", true),
            (
                "Jornadas de trabajo que exceden lo establecido en la ley",
                true,
            ),
            ("Contar con un plan de carrera", false),
            ("Violencia laboral", true),
        ],
    ),
    (
        "NOM-035",
        "Describe una acción de tu área para favorecer un entorno organizacional favorable.",
        "abierta",
        &[],
    ),
    (
        "NOM-006",
        "¿Qué debe revisarse antes de operar un montacargas?",
        "multiple",
        &[
            ("Frenos, claxon y luces", true),
            ("Nivel de combustible o carga de batería", true),
            ("El color de la carrocería", false),
        ],
    ),
    (
        "NOM-006",
        "¿Dónde se indica la capacidad máxima de carga del montacargas?",
        "unica",
        &[
            ("En la placa de datos del fabricante", true),
            ("En el manual de la empresa de transporte", false),
            ("Lo decide el operador según la experiencia", false),
        ],
    ),
    (
        "NOM-002",
        "¿Qué clase de fuego involucra equipo eléctrico energizado?",
        "unica",
        &[
            ("Clase A", false),
            ("Clase B", false),
            ("Clase C", true),
            ("Clase D", false),
        ],
    ),
    (
        "NOM-002",
        "¿Qué significa la técnica PASS para usar un extintor?",
        "unica",
        &[
            ("Presionar, Apuntar, Soltar, Sacudir", false),
            (
                "Jalar el seguro, Apuntar a la base, Apretar la palanca, Barrer",
                true,
            ),
        ],
    ),
    (
        "IND-01",
        "¿Cuál es uno de los valores de Grupo Industrial Sierra Madre?",
        "unica",
        &[
            ("Seguridad ante todo", true),
            ("Producción a cualquier costo", false),
        ],
    ),
];

/// Creates the catalogue content; `logins` are the demo logins' keys by profile.
pub async fn create(
    conn: &mut SqliteConnection,
    state: &AppState,
    _company: &Company,
    logins: &HashMap<i64, i64>,
    now: &str,
) -> AppResult<()> {
    for (_, nombre, png) in PORTADAS {
        state
            .storage
            .put(&portada(nombre), Bytes::from_static(png))
            .await?;
    }
    create_resources(conn, logins).await?;
    let temas = create_topics(conn, now).await?;
    let t = |a: &str| temas.get(a).copied().unwrap_or_default();
    create_groups(conn, &t).await?;
    create_blocks(conn, &portada("bloques"), &t, now).await?;
    create_past_upload(conn, logins, now).await
}

/// Training institutions, the internal instructor (the demo login) and two external
/// ones, and two venues with their rooms.
async fn create_resources(
    conn: &mut SqliteConnection,
    logins: &HashMap<i64, i64>,
) -> AppResult<()> {
    let mut inst = Vec::new();
    for (nombre, contacto, tel, correo) in [
        (
            "Instituto de Capacitación Industrial del Norte",
            "Mtra. Patricia Leal Cantú",
            "81-8355-2040",
            "contacto@icin.edu.mx",
        ),
        (
            "Cruz Roja Mexicana Delegación Monterrey",
            "Lic. Jorge Elizondo Pérez",
            "81-1477-1477",
            "capacitacion@cruzrojamty.org.mx",
        ),
        (
            "Consultores en Seguridad Industrial del Bajío",
            "Ing. Ana Sofía Ramos",
            "442-215-8890",
            "cursos@csib.com.mx",
        ),
    ] {
        let id = crate::resources::save_institution(
            conn,
            None,
            Institucion {
                cve_institucion: 0,
                nombre: nombre.into(),
                contacto: contacto.into(),
                telefono: tel.into(),
                correo: correo.into(),
                activo: 1,
            },
        )
        .await?;
        inst.push(id);
    }
    if let Some(instr) = logins.get(&5) {
        let me = crate::employees::db::profile(&mut *conn, *instr)
            .await?
            .ok_or_else(|| AppError::internal("the demo instructor is missing"))?;
        let correo = me.correo_empleado.clone().unwrap_or_default();
        crate::resources::save_instructor(
            conn,
            None,
            Instructor {
                cve_instructor: 0,
                interno: 1,
                cve_empleado: Some(*instr),
                nombre: me.nombre_empleado.clone(),
                correo: correo.clone(),
                usuario: correo,
                especialidad: "Seguridad industrial".into(),
                rfc: me
                    .rfc_empleado
                    .clone()
                    .unwrap_or_else(|| "XAXX010101000".into()),
                registro_stps: Some("GISM-ICE-0001".into()),
                cve_institucion: None,
                activo: 1,
                firma_url: None,
                firma: None,
            },
        )
        .await?;
    }
    for (nombre, correo, usuario, esp, rfc, reg, i) in [
        (
            "Héctor Villarreal Zambrano",
            "hvillarreal@icin.edu.mx",
            "hvillarreal",
            "Operación de montacargas",
            "VIZH780215PQ3",
            "VIZH780215PQ3-005",
            0,
        ),
        (
            "Gabriela Ochoa Montemayor",
            "gochoa@cruzrojamty.org.mx",
            "gochoa",
            "Primeros auxilios",
            "OOMG850930KL1",
            "OOMG850930KL1-002",
            1,
        ),
    ] {
        crate::resources::save_instructor(
            conn,
            None,
            Instructor {
                cve_instructor: 0,
                interno: 0,
                cve_empleado: None,
                nombre: nombre.into(),
                correo: correo.into(),
                usuario: usuario.into(),
                especialidad: esp.into(),
                rfc: rfc.into(),
                registro_stps: Some(reg.into()),
                cve_institucion: Some(inst[i]),
                activo: 1,
                firma_url: None,
                firma: None,
            },
        )
        .await?;
    }
    for (sede, url, dir, salas) in [
        (
            "Centro de Capacitación Monterrey",
            "https://maps.google.com/?q=25.6866,-100.3161",
            "Av. Constitución 2050, Monterrey, N.L.",
            &[
                ("Aula Cumbres", 30),
                ("Taller de Montacargas", 12),
                ("Sala de Juntas 1", 10),
            ][..],
        ),
        (
            "Aula Corporativa Querétaro",
            "https://maps.google.com/?q=20.5888,-100.3899",
            "Blvd. Bernardo Quintana 4100, Querétaro, Qro.",
            &[("Aula Bernal", 25)][..],
        ),
    ] {
        let id = crate::resources::save_venue(
            conn,
            None,
            Sede {
                cve_sede: 0,
                nombre: sede.into(),
                url_mapa: Some(url.into()),
                direccion: Some(dir.into()),
                activo: 1,
                croquis_url: None,
                croquis: None,
            },
        )
        .await?;
        for (sala, cap) in salas {
            crate::resources::save_room(
                conn,
                None,
                Sala {
                    cve_sala: 0,
                    cve_sede: id,
                    nombre: (*sala).into(),
                    capacidad: *cap,
                    activo: 1,
                },
            )
            .await?;
        }
    }
    Ok(())
}

/// The topics (through the topic form's rules), their questions and activities; answers
/// the topics' keys by abbreviation.
async fn create_topics(
    conn: &mut SqliteConnection,
    now: &str,
) -> AppResult<HashMap<&'static str, i64>> {
    let mut temas: HashMap<&str, i64> = HashMap::new();
    for (
        abbr,
        nombre,
        area,
        tipo,
        modalidad,
        dias,
        horas,
        meses,
        modelo,
        minima,
        desc,
        cat,
        tags,
    ) in TEMAS
    {
        let presencial = *modalidad == "PRESENCIAL";
        let mut f = TemaForm {
            abreviatura: (*abbr).into(),
            nombre_tema: (*nombre).into(),
            cve_area: *area,
            tipo: (*tipo).into(),
            modalidad: (*modalidad).into(),
            dias_duracion: *dias,
            horas_sesion: *horas,
            meses_certificacion: *meses,
            prerrequisito: 0,
            prerrequisitos: Vec::new(),
            min_participantes: 1,
            max_participantes: if presencial { 20 } else { 500 },
            requiere_instructor: 1,
            requiere_sala: i64::from(presencial),
            modelo_evaluacion: (*modelo).into(),
            calificacion_minima: *minima,
            calificacion_minima_practica: (*modelo == "teorico_practico").then_some(3.0),
            descripcion: Some((*desc).into()),
            autor: Some("Capital Humano Sierra Madre".into()),
            video: None,
            dias_limite: 0,
            activo: 1,
            ecommerce: i64::from(*cat == "Herramientas digitales" || *cat == "Desarrollo humano"),
            categoria: Some((*cat).into()),
            etiquetas: tags.split(',').map(str::to_string).collect(),
            precio: if *cat == "Herramientas digitales" {
                89_900
            } else {
                0
            },
        };
        f.normalize_and_check().into_result()?;
        topics::check_references(conn, &f, None).await?;
        let files = TopicFiles {
            imagen: Some(portada_de(cat)),
            ..TopicFiles::default()
        };
        let cve = topics::save(conn, None, &f, &files, now).await?;
        temas.insert(abbr, cve);
    }
    let t = |a: &str| temas.get(a).copied().unwrap_or_default();
    // Trabajos en altura requires first aid, which the list creates after it: the
    // prerequisite is added by editing the topic, as a user would.
    let altura = t("NOM-009");
    if let Some(mut f) = topics::stored(conn, altura).await? {
        f.prerrequisito = 1;
        f.prerrequisitos = vec![t("PAUX-01")];
        f.normalize_and_check().into_result()?;
        topics::check_references(conn, &f, Some(altura)).await?;
        topics::save(conn, Some(altura), &f, &TopicFiles::default(), now).await?;
    }
    for (abbr, pregunta, tipo, opciones) in PREGUNTAS {
        let mut f = PreguntaForm {
            pregunta: (*pregunta).into(),
            tipo: (*tipo).into(),
            respuestas: opciones
                .iter()
                .map(|(texto, correcta)| Respuesta {
                    id_respuesta: 0,
                    texto: (*texto).into(),
                    correcta: *correcta,
                })
                .collect(),
        };
        f.normalize_and_check().into_result()?;
        topics::questions::save(conn, t(abbr), None, &f).await?;
    }
    for (abbr, titulo, desc, dias, tipo, limite) in [
        (
            "NOM-035",
            "Reflexión sobre el entorno de trabajo",
            "Escribe tres acciones que tu equipo puede aplicar para prevenir riesgos psicosociales.",
            7,
            "texto",
            Some(1500),
        ),
        (
            "LEAN-01",
            "Evidencia de 5S en tu estación",
            "Sube una foto de tu estación de trabajo después de aplicar las 5S.",
            14,
            "imagen",
            None,
        ),
        (
            "XLS-02",
            "Reporte de turno con tabla dinámica",
            "Entrega el archivo de Excel con el reporte semanal de producción.",
            10,
            "archivo",
            None,
        ),
    ] {
        topics::activities::add_activity(
            conn,
            t(abbr),
            &mut topics::activities::Actividad {
                id_actividad: 0,
                titulo: titulo.into(),
                descripcion: desc.into(),
                dias_entrega: dias,
                tipo_evidencia: tipo.into(),
                limite_caracteres: limite,
            },
        )
        .await?;
    }
    Ok(temas)
}

/// Topic groups (the topics of each plant are plan requirements: `demo::plans`).
async fn create_groups(conn: &mut SqliteConnection, t: &impl Fn(&str) -> i64) -> AppResult<()> {
    for (nombre, desc, abbrs) in [
        (
            "Seguridad industrial obligatoria",
            "Normas STPS que todo el personal operativo debe acreditar.",
            &["NOM-035", "NOM-006", "NOM-002", "NOM-009", "PAUX-01"][..],
        ),
        (
            "Desarrollo de líderes",
            "Formación para supervisores y jefes de turno.",
            &["LID-01", "XLS-02", "LEAN-01"][..],
        ),
        (
            "Cumplimiento corporativo",
            "Temas de ética e inducción para todo el personal.",
            &["IND-01", "ETI-01"][..],
        ),
    ] {
        topics::groups::save_group(
            conn,
            None,
            topics::groups::GrupoForm {
                nombre: nombre.into(),
                descripcion: Some(desc.into()),
                temas: abbrs.iter().map(|a| t(a)).collect(),
                activo: 1,
            },
        )
        .await?;
    }
    Ok(())
}

/// Course blocks (types 1 Ruta de aprendizaje, 2 Programa de certificación, 3 Inducción).
async fn create_blocks(
    conn: &mut SqliteConnection,
    cover: &str,
    t: &impl Fn(&str) -> i64,
    now: &str,
) -> AppResult<()> {
    let year = &now[..4];
    for (nombre, tipo, precio, desc, cap, abbrs) in [
        (
            "Ruta de seguridad en planta",
            1,
            0,
            "Las normas de seguridad que todo operador necesita antes de entrar a piso.",
            40,
            &["NOM-002", "NOM-006", "NOM-009"][..],
        ),
        (
            "Inducción digital",
            3,
            0,
            "Bienvenida, ética y bienestar para el personal de nuevo ingreso, 100% en línea.",
            0,
            &["IND-01", "ETI-01", "NOM-035"][..],
        ),
        (
            "Líder de turno",
            2,
            249_900,
            "Programa para supervisores: liderazgo, reportes en Excel y manufactura esbelta.",
            25,
            &["LID-01", "XLS-02", "LEAN-01"][..],
        ),
        (
            "Certificación en mantenimiento autónomo",
            2,
            149_900,
            "Programa en preparación: sus temas se asignan al cerrar el temario con el proveedor.",
            15,
            &[][..],
        ),
    ] {
        let id = crate::blocks::save_block(
            conn,
            None,
            &mut crate::blocks::BloqueForm {
                nombre_bloque: nombre.into(),
                id_tipo_bloque: tipo,
                precio,
                descripcion: desc.into(),
                fecha_inicio: format!("{year}-01-15"),
                fecha_fin: format!("{year}-12-15"),
                capacidad_asistencia: cap,
                video: "https://www.youtube.com/watch?v=8Zq2n3Hk1cM".into(),
                activo: 1,
            },
            Some(cover),
            now,
        )
        .await?;
        let temas: Vec<i64> = abbrs.iter().map(|a| t(a)).collect();
        if !temas.is_empty() {
            crate::blocks::set_topics(conn, id, &temas, now).await?;
        }
    }
    Ok(())
}

/// A past upload by the administrator, with two rejected rows.
async fn create_past_upload(
    conn: &mut SqliteConnection,
    logins: &HashMap<i64, i64>,
    now: &str,
) -> AppResult<()> {
    use crate::imports::db::{FinishedUpload, NewUpload, insert_finished_upload, insert_row_error};
    let Some(admin) = logins.get(&1) else {
        return Ok(());
    };
    let id = insert_finished_upload(
        &mut *conn,
        &FinishedUpload {
            upload: NewUpload {
                tipo: "puestos",
                archivo: "puestos-planta-apodaca.xlsx",
                clave_archivo: "cargas/demo/puestos.bin",
                cve_empleado: *admin,
                total: 12,
                creado: now,
            },
            insertadas: 9,
            actualizadas: 1,
            sin_cambios: 0,
            errores: 2,
        },
    )
    .await?;
    for (fila, col, valor, motivo) in [
        (5, "N4", "Sierra Madre Acero", "validacion.estructura"),
        (11, "Puesto", "", "validacion.campo_requerido"),
    ] {
        insert_row_error(&mut *conn, id, fila, col, valor, motivo).await?;
    }
    Ok(())
}
