/**
 * The page's one Trusted Types policy. The server sends `require-trusted-types-for 'script'`
 * (server/src/headers.rs), so every write to an HTML or script sink passes through here:
 * plain text (the component library writes its CSS variables into <style> elements) goes
 * through, markup does not, and scripts load only from this origin. Imported first by
 * main.tsx so it exists before any other module touches the DOM.
 */

/** The part of the Trusted Types API this module uses (not yet in TypeScript's DOM lib). */
interface TrustedTypePolicyOptions {
  createHTML?: (input: string) => string;
  createScript?: (input: string) => string;
  createScriptURL?: (input: string) => string;
}
interface TrustedTypesFactory {
  createPolicy(name: string, rules: TrustedTypePolicyOptions): unknown;
}

/**
 * Fixed empty structures the calendar library (FullCalendar 6) writes to measure scrollbars
 * and table borders: no attributes, no text, nothing that could run.
 */
const INERT_MARKUP = new Set(['<div></div>', '<table><tr><td><div></div></td></tr></table>']);

/** Text without markup passes (and the inert structures above); any other markup is refused. */
export function allowTextOnly(input: string): string {
  if (INERT_MARKUP.has(input)) return input;
  if (input.includes('<')) throw new TypeError('Aula: markup refused by the Trusted Types policy');
  return input;
}

/** Script URLs of this origin only (the service worker, lazy chunks). */
export function allowSameOriginScript(input: string, origin = window.location.origin): string {
  if (new URL(input, origin).origin !== origin) {
    throw new TypeError('Aula: script URL of another origin refused by the Trusted Types policy');
  }
  return input;
}

/** Inline script is never created by the app. */
export function refuseScript(): string {
  throw new TypeError('Aula: inline script refused by the Trusted Types policy');
}

const factory = (window as Window & { trustedTypes?: TrustedTypesFactory }).trustedTypes;

/** The one policy allowed to create markup: the printable table document, whose every
 * value `printableHtml` (components/data-table/export.ts) has escaped. */
let printPolicy: { createHTML(input: string): unknown } | null = null;
if (factory) {
  try {
    printPolicy = factory.createPolicy('aula-print', { createHTML: (input) => input }) as {
      createHTML(input: string): unknown;
    };
  } catch {
    printPolicy = null;
  }
}

/**
 * The printable document as the page may write it: a TrustedHTML where Trusted Types are
 * enforced, the string itself elsewhere (typed as string, which is what document.write
 * takes in TypeScript's DOM lib).
 */
export function trustedPrintHtml(html: string): string {
  return (printPolicy ? printPolicy.createHTML(html) : html) as string;
}

if (factory) {
  try {
    factory.createPolicy('default', {
      createHTML: allowTextOnly,
      createScript: refuseScript,
      createScriptURL: (input) => allowSameOriginScript(input),
    });
  } catch {
    // A second evaluation (hot reload in development) finds the policy already defined.
  }
}
