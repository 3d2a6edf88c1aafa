import { describe, expect, it } from 'vitest';
import { issuesAt, published, t } from '@/test/published-limits';
import type { CompanySettings } from '../api/get-settings';
import { JITSI_MAX, TEAMS_MAX, settingsSchema, toPatch, toValues, zoneLabel } from './settings-rules';

const STORED = {
  nomcia: 'Grupo Industrial Sierra Madre',
  moneda: 'PESOS',
  tipo_cambio: 18.5,
  zona_horaria: 'America/Mexico_City',
  ubicacion: 'Monterrey',
  jitsi_servidor: '',
  teams_tenant_id: 'tenant-1',
  teams_client_id: '',
  teams_organizador: '',
  recertificacion_automatica: '0',
  epv: '1',
  color_fondo_header: '#0b3d91',
  color_texto_header: '#FFFFFF',
  color_fondo_logo: '#FFFFFF',
  color_fondo_menu: '#F4F6FA',
  color_texto_menu: '#1F2937',
  color_1_grafica: '#0B3D91',
  color_2_grafica: '#2CA58D',
  color_3_grafica: '#F2A541',
  teams_client_secret_configurado: true,
} as unknown as CompanySettings;

describe('company settings rules', () => {
  it('reads its length limits from the published contract', () => {
    expect(JITSI_MAX).toBe(published('Cia', 'jitsi_servidor').maxLength);
    expect(TEAMS_MAX).toBe(published('Cia', 'teams_tenant_id').maxLength);
    expect(TEAMS_MAX).toBe(published('Cia', 'teams_organizador').maxLength);
  });

  it('sends only the changed fields, trimmed, with switches as 0/1', () => {
    const initial = toValues(STORED);
    expect(initial.color_fondo_header).toBe('#0B3D91');
    expect(initial.epv).toBe(true);
    expect(initial.teams_client_secret).toBe('');
    expect(toPatch(initial, initial)).toEqual({});
    const patch = toPatch(initial, {
      ...initial,
      nomcia: '  Sierra Madre  ',
      tipo_cambio: 17.25,
      recertificacion_automatica: true,
      epv: false,
      ubicacion: 'Monterrey ',
    });
    expect(patch).toEqual({ nomcia: 'Sierra Madre', tipo_cambio: 17.25, recertificacion_automatica: '1', epv: '0' });
  });

  it('sends the Teams secret only when one is typed', () => {
    const initial = toValues(STORED);
    expect(toPatch(initial, { ...initial, teams_client_secret: '   ' })).toEqual({});
    expect(toPatch(initial, { ...initial, teams_client_secret: 'nuevo-secreto' })).toEqual({ teams_client_secret: 'nuevo-secreto' });
  });

  it('checks what the server checks', () => {
    const schema = settingsSchema(t);
    const ok = toValues(STORED);
    expect(schema.safeParse(ok).success).toBe(true);
    expect(issuesAt(schema, { ...ok, nomcia: '  ' }, 'nomcia')).toEqual(['settings:errors.required']);
    expect(issuesAt(schema, { ...ok, tipo_cambio: 0 }, 'tipo_cambio')).toEqual(['settings:errors.positive']);
    expect(issuesAt(schema, { ...ok, zona_horaria: 'Asia/Tokyo' }, 'zona_horaria')).toEqual(['settings:errors.zone']);
    expect(issuesAt(schema, { ...ok, jitsi_servidor: 'meet.sierramadre.mx' }, 'jitsi_servidor')).toEqual(['settings:errors.url']);
    expect(issuesAt(schema, { ...ok, jitsi_servidor: 'https://meet.sierramadre.mx' }, 'jitsi_servidor')).toEqual([]);
    expect(issuesAt(schema, { ...ok, teams_client_id: 'x'.repeat(TEAMS_MAX + 1) }, 'teams_client_id')).toHaveLength(1);
    expect(issuesAt(schema, { ...ok, color_1_grafica: 'rojo' }, 'color_1_grafica')).toEqual(['settings:errors.color']);
  });

  it('refuses header and menu text that would not read on its background', () => {
    const schema = settingsSchema(t);
    const ok = toValues(STORED);
    expect(issuesAt(schema, { ...ok, color_fondo_header: '#FFFFFF' }, 'color_texto_header')).toEqual(['settings:errors.contrast']);
    expect(issuesAt(schema, { ...ok, color_texto_menu: '#D0D4DA' }, 'color_texto_menu')).toEqual(['settings:errors.contrast']);
    expect(issuesAt(schema, { ...ok, color_fondo_menu: '#1F2937', color_texto_menu: '#FFFFFF' }, 'color_texto_menu')).toEqual([]);
  });

  it('labels a zone with its offset', () => {
    expect(zoneLabel('America/Mexico_City', 'es', new Date('2026-01-15T12:00:00Z'))).toBe('America/Mexico City (GMT-6)');
    expect(zoneLabel('UTC', 'es', new Date('2026-01-15T12:00:00Z'))).toMatch(/^UTC/);
  });
});
