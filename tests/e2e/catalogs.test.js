// The catalogue screens as the Administrador, end to end through the UI: the org structure
// and a position, an employee with a photo, a topic with its image and question bank, a
// course block with ordered topics, and a bulk upload of employees with bad rows.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { apiCall, sessionToken } from './support/api.js';
import {
  ARTIFACTS_DIR,
  DEMO_USERS,
  TEST_TIMEOUT,
  chooseOption,
  eventually,
  launchBrowser,
  login,
  screenshot,
  settled,
  withPage,
} from './support/browser.js';
import { pngFile } from './support/files.js';
import { startServer } from './support/server.js';

/** The demo company path every employee test row lives in (see server/src/demo.rs). */
const DEMO_PATH = { n2: 'Industrial', n3: 'Corporativo', n4: 'Grupo Industrial Sierra Madre', puesto: 'Director General' };

function menu(page) {
  return page.getByRole('navigation', { name: 'Menú principal' });
}

/** Signs in as the Administrador and opens a screen from the side menu. */
async function openScreen(page, baseUrl, entry, route) {
  await login(page, baseUrl, { user: DEMO_USERS.administrador });
  await menu(page).getByRole('link', { name: entry, exact: true }).click();
  await page.waitForURL(`**/menu/${route}**`);
}

/** The screen's action bar (Actualizar, Nuevo…, Exportar a Excel, Imprimir). */
function toolbar(page) {
  return page.getByRole('toolbar', { name: 'Acciones' });
}

/** The next answer of `method` to an API path matching `route` (a RegExp on the pathname). */
function apiResponse(page, method, route) {
  return page.waitForResponse(
    (response) => response.request().method() === method && route.test(new URL(response.url()).pathname),
  );
}

