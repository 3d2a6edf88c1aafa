//! Training institutions: the rules of their data.

use std::sync::LazyLock;

use regex::Regex;
use sqlx::SqliteConnection;

use super::db;
use super::types::Institucion;
use super::{check_flag, check_name};
use crate::contract::{RECURSO_NOMBRE_MAX, TELEFONO_GUIONES_MAX, TELEFONO_GUIONES_PATTERN};
use crate::error::{AppError, AppResult, FieldErrors};
use crate::validate::{is_email, lower, pattern};

static TELEFONO: LazyLock<Regex> = LazyLock::new(|| pattern(TELEFONO_GUIONES_PATTERN));

impl Institucion {
    /// Validates and normalizes (trims, lower-cases the e-mail).
    fn check(&mut self) -> AppResult<()> {
        let mut fe = FieldErrors::default();
        check_name(&mut fe, "nombre", &self.nombre, RECURSO_NOMBRE_MAX);
        check_name(&mut fe, "contacto", &self.contacto, RECURSO_NOMBRE_MAX);
        let tel = self.telefono.trim();
        fe.check(
            tel.len() <= TELEFONO_GUIONES_MAX && TELEFONO.is_match(tel),
            "telefono",
            "validacion.telefono_guiones",
        );
        self.correo = lower(&self.correo);
        fe.check(is_email(&self.correo), "correo", "validacion.correo");
        check_flag(&mut fe, self.activo);
        self.nombre = self.nombre.trim().into();
        self.contacto = self.contacto.trim().into();
        self.telefono = tel.into();
        fe.into_result()
    }
}

/// Writes an institution (insert when `id` is None); answers its key. A name already
/// used is 409 `duplicado.institucion`; an unknown `id` is 404.
pub async fn save_institution(
    conn: &mut SqliteConnection,
    id: Option<i64>,
    mut b: Institucion,
) -> AppResult<i64> {
    b.check()?;
    match id {
        None => {
            let r = db::insert_institution(&mut *conn, &b).await;
            crate::db::unique_violation(r, "duplicado.institucion")
        }
        Some(id) => {
            let r = db::update_institution(&mut *conn, id, &b).await;
            if crate::db::unique_violation(r, "duplicado.institucion")? {
                Ok(id)
            } else {
                Err(AppError::not_found())
            }
        }
    }
}
