//! The demo's DC-3 deliveries, so that the follow-up looks like a company mid-year: the
//! DC-3s of courses that ended more than two months ago were all handed over, those of the
//! course before last about half (late now), and the last course's are still due within
//! their 20 working days. Issued through the certificates domain's own functions.

use chrono::NaiveDate;
use sqlx::SqliteConnection;

use super::courses::Creados;
use crate::certificates::{db, dc3, issue};
use crate::error::AppResult;

/// Issues and records the delivery of the demo's handed-over DC-3s.
pub async fn create(
    conn: &mut SqliteConnection,
    creados: &Creados,
    analista: i64,
    hoy: NaiveDate,
    now: &str,
) -> AppResult<()> {
    for (_, cve_curso) in &creados.cerrados {
        let people = db::accredited(&mut *conn, *cve_curso, None).await?;
        for (i, p) in people.iter().enumerate() {
            let Ok(d) = dc3::gather(&mut *conn, p.cve_empleado, *cve_curso).await else {
                continue;
            };
            if !dc3::missing(&d).is_empty() {
                continue;
            }
            let Ok(fin) = NaiveDate::parse_from_str(&d.fila.fecha_fin, "%Y-%m-%d") else {
                continue;
            };
            let dias = (hoy - fin).num_days();
            let entregada = dias > 60 || (dias > 30 && i % 2 == 0);
            if !entregada {
                continue;
            }
            let c = issue::for_course(
                &mut *conn,
                &issue::DeCurso {
                    tipo: "dc3",
                    cve_empleado: p.cve_empleado,
                    cve_curso: *cve_curso,
                    titulo: &d.fila.nombre_curso,
                    titular: &d.fila.nombre_empleado,
                    fecha_inicio: &d.fila.fecha_inicio,
                    fecha_fin: &d.fila.fecha_fin,
                    meses_certificacion: d.fila.meses_certificacion,
                },
                now,
                Some(analista),
            )
            .await?;
            let medio = if i % 3 == 0 { "correo" } else { "descarga" };
            db::mark_delivered(&mut *conn, c.id_certificado, now, medio).await?;
        }
    }
    Ok(())
}

/// The external agent that trained the contractor's crews, and its STPS registration.
const AGENTE: &str = "Capacitación y Seguridad Industrial del Noreste, S.C.";
const AGENTE_REGISTRO: &str = "CSN-120815-KJ3-0013";

/// One external certification of the demo: whose (index into the company's workers), which
/// topic (abbreviation), how many days ago, and what became of it.
struct Externa {
    trabajador: usize,
    tema: &'static str,
    hace_dias: i64,
    dc3: bool,
    estado: Estado,
}