/** Waits for an API answer and checks its status; returns its JSON body. */
async function expectJson(responsePromise, status = 200) {
  const response = await responsePromise;
  const text = await response.text();
  assert.equal(response.status(), status, `${response.request().method()} ${response.url()} → ${response.status()}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Picks an option of a searchable Mantine Select by typing part of it first; unless `kept`
 * is false (a picker that empties itself), checks the select then shows it.
 */
async function searchOption(page, combobox, option, typed = option, { kept = true } = {}) {
  await combobox.click();
  await combobox.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  if (kept) await eventually(async () => (await combobox.inputValue()) === option, `"${option}" chosen`);
}

/** A server table as `{ busy, rows }`, rows keyed by header text; skeleton rows left out. */
function readTable(table) {
  return table.evaluate((el) => {
    const headers = [...el.querySelectorAll('thead tr:first-child th')].map((th) => th.textContent.trim());
    const rows = [...el.querySelectorAll('tbody tr')]
      .filter((tr) => !tr.matches('[data-testid="table-skeleton"]') && tr.cells.length === headers.length)
      .map((tr) => Object.fromEntries([...tr.cells].map((td, i) => [headers[i], td.textContent.trim()])));
    return { busy: el.getAttribute('aria-busy') === 'true', rows };
  });
}

/** Waits until the table is idle and `accept(rows)` holds; returns the rows. */
async function rowsWhere(table, accept, message) {
  const { rows } = await eventually(async () => {
    const read = await readTable(table);
    return !read.busy && accept(read.rows) ? read : null;
  }, message);
  return rows;
}

/** Types a column filter (applied from 5 characters) and waits for the filtered answer. */
async function filterTable(page, table, column, text) {
  const answered = page.waitForResponse((response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !request.headers()['content-type']?.includes('json')) return false;
    const body = request.postDataJSON();
    return !body?.excel && (body?.columns_with_selects ?? []).some((c) => c.input === text);
  });
  await table.getByRole('textbox', { name: `Filtrar por ${column}` }).fill(text);
  const response = await answered;
  assert.equal(response.status(), 200, `filter ${column}=${text}`);
}

/** Saves a download into tests/artifacts and returns `{ name, file, content }`. */
async function keepDownload(download, artifactName) {
  const name = download.suggestedFilename();
  const file = path.join(ARTIFACTS_DIR, artifactName ?? name);
  await download.saveAs(file);
  return { name, file, content: await readFile(file) };
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when an <img> finished loading a real picture. */
function imageLoaded(image) {
  return image.evaluate((img) => img.complete && img.naturalWidth > 0);
}

describe('catalogues', () => {
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

  test('structure: N2 → N3 → N4 company, and a position in it', { timeout: TEST_TIMEOUT }, async () => {
    await withPage(browser, 'catalogs-structure', async (page) => {
      await openScreen(page, server.url, 'Estructura de puestos', 'estructura_puestos');
      const structure = page.getByRole('table', { name: 'Estructura de puestos · Estructura' });
      await rowsWhere(structure, (rows) => rows.length > 0, 'the structure table');

      const created = {};
      const nodes = [
        { nivel: 'N2 Segmento', nombre: 'Energía' },
        { nivel: 'N3 Tipo de cliente', nombre: 'Energía Corporativa', parentLabel: 'Pertenece a (N2 Segmento)', parent: 'Energía' },
        { nivel: 'N4 Empresa', nombre: 'Energía Solar del Norte', parentLabel: 'Pertenece a (N3 Tipo de cliente)', parent: 'Energía Corporativa' },
      ];
      for (const node of nodes) {
        await toolbar(page).getByRole('button', { name: 'Nuevo elemento' }).click();
        const dialog = page.getByRole('dialog', { name: 'Nuevo elemento' });
        await chooseOption(page, dialog.getByRole('combobox', { name: 'Nivel' }), node.nivel);
        await dialog.getByRole('textbox', { name: 'Nombre' }).fill(node.nombre);
        if (node.parent) {
          await searchOption(page, dialog.getByRole('combobox', { name: node.parentLabel }), node.parent);
        }
        if (node.nombre === 'Energía Solar del Norte') await screenshot(page, 'catalogs-structure-new-node');
        const saved = apiResponse(page, 'POST', /\/api\/pri\/catalogos\/estructura$/);
        await dialog.getByRole('button', { name: 'Guardar' }).click();
        const answer = await expectJson(saved);
        assert.ok(answer.cve_estructura > 0, `a key for ${node.nombre}: ${JSON.stringify(answer)}`);
        created[node.nombre] = answer.cve_estructura;
        await dialog.waitFor({ state: 'hidden' });
      }

      // The three nodes, each under the one above.
      await filterTable(page, structure, 'Nombre', 'Energía');
      const rows = await rowsWhere(structure, (r) => r.length === 3, 'the three Energía nodes');
      const byName = Object.fromEntries(rows.map((r) => [r['Nombre'], r]));
      assert.equal(byName['Energía']['Nivel'], 'N2 Segmento');
      assert.equal(byName['Energía Corporativa']['Nivel'], 'N3 Tipo de cliente');
      assert.equal(byName['Energía Corporativa']['Pertenece a'], 'Energía');
      assert.equal(byName['Energía Solar del Norte']['Nivel'], 'N4 Empresa');
      assert.equal(byName['Energía Solar del Norte']['Pertenece a'], 'Energía Corporativa');
      assert.ok(rows.every((r) => r['Activo'] === 'Activo'), `all active: ${JSON.stringify(rows)}`);
      await screenshot(page, 'catalogs-structure');

      // 'Crear puesto' in the new company.
      await page.getByRole('tab', { name: 'Puestos' }).click();
      const positions = page.getByRole('table', { name: 'Estructura de puestos · Puestos' });
      await rowsWhere(positions, (r) => r.length > 0, 'the positions table');
      await toolbar(page).getByRole('button', { name: 'Crear puesto' }).click();
      const dialog = page.getByRole('dialog', { name: 'Crear puesto' });
      await dialog.getByRole('textbox', { name: 'Puesto' }).fill('Técnico en paneles solares');
      await searchOption(
        page,
        dialog.getByRole('combobox', { name: 'Estructura' }),
        'Energía Solar del Norte (N4 Empresa)',
        'Solar del Norte',
      );
      await dialog.getByRole('textbox', { name: 'Descripción' }).fill('Instala y mantiene los paneles de la planta.');
      await screenshot(page, 'catalogs-position-new');
      const saved = apiResponse(page, 'POST', /\/estructura_puestos\/crear$/);
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await expectJson(saved);
      await dialog.waitFor({ state: 'hidden' });

      await filterTable(page, positions, 'Puesto', 'paneles solares');
      const [position] = await rowsWhere(positions, (r) => r.length === 1, 'the new position');
      assert.equal(position['Puesto'], 'Técnico en paneles solares');
      assert.equal(position['Estructura'], 'Energía Solar del Norte');
      assert.equal(position['Nivel'], 'N4 Empresa');
      assert.equal(position['Descripción'], 'Instala y mantiene los paneles de la planta.');
      assert.equal(position['Empleados'], '0');
      await screenshot(page, 'catalogs-position');

      // What the employee form will offer: the company under its N3, and its position.
      const token = await sessionToken(page);
      const companies = await apiCall(
        server.url,
        'GET',
        `/api/pri/catalogos/estructura/opciones?nivel=4&padre=${created['Energía Corporativa']}`,
        { token },
      );
      assert.deepEqual(companies, [{ value: created['Energía Solar del Norte'], label: 'Energía Solar del Norte' }]);
      const offered = await apiCall(server.url, 'POST', '/api/pri/catalogos/estructura_puestos/obtenerPuestos', {
        token,
        body: { cve_area_manager: created['Energía Solar del Norte'] },
      });
      assert.deepEqual(
        offered.map((p) => p.puesto),
        ['Técnico en paneles solares'],
      );
    });
  });

  test('employee: the form, a photo upload and the detail', { timeout: TEST_TIMEOUT }, async () => {
    await withPage(browser, 'catalogs-employee', async (page) => {
      const name = 'Valeria Quintero Saldaña';
      await openScreen(page, server.url, 'Empleados', 'empleados');
      const table = page.getByRole('table', { name: /^Empleados/ });
      await rowsWhere(table, (r) => r.length > 0, 'the employees table');

      await toolbar(page).getByRole('button', { name: 'Nuevo empleado' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo empleado' });
      await dialog.getByRole('textbox', { name: 'Número de empleado' }).fill('E2E-0001');
      await dialog.getByRole('textbox', { name: 'Nombre completo' }).fill(name);
      await dialog.getByRole('textbox', { name: 'CURP' }).fill('qusv920314mnlnll05');
      assert.equal(await dialog.getByRole('textbox', { name: 'CURP' }).inputValue(), 'QUSV920314MNLNLL05', 'CURP upper-cased');
      await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill('valeria.quintero@sierramadre.mx');
      await dialog.getByRole('textbox', { name: 'Teléfono' }).fill('8112345678');
      await dialog.getByRole('radio', { name: 'Mujer' }).check();
      await searchOption(page, dialog.getByRole('combobox', { name: 'Segmento (N2)' }), DEMO_PATH.n2);
      await searchOption(page, dialog.getByRole('combobox', { name: 'Tipo de cliente (N3)' }), DEMO_PATH.n3);
      await searchOption(page, dialog.getByRole('combobox', { name: 'Empresa (N4)' }), DEMO_PATH.n4);
      await searchOption(page, dialog.getByRole('combobox', { name: 'Puesto' }), DEMO_PATH.puesto);
      await screenshot(page, 'catalogs-employee-form', { fullPage: true });

      const created = apiResponse(page, 'POST', /\/api\/pri\/catalogos\/empleados\/crear$/);
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      const { cve_empleado: cve } = await expectJson(created);
      assert.ok(cve > 0, 'the new employee has a key');
      await dialog.waitFor({ state: 'hidden' });

      // Found by searching the table.
      await filterTable(page, table, 'Nombre', 'Quintero');
      const [row] = await rowsWhere(table, (r) => r.length === 1 && r[0]['Nombre'] === name, `${name} in the table`);
      assert.equal(row['Número'], 'E2E-0001');
      assert.equal(row['CURP'], 'QUSV920314MNLNLL05');
      assert.equal(row['Puesto'], DEMO_PATH.puesto);
      assert.equal(row['Empresa'], DEMO_PATH.n4);
      await screenshot(page, 'catalogs-employee-search');

      // A photo through the file input, previewed, then uploaded.
      await table.getByRole('button', { name: `Acciones para ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Cambiar foto' }).click();
      const photoDialog = page.getByRole('dialog', { name: 'Cambiar foto' });
      await photoDialog.getByLabel('Imagen de la foto').setInputFiles(pngFile('valeria.png'));
      const preview = photoDialog.getByRole('img', { name: 'Vista previa' });
      await preview.waitFor();
      await eventually(() => imageLoaded(preview), 'the preview shows the picture');
      await screenshot(page, 'catalogs-employee-photo-preview');
      const uploaded = apiResponse(page, 'POST', new RegExp(`/catalogos/empleados/${cve}/foto$`));
      await photoDialog.getByRole('button', { name: 'Subir foto' }).click();
      const { foto_url: photoUrl } = await expectJson(uploaded);
      assert.ok(photoUrl, 'the upload answers the photo url');
      await photoDialog.waitFor({ state: 'hidden' });

      // The detail shows the uploaded photo.
      const detailLoaded = apiResponse(page, 'GET', new RegExp(`/catalogos/empleados/${cve}$`));
      await table.getByRole('button', { name: `Acciones para ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Ver detalle' }).click();
      const detail = await expectJson(detailLoaded);
      assert.equal(detail.foto_url, photoUrl);
      const drawer = page.getByRole('dialog', { name: 'Detalle del empleado' });
      await drawer.getByRole('heading', { name }).waitFor();
      const photo = drawer.locator(`img[src="${photoUrl}"]`);
      await photo.waitFor();
      await eventually(() => imageLoaded(photo), 'the detail photo loaded');
      assert.deepEqual(
        await photo.evaluate((img) => [img.naturalWidth, img.naturalHeight]),
        [24, 24],
        'the picture is the uploaded 24×24 PNG',
      );
      await drawer.getByText(DEMO_PATH.puesto, { exact: true }).first().waitFor();
      await settledScreenshot(page, drawer, 'catalogs-employee-detail');
    });
  });

  test('topic: created with its image, then a question bank', { timeout: TEST_TIMEOUT }, async () => {
    await withPage(browser, 'catalogs-topic', async (page) => {
      const name = 'Uso seguro de herramientas manuales';
      await openScreen(page, server.url, 'Gestión de temas', 'listar_temas');
      const table = page.getByRole('table', { name: 'Gestión de temas · Temas' });
      await rowsWhere(table, (r) => r.length > 0, 'the topics table');

      await toolbar(page).getByRole('button', { name: 'Nuevo tema' }).click();
      await page.waitForURL(/[?&]tema=nuevo/);
      const form = page.getByRole('form', { name: 'Nuevo tema' });
      await form.getByRole('textbox', { name: 'Abreviatura' }).fill('E2E-HERR-01');
      await form.getByRole('textbox', { name: 'Nombre del tema' }).fill(name);
      await chooseOption(page, form.getByRole('combobox', { name: 'Tipo', exact: true }), 'Curso');
      await searchOption(page, form.getByRole('combobox', { name: 'Área temática' }), '6000 Seguridad', 'Seguridad');
      await chooseOption(page, form.getByRole('combobox', { name: 'Modalidad' }), 'E-learning');
      await form.getByRole('textbox', { name: 'Descripción' }).fill('Selección, uso y cuidado de las herramientas de mano.');
      await form.getByLabel('Imagen principal').setInputFiles(pngFile('herramientas.png', { rgb: [230, 119, 0] }));
      const preview = form.getByRole('img', { name: 'Vista previa de Imagen principal' });
      await preview.waitFor();
      await eventually(() => imageLoaded(preview), 'the image preview');
      await screenshot(page, 'catalogs-topic-form');

      const created = apiResponse(page, 'POST', /\/catalogos\/temas\/crear_tema$/);
      await form.getByRole('button', { name: 'Crear tema' }).click();
      const { cve_tema: cve } = await expectJson(created);
      assert.ok(cve > 0, 'the new topic has a key');
      // The next step is the question bank.
      await page.waitForURL((url) => url.searchParams.get('tema') === String(cve) && url.searchParams.get('pestana') === 'preguntas');
      const drawer = page.getByRole('dialog', { name });
      const image = drawer.getByRole('img', { name: `Imagen de ${name}` });
      await image.waitFor();
      await eventually(() => imageLoaded(image), 'the stored topic image loads');
      assert.equal(await drawer.getByRole('tab', { name: /^Preguntas/ }).getAttribute('aria-selected'), 'true');
      await drawer.getByText('Este tema aún no tiene preguntas').waitFor();

      const questions = [
        {
          tipo: 'Respuesta única',
          pregunta: '¿Qué debes revisar antes de usar un martillo?',
          opciones: ['Que tenga pintura nueva', 'Que el mango esté firme y sin grietas', 'Que sea de la marca de la empresa'],
          correctas: [2],
        },
        {
          tipo: 'Respuesta múltiple',
          pregunta: '¿Cuáles son equipos de protección al usar un esmeril?',
          opciones: ['Careta o lentes de seguridad', 'Corbata', 'Guantes de carnaza'],
          correctas: [1, 3],
        },
      ];
      for (const q of questions) {
        await drawer.getByRole('button', { name: 'Agregar pregunta' }).click();
        const dialog = page.getByRole('dialog', { name: 'Nueva pregunta' });
        await dialog.getByRole('textbox', { name: 'Pregunta', exact: true }).fill(q.pregunta);
        await dialog.getByRole('radio', { name: q.tipo }).check();
        await dialog.getByRole('button', { name: 'Agregar opción' }).click();
        for (const [i, texto] of q.opciones.entries()) {
          await dialog.getByRole('textbox', { name: `Opción ${i + 1}` }).fill(texto);
        }
        const role = q.tipo === 'Respuesta única' ? 'radio' : 'checkbox';
        for (const n of q.correctas) await dialog.getByRole(role, { name: `Opción ${n} correcta` }).check();
        if (q.tipo === 'Respuesta múltiple') await screenshot(page, 'catalogs-question-form');
        const saved = apiResponse(page, 'POST', new RegExp(`/api/pri/temas/preguntas/${cve}$`));
        await dialog.getByRole('button', { name: 'Guardar' }).click();
        await expectJson(saved);
        await dialog.waitFor({ state: 'hidden' });
      }

      // Listed in order, with their type and correct answers marked.
      const bank = drawer.getByRole('list', { name: 'Banco de preguntas' });
      const listed = await eventually(async () => {
        const items = await bank.locator(':scope > li').allTextContents();
        return items.length === 2 ? items : null;
      }, 'two questions listed');
      for (const [i, q] of questions.entries()) {
        assert.ok(listed[i].includes(`${i + 1}.`) && listed[i].includes(q.pregunta), `question ${i + 1}: ${listed[i]}`);
        assert.ok(listed[i].includes(q.tipo), `question ${i + 1} is "${q.tipo}": ${listed[i]}`);
        for (const [n, texto] of q.opciones.entries()) {
          const marked = new RegExp(`${escapeRegExp(texto)}\\s*\\(correcta\\)`).test(listed[i]);
          assert.equal(marked, q.correctas.includes(n + 1), `"${texto}" marked correct: ${q.correctas.includes(n + 1)}`);
        }
      }
      await drawer.getByText('2 preguntas', { exact: true }).waitFor();
      await settledScreenshot(page, drawer, 'catalogs-question-bank');

      // Stored as the contract says.
      const token = await sessionToken(page);
      const stored = await apiCall(server.url, 'GET', `/api/pri/temas/preguntas/${cve}`, { token });
      assert.deepEqual(
        stored.map((q) => [q.tipo, q.respuestas.filter((r) => Number(r.correcta) === 1).map((r) => r.texto)]),
        [
          ['unica', ['Que el mango esté firme y sin grietas']],
          ['multiple', ['Careta o lentes de seguridad', 'Guantes de carnaza']],
        ],
      );
      const topic = await apiCall(server.url, 'GET', `/api/pri/catalogos/temas/ver_tema/${cve}`, { token });
      assert.equal(topic.modalidad, 'E_LEARNING');
      assert.equal(topic.total_preguntas, 2);
      assert.ok(topic.imagen_url, 'the topic has its image');

      // The table counts the questions too.
      await drawer.getByRole('button', { name: 'Cerrar' }).click();
      await drawer.waitFor({ state: 'hidden' });
      await filterTable(page, table, 'Nombre del tema', 'herramientas');
      const [row] = await rowsWhere(table, (r) => r.length === 1 && r[0]['Preguntas'] === '2', 'the topic row with 2 questions');
      assert.equal(row['Abreviatura'], 'E2E-HERR-01');
      assert.equal(row['Modalidad'], 'E-learning');
    });
  });

  test('course block: image, topics in order, derived modality', { timeout: TEST_TIMEOUT }, async () => {
    await withPage(browser, 'catalogs-block', async (page) => {
      const name = 'Ruta de seguridad para contratistas';
      await openScreen(page, server.url, 'Bloques de cursos', 'bloques_cursos');
      const table = page.getByRole('table', { name: 'Bloques de cursos' });
      await rowsWhere(table, (r) => r.length > 0, 'the blocks table');

      await toolbar(page).getByRole('button', { name: 'Nuevo bloque' }).click();
      const form = page.getByRole('form', { name: 'Nuevo bloque' });
      await form.getByRole('textbox', { name: 'Nombre del bloque' }).fill(name);
      // A new block type, created inline and chosen.
      await form.getByRole('button', { name: 'Nuevo tipo' }).click();
      await form.getByRole('textbox', { name: 'Nombre del nuevo tipo' }).fill('Programa para contratistas');
      const typeSaved = apiResponse(page, 'POST', /\/catalogos\/tipos_bloque$/);
      await form.getByRole('button', { name: 'Agregar tipo' }).click();
      await expectJson(typeSaved);
      await eventually(
        async () => (await form.getByRole('combobox', { name: 'Tipo de bloque' }).inputValue()) === 'Programa para contratistas',
        'the new type is chosen',
      );
      await form.getByRole('textbox', { name: 'Capacidad de asistentes' }).fill('25');
      await form.getByLabel('Fecha de inicio').fill('2026-02-02');
      await form.getByLabel('Fecha de fin').fill('2026-06-30');
      await form.getByRole('textbox', { name: 'Descripción' }).fill('Lo que todo contratista debe cursar antes de entrar a planta.');
      await form.getByRole('textbox', { name: 'Video (URL)' }).fill('https://videos.example.com/contratistas');
      await form.getByLabel(/^Imagen\b/).setInputFiles(pngFile('bloque.png', { rgb: [47, 158, 68] }));
      await eventually(() => imageLoaded(form.getByRole('img', { name: 'Vista previa de Imagen' })), 'the image preview');
      await screenshot(page, 'catalogs-block-form');

      const created = apiResponse(page, 'POST', /\/catalogos\/bloques_cursos\/crear_bloque$/);
      await form.getByRole('button', { name: 'Crear bloque' }).click();
      const { id_bloque: id } = await expectJson(created);
      assert.ok(id > 0, 'the new block has a key');
      await page.waitForURL((url) => url.searchParams.get('bloque') === String(id) && url.searchParams.get('pestana') === 'temas');
      const drawer = page.getByRole('dialog', { name });
      const image = drawer.getByRole('img', { name: `Imagen de ${name}` });
      await image.waitFor();
      await eventually(() => imageLoaded(image), 'the stored block image loads');
      const modality = drawer.getByTestId('block-modality');
      await eventually(async () => (await modality.textContent()) === 'Sin temas', 'no modality without topics');

      const picker = drawer.getByRole('combobox', { name: 'Agregar tema' });
      const order = drawer.getByRole('list', { name: `Temas de ${name} en orden` });
      const listed = async () => (await order.locator(':scope > li').allInnerTexts()).map((t) => t.split('\n').map((s) => s.trim()).filter(Boolean)[1]);
      const saveTopics = async () => {
        const saved = apiResponse(page, 'PUT', new RegExp(`/catalogos/bloques_cursos/${id}/temas$`));
        const reloaded = apiResponse(page, 'GET', new RegExp(`/catalogos/bloques_cursos/${id}$`));
        await drawer.getByRole('button', { name: 'Guardar temas' }).click();
        await expectJson(saved);
        await expectJson(reloaded);
        await drawer.getByText('Hay cambios sin guardar').waitFor({ state: 'hidden' });
      };

      // Two e-learning topics: a Virtual block.
      const addTopic = (option, typed) => searchOption(page, picker, option, typed, { kept: false });
      await addTopic('ETI-01 · Código de ética y cumplimiento', 'ética');
      await addTopic('IND-01 · Inducción a Grupo Industrial Sierra Madre', 'Inducción');
      assert.deepEqual(await listed(), ['Código de ética y cumplimiento', 'Inducción a Grupo Industrial Sierra Madre']);
      await drawer.getByText('Hay cambios sin guardar').waitFor();
      await saveTopics();
      await eventually(async () => (await modality.textContent()) === 'Virtual', 'two e-learning topics make it Virtual');

      // A classroom topic, moved to the front: now Mixto.
      await addTopic('PAUX-01 · Primeros auxilios básicos', 'auxilios');
      await drawer.getByRole('button', { name: 'Subir Primeros auxilios básicos' }).click();
      await drawer.getByRole('button', { name: 'Subir Primeros auxilios básicos' }).click();
      const expected = ['Primeros auxilios básicos', 'Código de ética y cumplimiento', 'Inducción a Grupo Industrial Sierra Madre'];
      assert.deepEqual(await listed(), expected);
      assert.equal(await drawer.getByRole('button', { name: 'Subir Primeros auxilios básicos' }).isDisabled(), true, 'first can not go up');
      await saveTopics();
      await eventually(async () => (await modality.textContent()) === 'Mixto', 'e-learning and classroom topics make it Mixto');
      assert.deepEqual(await listed(), expected, 'the saved order is shown');
      await settledScreenshot(page, drawer, 'catalogs-block-topics');

      const token = await sessionToken(page);
      const block = await apiCall(server.url, 'GET', `/api/pri/catalogos/bloques_cursos/${id}`, { token });
      assert.equal(block.modalidad, 'Mixto');
      assert.equal(block.nombre_tipo_bloque, 'Programa para contratistas');
      assert.deepEqual(
        [...block.temas].sort((a, b) => a.orden - b.orden).map((t) => t.nombre),
        expected,
      );

      // The table shows the derived modality and the topic count.
      await drawer.getByRole('button', { name: 'Cerrar' }).click();
      await drawer.waitFor({ state: 'hidden' });
      await filterTable(page, table, 'Nombre del bloque', 'contratistas');
      const [row] = await rowsWhere(table, (r) => r.length === 1 && r[0]['Modalidad'] === 'Mixto', 'the block row, Mixto');
      assert.equal(row['Temas'], '3');
      assert.equal(row['Tipo de bloque'], 'Programa para contratistas');
      await screenshot(page, 'catalogs-block-table');
    });
  });

  test('bulk upload of employees: template, live progress, summary and error report', { timeout: TEST_TIMEOUT }, async (t) => {
    await withPage(browser, 'catalogs-upload', async (page) => {
      await openScreen(page, server.url, 'Cargas masivas', 'cargas_masivas');
      await chooseOption(page, page.getByRole('combobox', { name: 'Tipo de carga' }), 'Empleados');
      await page.getByText('Alta y actualización de empleados').waitFor();

      // The template: an xlsx with the employee columns.
      const [templateDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Descargar plantilla' }).click(),
      ]);
      const template = await keepDownload(templateDownload, 'catalogs-template-empleados.xlsx');
      assert.match(template.name, /\.xlsx$/);
      assert.equal(template.content.subarray(0, 2).toString('latin1'), 'PK', 'the template is an xlsx (zip)');
      const [templateSheet] = await readXlsxFile(template.content);
      const headers = templateSheet.data[0];
      for (const column of ['NumEmpleado*', 'Nombre*', 'CURP*', 'N2*', 'N3*', 'N4*', 'Puesto*']) {
        assert.ok(headers.includes(column), `template column ${column} in ${headers}`);
      }

      // The structure names of the rows, as the API offers them.
      const token = await sessionToken(page);
      const option = async (nivel, padre, label) => {
        const query = padre ? `nivel=${nivel}&padre=${padre}` : `nivel=${nivel}`;
        const found = (await apiCall(server.url, 'GET', `/api/pri/catalogos/estructura/opciones?${query}`, { token })).find(
          (o) => o.label === label,
        );
        assert.ok(found, `structure option ${label} (nivel ${nivel})`);
        return found.value;
      };
      await option(4, await option(3, await option(2, null, DEMO_PATH.n2), DEMO_PATH.n3), DEMO_PATH.n4);

      // 120 good rows (two batches of up to 100) and three bad ones among them.
      const good = 120;
      const record = (i) => ({
        'NumEmpleado*': `CM-${String(i + 1).padStart(4, '0')}`,
        'Nombre*': `Empleado de Carga ${i + 1}`,
        // XAXA + yymmdd (a distinct month/day per row, up to 12 × 28) + H + NL + three consonants + 0 + digit.
        'CURP*': `XAXA90${String((i % 12) + 1).padStart(2, '0')}${String(Math.floor(i / 12) + 1).padStart(2, '0')}HNLRRS0${i % 10}`,
        'N2*': DEMO_PATH.n2,
        'N3*': DEMO_PATH.n3,
        'N4*': DEMO_PATH.n4,
        'Puesto*': DEMO_PATH.puesto,
        TipoEmpleado: 'Sindicalizado',
      });
      const records = Array.from({ length: good }, (_, i) => record(i));
      const bad = [
        { at: 10, row: { ...record(good), 'CURP*': 'NOESUNACURP' }, column: 'CURP' },
        { at: 60, row: { ...record(good + 1), 'N4*': 'Empresa que no existe' }, column: 'N4' },
        { at: 110, row: { ...record(good + 2), 'Nombre*': '' }, column: 'Nombre' },
      ];
      for (const b of [...bad].reverse()) records.splice(b.at, 0, b.row);
      // Fila in the error report: the header is row 1.
      const badLines = bad.map((b) => records.indexOf(b.row) + 2);
      const sheet = [
        headers.map((h) => ({ value: h, fontWeight: 'bold' })),
        ...records.map((r) => headers.map((h) => (r[h] ? { value: r[h], type: String } : null))),
      ];
      const upload = { name: 'empleados-e2e.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await writeXlsxFile(sheet).toBuffer() };

      await page.getByLabel('Archivo de Excel a cargar').setInputFiles(upload);
      await page.getByRole('region', { name: 'Nueva carga' }).getByText('empleados-e2e.xlsx', { exact: true }).waitFor();
      await screenshot(page, 'catalogs-upload-chosen');

      // Every value the progress bar takes, as the page renders it.
      await page.evaluate(() => {
        const seen = [];
        window.__uploadProgress = seen;
        const record = () => {
          const bar = document.querySelector('[role="progressbar"][aria-label="Progreso de la carga"]');
          const value = bar?.getAttribute('aria-valuenow');
          if (value !== null && value !== undefined && seen.at(-1) !== Number(value)) seen.push(Number(value));
        };
        new MutationObserver(record).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['aria-valuenow'],
        });
      });
      const accepted = apiResponse(page, 'POST', /\/api\/pri\/cargas_masivas\/empleados$/);
      await page.getByRole('button', { name: 'Cargar archivo' }).click();
      const { id_carga: id } = await expectJson(accepted, 202);
      const card = page.getByRole('region', { name: `Carga #${id}` });
      await card.getByText('Empleados · empleados-e2e.xlsx', { exact: true }).waitFor();
      const bar = card.getByRole('progressbar', { name: 'Progreso de la carga' });
      await bar.waitFor();
      await eventually(async () => (await bar.getAttribute('aria-valuenow')) === '100', 'the progress bar reaches 100', {
        timeout: 30_000,
      });
      const seen = await page.evaluate(() => window.__uploadProgress);
      t.diagnostic(`progress bar values seen: ${seen.join(', ')}`);
      assert.equal(seen.at(-1), 100, `ends at 100: ${seen}`);
      assert.ok(
        seen.every((v, i) => v >= 0 && v <= 100 && (i === 0 || v >= seen[i - 1])),
        `the bar only moves forward: ${seen}`,
      );

      const total = good + bad.length;
      const summary = card.getByRole('status').filter({ hasText: 'Cargas finalizadas' });
      await summary.waitFor();
      await summary.getByText(`${total} registros: ${good} insertados, 0 actualizados y 0 sin cambios.`).waitFor();
      await summary.getByText(`${bad.length} registros con errores`).waitFor();
      await card.getByText('Terminada', { exact: true }).waitFor();
      await card.getByText(`${total} de ${total} registros procesados (100 %)`).waitFor();
      for (const [key, value] of Object.entries({ insertadas: good, actualizadas: 0, sin_cambios: 0, errores: bad.length })) {
        assert.match(await card.getByTestId(`conteo-${key}`).innerText(), new RegExp(`\\b${value}$`), `count ${key}`);
      }
      await settledScreenshot(page, card, 'catalogs-upload-finished');

      const job = await apiCall(server.url, 'GET', `/api/pri/cargas_masivas/${id}`, { token });
      assert.deepEqual(
        [job.estatus, job.total, job.procesadas, job.insertadas, job.actualizadas, job.sin_cambios, job.errores, job.lotes_fallidos],
        ['terminada', total, total, good, 0, 0, bad.length, 0],
      );

      // The error report: an xlsx with exactly the bad rows.
      const [reportDownload] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: 'Descargar reporte de errores' }).click(),
      ]);
      const report = await keepDownload(reportDownload, 'catalogs-upload-errors.xlsx');
      assert.match(report.name, /\.xlsx$/);
      assert.equal(report.content.subarray(0, 2).toString('latin1'), 'PK', 'the report is an xlsx (zip)');
      const [reportSheet] = await readXlsxFile(report.content);
      const [reportHeader, ...reportRows] = reportSheet.data;
      assert.deepEqual(reportHeader, ['Fila', 'Columna', 'Valor', 'Motivo']);
      assert.deepEqual(
        reportRows.map((r) => [Number(r[0]), r[1]]),
        bad.map((b, i) => [badLines[i], b.column]),
        `the report rows: ${JSON.stringify(reportRows)}`,
      );
      assert.equal(reportRows[0][2], 'NOESUNACURP');
      assert.equal(reportRows[1][2], 'Empresa que no existe');
      assert.ok(reportRows.every((r) => typeof r[3] === 'string' && r[3].length > 0), 'every row says why');

      // The history lists the upload with its counts.
      const history = page.getByRole('table', { name: 'Historial de cargas' });
      const [latest] = await rowsWhere(history, (r) => r.length > 0 && r[0]['Carga'] === String(id), `upload ${id} first in the history`);
      assert.equal(latest['Tipo'], 'Empleados');
      assert.equal(latest['Archivo'], 'empleados-e2e.xlsx');
      assert.equal(latest['Estatus'], 'Terminada');
      assert.equal(latest['Insertadas'], String(good));
      assert.equal(latest['Errores'], String(bad.length));
      await screenshot(page, 'catalogs-upload-history', { fullPage: true });
    });
  });
});

/** A screenshot once the element's transitions (a drawer sliding in, a toast) are over. */
async function settledScreenshot(page, locator, name) {
  await settled(locator);
  await screenshot(page, name);
}
