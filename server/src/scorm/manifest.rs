//! `imsmanifest.xml`: the version, the default organization's table of contents and the
//! resources each item launches. Parsed with roxmltree with DTDs refused, so no entity is
//! ever expanded or fetched (external entities, billion laughs).

use std::collections::{HashMap, HashSet};

use roxmltree::{Document, Node, ParsingOptions};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{AppError, AppResult};

/// Largest manifest read.
pub const MAX_MANIFEST: u64 = 5 * 1024 * 1024;
/// Most XML nodes a manifest may have.
const MAX_NODES: u32 = 200_000;

/// SCORM 1.2 or 2004.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    V12,
    V2004,
}

impl Version {
    pub fn as_str(self) -> &'static str {
        match self {
            Version::V12 => "1.2",
            Version::V2004 => "2004",
        }
    }

    pub fn parse(s: &str) -> Version {
        if s == "1.2" {
            Version::V12
        } else {
            Version::V2004
        }
    }
}

/// One entry of the table of contents.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Item {
    /// The item's identifier in the manifest.
    pub id: String,
    pub titulo: String,
    /// Depth in the tree (0 = top).
    pub nivel: u32,
    /// What it launches, relative to the package root (with its parameters); None for a folder.
    pub href: Option<String>,
    /// A SCO (talks to the run-time API); assets do not.
    pub sco: bool,
    /// SCORM 1.2 `adlcp:masteryscore` (0–100).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dominio: Option<f64>,
    /// SCORM 2004 primary objective's `minNormalizedMeasure` (−1..1) when satisfied by measure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aprobacion_escalada: Option<f64>,
    /// `adlcp:datafromlms` / `adlcp:dataFromLMS` (cmi.launch_data).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub datos_lms: Option<String>,
    /// SCORM 2004 `adlcp:completionThreshold` (0..1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub umbral_completado: Option<f64>,
}

/// What a manifest says.
#[derive(Clone, Debug, PartialEq)]
pub struct Manifiesto {
    pub version: Version,
    /// "2" | "3" | "4": the 2004 edition (as the schema version says).
    pub edicion: Option<String>,
    pub titulo: String,
    pub items: Vec<Item>,
}

impl Manifiesto {
    /// The items that can be launched.
    pub fn lanzables(&self) -> impl Iterator<Item = &Item> {
        self.items.iter().filter(|i| i.href.is_some())
    }
}

fn invalido(detalle: impl Into<String>) -> AppError {
    let d: String = detalle.into();
    AppError::unprocessable("scorm.manifiesto_invalido")
        .arg("detalle", d.chars().take(200).collect::<String>())
}

/// The local name of an attribute, whatever its namespace prefix.
fn attr<'a>(n: Node<'a, '_>, local: &str) -> Option<&'a str> {
    n.attributes()
        .find(|a| a.name().eq_ignore_ascii_case(local))
        .map(|a| a.value())
}

fn xml_base<'a>(n: Node<'a, '_>) -> Option<&'a str> {
    n.attributes()
        .find(|a| {
            a.name() == "base" && a.namespace() == Some("http://www.w3.org/XML/1998/namespace")
        })
        .map(|a| a.value())
}

fn child<'a, 'i>(n: Node<'a, 'i>, local: &str) -> Option<Node<'a, 'i>> {
    n.children()
        .find(|c| c.is_element() && c.tag_name().name().eq_ignore_ascii_case(local))
}

fn children<'a, 'i>(n: Node<'a, 'i>, local: &'static str) -> impl Iterator<Item = Node<'a, 'i>> {
    n.children()
        .filter(move |c| c.is_element() && c.tag_name().name().eq_ignore_ascii_case(local))
}

