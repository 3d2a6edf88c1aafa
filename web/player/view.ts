/** The player's DOM: header, status line, table of contents (a drawer on phones) and the SCO's frame. */
import type { LaunchItem } from './launch';
import type { StatusKind, Texts } from './texts';
import { progress, statusKind } from './toc';

const ICONS: Record<StatusKind, string> = {
  passed: '✓',
  completed: '✓',
  failed: '✗',
  incomplete: '◐',
  browsed: '◐',
  notAttempted: '○',
};

/** Wide screens show the contents beside the course; narrower ones open it as a drawer. */
export const WIDE_QUERY = '(min-width: 48rem)';

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export interface ViewHeader {
  titulo: string;
  intento: number;
  review: boolean;
}

export interface ViewCallbacks {
  onChoose: (id: string) => void;
}

/** Renders the error page of a launch that cannot run (unknown or expired link, no content). */
export function renderFatal(root: HTMLElement, texts: Texts, message: string): void {
  const doc = root.ownerDocument;
  root.replaceChildren();
  root.className = 'rp rp--fatal';
  const box = el(doc, 'div', 'rp-fatal');
  box.setAttribute('role', 'alert');
  box.append(el(doc, 'p', 'rp-fatal-message', message), el(doc, 'p', 'rp-fatal-hint', texts.closeHint));
  root.append(box);
}

/** Renders the loading state shown while the launch is read. */
export function renderLoading(root: HTMLElement, texts: Texts): void {
  root.replaceChildren();
  root.className = 'rp rp--loading';
  const p = el(root.ownerDocument, 'p', 'rp-loading', texts.loading);
  p.setAttribute('role', 'status');
  root.append(p);
}

/** The running player's view. */
export class PlayerView {
  private readonly doc: Document;
  private readonly root: HTMLElement;
  private readonly texts: Texts;
  private readonly callbacks: ViewCallbacks;
  private readonly toggle: HTMLButtonElement;
  private readonly toggleLabel: HTMLSpanElement;
  private readonly state: HTMLSpanElement;
  private readonly score: HTMLSpanElement;
  private readonly message: HTMLParagraphElement;
  private readonly nextButton: HTMLButtonElement;
  private readonly toc: HTMLElement | null;
  private readonly list: HTMLUListElement | null;
  private readonly progressLine: HTMLParagraphElement | null;
  private readonly stage: HTMLDivElement;
  private readonly wide: MediaQueryList | null;
  private items: LaunchItem[];
  private current: string | null = null;
  private tocOpen = false;
  private nextTarget: string | null = null;

