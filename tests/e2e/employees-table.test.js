// The employees catalogue (/menu/empleados) as the Administrador: server-side paging,
// sorting, column filters and the Excel / CSV export.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  ARTIFACTS_DIR,
  DEMO_USERS,
  TEST_TIMEOUT,
  eventually,
  launchBrowser,
  login,
  screenshot,
  withPage,
} from './support/browser.js';
import { startServer } from './support/server.js';

const TABLE_URL = '/api/pri/catalogos/empleados';

/** Lower case without accents, to compare names the way a person reads them. */
const fold = (text) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

function employeesTable(page) {
  return page.getByRole('table', { name: /^Empleados/ });
}

/**
 * The table as data: `busy` (a request in flight), and `rows` keyed by header text
 * (`#`, `Número`, `Nombre`, …). Loading skeleton rows are left out.
 */
function readTable(page) {
  return employeesTable(page).evaluate((table) => {
    const headers = [...table.querySelectorAll('thead tr:first-child th')].map((th) => th.textContent.trim());
    const rows = [...table.querySelectorAll('tbody tr')]
      .filter((tr) => !tr.matches('[data-testid="table-skeleton"]') && tr.cells.length === headers.length)
      .map((tr) => Object.fromEntries([...tr.cells].map((td, i) => [headers[i], td.textContent.trim()])));
    return { busy: table.getAttribute('aria-busy') === 'true', rows };
  });
}

/** Waits until the table is idle and `accept(table)` holds; returns that table. */
function tableWhere(page, accept, message) {
  return eventually(async () => {
    const table = await readTable(page);
    return !table.busy && table.rows.length > 0 && accept(table) ? table : null;
  }, message);
}

/** The POST the table sends next (optionally one whose body matches). */
function nextTableCall(page, matches = () => true) {
  return page.waitForResponse((response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !new URL(response.url()).pathname.endsWith(TABLE_URL)) return false;
    const body = request.postDataJSON();
    return !body.excel && matches(body);
  });
}

async function openEmployees(page, baseUrl) {
  await login(page, baseUrl, { user: DEMO_USERS.administrador });
  const firstLoad = nextTableCall(page);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Empleados', exact: true }).click();
  await page.waitForURL('**/menu/empleados');
  const response = await firstLoad;
  assert.equal(response.status(), 200);
  const data = await response.json();
  const table = await tableWhere(page, (t) => t.rows[0]['#'] === '1', 'the first page of employees');
  return { table, total: data.pages.cantidad_registros };
}

