//! Server-side message catalogue: every error `code` has its text in es (the source of
//! truth, taken from the product spec where it has one), en and pt.

use axum::http::HeaderMap;

/// A language the API answers in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    Es,
    En,
    Pt,
}

impl Lang {
    /// Picks the first supported language of an `Accept-Language` header (es by default).
    pub fn from_headers(headers: &HeaderMap) -> Lang {
        let Some(value) = headers
            .get(axum::http::header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
        else {
            return Lang::Es;
        };
        let mut best: Option<(f32, Lang)> = None;
        for part in value.split(',') {
            let mut pieces = part.trim().split(';');
            let tag = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
            let q = pieces
                .find_map(|p| {
                    p.trim()
                        .strip_prefix("q=")
                        .and_then(|q| q.parse::<f32>().ok())
                })
                .unwrap_or(1.0);
            let lang = match tag.split('-').next().unwrap_or("") {
                "es" => Lang::Es,
                "en" => Lang::En,
                "pt" => Lang::Pt,
                _ => continue,
            };
            if best.is_none_or(|(bq, _)| q > bq) {
                best = Some((q, lang));
            }
        }
        best.map(|(_, l)| l).unwrap_or(Lang::Es)
    }

    /// The language of a short code (`en`, `pt`; anything else is es).
    pub fn from_code(code: &str) -> Lang {
        match code {
            "en" => Lang::En,
            "pt" => Lang::Pt,
            _ => Lang::Es,
        }
    }

    /// The short code used in e-mails and the web app (`es`, `en`, `pt`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::En => "en",
            Lang::Pt => "pt",
        }
    }
}

tokio::task_local! {
    /// The language of the request being handled (set by the language middleware).
    pub static REQUEST_LANG: Lang;
}

/// The language of the current request, es outside of one.
pub fn current_lang() -> Lang {
    REQUEST_LANG.try_with(|l| *l).unwrap_or_default()
}

/// Translates a message code; `{name}` placeholders are filled from `args`.
pub fn message(code: &str, lang: Lang, args: &[(&str, String)]) -> String {
    let (es, en, pt) = catalogue(code);
    let template = match lang {
        Lang::Es => es,
        Lang::En => en,
        Lang::Pt => pt,
    };
    let mut out = template.to_string();
    for (k, v) in args {
        out = out.replace(&format!("{{{k}}}"), v);
    }
    out
}

/// The text of a code the catalogue does not know: never shown for a catalogued code,
/// and the messages test fails on any code the server uses without an entry.
const FALLBACK: (&str, &str, &str) = (
    "Ocurrió un error inesperado",
    "An unexpected error occurred",
    "Ocorreu um erro inesperado",
);

/// Builds the lookup and the list of codes from the one table below, so the list the
/// web's completeness test reads cannot drift from the texts the server sends.
macro_rules! catalogue {
    ($($code:literal => ($es:expr, $en:expr, $pt:expr $(,)?),)*) => {
        fn catalogue(code: &str) -> (&'static str, &'static str, &'static str) {
            match code {
                $($code => ($es, $en, $pt),)*
                _ => FALLBACK,
            }
        }

        const CODES: &[&str] = &[$($code),*];
    };
}

/// Every code of the catalogue, in catalogue order; each has an es, en and pt text.
pub fn codes() -> &'static [&'static str] {
    CODES
}

