// The configuration form's fields, their rules (the server's, from its published contract
// where it publishes them) and the patch a save sends.
import { z } from 'zod';
import { isHttpUrl } from '@/components/forms';
import { LIMITS } from '@/lib/api/limits';
import { MIN_CONTRAST, contrast, parseHex } from '@/lib/theme/brand';
import type { CompanySettings } from '../api/get-settings';
import type { SettingsPatch } from '../api/update-settings';

/**
 * Time zones the server accepts (server/src/settings/mod.rs `SUPPORTED_ZONES`; the server's
 * tests/company.rs checks that this list is the same): Mexico and Latin America, plus UTC.
 */
export const TIME_ZONES = [
  'America/Mexico_City',
  'America/Monterrey',
  'America/Merida',
  'America/Cancun',
  'America/Chihuahua',
  'America/Hermosillo',
  'America/Mazatlan',
  'America/Tijuana',
  'America/Matamoros',
  'America/Ojinaga',
  'America/Bahia_Banderas',
  'America/Guatemala',
  'America/Bogota',
  'America/Lima',
  'America/Santiago',
  'America/Argentina/Buenos_Aires',
  'America/Sao_Paulo',
  'America/Costa_Rica',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/Madrid',
  'UTC',
] as const;

/**
 * Currencies offered: the spec's default PESOS and dollars (courses read DOLARES as USD and
 * anything else as MXN, server/src/courses/schedule.rs `moneda_curso`).
 */
export const CURRENCIES = ['PESOS', 'DOLARES'] as const;

/** Colour settings of the header, the menu and the charts, in the order the form shows them. */
export const COLOR_FIELDS = [
  'color_fondo_header',
  'color_texto_header',
  'color_fondo_logo',
  'color_fondo_menu',
  'color_texto_menu',
  'color_1_grafica',
  'color_2_grafica',
  'color_3_grafica',
] as const;
export type ColorField = (typeof COLOR_FIELDS)[number];

/** Colours the colour inputs offer: the product's defaults, dark and light neutrals, a few hues. */
export const COLOR_SWATCHES = [
  '#0B3D91',
  '#1C5D99',
  '#0C8599',
  '#2CA58D',
  '#2B8A3E',
  '#F2A541',
  '#E8590C',
  '#C92A2A',
  '#5F3DC4',
  '#1F2937',
  '#000000',
  '#E9ECEF',
  '#F4F6FA',
  '#FFFFFF',
] as const;

/** Text and background pairs the shell shows as they are set: they must read (WCAG AA). */
export const COLOR_PAIRS: readonly { background: ColorField; text: ColorField }[] = [
  { background: 'color_fondo_header', text: 'color_texto_header' },
  { background: 'color_fondo_menu', text: 'color_texto_menu' },
];

const TEXT_FIELDS = [
  'nomcia',
  'moneda',
  'zona_horaria',
  'ubicacion',
  'jitsi_servidor',
  'teams_tenant_id',
  'teams_client_id',
  'teams_organizador',
] as const;

/** The form's values. */
export type SettingsValues = Record<(typeof TEXT_FIELDS)[number] | ColorField, string> & {
  tipo_cambio: number | null;
  /** Typed secret; empty keeps the stored one. */
  teams_client_secret: string;
  recertificacion_automatica: boolean;
  epv: boolean;
};

/** Every input of the form (server field errors land on these). */
export const SETTINGS_INPUTS = [
  ...TEXT_FIELDS,
  ...COLOR_FIELDS,
  'tipo_cambio',
  'teams_client_secret',
  'recertificacion_automatica',
  'epv',
] as const satisfies readonly (keyof SettingsValues)[];

