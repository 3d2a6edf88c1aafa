// SCORM benchmark load (issue 14): each learner (one launch token each) commits its SCO's
// data every `interval` ms ± 25 % for `seconds`, as the player does (POST
// /api/lanzamiento/{token}/commit on the content origin, sequence counting up). Prints the
// commits per second and the latency percentiles; writes each learner's last applied
// sequence to `out` so the script can compare it with the database.
// Usage: node scorm-commits.mjs <content url> <tokens file> <seconds> <interval ms> <out.json>
import { readFileSync, writeFileSync } from 'node:fs';

const [content, tokensFile, seconds, intervalMs, out] = process.argv.slice(2);
const tokens = readFileSync(tokensFile, 'utf8').split('\n').filter(Boolean);
const interval = Number(intervalMs);
const duration = Number(seconds) * 1000;

const latencies = [];
let errors = 0;
const lastSent = new Array(tokens.length).fill(0);
// About 2 KB of suspend data (Storyline keeps a compressed state string of this order).
const suspend = 'eJzTYGBgYGFgZGJmYWVj5+Dk4ubh5eMXEBQSFhEVE5eQlJKWkZWTV1BUUlZRVVPX0NTS1tHV0zcwNDI2MTUzt7C0sra'.repeat(22);

async function learner(i, token) {
  const started = performance.now();
  let seq = 0;
  // Spread the first commits over one interval.
  await new Promise((r) => setTimeout(r, Math.random() * interval));
  while (performance.now() - started < duration) {
    seq += 1;
    const screen = 1 + (seq % 12);
    const body = JSON.stringify({
      item: 'sco1',
      secuencia: seq,
      terminado: false,
      valores: {
        'cmi.core.lesson_status': 'incomplete',
        'cmi.core.lesson_location': `slide-${screen}`,
        'cmi.core.session_time': `0000:${String(Math.floor((seq * interval) / 60000) % 60).padStart(2, '0')}:${String(Math.floor((seq * interval) / 1000) % 60).padStart(2, '0')}.00`,
        'cmi.core.score.raw': String(Math.min(100, seq * 3)),
        'cmi.core.exit': 'suspend',
        'cmi.suspend_data': `${seq}:${suspend}`,
        'cmi.interactions.0.id': 'q1',
        'cmi.interactions.0.result': 'correct',
      },
    });
    const t0 = performance.now();
    try {
      const res = await fetch(`${content}/api/lanzamiento/${token}/commit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const answer = await res.json();
      if (res.status === 200 && answer.aplicado) lastSent[i] = seq;
      else errors += 1;
    } catch {
      errors += 1;
    }
    latencies.push(performance.now() - t0);
    const wait = interval * (0.75 + Math.random() * 0.5);
    await new Promise((r) => setTimeout(r, wait));
  }
}

const t0 = performance.now();
await Promise.all(tokens.map((t, i) => learner(i, t)));
const elapsed = (performance.now() - t0) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))].toFixed(1);
console.log(`   ${tokens.length} learners, ${latencies.length} commits in ${elapsed.toFixed(1)} s: ${(latencies.length / elapsed).toFixed(0)} commits/s sustained, ${errors} refused or failed`);
console.log(`   commit latency: p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1).toFixed(1)} ms`);
writeFileSync(out, JSON.stringify(lastSent));
