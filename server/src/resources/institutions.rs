//! Training institutions: the rules of their data.

use sqlx::SqliteConnection;

use super::db;
use super::types::Institucion;
use super::{check_flag, check_name};
use crate::error::{AppError, AppResult, FieldErrors};
use crate::validate::{is_email, lower};

impl Institucion {
    /// Validates and normalizes (trims, lower-cases the e-mail).
    fn check(&mut self) -> AppResult<()> {
        let mut fe = FieldErrors::default();
        check_name(&mut fe, "nombre", &self.nombre, 150);
        check_name(&mut fe, "contacto", &self.contacto, 150);
        let tel = self.telefono.trim();
        fe.check(
            tel.chars().filter(char::is_ascii_digit).count() >= 7
                && tel.len() <= 20
                && tel.chars().all(|c| c.is_ascii_digit() || c == '-'),
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
