// Certificates end to end (issue 15), in the browser: the Analista opens 'Constancias DC-3'
// (/menu/constancias_dc3), where the demo's closed courses of the year show with the late
// ones first; opens a late course's participants, downloads a participant's DC-3 (the form
// posted in a new tab answers a PDF), and reads the certificate's code from the list once it
// shows the delivery; then, in a fresh browser context without a session, /verificar/<code>
// says the certificate is Vigente. The follow-up screen (list and a course's participants)
// and the verification page are checked with axe at 1366 and 390 px.
//
// The demo closes courses 150 to 20 days before today, so some of them are past their due
// date (20 working days after the end). Early in January those ended in the previous year:
// the test picks the year whose list has late courses, through the screen's year selector.
//
// One session per user: a browser sign-in ends that user's other sessions (API tokens too),
// so the Analista's API lookups use the browser's own token (sessionToken).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, sessionToken } from './support/api.js';
import { AxeReport, WIDTHS } from './support/axe.js';
import { DEMO_USERS, eventually, launchBrowser, screenshot, withPage } from './support/browser.js';
import { startServer } from './support/server.js';
import { asUser } from './support/scenario.js';

const SCENARIO_TIMEOUT = 180_000;
const SCREEN = '/menu/constancias_dc3';
/** A certificate's verification code as the server writes it. */
const CODE = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

/** The year's table of closed courses. */
const coursesTable = (page, year) => page.getByRole('table', { name: `Cursos cerrados de ${year}` });

/** The participants' table of the open course. */
const participantsTable = (page) => page.getByRole('table', { name: 'Participantes acreditados' });

/** A participant's row, by their name (the row's header cell). */
const participantRow = (page, name) =>
  participantsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });

describe('certificates: the DC-3 follow-up, a DC-3 download and its public verification', () => {
  let server;
  let browser;
  const report = new AxeReport();
  /** What the first test leaves for the second: the downloaded DC-3's code and course. */
  const issued = { code: null, course: null };

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the Analista sees the late courses first, downloads a DC-3 as a PDF and reads its code', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.analista, 'certificates', 'dc3', async (page) => {
      const context = page.context();
      const token = await sessionToken(page);

      // The screen opens on the current year (the browser's, as the selector shows it).
      await page.goto(`${url}${SCREEN}`);
      const yearSelect = page.getByRole('combobox', { name: 'Año' });
      await yearSelect.waitFor();
      const shownYear = Number(await yearSelect.inputValue());
      assert.ok(shownYear >= 2026, `the selector shows the current year, got ${shownYear}`);

      // The year with late courses: this one, or the previous one early in January.
      const followUp = async (year) => apiCall(url, 'GET', `/api/pri/certificados/dc3/seguimiento?anio=${year}`, { token });
      let year = shownYear;
      let courses = await followUp(year);
      if (!courses.some((c) => c.estado === 'vencidas')) {
        year = shownYear - 1;
        courses = await followUp(year);
        await yearSelect.selectOption(String(year));
        await page.waitForURL(new RegExp(`[?&]anio=${year}\\b`));
      }
      const late = courses.filter((c) => c.estado === 'vencidas');
      assert.ok(late.length > 0, `the demo has late DC-3s in ${year}: ${JSON.stringify(courses.map((c) => [c.nombre_curso, c.estado, c.dias_restantes]))}`);
      t.diagnostic(`${year}: ${courses.length} closed course(s), ${late.length} late`);

      // The table: one row per course, the late ones first, each marked 'Vencidas' with its delay.
      const table = coursesTable(page, year);
      await table.waitFor();
      const rows = table.locator('tbody tr');
      await eventually(async () => (await rows.count()) === courses.length, `${courses.length} course rows`);
      for (let i = 0; i < late.length; i += 1) {
        const row = rows.nth(i);
        assert.equal(await row.getAttribute('data-estado'), 'vencidas', `row ${i + 1} is a late course`);
        await row.getByText('Vencidas', { exact: true }).waitFor();
        await row.getByText(/días? hábiles? de retraso|plazo vencido/).waitFor();
      }
      for (let i = late.length; i < courses.length; i += 1) {
        assert.notEqual(await rows.nth(i).getAttribute('data-estado'), 'vencidas', `row ${i + 1} comes after the late ones`);
      }
      const summary = page.getByRole('region', { name: `Resumen de ${year}` });
      await summary.getByTestId('dc3-summary-vencidas').getByText(String(late.length), { exact: true }).waitFor();
      await report.check(page, `${SCREEN} list @1366`);
      await screenshot(page, 'certificates-list-1366');

      // The first (most late) course: its participants open below the list, keyboard first.
      const firstLink = rows.first().getByRole('link');
      const courseName = (await firstLink.textContent()).trim();
      const course = late.find((c) => c.nombre_curso === courseName);
      assert.ok(course, `the first row (${courseName}) is a late course of the API's list`);
      await firstLink.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`[?&]curso=${course.cve_curso}\\b`));
      await participantsTable(page).waitFor();
      const heading = page.getByRole('heading', { level: 2, name: courseName });
      await eventually(() => heading.evaluate((el) => el === document.activeElement), 'the course heading takes the focus');

      // A participant whose DC-3 can be issued and was not yet.
      const detail = await apiCall(url, 'GET', `/api/pri/certificados/dc3/seguimiento/${course.cve_curso}`, { token });
      const holder = detail.participantes.find((p) => p.faltantes.length === 0 && !p.codigo) ?? detail.participantes.find((p) => p.faltantes.length === 0);
      assert.ok(holder, `a participant of ${courseName} with every DC-3 datum: ${JSON.stringify(detail.participantes.map((p) => [p.nombre_empleado, p.faltantes]))}`);
      const row = participantRow(page, holder.nombre_empleado);
      await row.waitFor();
      await report.check(page, `${SCREEN} course participants @1366`);
      await screenshot(page, 'certificates-course-1366');

      // 'Descargar DC-3': the check call, then the form posted in a new tab, which gets the PDF.
      const pdfResponse = context.waitForEvent('response', {
        predicate: (r) => new URL(r.url()).pathname === '/api/pri/certificados/dc3' && r.request().method() === 'POST',
        timeout: 60_000,
      });
      const newTab = context.waitForEvent('page', { timeout: 60_000 });
      await row.getByRole('button', { name: `Descargar DC-3 de ${holder.nombre_empleado}` }).click();
      const [tab, response] = await Promise.all([newTab, pdfResponse]);
      assert.equal(response.status(), 200, `the DC-3 answer: ${response.status()} ${response.statusText()}`);
      assert.match(response.headers()['content-type'] ?? '', /^application\/pdf\b/);
      assert.match(response.headers()['content-disposition'] ?? '', /^inline/);
      t.diagnostic(`DC-3 of ${holder.nombre_empleado} (${holder.cve_empleado}) in ${courseName}: ${response.headers()['content-type']}`);
      await tab.close().catch(() => undefined);
      await page.bringToFront();

      // The list shows the certificate's code and its delivery ('Descarga') once refreshed.
      const code = row.getByTestId('dc3-code');
      await eventually(async () => {
        if ((await code.count()) > 0) return true;
        await page.getByRole('toolbar', { name: 'Acciones' }).getByRole('button', { name: 'Actualizar' }).click();
        await code.waitFor({ timeout: 2_000 }).catch(() => undefined);
        return (await code.count()) > 0;
      }, `the code of ${holder.nombre_empleado}'s DC-3 in the list`);
      const codigo = (await code.textContent()).trim();
      assert.match(codigo, CODE);
      await row.getByText('Descarga', { exact: true }).waitFor();
      const afterDownload = await apiCall(url, 'GET', `/api/pri/certificados/dc3/seguimiento/${course.cve_curso}`, { token });
      const stored = afterDownload.participantes.find((p) => p.cve_empleado === holder.cve_empleado);
      assert.equal(stored?.codigo, codigo, 'the screen shows the code the server issued');
      assert.equal(stored?.medio_entrega, 'descarga');
      issued.code = codigo;
      issued.course = courseName;

      // Both states of the screen at 1366 (after the download) and 390 px.
      await report.check(page, `${SCREEN} course participants after the download @1366`);
      for (const width of WIDTHS.filter((w) => w.name !== '1366')) {
        await page.setViewportSize(width.viewport);
        await page.goto(`${url}${SCREEN}?anio=${year}`);
        await coursesTable(page, year).locator('tbody tr').first().waitFor();
        await report.check(page, `${SCREEN} list @${width.name}`);
        await screenshot(page, `certificates-list-${width.name}`);
        await page.goto(`${url}${SCREEN}?anio=${year}&curso=${course.cve_curso}`);
        await participantRow(page, holder.nombre_empleado).getByTestId('dc3-code').waitFor();
        await report.check(page, `${SCREEN} course participants @${width.name}`);
        await screenshot(page, `certificates-course-${width.name}`);
      }
    });
  });

  test('/verificar/<code> without a session says the DC-3 is Vigente', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    assert.ok(issued.code, 'the previous test downloaded a DC-3 and read its code');
    await withPage(browser, 'certificates-verificar', async (page) => {
      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        await page.goto(`${server.url}/verificar/${issued.code}`);
        const card = page.getByTestId('verification-card');
        await card.waitFor();
        assert.equal((await card.getByTestId('verification-state').textContent()).trim(), 'Vigente');
        await card.getByRole('heading', { name: 'Constancia DC-3' }).waitFor();
        await card.getByText(issued.code, { exact: true }).waitFor();
        // A fresh context: nobody signed in here (at most the anonymous token is stored).
        assert.equal(await page.evaluate(() => window.localStorage.getItem('aula.user')), null);
        await report.check(page, `/verificar/<código> @${width.name}`);
        await screenshot(page, `certificates-verificar-${width.name}`);
      }
      t.diagnostic(`${issued.code} (${issued.course}): Vigente`);
    });
    t.diagnostic(report.summary());
    report.assertClean();
  });
});
