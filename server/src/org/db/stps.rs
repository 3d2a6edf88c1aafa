//! SQL on the DC-3 employer data of each company (N4): `empresas_stps`, the
//! representatives who sign (`representantes_dc3`) and the establishments
//! (`establecimientos_stps`).

use serde::Serialize;
use sqlx::SqliteExecutor;
use utoipa::ToSchema;

use crate::table::{Column, Kind, TableDef};

/// A company (N4) with its employer data.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct Empresa {
    pub cve_n4: i64,
    pub nombre: String,
    pub razon_social: Option<String>,
    pub rfc: Option<String>,
    pub registro_patronal: Option<String>,
    pub num_trabajadores: i64,
    /// Who signs the DC-3: `patron`, plus `trabajadores` from 51 workers.
    #[sqlx(skip)]
    pub firmantes: Vec<String>,
}

/// A company's employer data as stored.
pub struct CompanyData<'a> {
    pub razon_social: Option<&'a str>,
    pub rfc: Option<&'a str>,
    pub registro_patronal: Option<&'a str>,
    pub num_trabajadores: i64,
}

/// An establishment as stored.
pub struct EstablishmentData<'a> {
    pub cve_n4: i64,
    pub nombre: &'a str,
    pub registro_patronal: Option<&'a str>,
    pub domicilio: Option<&'a str>,
    pub cve_estado: Option<i64>,
    pub activo: i64,
}

/// Kinds of DC-3 representative.
pub(crate) const TIPOS_REPRESENTANTE: &[(&str, &str)] = &[
    ("patron", "Patrón o representante legal"),
    ("trabajadores", "Representante de los trabajadores"),
];

/// The representatives list.
pub static REPRESENTATIVES: TableDef = TableDef {
    name: "representantes_DC3",
    from: "representantes_dc3 r JOIN estructura s ON s.cve_estructura = r.cve_n4",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::int("cve_representante", "Clave", "r.cve_representante"),
        Column::text("empresa", "Empresa", "s.nombre"),
        Column::plain("cve_n4", "Clave de empresa", "r.cve_n4", Kind::Int),
        Column::fixed("tipo", "Tipo", "r.tipo", Kind::Text, TIPOS_REPRESENTANTE),
        Column::text("nombre", "Nombre", "r.nombre"),
        Column::text("puesto", "Puesto", "r.puesto"),
        Column::flag("tiene_firma", "Tiene firma", "(r.firma IS NOT NULL)"),
        Column::flag("activo", "Activo", "r.activo"),
    ],
    date_expr: None,
    default_order: "s.nombre, r.tipo, r.nombre",
    key: "r.cve_representante",
};

/// The establishments list.
pub static ESTABLISHMENTS: TableDef = TableDef {
    name: "establecimientos_STPS",
    from: "establecimientos_stps e JOIN estructura s ON s.cve_estructura = e.cve_n4 LEFT JOIN estados es ON es.cve_estado = e.cve_estado",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::int("cve_establecimiento", "Clave", "e.cve_establecimiento"),
        Column::text("empresa", "Empresa", "s.nombre"),
        Column::plain("cve_n4", "Clave de empresa", "e.cve_n4", Kind::Int),
        Column::text("nombre", "Establecimiento", "e.nombre"),
        Column::text(
            "registro_patronal",
            "Registro patronal",
            "e.registro_patronal",
        ),
        Column::text("domicilio", "Domicilio", "e.domicilio"),
        Column::text("estado", "Estado", "es.estado"),
        Column::plain("cve_estado", "Clave de estado", "e.cve_estado", Kind::Int),
        Column::flag("activo", "Activo", "e.activo"),
    ],
    date_expr: None,
    default_order: "s.nombre, e.nombre",
    key: "e.cve_establecimiento",
};

/// The active companies (N4) with their employer data (0 workers when none is stored).
pub async fn companies<'e>(e: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<Empresa>> {
    sqlx::query_as(
        "SELECT s.cve_estructura AS cve_n4, s.nombre, d.razon_social, d.rfc, d.registro_patronal,
                COALESCE(d.num_trabajadores, 0) AS num_trabajadores
         FROM estructura s LEFT JOIN empresas_stps d ON d.cve_n4 = s.cve_estructura
         WHERE s.nivel = 4 AND s.activo = 1 ORDER BY s.nombre",
    )
    .fetch_all(e)
    .await
}

