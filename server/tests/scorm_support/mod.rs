//! Helpers of the SCORM tests: packages built on the fly (zip in memory), the upload and
//! launch calls of the app origin, and the runtime calls of the content origin the way the
//! player page makes them.

#![allow(dead_code)]

use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use zip::ZipWriter;
use zip::write::SimpleFileOptions;

use crate::common::{Answer, TestServer};

/// The SCO page of the single-SCO 1.2 test package; the marker lets a test tell the package's
/// file from anything else an origin may answer.
pub const MARCADOR: &str = "MARCADOR-PAQUETE-PRUEBA-7f3c";

pub fn sco_html(titulo: &str) -> Vec<u8> {
    format!(
        "<!DOCTYPE html><html lang=\"es\"><head><meta charset=\"utf-8\"><title>{titulo}</title>\
         <script src=\"sco.js\"></script></head><body><h1>{titulo}</h1><p>{MARCADOR}</p></body></html>"
    )
    .into_bytes()
}

/// A zip of `files` (deflated), in order.
pub fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let o = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in files {
        zip.start_file(*name, o).expect("entry");
        zip.write_all(data).expect("write");
    }
    zip.finish().expect("zip").into_inner()
}

/// A SCORM 1.2 manifest with one SCO launched by `href` (and its files), mastery `mastery`.
pub fn manifest_12(titulo: &str, href: &str, mastery: Option<u32>) -> String {
    let mastery = mastery
        .map(|m| format!("<adlcp:masteryscore>{m}</adlcp:masteryscore>"))
        .unwrap_or_default();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="PRUEBA-12" version="1.0"
    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="ORG-1">
    <organization identifier="ORG-1">
      <title>{titulo}</title>
      <item identifier="ITEM-1" identifierref="RES-1" isvisible="true">
        <title>Lección única</title>
        {mastery}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="RES-1" type="webcontent" adlcp:scormtype="sco" href="{href}">
      <file href="{href}"/>
      <file href="sco.js"/>
    </resource>
  </resources>
</manifest>"#
    )
}

pub const TITULO_12: &str = "Operación segura de montacargas";

/// The 1.2 single-SCO package: manifest, `index.html` and `sco.js`.
pub fn paquete_12() -> Vec<u8> {
    paquete_12_con(&sco_html("Montacargas"))
}

/// The 1.2 package with another `index.html` (a new version of the same package).
pub fn paquete_12_con(index: &[u8]) -> Vec<u8> {
    let m = manifest_12(TITULO_12, "index.html", Some(80));
    zip_of(&[
        ("imsmanifest.xml", m.as_bytes()),
        ("index.html", index),
        ("sco.js", b"window.cargado = true;"),
    ])
}

pub const TITULO_2004: &str = "Brigadas de emergencia";

/// A SCORM 2004 4th edition manifest: ITEM-INTRO (with launch parameters), a folder MOD-2
/// holding ITEM-EVAL (passing measure 0.8).
pub fn manifest_2004() -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="PRUEBA-2004" version="1"
    xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
    xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="ORG">
    <organization identifier="ORG">
      <title>{TITULO_2004}</title>
      <item identifier="ITEM-INTRO" identifierref="RES-INTRO" parameters="?modo=1">
        <title>Introducción</title>
      </item>
      <item identifier="MOD-2">
        <title>Módulo 2</title>
        <item identifier="ITEM-EVAL" identifierref="RES-EVAL">
          <title>Evaluación</title>
          <imsss:sequencing>
            <imsss:objectives>
              <imsss:primaryObjective objectiveID="OBJ-EVAL" satisfiedByMeasure="true">
                <imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure>
              </imsss:primaryObjective>
            </imsss:objectives>
          </imsss:sequencing>
        </item>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="RES-INTRO" type="webcontent" adlcp:scormType="sco" href="intro/index.html">
      <file href="intro/index.html"/>
    </resource>
    <resource identifier="RES-EVAL" type="webcontent" adlcp:scormType="sco" href="eval/index.html">
      <file href="eval/index.html"/>
    </resource>
  </resources>
</manifest>"#
    )
}

