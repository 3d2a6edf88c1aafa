//! Response types of the employees domain that its db module reads straight into.

use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::user::PerfilUsuario;

/// One employee with the names of its catalogue references, its access and its team size.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct EmployeeDetail {
    pub cve_empleado: i64,
    pub num_empleado: String,
    pub nombre_empleado: String,
    pub correo_empleado: Option<String>,
    pub rfc_empleado: Option<String>,
    pub curp: Option<String>,
    pub telefono: Option<String>,
    pub genero: Option<String>,
    pub fecha_nacimiento: Option<String>,
    pub foto_empleado: Option<String>,
    /// Same as `foto_empleado`.
    pub foto_url: Option<String>,
    pub cve_estado: Option<i64>,
    pub estado: Option<String>,
    pub cve_puesto: Option<i64>,
    pub puesto: Option<String>,
    /// Structure keys N2–N7 (the names are in `n2_nombre` … `n7_nombre`).
    pub n2: Option<i64>,
    pub n3: Option<i64>,
    pub n4: Option<i64>,
    pub n5: Option<i64>,
    pub n6: Option<i64>,
    pub n7: Option<i64>,
    pub n2_nombre: Option<String>,
    pub n3_nombre: Option<String>,
    pub n4_nombre: Option<String>,
    pub n5_nombre: Option<String>,
    pub n6_nombre: Option<String>,
    pub n7_nombre: Option<String>,
    pub cve_planta: Option<i64>,
    pub planta: Option<String>,
    /// Plants besides the main one.
    #[sqlx(skip)]
    pub plantas: Vec<i64>,
    pub cve_pais: Option<i64>,
    pub pais: Option<String>,
    pub cve_tipo_poblacion: Option<i64>,
    pub tipo_poblacion: Option<String>,
    pub cve_supervisor: Option<i64>,
    pub supervisor: Option<String>,
    pub nombre_supervisor: Option<String>,
    pub id_tarjeta: Option<String>,
    pub tipo_empleado: String,
    pub ocupacion: Option<String>,
    pub fecha_ingreso: Option<String>,
    pub fecha_inicio_puesto: Option<String>,
    pub activo: i64,
    pub baja_logica: i64,
    /// 1 Activo, 0 Sin Acceso (no login or access switched off).
    pub acceso: i64,
    pub sesion_activa: i64,
    pub favorito: i64,
    #[sqlx(skip)]
    pub perfiles: Vec<PerfilUsuario>,
    #[sqlx(skip)]
    pub subordinados: i64,
    #[sqlx(skip)]
    pub ausencias: Vec<Ausencia>,
}

/// One absence of an employee.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct Ausencia {
    pub id_ausencia: i64,
    pub fecha_inicio: String,
    pub fecha_fin: String,
    pub motivo: String,
    pub creado: String,
}

/// One employee in the typeahead.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[schema(as = OpcionEmpleado)]
pub struct Opcion {
    pub value: i64,
    pub label: String,
    pub nombre: String,
    pub correo: Option<String>,
}
