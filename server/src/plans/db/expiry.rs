//! State of the daily expiry notices (package C): one run per company day, the
//! (accreditation, window) notices it claimed, and one send per recipient and window.

use sqlx::SqliteConnection;

/// Creates today's run if missing; (id_corrida, fase).
pub async fn claim_run(
    conn: &mut SqliteConnection,
    fecha: &str,
    ventanas: &str,
    now: &str,
) -> sqlx::Result<(i64, String)> {
    sqlx::query(
        "INSERT INTO plan_corridas_vencimiento (fecha, ventanas, iniciada) VALUES (?, ?, ?)
         ON CONFLICT (fecha) DO NOTHING",
    )
    .bind(fecha)
    .bind(ventanas)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    sqlx::query_as("SELECT id_corrida, fase FROM plan_corridas_vencimiento WHERE fecha = ?")
        .bind(fecha)
        .fetch_one(&mut *conn)
        .await
}

/// Runs not finished (a restart resumes them).
pub async fn unfinished_runs(conn: &mut SqliteConnection) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(
        "SELECT id_corrida, fase FROM plan_corridas_vencimiento WHERE fase <> 'terminada' ORDER BY id_corrida",
    )
    .fetch_all(&mut *conn)
    .await
}

/// The window of a row is the smallest one whose horizon its validity falls in; the CASE
/// has one branch per window (binds: horizon, window … else window).
const SCAN_1: &str = "INSERT INTO plan_avisos_vencimiento (id_acreditacion, ventana, id_corrida, cve_empleado, cve_tema, vigencia)
    SELECT x.id_vigente, CAST(? AS INTEGER), ?, x.cve_empleado, x.cve_tema, x.vigencia
    FROM plan_estado_temas x
    JOIN plan_empleados_temas p ON p.cve_empleado = x.cve_empleado AND p.cve_tema = x.cve_tema
    WHERE x.id_vigente IS NOT NULL AND x.vigencia >= ? AND x.vigencia <= ? AND x.vigencia <> '9999-12-31'
    ON CONFLICT (id_acreditacion, ventana) DO NOTHING";
const SCAN_2: &str = "INSERT INTO plan_avisos_vencimiento (id_acreditacion, ventana, id_corrida, cve_empleado, cve_tema, vigencia)
    SELECT x.id_vigente, CASE WHEN x.vigencia <= ? THEN ? ELSE ? END, ?, x.cve_empleado, x.cve_tema, x.vigencia
    FROM plan_estado_temas x
    JOIN plan_empleados_temas p ON p.cve_empleado = x.cve_empleado AND p.cve_tema = x.cve_tema
    WHERE x.id_vigente IS NOT NULL AND x.vigencia >= ? AND x.vigencia <= ? AND x.vigencia <> '9999-12-31'
    ON CONFLICT (id_acreditacion, ventana) DO NOTHING";
const SCAN_3: &str = "INSERT INTO plan_avisos_vencimiento (id_acreditacion, ventana, id_corrida, cve_empleado, cve_tema, vigencia)
    SELECT x.id_vigente, CASE WHEN x.vigencia <= ? THEN ? WHEN x.vigencia <= ? THEN ? ELSE ? END, ?, x.cve_empleado, x.cve_tema, x.vigencia
    FROM plan_estado_temas x
    JOIN plan_empleados_temas p ON p.cve_empleado = x.cve_empleado AND p.cve_tema = x.cve_tema
    WHERE x.id_vigente IS NOT NULL AND x.vigencia >= ? AND x.vigencia <= ? AND x.vigencia <> '9999-12-31'
    ON CONFLICT (id_acreditacion, ventana) DO NOTHING";

/// Claims the notices of accreditations valid today and expiring within the widest window.
/// `ventanas` ascending (1 to 3 of them) with their horizons `hoy + w` as AAAA-MM-DD.
pub async fn scan(
    conn: &mut SqliteConnection,
    id_corrida: i64,
    hoy: &str,
    ventanas: &[(i64, String)],
) -> sqlx::Result<u64> {
    let Some((ultima, horizonte)) = ventanas.last() else {
        return Ok(0);
    };
    let q = match ventanas {
        [_] => sqlx::query(SCAN_1).bind(*ultima),
        [(w1, h1), _] => sqlx::query(SCAN_2).bind(h1).bind(*w1).bind(*ultima),
        [(w1, h1), (w2, h2), ..] => sqlx::query(SCAN_3)
            .bind(h1)
            .bind(*w1)
            .bind(h2)
            .bind(*w2)
            .bind(*ultima),
        [] => return Ok(0),
    };
    Ok(q.bind(id_corrida)
        .bind(hoy)
        .bind(horizonte)
        .execute(&mut *conn)
        .await?
        .rows_affected())
}

