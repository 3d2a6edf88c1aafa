//! Request and response types of the reports API.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::table::Pages;

/// Most columns a layout shows.
pub const MAX_COLUMNAS: usize = 30;
/// Most filters of a layout.
pub const MAX_FILTROS: usize = 20;
/// Most grouping columns.
pub const MAX_AGRUPAR: usize = 3;
/// Most totals.
pub const MAX_TOTALES: usize = 10;
/// Longest layout name.
pub const MAX_NOMBRE: usize = 100;
/// Longest layout description.
pub const MAX_DESCRIPCION: usize = 500;
/// Most recipients of a scheduled send.
pub const MAX_DESTINATARIOS: usize = 50;

/// One filter of a layout.
#[derive(Deserialize, Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct FiltroReporte {
    pub columna: String,
    /// igual, distinto, contiene, mayor_igual, menor_igual, entre, proximos_dias,
    /// ultimos_dias, vacio, no_vacio (each column takes those its type allows).
    pub operador: String,
    #[serde(default)]
    pub valor: Option<String>,
    /// The upper bound of `entre`.
    #[serde(default)]
    pub valor2: Option<String>,
}

/// A total of a layout.
#[derive(Deserialize, Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct TotalReporte {
    pub columna: String,
    /// conteo, suma, promedio or porcentaje (of a Sí/No column: % of Sí).
    pub funcion: String,
}

/// The order of a layout's rows.
#[derive(Deserialize, Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct OrdenReporte {
    pub columna: String,
    #[serde(default)]
    pub descendente: bool,
}

/// A report layout: a source, its columns in order, filters, grouping and totals.
#[derive(Deserialize, Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct DefinicionReporte {
    pub fuente: String,
    pub columnas: Vec<String>,
    #[serde(default)]
    pub filtros: Vec<FiltroReporte>,
    #[serde(default)]
    pub agrupar: Vec<String>,
    #[serde(default)]
    pub totales: Vec<TotalReporte>,
    #[serde(default)]
    pub orden: Option<OrdenReporte>,
}

/// A value option of a column.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct OpcionValor {
    pub value: String,
    pub label: String,
}

/// A column a source offers.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct ColumnaFuente {
    pub clave: String,
    pub titulo: String,
    /// texto, entero, decimal, fecha, dinero or bandera
    pub tipo: String,
    pub agrupable: bool,
    pub operadores: Vec<String>,
    pub funciones: Vec<String>,
    pub opciones: Vec<OpcionValor>,
}

/// A data source of the report builder.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct FuenteReporte {
    pub clave: String,
    pub nombre: String,
    pub descripcion: String,
    pub columnas: Vec<ColumnaFuente>,
}

/// A column of a result.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct ColumnaResultado {
    pub clave: String,
    pub titulo: String,
    pub tipo: String,
}

/// A grand total over every filtered row.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct TotalResultado {
    pub columna: String,
    pub funcion: String,
    pub titulo: String,
    pub valor: Option<f64>,
}

/// A page of a report.
#[derive(Serialize, ToSchema)]
pub struct ResultadoReporte {
    pub columnas: Vec<ColumnaResultado>,
    #[schema(value_type = Vec<Vec<Object>>)]
    pub filas: Vec<Vec<serde_json::Value>>,
    pub totales: Vec<TotalResultado>,
    pub pages: Pages,
}

/// Which page of a report.
#[derive(Deserialize, ToSchema, Debug, Default)]
pub struct Pagina {
    #[serde(default)]
    pub page: Option<i64>,
    #[serde(default, rename = "cantPP")]
    pub cant_pp: Option<i64>,
}

/// Runs a layout that is not saved (the builder's preview).
#[derive(Deserialize, ToSchema, Debug)]
pub struct EjecutarReporte {
    pub definicion: DefinicionReporte,
    #[serde(default)]
    pub page: Option<i64>,
    #[serde(default, rename = "cantPP")]
    pub cant_pp: Option<i64>,
}

