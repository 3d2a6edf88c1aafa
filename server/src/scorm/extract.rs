//! Safe extraction of an uploaded package into a private working folder: every name passes
//! the zip library's enclosed-name check (no `..`, no absolute path), links are refused,
//! and the entries, the expanded total, each file and each entry's compression ratio are
//! capped while the bytes are counted (declared sizes can lie).

use std::collections::HashSet;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use crate::error::{AppError, AppResult};

use super::manifest::{self, Manifiesto};

/// Caps of an extraction (documented in docs/scorm.md).
#[derive(Clone, Copy, Debug)]
pub struct Limites {
    pub entradas: usize,
    pub total: u64,
    pub archivo: u64,
    /// Largest expanded ÷ compressed size of an entry above `umbral_proporcion` bytes.
    pub proporcion: u64,
    pub umbral_proporcion: u64,
}

impl Default for Limites {
    fn default() -> Self {
        Limites {
            entradas: 10_000,
            total: 500 * 1024 * 1024,
            archivo: 100 * 1024 * 1024,
            proporcion: 200,
            umbral_proporcion: 1024 * 1024,
        }
    }
}

/// An extracted package.
pub struct Extraido {
    pub manifiesto: Manifiesto,
    /// Relative path (normalised, `/`-separated) and where it was written.
    pub archivos: Vec<(String, PathBuf)>,
    pub bytes: u64,
}

fn zip_invalido() -> AppError {
    AppError::unprocessable("scorm.zip_invalido")
}

fn insegura(name: &str) -> AppError {
    AppError::unprocessable("scorm.ruta_insegura").arg("ruta", name)
}

/// Extracts `zip_path` under `dest` (which must exist and be empty) and parses its
/// manifest. `avance` is told the share done (0–100) now and then.
pub fn extraer(
    zip_path: &Path,
    dest: &Path,
    limites: Limites,
    avance: &dyn Fn(u8),
) -> AppResult<Extraido> {
    let file = std::fs::File::open(zip_path).map_err(AppError::internal)?;
    let mut zip =
        zip::ZipArchive::new(std::io::BufReader::new(file)).map_err(|_| zip_invalido())?;
    if zip.len() > limites.entradas {
        return Err(AppError::unprocessable("scorm.demasiados_archivos")
            .arg("max", limites.entradas.to_string()));
    }
    // Names and kinds first: nothing is written when one entry is unsafe.
    let mut plan: Vec<Option<String>> = Vec::with_capacity(zip.len());
    for i in 0..zip.len() {
        let entry = zip.by_index_raw(i).map_err(|_| zip_invalido())?;
        let raw = entry.name().map(|n| n.into_owned()).unwrap_or_default();
        let is_link =
            entry.is_symlink() || entry.unix_mode().is_some_and(|m| m & 0o170000 == 0o120000);
        if is_link {
            return Err(insegura(&raw));
        }
        let Some(enclosed) = entry.enclosed_name() else {
            return Err(insegura(&raw));
        };
        if raw.starts_with('/')
            || raw.starts_with('\\')
            || raw.contains(':')
            || raw.split(['/', '\\']).any(|p| p == "..")
        {
            return Err(insegura(&raw));
        }
        if entry.is_dir() {
            plan.push(None);
            continue;
        }
        let rel = enclosed.to_string_lossy().replace('\\', "/");
        let normal = manifest::normalise(&rel).ok_or_else(|| insegura(&raw))?;
        plan.push(Some(normal));
    }
    let mut total: u64 = 0;
    let mut archivos = Vec::new();
    let mut vistos = HashSet::new();
    let mut buf = vec![0u8; 64 * 1024];
    let n = plan.len().max(1);
    for (i, rel) in plan.iter().enumerate() {
        let Some(rel) = rel else { continue };
        let entry = zip.by_index(i).map_err(|_| zip_invalido())?;
        let compressed = entry.compressed_size().max(1);
        let target = dest.join(rel);
        // A name that is both a file and a folder (`a` and `a/b`) cannot be laid out.
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|_| insegura(rel))?;
        }
        let mut out = std::fs::File::create(&target).map_err(|_| insegura(rel))?;
        let mut limited = entry.take(limites.archivo + 1);
        let mut counted: u64 = 0;
        loop {
            let k = limited.read(&mut buf).map_err(|_| zip_invalido())?;
            if k == 0 {
                break;
            }
            counted += k as u64;
            if counted > limites.archivo || total + counted > limites.total {
                let max = if counted > limites.archivo {
                    limites.archivo
                } else {
                    limites.total
                };
                return Err(AppError::unprocessable("scorm.demasiado_grande_expandido")
                    .arg("max", (max / (1024 * 1024)).to_string()));
            }
            if counted > limites.umbral_proporcion && counted / compressed > limites.proporcion {
                return Err(AppError::unprocessable("scorm.proporcion_sospechosa"));
            }
            out.write_all(&buf[..k]).map_err(AppError::internal)?;
        }
        total += counted;
        if vistos.insert(rel.clone()) {
            archivos.push((rel.clone(), target));
        }
        if i % 50 == 0 {
            avance(((i * 100) / n) as u8);
        }
    }
    let nombres: HashSet<String> = archivos.iter().map(|(r, _)| r.clone()).collect();
    let manifiesto_path = archivos
        .iter()
        .find(|(r, _)| r.eq_ignore_ascii_case("imsmanifest.xml"))
        .map(|(_, p)| p.clone())
        .ok_or_else(|| AppError::unprocessable("scorm.sin_manifiesto"))?;
    let size = std::fs::metadata(&manifiesto_path)
        .map_err(AppError::internal)?
        .len();
    if size > manifest::MAX_MANIFEST {
        return Err(AppError::unprocessable("scorm.manifiesto_invalido")
            .arg("detalle", "imsmanifest.xml is too large"));
    }
    let bytes = std::fs::read(&manifiesto_path).map_err(AppError::internal)?;
    let xml = String::from_utf8(bytes).map_err(|_| {
        AppError::unprocessable("scorm.manifiesto_invalido").arg("detalle", "not UTF-8")
    })?;
    let manifiesto = manifest::parse(xml.trim_start_matches('\u{feff}'), &nombres)?;
    avance(100);
    Ok(Extraido {
        manifiesto,
        archivos,
        bytes: total,
    })
}