describe('employees table', () => {
  let server;
  let browser;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('pages: next, last and page size', { timeout: TEST_TIMEOUT }, async () => {
    await withPage(browser, 'employees-paging', async (page) => {
      const { table: first, total } = await openEmployees(page, server.url);
      assert.ok(total > 20, `the demo company has more than two pages of employees (${total})`);
      assert.equal(first.rows.length, 10);
      await page.getByText(`${total} registros`).waitFor();
      // The pager (Mantine's Pagination: buttons named by the table.pager_* texts).
      const pager = page.locator('[aria-label="Paginación"]');
      assert.equal(await pager.getByRole('button', { name: 'Página 1' }).getAttribute('aria-current'), 'page');

      await pager.getByRole('button', { name: 'Página siguiente' }).click();
      const second = await tableWhere(page, (t) => t.rows[0]['#'] === '11', 'page 2 starting at row 11');
      assert.deepEqual(
        second.rows.map((r) => r['#']),
        ['11', '12', '13', '14', '15', '16', '17', '18', '19', '20'],
      );
      const firstNames = new Set(first.rows.map((r) => r['Número']));
      assert.ok(
        second.rows.every((r) => !firstNames.has(r['Número'])),
        'page 2 shows other employees than page 1',
      );
      await eventually(
        async () => (await pager.getByRole('button', { name: 'Página 2' }).getAttribute('aria-current')) === 'page',
        'page 2 marked as current',
      );
      assert.equal(await pager.getByRole('button', { name: 'Página 1' }).getAttribute('aria-current'), null);
      await screenshot(page, 'employees-paging');

      const pages = Math.ceil(total / 10);
      await pager.getByRole('button', { name: 'Última página' }).click();
      const lastFirstRow = String((pages - 1) * 10 + 1);
      const last = await tableWhere(page, (t) => t.rows[0]['#'] === lastFirstRow, `last page starting at row ${lastFirstRow}`);
      assert.equal(last.rows.at(-1)['#'], String(total));

      // 20 per page starts again at page 1.
      await page.getByRole('combobox', { name: 'Registros por página' }).click();
      await page.getByRole('option', { name: '20', exact: true }).click();
      const twenty = await tableWhere(page, (t) => t.rows.length === 20, '20 rows per page');
      assert.equal(twenty.rows[0]['#'], '1');
      assert.equal(twenty.rows[19]['#'], '20');
    });
  });

  test('sorts by a column header, both ways', { timeout: TEST_TIMEOUT }, async () => {
    await withPage(browser, 'employees-sorting', async (page) => {
      const { table: initial } = await openEmployees(page, server.url);
      const table = employeesTable(page);
      const numberHeader = table.getByRole('columnheader', { name: 'Ordenar por Número' });
      const nameHeader = table.getByRole('columnheader', { name: 'Ordenar por Nombre' });
      // By name, ascending, until told otherwise.
      assert.equal(await nameHeader.getAttribute('aria-sort'), 'ascending');
      assert.equal(await numberHeader.getAttribute('aria-sort'), null);

      const ascCall = nextTableCall(page, (b) => b.order === 'num_empleado' && b.ordertype === 'asc');
      await table.getByRole('button', { name: 'Ordenar por Número' }).click();
      await ascCall;
      const asc = await tableWhere(
        page,
        (t) => t.rows[0]['Número'] !== initial.rows[0]['Número'],
        'the first row changes when sorting by Número',
      );
      const ascNumbers = asc.rows.map((r) => r['Número']);
      assert.deepEqual(ascNumbers, [...ascNumbers].sort(), `ascending numbers: ${ascNumbers}`);
      assert.equal(await numberHeader.getAttribute('aria-sort'), 'ascending');
      assert.equal(await nameHeader.getAttribute('aria-sort'), null);
      assert.equal(asc.rows[0]['#'], '1');

      const descCall = nextTableCall(page, (b) => b.order === 'num_empleado' && b.ordertype === 'desc');
      await table.getByRole('button', { name: 'Ordenar por Número' }).click();
      await descCall;
      const desc = await tableWhere(
        page,
        (t) => t.rows[0]['Número'] !== asc.rows[0]['Número'],
        'the first row changes when sorting by Número descending',
      );
      const descNumbers = desc.rows.map((r) => r['Número']);
      assert.deepEqual(descNumbers, [...descNumbers].sort().reverse(), `descending numbers: ${descNumbers}`);
      assert.ok(descNumbers[0] > ascNumbers.at(-1), 'the highest number comes first');
      assert.equal(await numberHeader.getAttribute('aria-sort'), 'descending');
      await screenshot(page, 'employees-sorting');
    });
  });

  test('filters by name (more than 4 characters)', { timeout: TEST_TIMEOUT }, async () => {
    await withPage(browser, 'employees-filter', async (page) => {
      const { table: initial, total } = await openEmployees(page, server.url);
      // A surname from the first row, long enough to be sent (> 4 characters).
      const term = initial.rows[0]['Nombre'].split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a));
      assert.ok(term.length > 4, `a term longer than 4 characters (${term})`);

      const sent = [];
      const watch = (request) => {
        if (request.method() === 'POST' && request.url().endsWith(TABLE_URL)) sent.push(request.postDataJSON());
      };
      page.on('request', watch);
      const filtered = nextTableCall(page, (b) => b.columns_with_selects.some((c) => c.nomfield === 'nombre_empleado'));
      await employeesTable(page).getByRole('textbox', { name: 'Filtrar por Nombre' }).pressSequentially(term, { delay: 40 });
      const response = await filtered;
      page.off('request', watch);
      const body = await response.json();
      const count = body.pages.cantidad_registros;
      assert.ok(count > 0 && count < total, `fewer employees than ${total} (${count})`);
      // Shorter prefixes never reached the server.
      const inputs = sent.flatMap((b) => b.columns_with_selects.map((c) => c.input));
      assert.ok(inputs.every((input) => input.length > 4), `only long filters sent: ${JSON.stringify(inputs)}`);

      const table = await tableWhere(page, (t) => t.rows.length === Math.min(count, 10), `${Math.min(count, 10)} filtered rows`);
      for (const row of table.rows) {
        assert.ok(fold(row['Nombre']).includes(fold(term)), `"${row['Nombre']}" matches "${term}"`);
      }
      if (count > 10) await page.getByText(`${count} registros`).waitFor();
      await screenshot(page, 'employees-filter');

      // Clearing the filter brings everyone back.
      await employeesTable(page).getByRole('button', { name: 'Quitar filtro de Nombre' }).click();
      await page.getByText(`${total} registros`).waitFor();
    });
  });

  test('exports to Excel and CSV', { timeout: TEST_TIMEOUT }, async () => {
    await withPage(browser, 'employees-export', async (page) => {
      const { total } = await openEmployees(page, server.url);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('toolbar').getByRole('button', { name: 'Exportar a Excel' }).click(),
      ]);
      const name = download.suggestedFilename();
      assert.match(name, /\.(xlsx|csv)$/);
      const file = path.join(ARTIFACTS_DIR, `employees-export${path.extname(name)}`);
      await download.saveAs(file);
      const content = await readFile(file);
      assert.ok(content.length > 1000, `a real spreadsheet (${content.length} bytes)`);
      if (name.endsWith('.xlsx')) assert.equal(content.subarray(0, 2).toString('latin1'), 'PK', 'xlsx is a zip');
      await screenshot(page, 'employees-export');

      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('toolbar').getByRole('button', { name: 'Exportar CSV' }).click(),
      ]);
      assert.match(csv.suggestedFilename(), /\.csv$/);
      const csvFile = path.join(ARTIFACTS_DIR, 'employees-export.csv');
      await csv.saveAs(csvFile);
      const text = (await readFile(csvFile, 'utf8')).replace(/^\uFEFF/, '');
      const lines = text.split(/\r?\n/).filter(Boolean);
      assert.equal(lines.length, total + 1, 'a header line and every employee, not just one page');
      assert.ok(text.includes('Laura Méndez Garza'), 'the CSV holds the employees');
    });
  });
});
