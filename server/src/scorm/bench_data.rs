//! Data of the SCORM benchmark (tests/bench/scorm.sh; development only): a small generated
//! SCORM 1.2 package on the first active topic without one, and one open attempt with a launch token
//! for each of `aprendices` employees — the state learners are in once they opened the
//! player.

use std::io::Write;

use super::db;
use crate::error::{AppError, AppResult};
use crate::state::AppState;

const MANIFIESTO: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="aula.bench" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Benchmark</title>
    <item identifier="sco1" identifierref="r1"><title>Lección</title><adlcp:masteryscore>80</adlcp:masteryscore></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource></resources>
</manifest>"#;

fn paquete() -> Result<Vec<u8>, zip::result::ZipError> {
    let mut out = std::io::Cursor::new(Vec::new());
    let mut z = zip::ZipWriter::new(&mut out);
    let opts = zip::write::SimpleFileOptions::default();
    z.start_file("imsmanifest.xml", opts)?;
    z.write_all(MANIFIESTO.as_bytes())?;
    z.start_file("index.html", opts)?;
    z.write_all(
        b"<!doctype html><html lang=\"es\"><title>Benchmark</title><p>Lecci\xc3\xb3n</p></html>",
    )?;
    z.finish()?;
    Ok(out.into_inner())
}

/// Stores the package and opens the learners' attempts; their launch tokens.
pub async fn generate(state: &AppState, aprendices: usize) -> AppResult<Vec<String>> {
    let (cve_tema, learners) = {
        let mut conn = state.db.read.acquire().await?;
        let mut tema = None;
        for t in crate::topics::db::all_topic_rules(&mut *conn).await? {
            if t.activo == 1 && db::package_of_topic(&mut conn, t.cve_tema).await?.is_none() {
                tema = Some(t.cve_tema);
                break;
            }
        }
        let tema = tema.ok_or_else(|| AppError::internal("no active topic without a package"))?;
        (tema, db::some_learners(&mut conn, aprendices as i64).await?)
    };
    let zip = paquete().map_err(AppError::internal)?;
    super::load_package(
        state,
        cve_tema,
        &zip,
        "benchmark.zip",
        learners.first().copied().unwrap_or(1),
    )
    .await?;
    let mut tokens = Vec::with_capacity(learners.len());
    for cve in learners {
        tokens.push(super::open_attempt(state, cve_tema, cve).await?);
    }
    Ok(tokens)
}
