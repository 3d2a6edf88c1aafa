//! The rules of the ledger in one place: the accreditation state, the validity date, the
//! grade scale and the pass mark, and the compliance percent. Every screen, report and
//! API reads the state through [`estado`] or its SQL twins (`plans::db::estado_sql!` & co.).

use chrono::{Months, NaiveDate};
use serde::Serialize;
use utoipa::ToSchema;

/// The validity of an accreditation that never expires.
pub const SIN_VENCIMIENTO: &str = "9999-12-31";
/// Months an accreditation lasts when no topic rule applies ("no topic → 2 years").
pub const MESES_POR_OMISION: u32 = 24;
/// Pass mark on the 0-100 scale when the topic sets none.
pub const APROBATORIA_CONOCIMIENTO: f64 = 70.0;
/// Pass mark on the 1-10 scale when the topic sets none.
pub const APROBATORIA_TEORICO: f64 = 7.0;

/// 9999-12-31.
pub fn sin_vencimiento() -> NaiveDate {
    NaiveDate::from_ymd_opt(9999, 12, 31).unwrap_or(NaiveDate::MAX)
}

/// The state of an employee's topic (spec §4: Pendiente, Acreditado, No acreditado, Vencido).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = EstadoTema)]
pub enum Estado {
    Pendiente,
    Acreditado,
    #[serde(rename = "No acreditado")]
    #[schema(rename = "No acreditado")]
    NoAcreditado,
    Vencido,
}

impl Estado {
    /// "Pendiente" | "Acreditado" | "No acreditado" | "Vencido" (also the JSON form).
    pub fn etiqueta(self) -> &'static str {
        match self {
            Estado::Pendiente => "Pendiente",
            Estado::Acreditado => "Acreditado",
            Estado::NoAcreditado => "No acreditado",
            Estado::Vencido => "Vencido",
        }
    }

    /// Whether the topic counts as completed (Acreditado).
    pub fn completado(self) -> bool {
        self == Estado::Acreditado
    }
}

/// What the ledger summary says of one employee and topic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tenencia {
    /// Validity of the best pass (None: never passed).
    pub vigencia: Option<NaiveDate>,
    /// The last attempt failed and is not older than the best pass.
    pub reprobado: bool,
}

/// THE state function (SQL twins: `estado_sql!` & co.). Valid through `vigencia` inclusive;
/// a still-valid pass wins over a later failed attempt.
pub fn estado(t: Option<&Tenencia>, hoy: NaiveDate) -> Estado {
    let Some(t) = t else {
        return Estado::Pendiente;
    };
    match t.vigencia {
        Some(v) if v >= hoy => Estado::Acreditado,
        _ if t.reprobado => Estado::NoAcreditado,
        Some(_) => Estado::Vencido,
        None => Estado::Pendiente,
    }
}

/// Validity of an accreditation dated `fecha`: meses Some(0) → 9999-12-31; Some(m) → fecha + m
/// months (chrono `checked_add_months`, which clamps to the month's last day); None → fecha + 24
/// months; overflow → 9999-12-31.
pub fn vigencia(fecha: NaiveDate, meses_certificacion: Option<i64>) -> NaiveDate {
    let meses = match meses_certificacion {
        None => MESES_POR_OMISION,
        Some(m) if m <= 0 => return sin_vencimiento(),
        Some(m) => match u32::try_from(m) {
            Ok(m) => m,
            Err(_) => return sin_vencimiento(),
        },
    };
    match fecha.checked_add_months(Months::new(meses)) {
        Some(v) if v <= sin_vencimiento() => v,
        _ => sin_vencimiento(),
    }
}

/// Grade scale by evaluation model: conocimiento (0, 100); teorico_practico (1, 10); ninguno None.
pub fn escala(modelo_evaluacion: &str) -> Option<(f64, f64)> {
    match modelo_evaluacion {
        "conocimiento" => Some((0.0, 100.0)),
        "teorico_practico" => Some((1.0, 10.0)),
        _ => None,
    }
}

/// Pass mark: calificacion_minima, else 70 (0-100) / 7 (1-10). No grade → passed.
pub fn aprobado(
    modelo_evaluacion: &str,
    calificacion_minima: Option<f64>,
    calificacion: Option<f64>,
) -> bool {
    let Some(c) = calificacion else {
        return true;
    };
    let minima = match (calificacion_minima, modelo_evaluacion) {
        (Some(m), _) => m,
        (None, "conocimiento") => APROBATORIA_CONOCIMIENTO,
        (None, "teorico_practico") => APROBATORIA_TEORICO,
        (None, _) => return true,
    };
    c >= minima
}

/// Compliance: mandatory Acreditado / mandatory × 100, one decimal; None without mandatory topics.
pub fn cumplimiento(obligatorias: i64, acreditadas: i64) -> Option<f64> {
    if obligatorias <= 0 {
        return None;
    }
    Some(porcentaje(acreditadas, obligatorias))
}

/// `parte / total × 100` with one decimal (0 when total is 0).
pub fn porcentaje(parte: i64, total: i64) -> f64 {
    if total <= 0 {
        return 0.0;
    }
    (parte as f64 * 1000.0 / total as f64).round() / 10.0
}

