//! The run-time data model as the server keeps it: what a commit's flattened values mean
//! for each version (status, score, location, suspend data, session time), the values a
//! launch loads into the API, and how an attempt's state follows from its SCOs.

use std::collections::BTreeMap;

use super::manifest::{Item, Version};

/// Largest `suspend_data` kept (SCORM 2004 4th edition allows 64,000 characters).
pub const MAX_SUSPEND: usize = 64 * 1024;

/// What the server reads from one commit of one SCO.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lectura {
    /// incomplete | completed | passed | failed | browsed | not attempted
    pub estado: String,
    pub completado: bool,
    /// passed | failed (2004 success_status, or 1.2's passed/failed)
    pub exito: Option<String>,
    pub raw: Option<f64>,
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub scaled: Option<f64>,
    pub ubicacion: Option<String>,
    pub suspendidos: Option<String>,
    pub salida: Option<String>,
    pub sesion_seg: i64,
}

fn num(v: Option<&String>) -> Option<f64> {
    v.and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|f| f.is_finite())
}

fn text(v: Option<&String>) -> Option<String> {
    v.filter(|s| !s.is_empty()).cloned()
}

/// Reads a commit's values. `dominio` (1.2 mastery score) or `aprobacion` (2004 scaled
/// passing score) turn a scored "completed" into passed or failed, as the standards let
/// the LMS do.
pub fn leer(version: Version, valores: &BTreeMap<String, String>, item: &Item) -> Lectura {
    let g = |k: &str| valores.get(k);
    match version {
        Version::V12 => {
            let mut estado = g("cmi.core.lesson_status")
                .map(|s| s.to_ascii_lowercase())
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| "incomplete".into());
            let raw = num(g("cmi.core.score.raw"));
            if estado == "completed"
                && let (Some(m), Some(r)) = (item.dominio, raw)
            {
                estado = if r >= m { "passed" } else { "failed" }.into();
            }
            let exito = matches!(estado.as_str(), "passed" | "failed").then(|| estado.clone());
            Lectura {
                completado: matches!(estado.as_str(), "completed" | "passed" | "failed"),
                exito,
                raw,
                min: num(g("cmi.core.score.min")),
                max: num(g("cmi.core.score.max")),
                scaled: None,
                ubicacion: text(g("cmi.core.lesson_location")),
                suspendidos: text(g("cmi.suspend_data")),
                salida: text(g("cmi.core.exit")),
                sesion_seg: g("cmi.core.session_time").map_or(0, |t| seconds_12(t)),
                estado,
            }
        }
        Version::V2004 => {
            let completion = g("cmi.completion_status")
                .map(|s| s.to_ascii_lowercase())
                .unwrap_or_default();
            let mut success = g("cmi.success_status")
                .map(|s| s.to_ascii_lowercase())
                .filter(|s| s == "passed" || s == "failed");
            let scaled = num(g("cmi.score.scaled"));
            if success.is_none()
                && let (Some(p), Some(s)) = (item.aprobacion_escalada, scaled)
            {
                success = Some(if s >= p { "passed" } else { "failed" }.into());
            }
            // The SCO left completion to the LMS: progress against the manifest's threshold.
            let completion = match (
                completion.as_str(),
                item.umbral_completado,
                num(g("cmi.progress_measure")),
            ) {
                ("completed" | "incomplete" | "not attempted", _, _) => completion,
                (_, Some(u), Some(pm)) if pm >= u => "completed".into(),
                (_, Some(_), Some(_)) => "incomplete".into(),
                _ => completion,
            };
            let completado = completion == "completed";
            let estado = match (&success, completado) {
                (Some(s), _) => s.clone(),
                (None, true) => "completed".into(),
                (None, false) if completion == "not attempted" => "not attempted".into(),
                (None, false) => "incomplete".into(),
            };
            Lectura {
                completado: completado || success.is_some(),
                exito: success,
                raw: num(g("cmi.score.raw")),
                min: num(g("cmi.score.min")),
                max: num(g("cmi.score.max")),
                scaled,
                ubicacion: text(g("cmi.location")),
                suspendidos: text(g("cmi.suspend_data")),
                salida: text(g("cmi.exit")),
                sesion_seg: g("cmi.session_time").map_or(0, |t| seconds_2004(t)),
                estado,
            }
        }
    }
}

