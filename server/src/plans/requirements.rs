//! Requirements (package B): creating, editing, enabling and disabling them with their
//! events, scope and target checks, duplicate detection. After every write the plan cache
//! follows through `derive::requirement_changed`, in the caller's transaction.

use serde::Serialize;
use sqlx::SqliteConnection;
use utoipa::ToSchema;

use super::db::requirements as db;
use super::types::{Actor, Destino, DestinoTipo, Programa};
use crate::auth::perms::Scope;
use crate::contract::{PLAN_DESTINOS_MAX, PLAN_DIAS_LIMITE, PLAN_MOTIVO_MAX, PLAN_TEMAS_MAX};
use crate::error::{AppError, AppResult};

/// A batch of requirements to create: every topic (or the block) for every target.
#[derive(Clone, Debug)]
pub struct NuevosRequerimientos {
    pub programa: Programa,
    /// Deduplicated; structure destinos get destino_nivel from org.
    pub destinos: Vec<Destino>,
    /// Empty iff id_bloque is Some.
    pub temas: Vec<i64>,
    pub id_bloque: Option<i64>,
    pub obligatoria: bool,
    pub dias_limite: Option<i64>,
}

/// A requirement a batch would repeat (the wizard's confirm step lists them).
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct Duplicado {
    pub id_requerimiento: i64,
    /// The topic (abbreviation and name) or the block's name.
    pub tema: String,
    /// The target's name.
    pub destino: String,
}

/// One requirement to insert, checked.
struct Fila {
    cve_tema: Option<i64>,
    destino: Destino,
    nivel: Option<i64>,
}

/// What a checked batch would write.
pub struct Revision {
    filas: Vec<Fila>,
    /// Requirements that already exist for a (topic|block, target) of the batch.
    pub duplicados: Vec<Duplicado>,
}

impl Revision {
    /// How many requirements the batch would create (duplicates excluded).
    pub fn nuevos(&self) -> usize {
        self.filas.len() - self.duplicados.len()
    }
}

/// A 400 with `code` that also names the field (the forms show it under the input).
pub(super) fn field_error(field: &str, code: &'static str) -> AppError {
    let mut e = AppError::bad_request(code);
    e.fields.insert(field.to_string(), code);
    e
}

/// The field and code of a batch without targets of the program's kind.
fn missing_target(programa: Programa, destinos: &[Destino]) -> (&'static str, &'static str) {
    match programa {
        Programa::Institucional | Programa::Especifica => {
            ("estructuras", "plan.requiere_estructura")
        }
        Programa::Empleado => ("empleados", "plan.requiere_empleado"),
        Programa::Planta => ("plantas", "plan.requiere_puesto"),
        Programa::Formacion | Programa::Bloque => {
            if destinos.iter().any(|d| d.tipo == DestinoTipo::Empleado) {
                ("empleados", "plan.requiere_empleado")
            } else {
                ("puestos", "plan.requiere_puesto")
            }
        }
    }
}

/// Whether a program may target a kind of destino (the table's CHECK, as a clear 400).
fn kind_allowed(programa: Programa, tipo: DestinoTipo) -> bool {
    match programa {
        Programa::Institucional | Programa::Especifica => tipo == DestinoTipo::Estructura,
        Programa::Formacion | Programa::Bloque => {
            matches!(tipo, DestinoTipo::Puesto | DestinoTipo::Empleado)
        }
        Programa::Planta => tipo == DestinoTipo::Planta,
        Programa::Empleado => tipo == DestinoTipo::Empleado,
    }
}

/// Checks `dias_limite` (None or 1..3650).
pub(super) fn check_dias_limite(dias_limite: Option<i64>) -> AppResult<()> {
    match dias_limite {
        Some(d) if d < PLAN_DIAS_LIMITE.0 || d > PLAN_DIAS_LIMITE.1 => {
            Err(field_error("dias_limite", "plan.dias_limite"))
        }
        _ => Ok(()),
    }
}

