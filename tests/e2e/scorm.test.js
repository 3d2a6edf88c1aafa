// SCORM end to end (issue 14), in the browser: the participant opens the demo SCORM 1.2
// package of NOM-006 from their plan, leaves it on screen 2, closes the player and resumes
// there, passes its quiz and the plan shows the topic Acreditado; then the SCORM 2004
// two-SCO package of NOM-035 through its table of contents. An isolation test uploads a
// hostile package (built here) whose script tries to read the app's storage, call the API
// with any token it finds and navigate the top window, and checks it got nothing. The new
// screens (the topic's 'Material SCORM' tab, the player, 'Avance SCORM') are checked with
// axe at 1280 and 390 px.
//
// Frames: the app page → the player page (iframe 'Curso SCORM', content origin) → the SCO
// (iframe.rp-frame, same content origin).
//
// One session per user: a browser sign-in ends that user's other sessions (API tokens too),
// so API calls of a signed-in user use the browser's own token (sessionToken).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { crc32 } from 'node:zlib';
import { apiCall, fetchUser, sessionToken } from './support/api.js';
import { AxeReport } from './support/axe.js';
import { DEMO_USERS, eventually, launchBrowser, screenshot } from './support/browser.js';
import { startServer } from './support/server.js';
import { apiToken, asUser, checkScreen, planTopics } from './support/scenario.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const SCENARIO_TIMEOUT = 120_000;
const PLAN = '/menu/consultar_plan_capacitacion';
const NOM006 = 'Manejo seguro de montacargas (NOM-006-STPS)';
const NOM035 = 'Factores de riesgo psicosocial (NOM-035-STPS)';
const HOSTILE_TOPIC = 'Código de ética y cumplimiento';

/** The quizzes' right answers (the demo packages' curso.js / evaluacion.js). */
const MONTACARGAS_RIGHT = [
  'Lo etiqueto como fuera de servicio y aviso a mi supervisor',
  'Baja, a unos 10 a 15 cm del piso',
  'Los peatones',
];
const NOM035_RIGHT = [
  'Una condición del trabajo que puede causar estrés grave o ansiedad',
  'Jornadas largas sin descanso suficiente',
  'Aviso a mi supervisor o al servicio médico',
];

/** The player modal, the player page and the SCO frame of an app page. */
function frames(page) {
  const modal = page.getByRole('dialog');
  const player = page.frameLocator('iframe[title="Curso SCORM"]');
  const sco = player.frameLocator('iframe.rp-frame');
  return { modal, player, sco };
}

/** The Frame objects (for evaluate/axe) of the player page and of the SCO. */
function frameObjects(page, contentUrl) {
  const player = page.frames().find((f) => f.url().startsWith(`${contentUrl}/jugar/`));
  const sco = page.frames().find((f) => f.url().startsWith(`${contentUrl}/contenido/`));
  return { player, sco };
}

/** Opens the plan, finds the topic's card (in the tab given) and presses its 'Curso' button. */
async function openPlayer(page, url, topic, tab = 'Pendientes') {
  await page.goto(`${url}${PLAN}`);
  const tabButton = page.getByRole('tab', { name: tab });
  await tabButton.waitFor();
  if ((await tabButton.getAttribute('aria-selected')) !== 'true') await tabButton.click();
  const card = page.getByRole('article', { name: topic, exact: true });
  await card.getByRole('button', { name: 'Curso', exact: true }).click();
  const f = frames(page);
  await f.modal.waitFor();
  return f;
}