fn text_of(n: Option<Node<'_, '_>>) -> Option<String> {
    let t: String = n?
        .descendants()
        .filter(|d| d.is_text())
        .filter_map(|d| d.text())
        .collect();
    let t = t.trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// A `<title>` (2004 may wrap it in langstring elements).
fn titulo(n: Node<'_, '_>) -> Option<String> {
    text_of(child(n, "title"))
}

/// The version: `<schemaversion>` when present, else the adlcp namespace.
fn version_of(doc: &Document<'_>) -> AppResult<(Version, Option<String>)> {
    let root = doc.root_element();
    let schema = child(root, "metadata")
        .and_then(|m| text_of(child(m, "schemaversion")))
        .unwrap_or_default();
    let s = schema.to_ascii_lowercase();
    if s == "1.2" {
        return Ok((Version::V12, None));
    }
    if s.contains("2004") || s.contains("cam 1.3") {
        let edicion = if s.contains("4th") {
            "4"
        } else if s.contains("3rd") {
            "3"
        } else {
            "2"
        };
        return Ok((Version::V2004, Some(edicion.into())));
    }
    let namespaces: Vec<&str> = doc
        .descendants()
        .flat_map(|n| n.namespaces().map(|ns| ns.uri()).collect::<Vec<_>>())
        .collect();
    if namespaces.iter().any(|u| u.contains("adlcp_rootv1p2")) {
        return Ok((Version::V12, None));
    }
    if namespaces.iter().any(|u| u.contains("adlcp_v1p3")) {
        return Ok((Version::V2004, Some("2".into())));
    }
    Err(AppError::unprocessable("scorm.version_desconocida"))
}

struct Recurso {
    href: Option<String>,
    sco: bool,
}

/// Joins xml:base prefixes and a href, as the manifest's resolution rules say.
fn join(bases: &[&str], href: &str) -> String {
    let mut out = String::new();
    for b in bases {
        out.push_str(b);
        if !out.is_empty() && !out.ends_with('/') {
            out.push('/');
        }
    }
    out.push_str(href);
    out
}

/// Parses a manifest. `archivos` are the package's file paths (normalised, `/`-separated):
/// every launch must name one of them.
pub fn parse(xml: &str, archivos: &HashSet<String>) -> AppResult<Manifiesto> {
    let options = ParsingOptions {
        allow_dtd: false,
        nodes_limit: MAX_NODES,
        ..ParsingOptions::default()
    };
    let doc = Document::parse_with_options(xml, options).map_err(|e| match e {
        roxmltree::Error::DtdDetected | roxmltree::Error::EntityReferenceLoop(_) => {
            AppError::unprocessable("scorm.manifiesto_dtd")
        }
        roxmltree::Error::UnknownEntityReference(..) => {
            AppError::unprocessable("scorm.manifiesto_dtd")
        }
        other => invalido(other.to_string()),
    })?;
    let root = doc.root_element();
    if !root.tag_name().name().eq_ignore_ascii_case("manifest") {
        return Err(invalido("the root element is not <manifest>"));
    }
    let (version, edicion) = version_of(&doc)?;
    let manifest_base = xml_base(root);
    let mut recursos: HashMap<String, Recurso> = HashMap::new();
    if let Some(rs) = child(root, "resources") {
        let rs_base = xml_base(rs);
        for r in children(rs, "resource") {
            let Some(id) = attr(r, "identifier") else {
                continue;
            };
            let tipo = attr(r, "scormtype").unwrap_or("asset");
            let bases: Vec<&str> = [manifest_base, rs_base, xml_base(r)]
                .into_iter()
                .flatten()
                .collect();
            let href = attr(r, "href").map(|h| join(&bases, h));
            recursos.insert(
                id.to_string(),
                Recurso {
                    href,
                    sco: tipo.eq_ignore_ascii_case("sco"),
                },
            );
        }
    }
    let orgs = child(root, "organizations").ok_or_else(|| invalido("no <organizations>"))?;
    let default = attr(orgs, "default");
    let org = children(orgs, "organization")
        .find(|o| default.is_some() && attr(*o, "identifier") == default)
        .or_else(|| children(orgs, "organization").next())
        .ok_or_else(|| invalido("no <organization>"))?;
    let mut items = Vec::new();
    for it in children(org, "item") {
        walk(it, 0, &recursos, archivos, &mut items)?;
    }
    if !items.iter().any(|i| i.href.is_some()) {
        return Err(invalido("no item launches a resource"));
    }
    let titulo = titulo(org)
        .or_else(|| items.first().map(|i| i.titulo.clone()))
        .unwrap_or_else(|| "SCORM".into());
    Ok(Manifiesto {
        version,
        edicion,
        titulo: titulo.chars().take(300).collect(),
        items,
    })
}

fn number(n: Option<Node<'_, '_>>) -> Option<f64> {
    text_of(n)
        .and_then(|t| t.parse::<f64>().ok())
        .filter(|v| v.is_finite())
}

fn walk(
    it: Node<'_, '_>,
    nivel: u32,
    recursos: &HashMap<String, Recurso>,
    archivos: &HashSet<String>,
    out: &mut Vec<Item>,
) -> AppResult<()> {
    if nivel > 20 || out.len() > 5000 {
        return Err(invalido("the table of contents is too deep or too long"));
    }
    let id = attr(it, "identifier")
        .ok_or_else(|| invalido("an <item> has no identifier"))?
        .to_string();
    let visible = attr(it, "isvisible").is_none_or(|v| v != "false");
    let (href, sco) = match attr(it, "identifierref") {
        Some(r) => {
            let rec = recursos
                .get(r)
                .ok_or_else(|| invalido(format!("item {id} names the unknown resource {r}")))?;
            let h = rec
                .href
                .as_deref()
                .ok_or_else(|| invalido(format!("resource {r} has no href")))?;
            let h = with_parameters(h, attr(it, "parameters"));
            check_launch(&h, archivos)?;
            (Some(h), rec.sco)
        }
        None => (None, false),
    };
    let seq = child(it, "sequencing");
    let aprobacion_escalada = seq
        .and_then(|s| child(s, "objectives"))
        .and_then(|o| child(o, "primaryObjective"))
        .filter(|p| attr(*p, "satisfiedByMeasure") == Some("true"))
        .and_then(|p| number(child(p, "minNormalizedMeasure")));
    let umbral = child(it, "completionThreshold").and_then(|c| {
        number(Some(c)).or_else(|| attr(c, "minProgressMeasure").and_then(|v| v.parse().ok()))
    });
    if visible || href.is_some() {
        out.push(Item {
            titulo: titulo(it)
                .unwrap_or_else(|| id.clone())
                .chars()
                .take(300)
                .collect(),
            id,
            nivel,
            href,
            sco,
            dominio: number(child(it, "masteryscore")).map(|v| v.clamp(0.0, 100.0)),
            aprobacion_escalada: aprobacion_escalada.map(|v| v.clamp(-1.0, 1.0)),
            datos_lms: text_of(child(it, "datafromlms")).map(|d| d.chars().take(4096).collect()),
            umbral_completado: umbral.map(|v| v.clamp(0.0, 1.0)),
        });
    }
    for c in children(it, "item") {
        walk(c, nivel + 1, recursos, archivos, out)?;
    }
    Ok(())
}

/// Appends an item's `parameters` to its resource's href (SCORM CAM: `?`/`#` kept, else `?`).
fn with_parameters(href: &str, parameters: Option<&str>) -> String {
    let Some(p) = parameters.map(str::trim).filter(|p| !p.is_empty()) else {
        return href.to_string();
    };
    let p = p.trim_start_matches(['?', '&']);
    if parameters.is_some_and(|x| x.trim().starts_with('#')) {
        return format!("{href}{}", parameters.unwrap_or_default().trim());
    }
    if href.contains('?') {
        format!("{href}&{p}")
    } else {
        format!("{href}?{p}")
    }
}

/// The file part of a launch href, normalised; it must be a file of the package.
fn check_launch(href: &str, archivos: &HashSet<String>) -> AppResult<()> {
    let fuera = || {
        AppError::unprocessable("scorm.lanzamiento_fuera")
            .arg("ruta", href.chars().take(200).collect::<String>())
    };
    let path = href.split(['?', '#']).next().unwrap_or("");
    if path.contains("://") || path.starts_with('/') || path.starts_with('\\') || path.contains(':')
    {
        return Err(fuera());
    }
    let decoded = percent_decode(path);
    let normal = normalise(&decoded).ok_or_else(fuera)?;
    if !archivos.contains(&normal) {
        return Err(fuera());
    }
    Ok(())
}

/// `a/./b/../c` → `a/c`; None when it climbs out of the root.
pub fn normalise(path: &str) -> Option<String> {
    let mut parts: Vec<&str> = Vec::new();
    for p in path.split(['/', '\\']) {
        match p {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            other => parts.push(other),
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}

/// Decodes `%XX` escapes (invalid ones are kept as they are).
pub fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push(h * 16 + l);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(list: &[&str]) -> HashSet<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    const M12: &str = r#"<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Montacargas</title>
    <item identifier="i1" identifierref="r1" parameters="?modo=1"><title>Lección</title><adlcp:masteryscore>80</adlcp:masteryscore></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="sco/index.html"/></resources>
</manifest>"#;

    #[test]
    fn a_scorm_12_manifest_gives_its_launch_and_mastery() {
        let m = parse(M12, &files(&["sco/index.html", "imsmanifest.xml"])).expect("parses");
        assert_eq!(m.version, Version::V12);
        assert_eq!(m.titulo, "Montacargas");
        assert_eq!(m.items.len(), 1);
        assert_eq!(m.items[0].href.as_deref(), Some("sco/index.html?modo=1"));
        assert!(m.items[0].sco);
        assert_eq!(m.items[0].dominio, Some(80.0));
    }

    #[test]
    fn a_launch_file_outside_or_missing_is_refused() {
        let e = parse(M12, &files(&["otra.html"])).expect_err("missing file");
        assert_eq!(e.code, "scorm.lanzamiento_fuera");
        let out = M12.replace("sco/index.html", "../fuera.html");
        let e = parse(&out, &files(&["fuera.html"])).expect_err("outside");
        assert_eq!(e.code, "scorm.lanzamiento_fuera");
        let abs = M12.replace("sco/index.html", "https://ejemplo.com/x.html");
        assert_eq!(
            parse(&abs, &files(&[])).expect_err("absolute").code,
            "scorm.lanzamiento_fuera"
        );
    }

    #[test]
    fn dtds_and_entities_are_refused() {
        let xxe = format!(
            "<?xml version=\"1.0\"?><!DOCTYPE m [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>{}",
            M12.trim_start_matches("<?xml version=\"1.0\"?>")
                .replace("Montacargas", "&x;")
        );
        assert_eq!(
            parse(&xxe, &files(&["sco/index.html"]))
                .expect_err("xxe")
                .code,
            "scorm.manifiesto_dtd"
        );
        let lol = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;\">]><manifest>&lol2;</manifest>";
        assert_eq!(
            parse(lol, &files(&[])).expect_err("laughs").code,
            "scorm.manifiesto_dtd"
        );
    }

    #[test]
    fn a_2004_multi_sco_manifest_keeps_its_tree() {
        let xml = r#"<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>NOM-035</title>
    <item identifier="m1"><title>Módulo</title>
      <item identifier="a" identifierref="ra"><title>Lección</title></item>
      <item identifier="b" identifierref="rb"><title>Evaluación</title>
        <imsss:sequencing><imsss:objectives><imsss:primaryObjective objectiveID="p" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure></imsss:primaryObjective></imsss:objectives></imsss:sequencing>
      </item>
    </item>
  </organization></organizations>
  <resources xml:base="contenido/">
    <resource identifier="ra" type="webcontent" adlcp:scormType="sco" href="a.html"/>
    <resource identifier="rb" type="webcontent" adlcp:scormType="sco" href="b.html"/>
  </resources>
</manifest>"#;
        let m = parse(xml, &files(&["contenido/a.html", "contenido/b.html"])).expect("parses");
        assert_eq!(m.version, Version::V2004);
        assert_eq!(m.edicion.as_deref(), Some("4"));
        let ids: Vec<(&str, u32, bool)> = m
            .items
            .iter()
            .map(|i| (i.id.as_str(), i.nivel, i.href.is_some()))
            .collect();
        assert_eq!(ids, vec![("m1", 0, false), ("a", 1, true), ("b", 1, true)]);
        assert_eq!(m.items[2].aprobacion_escalada, Some(0.8));
        assert_eq!(m.lanzables().count(), 2);
    }

    #[test]
    fn malformed_xml_and_unknown_versions_are_clear_errors() {
        assert_eq!(
            parse("<manifest><organizations>", &files(&[]))
                .expect_err("bad")
                .code,
            "scorm.manifiesto_invalido"
        );
        assert_eq!(
            parse("<manifest><organizations/></manifest>", &files(&[]))
                .expect_err("no version")
                .code,
            "scorm.version_desconocida"
        );
    }

    #[test]
    fn paths_normalise_without_climbing_out() {
        assert_eq!(normalise("a/./b/../c.html").as_deref(), Some("a/c.html"));
        assert_eq!(normalise("../x"), None);
        assert_eq!(
            percent_decode("mi%20curso/%C3%ADndice.html"),
            "mi curso/índice.html"
        );
    }
}
