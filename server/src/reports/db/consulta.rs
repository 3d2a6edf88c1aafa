//! Compiles a report layout into SQL: every column, filter, grouping and total is checked
//! against its source's whitelist and written from the source's own expressions; the
//! client's values are only ever bound as parameters. The caller's scope is one more
//! condition, so that a layout shared by an administrator shows a supervisor only their
//! people.

use chrono::{Days, NaiveDate};
use sqlx::sqlite::SqliteRow;
use sqlx::{AssertSqlSafe, Row, SqlitePool};

use super::fuentes::{Ambito, Col, Fuente, Tipo};
use crate::auth::perms::Scope;
use crate::error::{AppError, AppResult};
use crate::i18n::Lang;
use crate::reports::types::{
    DefinicionReporte, MAX_AGRUPAR, MAX_COLUMNAS, MAX_FILTROS, MAX_TOTALES, TotalReporte,
};
use crate::table::export::Celda;
use crate::table::{Bind, Prelude, bind_all};

// `hoy(d)`: the company's today, which states and relative dates read (the plans' own).
use crate::plans::db::HOY_CTE;
/// Most days of a relative date filter.
const MAX_DIAS: i64 = 3650;

/// Operators a column of each type takes.
pub fn operadores(col: &Col) -> &'static [&'static str] {
    match (col.tipo, col.opciones.is_empty()) {
        (Tipo::Texto, false) => &["igual", "distinto", "vacio", "no_vacio"],
        (Tipo::Texto, true) => &["igual", "distinto", "contiene", "vacio", "no_vacio"],
        (Tipo::Entero | Tipo::Decimal | Tipo::Dinero, _) => &[
            "igual",
            "distinto",
            "mayor_igual",
            "menor_igual",
            "entre",
            "vacio",
            "no_vacio",
        ],
        (Tipo::Fecha, _) => &[
            "igual",
            "mayor_igual",
            "menor_igual",
            "entre",
            "proximos_dias",
            "ultimos_dias",
            "vacio",
            "no_vacio",
        ],
        (Tipo::Bandera, _) => &["igual"],
    }
}

/// Totals a column of each type takes.
pub fn funciones(col: &Col) -> &'static [&'static str] {
    match col.tipo {
        Tipo::Entero | Tipo::Decimal | Tipo::Dinero => &["conteo", "suma", "promedio"],
        Tipo::Bandera => &["conteo", "porcentaje"],
        Tipo::Texto | Tipo::Fecha => &["conteo"],
    }
}

/// The title of a total: 'Suma de Costo total'.
pub fn titulo_total(funcion: &str, col: &Col, lang: Lang) -> String {
    let i = lang_index(lang);
    let f = match funcion {
        "conteo" => ["Conteo de", "Count of", "Contagem de"][i],
        "suma" => ["Suma de", "Sum of", "Soma de"][i],
        "promedio" => ["Promedio de", "Average of", "Média de"][i],
        _ => ["% de", "% of", "% de"][i],
    };
    format!("{f} {}", col.titulo[i])
}

pub fn lang_index(lang: Lang) -> usize {
    match lang {
        Lang::Es => 0,
        Lang::En => 1,
        Lang::Pt => 2,
    }
}

/// A column of a compiled result.
#[derive(Clone, Debug)]
pub struct Salida {
    pub clave: String,
    pub titulo: String,
    pub tipo: Tipo,
    expr: String,
}

/// A grand total of a compiled layout.
#[derive(Clone, Debug)]
pub struct Total {
    pub def: TotalReporte,
    pub titulo: String,
    expr: String,
}

/// A layout checked and turned into SQL parts.
#[derive(Debug)]
pub struct Compilada {
    pub fuente: &'static Fuente,
    pub salida: Vec<Salida>,
    pub totales: Vec<Total>,
    prelude: Prelude,
    where_sql: String,
    where_binds: Vec<Bind>,
    group_by: Option<String>,
    order_by: String,
}

fn err_col(code: &'static str, columna: &str) -> AppError {
    AppError::bad_request(code).arg("columna", columna.to_string())
}