/// Builds the run's sends: each employee, each supervisor of one, and the analysts, per window.
pub async fn build_sends(conn: &mut SqliteConnection, id_corrida: i64) -> sqlx::Result<u64> {
    let mut n = 0;
    for sql in [
        "INSERT INTO plan_avisos_envios (id_corrida, destinatario_tipo, destinatario, ventana)
         SELECT DISTINCT a.id_corrida, 'empleado', a.cve_empleado, a.ventana FROM plan_avisos_vencimiento a
         WHERE a.id_corrida = ? ON CONFLICT DO NOTHING",
        "INSERT INTO plan_avisos_envios (id_corrida, destinatario_tipo, destinatario, ventana)
         SELECT DISTINCT a.id_corrida, 'supervisor', e.cve_supervisor, a.ventana FROM plan_avisos_vencimiento a
         JOIN empleados e ON e.cve_empleado = a.cve_empleado
         WHERE a.id_corrida = ? AND e.cve_supervisor IS NOT NULL ON CONFLICT DO NOTHING",
        "INSERT INTO plan_avisos_envios (id_corrida, destinatario_tipo, destinatario, ventana)
         SELECT DISTINCT a.id_corrida, 'analistas', 0, a.ventana FROM plan_avisos_vencimiento a
         WHERE a.id_corrida = ? ON CONFLICT DO NOTHING",
    ] {
        n += sqlx::query(sql)
            .bind(id_corrida)
            .execute(&mut *conn)
            .await?
            .rows_affected();
    }
    Ok(n)
}

/// Moves a run to `fase`, with its counts.
pub async fn set_phase(
    conn: &mut SqliteConnection,
    id_corrida: i64,
    fase: &str,
    terminada: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE plan_corridas_vencimiento SET fase = ?, terminada = COALESCE(?, terminada),
             avisos = (SELECT COUNT(*) FROM plan_avisos_vencimiento WHERE id_corrida = ?),
             envios = (SELECT COUNT(*) FROM plan_avisos_envios WHERE id_corrida = ? AND enviado IS NOT NULL)
         WHERE id_corrida = ?",
    )
    .bind(fase)
    .bind(terminada)
    .bind(id_corrida)
    .bind(id_corrida)
    .bind(id_corrida)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A run's figures: (fecha, fase, avisos, envios).
pub async fn run_figures(
    conn: &mut SqliteConnection,
    id_corrida: i64,
) -> sqlx::Result<(String, String, i64, i64)> {
    sqlx::query_as(
        "SELECT fecha, fase, avisos, envios FROM plan_corridas_vencimiento WHERE id_corrida = ?",
    )
    .bind(id_corrida)
    .fetch_one(&mut *conn)
    .await
}

/// Sends still to make: (id_envio, destinatario_tipo, destinatario, ventana).
pub async fn pending_sends(
    conn: &mut SqliteConnection,
    id_corrida: i64,
) -> sqlx::Result<Vec<(i64, String, i64, i64)>> {
    sqlx::query_as(
        "SELECT id_envio, destinatario_tipo, destinatario, ventana FROM plan_avisos_envios
         WHERE id_corrida = ? AND enviado IS NULL ORDER BY id_envio LIMIT 200",
    )
    .bind(id_corrida)
    .fetch_all(&mut *conn)
    .await
}

/// Marks a send done.
pub async fn mark_sent(
    conn: &mut SqliteConnection,
    id_envio: i64,
    resultado: &str,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE plan_avisos_envios SET enviado = ?, resultado = ? WHERE id_envio = ?")
        .bind(now)
        .bind(resultado)
        .bind(id_envio)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// An employee's expiring topics of a run and window: (abreviatura, vigencia), soonest first.
pub async fn employee_notices(
    conn: &mut SqliteConnection,
    id_corrida: i64,
    cve_empleado: i64,
    ventana: i64,
) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as(
        "SELECT t.abreviatura, a.vigencia FROM plan_avisos_vencimiento a JOIN temas t ON t.cve_tema = a.cve_tema
         WHERE a.id_corrida = ? AND a.cve_empleado = ? AND a.ventana = ? ORDER BY a.vigencia, t.abreviatura",
    )
    .bind(id_corrida)
    .bind(cve_empleado)
    .bind(ventana)
    .fetch_all(&mut *conn)
    .await
}

