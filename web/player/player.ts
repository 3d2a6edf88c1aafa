/**
 * The SCORM player: reads the launch, runs one SCO at a time in a frame of this (content)
 * origin with the SCORM API on this window, and sends its commits with the launch token.
 */
import { CommitSender } from './commits';
import type { CommitAnswer, CommitBody, CommitFailure } from './commits';
import { commitUrl, fetchLaunch, tokenFromPath } from './launch';
import type { Launch, LaunchItem } from './launch';
import { createRuntime, loadApiClass } from './runtime';
import type { NavRequest, Runtime, ScormApiClass } from './runtime';
import { pickLanguage, textsFor } from './texts';
import type { Texts } from './texts';
import { launchableItems, neighbour, showsToc, startItem, statusFromValues } from './toc';
import { PlayerView, renderFatal, renderLoading } from './view';

export interface PlayerEnvironment {
  window: Window;
  fetch: typeof fetch;
  /** `navigator.language` by default. */
  language?: string;
  /** Replaces the lazy loading of scorm-again (tests). */
  loadApi?: (version: Launch['version']) => Promise<ScormApiClass>;
  /** scorm-again's log level (4 = errors, 5 = none). */
  logLevel?: number;
}

/** What a started player exposes (for tests and the page's lifecycle). */
export interface Player {
  readonly launch: Launch | null;
  readonly currentItem: string | null;
  readonly runtime: Runtime | null;
  /** Opens another item: the current SCO unloads (and finishes), then the next starts fresh. */
  open(id: string): Promise<void>;
  /** Settles when the last commits have been answered. */
  idle(): Promise<void>;
}

export async function startPlayer(root: HTMLElement, env: PlayerEnvironment): Promise<Player> {
  const win = env.window;
  const doc = root.ownerDocument;
  const language = pickLanguage(env.language ?? win.navigator.language);
  const texts = textsFor(language);
  doc.documentElement.lang = language;
  renderLoading(root, texts);

  const empty: Player = {
    launch: null,
    currentItem: null,
    runtime: null,
    open: async () => {},
    idle: async () => {},
  };
  const token = tokenFromPath(win.location.pathname);
  if (!token) {
    renderFatal(root, texts, texts.invalidLink);
    return empty;
  }
  const result = await fetchLaunch(token, env.fetch);
  if (!result.ok) {
    renderFatal(root, texts, result.message ?? (result.reason === 'network' ? texts.launchFailed : texts.invalidLink));
    return empty;
  }
  const launch = result.launch;
  if (launchableItems(launch.items).length === 0) {
    renderFatal(root, texts, texts.noItems);
    return empty;
  }
  doc.title = launch.titulo || doc.title;
  let ApiClass: ScormApiClass;
  try {
    ApiClass = await (env.loadApi ?? loadApiClass)(launch.version);
  } catch {
    renderFatal(root, texts, texts.launchFailed);
    return empty;
  }
  return new Controller(root, env, texts, token, launch, ApiClass);
}

class Controller implements Player {
  launch: Launch;
  currentItem: string | null = null;
  runtime: Runtime | null = null;
  private readonly win: Window;
  private readonly env: PlayerEnvironment;
  private readonly texts: Texts;
  private readonly token: string;
  private readonly ApiClass: ScormApiClass;
  private readonly review: boolean;
  private readonly sender: CommitSender | null;
  private readonly view: PlayerView;
  private readonly single: boolean;
  /** Serializes item changes (a click during a change waits for it). */
  private chain: Promise<void> = Promise.resolve();
  private leaving = false;
  /** The highest sequence whose answer has been shown. */
  private answered = 0;

  constructor(root: HTMLElement, env: PlayerEnvironment, texts: Texts, token: string, launch: Launch, ApiClass: ScormApiClass) {
    this.win = env.window;
    this.env = env;
    this.texts = texts;
    this.token = token;
    this.launch = launch;
    this.ApiClass = ApiClass;
    this.review = launch.modo === 'review';
    this.single = !showsToc(launch.items);
    this.sender = this.review
      ? null
      : new CommitSender({
          url: commitUrl(token),
          fetch: env.fetch,
          start: launch.secuencia,
          onAnswer: (body, answer) => this.onAnswer(body, answer),
          onFailure: (body, failure) => this.onFailure(body, failure),
        });
    this.view = new PlayerView(
      root,
      texts,
      { titulo: launch.titulo, intento: launch.intento, review: this.review },
      launch.items,
      !this.single,
      { onChoose: (id) => void this.open(id) },
    );
    const only = launchableItems(launch.items);
    this.view.setStatus(launch.estado ?? (only.length === 1 ? (only[0]?.estado ?? null) : null), null);

    // Closing the course (the app removes its frame) or leaving the page: the SCO's last
    // state goes out with a keepalive request, finished on its behalf when it did not.
    this.win.addEventListener('pagehide', () => {
      this.leaving = true;
      this.runtime?.finish();
    });
    this.win.document.addEventListener('visibilitychange', () => {
      if (this.win.document.visibilityState === 'hidden') this.runtime?.commitIfDirty();
    });

    const first = startItem(launch);
    if (first) this.chain = this.start(first, launch.datos[first.id] ?? {});
  }