/// A SCO's score as a percentage: `scaled` × 100, else raw within min–max (0–100 by
/// default).
pub fn porcentaje(
    raw: Option<f64>,
    min: Option<f64>,
    max: Option<f64>,
    scaled: Option<f64>,
) -> Option<f64> {
    if let Some(s) = scaled {
        return Some((s * 100.0).clamp(0.0, 100.0));
    }
    let r = raw?;
    let (lo, hi) = (min.unwrap_or(0.0), max.unwrap_or(100.0));
    if hi > lo {
        Some(((r - lo) / (hi - lo) * 100.0).clamp(0.0, 100.0))
    } else {
        Some(r.clamp(0.0, 100.0))
    }
}

/// SCORM 1.2 CMITimespan `HHHH:MM:SS.SS` → whole seconds (0 when malformed).
pub fn seconds_12(t: &str) -> i64 {
    let parts: Vec<&str> = t.trim().split(':').collect();
    if parts.len() != 3 {
        return 0;
    }
    let h: i64 = parts[0].parse().unwrap_or(0);
    let m: i64 = parts[1].parse().unwrap_or(0);
    let s: f64 = parts[2].parse().unwrap_or(0.0);
    (h.clamp(0, 9999) * 3600 + m.clamp(0, 59) * 60 + s.clamp(0.0, 59.99) as i64).max(0)
}

/// SCORM 2004 timeinterval (ISO 8601 duration, `P[nY][nM][nD][T[nH][nM][n.nS]]`) → whole
/// seconds (0 when malformed; years and months as 365 and 30 days).
pub fn seconds_2004(t: &str) -> i64 {
    let t = t.trim();
    let Some(rest) = t.strip_prefix('P') else {
        return 0;
    };
    let mut total = 0.0;
    let mut in_time = false;
    let mut n = String::new();
    for c in rest.chars() {
        match c {
            'T' => in_time = true,
            '0'..='9' | '.' => n.push(c),
            unit => {
                let v: f64 = n.parse().unwrap_or(0.0);
                n.clear();
                total += v * match (unit, in_time) {
                    ('Y', false) => 365.0 * 86400.0,
                    ('M', false) => 30.0 * 86400.0,
                    ('D', false) => 86400.0,
                    ('H', true) => 3600.0,
                    ('M', true) => 60.0,
                    ('S', true) => 1.0,
                    _ => return 0,
                };
            }
        }
    }
    if total.is_finite() {
        total.min(1e10) as i64
    } else {
        0
    }
}

/// Seconds as a 1.2 CMITimespan (`HHHH:MM:SS.SS`).
pub fn timespan_12(seg: i64) -> String {
    let s = seg.max(0);
    format!(
        "{:04}:{:02}:{:02}.00",
        (s / 3600).min(9999),
        (s / 60) % 60,
        s % 60
    )
}

/// Seconds as a 2004 timeinterval (`PT#H#M#S`).
pub fn timespan_2004(seg: i64) -> String {
    let s = seg.max(0);
    format!("PT{}H{}M{}S", s / 3600, (s / 60) % 60, s % 60)
}

/// Seconds as `HH:MM:SS`.
pub fn hhmmss(seg: i64) -> String {
    let s = seg.max(0);
    format!("{:02}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
}

/// Whether a launch should resume: the SCO suspended, or left a location or suspend data
/// in an unfinished run.
pub fn reanudar(salida: Option<&str>, ubicacion: Option<&str>, suspendidos: Option<&str>) -> bool {
    salida == Some("suspend")
        || ubicacion.is_some_and(|u| !u.is_empty())
        || suspendidos.is_some_and(|s| !s.is_empty())
}

/// Which saved values a relaunch gives back to the SCO: objectives (both versions) and
/// interactions (2004, where they are readable).
pub fn recargable(version: Version, clave: &str) -> bool {
    clave.starts_with("cmi.objectives.")
        || (version == Version::V2004 && clave.starts_with("cmi.interactions."))
}

/// An SCO's state for the attempt's sum.
pub struct Sco<'a> {
    pub estado: &'a str,
    pub porcentaje: Option<f64>,
}

