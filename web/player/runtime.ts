/**
 * One SCO's run-time: a scorm-again API instance (`window.API` for SCORM 1.2,
 * `window.API_1484_11` for 2004) loaded with the item's saved values, whose commits go
 * through the player's sender instead of the library's own HTTP code.
 */
import type { IHttpService, ResultObject, Scorm12API, Scorm2004API, Settings } from 'scorm-again';
import type { CmiValues, ScormVersion } from './launch';
import { toValores } from './commits';

export type ScormApi = Scorm12API | Scorm2004API;
export type ScormApiClass = new (settings?: Settings, httpService?: IHttpService) => ScormApi;

/** A navigation request a 2004 SCO made when it terminated. */
export type NavRequest =
  | { kind: 'next' }
  | { kind: 'previous' }
  | { kind: 'choice'; target: string }
  | { kind: 'exit' };

declare global {
  interface Window {
    API?: Scorm12API;
    API_1484_11?: Scorm2004API;
  }
}

/**
 * Loads only the library of the package's version (the 2004 one, with its sequencing
 * engine, is several times bigger than 1.2's).
 */
export async function loadApiClass(version: ScormVersion): Promise<ScormApiClass> {
  // The subpath bundles export a named class, while their bundled .d.ts declare a default
  // export; the root module's types describe the same classes.
  if (version === '1.2') {
    const mod = (await import('scorm-again/scorm12')) as unknown as { Scorm12API: ScormApiClass };
    return mod.Scorm12API;
  }
  const mod = (await import('scorm-again/scorm2004')) as unknown as { Scorm2004API: ScormApiClass };
  return mod.Scorm2004API;
}

export interface RuntimeOptions {
  version: ScormVersion;
  item: string;
  datos: CmiValues;
  /** Review mode: the SCO runs, nothing is sent. */
  review: boolean;
  /** Every launchable item id (2004 `adl.nav.request_valid.choice` checks them). */
  itemIds: string[];
  /** Whether a launchable item comes after / before this one (2004 `adl.nav.request_valid.continue|previous`). */
  hasNext?: boolean;
  hasPrevious?: boolean;
  /** Sends a commit; the promise settles when the server answered. */
  send: (valores: Record<string, string>, terminado: boolean) => Promise<void>;
  onFinish?: () => void;
  onNav?: (request: NavRequest) => void;
  logLevel?: number;
}

/** The running SCO's API and what the player asks of it. */
export interface Runtime {
  readonly api: ScormApi;
  readonly version: ScormVersion;
  readonly item: string;
  /** The SCO set a value since the last commit. */
  readonly dirty: boolean;
  /** Initialized and not yet terminated. */
  readonly running: boolean;
  /** Commits now, when something changed (a tab going to the background). */
  commitIfDirty(): void;
  /** Terminates on the SCO's behalf when it did not (closing, moving to another item). */
  finish(): void;
  /** Makes the API discoverable by the SCO's frame (`window.API` / `window.API_1484_11`). */
  install(win: Window): void;
  /** Removes it again. */
  uninstall(win: Window): void;
}

/** The commit transport scorm-again calls with the flattened data model. */
class PlayerHttpService implements IHttpService {
  readonly reportsRequestCompletion = true;
  private readonly send: RuntimeOptions['send'];
  private readonly committed: () => void;

  constructor(send: RuntimeOptions['send'], committed: () => void) {
    this.send = send;
    this.committed = committed;
  }

  processHttpRequest(
    _url: string,
    params: unknown,
    immediate: boolean,
    _apiLog: unknown,
    _processListeners: unknown,
    _metadata?: unknown,
    onRequestComplete?: () => void,
  ): ResultObject {
    this.committed();
    // `immediate` is scorm-again's flag for the commit LMSFinish / Terminate makes.
    void this.send(toValores(params), immediate).finally(() => onRequestComplete?.());
    // Commits are asynchronous: the SCO is not kept waiting on the network, and a failure
    // is shown in the player's status line and retried there.
    return { result: 'true', errorCode: 0 };
  }

  updateSettings(): void {}
}

