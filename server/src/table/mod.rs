//! The generic table engine behind every list screen: server paging, whitelisted
//! sorting and per-column filters, select options, and xlsx/CSV export of the whole
//! filtered result. Column SQL comes only from each endpoint's static definition;
//! user input is only ever bound as a parameter.

pub mod export;
mod pdf;

use std::collections::BTreeMap;

use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use sqlx::sqlite::SqliteRow;
use sqlx::{AssertSqlSafe, Row};
use utoipa::ToSchema;

use crate::error::{AppError, AppResult};
use crate::state::AppState;
use crate::validate::fold;

/// Page sizes the table offers.
pub const PAGE_SIZES: [i64; 4] = [10, 20, 50, 100];
/// Text filters apply only when longer than this (or empty).
pub const TEXT_FILTER_MIN: usize = 4;
/// Most rows one export may hold.
pub const EXPORT_MAX_ROWS: i64 = 1_000_000;

/// How a column is read from SQL and written to JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Int,
    Real,
    Text,
}

/// How a column may be filtered.
#[derive(Clone, Copy, Debug)]
pub enum Filter {
    None,
    /// `LIKE %value%` on this expression; `folded` means the expression holds
    /// lower-case accent-free text and the value is folded the same way.
    Text {
        expr: &'static str,
        folded: bool,
    },
    /// Equality on this expression, options from a query answering (value, label).
    Select {
        expr: &'static str,
        options_sql: &'static str,
    },
    /// Equality with fixed options.
    Fixed {
        expr: &'static str,
        options: &'static [(&'static str, &'static str)],
    },
}

/// One column of a table definition.
#[derive(Clone, Copy, Debug)]
pub struct Column {
    pub nomfield: &'static str,
    pub title: &'static str,
    pub expr: &'static str,
    pub kind: Kind,
    pub filter: Filter,
    pub sortable: bool,
}

/// How a table counts its rows for the pager.
#[derive(Clone, Copy, Debug)]
pub enum Conteo {
    /// `COUNT(*)` over `from`, run alongside the page.
    Aparte,
    /// `COUNT(*)` over a cheaper FROM, when every filter and condition of the endpoint
    /// uses only the base table (joins are then only needed for the page's columns).
    Desde(&'static str),
    /// `from` is an aggregate: the page counts its own groups (`COUNT(*) OVER ()`), so the
    /// aggregate runs once instead of twice.
    EnPagina,
}

/// A table endpoint's whitelist.
pub struct TableDef {
    /// Name used in messages and export file names.
    pub name: &'static str,
    /// `FROM … JOIN …` part.
    pub from: &'static str,
    /// How the total of rows is counted.
    pub count: Conteo,
    pub columns: &'static [Column],
    /// Expression the date-range filter applies to, when the table has one.
    pub date_expr: Option<&'static str>,
    /// ORDER BY used without a requested order; also the tie-breaker.
    pub default_order: &'static str,
    pub key: &'static str,
}

/// SI/NO options of flag columns.
pub const SI_NO: &[(&str, &str)] = &[("1", "SI"), ("0", "NO")];

impl Column {
    /// A sortable text column with a text filter on the same expression.
    pub const fn text(nomfield: &'static str, title: &'static str, expr: &'static str) -> Column {
        Column {
            nomfield,
            title,
            expr,
            kind: Kind::Text,
            filter: Filter::Text {
                expr,
                folded: false,
            },
            sortable: true,
        }
    }

    /// A sortable number column without filter.
    pub const fn int(nomfield: &'static str, title: &'static str, expr: &'static str) -> Column {
        Column {
            nomfield,
            title,
            expr,
            kind: Kind::Int,
            filter: Filter::None,
            sortable: true,
        }
    }

    /// A 1/0 column shown SI/NO with a select filter.
    pub const fn flag(nomfield: &'static str, title: &'static str, expr: &'static str) -> Column {
        Column {
            nomfield,
            title,
            expr,
            kind: Kind::Int,
            filter: Filter::Fixed {
                expr,
                options: SI_NO,
            },
            sortable: true,
        }
    }

    /// A column shown as it is: no filter, no sorting.
    pub const fn plain(
        nomfield: &'static str,
        title: &'static str,
        expr: &'static str,
        kind: Kind,
    ) -> Column {
        Column {
            nomfield,
            title,
            expr,
            kind,
            filter: Filter::None,
            sortable: false,
        }
    }

