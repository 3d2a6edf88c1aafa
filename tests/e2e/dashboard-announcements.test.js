// The dashboard's announcements end to end, in the browser. The demo Participante signs in
// and the welcome carousel opens with the slides of his profile: he goes through them (the
// progress bar says where he is), ticks 'No volver a mostrar.' and closes it; the server has
// them hidden and, signing in again, the carousel does not open. The header's news slider
// shows the demo's three news items. The Analista adds a news item with an image in
// Configuración → Noticias and the slider shows it; then a text slide for Participante in
// Configuración → Anuncios de bienvenida, which the participant sees at his next sign-in.
// The carousel, the slider and both configuration screens (and their dialogs) are checked
// with axe at 1366 and 390 px.
//
// One session per user: a browser sign-in ends that user's other sessions, so the API answers
// are read with the browser's own token (sessionToken).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, sessionToken } from './support/api.js';
import { AxeReport, WIDTHS, settle } from './support/axe.js';
import { DEMO_USERS, eventually, isWelcomeSlidesRequest, launchBrowser, login, screenshot, welcomeDialog, withPage } from './support/browser.js';
import { pngFile } from './support/files.js';
import { startServer } from './support/server.js';

const SCENARIO_TIMEOUT = 240_000;
const HIDDEN = 'Estos avisos y noticias no se mostrarán de nuevo';
const DESKTOP = WIDTHS.find((w) => w.name === '1366');
const PHONE = WIDTHS.find((w) => w.name === '390');

/** Signs in keeping the welcome carousel open; the slides the dashboard asked for. */
async function loginWithWelcome(page, url, user) {
  const asked = page.waitForResponse(isWelcomeSlidesRequest);
  await login(page, url, { user }, { keepWelcome: true });
  const response = await asked;
  assert.equal(response.status(), 200, 'GET lms/slides answers');
  return response.json();
}

/** The position the carousel's progress bar announces ('Anuncio 2 de 4'). */
const progressText = (dialog) => dialog.getByRole('progressbar', { name: 'Avance de los anuncios' }).getAttribute('aria-valuetext');

/** The slide on screen shows this slide: its image named by its title, or its title and text. */
async function expectSlide(dialog, slide, n, total) {
  const group = dialog.getByRole('group', { name: `Anuncio ${n} de ${total}` });
  await group.waitFor();
  if (slide.tipo === 'imagen') {
    const image = group.getByRole('img', { name: slide.titulo });
    await image.waitFor();
    assert.ok(await image.evaluate((img) => img.complete && img.naturalWidth > 0), `the image of “${slide.titulo}” loads`);
  } else {
    await group.getByRole('heading', { name: slide.titulo }).waitFor();
    await group.getByText(slide.contenido_slide).waitFor();
  }
  assert.equal(await progressText(dialog), `Anuncio ${n} de ${total}`);
}

/** The titles the news slider shows, going through it with its next button. */
async function sliderTitles(page, count) {
  const slider = page.getByRole('region', { name: 'Noticias' });
  await slider.waitFor();
  const titles = [];
  for (let i = 0; i < count; i += 1) {
    const item = slider.getByRole('group', { name: `Noticia ${i + 1} de ${count}` });
    await item.waitFor();
    titles.push((await item.locator('p').first().textContent()).trim());
    await slider.getByRole('button', { name: 'Noticia siguiente' }).click();
  }
  return titles;
}

/** The shell's "new" button of a screen (the action bar's, by its label). */
const newButton = (page, label) => page.getByRole('toolbar').getByRole('button', { name: label });

