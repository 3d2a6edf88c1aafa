//! The demo's chat conversations and notifications, through the chat and notifications
//! domains' own functions.

use sqlx::SqliteConnection;

use crate::chat::db::{NewMessage, insert_message};
use crate::error::AppResult;
use crate::notifications::db::{NewNotification, insert};

/// Chat conversations between demo logins, read and unread.
pub async fn create_conversations(
    conn: &mut SqliteConnection,
    now: chrono::DateTime<chrono::Utc>,
    pairs: &[(i64, i64)],
) -> AppResult<()> {
    const LINES: &[&[(bool, &str)]] = &[
        &[
            (
                true,
                "Buen día Luis, ¿ya viste tu curso de Trabajo en alturas?",
            ),
            (false, "Buen día, sí. ¿Es el jueves a las 9?"),
            (
                true,
                "Así es, en la sala de capacitación de Planta Monterrey.",
            ),
            (
                false,
                "Perfecto, ahí estaré. ¿Debo llevar mi equipo de protección?",
            ),
            (true, "Sí, casco, arnés y botas. Te espero."),
        ],
        &[
            (
                true,
                "Hola, te comparto que ya está el material del curso de montacargas.",
            ),
            (false, "Gracias, lo reviso hoy en la tarde."),
            (true, "Recuerda que la evaluación práctica es el viernes."),
        ],
        &[
            (
                true,
                "Fernando, ¿me ayudas con el reporte de capacitaciones próximas a vencer?",
            ),
            (false, "Claro, te lo envío antes del mediodía."),
        ],
    ];
    for (i, (a, b)) in pairs.iter().enumerate() {
        if *a == 0 || *b == 0 || a == b {
            continue;
        }
        let lines = LINES[i % LINES.len()];
        let start = now - chrono::Duration::hours(3 + i as i64);
        for (j, (from_a, text)) in lines.iter().enumerate() {
            let when = (start + chrono::Duration::minutes(7 * j as i64))
                .format("%Y-%m-%dT%H:%M:%SZ")
                .to_string();
            let (de, para) = if *from_a { (*a, *b) } else { (*b, *a) };
            // The last message stays unread so the badge shows.
            let estatus = if j + 1 == lines.len() { 1 } else { 2 };
            insert_message(
                conn,
                &NewMessage {
                    de,
                    para,
                    tipo: "text",
                    mensaje: text,
                    archivo: None,
                    fecha: &when,
                    estatus,
                },
            )
            .await?;
        }
    }
    Ok(())
}

/// A few notifications for each demo login.
pub async fn create_notifications(
    conn: &mut SqliteConnection,
    now: chrono::DateTime<chrono::Utc>,
    to: &[i64],
) -> AppResult<()> {
    const ITEMS: &[(&str, &str, &str, Option<&str>, i64)] = &[
        (
            "Capacitaciones próximas a vencer",
            "Tienes 3 capacitaciones que vencen en los próximos 30 días: Trabajo en alturas, Manejo de montacargas y Primeros auxilios.",
            "Capacitaciones próximas a vencer",
            None,
            1,
        ),
        (
            "Sesión en línea: Seguridad eléctrica",
            "La sesión virtual de Seguridad eléctrica (NOM-029-STPS) inicia mañana a las 10:00.",
            "Curso",
            Some("https://meet.sierramadre.mx/seguridad-electrica"),
            1,
        ),
        (
            "Nuevo material disponible",
            "Ya puedes consultar el manual del participante de Manejo defensivo.",
            "Material",
            None,
            1,
        ),
        (
            "Bienvenido a Universidad Sierra Madre",
            "Consulta tu plan de capacitación y completa tus cursos obligatorios.",
            "Aviso",
            None,
            2,
        ),
    ];
    for cve in to.iter().filter(|c| **c != 0) {
        let destino = format!("empleado:{cve}");
        for (i, (titulo, contenido, tipo, meeting, estatus)) in ITEMS.iter().enumerate() {
            let when = (now - chrono::Duration::hours(2 + 20 * i as i64))
                .format("%Y-%m-%dT%H:%M:%SZ")
                .to_string();
            insert(
                &mut *conn,
                &NewNotification {
                    cve_empleado: *cve,
                    titulo,
                    contenido,
                    tipo,
                    web: 1,
                    mobile: 0,
                    correo: 0,
                    meeting: *meeting,
                    recurso: None,
                    recurso_id: None,
                    icono: None,
                    origen: "Capital Humano",
                    destino: &destino,
                    idsolicitud: None,
                    estatus: *estatus,
                    fecha_hora: &when,
                },
            )
            .await?;
        }
    }
    Ok(())
}
