// Dashboard end to end (issue 16), in the browser. The Administrador lands on /menu/dashboard
// and sees the admin-style view with the demo's figures as the API answers them to the same
// session: the summary cards (courses this week, accreditations about to expire, in-person
// courses this month, this year's costs in MXN) and their own place in the ranking; the
// monthly modality chart (a canvas 300 px high) with its table alternative (January to
// December, the same figures), shown with 'Ver como tabla'; training by region and by N2; the
// top-5 ranking of the year, then of the day (rows or 'No se encontró información'). The
// Supervisor sees the same view with their team's (smaller) figures. The dashboard is checked
// with axe at 1366 and 390 px, the table mode included. The participant adds a task in the
// Tareas card, edits it, marks it done (the server has it done) and deletes it.
//
// The Participante sees, below the plan cards, the training tabs: 'Capacitación pendiente'
// first, each pending topic of the API as a card with its Obligatorio / Opcional badge and
// the plan's course buttons; the arrow key moves to 'Mis constancias'; with the company's
// enable_bloques_cursos turned on, 'Capacitación por bloques' with the block's topics modal
// (Acreditado / Pendiente), opened and closed by keyboard. The Contratista (profile 4) sees the
// supplier view ('Registros de alta de empleados' and 'Cargar certificaciones') and no tabs.
// Each state is checked with axe at 1366 and 390 px, without horizontal scroll.
//
// One session per user: a browser sign-in ends that user's other sessions, so the API answers
// are read with the browser's own token (sessionToken).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, sessionToken } from './support/api.js';
import { AxeReport, WIDTHS, settle } from './support/axe.js';
import { DEMO_USERS, eventually, launchBrowser, screenshot } from './support/browser.js';
import { startServer } from './support/server.js';
import { apiToken, asUser, planTopics } from './support/scenario.js';

const SCENARIO_TIMEOUT = 180_000;
const SCREEN = '/menu/dashboard';
const MONTHS = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];
const EMPTY = 'No se encontró información';

/** A whole number as the Spanish UI prints it (es-MX). */
const number = (n) => new Intl.NumberFormat('es-MX').format(n);
/** An amount in MXN as the Spanish UI prints it. */
const money = (n) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(n);
/** A percentage as the Spanish UI prints it (one decimal at most). */
const percent = (n) => `${new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 }).format(n)} %`;

/** The dashboard's API answers to the session signed in on `page`. */
async function dashboardAnswers(url, page) {
  const token = await sessionToken(page);
  const get = (route) => apiCall(url, 'GET', `/api/pri/dashboard/${route}`, { token });
  const [cards, months, top, region, n2] = await Promise.all([
    get('cards'),
    get('modalidadxmes'),
    get('ranking/Anio'),
    get('getCapacitacionPorRegion'),
    get('getCapacitacionPorEstructura'),
  ]);
  return { cards, months, top, region, n2, get };
}

/** The figure a summary card shows. */
const cardValue = async (page, id) => (await page.getByTestId(`${id}-value`).textContent()).trim();

/** Waits until the cards show the API's figures. */
async function expectCards(page, cards) {
  const expected = {
    'card-week': number(cards.total_cursos_programados_esta_semana),
    'card-expiring': number(cards.total_cursos_proximos_vencer),
    'card-in-person': number(cards.total_cursos_impartidos_mes),
    'card-costs': money(cards.total_costos_cursos),
    'card-my-ranking': cards.mi_ranking > 0 ? `${number(cards.mi_ranking)}.º` : '—',
  };
  await eventually(async () => {
    for (const [id, value] of Object.entries(expected)) if ((await cardValue(page, id)) !== value) return false;
    return true;
  }, `the cards show ${JSON.stringify(expected)}`);
  return expected;
}

/** The rows of the ranking's table, as [posición, nombre, total] (none without a table). */
async function rankingRows(page) {
  const rows = page.getByTestId('ranking').getByTestId('ranking-row');
  const out = [];
  for (let i = 0; i < (await rows.count()); i += 1) {
    const row = rows.nth(i);
    const cells = row.getByRole('cell');
    out.push({
      posicion: (await cells.first().textContent()).trim(),
      nombre: (await row.getByRole('rowheader').textContent()).trim(),
      total: (await cells.last().textContent()).trim(),
      badge: await row.getByRole('img').getAttribute('alt'),
    });
  }
  return out;
}

