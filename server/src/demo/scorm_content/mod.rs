//! The demo's SCORM packages, written for Aula (no third-party content): the files live
//! next to this module and are zipped in memory when the demo is loaded.
//!
//! - `montacargas12/`: SCORM 1.2, one SCO, "Operación segura de montacargas" (three lesson
//!   screens and a three-question quiz, mastery score 80).
//! - `nom035_2004/`: SCORM 2004 4th edition, two SCOs, "Factores de riesgo psicosocial
//!   (NOM-035)" (a lesson that completes on its last screen and an evaluation with a
//!   passing score of 0.8 that records one interaction per answer).

use std::io::{Cursor, Write};

use zip::ZipWriter;
use zip::result::ZipError;
use zip::write::SimpleFileOptions;

/// A package's files: (path inside the zip, contents).
type Archivos = &'static [(&'static str, &'static [u8])];

/// The stylesheet both packages carry (each zip needs its own copy; the source is one).
const ESTILOS: &[u8] = include_bytes!("estilos.css");

const MONTACARGAS_12: Archivos = &[
    (
        "imsmanifest.xml",
        include_bytes!("montacargas12/imsmanifest.xml"),
    ),
    ("index.html", include_bytes!("montacargas12/index.html")),
    ("curso.js", include_bytes!("montacargas12/curso.js")),
    ("estilos.css", ESTILOS),
];

const NOM035_2004: Archivos = &[
    (
        "imsmanifest.xml",
        include_bytes!("nom035_2004/imsmanifest.xml"),
    ),
    (
        "leccion/index.html",
        include_bytes!("nom035_2004/leccion/index.html"),
    ),
    (
        "leccion/leccion.js",
        include_bytes!("nom035_2004/leccion/leccion.js"),
    ),
    (
        "evaluacion/index.html",
        include_bytes!("nom035_2004/evaluacion/index.html"),
    ),
    (
        "evaluacion/evaluacion.js",
        include_bytes!("nom035_2004/evaluacion/evaluacion.js"),
    ),
    ("comun/estilos.css", ESTILOS),
    (
        "comun/scorm2004.js",
        include_bytes!("nom035_2004/comun/scorm2004.js"),
    ),
];

/// The SCORM 1.2 demo package (one SCO) as a zip.
pub fn paquete_montacargas_12() -> Result<Vec<u8>, ZipError> {
    comprimir(MONTACARGAS_12)
}

/// The SCORM 2004 demo package (two SCOs) as a zip.
pub fn paquete_nom035_2004() -> Result<Vec<u8>, ZipError> {
    comprimir(NOM035_2004)
}

fn comprimir(archivos: Archivos) -> Result<Vec<u8>, ZipError> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let opciones = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .unix_permissions(0o644);
    for (ruta, contenido) in archivos {
        zip.start_file(*ruta, opciones)?;
        zip.write_all(contenido)?;
    }
    Ok(zip.finish()?.into_inner())
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    fn leer(zip: &[u8]) -> Vec<(String, String)> {
        let mut a = zip::ZipArchive::new(Cursor::new(zip)).expect("a zip");
        (0..a.len())
            .map(|i| {
                let mut f = a.by_index(i).expect("entry");
                let name = f.name().expect("a name").to_string();
                let mut s = String::new();
                f.read_to_string(&mut s).expect("utf-8 text");
                (name, s)
            })
            .collect()
    }

    #[test]
    fn the_packages_hold_their_manifest_and_every_file_it_lists() {
        for (zip, version) in [
            (paquete_montacargas_12().expect("zip"), "1.2"),
            (paquete_nom035_2004().expect("zip"), "2004 4th Edition"),
        ] {
            let files = leer(&zip);
            let manifest = &files
                .iter()
                .find(|(n, _)| n == "imsmanifest.xml")
                .expect("manifest at the root")
                .1;
            assert!(manifest.contains(&format!("<schemaversion>{version}</schemaversion>")));
            // Every <file href> and resource href is in the zip.
            for part in manifest.split("href=\"").skip(1) {
                let href = &part[..part.find('"').expect("closing quote")];
                assert!(
                    files.iter().any(|(n, _)| n == href),
                    "{href} listed but missing"
                );
            }
            for (name, text) in &files {
                if name.ends_with(".html") {
                    assert!(text.contains("<html lang=\"es\">"), "{name}");
                    assert!(text.contains("name=\"viewport\""), "{name}");
                }
            }
        }
    }
}