  constructor(root: HTMLElement, texts: Texts, header: ViewHeader, items: LaunchItem[], withToc: boolean, callbacks: ViewCallbacks) {
    this.doc = root.ownerDocument;
    this.root = root;
    this.texts = texts;
    this.callbacks = callbacks;
    this.items = items.map((item) => ({ ...item }));
    const doc = this.doc;
    const win = doc.defaultView;
    this.wide = win && typeof win.matchMedia === 'function' ? win.matchMedia(WIDE_QUERY) : null;

    root.replaceChildren();
    root.className = 'rp';

    const head = el(doc, 'header', 'rp-header');
    this.toggle = el(doc, 'button', 'rp-toc-toggle');
    this.toggle.type = 'button';
    const burger = el(doc, 'span', 'rp-burger', '☰');
    burger.setAttribute('aria-hidden', 'true');
    this.toggleLabel = el(doc, 'span', 'rp-toggle-label');
    this.toggle.append(burger, this.toggleLabel);
    this.toggle.addEventListener('click', () => this.setTocOpen(!this.tocOpen, true));
    const titles = el(doc, 'div', 'rp-titles');
    const h1 = el(doc, 'h1', 'rp-title', header.titulo);
    const meta = el(doc, 'p', 'rp-meta');
    this.state = el(doc, 'span', 'rp-state');
    this.score = el(doc, 'span', 'rp-score');
    meta.append(el(doc, 'span', 'rp-attempt', texts.attempt(header.intento)), this.state, this.score);
    if (header.review) meta.append(el(doc, 'span', 'rp-review', texts.review));
    titles.append(h1, meta);
    head.append(this.toggle, titles);

    const status = el(doc, 'div', 'rp-status');
    this.message = el(doc, 'p', 'rp-message');
    this.message.setAttribute('role', 'status');
    this.nextButton = el(doc, 'button', 'rp-next');
    this.nextButton.type = 'button';
    this.nextButton.hidden = true;
    this.nextButton.addEventListener('click', () => {
      if (this.nextTarget) this.callbacks.onChoose(this.nextTarget);
    });
    status.append(this.message, this.nextButton);

    const body = el(doc, 'div', 'rp-body');
    this.stage = el(doc, 'div', 'rp-stage');
    // On narrow screens the open drawer dims the course: a click on it closes the drawer.
    this.stage.addEventListener('click', () => {
      if (this.tocOpen && !this.isWide()) this.setTocOpen(false, false);
    });
    if (withToc) {
      this.toc = el(doc, 'nav', 'rp-toc');
      this.toc.id = 'rp-toc';
      this.toc.setAttribute('aria-label', texts.contents);
      this.progressLine = el(doc, 'p', 'rp-progress');
      this.list = el(doc, 'ul', 'rp-list');
      this.toc.append(this.progressLine, this.list);
      this.toc.addEventListener('keydown', (event) => this.onTocKey(event));
      this.toggle.setAttribute('aria-controls', this.toc.id);
      body.append(this.toc, this.stage);
    } else {
      this.toc = null;
      this.list = null;
      this.progressLine = null;
      this.toggle.hidden = true;
      body.append(this.stage);
    }
    root.append(head, status, body);
    this.renderToc();
    this.setTocOpen(withToc && (this.wide?.matches ?? false), false);
    this.wide?.addEventListener?.('change', (event) => this.setTocOpen(event.matches && this.toc !== null, false));
    this.setStatus(null, null);
  }

  /** Whether the contents are currently open. */
  get contentsOpen(): boolean {
    return this.tocOpen;
  }

  private isWide(): boolean {
    return this.wide?.matches ?? false;
  }

  setTocOpen(open: boolean, fromUser: boolean): void {
    if (!this.toc) return;
    this.tocOpen = open;
    this.toc.hidden = !open;
    this.root.classList.toggle('rp--toc-open', open);
    this.toggle.setAttribute('aria-expanded', String(open));
    this.toggleLabel.textContent = open ? this.texts.hideContents : this.texts.showContents;
    if (fromUser && open) this.focusCurrent();
  }

  private focusCurrent(): void {
    const button =
      this.list?.querySelector<HTMLButtonElement>('button[aria-current="true"]') ??
      this.list?.querySelector<HTMLButtonElement>('button');
    button?.focus();
  }