/** Waits until the ranking shows the API's rows (or the empty message when there are none). */
async function expectRanking(page, rows) {
  const card = page.getByTestId('ranking');
  if (rows.length === 0) {
    await card.getByText(EMPTY, { exact: true }).waitFor();
    assert.equal(await card.getByRole('table').count(), 0, 'no table when nobody is ranked');
    return;
  }
  await eventually(async () => {
    const shown = await rankingRows(page);
    return (
      shown.length === rows.length &&
      shown.every((r, i) => r.posicion === String(rows[i].posicion) && r.nombre.startsWith(rows[i].nombre_empleado) && r.total === number(rows[i].total_cursos))
    );
  }, `the ranking lists ${rows.map((r) => r.nombre_empleado).join(', ')}`);
}

/** The modality table alternative: twelve months with the API's figures. */
async function expectModalityTable(page, months) {
  const year = months[0].period.slice(0, 4);
  const table = page.getByRole('table', { name: `Cursos de ${year} por mes y modalidad` });
  await table.waitFor({ state: 'attached' });
  const rows = table.locator('tbody tr');
  assert.equal(await rows.count(), 12, 'January to December');
  for (let i = 0; i < 12; i += 1) {
    const m = months.find((x) => x.nummes === i + 1) ?? { presencial: 0, virtual: 0, streaming: 0 };
    const cells = (await rows.nth(i).locator('th, td').allTextContents()).map((c) => c.trim());
    assert.deepEqual(cells, [MONTHS[i], number(m.presencial), number(m.virtual), number(m.streaming)], `row of ${MONTHS[i]}`);
  }
  return table;
}

