//! Permissions: every private route declares a [`Rule`]; one layer authenticates the
//! bearer token, enforces the rule and hands the handler a [`Principal`].

use std::collections::{HashMap, HashSet};
use std::sync::RwLock;

use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use utoipa::openapi::extensions::Extensions;
use utoipa_axum::router::UtoipaMethodRouter;

use super::db::permissions;
use super::session;
use super::token::{TokenKind, sha256_hex};
use crate::apis::db as apis_db;
use crate::error::{AppError, AppResult};
use crate::state::AppState;

/// What a route needs from its caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// No token at all (the generic-token call, public files).
    Anonimo,
    /// Pre-login calls: the generic token or any session.
    Publico,
    /// Any logged-in user.
    Sesion,
    /// A logged-in user whose active profile has this section.
    Seccion(&'static str),
    /// A password-reset token for the employee, or a session with the
    /// `configuracion.restablecer_contrasena` section.
    Restablecer,
    /// An API key from the `apis` list.
    ApiKey,
}

/// The section that lets an administrator set another user's password.
pub const SECCION_RESTABLECER: &str = "configuracion.restablecer_contrasena";

impl Rule {
    /// How the rule is written in the OpenAPI document (`x-aula-seccion`).
    pub fn doc(&self) -> String {
        match self {
            Rule::Anonimo => "anonimo".into(),
            Rule::Publico => "publico".into(),
            Rule::Sesion => "sesion".into(),
            Rule::Seccion(s) => format!("seccion:{s}"),
            Rule::Restablecer => "restablecer".into(),
            Rule::ApiKey => "api_key".into(),
        }
    }
}

/// What records a profile's queries may see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Todos,
    /// The employee's subordinates, direct and indirect.
    Subordinados(i64),
    /// Only the employee's own records.
    Propio(i64),
}

/// The scope a profile gives an employee (what its queries may see), as a session with
/// that profile would have it.
pub fn scope_of(state: &AppState, cve_empleado: i64, idperfil: i64) -> Scope {
    match state.perms.profile(idperfil).map(|p| p.alcance) {
        Some(a) if a == "todos" => Scope::Todos,
        Some(a) if a == "subordinados" => Scope::Subordinados(cve_empleado),
        _ => Scope::Propio(cve_empleado),
    }
}

/// A logged-in caller.
#[derive(Clone, Debug)]
pub struct SessionUser {
    pub cve_empleado: i64,
    pub idperfil: i64,
    pub sid: String,
    pub scope: Scope,
}

impl SessionUser {
    /// Whether the active profile has a section.
    pub fn can(&self, state: &AppState, clave: &str) -> bool {
        state.perms.has(self.idperfil, clave)
    }
}

/// Whoever is calling, once the rule is satisfied.
#[derive(Clone, Debug)]
pub enum Principal {
    Generico,
    Usuario(SessionUser),
    Restablecer { cve_empleado: i64, reset_id: String },
    Api { id: i64 },
}

impl<S: Send + Sync> FromRequestParts<S> for Principal {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<Principal>()
            .cloned()
            .ok_or_else(|| AppError::internal("route has no permission rule"))
    }
}

/// The logged-in user of a route with rule Sesion or Seccion.
pub struct CurrentUser(pub SessionUser);

impl<S: Send + Sync> FromRequestParts<S> for CurrentUser {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, s: &S) -> Result<Self, Self::Rejection> {
        match Principal::from_request_parts(parts, s).await? {
            Principal::Usuario(u) => Ok(CurrentUser(u)),
            _ => Err(AppError::unauthorized("auth.requiere_sesion")),
        }
    }
}

/// A profile as the permission checks see it.
#[derive(Clone, Debug)]
pub struct ProfileInfo {
    pub perfil: String,
    pub alcance: String,
    pub secciones: HashSet<String>,
}

/// The permission matrix in memory, reloaded whenever it changes.
#[derive(Default)]
pub struct PermissionCache {
    profiles: RwLock<HashMap<i64, ProfileInfo>>,
    /// Section key → display name.
    names: RwLock<HashMap<String, String>>,
}

impl PermissionCache {
    /// Reads profiles, sections and their links from the database.
    pub async fn reload(&self, pool: &sqlx::SqlitePool) -> AppResult<()> {
        let perfiles = permissions::profiles(pool).await?;
        let links = permissions::profile_section_keys(pool).await?;
        let secciones = permissions::section_names(pool).await?;
        let mut map: HashMap<i64, ProfileInfo> = perfiles
            .into_iter()
            .map(|(id, perfil, alcance)| {
                (
                    id,
                    ProfileInfo {
                        perfil,
                        alcance,
                        secciones: HashSet::new(),
                    },
                )
            })
            .collect();
        for (id, clave) in links {
            if let Some(p) = map.get_mut(&id) {
                p.secciones.insert(clave);
            }
        }
        let names = secciones
            .into_iter()
            .map(|(k, a, b, c, d)| {
                let name = [a, b, c, d]
                    .into_iter()
                    .filter(|s| !s.is_empty())
                    .collect::<Vec<_>>()
                    .join(" / ");
                (k, name)
            })
            .collect();
        if let Ok(mut w) = self.profiles.write() {
            *w = map;
        }
        if let Ok(mut w) = self.names.write() {
            *w = names;
        }
        Ok(())
    }

    pub fn has(&self, idperfil: i64, clave: &str) -> bool {
        self.profiles
            .read()
            .map(|m| {
                m.get(&idperfil)
                    .is_some_and(|p| p.secciones.contains(clave))
            })
            .unwrap_or(false)
    }