/// Exports a layout that is not saved.
#[derive(Deserialize, Serialize, ToSchema, Debug)]
pub struct ExportarReporte {
    pub definicion: DefinicionReporte,
    /// xlsx (default), csv or pdf
    #[serde(default)]
    pub formato: Option<String>,
}

/// The format of an export.
#[derive(Deserialize, ToSchema, Debug, Default)]
pub struct FormatoExportacion {
    /// xlsx (default), csv or pdf
    #[serde(default)]
    pub formato: Option<String>,
}

/// A layout to save.
#[derive(Deserialize, ToSchema, Debug)]
pub struct GuardarReporte {
    #[schema(min_length = 1, max_length = 100)]
    pub nombre: String,
    #[serde(default)]
    #[schema(max_length = 500)]
    pub descripcion: String,
    pub definicion: DefinicionReporte,
    /// Profiles that may run it (besides its author).
    #[serde(default)]
    pub perfiles: Vec<i64>,
}

/// A recipient of a scheduled send.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct Destinatario {
    pub cve_empleado: i64,
    pub nombre_empleado: String,
    pub correo_empleado: Option<String>,
}

/// A saved layout's e-mail schedule.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct Programacion {
    /// semanal or mensual
    pub frecuencia: String,
    /// semanal: 1 (Monday) to 7; mensual: 1 to 28
    pub dia: i64,
    pub formato: String,
    pub destinatarios: Vec<Destinatario>,
    /// AAAA-MM-DD
    pub proximo_envio: String,
    pub ultimo_envio: Option<String>,
}

/// A schedule to set.
#[derive(Deserialize, ToSchema, Debug)]
pub struct ProgramarReporte {
    pub frecuencia: String,
    pub dia: i64,
    #[serde(default)]
    pub formato: Option<String>,
    /// 1 to 50 employees (`cve_empleado`).
    #[schema(min_items = 1, max_items = 50)]
    pub destinatarios: Vec<i64>,
}

/// A saved layout as its list shows it.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct ReporteGuardado {
    pub id_reporte: i64,
    pub nombre: String,
    pub descripcion: String,
    pub fuente: String,
    pub fuente_nombre: String,
    pub definicion: DefinicionReporte,
    pub perfiles: Vec<i64>,
    pub propio: bool,
    pub puede_editar: bool,
    pub creado_por_nombre: String,
    pub actualizado: String,
    pub programacion: Option<Programacion>,
}

/// A saved layout's key.
#[derive(Serialize, ToSchema)]
pub struct ReporteCreado {
    pub resp: String,
    pub id_reporte: i64,
}

/// A background export.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct Exportacion {
    pub id_exportacion: i64,
    pub nombre: String,
    pub formato: String,
    /// pendiente, procesando, terminada, fallida or expirada
    pub estado: String,
    pub filas: i64,
    pub total: Option<i64>,
    pub creado: String,
    pub terminado: Option<String>,
    pub expira: Option<String>,
    pub bytes: Option<i64>,
    pub error: Option<String>,
}

/// A background export started.
#[derive(Serialize, ToSchema)]
pub struct ExportacionCreada {
    pub resp: String,
    pub id_exportacion: i64,
}

/// A value and its label.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct Opcion {
    pub value: serde_json::Value,
    pub label: String,
}

/// A structure node with its level.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct OpcionNodo {
    pub value: i64,
    pub label: String,
    pub nivel: i64,
}

/// The option lists of the reports' filters.
#[derive(Serialize, ToSchema, Default)]
pub struct OpcionesReporte {
    pub estructura: Vec<OpcionNodo>,
    pub plantas: Vec<Opcion>,
    pub puestos: Vec<Opcion>,
    pub temas: Vec<Opcion>,
    pub grupos: Vec<Opcion>,
    pub bloques: Vec<Opcion>,
    pub modalidades: Vec<Opcion>,
    pub estados: Vec<Opcion>,
    pub requerimientos: Vec<Opcion>,
}