enum Estado {
    Enviado,
    Autorizado,
    Rechazado(&'static str),
}

/// The supplier's (Montajes y Mantenimiento del Norte) external certifications: two
/// authorised into its workers' plans, two waiting for review (one still without its DC-3),
/// one rejected with the reason, and one of the supplier himself — each with a DC-3 issued
/// by the external agent, stored like an uploaded one.
pub async fn create_external(
    conn: &mut SqliteConnection,
    state: &crate::state::AppState,
    company: i64,
    proveedor: i64,
    analista: i64,
    hoy: NaiveDate,
    now: &str,
) -> AppResult<()> {
    use crate::certificates::db::external as xdb;
    use crate::certificates::external;
    let workers: Vec<_> = xdb::workers_of_company(&mut *conn, company)
        .await?
        .into_iter()
        .filter(|w| w.0 != proveedor && w.3.as_deref() != Some("Representante de Contratista"))
        .collect();
    let supplier = xdb::workers_of_company(&mut *conn, company)
        .await?
        .into_iter()
        .find(|w| w.0 == proveedor);
    let Some(supplier) = supplier else {
        return Ok(());
    };
    let topics = xdb::active_topics(&mut *conn).await?;
    let nombre_proveedor = xdb::supplier_name(&mut *conn, proveedor).await?;
    let plan = [
        Externa {
            trabajador: 0,
            tema: "NOM-009",
            hace_dias: 150,
            dc3: true,
            estado: Estado::Autorizado,
        },
        Externa {
            trabajador: 1,
            tema: "NOM-002",
            hace_dias: 120,
            dc3: true,
            estado: Estado::Autorizado,
        },
        Externa {
            trabajador: 2,
            tema: "NOM-009",
            hace_dias: 21,
            dc3: true,
            estado: Estado::Enviado,
        },
        Externa {
            trabajador: 3,
            tema: "NOM-006",
            hace_dias: 14,
            dc3: false,
            estado: Estado::Enviado,
        },
        Externa {
            trabajador: 4,
            tema: "NOM-002",
            hace_dias: 45,
            dc3: true,
            estado: Estado::Rechazado(
                "La DC-3 no tiene la firma del instructor ni el registro STPS del agente capacitador; súbela de nuevo firmada.",
            ),
        },
        Externa {
            trabajador: usize::MAX,
            tema: "NOM-009",
            hace_dias: 10,
            dc3: true,
            estado: Estado::Enviado,
        },
    ];
    for (i, x) in plan.iter().enumerate() {
        let w = if x.trabajador == usize::MAX || workers.is_empty() {
            &supplier
        } else {
            &workers[x.trabajador % workers.len()]
        };
        let Some(tema) = topics.iter().find(|t| t.abreviatura == x.tema) else {
            continue;
        };
        let fecha = hoy - chrono::Duration::days(x.hace_dias);
        let fecha_s = fecha.format("%Y-%m-%d").to_string();
        if xdb::duplicate(&mut *conn, w.0, tema.cve_tema, &fecha_s).await? {
            continue;
        }
        let link = if x.dc3 {
            let pdf = external_dc3(w, tema, fecha, i)?;
            Some(external::store_dc3(state, pdf.into()).await?)
        } else {
            None
        };
        let vigencia = external::validity(fecha, tema.meses_certificacion)
            .format("%Y-%m-%d")
            .to_string();
        let cve_log = xdb::insert(
            &mut *conn,
            &xdb::NuevaCertificacion {
                cve_empleado: w.0,
                cve_tema: tema.cve_tema,
                fecha_realizacion: &fecha_s,
                fecha_vigencia: &vigencia,
                link_dc3: link.as_deref(),
                origen: if i == 1 { "masivo" } else { "individual" },
                cve_proveedor: proveedor,
                nombre_proveedor: &nombre_proveedor,
            },
            now,
        )
        .await?;
        match x.estado {
            Estado::Enviado => {}
            Estado::Autorizado => {
                if let Some(c) = xdb::load(&mut *conn, cve_log).await? {
                    external::authorise(&mut *conn, &c, analista, hoy, now).await?;
                }
            }
            Estado::Rechazado(motivo) => {
                xdb::review(
                    &mut *conn,
                    cve_log,
                    "Rechazado",
                    Some(motivo),
                    analista,
                    None,
                    now,
                )
                .await?;
            }
        }
    }
    Ok(())
}

/// The DC-3 the external agent issued to a contractor's worker (the STPS form, drawn with the
/// certificates domain's own renderer; the agent's folio stands for its code).
fn external_dc3(
    w: &(i64, String, String, Option<String>),
    tema: &crate::certificates::db::external::TemaNombre,
    fecha: NaiveDate,
    folio: usize,
) -> AppResult<Vec<u8>> {
    let dia = fecha.format("%Y-%m-%d").to_string();
    let inicio = (fecha - chrono::Duration::days(1))
        .format("%Y-%m-%d")
        .to_string();
    let codigo = format!("CSN-{}-{:04}", fecha.format("%Y"), 400 + folio);
    let d = dc3::Dc3 {
        fila: db::Dc3Fila {
            cve_empleado: w.0,
            nombre_empleado: w.1.clone(),
            curp: Some(w.2.clone()),
            ocupacion: Some("04.1".into()),
            ocupacion_nombre: Some("Mantenimiento y reparación de maquinaria".into()),
            puesto: w.3.clone(),
            cve_n4: None,
            empresa: Some("Montajes y Mantenimiento del Norte".into()),
            razon_social: Some("Montajes y Mantenimiento del Norte, S.A. de C.V.".into()),
            rfc: Some("MMN100315QX4".into()),
            num_trabajadores: Some(40),
            cve_curso: 0,
            nombre_curso: tema.nombre_tema.clone(),
            modalidad: "PRESENCIAL".into(),
            estatus: "cerrado".into(),
            fecha_inicio: inicio,
            fecha_fin: dia,
            cve_tema: tema.cve_tema,
            nombre_tema: tema.nombre_tema.clone(),
            meses_certificacion: tema.meses_certificacion,
            horas_tema: 16.0,
            cve_area: Some(6000),
            area: Some("Seguridad".into()),
            instructor: Some("Ing. Roberto Villarreal Treviño".into()),
            instructor_interno: Some(0),
            registro_stps: Some(AGENTE_REGISTRO.into()),
            firma_instructor: None,
            institucion: Some(AGENTE.into()),
            acreditado: Some(1),
        },
        horas: 16.0,
        patron: Some(dc3::Firmante {
            nombre: "Jorge Alberto Leal Montemayor".into(),
            puesto: Some("Representante legal".into()),
            firma: None,
        }),
        trabajadores: None,
        con_comision_mixta: false,
    };
    let x = dc3::Extras {
        url_verificacion: format!("https://www.csn-capacitacion.mx/constancias/{codigo}"),
        codigo,
        firma_instructor: super::signatures::signature_png(9_100 + folio as u64).ok(),
        firma_patron: super::signatures::signature_png(9_200 + folio as u64).ok(),
        firma_trabajadores: None,
    };
    dc3::render(&d, &x)
}