catalogue! {
        // Session and login
        "auth.credenciales_invalidas" => (
            "Usuario o contraseña incorrectos. Favor de intentar de nuevo",
            "Wrong user or password. Please try again",
            "Usuário ou senha incorretos. Por favor, tente novamente",
        ),
        "auth.usuario_inactivo" => (
            "El usuario está dado de baja. Contacta al representante de tu empresa",
            "This user has been deactivated. Contact your company representative",
            "O usuário está desativado. Entre em contato com o representante da sua empresa",
        ),
        "auth.sin_token" => (
            "Falta el token de acceso. Favor de iniciar sesión de nuevo",
            "The access token is missing. Please log in again",
            "O token de acesso está ausente. Por favor, faça login novamente",
        ),
        "auth.token_invalido" => (
            "El token de acceso no es válido. Favor de iniciar sesión de nuevo",
            "The access token is not valid. Please log in again",
            "O token de acesso não é válido. Por favor, faça login novamente",
        ),
        "auth.sesion_caducada" => (
            "Sesión Caducada: han pasado mas de 10 minutos sin interacción. Favor de iniciar sesión de nuevo",
            "Session expired: more than 10 minutes passed without activity. Please log in again",
            "Sessão expirada: passaram mais de 10 minutos sem interação. Por favor, faça login novamente",
        ),
        "auth.sesion_reemplazada" => (
            "Otra persona está utilizando este usuario",
            "Someone else is using this user",
            "Outra pessoa está usando este usuário",
        ),
        "auth.sesion_liberada" => (
            "Tu sesión fue liberada por un administrador. Favor de iniciar sesión de nuevo",
            "Your session was released by an administrator. Please log in again",
            "Sua sessão foi liberada por um administrador. Por favor, faça login novamente",
        ),
        "auth.sesion_cerrada" => (
            "La sesión ya fue cerrada. Favor de iniciar sesión de nuevo",
            "The session has already been closed. Please log in again",
            "A sessão já foi encerrada. Por favor, faça login novamente",
        ),
        "auth.requiere_sesion" => (
            "Favor de iniciar sesión para continuar",
            "Please log in to continue",
            "Por favor, faça login para continuar",
        ),
        "auth.sin_permiso" => (
            "No tienes permiso para esta sección: {seccion}",
            "You do not have permission for this section: {seccion}",
            "Você não tem permissão para esta seção: {seccion}",
        ),
        "auth.fuera_de_alcance" => (
            "No tienes permiso sobre este empleado",
            "You do not have permission over this employee",
            "Você não tem permissão sobre este funcionário",
        ),
        "auth.demasiados_intentos" => (
            "Demasiados intentos. Por favor intenta mas tarde (en {minutos} minutos)",
            "Too many attempts. Please try again later (in {minutos} minutes)",
            "Muitas tentativas. Por favor, tente mais tarde (em {minutos} minutos)",
        ),
        "auth.contrasena_actual" => (
            "La contraseña actual no es correcta",
            "The current password is not correct",
            "A senha atual não está correta",
        ),
        "auth.enlace_invalido" => (
            "El enlace para restablecer la contraseña no es válido o ya caducó. Solicita uno nuevo",
            "The password reset link is not valid or has expired. Request a new one",
            "O link de redefinição de senha não é válido ou expirou. Solicite um novo",
        ),
        "auth.api_key_invalida" => (
            "La llave de API no es válida o fue revocada",
            "The API key is not valid or has been revoked",
            "A chave de API não é válida ou foi revogada",
        ),
        "auth.perfil_no_asignado" => (
            "Problemas para cambiar de perfil: el perfil no está asignado a este usuario",
            "Could not change profile: the profile is not assigned to this user",
            "Problemas para trocar de perfil: o perfil não está atribuído a este usuário",
        ),
        "auth.sin_sesion_activa" => (
            "El usuario no tiene una sesión activa",
            "The user has no active session",
            "O usuário não tem uma sessão ativa",
        ),
        "auth.registro_deshabilitado" => (
            "El registro de usuarios no está habilitado",
            "User registration is not enabled",
            "O cadastro de usuários não está habilitado",
        ),
        "auth.identificadores_protegidos" => (
            "No puedes cambiar el correo, la CURP ni el RFC de esta cuenta: tiene permisos que tu perfil no tiene. Pídeselo a alguien con esos permisos",
            "You cannot change this account's e-mail, CURP or RFC: it has permissions your profile does not have. Ask someone who has them",
            "Você não pode alterar o e-mail, a CURP nem o RFC desta conta: ela tem permissões que o seu perfil não tem. Peça a alguém que as tenha",
        ),
        "auth.registro_propio" => (
            "Tu propio registro no se edita desde el catálogo de empleados: actualiza tus datos en «Actualizar perfil» o pídeselo a Recursos Humanos",
            "Your own record is not edited from the employee catalogue: update your data in «Update profile» or ask Human Resources",
            "O seu próprio registro não é editado pelo catálogo de funcionários: atualize seus dados em «Atualizar perfil» ou peça ao RH",
        ),
        "auth.confirmacion_invalida" => (
            "El enlace para confirmar el correo no es válido, ya se usó o caducó. Vuelve a cambiar tu correo para recibir uno nuevo",
            "The e-mail confirmation link is not valid, was already used or has expired. Change your e-mail again to get a new one",
            "O link de confirmação de e-mail não é válido, já foi usado ou expirou. Altere seu e-mail novamente para receber um novo",
        ),
        // Validation
        "validacion.datos" => (
            "Favor de revisar los datos capturados",
            "Please check the data you entered",
            "Por favor, verifique os dados informados",
        ),
        "validacion.campo_requerido" => (
            "Este campo es obligatorio",
            "This field is required",
            "Este campo é obrigatório",
        ),
        "validacion.curp" => (
            "La CURP ingresada es incorrecta (18 caracteres)",
            "The entered CURP is incorrect (18 characters)",
            "O CURP informado está incorreto (18 caracteres)",
        ),
        "validacion.identificador" => (
            "La CURP ingresada es incorrecta",
            "The entered CURP is incorrect",
            "O CURP informado está incorreto",
        ),
        "validacion.rfc" => (
            "El RFC debe tener entre 12 y 13 caracteres",
            "The RFC must have 12 to 13 characters",
            "O RFC deve ter entre 12 e 13 caracteres",
        ),
        "validacion.correo" => (
            "El correo ingresado es incorrecto",
            "The entered e-mail is incorrect",
            "O e-mail informado está incorreto",
        ),
        "validacion.telefono" => (
            "El teléfono solo admite dígitos (8 a 15)",
            "The phone number accepts digits only (8 to 15)",
            "O telefone aceita apenas dígitos (8 a 15)",
        ),
        "validacion.genero" => (
            "El género debe ser H o M",
            "Gender must be H or M",
            "O gênero deve ser H ou M",
        ),
        "validacion.certificados" => (
            "Indica de 1 a 50 constancias como dc3:<curso> o curso:<curso>, separadas por comas",
            "List 1 to 50 certificates as dc3:<course> or curso:<course>, separated by commas",
            "Indique de 1 a 50 constâncias como dc3:<curso> ou curso:<curso>, separadas por vírgulas",
        ),
        "validacion.formato" => (
            "Formato no disponible: elige json, pdf o xlsx",
            "Format not available: choose json, pdf or xlsx",
            "Formato não disponível: escolha json, pdf ou xlsx",
        ),
        "validacion.fecha" => (
            "La fecha no es válida (aaaa-mm-dd)",
            "The date is not valid (yyyy-mm-dd)",
            "A data não é válida (aaaa-mm-dd)",
        ),
        "validacion.texto_largo" => (
            "El texto es demasiado largo (máximo {max} caracteres)",
            "The text is too long (at most {max} characters)",
            "O texto é muito longo (máximo {max} caracteres)",
        ),
        "validacion.contrasena" => (
            "La contraseña debe tener al menos 8 caracteres, 2 números, 1 carácter especial, 1 mayúscula y 1 minúscula",
            "The password needs at least 8 characters, 2 digits, 1 special character, 1 uppercase and 1 lowercase letter",
            "A senha precisa de pelo menos 8 caracteres, 2 números, 1 caractere especial, 1 maiúscula e 1 minúscula",
        ),
        "validacion.contrasena_numero_usuario" => (
            "Favor de revisar que la contraseña no sea igual al numero de usuario: {id}",
            "Please make sure the password is not the same as the user number: {id}",
            "Verifique se a senha não é igual ao número do usuário: {id}",
        ),
        "validacion.contrasenas_no_coinciden" => (
            "Favor de revisar que las contraseñas coincidan",
            "Please make sure the passwords match",
            "Verifique se as senhas coincidem",
        ),
        "validacion.entidad_demo" => (
            "Selecciona la entidad por favor",
            "Please select the entity",
            "Selecione a entidade, por favor",
        ),
        "validacion.contrasena_igual" => (
            "La nueva contraseña debe ser distinta de la actual",
            "The new password must differ from the current one",
            "A nova senha deve ser diferente da atual",
        ),
        "validacion.estado" => (
            "Selecciona un estado válido",
            "Select a valid state",
            "Selecione um estado válido",
        ),
        "validacion.puesto" => (
            "Selecciona un puesto válido",
            "Select a valid position",
            "Selecione um cargo válido",
        ),
        "validacion.estructura" => (
            "Selecciona una estructura válida",
            "Select a valid structure",
            "Selecione uma estrutura válida",
        ),
        "validacion.perfil" => (
            "El perfil no existe",
            "The profile does not exist",
            "O perfil não existe",
        ),
        "validacion.color" => (
            "El color debe tener el formato #RRGGBB",
            "The colour must look like #RRGGBB",
            "A cor deve ter o formato #RRGGBB",
        ),
        "validacion.numero" => (
            "El valor debe ser un número válido",
            "The value must be a valid number",
            "O valor deve ser um número válido",
        ),
        "validacion.bandera" => (
            "El valor debe ser '0' o '1'",
            "The value must be '0' or '1'",
            "O valor deve ser '0' ou '1'",
        ),
        "validacion.campo_desconocido" => (
            "El campo '{campo}' no existe",
            "The field '{campo}' does not exist",
            "O campo '{campo}' não existe",
        ),
        "validacion.url" => (
            "La dirección no es válida",
            "The address is not valid",
            "O endereço não é válido",
        ),
        "duplicado.curp" => (
            "Ya existe un empleado con esa CURP",
            "An employee with that CURP already exists",
            "Já existe um funcionário com esse CURP",
        ),
        "duplicado.rfc" => (
            "Ya existe un empleado con ese RFC",
            "An employee with that RFC already exists",
            "Já existe um funcionário com esse RFC",
        ),
        "duplicado.correo" => (
            "Ya existe un empleado con ese correo",
            "An employee with that e-mail already exists",
            "Já existe um funcionário com esse e-mail",
        ),
        "duplicado.num_empleado" => (
            "Ya existe un empleado con ese número",
            "An employee with that number already exists",
            "Já existe um funcionário com esse número",
        ),
        "validacion.alfanumerico" => (
            "Solo se permiten letras, números y signos básicos",
            "Only letters, digits and basic punctuation are allowed",
            "Apenas letras, números e sinais básicos são permitidos",
        ),
        "duplicado.estructura" => (
            "Ya existe un elemento con ese nombre en el mismo nivel",
            "An item with that name already exists at the same level",
            "Já existe um item com esse nome no mesmo nível",
        ),
        "duplicado.puesto" => (
            "Ya existe un puesto con ese nombre en la estructura",
            "A position with that name already exists in the structure",
            "Já existe um cargo com esse nome na estrutura",
        ),
        "duplicado.planta" => (
            "Ya existe una planta con ese nombre en la empresa",
            "A plant with that name already exists in the company",
            "Já existe uma planta com esse nome na empresa",
        ),
        // Table engine
        "tabla.columna_desconocida" => (
            "La columna '{columna}' no se puede ordenar ni filtrar en esta tabla",
            "The column '{columna}' cannot be sorted or filtered in this table",
            "A coluna '{columna}' não pode ser ordenada nem filtrada nesta tabela",
        ),
        "tabla.cantidad_por_pagina" => (
            "La cantidad por página debe ser 10, 20, 50 o 100",
            "The page size must be 10, 20, 50 or 100",
            "A quantidade por página deve ser 10, 20, 50 ou 100",
        ),
        "tabla.pagina" => (
            "La página debe ser 1 o mayor",
            "The page must be 1 or greater",
            "A página deve ser 1 ou maior",
        ),
        "tabla.orden" => (
            "El tipo de orden debe ser asc o desc",
            "The sort direction must be asc or desc",
            "O tipo de ordenação deve ser asc ou desc",
        ),
        "tabla.filtro" => (
            "El filtro '{filtro}' no es válido",
            "The filter '{filtro}' is not valid",
            "O filtro '{filtro}' não é válido",
        ),
        // Files
        "archivo.requerido" => (
            "Falta el archivo",
            "The file is missing",
            "O arquivo está ausente",
        ),
        "archivo.tipo_imagen" => (
            "La imagen debe ser png, gif o jpeg",
            "The image must be png, gif or jpeg",
            "A imagem deve ser png, gif ou jpeg",
        ),
        "archivo.demasiado_grande" => (
            "El archivo debe pesar menos de 8 MB",
            "The file must be smaller than 8 MB",
            "O arquivo deve ter menos de 8 MB",
        ),
        // Company
        "apis.nombre_duplicado" => (
            "Ya existe una llave de API activa con ese nombre",
            "An active API key with that name already exists",
            "Já existe uma chave de API ativa com esse nome",
        ),
        // Realtime: chat, notifications, push
        "auth.origen_no_permitido" => (
            "La conexión viene de un origen no permitido",
            "The connection comes from an origin that is not allowed",
            "A conexão vem de uma origem não permitida",
        ),
        "chat.mismo_empleado" => (
            "No puedes enviarte mensajes a ti mismo",
            "You cannot send messages to yourself",
            "Você não pode enviar mensagens para si mesmo",
        ),
        "chat.destinatario" => (
            "El destinatario no existe o está inactivo",
            "The recipient does not exist or is inactive",
            "O destinatário não existe ou está inativo",
        ),
        "chat.mensaje_vacio" => (
            "El mensaje no puede estar vacío",
            "The message cannot be empty",
            "A mensagem não pode estar vazia",
        ),
        "chat.mensaje_largo" => (
            "El mensaje admite máximo 100 caracteres",
            "Messages allow at most 100 characters",
            "A mensagem permite no máximo 100 caracteres",
        ),
        "chat.imagen_tipo" => (
            "La imagen debe ser png o jpeg",
            "The image must be png or jpeg",
            "A imagem deve ser png ou jpeg",
        ),
        "chat.enlace" => (
            "El enlace de la imagen no es válido o ya caducó",
            "The image link is not valid or has expired",
            "O link da imagem não é válido ou expirou",
        ),
        "chat.demasiados_mensajes" => (
            "Estás enviando mensajes muy rápido; espera unos segundos",
            "You are sending messages too fast; wait a few seconds",
            "Você está enviando mensagens rápido demais; aguarde alguns segundos",
        ),
        "cia.demasiadas_solicitudes" => (
            "Ya recibimos tus solicitudes de contratación; intenta de nuevo más tarde",
            "We already received your upgrade requests; try again later",
            "Já recebemos suas solicitações de contratação; tente novamente mais tarde",
        ),
        "tabla.filtro_repetido" => (
            "La columna '{columna}' tiene más de un filtro; envía uno por columna",
            "The column '{columna}' has more than one filter; send one per column",
            "A coluna '{columna}' tem mais de um filtro; envie um por coluna",
        ),
        "apis.perfil_no_permitido" => (
            "Esta llave de API no puede crear empleados con el perfil '{perfil}'",
            "This API key cannot create employees with the profile '{perfil}'",
            "Esta chave de API não pode criar funcionários com o perfil '{perfil}'",
        ),
        "apis.sin_administrador" => (
            "Una llave de API nunca puede crear administradores",
            "An API key can never create administrators",
            "Uma chave de API nunca pode criar administradores",
        ),
        "archivo.imagen_dimensiones" => (
            "La imagen es demasiado grande: máximo {max} pixeles por lado y 40 megapixeles",
            "The image is too large: at most {max} pixels a side and 40 megapixels",
            "A imagem é grande demais: máximo {max} pixels por lado e 40 megapixels",
        ),
        "chat.busqueda_corta" => (
            "Escribe al menos 4 caracteres para buscar",
            "Type at least 4 characters to search",
            "Digite pelo menos 4 caracteres para pesquisar",
        ),
        "notificaciones.no_disponible" => (
            "La notificación ya no se encuentra disponible",
            "The notification is no longer available",
            "A notificação não está mais disponível",
        ),
        "notificaciones.sin_destinatarios" => (
            "No hay destinatarios activos para la notificación",
            "There are no active recipients for the notification",
            "Não há destinatários ativos para a notificação",
        ),
        "notificaciones.lista" => (
            "La lista de destinatarios debe tener entre 1 y 5000 empleados",
            "The recipient list must have 1 to 5000 employees",
            "A lista de destinatários deve ter entre 1 e 5000 funcionários",
        ),
        // Training plans and the accreditation ledger (issue 11)
        "plan.requiere_tema" => (
            "Selecciona al menos un tema",
            "Select at least one topic",
            "Selecione pelo menos um tema",
        ),
        "plan.requiere_puesto" => (
            "Selecciona al menos un puesto",
            "Select at least one position",
            "Selecione pelo menos um cargo",
        ),
        "plan.requiere_empleado" => (
            "Selecciona al menos un empleado",
            "Select at least one employee",
            "Selecione pelo menos um funcionário",
        ),
        "plan.requiere_estructura" => (
            "Selecciona al menos un elemento de la estructura",
            "Select at least one structure node",
            "Selecione pelo menos um elemento da estrutura",
        ),
        "plan.tipo_asignacion" => (
            "El tipo de asignación debe ser puestos o empleados",
            "The assignment type must be positions or employees",
            "O tipo de atribuição deve ser cargos ou funcionários",
        ),
        "plan.tema_no_encontrado" => (
            "Tema no encontrado",
            "Topic not found",
            "Tema não encontrado",
        ),
        "plan.tema_inactivo" => (
            "El tema {tema} está inactivo",
            "Topic {tema} is inactive",
            "O tema {tema} está inativo",
        ),
        "plan.empleado_no_encontrado" => (
            "Empelado no encontrado",
            "Employee not found",
            "Funcionário não encontrado",
        ),
        "plan.destino_no_encontrado" => (
            "No existe {destino}",
            "{destino} does not exist",
            "{destino} não existe",
        ),
        "plan.destino_inactivo" => (
            "{destino} está inactivo",
            "{destino} is inactive",
            "{destino} está inativo",
        ),
        "plan.requerimiento_duplicado" => (
            "Ya existe el requerimiento {id_requerimiento}: {tema} para {destino}",
            "Requirement {id_requerimiento} already exists: {tema} for {destino}",
            "Já existe o requisito {id_requerimiento}: {tema} para {destino}",
        ),
        "plan.bloque_duplicado" => (
            "El bloque ya está asignado a {destino} (requerimiento {id_requerimiento})",
            "The block is already assigned to {destino} (requirement {id_requerimiento})",
            "O bloco já está atribuído a {destino} (requisito {id_requerimiento})",
        ),
        "plan.sin_lugares" => (
            "La lista debe ser menor que los lugares disponibles ({libres})",
            "The list must be smaller than the available seats ({libres})",
            "A lista deve ser menor que as vagas disponíveis ({libres})",
        ),
        "plan.demasiados_empleados" => (
            "Para poder seleccionar todos deben haber menos de 15.000 registros",
            "To select all there must be fewer than 15,000 records",
            "Para selecionar todos deve haver menos de 15.000 registros",
        ),
        "plan.dias_limite" => (
            "Los días límite deben estar entre 1 y 3650",
            "Deadline days must be between 1 and 3650",
            "Os dias-limite devem estar entre 1 e 3650",
        ),
        "plan.motivo_requerido" => (
            "Escribe el motivo de la acreditación manual",
            "Write the reason for the manual accreditation",
            "Escreva o motivo da acreditação manual",
        ),
        "plan.calificacion_fuera_de_escala" => (
            "La calificación debe estar entre {min} y {max}",
            "The grade must be between {min} and {max}",
            "A nota deve estar entre {min} e {max}",
        ),
        "plan.calificacion_no_aplica" => (
            "Este tema no se evalúa con calificación",
            "This topic is not graded",
            "Este tema não é avaliado com nota",
        ),
        "cursos.sin_lugares" => (
            "No hay lugares disponibles",
            "No spots available",
            "Não há vagas disponíveis",
        ),
        "cursos.inscripcion_masiva_cupo" => (
            "La inscripción de varios empleados solo es posible cuando la lista es menor a los lugares disponibles ({libres})",
            "Several employees can be enrolled only when the list is smaller than the available spots ({libres})",
            "A inscrição de vários funcionários só é possível quando a lista é menor que as vagas disponíveis ({libres})",
        ),
        "cursos.ya_inscrito" => (
            "El empleado ya está inscrito o en lista de espera en este curso",
            "The employee is already enrolled or on the waiting list of this course",
            "O funcionário já está inscrito ou na lista de espera deste curso",
        ),
        "cursos.mismo_tema" => (
            "El empleado ya tiene un curso activo o pendiente del mismo tema en esas fechas: {curso} ({fecha})",
            "The employee already has an active or pending course of the same topic on those dates: {curso} ({fecha})",
            "O funcionário já tem um curso ativo ou pendente do mesmo tema nessas datas: {curso} ({fecha})",
        ),
        "cursos.prerrequisito" => (
            "Falta acreditar el prerrequisito {tema}",
            "The prerequisite {tema} is not accredited yet",
            "Falta acreditar o pré-requisito {tema}",
        ),
        "cursos.empleado_inactivo" => (
            "El empleado está inactivo o dado de baja",
            "The employee is inactive or no longer with the company",
            "O funcionário está inativo ou desligado",
        ),
        "cursos.instructor_del_curso" => (
            "El instructor del curso no puede inscribirse ni confirmar asistencia en él",
            "The course's instructor cannot be enrolled in it nor confirm attendance",
            "O instrutor do curso não pode se inscrever nem confirmar presença nele",
        ),
        "cursos.terminado" => (
            "El curso ya terminó",
            "The course has already ended",
            "O curso já terminou",
        ),
        "cursos.inscripcion_no_encontrada" => (
            "No se encontró la inscripción",
            "The enrolment was not found",
            "A inscrição não foi encontrada",
        ),
        "cursos.inscripcion_cancelada" => (
            "La inscripción ya fue cancelada",
            "The enrolment was already cancelled",
            "A inscrição já foi cancelada",
        ),
        "cursos.ya_inicio" => (
            "El curso ya comenzó: tu inscripción ya no se puede cancelar",
            "The course has already started: your enrolment can no longer be cancelled",
            "O curso já começou: sua inscrição não pode mais ser cancelada",
        ),
        "cursos.sin_autoinscripcion" => (
            "Este curso no admite solicitudes de inscripción",
            "This course does not take enrolment requests",
            "Este curso não aceita pedidos de inscrição",
        ),
        "cursos.solicitud_pendiente" => (
            "Ya hay una solicitud pendiente para este curso",
            "There is already a pending request for this course",
            "Já existe um pedido pendente para este curso",
        ),
        "solicitudes.resuelta" => (
            "La notificación ya no se encuentra disponible",
            "The notification is no longer available",
            "A notificação não está mais disponível",
        ),
        "solicitudes.no_encontrada" => (
            "No se encontró la solicitud",
            "The request was not found",
            "O pedido não foi encontrado",
        ),
        "solicitudes.no_autorizado" => (
            "Esta solicitud no está a tu cargo",
            "This request is not yours to answer",
            "Este pedido não está sob sua responsabilidade",
        ),
        "cursos.fecha_pasada" => (
            "La fecha deseada debe ser hoy o posterior",
            "The wished date must be today or later",
            "A data desejada deve ser hoje ou posterior",
        ),
        "cursos.solicitud_resuelta" => (
            "La solicitud de fecha ya fue atendida",
            "The course-date request was already resolved",
            "O pedido de data já foi atendido",
        ),
        "cursos.confirmar_instructor" => (
            "Problemas para confirmar Asistencia: un instructor no confirma asistencia",
            "Attendance could not be confirmed: an instructor does not confirm attendance",
            "Problemas para confirmar presença: um instrutor não confirma presença",
        ),
        "cursos.no_inscrito" => (
            "El participante no tiene lugar en el curso",
            "The participant does not hold a seat in the course",
            "O participante não tem vaga no curso",
        ),
        "cursos.ya_calificado" => (
            "Problemas para confirmar Asistencia: ya tienes calificación en este curso",
            "Attendance could not be confirmed: you already have a grade in this course",
            "Problemas para confirmar presença: você já tem nota neste curso",
        ),
        "cursos.ya_confirmado" => (
            "Ya confirmaste tu asistencia a este curso",
            "You already confirmed your attendance to this course",
            "Você já confirmou sua presença neste curso",
        ),
        "scorm.sin_paquete" => (
            "El tema no tiene un paquete SCORM.",
            "The topic has no SCORM package.",
            "O tema não tem um pacote SCORM.",
        ),
        "scorm.no_disponible" => (
            "El curso SCORM no está disponible para ti.",
            "The SCORM course is not available to you.",
            "O curso SCORM não está disponível para você.",
        ),
        "scorm.paquete_demasiado_grande" => (
            "El paquete SCORM supera el tamaño máximo de {max} MB.",
            "The SCORM package is larger than the {max} MB limit.",
            "O pacote SCORM ultrapassa o tamanho máximo de {max} MB.",
        ),
        // Certificates (DC-3 and verification)
        "certificados.curso_sin_informacion" => (
            "No se encontro información del curso",
            "No information about the course was found",
            "Não foram encontradas informações do curso",
        ),
        "certificados.dc3_incompleto" => (
            "El curso tiene datos incompletos",
            "The course has incomplete data",
            "O curso tem dados incompletos",
        ),
        "certificados.constancia_incompleta" => (
            "No se puede emitir la constancia del curso",
            "The course certificate cannot be issued",
            "Não é possível emitir a constância do curso",
        ),
        "certificados.lote_vacio" => (
            "Ningún participante del curso tiene su constancia lista para emitirse",
            "No participant of the course has their certificate ready to be issued",
            "Nenhum participante do curso tem sua constância pronta para ser emitida",
        ),
        "certificados.bloque_incompleto" => (
            "El bloque no está concluido: le faltan temas por acreditar",
            "The block is not finished: some of its topics are not accredited yet",
            "O bloco não está concluído: faltam temas a serem aprovados",
        ),
        "certificados.falta_cierre" => (
            "El curso no ha sido cerrado: la constancia se emite con sus resultados",
            "The course has not been closed: the certificate is issued with its results",
            "O curso não foi encerrado: a constância é emitida com seus resultados",
        ),
        "certificados.falta_acreditacion" => (
            "El participante no acreditó el curso",
            "The participant did not pass the course",
            "O participante não foi aprovado no curso",
        ),
        "certificados.falta_curp" => (
            "La CURP del trabajador (18 caracteres)",
            "The worker's CURP (18 characters)",
            "A CURP do trabalhador (18 caracteres)",
        ),
        "certificados.falta_ocupacion" => (
            "La ocupación específica del trabajador (Catálogo Nacional de Ocupaciones)",
            "The worker's specific occupation (national occupation catalogue)",
            "A ocupação específica do trabalhador (catálogo nacional de ocupações)",
        ),
        "certificados.falta_razon_social" => (
            "El nombre o razón social de la empresa",
            "The company's name or registered business name",
            "O nome ou razão social da empresa",
        ),
        "certificados.falta_rfc" => (
            "El RFC con homoclave de la empresa",
            "The company's RFC with its homoclave",
            "O RFC com homoclave da empresa",
        ),
        "certificados.falta_instructor" => (
            "El instructor del curso",
            "The course's instructor",
            "O instrutor do curso",
        ),
        "certificados.falta_registro_stps" => (
            "El registro STPS del agente capacitador externo",
            "The STPS registration of the external training provider",
            "O registro STPS do agente de capacitação externo",
        ),
        "certificados.falta_firma_instructor" => (
            "La firma del instructor",
            "The instructor's signature",
            "A assinatura do instrutor",
        ),
        "certificados.falta_patron" => (
            "El patrón o representante legal de la empresa",
            "The company's employer or legal representative",
            "O empregador ou representante legal da empresa",
        ),
        "certificados.falta_firma_patron" => (
            "La firma del patrón o representante legal",
            "The signature of the employer or legal representative",
            "A assinatura do empregador ou representante legal",
        ),
        "certificados.falta_trabajadores" => (
            "El representante de los trabajadores (empresa de más de 50 trabajadores)",
            "The workers' representative (company of more than 50 workers)",
            "O representante dos trabalhadores (empresa com mais de 50 trabalhadores)",
        ),
        "certificados.falta_firma_trabajadores" => (
            "La firma del representante de los trabajadores",
            "The workers' representative's signature",
            "A assinatura do representante dos trabalhadores",
        ),
        "certificados.empleado_no_encontrado" => (
            "Empelado no encontrado",
            "Employee not found",
            "Funcionário não encontrado",
        ),
        "certificados.tema_no_encontrado" => (
            "Tema no encontrado",
            "Topic not found",
            "Tema não encontrado",
        ),
        "certificados.fecha_invalida" => (
            "La fecha de acreditación no es válida (usa AAAA-MM-DD o DD/MM/AAAA)",
            "The accreditation date is not valid (use YYYY-MM-DD or DD/MM/YYYY)",
            "A data de acreditação não é válida (use AAAA-MM-DD ou DD/MM/AAAA)",
        ),
        "certificados.fecha_futura" => (
            "La fecha de acreditación no puede ser posterior a hoy",
            "The accreditation date cannot be later than today",
            "A data de acreditação não pode ser posterior a hoje",
        ),
        "certificados.vigencia_invalida" => (
            "La fecha de vigencia no puede ser anterior a la fecha de acreditación",
            "The validity date cannot be earlier than the accreditation date",
            "A data de validade não pode ser anterior à data de acreditação",
        ),
        "certificados.dc3_invalido" => (
            "La DC-3 indicada no se cargó en esta sesión; cárgala de nuevo",
            "The DC-3 given was not uploaded in this session; upload it again",
            "A DC-3 indicada não foi carregada nesta sessão; carregue-a novamente",
        ),
        "certificados.certificacion_duplicada" => (
            "El trabajador ya tiene registrada esta certificación en esa fecha",
            "The worker already has this certification recorded on that date",
            "O trabalhador já tem esta certificação registrada nessa data",
        ),
        "certificados.dc3_no_pdf" => (
            "La DC-3 debe ser un archivo PDF",
            "The DC-3 must be a PDF file",
            "A DC-3 deve ser um arquivo PDF",
        ),
        "certificados.plantilla_invalida" => (
            "El archivo no tiene las columnas de la plantilla (CUIL_CUIT_CURP, Fecha_Realizacion, ID_TEMA)",
            "The file lacks the template's columns (CUIL_CUIT_CURP, Fecha_Realizacion, ID_TEMA)",
            "O arquivo não tem as colunas do modelo (CUIL_CUIT_CURP, Fecha_Realizacion, ID_TEMA)",
        ),
        "certificados.archivo_vacio" => (
            "El archivo no tiene filas con datos",
            "The file has no rows with data",
            "O arquivo não tem linhas com dados",
        ),
        "certificados.archivo_grande" => (
            "El archivo tiene más de {max} filas; divídelo en varios",
            "The file has more than {max} rows; split it into several",
            "O arquivo tem mais de {max} linhas; divida-o em vários",
        ),
        "certificados.lote_invalido" => (
            "Envía de 1 a {max} certificaciones por carga",
            "Send 1 to {max} certifications per batch",
            "Envie de 1 a {max} certificações por lote",
        ),
        "certificados.dc3_existente" => (
            "El registro ya tiene una DC-3; usa «cambiar» para reemplazarla",
            "The record already has a DC-3; use «change» to replace it",
            "O registro já tem uma DC-3; use «trocar» para substituí-la",
        ),
        "certificados.certificacion_autorizada" => (
            "La certificación ya fue autorizada y no puede cambiarse",
            "The certification was already authorised and cannot change",
            "A certificação já foi autorizada e não pode ser alterada",
        ),
        "certificados.certificacion_sin_dc3" => (
            "No se puede autorizar una certificación sin su DC-3",
            "A certification cannot be authorised without its DC-3",
            "Não é possível autorizar uma certificação sem a sua DC-3",
        ),
        "certificados.certificacion_revisada" => (
            "La certificación ya fue revisada",
            "The certification was already reviewed",
            "A certificação já foi revisada",
        ),
        "asistente.desactivado" => (
            "El asistente no está activo en esta empresa",
            "The assistant is not enabled for this company",
            "O assistente não está ativo nesta empresa",
        ),
        "reportes.fuente_desconocida" => (
            "La fuente de datos '{fuente}' no existe",
            "The data source '{fuente}' does not exist",
            "A fonte de dados '{fuente}' não existe",
        ),
        "reportes.columna_desconocida" => (
            "La columna '{columna}' no existe en esta fuente de datos",
            "The column '{columna}' does not exist in this data source",
            "A coluna '{columna}' não existe nesta fonte de dados",
        ),
        "reportes.columna_repetida" => (
            "La columna '{columna}' está repetida",
            "The column '{columna}' is repeated",
            "A coluna '{columna}' está repetida",
        ),
        "reportes.columnas" => (
            "Elige de 1 a {max} columnas",
            "Choose 1 to {max} columns",
            "Escolha de 1 a {max} colunas",
        ),
        "reportes.filtros" => (
            "Un reporte admite hasta {max} filtros",
            "A report takes up to {max} filters",
            "Um relatório aceita até {max} filtros",
        ),
        "reportes.agrupar" => (
            "Agrupa por hasta {max} columnas",
            "Group by up to {max} columns",
            "Agrupe por até {max} colunas",
        ),
        "reportes.agrupar_columna" => (
            "No se puede agrupar por la columna '{columna}'",
            "You cannot group by the column '{columna}'",
            "Não é possível agrupar pela coluna '{columna}'",
        ),
        "reportes.totales" => (
            "Un reporte admite hasta {max} totales",
            "A report takes up to {max} totals",
            "Um relatório aceita até {max} totais",
        ),
        "reportes.operador" => (
            "El operador '{operador}' no aplica a la columna '{columna}'",
            "The operator '{operador}' does not apply to the column '{columna}'",
            "O operador '{operador}' não se aplica à coluna '{columna}'",
        ),
        "reportes.funcion" => (
            "El total '{funcion}' no aplica a la columna '{columna}'",
            "The total '{funcion}' does not apply to the column '{columna}'",
            "O total '{funcion}' não se aplica à coluna '{columna}'",
        ),
        "reportes.valor" => (
            "El valor del filtro de '{columna}' no es válido",
            "The filter value of '{columna}' is not valid",
            "O valor do filtro de '{columna}' não é válido",
        ),
        "reportes.pdf_demasiadas_filas" => (
            "El PDF admite hasta {max} filas: exporta a Excel o CSV, o agrega filtros",
            "A PDF holds up to {max} rows: export to Excel or CSV, or add filters",
            "O PDF aceita até {max} linhas: exporte para Excel ou CSV, ou adicione filtros",
        ),
        "reportes.nombre_repetido" => (
            "Ya tienes un reporte llamado '{nombre}'",
            "You already have a report called '{nombre}'",
            "Você já tem um relatório chamado '{nombre}'",
        ),
        "reportes.perfil_desconocido" => (
            "El perfil {perfil} no existe",
            "The profile {perfil} does not exist",
            "O perfil {perfil} não existe",
        ),
        "reportes.solo_autor" => (
            "Solo quien creó el reporte o un administrador puede modificarlo",
            "Only whoever created the report or an administrator may change it",
            "Somente quem criou o relatório ou um administrador pode alterá-lo",
        ),
        "reportes.frecuencia" => (
            "La frecuencia debe ser semanal o mensual",
            "The frequency must be weekly or monthly",
            "A frequência deve ser semanal ou mensal",
        ),
        "reportes.dia" => (
            "El día de envío no es válido: de lunes a domingo, o del 1 al 28 del mes",
            "The sending day is not valid: Monday to Sunday, or the 1st to the 28th of the month",
            "O dia de envio não é válido: de segunda a domingo, ou do 1 ao 28 do mês",
        ),
        "reportes.destinatarios" => (
            "Elige de 1 a {max} destinatarios activos",
            "Choose 1 to {max} active recipients",
            "Escolha de 1 a {max} destinatários ativos",
        ),
        "reportes.destinatario_sin_correo" => (
            "{nombre} no tiene correo registrado",
            "{nombre} has no e-mail address on record",
            "{nombre} não tem e-mail cadastrado",
        ),
        "reportes.destinatario_sin_acceso" => (
            "El reporte no está compartido con el perfil de {nombre}",
            "The report is not shared with {nombre}'s profile",
            "O relatório não está compartilhado com o perfil de {nombre}",
        ),
        "exportacion.formato" => (
            "El formato de exportación debe ser xlsx, csv o pdf",
            "The export format must be xlsx, csv or pdf",
            "O formato de exportação deve ser xlsx, csv ou pdf",
        ),
        "exportacion.no_lista" => (
            "La exportación aún no termina",
            "The export has not finished yet",
            "A exportação ainda não terminou",
        ),
        "exportacion.expirada" => (
            "La exportación ya no está disponible: genera una nueva",
            "The export is no longer available: make a new one",
            "A exportação não está mais disponível: gere uma nova",
        ),
        "slides.perfil_ajeno" => (
            "Solo puedes consultar los anuncios de bienvenida de tu perfil activo",
            "You can only see the welcome announcements of your active profile",
            "Você só pode consultar os anúncios de boas-vindas do seu perfil ativo",
        ),
        "anuncios.limite" => (
            "Se alcanzó el máximo de {max} anuncios; elimina alguno antes de agregar otro",
            "The maximum of {max} announcements was reached; delete one before adding another",
            "O máximo de {max} anúncios foi atingido; exclua algum antes de adicionar outro",
        ),
        "validacion.periodo_largo" => (
            "El periodo no puede ser mayor a 5 años",
            "The period cannot be longer than 5 years",
            "O período não pode ser maior que 5 anos",
        ),
        "validacion.tipo_anuncio" => (
            "El tipo debe ser imagen o texto",
            "The type must be image or text",
            "O tipo deve ser imagem ou texto",
        ),
        "validacion.perfiles" => (
            "Selecciona al menos un perfil existente",
            "Select at least one existing profile",
            "Selecione pelo menos um perfil existente",
        ),
        "validacion.orden" => (
            "El orden debe estar entre 0 y 999",
            "The order must be between 0 and 999",
            "A ordem deve estar entre 0 e 999",
        ),
        "tareas.fuera_de_equipo" => (
            "Solo puedes asignar tareas a las personas que supervisas",
            "You can only assign tasks to the people you supervise",
            "Você só pode atribuir tarefas às pessoas que supervisiona",
        ),
        "tareas.solo_estado" => (
            "Esta tarea te la asignaron: solo puedes marcarla como hecha o pendiente",
            "This task was assigned to you: you can only mark it done or pending",
            "Esta tarefa foi atribuída a você: só pode marcá-la como feita ou pendente",
        ),
        "tareas.solo_creador" => (
            "Solo quien asignó la tarea puede eliminarla",
            "Only whoever assigned the task can delete it",
            "Somente quem atribuiu a tarefa pode excluí-la",
        ),
        "dashboard.periodo" => (
            "Elige un periodo: Dia, Semana, Mes o Anio",
            "Choose a period: Dia, Semana, Mes or Anio",
            "Escolha um período: Dia, Semana, Mes ou Anio",
        ),
        "certificados.codigo_no_encontrado" => (
            "No existe una constancia con ese código. Revisa que lo hayas escrito completo",
            "There is no certificate with that code. Check that you typed all of it",
            "Não existe uma constância com esse código. Verifique se você o digitou completo",
        ),
        "scorm.un_archivo" => (
            "Envía un solo archivo .zip.",
            "Send a single .zip file.",
            "Envie um único arquivo .zip.",
        ),
        "scorm.id_carga" => (
            "El identificador de la carga no es válido.",
            "The upload id is not valid.",
            "O identificador do envio não é válido.",
        ),
        "scorm.zip_invalido" => (
            "El archivo no es un paquete .zip válido.",
            "The file is not a valid .zip package.",
            "O arquivo não é um pacote .zip válido.",
        ),
        "scorm.sin_manifiesto" => (
            "El paquete no tiene el archivo imsmanifest.xml en su raíz.",
            "The package has no imsmanifest.xml file at its root.",
            "O pacote não tem o arquivo imsmanifest.xml na raiz.",
        ),
        "scorm.manifiesto_invalido" => (
            "El archivo imsmanifest.xml no es válido: {detalle}",
            "The imsmanifest.xml file is not valid: {detalle}",
            "O arquivo imsmanifest.xml não é válido: {detalle}",
        ),
        "scorm.manifiesto_dtd" => (
            "El archivo imsmanifest.xml declara un DTD o entidades; por seguridad no se aceptan.",
            "The imsmanifest.xml file declares a DTD or entities; they are not accepted for safety.",
            "O arquivo imsmanifest.xml declara um DTD ou entidades; por segurança não são aceitos.",
        ),
        "scorm.version_desconocida" => (
            "No se reconoce la versión SCORM del paquete (se aceptan SCORM 1.2 y SCORM 2004).",
            "The package's SCORM version is not recognised (SCORM 1.2 and SCORM 2004 are accepted).",
            "A versão SCORM do pacote não é reconhecida (são aceitos SCORM 1.2 e SCORM 2004).",
        ),
        "scorm.ruta_insegura" => (
            "El paquete contiene una ruta no permitida: {ruta}",
            "The package contains a path that is not allowed: {ruta}",
            "O pacote contém um caminho não permitido: {ruta}",
        ),
        "scorm.demasiados_archivos" => (
            "El paquete tiene demasiados archivos (máximo {max}).",
            "The package has too many files (at most {max}).",
            "O pacote tem arquivos demais (máximo {max}).",
        ),
        "scorm.demasiado_grande_expandido" => (
            "El contenido del paquete descomprimido supera el máximo de {max} MB.",
            "The package's expanded content is larger than the {max} MB limit.",
            "O conteúdo descompactado do pacote ultrapassa o máximo de {max} MB.",
        ),
        "scorm.proporcion_sospechosa" => (
            "El paquete tiene un archivo con una compresión sospechosa y fue rechazado.",
            "The package has a file with a suspicious compression ratio and was rejected.",
            "O pacote tem um arquivo com compressão suspeita e foi rejeitado.",
        ),
        "scorm.lanzamiento_fuera" => (
            "El paquete indica un archivo de inicio que no está dentro del paquete: {ruta}",
            "The package names a launch file that is not inside the package: {ruta}",
            "O pacote indica um arquivo de início que não está dentro do pacote: {ruta}",
        ),
        "scorm.carga_simultanea" => (
            "Otra carga de este paquete terminó primero. Vuelve a subir el archivo.",
            "Another upload of this package finished first. Upload the file again.",
            "Outro envio deste pacote terminou primeiro. Envie o arquivo novamente.",
        ),
        "scorm.con_intentos" => (
            "No se puede eliminar el paquete: hay participantes con intentos registrados. Sube una nueva versión para reemplazar el contenido.",
            "The package cannot be deleted: participants have recorded attempts. Upload a new version to replace the content.",
            "O pacote não pode ser excluído: há participantes com tentativas registradas. Envie uma nova versão para substituir o conteúdo.",
        ),
        "scorm.intentos_fuera" => (
            "Los intentos deben estar entre 0 (sin límite) y {max}.",
            "Attempts must be between 0 (unlimited) and {max}.",
            "As tentativas devem estar entre 0 (sem limite) e {max}.",
        ),
        "scorm.lanzamiento_invalido" => (
            "La sesión del curso terminó o no es válida. Cierra esta ventana y vuelve a abrir el curso.",
            "The course session ended or is not valid. Close this window and open the course again.",
            "A sessão do curso terminou ou não é válida. Feche esta janela e abra o curso novamente.",
        ),
        "scorm.commit_invalido" => (
            "Los datos del curso no se pudieron guardar: {detalle}",
            "The course data could not be saved: {detalle}",
            "Os dados do curso não puderam ser salvos: {detalle}",
        ),
        "scorm.datos_demasiado_grandes" => (
            "Los datos de avance del curso superan el máximo de {max} KB.",
            "The course's progress data is larger than the {max} KB limit.",
            "Os dados de progresso do curso ultrapassam o máximo de {max} KB.",
        ),
        "scorm.archivo_no_encontrado" => (
            "Archivo no encontrado.",
            "File not found.",
            "Arquivo não encontrado.",
        ),
        "examenes.no_disponible" => (
            "El examen no está disponible.",
            "The exam is not available.",
            "A prova não está disponível.",
        ),
        "examenes.sin_intentos" => (
            "Ya no te quedan intentos para este examen.",
            "You have no attempts left for this exam.",
            "Você não tem mais tentativas para esta prova.",
        ),
        "examenes.ya_aprobado" => (
            "Ya aprobaste este examen.",
            "You have already passed this exam.",
            "Você já foi aprovado nesta prova.",
        ),
        "examenes.intento_entregado" => (
            "Este intento ya fue entregado.",
            "This attempt has already been handed in.",
            "Esta tentativa já foi entregue.",
        ),
        "examenes.tiempo_agotado" => (
            "Se agotó el tiempo del examen.",
            "The exam's time is up.",
            "O tempo da prova acabou.",
        ),
        "examenes.fuera_de_periodo" => (
            "El examen se presenta dentro del periodo de acceso del curso.",
            "The exam can be taken only within the course's access period.",
            "A prova só pode ser feita dentro do período de acesso do curso.",
        ),
        "examenes.sin_permiso_asignar" => (
            "No tienes permisos para asignar exámenes.",
            "You do not have the permissions to Assign Exams",
            "Você não tem permissão para atribuir provas.",
        ),
        "examenes.sin_preguntas" => (
            "El curso no tiene preguntas disponibles.",
            "The course has no questions available",
            "O curso não tem perguntas disponíveis.",
        ),
        "examenes.preguntas_insuficientes" => (
            "El banco del tema tiene solo {n} preguntas.",
            "The topic's bank has only {n} questions.",
            "O banco do tema tem apenas {n} perguntas.",
        ),
        "examenes.con_intentos" => (
            "El examen ya tiene intentos entregados.",
            "The exam already has handed-in attempts.",
            "A prova já tem tentativas entregues.",
        ),
        "examenes.modelo_sin_calificacion" => (
            "El modelo de evaluación del tema no lleva calificación.",
            "The topic's evaluation model takes no grade.",
            "O modelo de avaliação do tema não tem nota.",
        ),
        "examenes.ya_existe" => (
            "El curso ya tiene un examen.",
            "The course already has an exam.",
            "O curso já tem uma prova.",
        ),
        "examenes.no_existe" => (
            "El curso no tiene examen.",
            "The course has no exam.",
            "O curso não tem prova.",
        ),
        "examenes.sin_asignados" => (
            "Asigna el examen a los participantes antes de activarlo.",
            "Assign the exam to the participants before activating it.",
            "Atribua a prova aos participantes antes de ativá-la.",
        ),
        "examenes.pregunta_invalida" => (
            "La pregunta o la opción no existe en este examen.",
            "The question or option does not exist in this exam.",
            "A pergunta ou a opção não existe nesta prova.",
        ),
        "examenes.autoservicio_e_learning" => (
            "Solo los temas E-learning pueden tener examen de autoservicio.",
            "Only E-learning topics can have a self-service exam.",
            "Somente temas E-learning podem ter prova de autoatendimento.",
        ),
        "examenes.puntaje_invalido" => (
            "El puntaje va de 0 a 100.",
            "The score goes from 0 to 100.",
            "A pontuação vai de 0 a 100.",
        ),
        "examenes.ya_calificada" => (
            "Esta respuesta ya no espera calificación.",
            "This answer is no longer awaiting a score.",
            "Esta resposta não aguarda mais correção.",
        ),
        "cursos.no_es_tu_curso" => (
            "Solo el instructor del curso o un analista pueden hacer esto",
            "Only the course's instructor or an analyst can do this",
            "Somente o instrutor do curso ou um analista podem fazer isso",
        ),
        "cursos.asistencia_valor" => (
            "La asistencia debe ser 1 (no asistió) o 2 (asistió)",
            "Attendance must be 1 (absent) or 2 (attended)",
            "A presença deve ser 1 (faltou) ou 2 (compareceu)",
        ),
        "cursos.sesion_ajena" => (
            "La sesión no pertenece al curso",
            "The session does not belong to the course",
            "A sessão não pertence ao curso",
        ),
        "cursos.sesion_futura" => (
            "La sesión del {fecha} a las {hora} aún no comienza",
            "The session of {fecha} at {hora} has not started yet",
            "A sessão de {fecha} às {hora} ainda não começou",
        ),
        "cursos.lista_tipo" => (
            "La lista de asistencia debe ser PDF, PNG o JPEG",
            "The attendance list must be a PDF, PNG or JPEG",
            "A lista de presença deve ser PDF, PNG ou JPEG",
        ),
        "cursos.sin_lista" => (
            "El curso no tiene lista de asistencia firmada",
            "The course has no signed attendance list",
            "O curso não tem lista de presença assinada",
        ),
        "cursos.calificacion_no_aplica" => (
            "Este curso no se evalúa con esa calificación",
            "This course does not take that grade",
            "Este curso não é avaliado com essa nota",
        ),
        "cursos.calificacion_fuera_de_escala" => (
            "La calificación debe estar entre {min} y {max}",
            "The grade must be between {min} and {max}",
            "A nota deve estar entre {min} e {max}",
        ),
        "cursos.material_sin_acceso" => (
            "El material no está disponible en esta fecha",
            "The material is not available on this date",
            "O material não está disponível nesta data",
        ),
        "cursos.actividad_no_encontrada" => (
            "No se encontró la actividad",
            "The activity was not found",
            "A atividade não foi encontrada",
        ),
        "cursos.entrega_no_encontrada" => (
            "No se encontró la entrega",
            "The submission was not found",
            "A entrega não foi encontrada",
        ),
        "cursos.calificacion_entrega" => (
            "La calificación debe estar entre 0 y 100",
            "The grade must be between 0 and 100",
            "A nota deve estar entre 0 e 100",
        ),
        "cursos.no_encontrado" => (
            "No se encontró el curso",
            "The course was not found",
            "O curso não foi encontrado",
        ),
        "cursos.cerrado" => (
            "El curso está cerrado: reábrelo para hacer cambios",
            "The course is closed: reopen it to make changes",
            "O curso está fechado: reabra-o para fazer alterações",
        ),
        "cursos.cancelado" => (
            "El curso fue cancelado",
            "The course was cancelled",
            "O curso foi cancelado",
        ),
        "cursos.sesiones_numero" => (
            "El curso debe tener de 1 a {max} sesiones",
            "A course must have 1 to {max} sessions",
            "O curso deve ter de 1 a {max} sessões",
        ),
        "cursos.sesion_invalida" => (
            "Cada sesión necesita fecha (AAAA-MM-DD) y horas de inicio y fin (HH:MM)",
            "Each session needs a date (YYYY-MM-DD) and start and end times (HH:MM)",
            "Cada sessão precisa de data (AAAA-MM-DD) e horários de início e fim (HH:MM)",
        ),
        "cursos.sesion_horario" => (
            "La hora de fin de la sesión debe ser posterior a la de inicio",
            "A session must end after it starts",
            "O fim da sessão deve ser posterior ao início",
        ),
        "cursos.sesiones_traslapadas" => (
            "Las sesiones deben ir en orden y sin traslaparse",
            "Sessions must be in order and must not overlap",
            "As sessões devem estar em ordem e sem sobreposição",
        ),
        "cursos.hora_inexistente" => (
            "Esa hora no existe en la zona horaria de la empresa (cambio de horario)",
            "That time does not exist in the company time zone (clock change)",
            "Esse horário não existe no fuso horário da empresa (mudança de horário)",
        ),
        "cursos.dias_acceso" => (
            "Los días de acceso al material deben estar entre 0 y 3650",
            "Material access days must be between 0 and 3650",
            "Os dias de acesso ao material devem estar entre 0 e 3650",
        ),
        "cursos.epv_deshabilitado" => (
            "Los cursos EPV no están habilitados en la empresa",
            "EPV courses are not enabled for the company",
            "Os cursos EPV não estão habilitados na empresa",
        ),
        "cursos.moneda" => (
            "La moneda debe ser MXN o USD",
            "The currency must be MXN or USD",
            "A moeda deve ser MXN ou USD",
        ),
        "cursos.tipo_cambio" => (
            "El tipo de cambio debe ser un número mayor que cero",
            "The exchange rate must be a number above zero",
            "A taxa de câmbio deve ser um número maior que zero",
        ),
        "cursos.costo" => (
            "El costo debe ser un importe positivo en centavos",
            "The cost must be a positive amount in cents",
            "O custo deve ser um valor positivo em centavos",
        ),
        "cursos.reunion_tipo" => (
            "El tipo de reunión debe ser ninguna, manual, jitsi o teams",
            "The meeting type must be ninguna, manual, jitsi or teams",
            "O tipo de reunião deve ser ninguna, manual, jitsi ou teams",
        ),
        "cursos.reunion_no_aplica" => (
            "Solo los cursos virtuales o por streaming tienen reunión en línea",
            "Only virtual or streaming courses have an online meeting",
            "Somente cursos virtuais ou por streaming têm reunião online",
        ),
        "cursos.sala_invalida" => (
            "La sala no existe, no está activa o es de otra sede",
            "The room does not exist, is inactive or belongs to another venue",
            "A sala não existe, está inativa ou é de outra sede",
        ),
        "cursos.instructor_invalido" => (
            "El instructor no existe o no está activo",
            "The instructor does not exist or is inactive",
            "O instrutor não existe ou está inativo",
        ),
        "cursos.analista_invalido" => (
            "El analista no existe",
            "The analyst does not exist",
            "O analista não existe",
        ),
        "cursos.sala_requerida" => (
            "Este tema requiere una sala para el curso presencial",
            "This topic needs a room for an in-person course",
            "Este tema exige uma sala para o curso presencial",
        ),
        "cursos.instructor_requerido" => (
            "Este tema requiere un instructor",
            "This topic needs an instructor",
            "Este tema exige um instrutor",
        ),
        "cursos.tema_inactivo" => (
            "El tema {tema} no está activo",
            "The topic {tema} is not active",
            "O tema {tema} não está ativo",
        ),
        "cursos.capacidad_sala" => (
            "La capacidad no puede superar la de la sala ({capacidad} lugares)",
            "The capacity cannot exceed the room's ({capacidad} seats)",
            "A capacidade não pode superar a da sala ({capacidad} lugares)",
        ),
        "cursos.sala_ocupada" => (
            "La sala está ocupada por el curso {curso} el {fecha} de {hora}",
            "The room is taken by the course {curso} on {fecha}, {hora}",
            "A sala está ocupada pelo curso {curso} em {fecha}, {hora}",
        ),
        "cursos.instructor_ocupado" => (
            "El instructor imparte el curso {curso} el {fecha} de {hora}",
            "The instructor teaches the course {curso} on {fecha}, {hora}",
            "O instrutor ministra o curso {curso} em {fecha}, {hora}",
        ),
        "cursos.tema_con_inscritos" => (
            "No se puede cambiar el tema de un curso con inscritos o lista de espera",
            "The topic of a course with participants or a waiting list cannot change",
            "Não é possível mudar o tema de um curso com inscritos ou lista de espera",
        ),
        "cursos.capacidad_menor_inscritos" => (
            "La capacidad no puede ser menor que los {inscritos} inscritos",
            "The capacity cannot be below the {inscritos} enrolled",
            "A capacidade não pode ser menor que os {inscritos} inscritos",
        ),
        "cursos.reunion_fallo" => (
            "No se pudo crear o eliminar la reunión en línea; no se guardó ningún cambio",
            "The online meeting could not be created or deleted; nothing was saved",
            "Não foi possível criar ou excluir a reunião online; nada foi salvo",
        ),
        "cursos.estatus_epv" => (
            "El estatus EPV debe ser 0 (borrador), 1 (publicado) o 2 (cerrado)",
            "The EPV status must be 0 (draft), 1 (published) or 2 (closed)",
            "O status EPV deve ser 0 (rascunho), 1 (publicado) ou 2 (fechado)",
        ),
        "cursos.no_es_epv" => (
            "El curso no es EPV",
            "The course is not an EPV course",
            "O curso não é EPV",
        ),
        "cursos.no_terminado" => (
            "El curso no ha terminado: su última sesión es el {fecha}",
            "The course has not ended: its last session is on {fecha}",
            "O curso não terminou: sua última sessão é em {fecha}",
        ),
        "cursos.asistencia_incompleta" => (
            "Falta registrar la asistencia de {n} participantes",
            "Attendance is missing for {n} participants",
            "Falta registrar a presença de {n} participantes",
        ),
        "cursos.calificaciones_incompletas" => (
            "Faltan las calificaciones de {n} participantes",
            "Grades are missing for {n} participants",
            "Faltam as notas de {n} participantes",
        ),
        "cursos.no_cerrado" => (
            "El curso no está cerrado",
            "The course is not closed",
            "O curso não está fechado",
        ),
        "cursos.rango_calendario" => (
            "El rango del calendario debe ser de máximo {max} días y terminar después de empezar",
            "The calendar range must be at most {max} days and end after it starts",
            "O intervalo do calendário deve ter no máximo {max} dias e terminar depois de começar",
        ),
        "cursos.comentario_obligatorio" => (
            "Comentario Obligatorio",
            "A comment is required",
            "Comentário obrigatório",
        ),
        "encuestas.no_encontrada" => (
            "La encuesta no existe.",
            "The survey does not exist.",
            "A pesquisa não existe.",
        ),
        "encuestas.sin_encuesta" => (
            "El curso no tiene encuesta.",
            "The course has no survey.",
            "O curso não tem pesquisa.",
        ),
        "encuestas.no_participante" => (
            "Solo los participantes del curso contestan su encuesta.",
            "Only the course's participants answer its survey.",
            "Somente os participantes do curso respondem à sua pesquisa.",
        ),
        "encuestas.curso_no_terminado" => (
            "La encuesta se contesta al terminar el curso.",
            "The survey is answered once the course is over.",
            "A pesquisa é respondida ao terminar o curso.",
        ),
        "encuestas.contestada" => (
            "Ya contestaste esta encuesta.",
            "You already answered this survey.",
            "Você já respondeu a esta pesquisa.",
        ),
        "encuestas.respuestas_incompletas" => (
            "Contesta todas las preguntas.",
            "Answer every question.",
            "Responda a todas as perguntas.",
        ),
        "encuestas.con_respuestas" => (
            "La encuesta ya tiene respuestas; desactívala en lugar de cambiar sus preguntas.",
            "The survey already has answers; deactivate it instead of changing its questions.",
            "A pesquisa já tem respostas; desative-a em vez de alterar suas perguntas.",
        ),
        "encuestas.tema_asignado" => (
            "El tema {tema} ya tiene otra encuesta.",
            "Topic {tema} already has another survey.",
            "O tema {tema} já tem outra pesquisa.",
        ),
        "encuestas.duplicada" => (
            "Ya existe una encuesta con ese nombre.",
            "A survey with that name already exists.",
            "Já existe uma pesquisa com esse nome.",
        ),
        "encuestas.preguntas" => (
            "La encuesta lleva de 1 a {max} preguntas, cada una con cuatro opciones de respuesta.",
            "The survey has 1 to {max} questions, each with four answer options.",
            "A pesquisa tem de 1 a {max} perguntas, cada uma com quatro opções de resposta.",
        ),
        "encuestas.rating_invalido" => (
            "La calificación va de 0.5 a 5 en medios puntos.",
            "The rating goes from 0.5 to 5 in half points.",
            "A avaliação vai de 0,5 a 5 em meios pontos.",
        ),
        "encuestas.rating_no_acreditado" => (
            "Califica el tema cuando lo hayas acreditado.",
            "Rate the topic once you have accredited it.",
            "Avalie o tema quando o tiver concluído com aprovação.",
        ),
        "plan.fecha_futura" => (
            "La fecha de acreditación no puede ser posterior a hoy",
            "The accreditation date cannot be after today",
            "A data de acreditação não pode ser posterior a hoje",
        ),
        "plan.acreditacion_duplicada" => (
            "Ya existe una acreditación manual de {tema} con fecha {fecha}",
            "A manual accreditation of {tema} dated {fecha} already exists",
            "Já existe uma acreditação manual de {tema} com data {fecha}",
        ),
        "plan.ubicacion" => (
            "La ubicación debe ser pendientes o completados",
            "The location must be pendientes or completados",
            "A localização deve ser pendientes ou completados",
        ),
        "plan.nivel" => (
            "Nivel de estructura no válido",
            "Invalid structure level",
            "Nível de estrutura inválido",
        ),
        "plan.identificador_empleado" => (
            "Indica el número de empleado o la CURP",
            "Give the employee number or the CURP",
            "Informe o número do funcionário ou a CURP",
        ),
        "plan.empleado_ambiguo" => (
            "El número de empleado y la CURP son de empleados distintos",
            "The employee number and the CURP belong to different employees",
            "O número do funcionário e a CURP são de funcionários diferentes",
        ),
        "push.endpoint" => (
            "La suscripción de notificaciones no es válida (se requiere una dirección https pública)",
            "The notification subscription is not valid (a public https address is required)",
            "A inscrição de notificações não é válida (é necessário um endereço https público)",
        ),
        "push.llaves" => (
            "Las llaves de la suscripción de notificaciones no son válidas",
            "The notification subscription keys are not valid",
            "As chaves da inscrição de notificações não são válidas",
        ),
        // HTTP level
        "http.no_encontrado" => (
            "No se encontró el recurso solicitado",
            "The requested resource was not found",
            "O recurso solicitado não foi encontrado",
        ),
        "http.ruta_no_encontrada" => (
            "La ruta {ruta} no existe",
            "The route {ruta} does not exist",
            "A rota {ruta} não existe",
        ),
        "http.metodo_no_permitido" => (
            "El método no está permitido en esta ruta",
            "The method is not allowed on this route",
            "O método não é permitido nesta rota",
        ),
        "http.json_invalido" => (
            "El cuerpo de la petición no es un JSON válido: {detalle}",
            "The request body is not valid JSON: {detalle}",
            "O corpo da requisição não é um JSON válido: {detalle}",
        ),
        "http.json_campos" => (
            "El cuerpo de la petición tiene campos faltantes o de tipo incorrecto: {detalle}",
            "The request body has missing or mistyped fields: {detalle}",
            "O corpo da requisição tem campos ausentes ou de tipo incorreto: {detalle}",
        ),
        "http.tipo_contenido" => (
            "La petición debe enviarse como application/json",
            "The request must be sent as application/json",
            "A requisição deve ser enviada como application/json",
        ),
        "http.demasiado_grande" => (
            "La petición es demasiado grande",
            "The request is too large",
            "A requisição é grande demais",
        ),
        "http.tipo_no_soportado" => (
            "El tipo de archivo no es compatible",
            "The file type is not supported",
            "O tipo de arquivo não é compatível",
        ),
        "http.parametro_invalido" => (
            "Un parámetro de la ruta o de la consulta no es válido: {detalle}",
            "A path or query parameter is not valid: {detalle}",
            "Um parâmetro da rota ou da consulta não é válido: {detalle}",
        ),
        "http.multipart" => (
            "El formulario enviado no es válido: {detalle}",
            "The submitted form is not valid: {detalle}",
            "O formulário enviado não é válido: {detalle}",
        ),
        "http.peticion_invalida" => (
            "La petición no es válida",
            "The request is not valid",
            "A requisição não é válida",
        ),
        "interno.error" => (
            "Problemas con el servidor. Favor de intentar mas tarde (folio {folio})",
            "Server problems. Please try again later (reference {folio})",
            "Problemas com o servidor. Por favor, tente mais tarde (referência {folio})",
        ),
        "interno.ocupado" => (
            "El servidor está ocupado. Por favor intenta mas tarde",
            "The server is busy. Please try again later",
            "O servidor está ocupado. Por favor, tente mais tarde",
        ),
        // Catalogues and bulk uploads
        "archivo.tipo_material" => (
            "El material debe ser PDF, documento de Office, imagen, video MP4 o ZIP",
            "Material must be a PDF, an Office document, an image, an MP4 video or a ZIP",
            "O material deve ser PDF, documento do Office, imagem, vídeo MP4 ou ZIP",
        ),
        "bloque.sin_temas" => (
            "Debe asignar temas al bloque para poder inscribir personal",
            "You must assign topics to the block before enrolling staff",
            "É preciso atribuir temas ao bloco para inscrever pessoal",
        ),
        "carga.archivo_peligroso" => (
            "El archivo no se puede procesar: su contenido comprimido es demasiado grande o sospechoso",
            "The file cannot be processed: its compressed content is too large or suspicious",
            "O arquivo não pode ser processado: seu conteúdo compactado é grande demais ou suspeito",
        ),
        "carga.columna_desconocida" => (
            "La columna '{columna}' no pertenece a la plantilla",
            "Column '{columna}' is not part of the template",
            "A coluna '{columna}' não pertence ao modelo",
        ),
        "carga.demasiadas_columnas" => (
            "La hoja tiene demasiadas columnas (máximo 100); usa la plantilla",
            "The sheet has too many columns (100 at most); use the template",
            "A planilha tem colunas demais (máximo 100); use o modelo",
        ),
        "carga.demasiadas_filas" => (
            "El archivo tiene demasiadas filas (máximo 200,000)",
            "The file has too many rows (200,000 at most)",
            "O arquivo tem linhas demais (máximo 200.000)",
        ),
        "carga.extension" => (
            "Solo se aceptan archivos .xls o .xlsx",
            "Only .xls or .xlsx files are accepted",
            "Apenas arquivos .xls ou .xlsx são aceitos",
        ),
        "carga.falta_columna" => (
            "Falta la columna obligatoria '{columna}'; usa la plantilla",
            "The required column '{columna}' is missing; use the template",
            "Falta a coluna obrigatória '{columna}'; use o modelo",
        ),
        "carga.no_es_hoja" => (
            "El archivo no es una hoja de cálculo válida (.xls o .xlsx)",
            "The file is not a valid spreadsheet (.xls or .xlsx)",
            "O arquivo não é uma planilha válida (.xls ou .xlsx)",
        ),
        "carga.sin_encabezados" => (
            "El archivo está vacío: la primera fila debe tener los encabezados de la plantilla",
            "The file is empty: the first row must hold the template's headers",
            "O arquivo está vazio: a primeira linha deve ter os cabeçalhos do modelo",
        ),
        "carga.sin_filas" => (
            "El archivo no tiene filas con datos",
            "The file has no data rows",
            "O arquivo não tem linhas com dados",
        ),
        "carga.lote_fallido" => (
            "El lote de esta fila no se aplicó ({detalle}); ninguna de sus filas se guardó",
            "This row's batch was not applied ({detalle}); none of its rows was saved",
            "O lote desta linha não foi aplicado ({detalle}); nenhuma de suas linhas foi salva",
        ),
        "duplicado.abreviatura" => (
            "Ya existe un tema con esa abreviatura",
            "A topic with that abbreviation already exists",
            "Já existe um tema com essa abreviatura",
        ),
        "duplicado.ausencia" => (
            "El empleado ya tiene una ausencia registrada en esas fechas",
            "The employee already has an absence on those dates",
            "O funcionário já tem uma ausência registrada nessas datas",
        ),
        "duplicado.bloque" => (
            "Ya existe un bloque con ese nombre",
            "A block with that name already exists",
            "Já existe um bloco com esse nome",
        ),
        "duplicado.establecimiento" => (
            "Ya existe un establecimiento con ese nombre en la empresa",
            "An establishment with that name already exists in the company",
            "Já existe um estabelecimento com esse nome na empresa",
        ),
        "duplicado.grupo" => (
            "Ya existe un grupo de temas con ese nombre",
            "A topic group with that name already exists",
            "Já existe um grupo de temas com esse nome",
        ),
        "duplicado.institucion" => (
            "Ya existe una institución con ese nombre",
            "An institution with that name already exists",
            "Já existe uma instituição com esse nome",
        ),
        "duplicado.instructor" => (
            "Ya existe un instructor con ese usuario o ese empleado",
            "An instructor with that user or that employee already exists",
            "Já existe um instrutor com esse usuário ou esse funcionário",
        ),
        "duplicado.pregunta" => (
            "El tema ya tiene esa pregunta",
            "The topic already has that question",
            "O tema já tem essa pergunta",
        ),
        "duplicado.representante" => (
            "La empresa ya tiene un representante activo de ese tipo",
            "The company already has an active representative of that type",
            "A empresa já tem um representante ativo desse tipo",
        ),
        "duplicado.sala" => (
            "La sede ya tiene una sala con ese nombre",
            "The venue already has a room with that name",
            "A sede já tem uma sala com esse nome",
        ),
        "duplicado.sede" => (
            "Ya existe una sede con ese nombre",
            "A venue with that name already exists",
            "Já existe uma sede com esse nome",
        ),
        "duplicado.tipo_bloque" => (
            "Ya existe un tipo de bloque con ese nombre",
            "A block type with that name already exists",
            "Já existe um tipo de bloco com esse nome",
        ),
        "perfiles.demasiados" => (
            "Selecciona como máximo 15,000 usuarios",
            "Select 15,000 users at most",
            "Selecione no máximo 15.000 usuários",
        ),
        "perfiles.sin_perfiles" => (
            "Selecciona al menos un perfil",
            "Select at least one profile",
            "Selecione pelo menos um perfil",
        ),
        "perfiles.sin_predeterminado" => (
            "Selecciona el perfil predeterminado",
            "Select the default profile",
            "Selecione o perfil padrão",
        ),
        "perfiles.sin_usuarios" => (
            "Selecciona al menos un usuario",
            "Select at least one user",
            "Selecione pelo menos um usuário",
        ),
        "perfiles.usuario_inexistente" => (
            "Uno de los empleados seleccionados no tiene usuario en la plataforma",
            "One of the selected employees has no platform user",
            "Um dos funcionários selecionados não tem usuário na plataforma",
        ),
        "validacion.abreviatura" => (
            "La abreviatura es obligatoria: hasta 20 letras, números, guiones o puntos",
            "The abbreviation is required: up to 20 letters, digits, dashes or dots",
            "A abreviatura é obrigatória: até 20 letras, números, hífens ou pontos",
        ),
        "validacion.alguna_correcta" => (
            "Marca al menos una respuesta correcta",
            "Mark at least one correct answer",
            "Marque pelo menos uma resposta correta",
        ),
        "validacion.area_tematica" => (
            "Selecciona un área temática válida",
            "Select a valid thematic area",
            "Selecione uma área temática válida",
        ),
        "validacion.baja_propia" => (
            "No puedes aplicar esta acción a tu propio usuario",
            "You cannot apply this action to your own user",
            "Você não pode aplicar esta ação ao seu próprio usuário",
        ),
        "validacion.busqueda_corta" => (
            "Escribe al menos 4 caracteres",
            "Type at least 4 characters",
            "Digite pelo menos 4 caracteres",
        ),
        "validacion.busqueda_tema" => (
            "Escribe más de 3 caracteres para buscar el tema",
            "Type more than 3 characters to search for the topic",
            "Digite mais de 3 caracteres para buscar o tema",
        ),
        "validacion.calificacion" => (
            "La calificación mínima está fuera de la escala del modelo de evaluación",
            "The pass mark is outside the evaluation model's scale",
            "A nota mínima está fora da escala do modelo de avaliação",
        ),
        "validacion.capacidad" => (
            "La capacidad debe ser un número entero válido",
            "Capacity must be a valid whole number",
            "A capacidade deve ser um número inteiro válido",
        ),
        "validacion.correctas" => (
            "Indica con números (1 a 6) las respuestas correctas que existan",
            "Give the correct answers as numbers (1 to 6) of existing options",
            "Indique com números (1 a 6) as respostas corretas existentes",
        ),
        "validacion.etiquetas" => (
            "Hasta 20 etiquetas de 40 caracteres como máximo",
            "Up to 20 tags of at most 40 characters",
            "Até 20 etiquetas de no máximo 40 caracteres",
        ),
        "validacion.horas_sesion" => (
            "Las horas por sesión deben estar entre 0.5 y 24",
            "Hours per session must be between 0.5 and 24",
            "As horas por sessão devem estar entre 0,5 e 24",
        ),
        "validacion.imagen_requerida" => (
            "La imagen principal es obligatoria",
            "The main image is required",
            "A imagem principal é obrigatória",
        ),
        "validacion.institucion" => (
            "Selecciona una institución existente",
            "Select an existing institution",
            "Selecione uma instituição existente",
        ),
        "validacion.instructor_interno" => (
            "Un instructor interno debe ser un empleado activo; uno externo no lleva empleado",
            "An internal instructor must be an active employee; an external one has none",
            "Um instrutor interno deve ser um funcionário ativo; um externo não tem funcionário",
        ),
        "validacion.limite_caracteres" => (
            "El límite de caracteres debe estar entre 1 y 10,000",
            "The character limit must be between 1 and 10,000",
            "O limite de caracteres deve estar entre 1 e 10.000",
        ),
        "validacion.modalidad" => (
            "La modalidad debe ser PRESENCIAL, E_LEARNING o STREAMING",
            "Modality must be PRESENCIAL, E_LEARNING or STREAMING",
            "A modalidade deve ser PRESENCIAL, E_LEARNING ou STREAMING",
        ),
        "validacion.modelo_evaluacion" => (
            "El modelo de evaluación debe ser conocimiento, teórico-práctico o ninguno",
            "The evaluation model must be knowledge, theoretical-practical or none",
            "O modelo de avaliação deve ser conhecimento, teórico-prático ou nenhum",
        ),
        "validacion.num_empleado" => (
            "El número de empleado es obligatorio: hasta 30 letras, números o guiones",
            "The employee number is required: up to 30 letters, digits or dashes",
            "O número do funcionário é obrigatório: até 30 letras, números ou hífens",
        ),
        "validacion.ocupacion" => (
            "La ocupación no está en el catálogo nacional de ocupaciones",
            "The occupation is not in the national occupation catalogue",
            "A ocupação não está no catálogo nacional de ocupações",
        ),
        "validacion.opciones" => (
            "Captura entre 2 y 10 opciones de respuesta",
            "Enter between 2 and 10 answer options",
            "Informe entre 2 e 10 opções de resposta",
        ),
        "validacion.pais" => (
            "Selecciona un país válido",
            "Select a valid country",
            "Selecione um país válido",
        ),
        "validacion.participantes" => (
            "El máximo de participantes debe ser mayor o igual al mínimo",
            "Maximum participants must be at least the minimum",
            "O máximo de participantes deve ser maior ou igual ao mínimo",
        ),
        "validacion.planta" => (
            "Selecciona una planta válida de la empresa",
            "Select a valid plant of the company",
            "Selecione uma planta válida da empresa",
        ),
        "validacion.precio" => (
            "El precio debe ser 0 (gratis) o un importe positivo",
            "Price must be 0 (free) or a positive amount",
            "O preço deve ser 0 (grátis) ou um valor positivo",
        ),
        "validacion.prerrequisitos" => (
            "Selecciona temas prerrequisito existentes y distintos del tema",
            "Select existing prerequisite topics other than the topic itself",
            "Selecione temas pré-requisito existentes e diferentes do próprio tema",
        ),
        "validacion.rango_fechas" => (
            "La fecha final no puede ser anterior a la inicial",
            "The end date cannot be before the start date",
            "A data final não pode ser anterior à inicial",
        ),
        "validacion.registro_patronal" => (
            "El registro patronal debe tener 11 caracteres",
            "The employer registration must have 11 characters",
            "O registro patronal deve ter 11 caracteres",
        ),
        "validacion.registro_stps" => (
            "El registro STPS solo admite letras, números, guiones y diagonales",
            "The STPS registration only allows letters, digits, dashes and slashes",
            "O registro STPS aceita apenas letras, números, hífens e barras",
        ),
        "validacion.sede" => (
            "Selecciona una sede existente",
            "Select an existing venue",
            "Selecione uma sede existente",
        ),
        "validacion.solo_letras" => (
            "El nombre solo admite letras",
            "The name only allows letters",
            "O nome aceita apenas letras",
        ),
        "validacion.supervisor" => (
            "El jefe debe ser otro empleado existente y no uno de sus subordinados",
            "The supervisor must be another existing employee, not one of their subordinates",
            "O chefe deve ser outro funcionário existente e não um de seus subordinados",
        ),
        "validacion.telefono_guiones" => (
            "El teléfono solo admite dígitos y guiones",
            "The phone only allows digits and dashes",
            "O telefone aceita apenas dígitos e hífens",
        ),
        "validacion.tema" => (
            "Selecciona un tema existente",
            "Select an existing topic",
            "Selecione um tema existente",
        ),
        "validacion.temas_repetidos" => (
            "Un tema no puede repetirse en el bloque (máximo 200 temas)",
            "A topic cannot repeat in the block (200 topics at most)",
            "Um tema não pode se repetir no bloco (máximo 200 temas)",
        ),
        "validacion.tipo_bloque" => (
            "Selecciona un tipo de bloque",
            "Select a block type",
            "Selecione um tipo de bloco",
        ),
        "validacion.tipo_empleado" => (
            "El tipo de empleado debe ser Interno, Externo, Sindicalizado o Confianza",
            "Employee type must be Interno, Externo, Sindicalizado or Confianza",
            "O tipo de funcionário deve ser Interno, Externo, Sindicalizado ou Confianza",
        ),
        "validacion.tipo_evidencia" => (
            "El tipo de evidencia debe ser texto, archivo, imagen o enlace",
            "Evidence type must be text, file, image or link",
            "O tipo de evidência deve ser texto, arquivo, imagem ou link",
        ),
        "validacion.tipo_poblacion" => (
            "Selecciona un tipo de población válido",
            "Select a valid population type",
            "Selecione um tipo de população válido",
        ),
        "validacion.tipo_pregunta" => (
            "El tipo de pregunta debe ser unica, multiple o abierta",
            "Question type must be single, multiple or open",
            "O tipo de pergunta deve ser única, múltipla ou aberta",
        ),
        "validacion.tipo_representante" => (
            "El tipo de representante debe ser patrón o trabajadores",
            "Representative type must be employer or workers",
            "O tipo de representante deve ser empregador ou trabalhadores",
        ),
        "validacion.tipo_tema" => (
            "Selecciona el tipo de tema",
            "Select the topic type",
            "Selecione o tipo de tema",
        ),
        "validacion.una_correcta" => (
            "Marca exactamente una respuesta correcta",
            "Mark exactly one correct answer",
            "Marque exatamente uma resposta correta",
        ),
        "validacion.usuario" => (
            "El usuario es obligatorio: letras, números, punto, guion o arroba",
            "The user is required: letters, digits, dot, dash or at sign",
            "O usuário é obrigatório: letras, números, ponto, hífen ou arroba",
        ),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_best_supported_language() {
        let mut h = HeaderMap::new();
        h.insert(
            "accept-language",
            "fr-CH, pt-BR;q=0.8, en;q=0.9".parse().unwrap(),
        );
        assert_eq!(Lang::from_headers(&h), Lang::En);
        h.insert("accept-language", "pt-BR".parse().unwrap());
        assert_eq!(Lang::from_headers(&h), Lang::Pt);
        h.insert("accept-language", "de".parse().unwrap());
        assert_eq!(Lang::from_headers(&h), Lang::Es);
    }

    #[test]
    fn placeholders_are_filled() {
        let m = message(
            "validacion.contrasena_numero_usuario",
            Lang::Es,
            &[("id", "123".into())],
        );
        assert_eq!(
            m,
            "Favor de revisar que la contraseña no sea igual al numero de usuario: 123"
        );
    }
}
