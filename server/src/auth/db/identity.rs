//! SQL on account identifiers: who may change them (the permission comparison), voiding
//! an account's credentials after a change, self-registered accounts (`usuarios.origen`)
//! and e-mail changes waiting for confirmation from the new address (`cambios_correo`).
//! Times are Unix seconds from the app clock.

use sqlx::SqliteConnection;

use super::NO_PASSWORD;

/// `usuarios.origen` of an account made by self-registration on the login page.
pub const ORIGEN_REGISTRO: &str = "registro";

/// Sections that act only on the account's own records (its purchases) and give no power
/// over anyone else: left out when permissions are compared, or nobody but a Participante
/// could correct a Participante's e-mail.
pub const PERSONAL_SECTIONS: &[&str] = &[
    "tienda.carrito",
    "tienda.historial_compras",
    "tienda.facturacion",
];

fn placeholders(n: usize) -> String {
    vec!["?"; n].join(", ")
}

/// Whether the profiles `actor` together hold every section that any profile of `target`
/// holds (but the [`PERSONAL_SECTIONS`]), and a scope at least as wide as the widest of them.
pub async fn holds_all_permissions(
    conn: &mut SqliteConnection,
    actor: &[i64],
    target: i64,
) -> sqlx::Result<bool> {
    if actor.is_empty() {
        return Ok(false);
    }
    let ph = placeholders(actor.len());
    let personal = placeholders(PERSONAL_SECTIONS.len());
    let sql = format!(
        "SELECT COUNT(*) FROM usuarios_perfiles up JOIN perfiles_secciones ps ON ps.idperfil = up.idperfil
         JOIN secciones s ON s.idseccion = ps.idseccion
         WHERE up.cve_empleado = ? AND s.clave NOT IN ({personal}) AND ps.idseccion NOT IN
             (SELECT a.idseccion FROM perfiles_secciones a WHERE a.idperfil IN ({ph}))"
    );
    let mut q = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql)).bind(target);
    for p in PERSONAL_SECTIONS {
        q = q.bind(*p);
    }
    for p in actor {
        q = q.bind(p);
    }
    if q.fetch_one(&mut *conn).await? > 0 {
        return Ok(false);
    }
    // todos > subordinados > propio
    const RANK: &str =
        "MAX(CASE p.alcance WHEN 'todos' THEN 3 WHEN 'subordinados' THEN 2 ELSE 1 END)";
    let target_rank: Option<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT {RANK} FROM usuarios_perfiles up JOIN perfiles p ON p.idperfil = up.idperfil WHERE up.cve_empleado = ?"
    )))
    .bind(target)
    .fetch_one(&mut *conn)
    .await?;
    let mut q = sqlx::query_scalar::<_, Option<i64>>(sqlx::AssertSqlSafe(format!(
        "SELECT {RANK} FROM perfiles p WHERE p.idperfil IN ({ph})"
    )));
    for p in actor {
        q = q.bind(p);
    }
    let actor_rank = q.fetch_one(&mut *conn).await?;
    Ok(target_rank.unwrap_or(0) <= actor_rank.unwrap_or(0))
}

/// Voids an account's password (it gets none: the owner sets one through password
/// recovery), its unused reset and credential-change grants and its pending e-mail
/// changes, and makes it no longer count as self-registered. Sessions are the caller's
/// part (`end_sessions_of`).
pub async fn void_credentials(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    now: i64,
    now_iso: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE usuarios SET password_hash = ?, cambio_credenciales = 0, origen = 'alta', actualizado = ? WHERE cve_empleado = ?",
    )
    .bind(NO_PASSWORD)
    .bind(now_iso)
    .bind(cve_empleado)
    .execute(&mut *conn)
    .await?;
    sqlx::query("UPDATE restablecimientos SET usado = ? WHERE cve_empleado = ? AND usado IS NULL")
        .bind(now)
        .bind(cve_empleado)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE cambios_correo SET usado = ? WHERE cve_empleado = ? AND usado IS NULL")
        .bind(now)
        .bind(cve_empleado)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Marks an account as made by self-registration.
pub async fn mark_self_registered(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE usuarios SET origen = ? WHERE cve_empleado = ?")
        .bind(ORIGEN_REGISTRO)
        .bind(cve_empleado)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Whether an account was made by self-registration and HR has not taken it over yet.
pub async fn is_self_registered(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
) -> sqlx::Result<bool> {
    let origen: Option<String> =
        sqlx::query_scalar("SELECT origen FROM usuarios WHERE cve_empleado = ?")
            .bind(cve_empleado)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(origen.as_deref() == Some(ORIGEN_REGISTRO))
}

/// Records a pending e-mail change (by the hash of its link's secret), voiding the
/// employee's older unconfirmed ones.
pub async fn replace_email_change(
    conn: &mut SqliteConnection,
    id_hash: &str,
    cve_empleado: i64,
    correo_nuevo: &str,
    now: i64,
    expira: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE cambios_correo SET usado = ? WHERE cve_empleado = ? AND usado IS NULL")
        .bind(now)
        .bind(cve_empleado)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "INSERT INTO cambios_correo (id, cve_empleado, correo_nuevo, creado, expira) VALUES (?, ?, ?, ?, ?)",
    )
    .bind(id_hash)
    .bind(cve_empleado)
    .bind(correo_nuevo)
    .bind(now)
    .bind(expira)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Uses an unused, unexpired pending e-mail change; its (employee, new address), or None.
pub async fn take_email_change(
    conn: &mut SqliteConnection,
    id_hash: &str,
    now: i64,
) -> sqlx::Result<Option<(i64, String)>> {
    sqlx::query_as(
        "UPDATE cambios_correo SET usado = ? WHERE id = ? AND usado IS NULL AND expira >= ?
         RETURNING cve_empleado, correo_nuevo",
    )
    .bind(now)
    .bind(id_hash)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await
}