/// The state of an attempt from its SCOs (`total` = SCOs of the package): incomplete until
/// every SCO finished; then failed when one failed, passed when one passed and none
/// failed, else completed — a completed attempt with a score is judged by `marca`
/// (the topic's pass mark, 0–100) when there is one. The score is the mean of the SCOs'
/// scores.
pub fn estado_intento(scos: &[Sco<'_>], total: usize, marca: Option<f64>) -> (String, Option<f64>) {
    let puntajes: Vec<f64> = scos.iter().filter_map(|s| s.porcentaje).collect();
    let calificacion = (!puntajes.is_empty())
        .then(|| (puntajes.iter().sum::<f64>() / puntajes.len() as f64 * 100.0).round() / 100.0);
    let terminados = scos
        .iter()
        .filter(|s| matches!(s.estado, "completed" | "passed" | "failed"))
        .count();
    if terminados < total.max(1) {
        return ("incomplete".into(), calificacion);
    }
    let estado = if scos.iter().any(|s| s.estado == "failed") {
        "failed"
    } else if scos.iter().any(|s| s.estado == "passed") {
        "passed"
    } else {
        match (calificacion, marca) {
            (Some(c), Some(m)) if c + 1e-9 >= m => "passed",
            (Some(_), Some(_)) => "failed",
            _ => "completed",
        }
    };
    (estado.into(), calificacion)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(dominio: Option<f64>, aprobacion: Option<f64>) -> Item {
        Item {
            id: "i".into(),
            titulo: "t".into(),
            nivel: 0,
            href: Some("a.html".into()),
            sco: true,
            dominio,
            aprobacion_escalada: aprobacion,
            datos_lms: None,
            umbral_completado: None,
        }
    }

    fn map(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn times_parse_in_both_formats() {
        assert_eq!(seconds_12("0000:05:10.50"), 310);
        assert_eq!(seconds_12("01:00:00"), 3600);
        assert_eq!(seconds_12("garbage"), 0);
        assert_eq!(seconds_2004("PT1H2M3.5S"), 3723);
        assert_eq!(seconds_2004("P1DT1S"), 86401);
        assert_eq!(seconds_2004("PT"), 0);
        assert_eq!(seconds_2004("1H"), 0);
        assert_eq!(timespan_12(3723), "0001:02:03.00");
        assert_eq!(timespan_2004(3723), "PT1H2M3S");
    }

    #[test]
    fn a_scored_completed_12_sco_is_judged_by_the_mastery_score() {
        let v = map(&[
            ("cmi.core.lesson_status", "completed"),
            ("cmi.core.score.raw", "85"),
        ]);
        assert_eq!(
            leer(Version::V12, &v, &item(Some(80.0), None)).estado,
            "passed"
        );
        let v = map(&[
            ("cmi.core.lesson_status", "completed"),
            ("cmi.core.score.raw", "60"),
        ]);
        assert_eq!(
            leer(Version::V12, &v, &item(Some(80.0), None)).estado,
            "failed"
        );
        assert_eq!(
            leer(Version::V12, &v, &item(None, None)).estado,
            "completed"
        );
    }

    #[test]
    fn a_2004_sco_reports_success_apart_from_completion() {
        let v = map(&[
            ("cmi.completion_status", "completed"),
            ("cmi.success_status", "passed"),
            ("cmi.score.scaled", "0.9"),
        ]);
        let l = leer(Version::V2004, &v, &item(None, None));
        assert_eq!((l.estado.as_str(), l.completado), ("passed", true));
        let v = map(&[
            ("cmi.completion_status", "incomplete"),
            ("cmi.score.scaled", "0.5"),
        ]);
        assert_eq!(
            leer(Version::V2004, &v, &item(None, Some(0.8))).estado,
            "failed"
        );
        let v = map(&[("cmi.completion_status", "incomplete")]);
        assert_eq!(
            leer(Version::V2004, &v, &item(None, None)).estado,
            "incomplete"
        );
    }

    #[test]
    fn an_attempt_finishes_when_every_sco_did() {
        let a = [
            Sco {
                estado: "completed",
                porcentaje: None,
            },
            Sco {
                estado: "incomplete",
                porcentaje: None,
            },
        ];
        assert_eq!(estado_intento(&a, 2, None).0, "incomplete");
        let b = [
            Sco {
                estado: "completed",
                porcentaje: None,
            },
            Sco {
                estado: "passed",
                porcentaje: Some(90.0),
            },
        ];
        assert_eq!(estado_intento(&b, 2, None), ("passed".into(), Some(90.0)));
        let c = [Sco {
            estado: "completed",
            porcentaje: Some(60.0),
        }];
        assert_eq!(estado_intento(&c, 1, Some(70.0)).0, "failed");
        assert_eq!(estado_intento(&c, 1, None).0, "completed");
    }

    #[test]
    fn percentages_follow_scaled_else_raw_in_range() {
        assert_eq!(
            porcentaje(Some(8.0), Some(0.0), Some(10.0), None),
            Some(80.0)
        );
        assert_eq!(porcentaje(Some(85.0), None, None, None), Some(85.0));
        assert_eq!(porcentaje(Some(1.0), None, None, Some(0.75)), Some(75.0));
        assert_eq!(porcentaje(None, None, None, None), None);
    }
}
