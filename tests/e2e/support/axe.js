// axe-core in the browser under test: waiting for a screen to settle, running the WCAG 2.1
// A/AA rules, and describing the critical/serious violations readably.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets every screen must pass: WCAG 2.0 and 2.1, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Impacts that fail a test; moderate and minor ones are reported by Lighthouse instead. */
export const FAILING_IMPACTS = new Set(['critical', 'serious']);

/** The screen-size pairs every screen is checked at (desktop, phone). */
export const WIDTHS = [
  { name: '1366', viewport: { width: 1366, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
];

const LOADING = [
  '.mantine-Loader-root',
  '.mantine-Skeleton-root[data-visible]',
  '[aria-busy="true"]',
  '.mantine-LoadingOverlay-root',
].join(',');

/**
 * Waits until the screen has stopped changing: the network is quiet, no loader, skeleton or
 * busy region is visible, and running CSS transitions (modals, drawers opening) have ended.
 */
export async function settle(page, { timeout = 15_000 } = {}) {
  // The socket.io connection is a WebSocket, so it does not keep the network "busy".
  await page.waitForLoadState('networkidle', { timeout }).catch(() => undefined);
  await page.waitForFunction(
    (selector) =>
      ![...document.querySelectorAll(selector)].some((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      }),
    LOADING,
    { timeout, polling: 100 },
  );
  await page.evaluate(() =>
    Promise.all(
      document.getAnimations().map((a) =>
        // An endless animation (a pulsing dot) never finishes: do not wait for it.
        a.effect?.getComputedTiming().iterations === Infinity ? undefined : a.finished.catch(() => undefined),
      ),
    ),
  );
}

/**
 * Runs axe on the page and returns its critical/serious violations. axe is injected with
 * `page.evaluate`, which goes through the DevTools protocol and so is not blocked by the
 * server's Content-Security-Policy (script-src 'self'), unlike an injected <script> tag.
 */
export async function axeViolations(page) {
  const loaded = await page.evaluate(() => typeof window.axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    AXE_TAGS,
  );
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact))
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        html: n.html.replace(/\s+/g, ' ').slice(0, 160),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200),
      })),
    }));
}

/** Number of failing nodes in a list of violations. */
export function nodeCount(violations) {
  return violations.reduce((sum, v) => sum + v.nodes.length, 0);
}

/** One readable block per screen state: rule, impact, and each node's selector and html. */
export function describeViolations(label, violations) {
  const lines = [`${label}: ${violations.length} rule(s), ${nodeCount(violations)} node(s)`];
  for (const v of violations) {
    lines.push(`  [${v.impact}] ${v.id}: ${v.help}`);
    for (const n of v.nodes) lines.push(`    ${n.target}  ${n.html}\n      ${n.summary}`);
  }
  return lines.join('\n');
}

/**
 * Collects axe results per screen state and fails once, at the end, with every state's
 * violations (so one run shows all the work instead of the first screen only).
 */
export class AxeReport {
  constructor() {
    /** @type {{label: string, violations: any[]}[]} */
    this.states = [];
  }

  /** Settles the page, runs axe and records the result under `label`. */
  async check(page, label) {
    await settle(page);
    const violations = await axeViolations(page);
    this.states.push({ label, violations });
    return violations;
  }

  /** A one-line-per-state summary (for the test log). */
  summary() {
    const failing = this.states.filter((s) => s.violations.length > 0);
    const nodes = this.states.reduce((sum, s) => sum + nodeCount(s.violations), 0);
    return [
      `axe: ${this.states.length} screen states, ${failing.length} with critical/serious violations, ${nodes} node(s)`,
      ...this.states.map(
        (s) => `  ${s.label}: ${s.violations.map((v) => `${v.id}×${v.nodes.length}`).join(', ') || 'ok'}`,
      ),
    ].join('\n');
  }

  /** Throws with every failing state's details, if any. */
  assertClean() {
    const failing = this.states.filter((s) => s.violations.length > 0);
    if (failing.length === 0) return;
    // The failing states come first: a CI log cut after its first lines still names them.
    throw new Error(
      `${failing.map((s) => describeViolations(s.label, s.violations)).join('\n\n')}\n\n${this.summary()}`,
    );
  }
}