/** Collections load in index order, each entry's `id` (then `type`) first, as the data model requires. */
function loadOrder(key: string): [number, number, string] {
  const match = /^cmi\.(interactions|objectives)\.(\d+)\.(.*)$/.exec(key);
  if (!match) return [0, 0, key];
  const field = match[3] ?? '';
  const rank = field === 'id' ? 0 : field === 'type' ? 1 : 2;
  return [match[1] === 'objectives' ? 1 : 2, Number(match[2]) * 3 + rank, field];
}

/**
 * Loads the saved values before Initialize. scorm-again rejects the whole set when one value
 * does not fit its element (a package from another LMS, an edited manifest): then every
 * value is loaded on its own and the ones that do not fit are left out.
 */
export function loadValues(api: ScormApi, datos: CmiValues): string[] {
  try {
    api.loadFromFlattenedJSON(datos);
    return [];
  } catch {
    const rejected: string[] = [];
    const keys = Object.keys(datos).sort((a, b) => {
      const [ga, ia, fa] = loadOrder(a);
      const [gb, ib, fb] = loadOrder(b);
      return ga - gb || ia - ib || fa.localeCompare(fb);
    });
    for (const key of keys) {
      try {
        api.loadFromFlattenedJSON({ [key]: datos[key] });
      } catch {
        rejected.push(key);
      }
    }
    return rejected;
  }
}

export function createRuntime(ApiClass: ScormApiClass, opts: RuntimeOptions): Runtime {
  let dirty = false;
  const http = new PlayerHttpService(opts.send, () => {
    dirty = false;
  });
  const settings: Settings = {
    // In review mode no URL means scorm-again never calls the transport.
    lmsCommitUrl: opts.review ? false : `/commit/${encodeURIComponent(opts.item)}`,
    dataCommitFormat: 'flattened',
    sendFullCommit: true,
    autocommit: !opts.review,
    autocommitSeconds: 30,
    logLevel: opts.logLevel ?? 4,
    scoItemIds: opts.itemIds,
  };
  const api = new ApiClass(settings, http);
  loadValues(api, opts.datos);

  const is2004 = opts.version === '2004';
  if (is2004) {
    // Read-only for the SCO once initialized; a SCO shows its own Next / Back buttons from them.
    const valid = (api as Scorm2004API).adl.nav.request_valid;
    valid.continue = opts.hasNext ? 'true' : 'false';
    valid.previous = opts.hasPrevious ? 'true' : 'false';
  }
  api.on(is2004 ? 'SetValue.cmi.*' : 'LMSSetValue.cmi.*', () => {
    dirty = true;
  });
  api.on(is2004 ? 'Terminate' : 'LMSFinish', () => opts.onFinish?.());
  if (is2004) {
    api.on('SequenceNext', () => opts.onNav?.({ kind: 'next' }));
    api.on('SequencePrevious', () => opts.onNav?.({ kind: 'previous' }));
    const choice = (_element: unknown, target: unknown) => {
      if (typeof target === 'string' && target) opts.onNav?.({ kind: 'choice', target });
    };
    api.on('SequenceChoice', choice);
    api.on('SequenceJump', choice);
    for (const exit of ['SequenceExit', 'SequenceExitAll', 'SequenceAbandon', 'SequenceAbandonAll']) {
      api.on(exit, () => opts.onNav?.({ kind: 'exit' }));
    }
  }

  return {
    api,
    version: opts.version,
    item: opts.item,
    get dirty() {
      return dirty;
    },
    get running() {
      return api.isInitialized() && !api.isTerminated();
    },
    commitIfDirty() {
      if (dirty && api.isInitialized() && !api.isTerminated()) api.commit(is2004 ? 'Commit' : 'LMSCommit', false, 'autocommit');
    },
    finish() {
      if (!api.isInitialized() || api.isTerminated()) return;
      if (is2004) {
        // The player is leaving this SCO anyway: a pending navigation request must not move it.
        (api as Scorm2004API).adl.nav.request = '_none_';
        (api as Scorm2004API).lmsFinish('');
      } else {
        (api as Scorm12API).lmsFinish('');
      }
    },
    install(win) {
      if (is2004) win.API_1484_11 = api as Scorm2004API;
      else win.API = api as Scorm12API;
    },
    uninstall(win) {
      if (is2004) {
        if (win.API_1484_11 === api) delete win.API_1484_11;
      } else if (win.API === api) {
        delete win.API;
      }
    },
  };
}
