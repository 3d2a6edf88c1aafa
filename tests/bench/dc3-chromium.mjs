// The certificates benchmark's reference side (tests/bench/certificates.sh): the same DC-3 as
// `certificates_bench dc3` writes with krilla, laid out as an HTML page (the STPS form: its
// three sections, the character boxes, both signatures as PNG images and the QR as inline
// SVG) and printed to a one-page US Letter PDF by headless Chromium — the way the original
// product printed its certificates. Like an HTML-to-PDF service, one page is kept open and
// each PDF is a fresh `setContent` + `page.pdf`. Prints PDFs per second.
// Run it pinned to one core (`taskset -c 0 node …`: Chromium's processes inherit it).
// Usage: node dc3-chromium.mjs <dc3.json> [n=100] [out.pdf]
// (playwright-core comes from tests/node_modules: `cd tests && npm ci`.)
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [jsonPath, nArg, outPath] = process.argv.slice(2);
if (!jsonPath) {
  console.error('usage: node dc3-chromium.mjs <dc3.json> [n=100] [out.pdf]');
  process.exit(2);
}
const n = Number(nArg ?? 100);
const d = JSON.parse(readFileSync(jsonPath, 'utf8'));
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const esc = (s) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const boxes = (text, count, cls = '') => {
  const chars = [...String(text ?? '')];
  let out = '';
  for (let i = 0; i < count; i++) out += `<span class="box ${cls}">${esc(chars[i] ?? '')}</span>`;
  return out;
};
const date = (iso) => {
  const [y, m, day] = String(iso).split('-');
  return `<span class="group">${boxes(y, 4, 'd')}<small>Año</small></span><span class="group">${boxes(m, 2, 'd')}<small>Mes</small></span><span class="group">${boxes(day, 2, 'd')}<small>Día</small></span>`;
};
const cell = (caption, value, height, extra = '') =>
  `<div class="cell" style="height:${height}pt;${extra}"><div class="cap">${esc(caption)}</div><div class="val">${esc(value)}</div></div>`;
const signer = (title, name, png) => `
  <div class="signer">
    <div class="st">${esc(title)}</div>
    <div class="sig">${png ? `<img src="data:image/png;base64,${png}" alt="">` : ''}</div>
    <div class="sline"></div>
    <div class="sname">${esc(name)}</div>
    <div class="scap">Nombre y firma</div>
  </div>`;

const NOTES = [
  '- Llenar a máquina o con letra de molde.',
  '- Deberá entregarse al trabajador dentro de los veinte días hábiles siguientes al término del curso de capacitación aprobado.',
  '1/ Las áreas y subáreas ocupacionales del Catálogo Nacional de Ocupaciones se encuentran disponibles en el reverso de este formato y en la página www.stps.gob.mx',
  '2/ Las áreas temáticas de los cursos se encuentran disponibles en el reverso de este formato y en la página www.stps.gob.mx',
  '3/ Cursos impartidos por el área competente de la Secretaría del Trabajo y Previsión Social.',
  '4/ Para empresas con menos de 51 trabajadores. Para empresas con más de 50 trabajadores firmaría el representante del patrón ante la Comisión mixta de capacitación, adiestramiento y productividad.',
  '5/ Solo para empresas con más de 50 trabajadores.',
  '* Dato no obligatorio.',
];

