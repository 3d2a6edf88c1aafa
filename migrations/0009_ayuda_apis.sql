-- The APIs screen's help names the profiles each key may create (issue 10, M3).
UPDATE textos_ayuda SET
    contenido = 'Llaves para que otros sistemas den de alta empleados mediante lms/empleados/alta. Cada llave solo crea los perfiles que elijas al crearla (Participante de inicio; nunca Administrador). El token se muestra una sola vez; guárdalo en un lugar seguro. Revoca las llaves que ya no uses.',
    contenido_ingles = 'Keys that let other systems register employees through lms/empleados/alta. Each key creates only the profiles you choose when creating it (Participante by default; never Administrador). The token is shown only once; keep it safe. Revoke keys you no longer use.',
    contenido_portugues = 'Chaves para que outros sistemas cadastrem funcionários via lms/empleados/alta. Cada chave cria apenas os perfis escolhidos ao criá-la (Participante por padrão; nunca Administrador). O token é exibido apenas uma vez; guarde-o em local seguro. Revogue as chaves que não usar mais.'
WHERE clave = 'pantalla.apis';