  open(id: string): Promise<void> {
    this.chain = this.chain.then(() => this.switchTo(id));
    return this.chain;
  }

  async idle(): Promise<void> {
    await this.chain;
    await this.sender?.idle();
  }

  private itemById(id: string): LaunchItem | null {
    return launchableItems(this.launch.items).find((item) => item.id === id) ?? null;
  }

  private async switchTo(id: string): Promise<void> {
    const item = this.itemById(id);
    if (!item || id === this.currentItem || this.leaving) return;
    this.stopCurrent();
    this.view.setMessage(this.texts.loadingItem);
    // The next item's saved values come from the server, once it has this item's last commit.
    await this.sender?.idle();
    let datos = this.launch.datos[id] ?? {};
    const fresh = await fetchLaunch(this.token, this.env.fetch);
    if (fresh.ok) {
      this.launch = { ...this.launch, items: fresh.launch.items, datos: fresh.launch.datos };
      datos = fresh.launch.datos[id] ?? datos;
      this.view.setItems(fresh.launch.items);
    } else if (fresh.reason === 'invalid') {
      this.view.setMessage(`${fresh.message ?? this.texts.invalidLink} ${this.texts.closeHint}`, { error: true });
      return;
    }
    await this.start(item, datos);
  }

  /** Unloads the current SCO; finishes it when it did not finish on its own. */
  private stopCurrent(): void {
    const runtime = this.runtime;
    this.runtime = null;
    this.view.clearFrame();
    if (runtime) {
      runtime.finish();
      runtime.uninstall(this.win);
    }
  }

  private async start(item: LaunchItem, datos: Record<string, string>): Promise<void> {
    const runtime = createRuntime(this.ApiClass, {
      version: this.launch.version,
      item: item.id,
      datos,
      review: this.review,
      itemIds: launchableItems(this.launch.items).map((candidate) => candidate.id),
      hasNext: neighbour(this.launch.items, item.id, 1) !== null,
      hasPrevious: neighbour(this.launch.items, item.id, -1) !== null,
      logLevel: this.env.logLevel,
      send: (valores, terminado) => this.send(item.id, valores, terminado),
      onFinish: () => this.onFinish(item.id),
      onNav: (request) => this.onNav(item.id, request),
    });
    runtime.install(this.win);
    this.runtime = runtime;
    this.currentItem = item.id;
    this.view.setMessage(null);
    this.view.showItem(item, this.launch.base + item.href);
  }

  private send(item: string, valores: Record<string, string>, terminado: boolean): Promise<void> {
    if (!this.sender) return Promise.resolve();
    this.sender.send(item, terminado, valores);
    return this.sender.idle();
  }

  private onAnswer(body: CommitBody, answer: CommitAnswer): void {
    if (this.view.messageText === this.texts.saveRetry) this.view.setMessage(null);
    // Answers can arrive out of order: an older one never replaces what a newer one showed.
    if (!answer.aplicado || body.secuencia < this.answered) return;
    this.answered = body.secuencia;
    this.view.setItemStatus(body.item, statusFromValues(this.launch.version, body.valores));
    this.view.setStatus(answer.estado, answer.calificacion, answer.acreditado);
  }

  private onFailure(_body: CommitBody, failure: CommitFailure): void {
    if (failure.kind === 'network') {
      this.view.setMessage(this.texts.saveRetry, { error: true });
      return;
    }
    const message = failure.message ?? this.texts.saveFailed;
    this.view.setMessage(failure.status === 404 ? `${message} ${this.texts.closeHint}` : message, { error: true });
  }

  private onFinish(id: string): void {
    if (this.leaving || id !== this.currentItem) return;
    const next = neighbour(this.launch.items, id, 1);
    // A navigation request (2004) arrives right after Terminate and replaces this message.
    this.view.setMessage(this.single ? this.texts.finishedSingle : this.texts.finishedMulti, { next });
  }

  private onNav(id: string, request: NavRequest): void {
    if (this.leaving || id !== this.currentItem) return;
    let target: LaunchItem | null = null;
    if (request.kind === 'next') target = neighbour(this.launch.items, id, 1);
    else if (request.kind === 'previous') target = neighbour(this.launch.items, id, -1);
    else if (request.kind === 'choice') target = this.itemById(request.target);
    if (request.kind === 'exit') {
      this.view.setMessage(this.texts.exited);
      return;
    }
    // Nothing after the last item (or an unknown target): the finish message stays.
    if (!target) return;
    const targetId = target.id;
    // The SCO is still inside its Terminate call: change frames once it has returned.
    this.win.setTimeout(() => void this.open(targetId), 0);
  }
}
