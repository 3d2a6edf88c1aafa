//! SQL of the plans domain: requirements and their events, the accreditation ledger and
//! its per-topic summary, the materialised plan, requirement history and the expiry
//! notices. State expressions are the SQL twins of `plans::rules::estado`.

pub mod consult;
pub mod course_candidates;
pub mod derive;
pub mod expiry;
pub mod ledger;
pub mod progress;
pub mod requirements;
pub mod tema_view;

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "plan_requerimientos",
    "plan_requerimientos_eventos",
    "plan_historial_empleados",
    "plan_acreditaciones",
    "plan_estado_temas",
    "plan_empleados_temas",
    "plan_corridas_vencimiento",
    "plan_avisos_vencimiento",
    "plan_avisos_envios",
    "plan_mantenimiento",
    "plan_ranking",
];

/// Tables of other domains the plan derivation, the plan screens and the reports read:
/// where employees sit (structure, position, plants), topics with their rules and
/// prerequisites, and course blocks with their topics.
pub const READS: &[&str] = &[
    "empleados",
    "empleados_plantas",
    "puestos",
    "estructura",
    "plantas",
    "temas",
    "temas_prerrequisitos",
    "bloques",
    "tipos_bloque",
    "bloques_temas",
];

/// Prelude CTE every state expression reads: `hoy(d)`, bound to the company's today
/// (`AAAA-MM-DD`). String comparison of ISO dates is the date order.
pub const HOY_CTE: &str = "hoy(d) AS (SELECT CAST(? AS TEXT))";

/// The state of a summary-shaped row (`vigencia`, `reprobado`) aliased `$a`:
/// 'Acreditado' | 'No acreditado' | 'Vencido' | 'Pendiente' (a missing LEFT-joined row
/// is 'Pendiente'). Twin of `plans::rules::estado`; needs [`HOY_CTE`].
#[allow(unused_macros)]
macro_rules! estado_sql {
    ($a:literal) => {
        concat!(
            "(CASE WHEN ",
            $a,
            ".vigencia >= (SELECT d FROM hoy) THEN 'Acreditado' ",
            "WHEN ",
            $a,
            ".reprobado = 1 THEN 'No acreditado' ",
            "WHEN ",
            $a,
            ".vigencia IS NOT NULL THEN 'Vencido' ELSE 'Pendiente' END)"
        )
    };
}
/// True when the row `$a` is Acreditado today.
#[allow(unused_macros)]
macro_rules! acreditado_sql {
    ($a:literal) => {
        concat!("(", $a, ".vigencia >= (SELECT d FROM hoy))")
    };
}
/// True when the row `$a` is Vencido today.
#[allow(unused_macros)]
macro_rules! vencido_sql {
    ($a:literal) => {
        concat!(
            "(",
            $a,
            ".vigencia < (SELECT d FROM hoy) AND ",
            $a,
            ".reprobado = 0)"
        )
    };
}
/// True when the row `$a` is No acreditado today.
#[allow(unused_macros)]
macro_rules! no_acreditado_sql {
    ($a:literal) => {
        concat!(
            "((",
            $a,
            ".vigencia IS NULL OR ",
            $a,
            ".vigencia < (SELECT d FROM hoy)) AND ",
            $a,
            ".reprobado = 1)"
        )
    };
}
#[allow(unused_imports)]
/// Who a set of requirements reaches: the UNION ALL of one index lookup per kind of target
/// (structure node at any level, position, main plant, extra plant, employee), as rows
/// `(cve_empleado, cve_tema, obligatoria, dias_limite, creado, programa)`. `$rt` names a CTE
/// with `(cve_tema, destino_tipo, destino_id, obligatoria, dias_limite, creado, programa)`; node keys are
/// unique across levels, so matching every level finds the node's own. Inactive employees
/// are the caller's to drop.
macro_rules! alcance_sql {
    ($rt:literal) => {
        concat!(
            "SELECT e.cve_empleado, r.cve_tema, r.obligatoria, r.dias_limite, r.creado, r.programa FROM ", $rt,
            " r JOIN empleados e ON e.n2 = r.destino_id WHERE r.destino_tipo = 'estructura'",
            " UNION ALL SELECT e.cve_empleado, r.cve_tema, r.obligatoria, r.dias_limite, r.creado, r.programa FROM ", $rt,
            " r JOIN empleados e ON e.n3 = r.destino_id WHERE r.destino_tipo = 'estructura'",
            " UNION ALL SELECT e.cve_empleado, r.cve_tema, r.obligatoria, r.dias_limite, r.creado, r.programa FROM ", $rt,
            " r JOIN empleados e ON e.n4 = r.destino_id WHERE r.destino_tipo = 'estructura'",
            " UNION ALL SELECT e.cve_empleado, r.cve_tema, r.obligatoria, r.dias_limite, r.creado, r.programa FROM ", $rt,
            " r JOIN empleados e ON e.n5 = r.destino_id WHERE r.destino_tipo = 'estructura'",
            " UNION ALL SELECT e.cve_empleado, r.cve_tema, r.obligatoria, r.dias_limite, r.creado, r.programa FROM ", $rt,
            " r JOIN empleados e ON e.n6 = r.destino_id WHERE r.destino_tipo = 'estructura'",
            " UNION ALL SELECT e.cve_empleado, r.cve_tema, r.obligatoria, r.dias_limite, r.creado, r.programa FROM ", $rt,
            " r JOIN empleados e ON e.n7 = r.destino_id WHERE r.destino_tipo = 'estructura'",
            " UNION ALL SELECT e.cve_empleado, r.cve_tema, r.obligatoria, r.dias_limite, r.creado, r.programa FROM ", $rt,
            " r JOIN empleados e ON e.cve_puesto = r.destino_id WHERE r.destino_tipo = 'puesto'",
            " UNION ALL SELECT e.cve_empleado, r.cve_tema, r.obligatoria, r.dias_limite, r.creado, r.programa FROM ", $rt,
            " r JOIN empleados e ON e.cve_planta = r.destino_id WHERE r.destino_tipo = 'planta'",
            " UNION ALL SELECT ep.cve_empleado, r.cve_tema, r.obligatoria, r.dias_limite, r.creado, r.programa FROM ", $rt,
            " r JOIN empleados_plantas ep ON ep.cve_planta = r.destino_id WHERE r.destino_tipo = 'planta'",
            " UNION ALL SELECT r.destino_id, r.cve_tema, r.obligatoria, r.dias_limite, r.creado, r.programa FROM ", $rt,
            " r WHERE r.destino_tipo = 'empleado'"
        )
    };
}

