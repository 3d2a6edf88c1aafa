-- The dashboard's announcements: the welcome slides shown once per profile after login
-- (until someone ticks 'No volver a mostrar.') and the news of the header's slider.
-- Owned by the dashboard domain.
CREATE TABLE slides (
    cve_slide INTEGER PRIMARY KEY,
    -- imagen: contenido_slide is the image's storage key; texto: the text itself
    tipo TEXT NOT NULL CHECK (tipo IN ('imagen', 'texto')),
    titulo TEXT NOT NULL,
    contenido_slide TEXT NOT NULL,
    orden INTEGER NOT NULL DEFAULT 0,
    activo INTEGER NOT NULL DEFAULT 1 CHECK (activo IN (0, 1)),
    creado TEXT NOT NULL,
    actualizado TEXT NOT NULL
);

-- The profiles that see a slide.
CREATE TABLE slides_perfiles (
    cve_slide INTEGER NOT NULL REFERENCES slides (cve_slide) ON DELETE CASCADE,
    idperfil INTEGER NOT NULL REFERENCES perfiles (idperfil) ON DELETE CASCADE,
    PRIMARY KEY (cve_slide, idperfil)
);
CREATE INDEX slides_perfiles_perfil ON slides_perfiles (idperfil, cve_slide);

-- 'No volver a mostrar.': the slides someone asked not to see again.
CREATE TABLE slides_ocultos (
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    cve_slide INTEGER NOT NULL REFERENCES slides (cve_slide) ON DELETE CASCADE,
    fecha TEXT NOT NULL,
    PRIMARY KEY (cve_empleado, cve_slide)
);

-- The header's news slider (shown when the company's `noticias` is '1').
CREATE TABLE noticias (
    cve_noticia INTEGER PRIMARY KEY,
    titulo TEXT NOT NULL,
    descripcion_corta TEXT NOT NULL DEFAULT '',
    -- storage key of the image (config/noticias/…)
    imagen TEXT NOT NULL,
    -- an optional http(s) link to read more
    enlace TEXT NOT NULL DEFAULT '',
    -- AAAA-MM-DD; shown from fecha_inicio to fecha_fin (open when empty)
    fecha_inicio TEXT NOT NULL,
    fecha_fin TEXT NOT NULL DEFAULT '',
    orden INTEGER NOT NULL DEFAULT 0,
    activa INTEGER NOT NULL DEFAULT 1 CHECK (activa IN (0, 1)),
    creado TEXT NOT NULL,
    actualizado TEXT NOT NULL
);
CREATE INDEX noticias_publicadas ON noticias (activa, fecha_inicio);

INSERT INTO secciones (idseccion, clave, nomseccion1, nomseccion2, nomseccion3, nomseccion4, ruta, orden) VALUES
    (77, 'configuracion.slides', 'Configuración', 'Anuncios de bienvenida', '', 'Anuncios de bienvenida por perfil', 'configuracion', 405);

INSERT INTO perfiles_secciones (idperfil, idseccion) VALUES
    (1, 77), (2, 77);

INSERT INTO textos_ayuda (id_traduccion, clave, titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues, contenido_portugues) VALUES
    (58, 'pantalla.configuracion_slides', 'Anuncios de bienvenida',
     'Los anuncios que cada perfil ve al entrar, en un carrusel: una imagen (PNG, JPG o GIF de hasta 8 MB) o un texto, con los perfiles que lo ven y su orden. Quien marca «No volver a mostrar.» deja de verlos; un anuncio desactivado no se muestra a nadie.',
     'Welcome announcements',
     'The announcements each profile sees on signing in, in a carousel: an image (PNG, JPG or GIF up to 8 MB) or a text, with the profiles that see it and its order. Whoever ticks «Do not show again.» stops seeing them; a deactivated announcement is shown to nobody.',
     'Anúncios de boas-vindas',
     'Os anúncios que cada perfil vê ao entrar, em um carrossel: uma imagem (PNG, JPG ou GIF de até 8 MB) ou um texto, com os perfis que o veem e sua ordem. Quem marca «Não mostrar novamente.» deixa de vê-los; um anúncio desativado não é mostrado a ninguém.'),
    (59, 'pantalla.configuracion_noticias', 'Noticias',
     'Las noticias del carrusel del encabezado del dashboard: título, descripción corta, imagen y un enlace opcional, publicadas desde su fecha de inicio hasta la de fin (o sin fin). El carrusel se muestra cuando las noticias de la empresa están activas en Configuración → Sitio y a los perfiles con «Ver Slider Noticias».',
     'News',
     'The news of the dashboard header''s carousel: title, short description, image and an optional link, published from their start date to their end date (or without end). The carousel shows when the company''s news are on in Settings → Site, to the profiles with «See news slider».',
     'Notícias',
     'As notícias do carrossel do cabeçalho do dashboard: título, descrição curta, imagem e um link opcional, publicadas da data de início até a de fim (ou sem fim). O carrossel aparece quando as notícias da empresa estão ativas em Configuração → Site e para os perfis com «Ver Slider Notícias».');
