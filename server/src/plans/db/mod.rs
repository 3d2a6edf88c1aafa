//! SQL of the plans domain: requirements and their events, the accreditation ledger and
//! its per-topic summary, the materialised plan, requirement history and the expiry
//! notices. State expressions are the SQL twins of `plans::rules::estado`.

pub mod consult;
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
pub(crate) use {acreditado_sql, estado_sql, no_acreditado_sql, vencido_sql};