/// The enabled requirements' (topic, target, terms), blocks expanded to their topics and
/// inactive topics dropped, as the body of a CTE for [`alcance_sql`]; `$donde` adds
/// conditions on `r` and `t` (its binds are the CTE's).
macro_rules! requerimientos_temas_sql {
    ($donde:literal) => {
        concat!(
            "SELECT COALESCE(r.cve_tema, bt.cve_tema) AS cve_tema, r.destino_tipo, r.destino_id, ",
            "r.obligatoria, r.dias_limite, r.creado, r.programa FROM plan_requerimientos r ",
            "LEFT JOIN bloques_temas bt ON bt.id_bloque = r.id_bloque ",
            "JOIN temas t ON t.cve_tema = COALESCE(r.cve_tema, bt.cve_tema) AND t.activo = 1 ",
            "WHERE r.habilitado = 1",
            $donde
        )
    };
}

/// A requirement's program (`$r.programa`) as its flag in `plan_empleados_temas.programas`
/// (the same as [`crate::plans::Programa::bit`]); `SUM(DISTINCT …)` of flags is their OR.
macro_rules! programa_bit_sql {
    ($r:literal) => {
        concat!(
            "(CASE ",
            $r,
            ".programa WHEN 'institucional' THEN 1 WHEN 'formacion' THEN 2 ",
            "WHEN 'especifica' THEN 4 WHEN 'planta' THEN 8 WHEN 'empleado' THEN 16 ELSE 32 END)"
        )
    };
}

pub(crate) use {
    acreditado_sql, alcance_sql, estado_sql, no_acreditado_sql, programa_bit_sql,
    requerimientos_temas_sql, vencido_sql,
};

#[cfg(test)]
mod tests {
    use sqlx::{AssertSqlSafe, Connection, SqliteConnection};

    use crate::plans::rules::{self, Estado, Tenencia};

    #[tokio::test]
    async fn the_sql_state_expressions_agree_with_the_rust_state_on_a_grid() {
        let mut conn = SqliteConnection::connect("sqlite::memory:")
            .await
            .expect("in-memory database");
        let sql = format!(
            "WITH {}, x(vigencia, reprobado) AS (SELECT CAST(? AS TEXT), CAST(? AS INTEGER))
             SELECT {}, COALESCE({}, 0), COALESCE({}, 0), COALESCE({}, 0) FROM x",
            super::HOY_CTE,
            estado_sql!("x"),
            acreditado_sql!("x"),
            vencido_sql!("x"),
            no_acreditado_sql!("x"),
        );
        let hoy = "2025-06-15";
        let vigencias = [
            None,
            Some("2024-01-01"),
            Some("2025-06-14"),
            Some("2025-06-15"),
            Some("2025-06-16"),
            Some(rules::SIN_VENCIMIENTO),
        ];
        // None = no summary row at all (a LEFT JOIN that found nothing).
        for reprobado in [None, Some(0), Some(1)] {
            for vigencia in vigencias {
                if reprobado.is_none() && vigencia.is_some() {
                    continue;
                }
                let (estado, acreditado, vencido, no_acreditado): (String, i64, i64, i64) =
                    sqlx::query_as(AssertSqlSafe(sql.clone()))
                        .bind(hoy)
                        .bind(vigencia)
                        .bind(reprobado)
                        .fetch_one(&mut conn)
                        .await
                        .expect("state query");
                let t = reprobado.map(|r| Tenencia {
                    vigencia: vigencia.and_then(rules::parse_fecha),
                    reprobado: r == 1,
                });
                let rust = rules::estado(t.as_ref(), rules::parse_fecha(hoy).expect("date"));
                let case = format!("{vigencia:?} {reprobado:?}");
                assert_eq!(estado, rust.etiqueta(), "{case}");
                assert_eq!(acreditado == 1, rust == Estado::Acreditado, "{case}");
                assert_eq!(vencido == 1, rust == Estado::Vencido, "{case}");
                assert_eq!(no_acreditado == 1, rust == Estado::NoAcreditado, "{case}");
            }
        }
    }
}
