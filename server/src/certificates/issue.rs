//! Issuing certificates: each gets a public verification code (12 characters of Crockford's
//! base-32, about 60 bits, shown as XXXX-XXXX-XXXX), once per holder and course; a
//! download records the first delivery.

use chrono::{Months, NaiveDate};
use rand::Rng;
use sqlx::SqliteConnection;

use super::db::{self, Certificado, NuevoCertificado};
use crate::error::{AppError, AppResult};

/// Crockford's base-32 alphabet: no I, L, O or U, so a code read aloud or typed is not mistaken.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_CHARS: usize = 12;

/// A new random code, grouped by four.
pub fn new_code() -> String {
    let mut rng = rand::rng();
    let raw: String = (0..CODE_CHARS)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect();
    group(&raw)
}

fn group(raw: &str) -> String {
    raw.as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join("-")
}

/// A typed code in its stored form: case, spaces and hyphens ignored, O read as 0 and I or
/// L as 1 (Crockford's rule). None when it cannot be a code.
pub fn normalize_code(input: &str) -> Option<String> {
    let mut raw = String::with_capacity(CODE_CHARS);
    for c in input.chars() {
        let c = match c.to_ascii_uppercase() {
            ' ' | '-' => continue,
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        };
        if !ALPHABET.contains(&(c as u8)) || !c.is_ascii() {
            return None;
        }
        raw.push(c);
        if raw.len() > CODE_CHARS {
            return None;
        }
    }
    (raw.len() == CODE_CHARS).then(|| group(&raw))
}

/// Validity from the training's last day: `meses` months later, none ('9999-12-31') for 0
/// (spec section 4's rule for accreditations).
pub fn validity(fecha_fin: &str, meses: i64) -> String {
    if meses <= 0 {
        return "9999-12-31".into();
    }
    NaiveDate::parse_from_str(fecha_fin, "%Y-%m-%d")
        .ok()
        .and_then(|d| d.checked_add_months(Months::new(meses as u32)))
        .map_or_else(|| "9999-12-31".into(), |d| d.format("%Y-%m-%d").to_string())
}

/// Inserts `c` under a fresh code (a clash of 60-bit codes is all but impossible; a few
/// draws settle it anyway) and answers the stored certificate.
async fn insert_fresh(
    conn: &mut SqliteConnection,
    c: NuevoCertificado<'_>,
) -> AppResult<Certificado> {
    for _ in 0..5 {
        let codigo = new_code();
        if db::insert(
            &mut *conn,
            &NuevoCertificado {
                codigo: &codigo,
                ..c
            },
        )
        .await?
        {
            return db::by_code(&mut *conn, &codigo)
                .await?
                .ok_or_else(|| AppError::internal("certificate just inserted"));
        }
    }
    Err(AppError::internal("no free certificate code"))
}

/// What a course certificate (DC-3 or constancia) says about its holder.
pub struct DeCurso<'a> {
    pub tipo: &'a str,
    pub cve_empleado: i64,
    pub cve_curso: i64,
    pub titulo: &'a str,
    pub titular: &'a str,
    pub fecha_inicio: &'a str,
    pub fecha_fin: &'a str,
    pub meses_certificacion: i64,
}

/// The holder's valid certificate of that kind for the course, issued now when there is
/// none yet (the same code on every later download).
pub async fn for_course(
    conn: &mut SqliteConnection,
    c: &DeCurso<'_>,
    emitido: &str,
    emitido_por: Option<i64>,
) -> AppResult<Certificado> {
    if let Some(existing) =
        db::valid_for_course(&mut *conn, c.tipo, c.cve_curso, c.cve_empleado).await?
    {
        return Ok(existing);
    }
    let vigencia = validity(c.fecha_fin, c.meses_certificacion);
    let nuevo = NuevoCertificado {
        codigo: "",
        tipo: c.tipo,
        cve_empleado: c.cve_empleado,
        cve_curso: Some(c.cve_curso),
        id_bloque: None,
        titulo: c.titulo,
        titular: c.titular,
        fecha_inicio: c.fecha_inicio,
        fecha_fin: c.fecha_fin,
        vigencia: &vigencia,
        emitido,
        emitido_por,
    };
    insert_fresh(conn, nuevo).await
}

/// What a block certificate says about its holder.
pub struct DeBloque<'a> {
    pub cve_empleado: i64,
    pub id_bloque: i64,
    pub titulo: &'a str,
    pub titular: &'a str,
    pub fecha_inicio: &'a str,
    pub fecha_fin: &'a str,
    pub vigencia: &'a str,
}

/// The holder's valid certificate for the block, issued now when there is none yet.
pub async fn for_block(
    conn: &mut SqliteConnection,
    b: &DeBloque<'_>,
    emitido: &str,
    emitido_por: Option<i64>,
) -> AppResult<Certificado> {
    if let Some(existing) = db::valid_for_block(&mut *conn, b.id_bloque, b.cve_empleado).await? {
        return Ok(existing);
    }
    let nuevo = NuevoCertificado {
        codigo: "",
        tipo: "bloque",
        cve_empleado: b.cve_empleado,
        cve_curso: None,
        id_bloque: Some(b.id_bloque),
        titulo: b.titulo,
        titular: b.titular,
        fecha_inicio: b.fecha_inicio,
        fecha_fin: b.fecha_fin,
        vigencia: b.vigencia,
        emitido,
        emitido_por,
    };
    insert_fresh(conn, nuevo).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_twelve_unambiguous_characters_in_three_groups() {
        let c = new_code();
        assert_eq!(c.len(), 14);
        assert_eq!(c.matches('-').count(), 2);
        assert!(
            c.chars()
                .filter(|c| *c != '-')
                .all(|c| ALPHABET.contains(&(c as u8)))
        );
        assert_ne!(new_code(), new_code());
    }

    #[test]
    fn typed_codes_are_read_leniently_and_wrong_ones_refused() {
        assert_eq!(
            normalize_code("k7qm 2xhp 9dwa").as_deref(),
            Some("K7QM-2XHP-9DWA")
        );
        assert_eq!(
            normalize_code("O1LI-0000-0000").as_deref(),
            Some("0111-0000-0000")
        );
        assert_eq!(normalize_code("K7QM-2XHP-9DW"), None);
        assert_eq!(normalize_code("K7QM-2XHP-9DWAA"), None);
        assert_eq!(normalize_code("K7QM-2XHP-9DWU"), None);
        assert_eq!(normalize_code("ñ7QM-2XHP-9DWA"), None);
    }

    #[test]
    fn validity_follows_the_topic_months() {
        assert_eq!(validity("2026-03-31", 12), "2027-03-31");
        assert_eq!(validity("2026-01-31", 1), "2026-02-28");
        assert_eq!(validity("2026-01-31", 0), "9999-12-31");
    }
}