/** Closes the player and waits for the plan to be back (the result was applied). */
async function closePlayer(page) {
  await page.getByRole('button', { name: 'Cerrar el curso' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  // The player's last commit goes on page hide; the modal applies the result after ~1 s.
  await page.waitForTimeout(1500);
}

/** Runs axe in a frame of the page (the player page, a SCO page): the report's own settle + axe. */
async function checkFrame(report, frame, label) {
  await report.check(frame, label);
}

/**
 * The app page with the player open: axe goes into every frame of the page (the player and
 * the SCO are another origin; axe's frame protocol needs axe loaded in each).
 */
async function checkPlayerPage(page, report, label) {
  for (const f of page.frames()) {
    if (f !== page.mainFrame()) await f.evaluate(AXE_SOURCE).catch(() => undefined);
  }
  await report.check(page, label);
}

/** A zip archive of `{name: text}` with the entries stored (no compression). */
function storedZip(files) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The SCORM 1.2 package of the isolation test: one SCO whose script attacks the app. */
function hostilePackage(appUrl) {
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="E2E-HOSTIL" version="1.0"
    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="ORG">
    <organization identifier="ORG">
      <title>Paquete de prueba de aislamiento</title>
      <item identifier="ITEM-HOSTIL" identifierref="RES-HOSTIL"><title>Prueba de aislamiento</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="RES-HOSTIL" type="webcontent" adlcp:scormtype="sco" href="index.html">
      <file href="index.html"/><file href="ataque.js"/>
    </resource>
  </resources>
</manifest>`;
  const html = `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Prueba de aislamiento</title></head>
<body><main><h1>Prueba de aislamiento</h1><pre id="out">…</pre></main><script src="ataque.js"></script></body></html>`;
  const script = `(async function () {
  var APP = ${JSON.stringify(appUrl)};
  var out = { tokens: [], fetches: {} };
  function probar(nombre, f) {
    try { var v = f(); out[nombre] = v === undefined ? 'undefined' : v; }
    catch (e) { out[nombre] = 'ERR:' + (e && e.name); }
  }
  function volcar(s) { var o = {}; for (var i = 0; i < s.length; i++) { var k = s.key(i); o[k] = s.getItem(k); } return JSON.stringify(o); }
  probar('propioLocal', function () { return volcar(localStorage); });
  probar('propioSession', function () { return volcar(sessionStorage); });
  probar('propiaCookie', function () { return document.cookie; });
  probar('padreLocal', function () { return volcar(parent.localStorage); });
  probar('topLocal', function () { return volcar(window.top.localStorage); });
  probar('topSession', function () { return volcar(window.top.sessionStorage); });
  probar('topCookie', function () { return window.top.document.cookie; });
  probar('topHref', function () { return window.top.location.href; });
  probar('topTexto', function () { return window.top.document.body.innerText.slice(0, 200); });
  probar('apiLms', function () { return typeof (window.API || parent.API); });
  // Every token-looking string: the launch token of its own URL and of the player's, and
  // anything in storage.
  var vistos = {};
  function juntar(texto) {
    (String(texto || '').match(/[A-Za-z0-9_\\-.]{20,}/g) || []).forEach(function (t) { vistos[t] = true; });
  }
  juntar(location.pathname);
  try { juntar(parent.location.pathname); } catch (e) {}
  [out.propioLocal, out.propioSession, out.propiaCookie, out.padreLocal, out.topLocal, out.topSession, out.topCookie].forEach(juntar);
  out.tokens = Object.keys(vistos);
  var intentos = [null].concat(out.tokens);
  for (var i = 0; i < intentos.length; i++) {
    var t = intentos[i];
    var nombre = t === null ? '(sin token)' : t;
    try {
      var r = await fetch(APP + '/api/pri/usuarios/login', {
        method: 'POST',
        headers: t === null ? { 'Content-Type': 'application/json' } : { 'Content-Type': 'application/json', Authorization: 'Bearer ' + t },
        body: '{"tokenfcm":""}'
      });
      out.fetches[nombre] = 'HTTP ' + r.status + ' ' + (await r.text()).slice(0, 200);
    } catch (e) {
      out.fetches[nombre] = 'ERR:' + (e && e.name);
    }
  }
  probar('navegarTop', function () { window.top.location = 'about:blank#pwned'; return 'sin error'; });
  probar('abrirTop', function () { window.open('about:blank#pwned', '_top'); return 'sin error'; });
  document.getElementById('out').textContent = JSON.stringify(out, null, 1);
  document.body.setAttribute('data-listo', '1');
})();`;
  return storedZip({ 'imsmanifest.xml': manifest, 'index.html': html, 'ataque.js': script });
}

describe('SCORM packages in the browser', { timeout: 600_000 }, () => {
  let server;
  let browser;
  let participant;
  const report = new AxeReport();
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    participant = await fetchUser(server.url, DEMO_USERS.participante);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('SCORM 1.2: the participant resumes at the saved screen, passes, and the plan shows Acreditado', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.participante, 'scorm', 'scorm12', async (page) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const token = await sessionToken(page);
      const topic = (await planTopics(url, token, participant.cve_empleado, 'pendientes')).find((x) => x.nombre === NOM006);
      assert.ok(topic?.clave_scorm, 'NOM-006 is pending in the plan with a package');
      assert.equal(topic.estado, 'Vencido');
      assert.match(topic.link, /scorm/);

      // First launch: go to screen 2 and close.
      let f = await openPlayer(page, url, NOM006);
      await f.sco.getByText('Pantalla 1 de 4').waitFor();
      await f.sco.getByRole('button', { name: 'Siguiente' }).click();
      await f.sco.getByText('Pantalla 2 de 4').waitFor();
      await f.sco.getByRole('heading', { name: '2. Carga y estabilidad' }).waitFor();
      await checkPlayerPage(page, report, 'player modal 1.2 (app page) @1280');
      await checkFrame(report, frameObjects(page, server.contentUrl).sco, 'SCO montacargas 1.2 @1280');
      await screenshot(page, 'scorm-player-12-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await checkFrame(report, frameObjects(page, server.contentUrl).sco, 'SCO montacargas 1.2 @390');
      await checkPlayerPage(page, report, 'player modal 1.2 (app page) @390');
      await screenshot(page, 'scorm-player-12-390');
      await page.setViewportSize({ width: 1280, height: 900 });
      await closePlayer(page);
      const afterFirst = await apiCall(url, 'GET', `/api/pri/cursos/puntaje_usuario/${participant.cve_empleado}/${topic.clave_scorm}`, { token });
      assert.equal(afterFirst.status, 'incomplete');
      assert.equal(afterFirst.intentos, 1);

      // Second launch: the SCO resumes on screen 2; then the lesson and the quiz, all right.
      f = await openPlayer(page, url, NOM006);
      await f.sco.getByText('Pantalla 2 de 4').waitFor();
      await f.sco.getByRole('heading', { name: '2. Carga y estabilidad' }).waitFor();
      await f.modal.getByText('Intento 1').waitFor();
      for (const n of [3, 4]) {
        await f.sco.getByRole('button', { name: 'Siguiente' }).click();
        await f.sco.getByText(`Pantalla ${n} de 4`).waitFor();
      }
      for (const answer of MONTACARGAS_RIGHT) await f.sco.getByRole('radio', { name: answer }).check();
      await f.sco.getByRole('button', { name: 'Enviar respuestas' }).click();
      await f.sco.getByText('Calificación: 100').waitFor();
      // The player shows the commit's answer (status and score) in its header.
      await f.player.locator('.rp-score').filter({ hasText: '100' }).waitFor();
      await f.sco.getByRole('button', { name: 'Terminar' }).click();
      await f.sco.getByText('Curso terminado. Ya puedes cerrar esta ventana.').waitFor();
      await closePlayer(page);

      const score = await eventually(async () => {
        const s = await apiCall(url, 'GET', `/api/pri/cursos/puntaje_usuario/${participant.cve_empleado}/${topic.clave_scorm}`, { token });
        return s.status === 'passed' ? s : null;
      }, 'puntaje_usuario says passed');
      assert.equal(score.score, 100);
      assert.equal(score.intentos, 1);

      // The plan: NOM-006 accredited (Completados).
      await page.goto(`${url}${PLAN}`);
      await page.getByRole('tab', { name: 'Completados' }).click();
      const card = page.getByRole('article', { name: NOM006, exact: true });
      await card.getByText('Acreditado', { exact: true }).waitFor();
      await screenshot(page, 'scorm-plan-acreditado-1280');
      const done = (await planTopics(url, token, participant.cve_empleado, 'completados')).find((x) => x.nombre === NOM006);
      assert.equal(done?.estado, 'Acreditado');
      t.diagnostic(`NOM-006 ${topic.clave_scorm}: ${JSON.stringify(score)}`);
    });
  });

  test('SCORM 2004: two SCOs through the table of contents, passed', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.participante, 'scorm', 'scorm2004', async (page) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const token = await sessionToken(page);
      const all = [
        ...(await planTopics(url, token, participant.cve_empleado, 'pendientes')),
        ...(await planTopics(url, token, participant.cve_empleado, 'completados')),
      ];
      const topic = all.find((x) => x.nombre === NOM035);
      assert.ok(topic?.clave_scorm, 'NOM-035 is in the plan with a package');
      const tab = topic.estado === 'Acreditado' ? 'Completados' : 'Pendientes';

      const f = await openPlayer(page, url, NOM035, tab);
      const toc = f.player.locator('nav#rp-toc');
      const items = toc.locator('button[data-item]');
      await items.first().waitFor();
      assert.equal(await items.count(), 2, 'the table of contents has the two SCOs');
      await toc.locator('button[data-item][aria-current="true"]').filter({ hasText: 'Lección' }).waitFor();
      await f.sco.getByText('Pantalla 1 de 3').waitFor();

      // Keyboard: Tab from the player's header reaches the TOC items.
      const { player: playerFrame } = frameObjects(page, server.contentUrl);
      assert.ok(playerFrame, 'the player frame');
      await f.player.locator('.rp-title').click();
      let reached = null;
      for (let i = 0; i < 8 && !reached; i += 1) {
        await page.keyboard.press('Tab');
        reached = await playerFrame.evaluate(() => document.activeElement?.getAttribute('data-item') ?? null);
      }
      assert.ok(reached, 'a TOC item takes the focus with Tab');
      await checkFrame(report, playerFrame, 'player page 2004 (content origin) @1280');
      const lessonFrame = frameObjects(page, server.contentUrl).sco;
      assert.ok(lessonFrame?.url().includes('/leccion/'), 'the lesson SCO frame');
      await checkFrame(report, lessonFrame, 'SCO lección 2004 @1280');
      await checkPlayerPage(page, report, 'player modal 2004 (app page) @1280');
      await screenshot(page, 'scorm-player-2004-1280');

      // The lesson to its last screen (completed), then the evaluation through the TOC.
      for (const n of [2, 3]) {
        await f.sco.getByRole('button', { name: 'Siguiente' }).click();
        await f.sco.getByText(`Pantalla ${n} de 3`).waitFor();
      }
      await f.sco.getByText('Terminaste la lección.', { exact: false }).waitFor();
      await toc.locator('button[data-item]').filter({ hasText: 'Evaluación' }).click();
      await toc.locator('button[data-item][aria-current="true"]').filter({ hasText: 'Evaluación' }).waitFor();
      await f.sco.getByRole('heading', { name: 'Evaluación' }).waitFor();

      // At 390 px: the player and the evaluation SCO.
      await page.setViewportSize({ width: 390, height: 844 });
      const evalFrame = await eventually(() => {
        const sco = frameObjects(page, server.contentUrl).sco;
        return sco && sco.url().includes('evaluacion') ? sco : null;
      }, 'the evaluation SCO frame');
      await checkFrame(report, evalFrame, 'SCO evaluación 2004 @390');
      await checkFrame(report, frameObjects(page, server.contentUrl).player, 'player page 2004 (content origin) @390');
      await checkPlayerPage(page, report, 'player modal 2004 (app page) @390');
      await screenshot(page, 'scorm-player-2004-390');
      // On a phone the contents are folded behind the toggle; Enter opens them on the current item.
      const toggle = f.player.locator('.rp-toc-toggle');
      await eventually(async () => (await toggle.getAttribute('aria-expanded')) === 'false', 'the contents fold at 390 px');
      await toggle.focus();
      await page.keyboard.press('Enter');
      await eventually(async () => (await toggle.getAttribute('aria-expanded')) === 'true', 'the toggle opens the contents');
      const focused = await eventually(
        () => frameObjects(page, server.contentUrl).player.evaluate(() => document.activeElement?.getAttribute('data-item') ?? null),
        'the focus goes to the current item',
      );
      assert.equal(focused, 'ITEM-EVALUACION');
      await checkFrame(report, frameObjects(page, server.contentUrl).player, 'player page 2004 contents open @390');
      await screenshot(page, 'scorm-player-2004-toc-390');
      await toggle.click();
      await eventually(async () => (await toggle.getAttribute('aria-expanded')) === 'false', 'the toggle folds the contents');
      await page.setViewportSize({ width: 1280, height: 900 });

      for (const answer of NOM035_RIGHT) await f.sco.getByRole('radio', { name: answer }).check();
      await f.sco.getByRole('button', { name: 'Enviar respuestas' }).click();
      await f.sco.getByText('Calificación: 100').waitFor();
      await f.sco.getByRole('button', { name: 'Terminar' }).click();
      await f.sco.getByText('Evaluación cerrada.', { exact: false }).waitFor();
      await closePlayer(page);

      const score = await eventually(async () => {
        const s = await apiCall(url, 'GET', `/api/pri/cursos/puntaje_usuario/${participant.cve_empleado}/${topic.clave_scorm}`, { token });
        return s.status === 'passed' ? s : null;
      }, 'puntaje_usuario says passed');
      assert.equal(score.score, 100);
      t.diagnostic(`NOM-035 ${topic.clave_scorm}: ${JSON.stringify(score)}`);
    });
  });

  test("isolation: a hostile package's script reads no session, calls no API and cannot navigate the app", { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    // The analyst uploads the package onto a pending e-learning topic of the participant.
    const analyst = await apiToken(url, DEMO_USERS.analista);
    const pending = await planTopics(url, analyst, participant.cve_empleado, 'pendientes');
    const topic = pending.find((x) => x.nombre === HOSTILE_TOPIC);
    assert.ok(topic && !topic.clave_scorm, `'${HOSTILE_TOPIC}' is pending without a package`);
    const form = new FormData();
    form.append('archivo', new Blob([hostilePackage(url)], { type: 'application/zip' }), 'hostil.zip');
    form.append('id_carga', 'e2e-hostil');
    const upload = await fetch(`${url}/api/pri/catalogos/temas/${topic.cve_tema}/scorm`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${analyst}`, 'Accept-Language': 'es' },
      body: form,
    });
    const uploaded = await upload.json();
    assert.equal(upload.status, 201, JSON.stringify(uploaded));
    assert.equal(uploaded.paquete.version, '1.2');

    await asUser(browser, url, DEMO_USERS.participante, 'scorm', 'isolation', async (page) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const session = await sessionToken(page);
      const f = await openPlayer(page, url, HOSTILE_TOPIC);
      const appUrl = page.url();
      await f.sco.locator('body[data-listo="1"]').waitFor();
      const raw = await f.sco.locator('#out').textContent();
      const out = JSON.parse(raw);
      t.diagnostic(`the hostile SCO saw: ${JSON.stringify(out)}`);
      await screenshot(page, 'scorm-isolation-1280');

      // The app origin's storage and document are out of reach.
      for (const key of ['topLocal', 'topSession', 'topCookie', 'topHref', 'topTexto']) {
        assert.match(String(out[key]), /^ERR:SecurityError$/, `${key} must throw, got ${out[key]}`);
      }
      // Its own origin (the content origin) has nothing of the session, and no cookie.
      assert.equal(out.propiaCookie, '');
      for (const key of ['propioLocal', 'propioSession', 'padreLocal']) {
        assert.ok(!String(out[key]).includes(session), `${key} holds no session token`);
      }
      // It found the launch token (its own URL) and tried it; no call reached the API.
      assert.ok(out.tokens.length >= 1, 'the launch token was found in the URL');
      assert.ok(!out.tokens.includes(session), 'the session token was never found');
      assert.ok(Object.keys(out.fetches).length >= 2, 'calls with and without a token were tried');
      for (const [tokenTried, answer] of Object.entries(out.fetches)) {
        assert.ok(/^ERR:/.test(answer) || /^HTTP 401 /.test(answer), `fetch with ${tokenTried}: ${answer}`);
      }
      // The session token appears nowhere in the content origin's frames.
      const { player, sco } = frameObjects(page, server.contentUrl);
      assert.ok(!(await sco.content()).includes(session), 'no session token in the SCO page');
      assert.ok(!(await player.content()).includes(session), 'no session token in the player page');

      // The app page stayed where it was and is still signed in.
      assert.equal(page.url(), appUrl);
      assert.equal(await sessionToken(page), session);
      const me = await apiCall(url, 'POST', '/api/pri/usuarios/login', { token: session, body: { tokenfcm: '' } });
      assert.equal(me[0].cve_empleado, participant.cve_empleado);
      await closePlayer(page);
      await page.getByRole('article', { name: HOSTILE_TOPIC, exact: true }).waitFor();
      assert.ok(page.url().startsWith(`${url}${PLAN}`), `still on the plan: ${page.url()}`);

      // The launch token opens nothing on the app origin.
      const launchToken = /\/contenido\/([A-Za-z0-9_-]{43})\//.exec(sco.url())?.[1];
      assert.ok(launchToken, `a launch token in ${sco.url()}`);
      const probe = await fetch(`${url}/api/pri/usuarios/login`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${launchToken}`, 'Content-Type': 'application/json' },
        body: '{"tokenfcm":""}',
      });
      assert.equal(probe.status, 401);
      const probe2 = await fetch(`${url}/api/pri/cursos/puntaje_usuario/${participant.cve_empleado}/${uploaded.paquete.clave_scorm}`, {
        headers: { Authorization: `Bearer ${launchToken}` },
      });
      assert.equal(probe2.status, 401);
      // And the app grants the content origin no CORS: a browser there could never read an answer.
      const cors = await fetch(`${url}/api/pri/usuarios/login`, {
        method: 'OPTIONS',
        headers: { Origin: server.contentUrl, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
      });
      assert.equal(cors.headers.get('access-control-allow-origin'), null, 'no CORS preflight grant for the content origin');
      const corsGet = await fetch(`${url}/api/pri/usuarios/login`, { method: 'POST', headers: { Origin: server.contentUrl, Authorization: `Bearer ${session}`, 'Content-Type': 'application/json' }, body: '{"tokenfcm":""}' });
      assert.equal(corsGet.headers.get('access-control-allow-origin'), null, 'no CORS grant on an answer');
    });
  });

  test("axe and screenshots: 'Material SCORM' and 'Avance SCORM'", { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.analista, 'scorm', 'staff', async (page) => {
      const token = await sessionToken(page);
      const packages = await apiCall(url, 'GET', '/api/pri/scorm/paquetes', { token });
      const nom035 = packages.find((p) => p.nombre_tema === NOM035);
      assert.ok(nom035, 'NOM-035 has a package');

      // Catálogos → Gestión de temas → NOM-035 → Material SCORM.
      await checkScreen(page, report, 'scorm', 'tema Material SCORM', `${url}/menu/listar_temas?tema=${nom035.cve_tema}&pestana=scorm`, {
        narrow: true,
        ready: async (p) => {
          const drawer = p.getByRole('dialog', { name: NOM035 });
          assert.equal(await drawer.getByRole('tab', { name: 'Material SCORM' }).getAttribute('aria-selected'), 'true');
          await drawer.getByText('SCORM 2004', { exact: true }).waitFor();
          await drawer.getByText(nom035.clave_scorm).waitFor();
        },
      });

      // Avance SCORM: rows of the demo's attempts (and of the tests above), then the topic filter.
      await checkScreen(page, report, 'scorm', 'Avance SCORM', `${url}/menu/scorm_avance`, {
        narrow: true,
        ready: (p) => p.getByRole('cell', { name: NOM035 }).first().waitFor(),
      });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${url}/menu/scorm_avance`);
      await page.getByRole('cell', { name: NOM006 }).first().waitFor();
      await page.getByRole('textbox', { name: 'Tema' }).or(page.getByRole('combobox', { name: 'Tema' })).first().click();
      await page.getByRole('option', { name: NOM035 }).click();
      await eventually(async () => (await page.getByRole('cell', { name: NOM006 }).count()) === 0, 'the filter hides NOM-006 rows');
      await page.getByRole('cell', { name: NOM035 }).first().waitFor();
      assert.match(page.url(), new RegExp(`[?&]cve_tema=${nom035.cve_tema}\\b`));
      await page.getByRole('cell', { name: 'Luis Hernández Rodríguez' }).first().waitFor();
      await report.check(page, 'Avance SCORM filtered @1280');
      await screenshot(page, 'scorm-avance-filtered-1280');
    });
    t.diagnostic(report.summary());
    report.assertClean();
  });
});