export const JITSI_MAX = LIMITS.Cia.jitsi_servidor.maxLength;
export const TEAMS_MAX = LIMITS.Cia.teams_tenant_id.maxLength;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** The stored configuration as form values. */
export function toValues(cia: CompanySettings): SettingsValues {
  const text = Object.fromEntries(TEXT_FIELDS.map((f) => [f, cia[f] ?? ''])) as Record<(typeof TEXT_FIELDS)[number], string>;
  const colors = Object.fromEntries(COLOR_FIELDS.map((f) => [f, (cia[f] ?? '').toUpperCase()])) as Record<ColorField, string>;
  return {
    ...text,
    ...colors,
    tipo_cambio: typeof cia.tipo_cambio === 'number' ? cia.tipo_cambio : null,
    teams_client_secret: '',
    recertificacion_automatica: cia.recertificacion_automatica === '1',
    epv: cia.epv === '1',
  };
}

/**
 * What a save sends: only the fields that changed (texts trimmed, switches as the server's
 * '0'/'1'), and the Teams secret only when one was typed.
 */
export function toPatch(initial: SettingsValues, values: SettingsValues): SettingsPatch {
  const patch: SettingsPatch = {};
  for (const field of [...TEXT_FIELDS, ...COLOR_FIELDS]) {
    const value = values[field].trim();
    if (value !== initial[field].trim()) patch[field] = value;
  }
  if (values.tipo_cambio !== null && values.tipo_cambio !== initial.tipo_cambio) patch.tipo_cambio = values.tipo_cambio;
  for (const flag of ['recertificacion_automatica', 'epv'] as const) {
    if (values[flag] !== initial[flag]) patch[flag] = values[flag] ? '1' : '0';
  }
  if (values.teams_client_secret.trim() !== '') patch.teams_client_secret = values.teams_client_secret.trim();
  return patch;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** The form's checks, the same the server makes (server/src/settings/mod.rs `apply_patch`). */
export function settingsSchema(t: T) {
  const required = z.string().trim().min(1, t('settings:errors.required'));
  const teams = z.string().trim().max(TEAMS_MAX, t('settings:errors.max', { max: TEAMS_MAX }));
  const color = z.string().regex(HEX_COLOR, t('settings:errors.color'));
  return z.object({
    nomcia: required,
    moneda: required,
    tipo_cambio: z
      .number({ error: t('settings:errors.required') })
      .nullable()
      .refine((v) => v !== null && Number.isFinite(v) && v > 0, t('settings:errors.positive')),
    zona_horaria: z.string().refine((v) => (TIME_ZONES as readonly string[]).includes(v), t('settings:errors.zone')),
    ubicacion: z.string(),
    jitsi_servidor: z
      .string()
      .trim()
      .max(JITSI_MAX, t('settings:errors.max', { max: JITSI_MAX }))
      .refine((v) => v === '' || isHttpUrl(v), t('settings:errors.url')),
    teams_tenant_id: teams,
    teams_client_id: teams,
    teams_organizador: teams,
    teams_client_secret: z.string(),
    recertificacion_automatica: z.boolean(),
    epv: z.boolean(),
    color_fondo_header: color,
    color_texto_header: color,
    color_fondo_logo: color,
    color_fondo_menu: color,
    color_texto_menu: color,
    color_1_grafica: color,
    color_2_grafica: color,
    color_3_grafica: color,
  }).superRefine((values, ctx) => {
    for (const pair of COLOR_PAIRS) {
      const background = parseHex(values[pair.background]);
      const text = parseHex(values[pair.text]);
      if (!background || !text) continue;
      const ratio = contrast(background, text);
      if (ratio < MIN_CONTRAST) {
        ctx.addIssue({ code: 'custom', path: [pair.text], message: t('settings:errors.contrast', { ratio: ratio.toFixed(1) }) });
      }
    }
  });
}

/** The zone's name and its current offset, e.g. "America/Mexico City (GMT-6)". */
export function zoneLabel(zone: string, language: string, now: Date = new Date()): string {
  let offset: string;
  try {
    offset =
      new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'shortOffset' })
        .formatToParts(now)
        .find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    // A runtime without the zone's data: the name alone.
    offset = '';
  }
  const name = zone.replace(/_/g, ' ');
  return offset ? `${name} (${offset})` : name;
}
