/** One card of the login page's configuration or advantages section. */
export interface HomeSectionItem {
  titulo: string;
  subtitulo?: string;
  contenido: string;
}

/**
 * Company configuration (`GET /api/pri/cia`). Every field is optional on the web side:
 * a company that has not configured something simply does not show it.
 */
export interface Cia {
  nomcia?: string;
  logo?: string | null;
  color_fondo_header?: string | null;
  color_texto_header?: string | null;
  color_fondo_menu?: string | null;
  color_texto_menu?: string | null;
  color_fondo_logo?: string | null;
  color_1_grafica?: string | null;
  color_2_grafica?: string | null;
  color_3_grafica?: string | null;
  moneda?: string | null;
  chatbot?: string | number | null;
  demo?: boolean;
  // Login page (home_*).
  home_show_register_section?: number | string | boolean | null;
  home_show_video_tutorial?: number | string | boolean | null;
  home_title?: string | null;
  home_subtitle?: string | null;
  home_welcome_title?: string | null;
  home_welcome_text?: string | null;
  home_logo?: string | null;
  home_background_image?: string | null;
  home_background_color?: string | null;
  home_text_color?: string | null;
  home_button_color?: string | null;
  home_button_text_color?: string | null;
  home_video_link?: string | null;
  home_disclaimer?: string | null;
  home_copyright?: string | null;
  home_faq_url?: string | null;
  home_requirements_url?: string | null;
  home_contact_url?: string | null;
  home_contact_email?: string | null;
  home_terms_url?: string | null;
  home_privacy_url?: string | null;
  register_modal_text?: string | null;
  register_modal_video_link?: string | null;
  register_modal_video_tutorial_text?: string | null;
  show_configuration_section?: number | string | boolean | null;
  show_advantages_section?: number | string | boolean | null;
  configuration_section_content?: HomeSectionItem[] | string | null;
  advantages_section_content?: HomeSectionItem[] | string | null;
  // Feature switches.
  enable_ecommerce?: number | string | null;
  ecommerce?: number | string | null;
  epv?: number | string | null;
  enable_bloques_cursos?: number | string | null;
  /** '1': the dashboard header's news slider is on (for the profiles with 'Ver Slider Noticias'). */
  noticias?: number | string | null;
  dashboard_show_header_logo?: number | string | null;
  dashboard_header_logo?: string | null;
  /** States of the registration form (read-only). */
  estados?: { cve_estado: number | string; estado: string }[];
}

/** A help text (`GET /api/pri/tooltips`). */
export interface Tooltip {
  id_traduccion: number;
  clave: string;
  titulo: string;
  contenido: string;
  titulo_ingles?: string | null;
  contenido_ingles?: string | null;
  titulo_portugues?: string | null;
  contenido_portugues?: string | null;
  status?: number | string | boolean | null;
}

/** The section lists arrive as JSON arrays or, from older configuration, as JSON text. */
export function sectionItems(value: Cia['configuration_section_content']): HomeSectionItem[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is HomeSectionItem =>
      !!item && typeof item === 'object' && typeof (item as HomeSectionItem).titulo === 'string',
  );
}

/**
 * Spanish texts for es, the `_portugues` ones for pt and the `_ingles` ones for en; a text
 * missing in pt falls back to English, and one missing in English to Spanish.
 */
export function localizedTooltip(tooltip: Tooltip, language: string): { titulo: string; contenido: string } {
  if (language.startsWith('es')) return { titulo: tooltip.titulo, contenido: tooltip.contenido };
  const english = {
    titulo: tooltip.titulo_ingles || tooltip.titulo,
    contenido: tooltip.contenido_ingles || tooltip.contenido,
  };
  if (!language.startsWith('pt')) return english;
  return {
    titulo: tooltip.titulo_portugues || english.titulo,
    contenido: tooltip.contenido_portugues || english.contenido,
  };
}

/** Help texts switched off by configuration are not shown. */
export function isActiveTooltip(tooltip: Tooltip): boolean {
  const s = tooltip.status;
  return !(s === 0 || s === '0' || s === false);
}
