//! Demo catalogue content: DC-3 data, training resources, topics with question banks and
//! activities, topic groups, topics by plant, course blocks, absences and an upload.

use std::collections::HashMap;

use bytes::Bytes;

use crate::db::Tx;
use crate::error::AppResult;
use crate::state::AppState;

/// A 1×1 PNG in the company's blue, the cover of demo topics and blocks.
const COVER_PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
    0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x08, 0xD7, 0x63, 0x50, 0x32, 0x6A, 0x00,
    0x00, 0x01, 0xE4, 0x00, 0xC5, 0x0B, 0x2D, 0x2A, 0x26, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
    0x44, 0xAE, 0x42, 0x60, 0x82,
];

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

pub async fn load(
    tx: &mut Tx,
    state: &AppState,
    logins: &HashMap<i64, i64>,
    now: &str,
) -> AppResult<()> {
    let today = &now[..10];
    let cover = "catalogos/demo/portada.png".to_string();
    state
        .storage
        .put(&cover, Bytes::from_static(COVER_PNG))
        .await?;

    // Employer data and size of each company (the workers counted from the demo).
    let companies: Vec<(i64, String, i64)> = sqlx::query_as(
        "SELECT s.cve_estructura, s.nombre, (SELECT COUNT(*) FROM empleados e WHERE e.n4 = s.cve_estructura)
         FROM estructura s WHERE s.nivel = 4 ORDER BY s.cve_estructura",
    )
    .fetch_all(&mut **tx)
    .await?;
    let rfcs = [
        "GIS980312KT4",
        "MMN050607QX2",
        "DCB110923HJ8",
        "SMA150101AB3",
        "SCN170707LM5",
    ];
    for (i, (id, nombre, workers)) in companies.iter().enumerate() {
        sqlx::query(
            "INSERT INTO empresas_stps (cve_n4, razon_social, rfc, registro_patronal, num_trabajadores) VALUES (?, ?, ?, ?, ?)",
        )
        .bind(id)
        .bind(format!("{nombre} S.A. de C.V."))
        .bind(rfcs[i % rfcs.len()])
        .bind(format!("Y54{:08}", 12_345_670 + i as i64))
        .bind(workers)
        .execute(&mut **tx)
        .await?;
    }
    if let Some((main, _, _)) = companies.first() {
        for (tipo, nombre, puesto) in [
            (
                "patron",
                "Ing. Roberto Garza Villarreal",
                "Director General y representante legal",
            ),
            (
                "trabajadores",
                "Juan Carlos Treviño Salinas",
                "Secretario de la Comisión Mixta de Capacitación",
            ),
        ] {
            sqlx::query(
                "INSERT INTO representantes_dc3 (cve_n4, tipo, nombre, puesto) VALUES (?, ?, ?, ?)",
            )
            .bind(main)
            .bind(tipo)
            .bind(nombre)
            .bind(puesto)
            .execute(&mut **tx)
            .await?;
        }
    }
    if let Some((second, _, _)) = companies.get(1) {
        sqlx::query("INSERT INTO representantes_dc3 (cve_n4, tipo, nombre, puesto) VALUES (?, 'patron', ?, ?)")
            .bind(second)
            .bind("Lic. Mónica Salinas Ochoa")
            .bind("Representante legal")
            .execute(&mut **tx)
            .await?;
    }
    sqlx::query(
        "INSERT INTO establecimientos_stps (cve_n4, nombre, registro_patronal, domicilio, cve_estado)
         SELECT p.cve_n4, 'Planta ' || p.nombre, 'Y54' || printf('%08d', 22000000 + p.cve_planta),
                'Parque Industrial ' || p.nombre || ', ' || coalesce(p.ciudad, ''), p.cve_estado
         FROM plantas p WHERE p.cve_n4 IS NOT NULL",
    )
    .execute(&mut **tx)
    .await?;

    // Training resources.
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
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO instituciones (nombre, contacto, telefono, correo) VALUES (?, ?, ?, ?) RETURNING cve_institucion",
        )
        .bind(nombre)
        .bind(contacto)
        .bind(tel)
        .bind(correo)
        .fetch_one(&mut **tx)
        .await?;
        inst.push(id);
    }
    if let Some(instr) = logins.get(&5) {
        let (nombre, correo, rfc): (String, Option<String>, Option<String>) =
            sqlx::query_as("SELECT nombre_empleado, correo_empleado, rfc_empleado FROM empleados WHERE cve_empleado = ?")
                .bind(instr)
                .fetch_one(&mut **tx)
                .await?;
        sqlx::query(
            "INSERT INTO instructores (interno, cve_empleado, nombre, correo, usuario, especialidad, rfc, registro_stps)
             VALUES (1, ?, ?, ?, ?, 'Seguridad industrial', ?, 'GISM-ICE-0001')",
        )
        .bind(instr)
        .bind(&nombre)
        .bind(correo.clone().unwrap_or_default())
        .bind(correo.unwrap_or_default())
        .bind(rfc.unwrap_or_else(|| "XAXX010101000".into()))
        .execute(&mut **tx)
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
        sqlx::query(
            "INSERT INTO instructores (interno, nombre, correo, usuario, especialidad, rfc, registro_stps, cve_institucion)
             VALUES (0, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(nombre)
        .bind(correo)
        .bind(usuario)
        .bind(esp)
        .bind(rfc)
        .bind(reg)
        .bind(inst[i])
        .execute(&mut **tx)
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
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO sedes (nombre, url_mapa, direccion) VALUES (?, ?, ?) RETURNING cve_sede",
        )
        .bind(sede)
        .bind(url)
        .bind(dir)
        .fetch_one(&mut **tx)
        .await?;
        for (sala, cap) in salas {
            sqlx::query("INSERT INTO salas (cve_sede, nombre, capacidad) VALUES (?, ?, ?)")
                .bind(id)
                .bind(sala)
                .bind(cap)
                .execute(&mut **tx)
                .await?;
        }
    }

    // Topics, their questions and activities.
    let mut temas: HashMap<&str, (i64, &str)> = HashMap::new();
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
        let practica = (*modelo == "teorico_practico").then_some(3.0);
        let cve: i64 = sqlx::query_scalar(
            "INSERT INTO temas (abreviatura, nombre_tema, cve_area, tipo, modalidad, dias_duracion, horas_sesion, meses_certificacion,
                modelo_evaluacion, calificacion_minima, calificacion_minima_practica, descripcion, autor, categoria, imagen,
                requiere_sala, max_participantes, ecommerce, precio, creado, actualizado)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Capital Humano Sierra Madre', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING cve_tema",
        )
        .bind(abbr)
        .bind(nombre)
        .bind(area)
        .bind(tipo)
        .bind(modalidad)
        .bind(dias)
        .bind(horas)
        .bind(meses)
        .bind(modelo)
        .bind(minima)
        .bind(practica)
        .bind(desc)
        .bind(cat)
        .bind(&cover)
        .bind(i64::from(*modalidad == "PRESENCIAL"))
        .bind(if *modalidad == "PRESENCIAL" { 20 } else { 500 })
        .bind(i64::from(*cat == "Herramientas digitales" || *cat == "Desarrollo humano"))
        .bind(if *cat == "Herramientas digitales" { 89_900 } else { 0 })
        .bind(now)
        .bind(now)
        .fetch_one(&mut **tx)
        .await?;
        for t in tags.split(',') {
            sqlx::query("INSERT INTO temas_etiquetas (cve_tema, etiqueta) VALUES (?, ?)")
                .bind(cve)
                .bind(t)
                .execute(&mut **tx)
                .await?;
        }
        temas.insert(abbr, (cve, modalidad));
    }
    let t = |a: &str| temas.get(a).map(|x| x.0).unwrap_or_default();
    sqlx::query("UPDATE temas SET prerrequisito = 1 WHERE cve_tema = ?")
        .bind(t("NOM-009"))
        .execute(&mut **tx)
        .await?;
    sqlx::query("INSERT INTO temas_prerrequisitos (cve_tema, cve_requisito) VALUES (?, ?)")
        .bind(t("NOM-009"))
        .bind(t("PAUX-01"))
        .execute(&mut **tx)
        .await?;
    for (i, (abbr, pregunta, tipo, opciones)) in PREGUNTAS.iter().enumerate() {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO preguntas (cve_tema, pregunta, tipo, orden) VALUES (?, ?, ?, ?) RETURNING id_pregunta",
        )
        .bind(t(abbr))
        .bind(pregunta)
        .bind(tipo)
        .bind(i as i64)
        .fetch_one(&mut **tx)
        .await?;
        for (j, (texto, ok)) in opciones.iter().enumerate() {
            sqlx::query(
                "INSERT INTO respuestas (id_pregunta, texto, correcta, orden) VALUES (?, ?, ?, ?)",
            )
            .bind(id)
            .bind(texto)
            .bind(ok)
            .bind(j as i64)
            .execute(&mut **tx)
            .await?;
        }
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
        sqlx::query(
            "INSERT INTO actividades_temas (cve_tema, titulo, descripcion, dias_entrega, tipo_evidencia, limite_caracteres)
             VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(t(abbr))
        .bind(titulo)
        .bind(desc)
        .bind(dias)
        .bind(tipo)
        .bind(limite)
        .execute(&mut **tx)
        .await?;
    }
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
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO grupos_temas (nombre, descripcion) VALUES (?, ?) RETURNING id_grupo",
        )
        .bind(nombre)
        .bind(desc)
        .fetch_one(&mut **tx)
        .await?;
        for a in abbrs {
            sqlx::query("INSERT INTO grupos_temas_temas (id_grupo, cve_tema) VALUES (?, ?)")
                .bind(id)
                .bind(t(a))
                .execute(&mut **tx)
                .await?;
        }
    }
    let plants: Vec<i64> = sqlx::query_scalar("SELECT cve_planta FROM plantas ORDER BY cve_planta")
        .fetch_all(&mut **tx)
        .await?;
    for (i, p) in plants.iter().enumerate() {
        let abbrs: &[&str] = if i % 2 == 0 {
            &["NOM-006", "NOM-002", "NOM-009", "MTTO-01", "LEAN-01"]
        } else {
            &["NOM-002", "PAUX-01", "NOM-035"]
        };
        for a in abbrs {
            sqlx::query("INSERT INTO plantas_temas (cve_planta, cve_tema) VALUES (?, ?)")
                .bind(p)
                .bind(t(a))
                .execute(&mut **tx)
                .await?;
        }
    }

    // Blocks (types 1 Ruta de aprendizaje, 2 Programa de certificación, 3 Inducción).
    let year = &today[..4];
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
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO bloques (nombre_bloque, id_tipo_bloque, precio, descripcion, imagen, fecha_inicio, fecha_fin, capacidad_asistencia,
                video, creado) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'https://www.youtube.com/watch?v=8Zq2n3Hk1cM', ?) RETURNING id_bloque",
        )
        .bind(nombre)
        .bind(tipo)
        .bind(precio)
        .bind(desc)
        .bind(&cover)
        .bind(format!("{year}-01-15"))
        .bind(format!("{year}-12-15"))
        .bind(cap)
        .bind(now)
        .fetch_one(&mut **tx)
        .await?;
        for (i, a) in abbrs.iter().enumerate() {
            sqlx::query("INSERT INTO bloques_temas (id_bloque, cve_tema, orden) VALUES (?, ?, ?)")
                .bind(id)
                .bind(t(a))
                .bind(i as i64 + 1)
                .execute(&mut **tx)
                .await?;
        }
    }

    // Absences of the participant and a past upload by the administrator.
    if let Some(p) = logins.get(&8) {
        for (ini, fin, motivo) in [
            ("2026-03-02", "2026-03-06", "Vacaciones"),
            (
                "2026-08-17",
                "2026-08-18",
                "Incapacidad por enfermedad general (IMSS)",
            ),
        ] {
            sqlx::query(
                "INSERT INTO ausencias (cve_empleado, fecha_inicio, fecha_fin, motivo, creado_por, creado) VALUES (?, ?, ?, ?, ?, ?)",
            )
            .bind(p)
            .bind(ini)
            .bind(fin)
            .bind(motivo)
            .bind(logins.get(&1))
            .bind(now)
            .execute(&mut **tx)
            .await?;
        }
    }
    if let Some(admin) = logins.get(&1) {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO cargas (tipo, archivo, clave_archivo, cve_empleado, estatus, total, procesadas, insertadas, actualizadas,
                sin_cambios, errores, creado, terminado)
             VALUES ('puestos', 'puestos-planta-apodaca.xlsx', 'cargas/demo/puestos.bin', ?, 'terminada', 12, 12, 9, 1, 0, 2, ?, ?)
             RETURNING id_carga",
        )
        .bind(admin)
        .bind(now)
        .bind(now)
        .fetch_one(&mut **tx)
        .await?;
        for (fila, col, valor, motivo) in [
            (5, "N4", "Sierra Madre Acero", "validacion.estructura"),
            (11, "Puesto", "", "validacion.campo_requerido"),
        ] {
            sqlx::query("INSERT INTO cargas_errores (id_carga, fila, columna, valor, motivo) VALUES (?, ?, ?, ?, ?)")
                .bind(id)
                .bind(fila)
                .bind(col)
                .bind(valor)
                .bind(motivo)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}
