//! The rules of DESIGN.md "Data ownership", checked on the server's source:
//! every table has exactly one owning domain, declared in that domain's `db.rs` (or `db/`)
//! as `pub const TABLES`; SQL lives only in db files; only the owner writes its tables;
//! a db file reads another domain's tables only when its domain lists them in
//! `pub const READS` (list-screen table definitions and read models), and every entry of
//! that allow-list is used.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use regex::Regex;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// Files under `dir` ending in `.rs`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("readable source folder") {
            let p = e.expect("directory entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The string literals of a Rust source (plain and raw), with the line each starts on and
/// the code just before it (to tell a `TableDef`'s `from:` field). Comments are skipped.
fn string_literals(src: &str) -> Vec<(usize, String, String)> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line += 1;
            i += 1;
        } else if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                if b[i] == b'\n' {
                    line += 1;
                }
                i += 1;
            }
            i += 2;
        } else if c == b'\'' {
            // char literal or lifetime: skip 'x', '\n', '\'' and lifetimes alike
            if b.get(i + 1) == Some(&b'\\') {
                i += 2;
                while i < b.len() && b[i] != b'\'' {
                    i += 1;
                }
                i += 1;
            } else if b.get(i + 2) == Some(&b'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if c == b'r'
            && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&b'"') {
                i += 1;
                continue;
            }
            let start = j + 1;
            let close: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let end = src[start..]
                .find(&close)
                .map(|k| start + k)
                .unwrap_or(b.len());
            let before = src[back(src, i)..i].to_string();
            let text = src[start..end].to_string();
            let l = line;
            line += text.matches('\n').count();
            out.push((l, text, before));
            i = end + close.len();
        } else if c == b'"' {
            let start = i + 1;
            let mut j = start;
            while j < b.len() && b[j] != b'"' {
                if b[j] == b'\\' {
                    j += 1;
                }
                j += 1;
            }
            let before = src[back(src, i)..i].to_string();
            let text = src[start..j.min(b.len())].to_string();
            let l = line;
            line += text.matches('\n').count();
            out.push((l, text, before));
            i = j + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// A char boundary up to 40 bytes before `i`.
fn back(src: &str, i: usize) -> usize {
    let mut j = i.saturating_sub(40);
    while !src.is_char_boundary(j) {
        j += 1;
    }
    j
}

/// The tables the migrations create (and do not drop again).
fn migration_tables() -> BTreeSet<String> {
    let create = Regex::new(r"(?i)CREATE TABLE (?:IF NOT EXISTS )?([a-z_0-9]+)").expect("regex");
    let drop = Regex::new(r"(?i)DROP TABLE (?:IF EXISTS )?([a-z_0-9]+)").expect("regex");
    let dir = root().join("../migrations");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("migrations folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "sql"))
        .collect();
    names.sort();
    let mut tables = BTreeSet::new();
    for p in names {
        let sql = std::fs::read_to_string(&p).expect("migration text");
        for c in create.captures_iter(&sql) {
            tables.insert(c[1].to_lowercase());
        }
        for c in drop.captures_iter(&sql) {
            tables.remove(&c[1].to_lowercase());
        }
    }
    tables
}

/// The domain a db file belongs to: `server/src/<domain>/db.rs` or `server/src/<domain>/db/…`.
fn db_domain(rel: &str) -> Option<String> {
    let parts: Vec<&str> = rel.split('/').collect();
    match parts.as_slice() {
        [d, "db.rs"] => Some((*d).to_string()),
        [d, "db", ..] => Some((*d).to_string()),
        _ => None,
    }
}

/// Files that may hold SQL without being a domain's db file: the pools and the generic
/// table engine and its exporters (which run the domains' own list definitions and reports).
const INFRASTRUCTURE: &[&str] = &["db.rs", "table/mod.rs", "table/export.rs"];

fn const_list(src: &str, name: &str) -> Option<Vec<String>> {
    let re = Regex::new(&format!(r"(?s)pub const {name}: &\[&str\] = &\[(.*?)\];")).expect("regex");
    let lit = Regex::new(r#""([a-z_0-9]+)""#).expect("regex");
    re.captures(src)
        .map(|c| lit.captures_iter(&c[1]).map(|m| m[1].to_string()).collect())
}

struct Source {
    rel: String,
    text: String,
}

fn sources() -> Vec<Source> {
    let src = root().join("src");
    rust_files(&src)
        .into_iter()
        .map(|p| Source {
            rel: p
                .strip_prefix(&src)
                .expect("below src")
                .to_string_lossy()
                .replace('\\', "/"),
            text: std::fs::read_to_string(&p).expect("source text"),
        })
        .collect()
}

#[derive(Default)]
struct Declared {
    owner: BTreeMap<String, String>,
    reads: BTreeMap<String, BTreeSet<String>>,
    problems: Vec<String>,
}

fn declarations(files: &[Source], tables: &BTreeSet<String>) -> Declared {
    let mut d = Declared::default();
    for f in files {
        let Some(domain) = db_domain(&f.rel) else {
            continue;
        };
        if let Some(owned) = const_list(&f.text, "TABLES") {
            for t in owned {
                if !tables.contains(&t) {
                    d.problems.push(format!(
                        "{}: declares table `{t}`, which no migration creates",
                        f.rel
                    ));
                }
                if let Some(other) = d.owner.insert(t.clone(), domain.clone()) {
                    d.problems.push(format!(
                        "table `{t}` is declared by two domains: {other} and {domain}"
                    ));
                }
            }
        }
        if let Some(reads) = const_list(&f.text, "READS") {
            d.reads.entry(domain.clone()).or_default().extend(reads);
        }
    }
    for t in tables {
        if !d.owner.contains_key(t) {
            d.problems.push(format!(
                "table `{t}` has no owner: add it to one domain's `pub const TABLES`"
            ));
        }
    }
    d
}

/// Every breach of the ownership rules in `files`.
fn violations(files: &[Source]) -> Vec<String> {
    let tables = migration_tables();
    let decl = declarations(files, &tables);
    let mut out = decl.problems.clone();
    let write = Regex::new(
        r"(?i)\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)",
    )
    .expect("regex");
    let read = Regex::new(r"(?i)\b(?:FROM|JOIN)\s+([a-z_][a-z0-9_]*)").expect("regex");
    let sqlx_call = Regex::new(r"\bsqlx::query(?:_as|_scalar)?(?:_with)?\b").expect("regex");
    let mut used_reads: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files {
        let domain = db_domain(&f.rel);
        let infra = INFRASTRUCTURE.contains(&f.rel.as_str());
        if domain.is_none() && !infra {
            for (n, l) in f.text.lines().enumerate() {
                if sqlx_call.is_match(l) && !l.trim_start().starts_with("//") {
                    out.push(format!(
                        "{}:{}: runs SQL outside a db file (move it to the owner's db.rs)",
                        f.rel,
                        n + 1
                    ));
                }
            }
        }
        for (line, lit, before) in string_literals(&f.text) {
            // A list definition's `from:` starts with the table name itself.
            let sql =
                if before.trim_end().ends_with("from:") || before.trim_end().ends_with("Some(") {
                    format!("FROM {lit}")
                } else {
                    lit
                };
            let mut named = Vec::new();
            for c in write.captures_iter(&sql) {
                let t = c[1].to_lowercase();
                if tables.contains(&t) {
                    named.push((t, true));
                }
            }
            for c in read.captures_iter(&sql) {
                let t = c[1].to_lowercase();
                if tables.contains(&t) {
                    named.push((t, false));
                }
            }
            for (t, is_write) in named {
                let owner = decl.owner.get(&t).cloned().unwrap_or_default();
                match &domain {
                    _ if infra => {}
                    None => out.push(format!(
                        "{}:{line}: SQL on `{t}` outside a db file (owner: {owner})",
                        f.rel
                    )),
                    Some(d) if *d == owner => {}
                    Some(d) if is_write => out.push(format!(
                        "{}:{line}: writes `{t}`, which belongs to {owner}: call {owner}'s db functions",
                        f.rel
                    )),
                    Some(d) => {
                        if decl.reads.get(d).is_some_and(|r| r.contains(&t)) {
                            used_reads.entry(d.clone()).or_default().insert(t);
                        } else {
                            out.push(format!(
                                "{}:{line}: reads `{t}` of {owner} without declaring it in {d}'s READS",
                                f.rel
                            ));
                        }
                    }
                }
            }
        }
    }
    for (d, reads) in &decl.reads {
        for t in reads {
            match decl.owner.get(t) {
                Some(o) if o == d => out.push(format!("{d} lists its own table `{t}` in READS")),
                _ if !used_reads.get(d).is_some_and(|u| u.contains(t)) => out.push(format!(
                    "{d} declares READS `{t}` but no query of {d} reads it: remove it"
                )),
                _ => {}
            }
        }
    }
    out
}

#[test]
fn every_table_has_one_owner_and_only_its_owner_writes_it() {
    let found = violations(&sources());
    assert!(
        found.is_empty(),
        "{} breaches of DESIGN.md \"Data ownership\":\n{}",
        found.len(),
        found.join("\n")
    );
}

fn fixture(rel: &str, text: &str) -> Source {
    Source {
        rel: rel.into(),
        text: text.into(),
    }
}

#[test]
fn the_scanner_catches_a_foreign_write_a_foreign_read_and_sql_in_a_handler() {
    // Each deliberate breach below adds exactly its own report to whatever the tree has.
    let mut files = sources();
    let before = violations(&files).len();
    files.push(fixture(
        "topics/db/breach.rs",
        r#"const A: &str = "UPDATE empleados SET activo = 0";
           const B: &str = "SELECT 1 FROM sesiones";"#,
    ));
    files.push(fixture(
        "topics/handler_breach.rs",
        r#"async fn f() { sqlx::query("SELECT nombre_tema FROM temas"); }"#,
    ));
    let found = violations(&files);
    let new: Vec<&String> = found.iter().filter(|v| v.contains("breach")).collect();
    assert_eq!(found.len(), before + 4, "{found:#?}");
    assert!(
        new.iter().any(|v| v.contains("writes `empleados`")),
        "{new:#?}"
    );
    assert!(
        new.iter().any(|v| v.contains("reads `sesiones`")),
        "{new:#?}"
    );
    assert!(
        new.iter().any(|v| v.contains("runs SQL outside a db file")),
        "{new:#?}"
    );
    assert!(
        new.iter()
            .any(|v| v.contains("SQL on `temas` outside a db file")),
        "{new:#?}"
    );
}

#[test]
fn the_scanner_reads_list_definitions_and_raw_strings() {
    let lits = string_literals(
        "static T: TableDef = TableDef { from: \"temas t JOIN bloques b\", x: r#\"DELETE FROM \"q\" \"#, c: '\"' };",
    );
    assert_eq!(lits.len(), 2, "{lits:?}");
    assert!(lits[0].2.trim_end().ends_with("from:"));
    assert_eq!(lits[1].1, "DELETE FROM \"q\" ");
}

#[test]
fn a_table_declared_twice_or_by_nobody_is_reported() {
    let tables = migration_tables();
    let mut files = sources();
    files.push(fixture(
        "chat/db/twice.rs",
        r#"pub const TABLES: &[&str] = &["empleados", "no_such_table"];"#,
    ));
    let d = declarations(&files, &tables);
    assert!(
        d.problems
            .iter()
            .any(|p| p.contains("`empleados` is declared by two domains")),
        "{:#?}",
        d.problems
    );
    assert!(
        d.problems
            .iter()
            .any(|p| p.contains("`no_such_table`, which no migration creates")),
        "{:#?}",
        d.problems
    );
}
