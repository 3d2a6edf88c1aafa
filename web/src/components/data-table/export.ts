import { trustedPrintHtml } from '@/lib/trusted-types';
import type { DataTableColumn } from './types';

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** File-name-safe version of a title. */
export function fileBase(title: string): string {
  const base = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
  return base || 'tabla';
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Text of a cell for printing. */
export function printText<Row>(column: DataTableColumn<Row>, row: Row): string {
  if (column.printValue) return column.printValue(row);
  const value = (row as Record<string, unknown>)[column.field];
  return value === null || value === undefined ? '' : String(value);
}

/** A standalone printable HTML document of the rows on screen. */
export function printableHtml<Row>(
  title: string,
  subtitle: string,
  columns: DataTableColumn<Row>[],
  rows: Row[],
  language: string,
): string {
  const head = columns.map((c) => `<th>${escapeHtml(c.header)}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${columns.map((c) => `<td>${escapeHtml(printText(c, row))}</td>`).join('')}</tr>`)
    .join('');
  return `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:12px system-ui,Segoe UI,Roboto,Arial,sans-serif;margin:24px;color:#111}h1{font-size:18px;margin:0 0 4px}
p{margin:0 0 12px;color:#555}table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:4px 6px;text-align:left;vertical-align:top}
th{background:#f1f3f5}tr:nth-child(even) td{background:#fafafa}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(subtitle)}</p><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></body></html>`;
}

/** Prints an HTML document through a hidden iframe (no pop-up blockers involved). */
export function printHtml(html: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) {
    frame.remove();
    return;
  }
  doc.open();
  // Through the print policy: the page enforces Trusted Types (server/src/headers.rs).
  doc.write(trustedPrintHtml(html));
  doc.close();
  const finish = () => setTimeout(() => frame.remove(), 1000);
  win.addEventListener('afterprint', finish, { once: true });
  setTimeout(() => {
    try {
      win.focus();
      win.print();
    } finally {
      finish();
    }
  }, 50);
}