fn valor_de(col: &Col, v: Option<&str>) -> AppResult<Bind> {
    let v = v.map(str::trim).unwrap_or("");
    let bad = || err_col("reportes.valor", col.clave);
    if v.is_empty() || v.chars().count() > 200 {
        return Err(bad());
    }
    Ok(match col.tipo {
        Tipo::Entero => Bind::Int(v.parse().map_err(|_| bad())?),
        Tipo::Bandera => match v {
            "1" | "true" => Bind::Int(1),
            "0" | "false" => Bind::Int(0),
            _ => return Err(bad()),
        },
        Tipo::Decimal | Tipo::Dinero => {
            let n: f64 = v.parse().map_err(|_| bad())?;
            if !n.is_finite() {
                return Err(bad());
            }
            Bind::Real(n)
        }
        Tipo::Fecha => {
            if crate::validate::parse_date(v).is_none() {
                return Err(bad());
            }
            Bind::Text(v.to_string())
        }
        Tipo::Texto => {
            if !col.opciones.is_empty() && !col.opciones.iter().any(|(k, _)| *k == v) {
                return Err(bad());
            }
            Bind::Text(v.to_string())
        }
    })
}

fn dias(col: &Col, v: Option<&str>) -> AppResult<i64> {
    match v.map(str::trim).and_then(|s| s.parse::<i64>().ok()) {
        Some(n) if (1..=MAX_DIAS).contains(&n) => Ok(n),
        _ => Err(err_col("reportes.valor", col.clave)),
    }
}

