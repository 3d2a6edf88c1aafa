//! SQL on profiles, sections and the permission matrix, and on which profiles each user
//! holds (`usuarios_perfiles`).

use sqlx::SqliteExecutor;

use crate::auth::types::{PerfilRow, PerfilSeccionRow, SeccionRow};

/// Every profile's (idperfil, name, scope) for the permission cache.
pub async fn profiles<'e>(db: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<(i64, String, String)>> {
    sqlx::query_as("SELECT idperfil, perfil, alcance FROM perfiles")
        .fetch_all(db)
        .await
}

/// Every (idperfil, section key) link of the matrix.
pub async fn profile_section_keys<'e>(
    db: impl SqliteExecutor<'e>,
) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(
        "SELECT ps.idperfil, s.clave FROM perfiles_secciones ps JOIN secciones s ON s.idseccion = ps.idseccion",
    )
    .fetch_all(db)
    .await
}

/// Every section's key with its four menu-level names.
pub async fn section_names<'e>(
    db: impl SqliteExecutor<'e>,
) -> sqlx::Result<Vec<(String, String, String, String, String)>> {
    sqlx::query_as(
        "SELECT clave, nomseccion1, nomseccion2, nomseccion3, nomseccion4 FROM secciones",
    )
    .fetch_all(db)
    .await
}

/// The sections of one profile (key and menu-level names), in menu order.
pub async fn sections_of_profile<'e>(
    db: impl SqliteExecutor<'e>,
    idperfil: i64,
) -> sqlx::Result<Vec<(String, String, String, String, String)>> {
    sqlx::query_as(
        "SELECT s.clave, s.nomseccion1, s.nomseccion2, s.nomseccion3, s.nomseccion4 FROM perfiles_secciones ps
         JOIN secciones s ON s.idseccion = ps.idseccion WHERE ps.idperfil = ? ORDER BY s.orden",
    )
    .bind(idperfil)
    .fetch_all(db)
    .await
}

/// The profiles table as the permissions screen shows it.
pub async fn profile_rows<'e>(db: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<PerfilRow>> {
    sqlx::query_as("SELECT idperfil, perfil, descripcion, alcance FROM perfiles ORDER BY idperfil")
        .fetch_all(db)
        .await
}

/// The permission matrix as the permissions screen shows it.
pub async fn matrix_rows<'e>(db: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<PerfilSeccionRow>> {
    sqlx::query_as(
        "SELECT idperfil, idseccion FROM perfiles_secciones ORDER BY idperfil, idseccion",
    )
    .fetch_all(db)
    .await
}

/// The sections as the permissions screen shows them, in menu order.
pub async fn section_rows<'e>(db: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<SeccionRow>> {
    sqlx::query_as(
        "SELECT idseccion, clave, nomseccion1, nomseccion2, nomseccion3, nomseccion4, ruta, orden FROM secciones ORDER BY orden",
    )
    .fetch_all(db)
    .await
}

/// An employee's profiles as (idperfil, name, is the default), default first.
pub async fn profiles_of<'e>(
    db: impl SqliteExecutor<'e>,
    cve_empleado: i64,
) -> sqlx::Result<Vec<(i64, String, bool)>> {
    sqlx::query_as(
        "SELECT up.idperfil, p.perfil, up.predeterminado FROM usuarios_perfiles up
         JOIN perfiles p ON p.idperfil = up.idperfil WHERE up.cve_empleado = ?
         ORDER BY up.predeterminado DESC, up.idperfil",
    )
    .bind(cve_empleado)
    .fetch_all(db)
    .await
}

/// The profile a new session of the employee starts with: the default, else the lowest.
pub async fn default_profile<'e>(
    db: impl SqliteExecutor<'e>,
    cve_empleado: i64,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT idperfil FROM usuarios_perfiles WHERE cve_empleado = ? ORDER BY predeterminado DESC, idperfil LIMIT 1",
    )
    .bind(cve_empleado)
    .fetch_optional(db)
    .await
}

/// Whether the employee holds a profile.
pub async fn has_profile<'e>(
    db: impl SqliteExecutor<'e>,
    cve_empleado: i64,
    idperfil: i64,
) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT idperfil FROM usuarios_perfiles WHERE cve_empleado = ? AND idperfil = ?",
    )
    .bind(cve_empleado)
    .bind(idperfil)
    .fetch_optional(db)
    .await?;
    Ok(found.is_some())
}