/// 403 unless the actor may manage requirements of this target: an actor whose scope is
/// not everyone manages only individual requirements of employees in its scope.
pub(super) async fn check_target_scope(
    conn: &mut SqliteConnection,
    actor: &Actor,
    destino: &Destino,
) -> AppResult<()> {
    let ok = match actor.scope {
        Scope::Todos => true,
        _ if destino.tipo != DestinoTipo::Empleado => false,
        Scope::Propio(me) => me == destino.id,
        Scope::Subordinados(me) => {
            me == destino.id
                || crate::employees::db::is_subordinate(&mut *conn, me, destino.id).await?
        }
    };
    if ok {
        Ok(())
    } else {
        Err(AppError::forbidden("auth.fuera_de_alcance"))
    }
}

/// The name of a target for messages ("No existe …", duplicates).
async fn destino_label(conn: &mut SqliteConnection, d: &Destino) -> AppResult<String> {
    Ok(
        match db::destino_info(&mut *conn, d.tipo.as_str(), d.id).await? {
            Some((nombre, _)) => nombre,
            None => format!("{} {}", d.tipo.as_str(), d.id),
        },
    )
}

/// Checks a target exists and is active; its structure level for structure nodes.
async fn check_destino(conn: &mut SqliteConnection, d: &Destino) -> AppResult<Option<i64>> {
    let missing = || {
        AppError::bad_request("plan.destino_no_encontrado")
            .arg("destino", format!("{} {}", d.tipo.as_str(), d.id))
    };
    let nivel = match d.tipo {
        DestinoTipo::Estructura => {
            let (nivel, _) = crate::org::db::node_level_and_parent(&mut *conn, d.id)
                .await?
                .ok_or_else(missing)?;
            if !(2..=7).contains(&nivel) {
                return Err(AppError::bad_request("plan.nivel"));
            }
            Some(nivel)
        }
        DestinoTipo::Puesto => {
            if crate::org::db::position(&mut *conn, d.id).await?.is_none() {
                return Err(missing());
            }
            None
        }
        DestinoTipo::Planta => {
            if !crate::org::db::plant_exists(&mut *conn, d.id).await? {
                return Err(missing());
            }
            None
        }
        DestinoTipo::Empleado => {
            if !crate::employees::db::detail::exists_not_gone(&mut *conn, d.id).await? {
                return Err(field_error("empleados", "plan.empleado_no_encontrado"));
            }
            None
        }
    };
    // Structure nodes, positions and plants must be active to receive new requirements.
    if d.tipo != DestinoTipo::Empleado
        && let Some((nombre, activo)) = db::destino_info(&mut *conn, d.tipo.as_str(), d.id).await?
        && activo == 0
    {
        return Err(AppError::bad_request("plan.destino_inactivo").arg("destino", nombre));
    }
    Ok(nivel)
}

/// The label of a topic ("NOM-035 Factores de riesgo psicosocial").
fn tema_label(abreviatura: &str, nombre: &str) -> String {
    format!("{abreviatura} {nombre}")
}