fn iso(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

fn agregado(funcion: &str, expr: &str) -> String {
    match funcion {
        "conteo" => format!("COUNT({expr})"),
        "suma" => format!("ROUND(SUM({expr}), 2)"),
        "promedio" => format!("ROUND(AVG({expr}), 2)"),
        _ => format!("ROUND(100.0 * AVG(CASE WHEN {expr} = 1 THEN 1.0 ELSE 0.0 END), 2)"),
    }
}

/// Checks `def` against its source and writes its SQL parts, within `scope`.
pub fn compilar(
    def: &DefinicionReporte,
    scope: Scope,
    hoy: NaiveDate,
    lang: Lang,
) -> AppResult<Compilada> {
    let fuente = super::fuentes::fuente(&def.fuente).ok_or_else(|| {
        AppError::bad_request("reportes.fuente_desconocida").arg("fuente", def.fuente.clone())
    })?;
    let li = lang_index(lang);
    let col = |clave: &str| -> AppResult<&'static Col> {
        fuente
            .columna(clave)
            .ok_or_else(|| err_col("reportes.columna_desconocida", clave))
    };
    if def.columnas.is_empty() && def.agrupar.is_empty() || def.columnas.len() > MAX_COLUMNAS {
        return Err(AppError::bad_request("reportes.columnas").arg("max", MAX_COLUMNAS.to_string()));
    }
    let mut vistas: Vec<&'static Col> = Vec::with_capacity(def.columnas.len());
    for c in &def.columnas {
        let c = col(c)?;
        if vistas.iter().any(|v| v.clave == c.clave) {
            return Err(err_col("reportes.columna_repetida", c.clave));
        }
        vistas.push(c);
    }
    if def.filtros.len() > MAX_FILTROS {
        return Err(AppError::bad_request("reportes.filtros").arg("max", MAX_FILTROS.to_string()));
    }
    if def.agrupar.len() > MAX_AGRUPAR {
        return Err(AppError::bad_request("reportes.agrupar").arg("max", MAX_AGRUPAR.to_string()));
    }
    if def.totales.len() > MAX_TOTALES {
        return Err(AppError::bad_request("reportes.totales").arg("max", MAX_TOTALES.to_string()));
    }

    // Scope and today.
    let mut prelude = Prelude::default().with(HOY_CTE, vec![Bind::Text(iso(hoy))]);
    let mut wheres = vec![format!("({})", fuente.base)];
    let mut binds: Vec<Bind> = Vec::new();
    match (fuente.ambito, scope) {
        (_, Scope::Todos) => {}
        (Ambito::Persona, s) => {
            let (p, conds) = crate::employees::db::list::scope_filter(prelude, s);
            prelude = p;
            for c in conds {
                wheres.push(format!("({})", c.sql));
                binds.extend(c.binds);
            }
        }
        (Ambito::Curso, Scope::Subordinados(me)) => {
            prelude = prelude.with(crate::employees::db::SUBORDINATE_CTE, vec![Bind::Int(me)]);
            wheres.push(
                "EXISTS (SELECT 1 FROM cursos_inscripciones si WHERE si.cve_curso = c.cve_curso \
                 AND si.estatus <> 'cancelada' AND si.cve_empleado IN (SELECT cve FROM equipo))"
                    .into(),
            );
        }
        (Ambito::Curso, Scope::Propio(me)) => {
            wheres.push(
                "EXISTS (SELECT 1 FROM cursos_inscripciones si WHERE si.cve_curso = c.cve_curso \
                 AND si.estatus <> 'cancelada' AND si.cve_empleado = ?)"
                    .into(),
            );
            binds.push(Bind::Int(me));
        }
    }

    // Filters.
    for f in &def.filtros {
        let c = col(&f.columna)?;
        let op = f.operador.as_str();
        if !operadores(c).contains(&op) {
            return Err(AppError::bad_request("reportes.operador")
                .arg("columna", c.clave)
                .arg("operador", f.operador.clone()));
        }
        let e = c.expr;
        let vacio = if c.tipo == Tipo::Texto {
            format!("({e} IS NULL OR {e} = '')")
        } else {
            format!("({e} IS NULL)")
        };
        match op {
            "igual" => {
                wheres.push(format!("{e} = ?"));
                binds.push(valor_de(c, f.valor.as_deref())?);
            }
            "distinto" => {
                wheres.push(format!("({e} IS NULL OR {e} <> ?)"));
                binds.push(valor_de(c, f.valor.as_deref())?);
            }
            "contiene" => {
                let v = f.valor.as_deref().map(str::trim).unwrap_or("");
                if v.is_empty() || v.chars().count() > 200 {
                    return Err(err_col("reportes.valor", c.clave));
                }
                let escaped = v
                    .replace('\\', "\\\\")
                    .replace('%', "\\%")
                    .replace('_', "\\_");
                wheres.push(format!("{e} LIKE ? ESCAPE '\\'"));
                binds.push(Bind::Text(format!("%{escaped}%")));
            }
            "mayor_igual" => {
                wheres.push(format!("{e} >= ?"));
                binds.push(valor_de(c, f.valor.as_deref())?);
            }
            "menor_igual" => {
                wheres.push(format!("{e} <= ?"));
                binds.push(valor_de(c, f.valor.as_deref())?);
            }
            "entre" => {
                wheres.push(format!("{e} BETWEEN ? AND ?"));
                binds.push(valor_de(c, f.valor.as_deref())?);
                binds.push(valor_de(c, f.valor2.as_deref())?);
            }
            "proximos_dias" | "ultimos_dias" => {
                let n = dias(c, f.valor.as_deref())? as u64;
                let (a, b) = if op == "proximos_dias" {
                    (hoy, hoy.checked_add_days(Days::new(n)).unwrap_or(hoy))
                } else {
                    (hoy.checked_sub_days(Days::new(n)).unwrap_or(hoy), hoy)
                };
                wheres.push(format!("{e} BETWEEN ? AND ?"));
                binds.push(Bind::Text(iso(a)));
                binds.push(Bind::Text(iso(b)));
            }
            "vacio" => wheres.push(vacio),
            _ => wheres.push(format!("NOT {vacio}")),
        }
    }

    // Totals.
    let mut totales = Vec::with_capacity(def.totales.len());
    for t in &def.totales {
        let c = col(&t.columna)?;
        if !funciones(c).contains(&t.funcion.as_str()) {
            return Err(AppError::bad_request("reportes.funcion")
                .arg("columna", c.clave)
                .arg("funcion", t.funcion.clone()));
        }
        if totales.iter().any(|x: &Total| x.def == *t) {
            return Err(err_col("reportes.columna_repetida", c.clave));
        }
        totales.push(Total {
            def: t.clone(),
            titulo: titulo_total(&t.funcion, c, lang),
            expr: agregado(&t.funcion, c.expr),
        });
    }

    // Output columns, grouping and order.
    let (salida, group_by) = if def.agrupar.is_empty() {
        (
            vistas
                .iter()
                .map(|c| Salida {
                    clave: c.clave.into(),
                    titulo: c.titulo[li].into(),
                    tipo: c.tipo,
                    expr: c.expr.into(),
                })
                .collect::<Vec<_>>(),
            None,
        )
    } else {
        let mut salida = Vec::new();
        for g in &def.agrupar {
            let c = col(g)?;
            if !c.agrupable {
                return Err(err_col("reportes.agrupar_columna", c.clave));
            }
            if salida.iter().any(|s: &Salida| s.clave == c.clave) {
                return Err(err_col("reportes.columna_repetida", c.clave));
            }
            salida.push(Salida {
                clave: c.clave.into(),
                titulo: c.titulo[li].into(),
                tipo: c.tipo,
                expr: c.expr.into(),
            });
        }
        let group_by = salida
            .iter()
            .map(|s| s.expr.clone())
            .collect::<Vec<_>>()
            .join(", ");
        salida.push(Salida {
            clave: "registros".into(),
            titulo: ["Registros", "Rows", "Registros"][li].into(),
            tipo: Tipo::Entero,
            expr: "COUNT(*)".into(),
        });
        for t in &totales {
            let c = col(&t.def.columna)?;
            salida.push(Salida {
                clave: format!("{}_{}", t.def.funcion, t.def.columna),
                titulo: t.titulo.clone(),
                tipo: match t.def.funcion.as_str() {
                    "conteo" => Tipo::Entero,
                    "porcentaje" => Tipo::Decimal,
                    _ if c.tipo == Tipo::Dinero => Tipo::Dinero,
                    _ => Tipo::Decimal,
                },
                expr: t.expr.clone(),
            });
        }
        (salida, Some(group_by))
    };
    let order_by = match &def.orden {
        Some(o) => {
            let expr = if group_by.is_some() {
                salida
                    .iter()
                    .find(|s| s.clave == o.columna)
                    .map(|s| s.expr.clone())
                    .ok_or_else(|| err_col("reportes.columna_desconocida", &o.columna))?
            } else {
                col(&o.columna)?.expr.to_string()
            };
            let dir = if o.descendente { "DESC" } else { "ASC" };
            match &group_by {
                Some(g) => format!("{expr} {dir}, {g}"),
                None => format!("{expr} {dir}, {}", fuente.orden),
            }
        }
        None => group_by.clone().unwrap_or_else(|| fuente.orden.to_string()),
    };
    Ok(Compilada {
        fuente,
        salida,
        totales,
        prelude,
        where_sql: wheres.join(" AND "),
        where_binds: binds,
        group_by,
        order_by,
    })
}