/// People of a supervisor's team with notices in a run and window.
pub async fn team_notices(
    conn: &mut SqliteConnection,
    id_corrida: i64,
    cve_supervisor: i64,
    ventana: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(DISTINCT a.cve_empleado) FROM plan_avisos_vencimiento a
         JOIN empleados e ON e.cve_empleado = a.cve_empleado
         WHERE a.id_corrida = ? AND a.ventana = ? AND e.cve_supervisor = ?",
    )
    .bind(id_corrida)
    .bind(ventana)
    .bind(cve_supervisor)
    .fetch_one(&mut *conn)
    .await
}

/// Notices and people of a run and window: (avisos, empleados).
pub async fn window_totals(
    conn: &mut SqliteConnection,
    id_corrida: i64,
    ventana: i64,
) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as(
        "SELECT COUNT(*), COUNT(DISTINCT cve_empleado) FROM plan_avisos_vencimiento
         WHERE id_corrida = ? AND ventana = ?",
    )
    .bind(id_corrida)
    .bind(ventana)
    .fetch_one(&mut *conn)
    .await
}

/// "30, 15" when the windows were notified for the row's current accreditation.
const AVISOS_EXPR: &str = concat!(
    "substr(",
    "COALESCE((SELECT ', 30' WHERE EXISTS (SELECT 1 FROM plan_avisos_vencimiento av WHERE av.id_acreditacion = x.id_vigente AND av.ventana = 30)), '') || ",
    "COALESCE((SELECT ', 15' WHERE EXISTS (SELECT 1 FROM plan_avisos_vencimiento av WHERE av.id_acreditacion = x.id_vigente AND av.ventana = 15)), '') || ",
    "COALESCE((SELECT ', 1' WHERE EXISTS (SELECT 1 FROM plan_avisos_vencimiento av WHERE av.id_acreditacion = x.id_vigente AND av.ventana = 1)), ''), 3)"
);

/// Accreditations valid today with an expiry (the date range applies to `vigencia`).
pub static EXPIRING: crate::table::TableDef = crate::table::TableDef {
    name: "capacitaciones_proximas_vencer",
    from: "plan_estado_temas x
        JOIN empleados e ON e.cve_empleado = x.cve_empleado AND e.activo = 1 AND e.baja_logica = 0
        JOIN temas t ON t.cve_tema = x.cve_tema
        LEFT JOIN plan_empleados_temas p ON p.cve_empleado = x.cve_empleado AND p.cve_tema = x.cve_tema
        LEFT JOIN puestos pu ON pu.cve_puesto = e.cve_puesto
        LEFT JOIN estructura n4 ON n4.cve_estructura = e.n4
        LEFT JOIN plantas pl ON pl.cve_planta = e.cve_planta
        LEFT JOIN empleados sup ON sup.cve_empleado = e.cve_supervisor",
    count: crate::table::Conteo::Aparte,
    columns: &[
        crate::table::Column::text("num_empleado", "Número de empleado", "e.num_empleado"),
        crate::table::Column::text("nombre_empleado", "Nombre", "e.nombre_empleado"),
        crate::table::Column::text("puesto", "Puesto", "pu.puesto"),
        crate::table::Column::text("n4", "N4", "n4.nombre"),
        crate::table::Column::text("planta", "Planta", "pl.nombre"),
        crate::table::Column::text("supervisor", "Supervisor", "sup.nombre_empleado"),
        crate::table::Column::text("abreviatura", "Abreviatura", "t.abreviatura"),
        crate::table::Column::text("nombre_tema", "Tema", "t.nombre_tema"),
        crate::table::Column::text("fecha_acreditacion", "Fecha de acreditación", "x.fecha_acreditacion"),
        crate::table::Column::text("vigencia", "Vigencia", "x.vigencia"),
        crate::table::Column::fixed(
            "requerido_por_plan",
            "Requerido por plan",
            "(CASE WHEN p.cve_empleado IS NULL THEN 'NO' ELSE 'SI' END)",
            crate::table::Kind::Text,
            &[("SI", "SI"), ("NO", "NO")],
        ),
        crate::table::Column::plain("avisos", "Avisos", AVISOS_EXPR, crate::table::Kind::Text),
    ],
    date_expr: Some("x.vigencia"),
    default_order: "x.vigencia, e.nombre_empleado",
    key: "num_empleado",
};

/// Condition of the report's window filter: the current accreditation was notified in it.
pub const VENTANA_COND: &str = "EXISTS (SELECT 1 FROM plan_avisos_vencimiento av WHERE av.id_acreditacion = x.id_vigente AND av.ventana = ?)";