  private onTocKey(event: KeyboardEvent): void {
    if (event.key === 'Escape' && !this.isWide()) {
      event.preventDefault();
      this.setTocOpen(false, true);
      this.toggle.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...(this.list?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const index = buttons.indexOf(this.doc.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    const next = buttons[Math.min(buttons.length - 1, Math.max(0, index + (event.key === 'ArrowDown' ? 1 : -1)))];
    next?.focus();
  }

  private renderToc(): void {
    if (!this.list || !this.progressLine) return;
    const doc = this.doc;
    const focused = (doc.activeElement as HTMLElement | null)?.dataset?.item ?? null;
    this.list.replaceChildren();
    for (const item of this.items) {
      const li = el(doc, 'li', item.href === null ? 'rp-entry rp-folder' : 'rp-entry');
      li.style.setProperty('--nivel', String(item.nivel));
      if (item.href === null) {
        li.append(el(doc, 'span', 'rp-folder-title', item.titulo));
      } else {
        const kind = statusKind(item.estado);
        const button = el(doc, 'button', 'rp-item');
        button.type = 'button';
        button.dataset.item = item.id;
        if (item.id === this.current) button.setAttribute('aria-current', 'true');
        const icon = el(doc, 'span', `rp-icon rp-icon--${kind}`, ICONS[kind]);
        icon.setAttribute('aria-hidden', 'true');
        const hidden = el(doc, 'span', 'rp-sr', `, ${this.texts.status[kind]}`);
        button.append(icon, el(doc, 'span', 'rp-item-title', item.titulo), hidden);
        button.addEventListener('click', () => {
          if (!this.isWide()) {
            this.setTocOpen(false, false);
            this.toggle.focus();
          }
          this.callbacks.onChoose(item.id);
        });
        li.append(button);
      }
      this.list.append(li);
    }
    const { done, total } = progress(this.items);
    this.progressLine.textContent = this.texts.progress(done, total);
    // Keeps keyboard focus on the same entry when the list is redrawn (a status changed).
    if (focused) [...this.list.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.dataset.item === focused)?.focus();
  }

  /** Marks the item being shown and puts its SCO in a fresh frame. */
  showItem(item: LaunchItem, src: string): HTMLIFrameElement {
    this.current = item.id;
    this.renderToc();
    this.clearFrame();
    const frame = el(this.doc, 'iframe', 'rp-frame');
    frame.title = item.titulo;
    frame.setAttribute('allow', 'fullscreen; autoplay');
    frame.src = src;
    this.stage.append(frame);
    return frame;
  }

  /** Removes the SCO's frame: its document unloads at once, so a SCO that finishes on unload does so now. */
  clearFrame(): void {
    this.stage.replaceChildren();
  }

  /** The frame currently shown, if any. */
  get frame(): HTMLIFrameElement | null {
    return this.stage.querySelector('iframe');
  }

  /** Updates an item's status icon. */
  setItemStatus(id: string, estado: string | null): void {
    const item = this.items.find((candidate) => candidate.id === id);
    if (!item || item.estado === estado) return;
    item.estado = estado;
    this.renderToc();
  }

  /** Replaces the items' statuses (after the launch was read again). */
  setItems(items: readonly LaunchItem[]): void {
    const estados = new Map(items.map((item) => [item.id, item.estado]));
    for (const item of this.items) {
      if (estados.has(item.id)) item.estado = estados.get(item.id) ?? null;
    }
    this.renderToc();
  }

  /** The attempt's status and score in the header. */
  setStatus(estado: string | null, calificacion: number | null, acreditado = false): void {
    if (estado === null) {
      this.state.textContent = '';
      this.state.hidden = true;
    } else {
      const kind = statusKind(estado);
      this.state.hidden = false;
      this.state.className = `rp-state rp-state--${kind}`;
      this.state.textContent = acreditado ? `${this.texts.status[kind]} · ${this.texts.accredited}` : this.texts.status[kind];
    }
    this.score.hidden = calificacion === null;
    this.score.textContent = calificacion === null ? '' : this.texts.score(formatScore(calificacion));
  }

  /** The status line: a message (an error when `error`), optionally a button to the next item. */
  setMessage(text: string | null, options: { error?: boolean; next?: LaunchItem | null } = {}): void {
    this.message.textContent = text ?? '';
    this.message.classList.toggle('rp-message--error', Boolean(options.error));
    this.message.parentElement?.classList.toggle('rp-status--shown', Boolean(text) || Boolean(options.next));
    this.nextTarget = options.next?.id ?? null;
    this.nextButton.hidden = !options.next;
    this.nextButton.textContent = options.next ? this.texts.next(options.next.titulo) : '';
  }

  /** The status line's current text. */
  get messageText(): string {
    return this.message.textContent ?? '';
  }
}

/** Scores as the plan shows them: whole numbers without decimals, others with up to two. */
export function formatScore(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}