/// Checks a batch against every rule (§4.3) without writing: the first broken rule is the
/// error; existing (topic|block, target) pairs are listed, not refused.
pub async fn review(
    conn: &mut SqliteConnection,
    actor: &Actor,
    n: &NuevosRequerimientos,
) -> AppResult<Revision> {
    let mut temas = n.temas.clone();
    temas.sort_unstable();
    temas.dedup();
    let mut destinos = n.destinos.clone();
    destinos.sort_unstable();
    destinos.dedup();
    if n.id_bloque.is_none() && temas.is_empty() {
        return Err(field_error("temas", "plan.requiere_tema"));
    }
    if temas.len() > PLAN_TEMAS_MAX {
        return Err(field_error("temas", "validacion.datos"));
    }
    if destinos.is_empty() {
        let (field, code) = missing_target(n.programa, &destinos);
        return Err(field_error(field, code));
    }
    if destinos.len() > PLAN_DESTINOS_MAX {
        return Err(AppError::bad_request("plan.demasiados_empleados"));
    }
    check_dias_limite(n.dias_limite)?;
    if destinos.iter().any(|d| !kind_allowed(n.programa, d.tipo)) {
        return Err(AppError::bad_request("plan.tipo_asignacion"));
    }
    let mut etiquetas = Vec::with_capacity(temas.len());
    for cve in &temas {
        let reglas = crate::topics::db::topic_rules(&mut *conn, *cve)
            .await?
            .ok_or_else(|| field_error("temas", "plan.tema_no_encontrado"))?;
        let etiqueta = tema_label(&reglas.abreviatura, &reglas.nombre_tema);
        if reglas.activo == 0 {
            let mut e = AppError::bad_request("plan.tema_inactivo").arg("tema", etiqueta);
            e.fields.insert("temas".into(), "plan.tema_inactivo");
            return Err(e);
        }
        etiquetas.push(etiqueta);
    }
    let mut niveles = Vec::with_capacity(destinos.len());
    for d in &destinos {
        niveles.push(check_destino(&mut *conn, d).await?);
    }
    for d in &destinos {
        check_target_scope(&mut *conn, actor, d).await?;
    }
    let mut filas = Vec::new();
    let mut duplicados = Vec::new();
    let items: Vec<(Option<i64>, String)> = match n.id_bloque {
        Some(b) => vec![(None, block_label(&mut *conn, b).await?)],
        None => temas.iter().map(|t| Some(*t)).zip(etiquetas).collect(),
    };
    for (d, nivel) in destinos.iter().zip(niveles) {
        for (cve_tema, etiqueta) in &items {
            let bloque = if cve_tema.is_none() {
                n.id_bloque
            } else {
                None
            };
            if let Some(id) =
                db::existing_requirement(&mut *conn, *cve_tema, bloque, d.tipo.as_str(), d.id)
                    .await?
            {
                duplicados.push(Duplicado {
                    id_requerimiento: id,
                    tema: etiqueta.clone(),
                    destino: destino_label(&mut *conn, d).await?,
                });
            }
            filas.push(Fila {
                cve_tema: *cve_tema,
                destino: *d,
                nivel,
            });
        }
    }
    Ok(Revision { filas, duplicados })
}

/// The name of a block (404 without it).
async fn block_label(conn: &mut SqliteConnection, id_bloque: i64) -> AppResult<String> {
    db::block_name(&mut *conn, id_bloque)
        .await?
        .ok_or_else(AppError::not_found)
}

/// All-or-nothing: checks (§4.3), inserts one requirement per (topic|block, destino), an 'alta' event
/// each (afectados = requirement_changed(...)), refreshes the cache. Returns the new ids.
pub async fn create_requirements(
    conn: &mut SqliteConnection,
    actor: &Actor,
    n: &NuevosRequerimientos,
    now: &str,
) -> AppResult<Vec<i64>> {
    let revision = review(&mut *conn, actor, n).await?;
    if let Some(d) = revision.duplicados.first() {
        let code = if n.id_bloque.is_some() {
            "plan.bloque_duplicado"
        } else {
            "plan.requerimiento_duplicado"
        };
        return Err(AppError::conflict(code)
            .arg("id_requerimiento", d.id_requerimiento.to_string())
            .arg("tema", d.tema.clone())
            .arg("destino", d.destino.clone()));
    }
    let mut ids = Vec::with_capacity(revision.filas.len());
    for f in &revision.filas {
        let id = db::insert_requirement(
            &mut *conn,
            n.programa.as_str(),
            f.cve_tema,
            if f.cve_tema.is_none() {
                n.id_bloque
            } else {
                None
            },
            f.destino.tipo.as_str(),
            f.destino.id,
            f.nivel,
            n.obligatoria,
            n.dias_limite,
            actor.cve_empleado,
            now,
        )
        .await?;
        let ev = db::insert_event(&mut *conn, id, "alta", now, actor.cve_empleado, None).await?;
        let afectados = super::derive::requirement_changed(&mut *conn, id, None, now).await?;
        db::set_event_affected(&mut *conn, ev, afectados).await?;
        ids.push(id);
    }
    Ok(ids)
}