describe('dashboard: the admin-style view with its cards, charts and ranking', () => {
  let server;
  let browser;
  const report = new AxeReport();
  /** The Administrador's cards, to compare the Supervisor's with. */
  let adminCards = null;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the Administrador sees the demo’s figures, the modality chart and its table, and the top 5 by period', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.administrador, 'dashboard', 'admin', async (page) => {
      assert.equal(new URL(page.url()).pathname, SCREEN, 'the Administrador lands on the dashboard');
      const api = await dashboardAnswers(url, page);
      adminCards = api.cards;
      t.diagnostic(`cards ${JSON.stringify(api.cards)}`);

      await page.getByRole('heading', { level: 2, name: 'Indicadores de capacitación' }).waitFor();
      const shown = await expectCards(page, api.cards);
      t.diagnostic(`cards shown ${JSON.stringify(shown)}`);

      // The modality chart: a canvas 300 px high, named for screen readers, and its table.
      const modality = page.getByTestId('modality-chart');
      const canvas = modality.locator('canvas');
      await canvas.waitFor();
      assert.match((await canvas.getAttribute('aria-label')) ?? '', /por mes y modalidad/);
      const box = await canvas.boundingBox();
      assert.ok(box && Math.round(box.height) === 300, `the chart is 300 px high (${JSON.stringify(box)})`);
      await expectModalityTable(page, api.months);

      // Region and N2: a chart each, or the empty message; their tables name every area.
      for (const [id, rows, caption] of [
        ['region-chart', api.region, 'Capacitación por región'],
        ['structure-chart', api.n2, 'Capacitación por N2'],
      ]) {
        const card = page.getByTestId(id);
        if (rows.length === 0) {
          await card.getByText(EMPTY, { exact: true }).waitFor();
          continue;
        }
        await card.locator('canvas').waitFor();
        const table = card.getByRole('table', { name: caption });
        for (const r of rows) {
          await table.getByRole('row', { name: `${r.area} ${percent(r.porcentaje)} ${number(r.acreditados)} ${number(r.requeridos)}` }).waitFor({ state: 'attached' });
        }
      }

      // The top 5 of the year (the default period), each with its badge.
      assert.equal(api.top.length, 5, `the demo has five people in this year's ranking: ${JSON.stringify(api.top)}`);
      assert.ok(await page.getByTestId('ranking').getByRole('radio', { name: 'Año' }).isChecked(), 'Año is the default period');
      await expectRanking(page, api.top);
      const badges = (await rankingRows(page)).map((r) => r.badge);
      assert.deepEqual(badges.slice(0, 3), ['Insignia de oro', 'Insignia de plata', 'Insignia de bronce']);
      const badgeLoaded = await page
        .getByTestId('ranking')
        .getByRole('img', { name: 'Insignia de oro' })
        .evaluate((img) => img.complete && img.naturalWidth > 0);
      assert.ok(badgeLoaded, 'the badge image is served by the web app');

      await report.check(page, `${SCREEN} Administrador @1366`);
      await screenshot(page, 'dashboard-admin-1366', { fullPage: true });

      // 'Ver como tabla': the modality figures in a visible table instead of the chart.
      await modality.getByRole('button', { name: 'Ver como tabla' }).click();
      await eventually(async () => (await canvas.count()) === 0, 'the chart gives way to the table');
      const visible = await expectModalityTable(page, api.months);
      assert.ok(await visible.isVisible(), 'the table is shown');
      await report.check(page, `${SCREEN} Administrador, modality as a table @1366`);
      await modality.screenshot({ path: new URL('../artifacts/dashboard-modality-table-1366.png', import.meta.url).pathname });
      await modality.getByRole('button', { name: 'Ver como tabla' }).click();
      await canvas.waitFor();

      // Día: the day's rows as the API answers them, or the empty message.
      const day = await api.get('ranking/Dia');
      t.diagnostic(`ranking of the day: ${day.length} row(s)`);
      const dayAsked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/pri/dashboard/ranking/Dia');
      await page.getByTestId('ranking').getByRole('radiogroup', { name: 'Periodo del ranking' }).getByText('Día', { exact: true }).click();
      assert.equal((await dayAsked).status(), 200);
      await expectRanking(page, day);
      await settle(page);
      await page.getByTestId('ranking').screenshot({ path: new URL('../artifacts/dashboard-ranking-day-1366.png', import.meta.url).pathname });

      // A phone: everything stacks, nothing scrolls sideways.
      for (const width of WIDTHS.filter((w) => w.name !== '1366')) {
        await page.setViewportSize(width.viewport);
        await page.reload();
        await expectCards(page, api.cards);
        await page.getByTestId('modality-chart').locator('canvas').waitFor();
        await expectRanking(page, api.top);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `no horizontal scroll at ${width.name} px (${overflow} px too wide)`);
        const chartBox = await page.getByTestId('modality-chart').locator('canvas').boundingBox();
        assert.ok(chartBox && chartBox.width <= width.viewport.width, `the chart fits the phone (${JSON.stringify(chartBox)})`);
        await report.check(page, `${SCREEN} Administrador @${width.name}`);
        await screenshot(page, `dashboard-admin-${width.name}`, { fullPage: true });
        await page.getByTestId('modality-chart').getByRole('button', { name: 'Ver como tabla' }).click();
        await expectModalityTable(page, api.months);
        await report.check(page, `${SCREEN} Administrador, modality as a table @${width.name}`);
      }
    });
  });

  test('the Supervisor sees the same view with their team’s figures', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    assert.ok(adminCards, 'the previous test read the Administrador’s cards');
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.supervisor, 'dashboard', 'supervisor', async (page) => {
      const api = await dashboardAnswers(url, page);
      t.diagnostic(`supervisor cards ${JSON.stringify(api.cards)} (admin ${JSON.stringify(adminCards)})`);
      // The server scopes the Supervisor's figures to their team: fewer expiring accreditations.
      assert.ok(
        api.cards.total_cursos_proximos_vencer < adminCards.total_cursos_proximos_vencer,
        `the team has fewer accreditations about to expire (${api.cards.total_cursos_proximos_vencer} < ${adminCards.total_cursos_proximos_vencer})`,
      );
      await page.getByRole('heading', { level: 2, name: 'Indicadores de capacitación' }).waitFor();
      await expectCards(page, api.cards);
      await page.getByTestId('modality-chart').locator('canvas').waitFor();
      await expectModalityTable(page, api.months);
      await expectRanking(page, api.top);
      // No survey in the admin-style view.
      assert.equal(await page.getByRole('button', { name: 'Enviar encuesta' }).count(), 0);
      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        await page.reload();
        await expectCards(page, api.cards);
        await page.getByTestId('modality-chart').locator('canvas').waitFor();
        await report.check(page, `${SCREEN} Supervisor @${width.name}`);
        await screenshot(page, `dashboard-supervisor-${width.name}`, { fullPage: true });
      }
    });
    t.diagnostic(report.summary());
    report.assertClean();
  });

  test('the participant adds a task, edits it, marks it done and deletes it', { timeout: SCENARIO_TIMEOUT }, async () => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.participante, 'dashboard', 'tasks', async (page) => {
      if (new URL(page.url()).pathname !== SCREEN) await page.goto(`${url}${SCREEN}`);
      const card = page.getByTestId('tasks');
      await card.getByRole('heading', { level: 2, name: 'Tareas' }).waitFor();
      const first = `Revisar el reglamento ${Date.now()}`;
      const renamed = `${first} (actualizada)`;

      await card.getByRole('button', { name: 'Agregar tarea' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nueva tarea' });
      await dialog.getByRole('textbox', { name: /Título/ }).fill(first);
      await dialog.getByRole('textbox', { name: 'Descripción' }).fill('Capítulo de seguridad');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.getByRole('checkbox', { name: first }).waitFor();

      await card.getByRole('button', { name: `Editar la tarea ${first}` }).click();
      const edit = page.getByRole('dialog', { name: 'Editar tarea' });
      await edit.getByRole('textbox', { name: /Título/ }).fill(renamed);
      await edit.getByRole('button', { name: 'Guardar' }).click();
      await edit.waitFor({ state: 'detached' });
      const box = card.getByRole('checkbox', { name: renamed });
      await box.waitFor();

      await box.check();
      const token = await sessionToken(page);
      await eventually(async () => {
        const tasks = await apiCall(url, 'GET', '/api/pri/tareas', { token });
        return tasks.some((task) => task.title === renamed && task.done === true);
      }, 'the server has the task done');
      assert.equal(await box.isChecked(), true);

      await card.getByRole('button', { name: `Eliminar la tarea ${renamed}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Eliminar tarea' });
      await confirm.getByRole('button', { name: 'Eliminar' }).click();
      await card.getByRole('checkbox', { name: renamed }).waitFor({ state: 'detached' });
      const left = await apiCall(url, 'GET', '/api/pri/tareas', { token });
      assert.equal(left.some((task) => task.title === renamed), false, 'the task is gone');
    });
  });
});

/** No horizontal scroll: the page is no wider than the window. */
async function assertNoSideScroll(page, label) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `no horizontal scroll ${label} (${overflow} px too wide)`);
}

/** Waits for the Mis constancias tab's content: the certificates, or its empty state. */
async function certificatesShown(panel) {
  await panel
    .getByRole('heading', { level: 2, name: 'Cursos' })
    .or(panel.getByText('Aún no tienes constancias', { exact: true }))
    .waitFor();
}

describe('dashboard: the participant’s training tabs and the supplier view', () => {
  let server;
  let browser;
  const report = new AxeReport();

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the Participante sees the pending training with its badges, switches tabs by keyboard, and the blocks tab with the company’s flag', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.participante, 'dashboard', 'participant-tabs', async (page) => {
      assert.equal(new URL(page.url()).pathname, SCREEN, 'the Participante lands on the dashboard');
      const token = await sessionToken(page);
      const me = await page.evaluate(() => JSON.parse(window.localStorage.getItem('aula.user') ?? '{}'));
      assert.equal(me.idperfil, 8, `the demo participant's profile is Participante (8): ${JSON.stringify({ idperfil: me.idperfil, perfil: me.perfil_sistema })}`);
      const cve = me.cve_empleado;
      const pending = await planTopics(url, token, cve, 'Pendientes');
      t.diagnostic(`pending topics: ${pending.map((x) => `${x.abreviatura} (${x.obligatoria ? 'obligatorio' : 'opcional'})`).join(', ')}`);
      assert.ok(pending.length > 0, 'the demo participant has pending topics');

      // The tabs, pending first and chosen: every pending topic as a card with its badge.
      const tablist = page.getByRole('tablist', { name: 'Mi capacitación' });
      await tablist.waitFor();
      assert.deepEqual(await tablist.getByRole('tab').allTextContents(), ['Capacitación pendiente', 'Mis constancias'], 'no blocks tab while the company has them off');
      const pendingTab = tablist.getByRole('tab', { name: 'Capacitación pendiente' });
      assert.equal(await pendingTab.getAttribute('aria-selected'), 'true');
      const panel = page.getByRole('tabpanel', { name: 'Capacitación pendiente' });
      const cards = panel.getByRole('article');
      await eventually(async () => (await cards.count()) === pending.length, `${pending.length} pending cards`);
      for (const topic of pending) {
        const card = panel.getByRole('article', { name: topic.nombre, exact: true });
        await card.getByText(topic.obligatoria ? 'Obligatorio' : 'Opcional', { exact: true }).waitFor();
      }
      // The plan's course buttons: this week's forklift course has its exam active today.
      const withExam = pending.filter((x) => x.cve_curso && x.presentar_examen === '1');
      t.diagnostic(`topics whose course has the exam active: ${withExam.map((x) => x.abreviatura).join(', ') || 'none'}`);
      assert.ok((await panel.getByRole('button').count()) + (await panel.getByRole('link').count()) > 0, 'the cards carry the plan’s course buttons');
      await report.check(page, `${SCREEN} Participante, pending @1366`);
      await screenshot(page, 'dashboard-participant-pending-1366', { fullPage: true });

      // The keyboard: the arrow key moves to 'Mis constancias' and shows it.
      await pendingTab.focus();
      await page.keyboard.press('ArrowRight');
      const certificatesTab = tablist.getByRole('tab', { name: 'Mis constancias' });
      await eventually(async () => (await certificatesTab.getAttribute('aria-selected')) === 'true', 'Mis constancias is chosen');
      assert.equal(await certificatesTab.evaluate((el) => el === document.activeElement), true, 'the focus is on Mis constancias');
      const certificates = page.getByRole('tabpanel', { name: 'Mis constancias' });
      await certificatesShown(certificates);
      assert.equal(await panel.count(), 0, 'the pending panel is gone');
      await report.check(page, `${SCREEN} Participante, Mis constancias @1366`);
      await screenshot(page, 'dashboard-participant-certificates-1366', { fullPage: true });

      // A phone: the same, nothing scrolls sideways.
      const phone = WIDTHS.find((w) => w.name === '390');
      await page.setViewportSize(phone.viewport);
      await page.reload();
      await page.getByRole('tabpanel', { name: 'Capacitación pendiente' }).getByRole('article').first().waitFor();
      await settle(page);
      await assertNoSideScroll(page, 'at 390 px, pending');
      await report.check(page, `${SCREEN} Participante, pending @390`);
      await screenshot(page, 'dashboard-participant-pending-390', { fullPage: true });
      await page.getByRole('tab', { name: 'Mis constancias' }).click();
      await certificatesShown(page.getByRole('tabpanel', { name: 'Mis constancias' }));
      await settle(page);
      await assertNoSideScroll(page, 'at 390 px, Mis constancias');
      await report.check(page, `${SCREEN} Participante, Mis constancias @390`);
      await screenshot(page, 'dashboard-participant-certificates-390', { fullPage: true });

      // The company turns course blocks on: the blocks tab appears, with the participant's block.
      const admin = await apiToken(url, DEMO_USERS.administrador);
      await apiCall(url, 'PUT', '/api/pri/cia', { token: admin, body: { enable_bloques_cursos: '1' } });
      try {
        const blocks = await apiCall(url, 'POST', `/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/por-bloques/${cve}/dat`, { token, body: {} });
        t.diagnostic(`blocks: ${JSON.stringify(blocks.items.map((b) => ({ bloque: b.nombre_bloque, avance: b.porcentaje_avance, temas: b.temas.length })))}`);
        for (const width of WIDTHS) {
          await page.setViewportSize(width.viewport);
          await page.reload();
          const tabs = page.getByRole('tablist', { name: 'Mi capacitación' }).getByRole('tab');
          await eventually(async () => (await tabs.count()) === 3, 'three tabs with blocks on');
          assert.deepEqual(await tabs.allTextContents(), ['Capacitación pendiente', 'Capacitación por bloques', 'Mis constancias']);
          await page.getByRole('tab', { name: 'Capacitación pendiente' }).focus();
          await page.keyboard.press('ArrowRight');
          const blocksPanel = page.getByRole('tabpanel', { name: 'Capacitación por bloques' });
          await blocksPanel.waitFor();
          if (blocks.items.length === 0) {
            await blocksPanel.getByText('Sin bloques', { exact: true }).waitFor();
            continue;
          }
          const [block] = blocks.items;
          const card = blocksPanel.getByRole('article', { name: block.nombre_bloque, exact: true });
          await card.getByRole('progressbar').waitFor();
          await report.check(page, `${SCREEN} Participante, blocks @${width.name}`);
          await screenshot(page, `dashboard-participant-blocks-${width.name}`, { fullPage: true });
          // The topics modal by keyboard: each topic Acreditado or Pendiente.
          await card.getByRole('button', { name: 'Temas' }).focus();
          await page.keyboard.press('Enter');
          const dialog = page.getByRole('dialog', { name: block.nombre_bloque });
          await dialog.waitFor();
          for (const topic of block.temas) {
            const item = dialog.getByRole('listitem').filter({ hasText: topic.nombre });
            const state = item.getByText(topic.acreditado === '1' ? 'Acreditado' : 'Pendiente', { exact: true });
            await state.waitFor();
            assert.ok(await state.evaluate((el) => el.scrollWidth <= el.clientWidth), `the state of ${topic.nombre} reads in full at ${width.name} px`);
          }
          await report.check(page, `${SCREEN} Participante, block topics @${width.name}`);
          await screenshot(page, `dashboard-participant-block-topics-${width.name}`);
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
          await assertNoSideScroll(page, `at ${width.name} px, blocks`);
        }
      } finally {
        await apiCall(url, 'PUT', '/api/pri/cia', { token: admin, body: { enable_bloques_cursos: '0' } });
      }
    });
  });

  test('the Contratista (profile 4) sees the supplier table and its upload, without the training tabs', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.contratista, 'dashboard', 'supplier', async (page) => {
      assert.equal(new URL(page.url()).pathname, SCREEN, 'the Contratista lands on the dashboard');
      const token = await sessionToken(page);
      const log = await apiCall(url, 'POST', '/api/pri/proveedor/log/tabla', {
        token,
        body: { page: 1, cantPP: 10, order: 'fecha_alta', ordertype: 'desc', filtersEXT: {}, columns_with_selects: [] },
      });
      t.diagnostic(`supplier log: ${log.pages?.cantidad_registros ?? log.result.length} record(s)`);
      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        if (width.name !== '1366') await page.reload();
        const supplier = page.getByRole('region', { name: 'Certificaciones externas' });
        await supplier.getByRole('heading', { name: 'Registros de alta de empleados' }).waitFor();
        const table = supplier.getByRole('table', { name: /^Registros de alta de empleados/ });
        await table.waitFor();
        if (log.result.length > 0) {
          await table.getByRole('row').filter({ hasText: log.result[0].nombre_tema }).first().waitFor();
        }
        assert.equal(await page.getByRole('tablist').count(), 0, 'no training tabs for the supplier');
        await assertNoSideScroll(page, `at ${width.name} px`);
        await report.check(page, `${SCREEN} Contratista @${width.name}`);
        await screenshot(page, `dashboard-supplier-${width.name}`, { fullPage: true });
      }
      // 'Cargar certificaciones' by keyboard opens the wizard.
      const load = page.getByRole('region', { name: 'Certificaciones externas' }).getByRole('button', { name: 'Cargar certificaciones' });
      await load.focus();
      await page.keyboard.press('Enter');
      const wizard = page.getByRole('dialog', { name: 'Cargar certificaciones' });
      await wizard.waitFor();
      await report.check(page, `${SCREEN} Contratista, upload wizard @390`);
      await page.keyboard.press('Escape');
      await wizard.waitFor({ state: 'hidden' });
    });
    t.diagnostic(report.summary());
    report.assertClean();
  });

  test('the Instructor sees the plan cards, the training tabs and the courses they teach with their comments', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.instructor, 'dashboard', 'instructor', async (page) => {
      assert.equal(new URL(page.url()).pathname, SCREEN, 'the Instructor lands on the dashboard');
      const token = await sessionToken(page);
      const taught = await apiCall(url, 'GET', '/api/pri/dashboard/cursos_instructor', { token });
      const summary = await apiCall(url, 'GET', '/api/pri/dashboard/cards', { token });
      t.diagnostic(`taught courses: ${taught.length}; pending ${summary.cursos_pendientes}`);
      assert.ok(taught.length > 0, 'the demo instructor teaches courses');
      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        if (width.name !== '1366') await page.reload();
        const courses = page.getByRole('region', { name: 'Cursos que imparto' });
        await courses.getByText(taught[0].nombre_nombre_corto || taught[0].nombre, { exact: true }).first().waitFor();
        assert.equal(await courses.getByRole('button', { name: 'Comentarios' }).count(), taught.length, 'a comments button per course');
        await page.getByRole('tab', { name: 'Capacitación pendiente' }).waitFor();
        await assertNoSideScroll(page, `at ${width.name} px`);
        await report.check(page, `${SCREEN} Instructor @${width.name}`);
        await screenshot(page, `dashboard-instructor-${width.name}`, { fullPage: true });
      }
      // The comments of a course open by keyboard.
      const button = page.getByRole('region', { name: 'Cursos que imparto' }).getByRole('button', { name: 'Comentarios' }).first();
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await report.check(page, `${SCREEN} Instructor, comments @390`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    });
    t.diagnostic(report.summary());
    report.assertClean();
  });
});
