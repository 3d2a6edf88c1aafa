//! The `estructura` kind: a path N2..N7 whose missing nodes are created through org's
//! node rules (the same name rules as the structure form).

use sqlx::SqliteConnection;

use super::row::{LEVELS, Row, RowError, err, rejected};
use super::{Ctx, Outcome};
use crate::error::{AppResult, FieldErrors};
use crate::validate::fold;

/// Applies one structure row.
pub async fn apply(
    conn: &mut SqliteConnection,
    ctx: &mut Ctx,
    row: &Row<'_>,
) -> AppResult<Result<Outcome, RowError>> {
    // The whole path is checked with org's name rules before anything is created, so that
    // a rejected row leaves no node behind.
    let mut names = Vec::new();
    for col in LEVELS {
        let v = row.get(col);
        if v.is_empty() {
            break;
        }
        let mut fe = FieldErrors::default();
        crate::org::check_name(&mut fe, "nombre", v);
        let FieldErrors(codes, mut args) = fe;
        if let Some((field, code)) = codes.into_iter().next() {
            return Ok(Err(RowError {
                detalle: super::row::max_of(args.remove(&field)),
                ..err(col, v, code)
            }));
        }
        names.push(v);
    }
    if names.is_empty() {
        return Ok(Err(err("N2", "", "validacion.campo_requerido")));
    }
    if LEVELS
        .iter()
        .skip(names.len())
        .any(|c| !row.get(c).is_empty())
    {
        return Ok(Err(err(LEVELS[names.len()], "", "validacion.estructura")));
    }
    let mut parent = 0;
    let mut created = false;
    for (i, name) in names.iter().enumerate() {
        let nivel = i as i64 + 2;
        let key = (nivel, parent, fold(name));
        let id = match ctx.nodes.get(&key) {
            Some(id) => *id,
            None => {
                let padre = (parent != 0).then_some(parent);
                match crate::org::create_node(conn, nivel, name, padre).await {
                    Ok(id) => {
                        ctx.nodes.insert(key, id);
                        created = true;
                        id
                    }
                    Err(e) => return Ok(Err(rejected(e, &[], LEVELS[i], row)?)),
                }
            }
        };
        parent = id;
    }
    Ok(Ok(if created {
        Outcome::Insertada
    } else {
        Outcome::SinCambios
    }))
}
