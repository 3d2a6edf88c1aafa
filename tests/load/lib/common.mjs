// Helpers shared by the orchestrator (run.mjs) and the load processes (client.mjs).

import { readFileSync } from 'node:fs';
import net from 'node:net';
import hdrPkg from 'hdr-histogram-js';

const { build, encodeIntoCompressedBase64, decodeFromCompressedBase64 } = hdrPkg;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wall-clock milliseconds with sub-millisecond resolution (comparable across processes). */
export const nowMs = () => performance.timeOrigin + performance.now();

/** Latencies are recorded in microseconds, 3 significant digits, auto-resizing. */
export function newHistogram() {
  return build({
    bitBucketSize: 32,
    autoResize: true,
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
    numberOfSignificantValueDigits: 3,
    useWebAssembly: false,
  });
}

export function recordMs(histogram, ms) {
  histogram.recordValue(Math.max(1, Math.round(ms * 1000)));
}

export const encodeHistogram = (h) => encodeIntoCompressedBase64(h);

export function mergeHistograms(encoded) {
  const total = newHistogram();
  for (const b64 of encoded) {
    if (!b64) continue;
    const h = decodeFromCompressedBase64(b64, 32, false);
    total.add(h);
  }
  return total;
}

/** {count, p50, p90, p95, p99, p999, max, mean} in milliseconds (null when empty). */
export function summarize(h) {
  if (!h || h.totalCount === 0) {
    return { count: 0, p50: null, p90: null, p95: null, p99: null, p999: null, max: null, mean: null };
  }
  const ms = (us) => us / 1000;
  return {
    count: h.totalCount,
    p50: ms(h.getValueAtPercentile(50)),
    p90: ms(h.getValueAtPercentile(90)),
    p95: ms(h.getValueAtPercentile(95)),
    p99: ms(h.getValueAtPercentile(99)),
    p999: ms(h.getValueAtPercentile(99.9)),
    max: ms(h.maxValue),
    mean: ms(h.mean),
  };
}

/** Resident set size of a process in KiB (VmRSS of /proc/<pid>/status), or null. */
export function rssKb(pid) {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, in milliseconds, or null. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces; fields after it are space separated.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(rest[11]);
    const stime = Number(rest[12]);
    return ((utime + stime) * 1000) / CLK_TCK;
  } catch {
    return null;
  }
}
const CLK_TCK = 100; // USER_HZ on every Linux architecture Node supports

/** A free TCP port on 127.0.0.1 (bound then released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Payload of a JWT (no signature check). */
export function jwtPayload(jwt) {
  const part = String(jwt).split('.')[1];
  if (!part) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}