/// Stores (inserts or replaces) a company's employer data.
pub async fn upsert_company<'e>(
    e: impl SqliteExecutor<'e>,
    cve_n4: i64,
    d: &CompanyData<'_>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO empresas_stps (cve_n4, razon_social, rfc, registro_patronal, num_trabajadores) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (cve_n4) DO UPDATE SET razon_social = excluded.razon_social, rfc = excluded.rfc,
             registro_patronal = excluded.registro_patronal, num_trabajadores = excluded.num_trabajadores",
    )
    .bind(cve_n4)
    .bind(d.razon_social)
    .bind(d.rfc)
    .bind(d.registro_patronal)
    .bind(d.num_trabajadores)
    .execute(e)
    .await?;
    Ok(())
}

/// An active representative of `tipo` of company `cve_n4` other than `except`.
pub async fn active_representative<'e>(
    e: impl SqliteExecutor<'e>,
    cve_n4: i64,
    tipo: &str,
    except: i64,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT cve_representante FROM representantes_dc3
         WHERE cve_n4 = ? AND tipo = ? AND activo = 1 AND cve_representante <> ?",
    )
    .bind(cve_n4)
    .bind(tipo)
    .bind(except)
    .fetch_optional(e)
    .await
}

/// Inserts a representative (active, without signature).
pub async fn insert_representative<'e>(
    e: impl SqliteExecutor<'e>,
    cve_n4: i64,
    tipo: &str,
    nombre: &str,
    puesto: Option<&str>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO representantes_dc3 (cve_n4, tipo, nombre, puesto) VALUES (?, ?, ?, ?) RETURNING cve_representante",
    )
    .bind(cve_n4)
    .bind(tipo)
    .bind(nombre)
    .bind(puesto)
    .fetch_one(e)
    .await
}

/// A representative's company and kind, when it exists.
pub async fn representative_company_and_type<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
) -> sqlx::Result<Option<(i64, String)>> {
    sqlx::query_as("SELECT cve_n4, tipo FROM representantes_dc3 WHERE cve_representante = ?")
        .bind(id)
        .fetch_optional(e)
        .await
}

/// Edits a representative's name, position and active flag.
pub async fn update_representative<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    nombre: &str,
    puesto: Option<&str>,
    activo: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE representantes_dc3 SET nombre = ?, puesto = ?, activo = ? WHERE cve_representante = ?",
    )
    .bind(nombre)
    .bind(puesto)
    .bind(activo)
    .bind(id)
    .execute(e)
    .await?;
    Ok(())
}

/// Sets a representative's signature key; answers the key it replaced, or None when the
/// representative does not exist.
pub async fn set_representative_signature(
    conn: &mut sqlx::SqliteConnection,
    id: i64,
    key: &str,
) -> sqlx::Result<Option<Option<String>>> {
    let old: Option<Option<String>> =
        sqlx::query_scalar("SELECT firma FROM representantes_dc3 WHERE cve_representante = ?")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
    if old.is_some() {
        sqlx::query("UPDATE representantes_dc3 SET firma = ? WHERE cve_representante = ?")
            .bind(key)
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(old)
}

/// Whether a representative exists.
pub async fn representative_exists<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<bool> {
    Ok(representative_company_and_type(e, id).await?.is_some())
}

/// Inserts an establishment.
pub async fn insert_establishment<'e>(
    e: impl SqliteExecutor<'e>,
    d: &EstablishmentData<'_>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO establecimientos_stps (cve_n4, nombre, registro_patronal, domicilio, cve_estado, activo)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING cve_establecimiento",
    )
    .bind(d.cve_n4)
    .bind(d.nombre)
    .bind(d.registro_patronal)
    .bind(d.domicilio)
    .bind(d.cve_estado)
    .bind(d.activo)
    .fetch_one(e)
    .await
}

/// Replaces an establishment's data; answers whether it existed.
pub async fn update_establishment<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    d: &EstablishmentData<'_>,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE establecimientos_stps SET cve_n4 = ?, nombre = ?, registro_patronal = ?, domicilio = ?, cve_estado = ?, activo = ?
         WHERE cve_establecimiento = ?",
    )
    .bind(d.cve_n4)
    .bind(d.nombre)
    .bind(d.registro_patronal)
    .bind(d.domicilio)
    .bind(d.cve_estado)
    .bind(d.activo)
    .bind(id)
    .execute(e)
    .await?;
    Ok(done.rows_affected() > 0)
}