/// The 2004 multi-SCO package.
pub fn paquete_2004() -> Vec<u8> {
    let m = manifest_2004();
    zip_of(&[
        ("imsmanifest.xml", m.as_bytes()),
        ("intro/index.html", &sco_html("Introducción")),
        ("eval/index.html", &sco_html("Evaluación")),
    ])
}

/// `GET|POST|PUT|DELETE /api/pri/catalogos/temas/{tema}/scorm`.
pub fn paquete_path(tema: i64) -> String {
    format!("/api/pri/catalogos/temas/{tema}/scorm")
}

/// Uploads a package to a topic (multipart `archivo` + `id_carga`).
pub async fn upload(s: &TestServer, token: &str, tema: i64, zip: Vec<u8>) -> Answer {
    upload_as(s, token, tema, zip, "carga-prueba-1").await
}

/// Uploads a package with the client's upload id `id_carga`.
pub async fn upload_as(
    s: &TestServer,
    token: &str,
    tema: i64,
    zip: Vec<u8>,
    id_carga: &str,
) -> Answer {
    let form = reqwest::multipart::Form::new()
        .text("id_carga", id_carga.to_string())
        .part(
            "archivo",
            reqwest::multipart::Part::bytes(zip)
                .file_name("paquete.zip")
                .mime_str("application/zip")
                .expect("mime"),
        );
    s.send_form(Method::POST, &paquete_path(tema), Some(token), form)
        .await
}

/// Uploads a package that must be accepted as new; its `PaqueteScorm`.
pub async fn uploaded(s: &TestServer, token: &str, tema: i64, zip: Vec<u8>) -> Value {
    let r = upload(s, token, tema, zip).await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
    assert_eq!(r.body["resp"], "Excelente");
    assert_eq!(r.body["creado"], json!(true));
    r.body["paquete"].clone()
}

/// A form-urlencoded POST on the app origin.
pub async fn post_form(
    s: &TestServer,
    path: &str,
    token: &str,
    fields: &[(&str, String)],
) -> Answer {
    let body = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(fields.iter().map(|(k, v)| (*k, v.as_str())))
        .finish();
    let res = s
        .http
        .post(format!("{}{}", s.base, path))
        .bearer_auth(token)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body)
        .send()
        .await
        .expect("request sent");
    TestServer::answer(res).await
}

pub const ALTA: &str =
    "/api/pri/plan_capacitacion/plan_formacion/alta_requerimientos/por_puestos/AltaScromUsuario";

/// The spec's launch call, as the spec's client sends it.
pub async fn alta(s: &TestServer, token: &str, nombre_usuario: i64, tema: i64) -> Answer {
    post_form(
        s,
        ALTA,
        token,
        &[
            ("nombre_usuario", nombre_usuario.to_string()),
            ("nombre", "Participante de prueba".to_string()),
            ("id_tema", tema.to_string()),
            ("status", "1".to_string()),
        ],
    )
    .await
}

/// A launch on the content origin.
#[derive(Clone, Debug)]
pub struct Launch {
    /// The whole `url` the app origin answered.
    pub url: String,
    /// The content origin (scheme, host and port).
    pub origin: String,
    pub token: String,
    /// The AltaScromUsuario answer.
    pub alta: Value,
}

impl Launch {
    pub fn from_alta(body: &Value) -> Launch {
        let url = body["url"].as_str().expect("url").to_string();
        let i = url.find("/jugar/").expect("a /jugar/ url");
        let token = url[i + "/jugar/".len()..].to_string();
        Launch {
            origin: url[..i].to_string(),
            url,
            token,
            alta: body.clone(),
        }
    }

    pub fn at(&self, path: &str) -> String {
        format!("{}{}", self.origin, path)
    }

    pub fn lanzamiento(&self) -> String {
        self.at(&format!("/api/lanzamiento/{}", self.token))
    }

    pub fn commit_url(&self) -> String {
        self.at(&format!("/api/lanzamiento/{}/commit", self.token))
    }
}

/// Launches (must succeed) for oneself.
pub async fn launch(s: &TestServer, token: &str, cve: i64, tema: i64) -> Launch {
    let r = alta(s, token, cve, tema).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["resp"], "Excelente");
    Launch::from_alta(&r.body)
}

