//! Handwritten-looking signatures for the demo's instructors and DC-3 representatives, so
//! that every DC-3 of the demo company can be printed: a pen stroke drawn as a few loops
//! that differ per person, written as a PNG with the png crate and stored through the
//! owners' own functions (resources for instructors, org for representatives).

use bytes::Bytes;
use sqlx::SqliteConnection;

use super::company::Company;
use crate::error::{AppError, AppResult};
use crate::state::AppState;

const W: usize = 360;
const H: usize = 120;

/// A signature image (dark blue ink on transparent) whose loops depend on `seed`.
pub fn signature_png(seed: u64) -> AppResult<Vec<u8>> {
    let mut alpha = vec![0u8; W * H];
    let s = (seed % 97) as f32;
    let (a, b, c) = (
        1.0 + (s % 5.0) * 0.35,
        2.0 + (s % 3.0) * 0.6,
        0.6 + (s % 7.0) * 0.1,
    );
    let steps = 6000;
    for i in 0..steps {
        let t = i as f32 / steps as f32;
        let angle = t * std::f32::consts::TAU * 2.5;
        // Left to right with loops up and down, the pen lifting a little toward the end.
        let x = 20.0 + t * (W as f32 - 60.0) + 22.0 * (angle * a).sin();
        let y = H as f32 / 2.0
            + 30.0 * (angle * b + s).sin() * (1.0 - 0.4 * t)
            + 10.0 * (angle * c).cos();
        let width = 1.6 + 0.8 * (angle * 0.5).sin().abs();
        let r = width.ceil() as i32;
        for dy in -r..=r {
            for dx in -r..=r {
                let (px, py) = (x as i32 + dx, y as i32 + dy);
                if px < 0 || py < 0 || px >= W as i32 || py >= H as i32 {
                    continue;
                }
                let d = ((dx * dx + dy * dy) as f32).sqrt();
                let cover = (width - d).clamp(0.0, 1.0);
                let cell = &mut alpha[py as usize * W + px as usize];
                *cell = (*cell).max((cover * 255.0) as u8);
            }
        }
    }
    let mut rgba = Vec::with_capacity(W * H * 4);
    for a in alpha {
        rgba.extend_from_slice(&[18, 40, 110, a]);
    }
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, W as u32, H as u32);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder
            .write_header()
            .map_err(|e| AppError::internal(format!("signature png: {e}")))?;
        writer
            .write_image_data(&rgba)
            .map_err(|e| AppError::internal(format!("signature png: {e}")))?;
    }
    Ok(out)
}

/// Gives every active instructor and each company's DC-3 representatives a signature.
pub async fn create(conn: &mut SqliteConnection, state: &AppState, c: &Company) -> AppResult<()> {
    let instructors = crate::resources::db::instructors::instructor_options(&mut *conn).await?;
    for o in instructors {
        let key = crate::files::store_image(
            state,
            "firmas/instructores",
            &o.value.to_string(),
            Bytes::from(signature_png(o.value as u64 * 7 + 3)?),
        )
        .await?;
        crate::resources::db::instructors::set_instructor_signature(&mut *conn, o.value, &key)
            .await?;
    }
    for (n4, _) in &c.companies {
        for tipo in ["patron", "trabajadores"] {
            let Some(id) =
                crate::org::db::stps::active_representative(&mut *conn, *n4, tipo, 0).await?
            else {
                continue;
            };
            let key = crate::files::store_image(
                state,
                "firmas/representantes",
                &id.to_string(),
                Bytes::from(signature_png(id as u64 * 13 + 5)?),
            )
            .await?;
            crate::org::db::stps::set_representative_signature(&mut *conn, id, &key).await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_are_pngs_that_differ_per_person() {
        let a = signature_png(1).expect("png");
        let b = signature_png(2).expect("png");
        assert!(a.starts_with(b"\x89PNG\r\n\x1a\n"));
        assert_ne!(a, b);
        assert_eq!(crate::storage::image_size(&a), Some((W as u32, H as u32)));
    }
}