impl Compilada {
    /// Every parameter, in the order of the statements' `?`.
    pub fn binds(&self) -> Vec<Bind> {
        let mut b = self.prelude.binds();
        b.extend(self.where_binds.iter().cloned());
        b
    }

    /// The rows (a page when `limite` is (limit, offset)).
    pub fn sql_filas(&self, limite: Option<(i64, i64)>) -> String {
        let cols = self
            .salida
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} AS c{i}", s.expr))
            .collect::<Vec<_>>()
            .join(", ");
        let group = self
            .group_by
            .as_ref()
            .map(|g| format!(" GROUP BY {g}"))
            .unwrap_or_default();
        // LIMIT and OFFSET are validated integers written into the SQL (see the table engine).
        let limit = limite
            .map(|(l, o)| format!(" LIMIT {l} OFFSET {o}"))
            .unwrap_or_else(|| format!(" LIMIT {}", crate::table::EXPORT_MAX_ROWS));
        format!(
            "{} SELECT {cols} FROM {} WHERE {}{group} ORDER BY {}{limit}",
            self.prelude.sql(),
            self.fuente.from,
            self.where_sql,
            self.order_by
        )
    }

    /// How many rows (or groups) the layout has.
    pub fn sql_conteo(&self) -> String {
        match &self.group_by {
            None => format!(
                "{} SELECT COUNT(*) FROM {} WHERE {}",
                self.prelude.sql(),
                self.fuente.from,
                self.where_sql
            ),
            Some(g) => format!(
                "{} SELECT COUNT(*) FROM (SELECT 1 FROM {} WHERE {} GROUP BY {g}) grupos",
                self.prelude.sql(),
                self.fuente.from,
                self.where_sql
            ),
        }
    }

    /// The grand totals over every filtered row, when the layout has any.
    pub fn sql_totales(&self) -> Option<String> {
        if self.totales.is_empty() {
            return None;
        }
        Some(format!(
            "{} SELECT {} FROM {} WHERE {}",
            self.prelude.sql(),
            self.totales
                .iter()
                .map(|t| format!("CAST({} AS REAL)", t.expr))
                .collect::<Vec<_>>()
                .join(", "),
            self.fuente.from,
            self.where_sql
        ))
    }
}