/// A GET of any absolute URL (no session, no cookies).
pub async fn get_url(s: &TestServer, url: &str) -> Answer {
    let res = s.http.get(url).send().await.expect("request sent");
    TestServer::answer(res).await
}

/// The launch data the player reads (must succeed).
pub async fn datos(s: &TestServer, l: &Launch) -> Value {
    let r = get_url(s, &l.lanzamiento()).await;
    assert_eq!(
        r.status,
        StatusCode::OK,
        "GET {}: {:?}",
        l.lanzamiento(),
        r.body
    );
    r.body
}

/// A runtime commit as the player sends it.
pub async fn commit(
    s: &TestServer,
    l: &Launch,
    item: &str,
    secuencia: i64,
    terminado: bool,
    valores: Value,
) -> Answer {
    commit_raw(
        s,
        l,
        json!({"item": item, "secuencia": secuencia, "terminado": terminado, "valores": valores}),
    )
    .await
}

pub async fn commit_raw(s: &TestServer, l: &Launch, body: Value) -> Answer {
    let res = s
        .http
        .post(l.commit_url())
        .json(&body)
        .send()
        .await
        .expect("request sent");
    TestServer::answer(res).await
}

/// A commit that must be applied; its answer's body.
pub async fn applied(
    s: &TestServer,
    l: &Launch,
    item: &str,
    secuencia: i64,
    terminado: bool,
    valores: Value,
) -> Value {
    let r = commit(s, l, item, secuencia, terminado, valores.clone()).await;
    let what = format!("commit {item} #{secuencia} terminado={terminado} {valores}");
    assert_eq!(r.status, StatusCode::OK, "{what}: {:?}", r.body);
    assert_eq!(r.body["aplicado"], json!(true), "{what}: {:?}", r.body);
    r.body
}

/// Every file of topic `tema`'s package under the storage's `scorm/` folder (its key starts
/// `scorm<tema>-`; the demo company's own packages are left out).
pub fn stored_files(s: &TestServer, tema: i64) -> Vec<PathBuf> {
    fn walk(p: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(p) else {
            return;
        };
        for e in rd.flatten() {
            let path = e.path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    let prefix = format!("scorm{tema}-");
    let Ok(rd) = std::fs::read_dir(Path::new(&s.config.storage).join("scorm")) else {
        return out;
    };
    for e in rd.flatten() {
        if e.file_name().to_string_lossy().starts_with(&prefix) {
            walk(&e.path(), &mut out);
        }
    }
    out
}

/// `HHHH:MM:SS(.SS)` (SCORM 1.2 CMITimespan) or `HH:MM:SS` in seconds; None if malformed.
pub fn timespan_secs(t: &str) -> Option<f64> {
    let p: Vec<&str> = t.split(':').collect();
    if p.len() != 3 {
        return None;
    }
    let h: f64 = p[0].parse().ok()?;
    let m: f64 = p[1].parse().ok()?;
    let s: f64 = p[2].parse().ok()?;
    Some(h * 3600.0 + m * 60.0 + s)
}

/// An ISO 8601 duration (`PT1H2M3.5S`, `P1DT…`) in seconds; None if malformed.
pub fn iso_duration_secs(t: &str) -> Option<f64> {
    let rest = t.strip_prefix('P')?;
    let (date, time) = match rest.split_once('T') {
        Some((d, t)) => (d, t),
        None => (rest, ""),
    };
    let mut total = 0.0;
    let mut num = String::new();
    for c in date.chars() {
        if c.is_ascii_digit() || c == '.' {
            num.push(c);
        } else {
            let n: f64 = num.parse().ok()?;
            num.clear();
            total += n * match c {
                'Y' => 365.0 * 86400.0,
                'M' => 30.0 * 86400.0,
                'W' => 7.0 * 86400.0,
                'D' => 86400.0,
                _ => return None,
            };
        }
    }
    for c in time.chars() {
        if c.is_ascii_digit() || c == '.' {
            num.push(c);
        } else {
            let n: f64 = num.parse().ok()?;
            num.clear();
            total += n * match c {
                'H' => 3600.0,
                'M' => 60.0,
                'S' => 1.0,
                _ => return None,
            };
        }
    }
    if !num.is_empty() {
        return None;
    }
    Some(total)
}
