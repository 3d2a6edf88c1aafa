// 1,000 simultaneous enrolment attempts into one course (issue 12 benchmark): every attempt is
// a separate request for a different employee, all sent at once; prints how many got a seat,
// how many were refused and how long the burst took to settle.
// Usage: node enrol-burst.mjs <api base> <token> <cve_curso> <employee ids, comma-separated>
const [base, token, curso, list] = process.argv.slice(2);
const ids = list.split(',').map(Number);
const started = performance.now();
const answers = await Promise.all(
  ids.map(async (cve) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/cursos/${curso}/inscribir`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ empleados: [cve], lista_espera: false }),
    });
    const body = await res.json().catch(() => ({}));
    return { status: res.status, body, ms: performance.now() - t0 };
  }),
);
const settled = performance.now() - started;
const enrolled = answers.filter((a) => a.status === 200 && (a.body.inscritos ?? []).length === 1).length;
const refused = answers.filter((a) => a.status === 422).length;
const other = answers.length - enrolled - refused;
const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
const pct = (p) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))].toFixed(0);
console.log(
  `   ${answers.length} attempts: ${enrolled} enrolled, ${refused} refused (no seats), ${other} other; ` +
    `settled in ${settled.toFixed(0)} ms (per request p50 ${pct(50)} ms, p99 ${pct(99)} ms)`,
);
if (other > 0) {
  const sample = answers.find((a) => !(a.status === 200 || a.status === 422));
  console.log(`   first unexpected answer: ${sample.status} ${JSON.stringify(sample.body).slice(0, 200)}`);
}
