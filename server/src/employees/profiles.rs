//! Step 3 of the 'Cambiar perfil de usuario' wizard: the chosen profiles replace the
//! selected employees' profiles.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::db as auth_db;
use crate::auth::perms::{Rule, secured};
use crate::auth::session;
use crate::error::{AppResult, ErrorBody, FieldErrors};
use crate::extract::Json;
use crate::state::AppState;

/// The wizard's route.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(secured(
        state,
        Rule::Seccion("configuracion.cambiar_perfil_usuario"),
        routes!(change_profiles),
    ))
}

/// Most employees one change may touch.
const MAX_EMPLEADOS: usize = 15_000;

#[derive(Deserialize, ToSchema)]
struct CambioPerfiles {
    empleados: Vec<i64>,
    perfiles: Vec<i64>,
    /// One of `perfiles`.
    #[serde(default)]
    predeterminado: Option<i64>,
}

#[derive(Serialize, ToSchema)]
struct CambioPerfilesResp {
    resp: String,
    actualizados: u64,
}

/// Step 3 of 'Cambiar perfil de usuario': the chosen profiles replace the selected
/// employees' profiles, with one default. Open sessions on a removed profile end.
#[utoipa::path(post, path = "/api/pri/configuracion/cambiar_perfil_usuario", tag = "employees", request_body = CambioPerfiles,
    responses((status = 200, body = CambioPerfilesResp), (status = 400, body = ErrorBody)))]
async fn change_profiles(
    State(state): State<AppState>,
    Json(mut b): Json<CambioPerfiles>,
) -> AppResult<axum::Json<CambioPerfilesResp>> {
    b.empleados.sort_unstable();
    b.empleados.dedup();
    b.perfiles.sort_unstable();
    b.perfiles.dedup();
    let mut fe = FieldErrors::default();
    fe.check(
        !b.empleados.is_empty(),
        "empleados",
        "perfiles.sin_usuarios",
    );
    fe.check(
        b.empleados.len() <= MAX_EMPLEADOS,
        "empleados",
        "perfiles.demasiados",
    );
    fe.check(!b.perfiles.is_empty(), "perfiles", "perfiles.sin_perfiles");
    fe.check(
        b.predeterminado.is_some_and(|p| b.perfiles.contains(&p)),
        "predeterminado",
        "perfiles.sin_predeterminado",
    );
    for p in &b.perfiles {
        if state.perms.profile(*p).is_none() {
            fe.add("perfiles", "validacion.perfil");
        }
    }
    fe.into_result()?;
    let default = b.predeterminado.unwrap_or_default();
    let perfiles: Vec<(i64, bool)> = b.perfiles.iter().map(|p| (*p, *p == default)).collect();
    let mut tx = state.db.begin().await?;
    let mut ended: Vec<String> = Vec::new();
    let mut n = 0;
    for cve in &b.empleados {
        if !auth_db::has_account(&mut tx, *cve).await? {
            let mut fe = FieldErrors::default();
            fe.add("empleados", "perfiles.usuario_inexistente");
            fe.into_result()?;
        }
        auth_db::replace_profiles(&mut tx, *cve, &perfiles).await?;
        // A session working with a profile the user no longer has must start again.
        ended.extend(
            auth_db::end_sessions_without_profiles(
                &mut tx,
                *cve,
                &b.perfiles,
                "liberada",
                state.now(),
            )
            .await?,
        );
        n += 1;
    }
    tx.commit().await?;
    session::announce_ended(&state, &ended, "liberada").await;
    Ok(axum::Json(CambioPerfilesResp {
        resp: "Excelente".into(),
        actualizados: n,
    }))
}