/// Reads an `AAAA-MM-DD` date (the ledger's stored form).
pub fn parse_fecha(s: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(s.get(..10)?, "%Y-%m-%d").ok()
}

/// The `AAAA-MM-DD` form of a date.
pub fn fecha_iso(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        parse_fecha(s).expect("test date")
    }

    #[test]
    fn validity_follows_the_documented_table() {
        let rows: &[(&str, Option<i64>, &str)] = &[
            ("2025-03-15", Some(0), "9999-12-31"),
            ("2025-03-15", None, "2027-03-15"),
            ("2025-01-31", Some(1), "2025-02-28"),
            ("2024-01-31", Some(1), "2024-02-29"),
            ("2024-02-29", Some(12), "2025-02-28"),
            ("2024-02-29", Some(48), "2028-02-29"),
            ("2024-02-29", None, "2026-02-28"),
            ("2023-08-31", Some(6), "2024-02-29"),
            ("9999-06-01", Some(12), "9999-12-31"),
            ("2025-03-15", Some(12), "2026-03-15"),
        ];
        for (fecha, meses, esperada) in rows {
            assert_eq!(
                fecha_iso(vigencia(d(fecha), *meses)),
                *esperada,
                "{fecha} + {meses:?}"
            );
        }
        assert_eq!(fecha_iso(sin_vencimiento()), SIN_VENCIMIENTO);
    }

    #[test]
    fn a_pass_is_valid_through_its_validity_day_and_expired_the_day_after() {
        let t = Tenencia {
            vigencia: Some(d("2025-06-30")),
            reprobado: false,
        };
        assert_eq!(estado(Some(&t), d("2025-06-29")), Estado::Acreditado);
        assert_eq!(estado(Some(&t), d("2025-06-30")), Estado::Acreditado);
        assert_eq!(estado(Some(&t), d("2025-07-01")), Estado::Vencido);
    }

    #[test]
    fn the_state_walks_every_transition() {
        let hoy = d("2025-06-15");
        // No row at all.
        assert_eq!(estado(None, hoy), Estado::Pendiente);
        // A row without pass nor failure (cannot happen, but reads as pending).
        assert_eq!(estado(Some(&Tenencia::default()), hoy), Estado::Pendiente);
        // Failed first attempt.
        let failed = Tenencia {
            vigencia: None,
            reprobado: true,
        };
        assert_eq!(estado(Some(&failed), hoy), Estado::NoAcreditado);
        // Passed.
        let passed = Tenencia {
            vigencia: Some(d("2026-06-15")),
            reprobado: false,
        };
        assert_eq!(estado(Some(&passed), hoy), Estado::Acreditado);
        // Still valid after a later failed attempt.
        let valid_then_failed = Tenencia {
            vigencia: Some(d("2026-06-15")),
            reprobado: true,
        };
        assert_eq!(estado(Some(&valid_then_failed), hoy), Estado::Acreditado);
        // Expired.
        assert_eq!(estado(Some(&passed), d("2026-06-16")), Estado::Vencido);
        // Expired then failed the recertification.
        assert_eq!(
            estado(Some(&valid_then_failed), d("2026-06-16")),
            Estado::NoAcreditado
        );
        assert!(Estado::Acreditado.completado());
        assert!(!Estado::Vencido.completado());
        assert_eq!(Estado::NoAcreditado.etiqueta(), "No acreditado");
        assert_eq!(
            serde_json::to_value(Estado::NoAcreditado).ok(),
            Some(serde_json::json!("No acreditado"))
        );
    }

    #[test]
    fn scales_and_pass_marks_by_evaluation_model() {
        assert_eq!(escala("conocimiento"), Some((0.0, 100.0)));
        assert_eq!(escala("teorico_practico"), Some((1.0, 10.0)));
        assert_eq!(escala("ninguno"), None);
        assert!(aprobado("conocimiento", None, Some(70.0)));
        assert!(!aprobado("conocimiento", None, Some(69.9)));
        assert!(aprobado("conocimiento", None, Some(100.0)));
        assert!(!aprobado("conocimiento", None, Some(0.0)));
        assert!(aprobado("conocimiento", Some(80.0), Some(80.0)));
        assert!(!aprobado("conocimiento", Some(80.0), Some(79.0)));
        assert!(aprobado("teorico_practico", None, Some(7.0)));
        assert!(!aprobado("teorico_practico", None, Some(6.9)));
        assert!(!aprobado("teorico_practico", None, Some(1.0)));
        assert!(aprobado("teorico_practico", None, Some(10.0)));
        assert!(aprobado("conocimiento", None, None));
        assert!(aprobado("ninguno", None, None));
    }

    #[test]
    fn compliance_counts_mandatory_topics_with_one_decimal() {
        assert_eq!(cumplimiento(0, 0), None);
        assert_eq!(cumplimiento(4, 0), Some(0.0));
        assert_eq!(cumplimiento(4, 4), Some(100.0));
        assert_eq!(cumplimiento(3, 1), Some(33.3));
        assert_eq!(cumplimiento(3, 2), Some(66.7));
    }
}
