//! SQL of the help assistant: full-text search over the help texts (the FTS5 index
//! `ayuda_fts` this domain owns, created with its triggers in migration 0023) and the screens
//! the sections lead to.

use sqlx::{AssertSqlSafe, FromRow, SqliteConnection};

use crate::i18n::Lang;

/// Ordinary tables this domain owns: none (its index is the virtual table `ayuda_fts`).
pub const TABLES: &[&str] = &[];
/// Tables of other domains it reads: the help texts and the sections' screens.
pub const READS: &[&str] = &["textos_ayuda", "secciones"];

/// A help text found, in the asked language (Spanish where it has no translation).
#[derive(FromRow, Debug, Clone)]
pub struct Hallazgo {
    pub clave: String,
    pub titulo: String,
    pub contenido: String,
}

/// The help texts best matching an FTS5 query over one language's columns, best first.
pub async fn search(
    conn: &mut SqliteConnection,
    lang: Lang,
    query: &str,
    limit: i64,
) -> sqlx::Result<Vec<Hallazgo>> {
    let (cols, titulo, contenido) = match lang {
        Lang::Es => ("{titulo contenido}", "t.titulo", "t.contenido"),
        Lang::En => (
            "{titulo_ingles contenido_ingles}",
            "COALESCE(NULLIF(t.titulo_ingles, ''), t.titulo)",
            "COALESCE(NULLIF(t.contenido_ingles, ''), t.contenido)",
        ),
        Lang::Pt => (
            "{titulo_portugues contenido_portugues}",
            "COALESCE(NULLIF(t.titulo_portugues, ''), t.titulo)",
            "COALESCE(NULLIF(t.contenido_portugues, ''), t.contenido)",
        ),
    };
    // Titles weigh five times the text.
    sqlx::query_as::<_, Hallazgo>(AssertSqlSafe(format!(
        "SELECT t.clave, {titulo} AS titulo, {contenido} AS contenido
         FROM ayuda_fts f JOIN textos_ayuda t ON t.id_traduccion = f.rowid
         WHERE ayuda_fts MATCH ? AND t.status = 1
         ORDER BY bm25(ayuda_fts, 5.0, 1.0, 5.0, 1.0, 5.0, 1.0), t.id_traduccion
         LIMIT ?"
    )))
    .bind(format!("{cols} : ({query})"))
    .bind(limit)
    .fetch_all(&mut *conn)
    .await
}

/// The sections whose screen is `ruta`.
pub async fn sections_of_route(
    conn: &mut SqliteConnection,
    ruta: &str,
) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT clave FROM secciones WHERE ruta = ? COLLATE NOCASE")
        .bind(ruta)
        .fetch_all(&mut *conn)
        .await
}