    pub fn profile(&self, idperfil: i64) -> Option<ProfileInfo> {
        self.profiles
            .read()
            .ok()
            .and_then(|m| m.get(&idperfil).cloned())
    }

    pub fn section_name(&self, clave: &str) -> String {
        self.names
            .read()
            .ok()
            .and_then(|m| m.get(clave).cloned())
            .unwrap_or_else(|| clave.to_string())
    }
}

/// Declares the rule of a set of routes: records it in the OpenAPI document and puts
/// the enforcing layer in front of the handlers.
pub fn secured(
    state: &AppState,
    rule: Rule,
    (schemas, mut paths, router): UtoipaMethodRouter<AppState>,
) -> UtoipaMethodRouter<AppState> {
    for item in paths.paths.values_mut() {
        for op in [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.delete,
            &mut item.patch,
            &mut item.head,
            &mut item.options,
            &mut item.trace,
        ]
        .into_iter()
        .flatten()
        {
            let ext = op.extensions.get_or_insert_with(Extensions::default);
            ext.insert(
                "x-aula-seccion".into(),
                serde_json::Value::String(rule.doc()),
            );
            if rule == Rule::Anonimo {
                continue;
            }
            if rule != Rule::ApiKey {
                op.security = Some(vec![utoipa::openapi::security::SecurityRequirement::new(
                    "bearer",
                    Vec::<String>::new(),
                )]);
            } else {
                op.security = Some(vec![utoipa::openapi::security::SecurityRequirement::new(
                    "api_key",
                    Vec::<String>::new(),
                )]);
            }
        }
    }
    let router = router.route_layer(axum::middleware::from_fn_with_state(
        (state.clone(), rule),
        enforce,
    ));
    (schemas, paths, router)
}

async fn enforce(
    State((state, rule)): State<(AppState, Rule)>,
    mut req: Request,
    next: Next,
) -> Response {
    let token = bearer(&req).map(str::to_string);
    match authorize(&state, rule, token.as_deref()).await {
        Ok(p) => {
            req.extensions_mut().insert(p);
            next.run(req).await
        }
        Err(e) => e.into_response(),
    }
}

fn bearer(req: &Request) -> Option<&str> {
    let v = req
        .headers()
        .get(axum::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?;
    let t = v
        .strip_prefix("Bearer ")
        .or_else(|| v.strip_prefix("bearer "))?
        .trim();
    (!t.is_empty()).then_some(t)
}

/// The single check behind every private route.
pub async fn authorize(state: &AppState, rule: Rule, token: Option<&str>) -> AppResult<Principal> {
    if rule == Rule::Anonimo {
        return Ok(Principal::Generico);
    }
    let token = token.ok_or_else(|| AppError::unauthorized("auth.sin_token"))?;
    if rule == Rule::ApiKey {
        return authorize_api_key(state, token).await;
    }
    let claims = state.keys.verify(token, state.now())?;
    match claims.kind {
        TokenKind::Generico => match rule {
            Rule::Publico => Ok(Principal::Generico),
            _ => Err(AppError::unauthorized("auth.requiere_sesion")),
        },
        TokenKind::Archivo => Err(AppError::unauthorized("auth.token_invalido")),
        TokenKind::Restablecer => match rule {
            Rule::Restablecer => {
                session::check_reset(state, &claims.sid, claims.cve_empleado).await?;
                Ok(Principal::Restablecer {
                    cve_empleado: claims.cve_empleado,
                    reset_id: claims.sid,
                })
            }
            _ => Err(AppError::unauthorized("auth.requiere_sesion")),
        },
        TokenKind::Sesion => {
            let user = session::check_active(state, &claims.sid, claims.cve_empleado).await?;
            match rule {
                Rule::Anonimo | Rule::Publico | Rule::Sesion => {}
                Rule::Seccion(clave) => {
                    if !user.can(state, clave) {
                        return Err(AppError::forbidden("auth.sin_permiso")
                            .arg("seccion", state.perms.section_name(clave)));
                    }
                }
                Rule::Restablecer => {
                    if !user.can(state, SECCION_RESTABLECER) {
                        return Err(AppError::forbidden("auth.sin_permiso")
                            .arg("seccion", state.perms.section_name(SECCION_RESTABLECER)));
                    }
                }
                Rule::ApiKey => return Err(AppError::unauthorized("auth.api_key_invalida")),
            }
            Ok(Principal::Usuario(user))
        }
    }
}

async fn authorize_api_key(state: &AppState, token: &str) -> AppResult<Principal> {
    let id = apis_db::active_key(&state.db.read, &sha256_hex(token))
        .await?
        .ok_or_else(|| AppError::unauthorized("auth.api_key_invalida"))?;
    apis_db::record_use(&state.db.write, id, &state.now_iso()).await?;
    Ok(Principal::Api { id })
}

/// Fails unless `cve` is within the scope.
pub async fn check_scope(state: &AppState, scope: Scope, cve: i64) -> AppResult<()> {
    let ok = match scope {
        Scope::Todos => true,
        Scope::Propio(me) => me == cve,
        Scope::Subordinados(me) => {
            me == cve || crate::employees::db::is_subordinate(&state.db.read, me, cve).await?
        }
    };
    if ok {
        Ok(())
    } else {
        Err(AppError::forbidden("auth.fuera_de_alcance"))
    }
}