/// A row's values as JSON, in the output's types.
pub fn fila_json(salida: &[Salida], row: &SqliteRow) -> Vec<serde_json::Value> {
    salida
        .iter()
        .enumerate()
        .map(|(i, s)| {
            match s.tipo {
                Tipo::Entero | Tipo::Bandera => row
                    .try_get::<Option<i64>, _>(i)
                    .ok()
                    .flatten()
                    .map(serde_json::Value::from),
                Tipo::Decimal | Tipo::Dinero => row
                    .try_get::<Option<f64>, _>(i)
                    .ok()
                    .flatten()
                    .map(|v| serde_json::Value::from((v * 100.0).round() / 100.0)),
                Tipo::Texto | Tipo::Fecha => row
                    .try_get::<Option<String>, _>(i)
                    .ok()
                    .flatten()
                    .map(serde_json::Value::from),
            }
            .unwrap_or(serde_json::Value::Null)
        })
        .collect()
}

/// A row's values for an export (Sí/No for flags, in `lang`).
pub fn fila_celdas(salida: &[Salida], row: &SqliteRow, lang: Lang) -> Vec<Celda> {
    let (si, no) = [("Sí", "No"), ("Yes", "No"), ("Sim", "Não")][lang_index(lang)];
    salida
        .iter()
        .enumerate()
        .map(|(i, s)| match s.tipo {
            Tipo::Entero => row
                .try_get::<Option<i64>, _>(i)
                .ok()
                .flatten()
                .map_or(Celda::Nulo, Celda::Entero),
            Tipo::Bandera => match row.try_get::<Option<i64>, _>(i).ok().flatten() {
                Some(1) => Celda::Texto(si.into()),
                Some(_) => Celda::Texto(no.into()),
                None => Celda::Nulo,
            },
            Tipo::Decimal | Tipo::Dinero => row
                .try_get::<Option<f64>, _>(i)
                .ok()
                .flatten()
                .map_or(Celda::Nulo, Celda::Real),
            Tipo::Texto | Tipo::Fecha => row
                .try_get::<Option<String>, _>(i)
                .ok()
                .flatten()
                .map_or(Celda::Nulo, Celda::Texto),
        })
        .collect()
}

/// One page of a compiled layout and the count of its rows (or groups).
pub async fn pagina(
    pool: &SqlitePool,
    c: &Compilada,
    page: i64,
    cant: i64,
) -> sqlx::Result<(Vec<Vec<serde_json::Value>>, i64)> {
    let binds = c.binds();
    let sql_filas = c.sql_filas(Some((cant, (page - 1).saturating_mul(cant))));
    let sql_conteo = c.sql_conteo();
    let filas = bind_all(sqlx::query(AssertSqlSafe(sql_filas)), &binds);
    let conteo = bind_all(sqlx::query(AssertSqlSafe(sql_conteo)), &binds);
    let (rows, total) = tokio::try_join!(filas.fetch_all(pool), conteo.fetch_one(pool))?;
    Ok((
        rows.iter().map(|r| fila_json(&c.salida, r)).collect(),
        total.try_get(0).unwrap_or(0),
    ))
}

/// The count of a compiled layout's rows (or groups).
pub async fn conteo(pool: &SqlitePool, c: &Compilada) -> sqlx::Result<i64> {
    let sql = c.sql_conteo();
    Ok(bind_all(sqlx::query(AssertSqlSafe(sql)), &c.binds())
        .fetch_one(pool)
        .await?
        .try_get(0)
        .unwrap_or(0))
}

/// The count of a compiled layout's filtered rows (before any grouping).
pub async fn conteo_filas(pool: &SqlitePool, c: &Compilada) -> sqlx::Result<i64> {
    let sql = format!(
        "{} SELECT COUNT(*) FROM {} WHERE {}",
        c.prelude.sql(),
        c.fuente.from,
        c.where_sql
    );
    Ok(bind_all(sqlx::query(AssertSqlSafe(sql)), &c.binds())
        .fetch_one(pool)
        .await?
        .try_get(0)
        .unwrap_or(0))
}

/// The grand totals (one value per total, in order).
pub async fn totales(pool: &SqlitePool, c: &Compilada) -> sqlx::Result<Vec<Option<f64>>> {
    let Some(sql) = c.sql_totales() else {
        return Ok(Vec::new());
    };
    let row = bind_all(sqlx::query(AssertSqlSafe(sql)), &c.binds())
        .fetch_one(pool)
        .await?;
    Ok((0..c.totales.len())
        .map(|i| {
            row.try_get::<Option<f64>, _>(i)
                .ok()
                .flatten()
                .map(|v| (v * 100.0).round() / 100.0)
        })
        .collect())
}
