import { describe, expect, it } from 'vitest';
import {
  BATCH_SIZE,
  MAX_FILE_BYTES,
  canProcess,
  dateProblem,
  errorLog,
  isFullCurp,
  pdfProblem,
  rowOffers,
  sheetProblem,
  sheetRow,
  toBatches,
  topicTerm,
  validityDate,
} from './rules';

function file(name: string, size: number, type = ''): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('the validity date of an external certification', () => {
  it('adds the topic’s certification months to the accreditation date', () => {
    expect(validityDate('2026-03-15', 12)).toBe('2027-03-15');
    expect(validityDate('2026-03-15', 6)).toBe('2026-09-15');
    expect(validityDate('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('lands on the last day of a shorter month, leap years included', () => {
    expect(validityDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(validityDate('2027-01-31', 13)).toBe('2028-02-29');
  });

  it('never expires with 0 months', () => {
    expect(validityDate('2026-03-15', 0)).toBe('9999-12-31');
  });

  it('is 2 years after the accreditation date when no topic is chosen', () => {
    expect(validityDate('2026-03-15', null)).toBe('2028-03-15');
    expect(validityDate('2024-02-29', undefined)).toBe('2026-02-28');
  });

  it('is empty while the accreditation date is not a date', () => {
    expect(validityDate('', 12)).toBe('');
    expect(validityDate('2026-02-30', 12)).toBe('');
    expect(validityDate('15/03/2026', 12)).toBe('');
  });
});

describe('the accreditation date', () => {
  it('is required, a real date, and not after today', () => {
    expect(dateProblem('', '2026-11-29')).toBe('required');
    expect(dateProblem('2026-13-01', '2026-11-29')).toBe('invalid');
    expect(dateProblem('2026-11-30', '2026-11-29')).toBe('future');
    expect(dateProblem('2026-11-29', '2026-11-29')).toBeNull();
    expect(dateProblem('2019-01-01', '2026-11-29')).toBeNull();
  });
});

describe('the searches', () => {
  it('run on a whole CURP only, in any case and with spaces around', () => {
    expect(isFullCurp(' gaml900101hdfrrs09 ')).toBe(true);
    expect(isFullCurp('GAML900101HDFRRS0')).toBe(false);
    expect(isFullCurp('GAML900101HDFRRS0-')).toBe(false);
  });

  it('look a topic up above 3 characters', () => {
    expect(topicTerm('NOM')).toBeNull();
    expect(topicTerm('  NOM  ')).toBeNull();
    expect(topicTerm('NOM-')).toBe('NOM-');
    expect(topicTerm(' segur ')).toBe('segur');
  });
});

describe('the files', () => {
  it('take a DC-3 only as a PDF of at most 8 MB', () => {
    expect(pdfProblem(file('dc3.pdf', 1000, 'application/pdf'))).toBeNull();
    expect(pdfProblem(file('DC3.PDF', 1000))).toBeNull();
    expect(pdfProblem(file('dc3.png', 1000, 'image/png'))).toBe('type');
    expect(pdfProblem(file('dc3.pdf', MAX_FILE_BYTES + 1, 'application/pdf'))).toBe('size');
    expect(pdfProblem(file('dc3.pdf', MAX_FILE_BYTES, 'application/pdf'))).toBeNull();
    expect(pdfProblem(file('dc3.pdf', 0, 'application/pdf'))).toBe('empty');
  });

  it('take the bulk load only as .xls or .xlsx of at most 8 MB', () => {
    expect(sheetProblem(file('carga.xlsx', 1000))).toBeNull();
    expect(sheetProblem(file('CARGA.XLS', 1000))).toBeNull();
    expect(sheetProblem(file('carga.csv', 1000, 'text/csv'))).toBe('type');
    expect(sheetProblem(file('carga.xlsx', MAX_FILE_BYTES + 1))).toBe('size');
    expect(sheetProblem(file('carga.xlsx', 0))).toBe('empty');
  });
});

describe('the individual load', () => {
  it('is processed only with an employee, a topic, a DC-3 and a valid date', () => {
    const all = { employee: { curp: 'X' }, topic: { cve_tema: 1 }, file: file('a.pdf', 1), dateOk: true };
    expect(canProcess(all)).toBe(true);
    expect(canProcess({ ...all, employee: null })).toBe(false);
    expect(canProcess({ ...all, topic: null })).toBe(false);
    expect(canProcess({ ...all, file: null })).toBe(false);
    expect(canProcess({ ...all, dateOk: false })).toBe(false);
  });
});

describe('the bulk load', () => {
  it('goes in batches of 100 rows, each knowing where it starts', () => {
    const rows = Array.from({ length: 250 }, (_, i) => i);
    const batches = toBatches(rows);
    expect(BATCH_SIZE).toBe(100);
    expect(batches.map((b) => [b.offset, b.rows.length])).toEqual([
      [0, 100],
      [100, 100],
      [200, 50],
    ]);
    expect(batches[2]?.rows[0]).toBe(200);
    expect(toBatches([])).toEqual([]);
  });

  it('names a refused row by its spreadsheet row: the batch offset, the index and the header row', () => {
    expect(sheetRow(0, 0)).toBe(2);
    expect(sheetRow(100, 4)).toBe(106);
  });

  it('writes a line per refused row for the log', () => {
    const log = errorLog(
      [
        { fila: 2, curp: 'A', mensaje: 'Tema no encontrado' },
        { fila: 7, curp: 'B', mensaje: 'Empelado no encontrado' },
      ],
      (e) => `Fila ${e.fila} · ${e.curp}: ${e.mensaje}`,
    );
    expect(log).toBe('Fila 2 · A: Tema no encontrado\nFila 7 · B: Empelado no encontrado');
  });
});

describe('what a log row offers', () => {
  const row = (estado: string, link_dc3: string) => ({ estado, link_dc3 });

  it('offers cargar without a DC-3, consultar and cambiar with one', () => {
    expect(rowOffers(row('Enviado', ''), false)).toMatchObject({ cargar: true, consultar: false, cambiar: false });
    expect(rowOffers(row('Enviado', 'certificaciones/dc3/1.pdf'), false)).toMatchObject({ cargar: false, consultar: true, cambiar: true });
    expect(rowOffers(row('Rechazado', 'certificaciones/dc3/1.pdf'), false)).toMatchObject({ cambiar: true });
  });

  it('never lets an authorised record change', () => {
    expect(rowOffers(row('Autorizado', 'certificaciones/dc3/1.pdf'), true)).toMatchObject({
      consultar: true,
      cambiar: false,
      autorizar: false,
      rechazar: false,
    });
  });

  it('lets reviewers authorise or reject only what is sent, authorising only with a DC-3', () => {
    expect(rowOffers(row('Enviado', 'x.pdf'), true)).toMatchObject({ autorizar: true, rechazar: true, autorizarSinDc3: false });
    expect(rowOffers(row('Enviado', ''), true)).toMatchObject({ autorizar: true, rechazar: true, autorizarSinDc3: true });
    expect(rowOffers(row('Rechazado', 'x.pdf'), true)).toMatchObject({ autorizar: false, rechazar: false });
    expect(rowOffers(row('Enviado', 'x.pdf'), false)).toMatchObject({ autorizar: false, rechazar: false });
  });
});
