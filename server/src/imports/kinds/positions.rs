//! The `puestos` kind: a position by structure path and name, created or updated through
//! org's 'crear puesto' rules.

use sqlx::SqliteConnection;

use super::row::{Row, RowError, flag, path, rejected, tri};
use super::{Ctx, Outcome};
use crate::error::AppResult;
use crate::validate::fold;

/// Form fields of a position and the template columns they come from.
const FIELDS: &[(&str, &str)] = &[
    ("puesto", "Puesto"),
    ("descripcion", "Descripcion"),
    ("activo", "Activo"),
];

/// Applies one position row.
pub async fn apply(
    conn: &mut SqliteConnection,
    ctx: &mut Ctx,
    row: &Row<'_>,
) -> AppResult<Result<Outcome, RowError>> {
    let nodes = tri!(path(ctx, row, 3));
    let node = *nodes.last().unwrap_or(&0);
    let name = row.get("Puesto");
    let desc = row.opt("Descripcion");
    let activo = tri!(flag(row, "Activo"));
    match ctx.positions.get(&(node, fold(name))).copied() {
        Some(id) => match crate::org::set_position_details(conn, id, desc.as_deref(), activo).await
        {
            Ok(true) => Ok(Ok(Outcome::Actualizada)),
            Ok(false) => Ok(Ok(Outcome::SinCambios)),
            Err(e) => Ok(Err(rejected(e, FIELDS, "Puesto", row)?)),
        },
        None => {
            match crate::org::create_position(conn, name, node, desc.as_deref(), activo).await {
                Ok(id) => {
                    ctx.positions.insert((node, fold(name)), id);
                    Ok(Ok(Outcome::Insertada))
                }
                Err(e) => Ok(Err(rejected(e, FIELDS, "Puesto", row)?)),
            }
        }
    }
}
