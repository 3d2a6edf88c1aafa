//! The server's message catalogue is complete and has no dead entries: every error code
//! the source uses has an es, en and pt text in `server/src/i18n.rs`, and every entry
//! there is used by some code path.
//!
//! A code is `namespace.key` (`validacion.curp`, `duplicado.num_empleado`). The scan
//! finds them in two ways, so that neither a new call shape nor a new namespace slips
//! through: (1) every string literal in the argument list of a call that takes a code
//! (AppError constructors, FieldErrors `check`/`add`, import row errors, socket refusals,
//! `i18n::message`…) and (2) every string literal, anywhere in server/src, whose
//! namespace is one that codes use (which catches codes returned from helpers, kept in
//! tables or chosen by a `match`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use aula::i18n::{Lang, codes, message};

/// One string literal of the source: file, line and text.
#[derive(Debug, Clone)]
struct Literal {
    file: String,
    line: usize,
    /// Byte span of the whole literal, quotes included.
    start: usize,
    end: usize,
    text: String,
}

/// The part of a file before its unit-test module.
fn without_tests(src: &str) -> &str {
    src.find("#[cfg(test)]\nmod ").map_or(src, |i| &src[..i])
}

/// The string literals of a Rust source, with comments skipped and everything from the
/// first `#[cfg(test)]` on left out (unit tests mention codes without using them).
fn literals(file: &str, src: &str) -> Vec<Literal> {
    let src = without_tests(src);
    let b = src.as_bytes();
    let line_of = |i: usize| src[..i].bytes().filter(|&c| c == b'\n').count() + 1;
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            // A char literal ('"', '\'') — not a lifetime, which has no closing quote.
            b'\'' if b.get(i + 2) == Some(&b'\'') => i += 3,
            b'\'' if b.get(i + 1) == Some(&b'\\') => {
                i += 2;
                while i < b.len() && b[i] != b'\'' {
                    i += 1;
                }
                i += 1;
            }
            b'r' if (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
                && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) =>
            {
                let mut j = i + 1;
                let mut hashes = 0;
                while b.get(j) == Some(&b'#') {
                    hashes += 1;
                    j += 1;
                }
                if b.get(j) != Some(&b'"') {
                    i = j;
                    continue;
                }
                let close = format!("\"{}", "#".repeat(hashes));
                let body = j + 1;
                let end = src[body..].find(&close).map_or(b.len(), |e| body + e);
                out.push(Literal {
                    file: file.to_string(),
                    line: line_of(i),
                    start: i,
                    end: end + close.len(),
                    text: src[body..end].to_string(),
                });
                i = end + close.len();
            }
            b'"' => {
                let body = i + 1;
                let mut j = body;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                out.push(Literal {
                    file: file.to_string(),
                    line: line_of(i),
                    start: i,
                    end: j + 1,
                    text: src[body..j.min(b.len())].to_string(),
                });
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// File extensions: `archivo.xlsx` is a default file name, not a code.
const FILE_EXTENSIONS: &[&str] = &[
    "xlsx", "xls", "csv", "png", "jpg", "jpeg", "gif", "webp", "pdf", "html", "js", "json", "db",
    "zip", "txt",
];

/// The code a literal carries: all of it, or the part before `|` of an import row
/// error's `code|detail` (`format!("carga.lote_fallido|{}", …)`).
fn code_of(text: &str) -> &str {
    text.split('|').next().unwrap_or(text)
}

/// Whether a literal has the shape of a message code: `namespace.key[.more]`.
fn code_shaped(text: &str) -> bool {
    let text = code_of(text);
    let mut parts = text.split('.');
    let first = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    let word = |p: &str| {
        !p.is_empty()
            && p.bytes()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_')
    };
    first.bytes().next().is_some_and(|c| c.is_ascii_lowercase())
        && word(first)
        && !rest.is_empty()
        && rest.iter().all(|p| word(p))
        && !rest.last().is_some_and(|ext| FILE_EXTENSIONS.contains(ext))
}

fn namespace(code: &str) -> &str {
    code.split('.').next().unwrap_or(code)
}

/// Calls that take a code: the code is the last code-shaped literal of their arguments
/// (`check(ok, "keys.p256dh", "push.llaves")` has a dotted field name before it).
const CODE_CALLS: &[&str] = &[
    "AppError::new(",
    "AppError::bad_request(",
    "AppError::unauthorized(",
    "AppError::forbidden(",
    "AppError::conflict(",
    "AppError::unprocessable(",
    ".check(",
    ".add(",
    "err(",
    "Refused(",
    "session_ended(",
    "message(",
];

/// Codes passed directly to a code-taking call, found by matching its parentheses.
fn call_codes(src: &str, lits: &[Literal]) -> Vec<Literal> {
    let src = without_tests(src);
    // The end of the literal `pos` is in, if it is in one (`lits` is in source order).
    let in_literal = |pos: usize| {
        let i = lits.partition_point(|l| l.start <= pos);
        i.checked_sub(1)
            .map(|i| &lits[i])
            .filter(|l| pos < l.end)
            .map(|l| l.end)
    };
    let mut found = Vec::new();
    for call in CODE_CALLS {
        let mut from = 0;
        while let Some(at) = src[from..].find(call) {
            let start = from + at;
            let open = start + call.len();
            from = open;
            // `err(` must be the whole name, not the tail of `map_err(`.
            let before = src[..start].bytes().next_back();
            let glued = before.is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_');
            if (glued && !call.starts_with(['.', 'A'])) || in_literal(start).is_some() {
                continue;
            }
            let (mut depth, mut j) = (1, open);
            while j < src.len() && depth > 0 {
                if let Some(after) = in_literal(j) {
                    j = after;
                    continue;
                }
                match src.as_bytes()[j] {
                    b'(' => depth += 1,
                    b')' => depth -= 1,
                    _ => {}
                }
                j += 1;
            }
            if let Some(last) = lits
                .iter()
                .rev()
                .find(|l| l.start >= open && l.start < j && code_shaped(&l.text))
            {
                found.push(last.clone());
            }
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("source dir")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every code the source uses, with where it is used; the catalogue file itself is not
/// a use.
fn used_codes(sources: &[(String, String)], catalogue: &[&str]) -> BTreeMap<String, Vec<String>> {
    let mut namespaces: BTreeSet<String> =
        catalogue.iter().map(|c| namespace(c).to_string()).collect();
    let mut used: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut all = Vec::new();
    for (file, src) in sources {
        let lits = literals(file, src);
        for l in call_codes(src, &lits) {
            let code = code_of(&l.text);
            namespaces.insert(namespace(code).to_string());
            used.entry(code.to_string())
                .or_default()
                .push(format!("{}:{}", l.file, l.line));
        }
        all.extend(lits);
    }
    for l in all {
        let code = code_of(&l.text);
        if code_shaped(code) && namespaces.contains(namespace(code)) {
            let at = format!("{}:{}", l.file, l.line);
            let places = used.entry(code.to_string()).or_default();
            if !places.contains(&at) {
                places.push(at);
            }
        }
    }
    used
}

fn server_sources() -> Vec<(String, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files
        .into_iter()
        .filter(|p| !p.ends_with("src/i18n.rs"))
        .map(|p| {
            let rel = p
                .strip_prefix(&root)
                .unwrap_or(&p)
                .to_string_lossy()
                .into_owned();
            let src = std::fs::read_to_string(&p).expect("readable source");
            (rel, src)
        })
        .collect()
}

/// The codes of `used` that have no text in one of the three languages, as report lines.
fn missing_texts(used: &BTreeMap<String, Vec<String>>, catalogue: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for (code, places) in used {
        let langs: Vec<&str> = [(Lang::Es, "es"), (Lang::En, "en"), (Lang::Pt, "pt")]
            .into_iter()
            .filter(|(l, _)| {
                !catalogue.contains(&code.as_str()) || message(code, *l, &[]).trim().is_empty()
            })
            .map(|(_, n)| n)
            .collect();
        if !langs.is_empty() {
            out.push(format!(
                "{code} (no {} text) used at {}",
                langs.join("/"),
                places.join(", ")
            ));
        }
    }
    out
}

#[test]
fn every_code_the_server_uses_has_a_text_in_es_en_and_pt() {
    let catalogue = codes();
    let used = used_codes(&server_sources(), catalogue);
    // The scan must see the codes every layer uses, or it would pass by finding nothing.
    for known in [
        "validacion.curp",
        "duplicado.num_empleado",
        "http.no_encontrado",
        "auth.sesion_reemplazada",
        "carga.no_es_hoja",
    ] {
        assert!(used.contains_key(known), "the scan missed {known}");
    }
    let missing = missing_texts(&used, catalogue);
    assert!(
        missing.is_empty(),
        "{} code(s) without a complete message in server/src/i18n.rs:\n  {}",
        missing.len(),
        missing.join("\n  ")
    );
}

#[test]
fn every_catalogue_entry_is_used_by_the_server() {
    let catalogue = codes();
    let used = used_codes(&server_sources(), catalogue);
    let dead: Vec<&str> = catalogue
        .iter()
        .copied()
        .filter(|c| !used.contains_key(*c))
        .collect();
    assert!(
        dead.is_empty(),
        "{} catalogue entr(ies) in server/src/i18n.rs that no code uses: {dead:?}",
        dead.len()
    );
}

#[test]
fn the_catalogue_has_each_code_once_with_three_different_texts_per_language() {
    let catalogue = codes();
    let unique: BTreeSet<&str> = catalogue.iter().copied().collect();
    assert_eq!(unique.len(), catalogue.len(), "a code is catalogued twice");
    for code in catalogue {
        let (es, en, pt) = (
            message(code, Lang::Es, &[]),
            message(code, Lang::En, &[]),
            message(code, Lang::Pt, &[]),
        );
        assert!(
            !es.trim().is_empty() && !en.trim().is_empty() && !pt.trim().is_empty(),
            "{code} has an empty text"
        );
        assert!(
            en != es && pt != es,
            "{code} is not translated: {es:?} / {en:?} / {pt:?}"
        );
    }
}

#[test]
fn the_scan_finds_codes_in_every_call_shape_and_skips_comments_and_file_names() {
    let src = r##"
fn f(fe: &mut FieldErrors) -> AppResult<()> {
    // AppError::bad_request("comentario.ignorado")
    fe.check(x.len() > (1 + 2), "keys.p256dh", "nuevo.campo");
    fe.add("curp", "validacion.curp");
    let code = if a { "validacion.rfc" } else { "otro.no_codigo" };
    let name = "archivo.xlsx";
    let c = '"';
    rows.push(err("curp", &v, "fila.invalida"));
    let _ = s.map_err(|e| x("nada.aqui"));
    Err(AppError::new(StatusCode::CONFLICT, "conflicto.nuevo"))?;
    let motivo = format!("validacion.lote|{}", e.code);
    Err(Refused("socket.rechazo"))
}
#[cfg(test)]
mod tests { fn t() { assert_eq!(c, "validacion.solo_en_tests"); } }
"##;
    let sources = vec![("src/x.rs".to_string(), src.to_string())];
    let used = used_codes(&sources, &["validacion.curp"]);
    let found: BTreeSet<&str> = used.keys().map(String::as_str).collect();
    let expected: BTreeSet<&str> = [
        "nuevo.campo",
        "validacion.curp",
        "validacion.rfc",
        "fila.invalida",
        "conflicto.nuevo",
        "socket.rechazo",
        "validacion.lote",
    ]
    .into_iter()
    .collect();
    assert_eq!(found, expected);
    assert_eq!(used["validacion.rfc"], vec!["src/x.rs:6"]);
    // A code without an entry is reported with its place.
    let missing = missing_texts(&used, &["validacion.curp"]);
    assert!(
        missing.contains(&"nuevo.campo (no es/en/pt text) used at src/x.rs:4".to_string()),
        "{missing:?}"
    );
}