/// Loads a requirement the actor may manage: 404 when missing or of another program
/// (when `programa` is given), 403 outside the actor's scope.
pub async fn managed_requirement(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id_requerimiento: i64,
    programa: Option<Programa>,
) -> AppResult<db::RequirementRow> {
    let row = db::requirement_row(&mut *conn, id_requerimiento)
        .await?
        .ok_or_else(AppError::not_found)?;
    if programa.is_some_and(|p| p.as_str() != row.programa) {
        return Err(AppError::not_found());
    }
    let tipo = DestinoTipo::parse(&row.destino_tipo)
        .ok_or_else(|| AppError::internal("destino_tipo desconocido"))?;
    check_target_scope(
        &mut *conn,
        actor,
        &Destino {
            tipo,
            id: row.destino_id,
        },
    )
    .await?;
    Ok(row)
}

/// Checks a reason's length (`motivo` of events).
fn check_motivo(motivo: Option<&str>) -> AppResult<Option<&str>> {
    let motivo = motivo.map(str::trim).filter(|m| !m.is_empty());
    if motivo.is_some_and(|m| m.chars().count() > PLAN_MOTIVO_MAX) {
        let mut e = AppError::bad_request("validacion.texto_largo");
        e.fields.insert("motivo".into(), "validacion.texto_largo");
        e.field_args
            .insert("motivo".into(), vec![("max", PLAN_MOTIVO_MAX.to_string())]);
        return Err(e);
    }
    Ok(motivo)
}

/// Enable/disable with an event (and, when disabling, who was affected).
pub async fn set_enabled(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id_requerimiento: i64,
    habilitado: bool,
    motivo: Option<&str>,
    now: &str,
) -> AppResult<()> {
    let motivo = check_motivo(motivo)?;
    let row = managed_requirement(&mut *conn, actor, id_requerimiento, None).await?;
    if (row.habilitado == 1) == habilitado {
        return Ok(());
    }
    db::set_requirement_enabled(&mut *conn, id_requerimiento, habilitado, now).await?;
    let accion = if habilitado {
        "habilitar"
    } else {
        "deshabilitar"
    };
    let ev = db::insert_event(
        &mut *conn,
        id_requerimiento,
        accion,
        now,
        actor.cve_empleado,
        motivo,
    )
    .await?;
    let deshabilitado = (!habilitado).then_some(ev);
    let afectados =
        super::derive::requirement_changed(&mut *conn, id_requerimiento, deshabilitado, now)
            .await?;
    db::set_event_affected(&mut *conn, ev, afectados).await?;
    Ok(())
}

/// Edits obligatoria / dias_limite ('editar' event with detalle).
pub async fn update_requirement(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id_requerimiento: i64,
    obligatoria: Option<bool>,
    dias_limite: Option<Option<i64>>,
    now: &str,
) -> AppResult<()> {
    if let Some(d) = dias_limite {
        check_dias_limite(d)?;
    }
    let row = managed_requirement(&mut *conn, actor, id_requerimiento, None).await?;
    let antes_obligatoria = row.obligatoria == 1;
    let nueva_obligatoria = obligatoria.unwrap_or(antes_obligatoria);
    let nuevos_dias = dias_limite.unwrap_or(row.dias_limite);
    let mut detalle = serde_json::Map::new();
    if nueva_obligatoria != antes_obligatoria {
        detalle.insert(
            "obligatoria".into(),
            serde_json::json!([i64::from(antes_obligatoria), i64::from(nueva_obligatoria)]),
        );
    }
    if nuevos_dias != row.dias_limite {
        detalle.insert(
            "dias_limite".into(),
            serde_json::json!([row.dias_limite, nuevos_dias]),
        );
    }
    if detalle.is_empty() {
        return Ok(());
    }
    db::update_terms(
        &mut *conn,
        id_requerimiento,
        nueva_obligatoria,
        nuevos_dias,
        now,
    )
    .await?;
    let ev = db::insert_event(
        &mut *conn,
        id_requerimiento,
        "editar",
        now,
        actor.cve_empleado,
        None,
    )
    .await?;
    db::set_event_detail(
        &mut *conn,
        ev,
        &serde_json::Value::Object(detalle).to_string(),
    )
    .await?;
    let afectados =
        super::derive::requirement_changed(&mut *conn, id_requerimiento, None, now).await?;
    db::set_event_affected(&mut *conn, ev, afectados).await?;
    Ok(())
}