/** The DC-3 page, built for each PDF as a server would from the record. */
function html(d) {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>DC-3</title>
<style>
  @page { size: Letter; margin: 0; }
  * { box-sizing: border-box; }
  html, body { margin: 0; }
  body { font-family: 'DejaVu Sans', sans-serif; color: #000; width: 612pt; height: 792pt; position: relative; }
  .page { position: absolute; left: 36pt; top: 30pt; width: 540pt; }
  h1 { font-size: 12pt; margin: 0; text-align: center; line-height: 15pt; }
  h2 { font-size: 11pt; margin: 0 0 7pt; text-align: center; line-height: 13pt; }
  .band { background: #404040; color: #fff; font-weight: bold; font-size: 8.5pt; height: 14pt;
    line-height: 14pt; text-align: center; }
  .cell { border: 0.6pt solid #555; padding: 2pt 3pt; overflow: hidden; }
  .cap { color: #555; font-size: 6.5pt; line-height: 9pt; white-space: nowrap; overflow: hidden; }
  .val { font-size: 10pt; line-height: 12pt; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .row { display: flex; }
  .row > * { flex: none; }
  .gap { height: 6pt; }
  .box { display: inline-block; width: 13pt; height: 17pt; border: 0.6pt solid #5a5a5a; margin-right: -0.6pt;
    text-align: center; font-weight: bold; font-size: 9pt; line-height: 16pt; vertical-align: top; }
  .box.w14 { width: 14pt; }
  .box.d { width: 12pt; height: 15pt; font-size: 8.5pt; line-height: 14pt; }
  .group { display: inline-block; margin-right: 5pt; text-align: center; }
  .group small { display: block; color: #555; font-size: 5.5pt; line-height: 8pt; }
  .period b { font-size: 8pt; display: inline-block; vertical-align: top; line-height: 15pt; margin: 0 6pt 0 1pt; }
  .protest { font-size: 7pt; text-align: center; margin: 6pt 0; line-height: 9pt; }
  .signers { display: flex; height: 96pt; }
  .signer { flex: 1; text-align: center; padding: 0 14pt; }
  .st { font-weight: bold; font-size: 7.5pt; line-height: 10pt; }
  .sig { height: 48pt; padding: 2pt 6pt; }
  .sig img { max-width: 100%; max-height: 44pt; }
  .sline { border-top: 0.7pt solid #000; }
  .sname { font-size: 8pt; line-height: 16pt; }
  .scap { font-size: 6pt; color: #555; }
  .notes { width: 450pt; font-size: 6.2pt; line-height: 7.5pt; }
  .notes b { font-size: 7.5pt; display: block; margin-bottom: 2pt; }
  .notes p { margin: 0 0 1pt; }
  .qr { position: absolute; right: 36pt; bottom: 48pt; width: 72pt; height: 72pt; }
  .qr svg { width: 72pt; height: 72pt; display: block; }
  .code { position: absolute; right: 36pt; bottom: 36pt; font-size: 6.5pt; font-weight: bold; }
  .foot { position: absolute; left: 36pt; right: 36pt; bottom: 22pt; font-size: 6pt; color: #555; }
  .foot b { float: right; }
</style></head>
<body>
<div class="page">
  <h1>FORMATO DC-3</h1>
  <h2>CONSTANCIA DE COMPETENCIAS O DE HABILIDADES LABORALES</h2>
  <div class="band">DATOS DEL TRABAJADOR</div>
  ${cell('Nombre (Anotar apellido paterno, apellido materno y nombre (s))', d.nombre, 30)}
  <div class="row">
    <div class="cell" style="width:250pt;height:34pt"><div class="cap">Clave Única de Registro de Población</div>${boxes(d.curp, 18)}</div>
    ${cell('Ocupación específica (Catálogo Nacional de Ocupaciones) 1/', d.ocupacion, 34, 'width:290pt')}
  </div>
  ${cell('Puesto*', d.puesto, 26)}
  <div class="gap"></div>
  <div class="band">DATOS DE LA EMPRESA</div>
  ${cell('Nombre o razón social (En caso de persona física, anotar apellido paterno, apellido materno y nombre(s))', d.razon_social, 30)}
  <div class="cell" style="height:32pt"><div class="cap">Registro Federal de Contribuyentes con homoclave (SHCP)</div>${boxes(d.rfc, 13, 'w14')}</div>
  <div class="gap"></div>
  <div class="band">DATOS DEL PROGRAMA DE CAPACITACIÓN, ADIESTRAMIENTO Y PRODUCTIVIDAD</div>
  ${cell('Nombre del curso', d.curso, 30)}
  <div class="row">
    ${cell('Duración en horas', d.horas, 40, 'width:150pt')}
    <div class="cell period" style="width:390pt;height:40pt"><div class="cap">Periodo de ejecución:</div>
      <b>De</b>${date(d.inicio)}<b>a</b>${date(d.fin)}</div>
  </div>
  ${cell('Área temática del curso 2/', d.area, 28)}
  ${cell('Nombre del agente capacitador o STPS 3/', d.agente, 28)}
  <p class="protest">Los datos se asientan en esta constancia bajo protesta de decir verdad, apercibidos de la responsabilidad en que incurre todo aquel que no se conduce con verdad.</p>
  <div class="signers">
    ${signer('Instructor o tutor', d.instructor, d.firma_instructor)}
    ${signer('Patrón o representante legal 4/', d.patron, d.firma_patron)}
  </div>
  <div class="notes"><b>INSTRUCCIONES</b>${NOTES.map((t) => `<p>${esc(t)}</p>`).join('')}</div>
</div>
<div class="qr">${d.qr_svg}</div>
<div class="code">Código ${esc(d.codigo)}</div>
<div class="foot">Verifique esta constancia en ${esc(d.url_verificacion)}<b>DC-3 ANVERSO</b></div>
</body></html>`;
}

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  const print = async () => {
    await page.setContent(html(d), { waitUntil: 'load' });
    return page.pdf({ format: 'Letter', printBackground: true });
  };
  let pdf;
  // Warm-up: the renderer's first layout and font loading are not counted.
  for (let i = 0; i < 5; i++) pdf = await print();
  const started = performance.now();
  for (let i = 0; i < n; i++) pdf = await print();
  const secs = (performance.now() - started) / 1000;
  const rate = n / secs;
  console.log(
    `   Chromium: ${n} DC-3s in ${secs.toFixed(2)} s on one core: ${rate.toFixed(1)} DC-3/s, ` +
      `${((secs * 1000) / n).toFixed(1)} ms each, ${(pdf.length / 1024).toFixed(1)} KB each`,
  );
  console.log(`result chromium_per_s ${rate.toFixed(2)}`);
  if (outPath) writeFileSync(outPath, pdf);
} finally {
  await browser.close();
}