describe('dashboard announcements: welcome slides and news', () => {
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

  test('the participant goes through the welcome carousel, hides it for good and sees the three news', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    let shown;
    await withPage(browser, 'announcements-participant', async (page) => {
      shown = await loginWithWelcome(page, url, DEMO_USERS.participante);
      t.diagnostic(`slides: ${shown.map((s) => `${s.cve_slide} ${s.tipo} ${s.titulo}`).join(' | ')}`);
      assert.ok(shown.length >= 2, 'the demo participant has several welcome slides');
      assert.ok(shown.some((s) => s.tipo === 'texto') && shown.some((s) => s.tipo === 'imagen'), 'image and text slides');

      const dialog = welcomeDialog(page);
      await dialog.waitFor();
      assert.equal(await dialog.getAttribute('aria-modal'), 'true');
      await expectSlide(dialog, shown[0], 1, shown.length);
      await report.check(page, 'welcome carousel @1366');
      await screenshot(page, 'announcements-welcome-1366');
      await page.setViewportSize(PHONE.viewport);
      await settle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `no horizontal scroll at 390 px (${overflow} px too wide)`);
      await report.check(page, 'welcome carousel @390');
      await screenshot(page, 'announcements-welcome-390');
      await page.setViewportSize(DESKTOP.viewport);

      // Through every slide: the button, then the arrow key.
      const next = dialog.getByRole('button', { name: 'Siguiente' });
      for (let i = 1; i < shown.length; i += 1) {
        if (i % 2 === 1) await next.click();
        else await page.keyboard.press('ArrowRight');
        await expectSlide(dialog, shown[i], i + 1, shown.length);
      }
      assert.equal(await next.getAttribute('aria-disabled'), 'true', 'nothing after the last slide');
      await dialog.getByRole('button', { name: 'Anterior' }).click();
      await expectSlide(dialog, shown[shown.length - 2], shown.length - 1, shown.length);

      // 'No volver a mostrar.' and close: every slide shown is recorded.
      await dialog.getByRole('checkbox', { name: 'No volver a mostrar.' }).check();
      const hidden = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/pri/lms/slides/noMostrarSlides');
      await dialog.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
      const answer = await hidden;
      assert.equal(answer.status(), 200);
      assert.deepEqual(JSON.parse(answer.request().postData()).slides, shown.map((s) => ({ cve_slide: s.cve_slide })));
      assert.deepEqual(await answer.json(), { res: true, ocultados: shown.length });
      await page.getByText(HIDDEN).waitFor();
      await dialog.waitFor({ state: 'detached' });

      // The header's slider: the demo's three news, as the API answers them.
      const token = await sessionToken(page);
      const news = await apiCall(url, 'GET', '/api/pri/configuracion/noticias', { token });
      assert.equal(news.length, 3, 'the demo publishes three news items');
      assert.deepEqual(await sliderTitles(page, news.length), news.map((n) => n.titulo));
      const slider = page.getByRole('region', { name: 'Noticias' });
      const linked = news.findIndex((n) => n.enlace);
      assert.ok(linked >= 0, 'one demo news item has a link');
      for (let i = 0; i < linked; i += 1) await slider.getByRole('button', { name: 'Noticia siguiente' }).click();
      const more = slider.getByRole('link', { name: new RegExp(`^Leer más sobre «${news[linked].titulo}»`) });
      assert.equal(await more.getAttribute('href'), news[linked].enlace);
      assert.equal(await more.getAttribute('target'), '_blank');
      assert.match(await more.getAttribute('rel'), /noopener/);
      // Keyboard: the slider's buttons are reachable and work with Enter.
      await slider.getByRole('button', { name: 'Noticia siguiente' }).focus();
      await page.keyboard.press('Enter');
      await slider.getByRole('group', { name: `Noticia ${((linked + 1) % news.length) + 1} de ${news.length}` }).waitFor();
      await page.mouse.move(0, 0);
      await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());

      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        await page.reload();
        await slider.waitFor();
        // Coming back to the dashboard (a reload in the same tab) does not open the carousel again.
        assert.equal(await welcomeDialog(page).count(), 0, 'no carousel after it was shown in this tab');
        const box = await slider.boundingBox();
        assert.ok(box && box.width <= width.viewport.width, `the slider fits ${width.name} px (${JSON.stringify(box)})`);
        await report.check(page, `dashboard with the news slider @${width.name}`);
        await slider.screenshot({ path: new URL(`../artifacts/announcements-news-slider-${width.name}.png`, import.meta.url).pathname });
        await screenshot(page, `announcements-dashboard-${width.name}`);
      }
    });

    // Signing in again (another browser): the server no longer has slides for him.
    await withPage(browser, 'announcements-participant-again', async (page) => {
      const again = await loginWithWelcome(page, url, DEMO_USERS.participante);
      assert.deepEqual(again, [], 'the hidden slides are not answered again');
      await settle(page);
      await page.waitForTimeout(500);
      assert.equal(await welcomeDialog(page).count(), 0, 'the carousel does not open');
    });
  });

  test('the Analista adds a news item with an image and the slider shows it', { timeout: SCENARIO_TIMEOUT }, async () => {
    const url = server.url;
    const title = `Feria de seguridad ${Date.now()}`;
    await withPage(browser, 'announcements-news-admin', async (page) => {
      await login(page, url, { user: DEMO_USERS.analista });
      const nav = page.getByRole('navigation', { name: 'Menú principal' });
      await nav.getByRole('group', { name: 'Configuración' }).getByRole('link', { name: 'Noticias', exact: true }).click();
      await page.waitForURL('**/menu/configuracion_noticias');
      const list = page.getByRole('list', { name: 'Noticias' });
      await list.waitFor();
      assert.equal(await list.getByRole('listitem').count(), 3, 'the demo news');

      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        await settle(page);
        await report.check(page, `Configuración → Noticias @${width.name}`);
        await screenshot(page, `announcements-news-screen-${width.name}`, { fullPage: true });
      }
      await page.setViewportSize(DESKTOP.viewport);

      await newButton(page, 'Nueva noticia').click();
      const dialog = page.getByRole('dialog', { name: 'Nueva noticia' });
      await dialog.waitFor();
      // The client checks before sending: no title, no image.
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await dialog.getByText('Este campo es obligatorio').waitFor();
      await dialog.getByText('Elige una imagen PNG, JPG o GIF').waitFor();
      await report.check(page, 'Nueva noticia dialog with its errors @1366');

      await dialog.getByRole('textbox', { name: /^Título/ }).fill(title);
      await dialog.getByRole('textbox', { name: /^Descripción corta/ }).fill('Equipo de protección personal en cada planta.');
      await dialog.getByRole('textbox', { name: /^Enlace/ }).fill('https://www.gob.mx/stps');
      await dialog.getByLabel(/^Imagen de la noticia/).setInputFiles(pngFile('feria.png', { width: 120, height: 40, rgb: [11, 61, 145] }));
      await dialog.getByRole('img', { name: 'Vista previa de Imagen de la noticia' }).waitFor();
      await page.setViewportSize(PHONE.viewport);
      await report.check(page, 'Nueva noticia dialog @390');
      await screenshot(page, 'announcements-news-form-390');
      await page.setViewportSize(DESKTOP.viewport);

      const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/pri/configuracion/noticias' && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      const answer = await saved;
      assert.equal(answer.status(), 200, 'POST configuracion/noticias');
      assert.match(answer.request().headers()['content-type'] ?? '', /^multipart\/form-data/);
      await page.getByText('Noticia agregada').waitFor();
      await dialog.waitFor({ state: 'detached' });
      const row = list.getByRole('listitem').filter({ hasText: title });
      await row.waitFor();
      assert.ok(await row.locator('img').evaluate((img) => img.complete && img.naturalWidth > 0), 'the new thumbnail loads');

      // The dashboard's slider shows it among the others.
      await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
      await page.waitForURL('**/menu/dashboard');
      const token = await sessionToken(page);
      const news = await apiCall(url, 'GET', '/api/pri/configuracion/noticias', { token });
      assert.equal(news.length, 4);
      const titles = await sliderTitles(page, news.length);
      assert.ok(titles.includes(title), `the slider shows “${title}” (${titles.join(' | ')})`);
    });
  });

  test('the Analista adds a text slide for Participante, who sees it at his next sign-in', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    const title = `Nuevo horario del comedor ${Date.now()}`;
    const text = 'A partir del lunes el comedor abre de 12:00 a 16:00.';
    await withPage(browser, 'announcements-slides-admin', async (page) => {
      await login(page, url, { user: DEMO_USERS.analista });
      await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Anuncios de bienvenida', exact: true }).click();
      await page.waitForURL('**/menu/configuracion_slides');
      const list = page.getByRole('list', { name: 'Anuncios de bienvenida' });
      await list.waitFor();
      const before = await list.getByRole('listitem').count();
      t.diagnostic(`${before} slides`);
      await list.getByText(/^Perfiles: .*Participante/).first().waitFor();

      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        await settle(page);
        await report.check(page, `Configuración → Anuncios de bienvenida @${width.name}`);
        await screenshot(page, `announcements-slides-screen-${width.name}`, { fullPage: true });
      }
      await page.setViewportSize(DESKTOP.viewport);
      await settle(page);

      // By keyboard: the bar's new button, the kind, the title, the text and the profile. The
      // bar is drawn again after the resize: press Enter once the button really has the focus.
      const add = newButton(page, 'Nuevo anuncio');
      const dialog = page.getByRole('dialog', { name: 'Nuevo anuncio de bienvenida' });
      await eventually(async () => {
        if (await dialog.isVisible()) return true;
        await add.focus();
        if (!(await add.evaluate((el) => el === document.activeElement))) return false;
        await page.keyboard.press('Enter');
        return dialog.waitFor({ timeout: 2000 }).then(() => true, () => false);
      }, 'the new slide dialog opens from the keyboard');
      await dialog.getByRole('radio', { name: 'Texto' }).check();
      await dialog.getByRole('textbox', { name: /^Título/ }).fill(title);
      await dialog.getByRole('textbox', { name: /^Texto del anuncio/ }).fill(text);
      const participante = dialog.getByRole('checkbox', { name: 'Participante' });
      await participante.focus();
      await page.keyboard.press('Space');
      assert.ok(await participante.isChecked());
      await report.check(page, 'Nuevo anuncio dialog @1366');
      await page.setViewportSize(PHONE.viewport);
      await report.check(page, 'Nuevo anuncio dialog @390');
      await screenshot(page, 'announcements-slide-form-390', { fullPage: true });
      await page.setViewportSize(DESKTOP.viewport);

      const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/pri/configuracion/slides' && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      assert.equal((await saved).status(), 200, 'POST configuracion/slides');
      await page.getByText('Anuncio agregado').waitFor();
      const row = list.getByRole('listitem').filter({ hasText: title });
      await row.waitFor();
      await row.getByText('Perfiles: Participante').waitFor();
      assert.equal(await list.getByRole('listitem').count(), before + 1);
    });

    await withPage(browser, 'announcements-participant-new-slide', async (page) => {
      const slides = await loginWithWelcome(page, url, DEMO_USERS.participante);
      assert.deepEqual(
        slides.map((s) => [s.tipo, s.titulo, s.contenido_slide]),
        [['texto', title, text]],
        'only the new slide: the others were hidden',
      );
      const dialog = welcomeDialog(page);
      await dialog.waitFor();
      await expectSlide(dialog, slides[0], 1, 1);
      await eventually(async () => (await dialog.getByRole('button', { name: 'Siguiente' }).count()) === 0, 'no previous/next for one slide');
      await report.check(page, 'welcome carousel, one text slide @1366');
      await screenshot(page, 'announcements-welcome-text-1366');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    t.diagnostic(report.summary());
    report.assertClean();
  });
});