    /// A sortable column without a filter (dates, computed figures).
    pub const fn sorted(
        nomfield: &'static str,
        title: &'static str,
        expr: &'static str,
        kind: Kind,
    ) -> Column {
        Column {
            nomfield,
            title,
            expr,
            kind,
            filter: Filter::None,
            sortable: true,
        }
    }

    /// A column with fixed options.
    pub const fn fixed(
        nomfield: &'static str,
        title: &'static str,
        expr: &'static str,
        kind: Kind,
        options: &'static [(&'static str, &'static str)],
    ) -> Column {
        Column {
            nomfield,
            title,
            expr,
            kind,
            filter: Filter::Fixed { expr, options },
            sortable: true,
        }
    }
}

/// A column filter sent by the client.
#[derive(Deserialize, ToSchema, Clone, Debug)]
pub struct ColumnFilter {
    #[serde(default)]
    pub column: Option<String>,
    pub nomfield: String,
    #[serde(default)]
    pub input: serde_json::Value,
}

/// The table query body (spec: Table query).
#[derive(Deserialize, ToSchema, Debug)]
pub struct TableQuery {
    #[serde(default = "one")]
    pub page: i64,
    #[serde(default)]
    pub fecha_inicial: Option<String>,
    #[serde(default)]
    pub fecha_final: Option<String>,
    #[serde(default)]
    pub columns_with_selects: Vec<ColumnFilter>,
    #[serde(default)]
    pub order: Option<String>,
    #[serde(default)]
    pub ordertype: Option<String>,
    #[serde(default = "ten", rename = "cantPP")]
    pub cant_pp: i64,
    /// Extra filters each endpoint defines (e.g. `vista`).
    #[serde(default, rename = "filtersEXT")]
    pub filters_ext: serde_json::Value,
    /// Export the whole filtered result instead of a page.
    #[serde(default)]
    pub excel: bool,
    /// `xlsx` (default) or `csv`.
    #[serde(default)]
    pub formato: Option<String>,
    #[serde(default)]
    pub url: Option<String>,
}

impl TableQuery {
    /// An integer of `filtersEXT` (a number or a numeric string); None when absent, null or
    /// blank, 400 `tabla.filtro` naming the filter otherwise.
    pub fn ext_int(&self, key: &'static str) -> AppResult<Option<i64>> {
        match self.filters_ext.get(key) {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(serde_json::Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(v) => v
                .as_i64()
                .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
                .map(Some)
                .ok_or_else(|| AppError::bad_request("tabla.filtro").arg("filtro", key)),
        }
    }

    /// A text of `filtersEXT` that must be one of `allowed`; None when absent, null or blank,
    /// 400 `tabla.filtro` naming the filter otherwise.
    pub fn ext_text(&self, key: &'static str, allowed: &[&str]) -> AppResult<Option<String>> {
        match self.filters_ext.get(key) {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(serde_json::Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(serde_json::Value::String(s)) if allowed.contains(&s.trim()) => {
                Ok(Some(s.trim().to_string()))
            }
            Some(_) => Err(AppError::bad_request("tabla.filtro").arg("filtro", key)),
        }
    }
}

fn one() -> i64 {
    1
}
fn ten() -> i64 {
    10
}

#[derive(Serialize, ToSchema)]
pub struct Pages {
    pub pages: i64,
    pub ultima_page: i64,
    pub cantidad_registros: i64,
}

#[derive(Serialize, ToSchema)]
pub struct SelectOption {
    pub value: serde_json::Value,
    pub label: String,
}

/// A column as the client renders it.
#[derive(Serialize, ToSchema)]
pub struct ColumnInfo {
    pub column: String,
    pub nomfield: String,
    /// text, select or none
    pub tipo: String,
    pub ordenable: bool,
    pub input: serde_json::Value,
    pub options: Vec<SelectOption>,
}

/// A page of a table.
#[derive(Serialize, ToSchema)]
pub struct TablePage {
    #[schema(value_type = Vec<Object>)]
    pub result: Vec<serde_json::Map<String, serde_json::Value>>,
    pub pages: Pages,
    pub columns_with_selects: Vec<ColumnInfo>,
}

/// A bound parameter of a condition.
#[derive(Clone, Debug)]
pub enum Bind {
    Int(i64),
    Real(f64),
    Text(String),
}

/// An extra WHERE condition an endpoint adds (scope, views). Its SQL is static.
#[derive(Clone, Debug)]
pub struct Cond {
    pub sql: String,
    pub binds: Vec<Bind>,
}

impl Cond {
    pub fn new(sql: impl Into<String>, binds: Vec<Bind>) -> Cond {
        Cond {
            sql: sql.into(),
            binds,
        }
    }
}

/// One common table expression, `name(cols) AS (…)`, with its parameters.
#[derive(Clone, Debug)]
pub struct Cte {
    pub sql: &'static str,
    pub binds: Vec<Bind>,
}

/// Common table expressions an endpoint needs before SELECT (e.g. the subordinate tree).
#[derive(Clone, Debug, Default)]
pub struct Prelude {
    pub ctes: Vec<Cte>,
}

impl Prelude {
    pub fn with(mut self, sql: &'static str, binds: Vec<Bind>) -> Prelude {
        self.ctes.push(Cte { sql, binds });
        self
    }

    /// `WITH RECURSIVE …` of the expressions (empty without any).
    pub fn sql(&self) -> String {
        if self.ctes.is_empty() {
            String::new()
        } else {
            format!(
                "WITH RECURSIVE {}",
                self.ctes
                    .iter()
                    .map(|c| c.sql)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
    }

    /// The expressions' parameters, in order.
    pub fn binds(&self) -> Vec<Bind> {
        self.ctes
            .iter()
            .flat_map(|c| c.binds.iter().cloned())
            .collect()
    }
}

struct Built {
    where_sql: String,
    binds: Vec<Bind>,
    order_sql: String,
    inputs: BTreeMap<String, serde_json::Value>,
}

fn build(def: &TableDef, q: &TableQuery, conds: &[Cond]) -> AppResult<Built> {
    if q.page < 1 {
        return Err(AppError::bad_request("tabla.pagina"));
    }
    if !q.excel && !PAGE_SIZES.contains(&q.cant_pp) {
        return Err(AppError::bad_request("tabla.cantidad_por_pagina"));
    }
    let mut wheres: Vec<String> = Vec::new();
    let mut binds: Vec<Bind> = Vec::new();
    for c in conds {
        wheres.push(format!("({})", c.sql));
        binds.extend(c.binds.iter().cloned());
    }
    let mut inputs = BTreeMap::new();
    for f in &q.columns_with_selects {
        let col = def
            .columns
            .iter()
            .find(|c| c.nomfield == f.nomfield)
            .ok_or_else(|| {
                AppError::bad_request("tabla.columna_desconocida")
                    .arg("columna", f.nomfield.clone())
            })?;
        // One filter per column: the screens send no more, and thousands of conditions
        // overflow SQLite's expression tree (a 500 instead of an answer).
        if inputs.contains_key(&f.nomfield) {
            return Err(
                AppError::bad_request("tabla.filtro_repetido").arg("columna", f.nomfield.clone())
            );
        }
        let value = match &f.input {
            serde_json::Value::Null => String::new(),
            serde_json::Value::String(s) => s.trim().to_string(),
            serde_json::Value::Number(n) => n.to_string(),
            serde_json::Value::Bool(b) => (if *b { "1" } else { "0" }).to_string(),
            _ => {
                return Err(AppError::bad_request("tabla.filtro").arg("filtro", f.nomfield.clone()));
            }
        };
        if value.chars().count() > 200 {
            return Err(AppError::bad_request("tabla.filtro").arg("filtro", f.nomfield.clone()));
        }
        inputs.insert(f.nomfield.clone(), f.input.clone());
        if value.is_empty() {
            continue;
        }
        match col.filter {
            Filter::None => {
                return Err(AppError::bad_request("tabla.columna_desconocida")
                    .arg("columna", f.nomfield.clone()));
            }
            Filter::Text { expr, folded } => {
                // The spec's rule: text search applies above 4 characters.
                if value.chars().count() <= TEXT_FILTER_MIN {
                    continue;
                }
                if folded {
                    // The column already holds lower-case accent-free text: a plain
                    // substring search is exact and much cheaper than LIKE.
                    wheres.push(format!("instr({expr}, ?) > 0"));
                    binds.push(Bind::Text(fold(&value)));
                } else {
                    let escaped = value
                        .replace('\\', "\\\\")
                        .replace('%', "\\%")
                        .replace('_', "\\_");
                    wheres.push(format!("{expr} LIKE ? ESCAPE '\\'"));
                    binds.push(Bind::Text(format!("%{escaped}%")));
                }
            }
            Filter::Select { expr, .. } | Filter::Fixed { expr, .. } => {
                wheres.push(format!("{expr} = ?"));
                match value.parse::<i64>() {
                    Ok(n) if col.kind == Kind::Int => binds.push(Bind::Int(n)),
                    _ => binds.push(Bind::Text(value)),
                }
            }
        }
    }
    if let Some(date_expr) = def.date_expr {
        for (v, op, name) in [
            (&q.fecha_inicial, ">=", "fecha_inicial"),
            (&q.fecha_final, "<=", "fecha_final"),
        ] {
            if let Some(d) = v.as_deref().filter(|d| !d.is_empty()) {
                if crate::validate::parse_date(d).is_none() {
                    return Err(AppError::bad_request("tabla.filtro").arg("filtro", name));
                }
                wheres.push(format!("substr({date_expr}, 1, 10) {op} ?"));
                binds.push(Bind::Text(d.to_string()));
            }
        }
    }
    let order_sql = match q.order.as_deref().filter(|o| !o.is_empty()) {
        None => def.default_order.to_string(),
        Some(o) => {
            let col = def
                .columns
                .iter()
                .find(|c| c.nomfield == o && c.sortable)
                .ok_or_else(|| {
                    AppError::bad_request("tabla.columna_desconocida").arg("columna", o.to_string())
                })?;
            let dir = match q
                .ordertype
                .as_deref()
                .map(str::to_ascii_lowercase)
                .as_deref()
            {
                None | Some("") | Some("asc") => "ASC",
                Some("desc") => "DESC",
                Some(_) => return Err(AppError::bad_request("tabla.orden")),
            };
            format!("{} {dir}, {}", col.expr, def.key)
        }
    };
    let where_sql = if wheres.is_empty() {
        String::new()
    } else {
        format!("WHERE {}", wheres.join(" AND "))
    };
    Ok(Built {
        where_sql,
        binds,
        order_sql,
        inputs,
    })
}

/// Binds `binds` to `query` in order.
pub fn bind_all<'q>(
    mut query: sqlx::query::Query<'q, sqlx::Sqlite, sqlx::sqlite::SqliteArguments>,
    binds: &[Bind],
) -> sqlx::query::Query<'q, sqlx::Sqlite, sqlx::sqlite::SqliteArguments> {
    for b in binds {
        query = match b {
            Bind::Int(i) => query.bind(*i),
            Bind::Real(r) => query.bind(*r),
            Bind::Text(s) => query.bind(s.clone()),
        };
    }
    query
}

fn select_list(def: &TableDef) -> String {
    def.columns
        .iter()
        .map(|c| format!("{} AS \"{}\"", c.expr, c.nomfield))
        .collect::<Vec<_>>()
        .join(", ")
}

fn row_to_json(def: &TableDef, row: &SqliteRow) -> serde_json::Map<String, serde_json::Value> {
    let mut m = serde_json::Map::with_capacity(def.columns.len());
    for (i, c) in def.columns.iter().enumerate() {
        let v = match c.kind {
            Kind::Int => row
                .try_get::<Option<i64>, _>(i)
                .ok()
                .flatten()
                .map(serde_json::Value::from),
            Kind::Real => row
                .try_get::<Option<f64>, _>(i)
                .ok()
                .flatten()
                .map(serde_json::Value::from),
            Kind::Text => row
                .try_get::<Option<String>, _>(i)
                .ok()
                .flatten()
                .map(serde_json::Value::from),
        };
        m.insert(c.nomfield.to_string(), v.unwrap_or(serde_json::Value::Null));
    }
    m
}

/// Answers a table query: a page as JSON, or the whole filtered result as a file.
pub async fn run(
    state: &AppState,
    def: &'static TableDef,
    q: TableQuery,
    prelude: Prelude,
    conds: Vec<Cond>,
) -> AppResult<Response> {
    let built = build(def, &q, &conds)?;
    let prelude_sql = prelude.sql();
    let mut all_binds = prelude.binds();
    all_binds.extend(built.binds.iter().cloned());
    if q.excel {
        return export(state, def, &q, prelude_sql, built, all_binds).await;
    }
    let count_sql = |from: &str| {
        format!(
            "{} SELECT COUNT(*) FROM {} {}",
            prelude_sql, from, built.where_sql
        )
    };
    let en_pagina = matches!(def.count, Conteo::EnPagina);
    let page_sql = format!(
        "{} SELECT {}{} FROM {} {} ORDER BY {} LIMIT {} OFFSET {}",
        prelude_sql,
        select_list(def),
        if en_pagina { ", COUNT(*) OVER ()" } else { "" },
        def.from,
        built.where_sql,
        built.order_sql,
        q.cant_pp,
        (q.page - 1).saturating_mul(q.cant_pp)
    );
    // LIMIT and OFFSET are validated integers written into the SQL: bound as
    // parameters they keep SQLite from walking the sort index and stopping early.
    let page_q = bind_all(sqlx::query(AssertSqlSafe(page_sql)), &all_binds);
    let failed = |e: sqlx::Error| {
        tracing::error!(table = def.name, error = %e, "table query failed");
        AppError::internal(e)
    };
    let (total, rows) = match def.count {
        Conteo::EnPagina => {
            let rows = page_q.fetch_all(&state.db.read).await.map_err(failed)?;
            let total = match rows.first() {
                Some(r) => r.try_get::<i64, _>(def.columns.len()).unwrap_or(0),
                // A page past the end: count apart.
                None if q.page > 1 => {
                    bind_all(sqlx::query(AssertSqlSafe(count_sql(def.from))), &all_binds)
                        .fetch_one(&state.db.read)
                        .await
                        .map_err(failed)?
                        .try_get(0)
                        .unwrap_or(0)
                }
                None => 0,
            };
            (total, rows)
        }
        Conteo::Aparte | Conteo::Desde(_) => {
            let from = match def.count {
                Conteo::Desde(f) => f,
                _ => def.from,
            };
            let count_q = bind_all(sqlx::query(AssertSqlSafe(count_sql(from))), &all_binds);
            // Count and page run at once on two reader connections.
            let (count_row, rows) = tokio::try_join!(
                count_q.fetch_one(&state.db.read),
                page_q.fetch_all(&state.db.read)
            )
            .map_err(failed)?;
            (count_row.try_get(0).unwrap_or(0), rows)
        }
    };
    let pages = if total == 0 {
        0
    } else {
        (total + q.cant_pp - 1) / q.cant_pp
    };
    let result = rows.iter().map(|r| row_to_json(def, r)).collect();
    let columns_with_selects = columns_info(state, def, &built.inputs).await?;
    Ok(axum::Json(TablePage {
        result,
        pages: Pages {
            pages,
            ultima_page: pages,
            cantidad_registros: total,
        },
        columns_with_selects,
    })
    .into_response())
}

async fn columns_info(
    state: &AppState,
    def: &TableDef,
    inputs: &BTreeMap<String, serde_json::Value>,
) -> AppResult<Vec<ColumnInfo>> {
    let mut out = Vec::with_capacity(def.columns.len());
    for c in def.columns {
        let (tipo, options) = match c.filter {
            Filter::None => ("none", Vec::new()),
            Filter::Text { .. } => ("text", Vec::new()),
            Filter::Fixed { options, .. } => (
                "select",
                options
                    .iter()
                    .map(|(v, l)| SelectOption {
                        value: serde_json::Value::from(*v),
                        label: l.to_string(),
                    })
                    .collect(),
            ),
            Filter::Select { options_sql, .. } => {
                let rows = sqlx::query(options_sql).fetch_all(&state.db.read).await?;
                let opts = rows
                    .iter()
                    .map(|r| {
                        let value = r
                            .try_get::<i64, _>(0)
                            .map(serde_json::Value::from)
                            .or_else(|_| r.try_get::<String, _>(0).map(serde_json::Value::from))
                            .unwrap_or(serde_json::Value::Null);
                        let label: String = r.try_get(1).unwrap_or_default();
                        SelectOption { value, label }
                    })
                    .collect();
                ("select", opts)
            }
        };
        out.push(ColumnInfo {
            column: c.title.to_string(),
            nomfield: c.nomfield.to_string(),
            tipo: tipo.to_string(),
            ordenable: c.sortable,
            input: inputs
                .get(c.nomfield)
                .cloned()
                .unwrap_or(serde_json::Value::String(String::new())),
            options,
        });
    }
    Ok(out)
}

pub use export::csv_safe;

/// A row's cells in the definition's kinds, for the exporters.
pub fn cells(def: &TableDef, row: &SqliteRow) -> Vec<export::Celda> {
    use export::Celda;
    def.columns
        .iter()
        .enumerate()
        .map(|(i, c)| match c.kind {
            Kind::Int => row
                .try_get::<Option<i64>, _>(i)
                .ok()
                .flatten()
                .map_or(Celda::Nulo, Celda::Entero),
            Kind::Real => row
                .try_get::<Option<f64>, _>(i)
                .ok()
                .flatten()
                .map_or(Celda::Nulo, Celda::Real),
            Kind::Text => row
                .try_get::<Option<String>, _>(i)
                .ok()
                .flatten()
                .map_or(Celda::Nulo, Celda::Texto),
        })
        .collect()
}

/// The whole filtered result of a table query (at most [`EXPORT_MAX_ROWS`]), as the SQL
/// and binds that read it in the requested order.
pub fn export_query(
    def: &'static TableDef,
    q: &TableQuery,
    prelude: &Prelude,
    conds: &[Cond],
) -> AppResult<(String, Vec<Bind>)> {
    let built = build(def, q, conds)?;
    let mut binds = prelude.binds();
    binds.extend(built.binds.iter().cloned());
    Ok((
        format!(
            "{} SELECT {} FROM {} {} ORDER BY {} LIMIT {}",
            prelude.sql(),
            select_list(def),
            def.from,
            built.where_sql,
            built.order_sql,
            EXPORT_MAX_ROWS
        ),
        binds,
    ))
}

/// The count of a table query's filtered rows.
pub async fn count(
    state: &AppState,
    def: &'static TableDef,
    q: &TableQuery,
    prelude: &Prelude,
    conds: &[Cond],
) -> AppResult<i64> {
    let built = build(def, q, conds)?;
    let from = match def.count {
        Conteo::Desde(f) => f,
        _ => def.from,
    };
    let mut binds = prelude.binds();
    binds.extend(built.binds.iter().cloned());
    let sql = format!(
        "{} SELECT COUNT(*) FROM {} {}",
        prelude.sql(),
        from,
        built.where_sql
    );
    Ok(bind_all(sqlx::query(AssertSqlSafe(sql)), &binds)
        .fetch_one(&state.db.read)
        .await?
        .try_get(0)
        .unwrap_or(0))
}

/// The headers of a table's export.
pub async fn sheet(state: &AppState, def: &TableDef, titulo: &str) -> export::Hoja {
    let mut hoja = sheet_for(state, titulo).await;
    hoja.nombre = def.name.to_string();
    hoja.encabezados = def.columns.iter().map(|c| c.title.to_string()).collect();
    hoja
}

/// An export titled `titulo` under the company's name and logo (no columns yet).
pub async fn sheet_for(state: &AppState, titulo: &str) -> export::Hoja {
    let cia = crate::settings::load(state).await.ok();
    let logo = match cia.as_ref().and_then(|c| {
        c.logo
            .trim()
            .strip_prefix("/api/pub/archivos/")
            .map(str::to_string)
    }) {
        Some(key) => state.storage.get(&key).await.ok().map(|b| b.to_vec()),
        None => None,
    };
    export::Hoja {
        nombre: titulo.to_string(),
        titulo: titulo.to_string(),
        subtitulo: state.clock.now().format("%Y-%m-%d %H:%M UTC").to_string(),
        empresa: cia.map(|c| c.nomcia).unwrap_or_default(),
        logo,
        encabezados: Vec::new(),
    }
}

async fn export(
    state: &AppState,
    def: &'static TableDef,
    q: &TableQuery,
    prelude_sql: String,
    built: Built,
    binds: Vec<Bind>,
) -> AppResult<Response> {
    let sql = format!(
        "{} SELECT {} FROM {} {} ORDER BY {} LIMIT {}",
        prelude_sql,
        select_list(def),
        def.from,
        built.where_sql,
        built.order_sql,
        EXPORT_MAX_ROWS
    );
    let formato = export::Formato::parse(q.formato.as_deref())?;
    let stamp = state.clock.now().format("%Y%m%d-%H%M");
    let hoja = sheet(state, def, def.name).await;
    let filas = export::leer(
        state.db.read.clone(),
        sql,
        binds,
        move |row| cells(def, row),
        None,
    );
    export::responder(
        hoja,
        filas,
        formato,
        &format!("{}-{stamp}", def.name),
        state.config.tmp_dir(),
    )
    .await
}
