import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// The Rust server listens on 8080 by default; AULA_API_URL points the dev proxy elsewhere.
const api = process.env.AULA_API_URL ?? 'http://127.0.0.1:8080';

/** Text formats worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|webmanifest|ico|txt|xml)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `x.br` (brotli 11) and `x.gz` (gzip 9) next to every text file of dist, each only
 * when smaller than `x`: the server sends them as they are to browsers that accept them, so
 * nothing is compressed per request. Runs after Vite has written everything (index.html and
 * the public/ files included).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'aula-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
        .map((e) => join(e.parentPath, e.name))
        // Vite's own manifest is build metadata, never served.
        .filter((file) => !file.includes(`${join(outDir, '.vite')}`));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzipAsync(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

const MANTINE_USE_ID = fileURLToPath(new URL('./src/lib/vendor/mantine-use-id.ts', import.meta.url));

/**
 * Builds `@mantine/hooks`' useId from src/lib/vendor/mantine-use-id.ts (its module, not the
 * package: every Mantine component imports it from there). Build only: the tests run
 * Mantine's own.
 */
function mantineUseId(): Plugin {
  return {
    name: 'aula-mantine-use-id',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './use-id/use-id.mjs' && importer?.includes('/@mantine/hooks/')) return MANTINE_USE_ID;
      return null;
    },
  };
}

/** The UI kit beyond Login's: Mantine, floating-ui, icons and their helpers. */
const UI_KIT =
  /node_modules[\\/](@mantine|@floating-ui|@tabler|react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib|react-transition-group|clsx|dayjs)[\\/]/;
/**
 * The date pickers, except DatesProvider (the shell's context) and the package's index that
 * re-exports it; dayjs stays with the kit (the shell registers its locales).
 */
const UI_DATES = /node_modules[\\/]@mantine[\\/]dates[\\/]esm[\\/](?!components[\\/]DatesProvider[\\/]|index\.mjs)/;

/**
 * The modules whose UI kit parts form the 'ui' chunk: the /menu shell and its chat button,
 * the dashboard (the page after Login) and Empleados (the table engine most screens share).
 * The rest of the kit, which other screens use, is the 'ui-more' chunk.
 */
const UI_ROOTS = [
  'src/app/routed-app.tsx',
  'src/app/routes/menu-route.tsx',
  'src/features/chat/index.ts',
  'src/app/routes/dashboard-route.tsx',
  'src/app/routes/employees-route.tsx',
];

/**
 * What the dashboard shows of other features, loaded after its first render (src/app/
 * lazy-dashboard-parts.tsx): the participant's training tabs and the supplier's view. The
 * UI kit parts they import beyond 'ui' form the small 'ui-dashboard' chunk, so that the
 * participant's default tab does not wait for all of 'ui-more'.
 */
const UI_DASHBOARD_ROOTS = [
  'src/app/dashboard-parts/pending-training.tsx',
  'src/app/dashboard-parts/block-training.tsx',
  'src/features/my-certificates/index.ts',
  'src/features/external-certifications/index.ts',
];

/** Packages whose index only re-exports their modules (resolved by imported name below). */
const BARRELS: Record<string, RegExp> = {
  '@mantine/core': /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/,
  '@mantine/hooks': /node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/,
  '@mantine/dates': /node_modules[\\/]@mantine[\\/]dates[\\/]esm[\\/]index\.mjs$/,
  '@mantine/notifications': /node_modules[\\/]@mantine[\\/]notifications[\\/]esm[\\/]index\.mjs$/,
  '@tabler/icons-react': /node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs$/,
};

type ModuleGraph = { getModuleInfo(id: string): { code: string | null; importedIds: readonly string[] } | null };

/** Names a module imports from `source` with `import { a, b as c } from 'source'`, or null (namespace, unknown). */
function namedImports(code: string, source: string): string[] | null {
  const quoted = source.replace(/[/]/g, '\\/');
  if (new RegExp(`import\\s*\\*\\s*as\\s+\\w+\\s*from\\s*["']${quoted}["']|export\\s*\\*\\s*from\\s*["']${quoted}["']`).test(code)) return null;
  const names: string[] = [];
  for (const [, list] of code.matchAll(new RegExp(`(?:import|export)\\s*\\{([^}]*)\\}\\s*from\\s*["']${quoted}["']`, 'g')))
    for (const item of list.split(',')) {
      const name = item.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  return names;
}

/** A barrel's exported names and the module each comes from. */
function barrelExports(id: string, code: string): Map<string, string> {
  const dir = dirname(id);
  const local = new Map<string, string>();
  const exported = new Map<string, string>();
  for (const [, list, from] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g))
    for (const item of list.split(',')) {
      const [name, alias] = item.trim().split(/\s+as\s+/);
      if (name) local.set(alias ?? name, resolve(dir, from));
    }
  for (const [, list, from] of code.matchAll(/export\s*\{([^}]*)\}(?:\s*from\s*["']([^"']+)["'])?/g))
    for (const item of list.split(',')) {
      const [name, alias] = item.trim().split(/\s+as\s+/);
      if (!name) continue;
      const file = from ? resolve(dir, from) : local.get(name);
      if (file) exported.set(alias ?? name, file);
    }
  return exported;
}

/**
 * Every module the UI_ROOTS import statically, following a package index only to the modules
 * of the names imported from it (an index re-exports the whole kit).
 */
function staticImports(graph: ModuleGraph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const barrels = new Map<string, Map<string, string>>();
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    for (const dep of info.importedIds) {
      const source = Object.keys(BARRELS).find((name) => BARRELS[name].test(dep));
      const names = source && info.code !== null ? namedImports(info.code, source) : null;
      if (!source || names === null) {
        pending.push(dep);
        continue;
      }
      if (!barrels.has(dep)) barrels.set(dep, barrelExports(dep, graph.getModuleInfo(dep)?.code ?? ''));
      const exports = barrels.get(dep) as Map<string, string>;
      for (const name of names) {
        const file = exports.get(name);
        if (file) pending.push(graph.getModuleInfo(file) ? file : dep);
        else pending.push(dep);
      }
    }
  }
  return seen;
}

/** The UI kit modules of the 'ui' chunk (see UI_ROOTS), found once the module graph is built. */
const uiCore = new Set<string>();
/** Those of the 'ui-dashboard' chunk (see UI_DASHBOARD_ROOTS), minus the 'ui' ones. */
const uiDashboard = new Set<string>();

function uiCoreModules(): Plugin {
  return {
    name: 'aula-ui-core',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const roots = UI_ROOTS.map((root) => ids.find((id) => id.endsWith(root))).filter((id): id is string => !!id);
      uiCore.clear();
      for (const id of staticImports(this, roots)) uiCore.add(id);
      const dashboardRoots = UI_DASHBOARD_ROOTS.map((root) => ids.find((id) => id.endsWith(root))).filter((id): id is string => !!id);
      uiDashboard.clear();
      for (const id of staticImports(this, dashboardRoots)) if (!uiCore.has(id)) uiDashboard.add(id);
    },
  };
}

/**
 * Modules of the /menu shell (see the 'menu' chunk group): what src/app/routes/menu-route.tsx
 * and src/app/routed-app.tsx import, outside the boot chunk.
 */
const MENU_SHELL = new RegExp(
  [
    String.raw`src[\/]app[\/](routed-app|root-layout|screens|router|lazy-chat-launcher|lazy-assistant-launcher|realtime-services|screen-icons|require-section)\.tsx?$`,
    String.raw`src[\/]app[\/]routes[\/](menu-route|route-namespaces)\.tsx?$`,
    String.raw`src[\/]app[\/]styles[\/]app-styles`,
    String.raw`src[\/]features[\/](shell|trial)[\/](api|components|index)`,
    String.raw`src[\/]lib[\/](socket|push|i18n[\/](calendar-labels|date-locales|use-format)|company[\/]get-tooltips|password-rules)`,
    // A few SWR keys the dashboard shares with lazily loaded features: not worth a request.
    String.raw`src[\/]lib[\/]api[\/]shared[\/]dashboard-part-keys`,
    String.raw`src[\/]components[\/](language-menu|page-chrome|password-checklist|states[\/]empty-state)[\/]`,
    String.raw`node_modules[\/](react-router|socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io|dayjs[\/]locale)[\/]`,
  ].join('|'),
);

/**
 * Writes `preload/<screen>.html` for every /menu screen (and `preload/menu.html` for the
 * rest of /menu): index.html plus `modulepreload` / `preload` links for the shell's code, its
 * styles and texts, and the screen's own code and Spanish texts. The server answers a
 * first visit to /menu/<screen> with it, so the browser fetches all of it at once instead
 * of discovering each file only after the one that imports it has run.
 */
function menuPreloads(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'aula-menu-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      root = config.root;
    },
    // writeBundle runs after every file is written and before closeBundle (precompress).
    async writeBundle() {
      type Chunk = { file: string; name?: string; imports?: string[]; css?: string[] };
      const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
      const html = await readFile(join(outDir, 'index.html'), 'utf8');
      const inHtml = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]));
      const closure = (keys: string[], into = new Set<string>()) => {
        const seen = new Set<string>();
        const walk = (key: string) => {
          const chunk = manifest[key];
          if (!chunk || seen.has(key)) return;
          seen.add(key);
          into.add(chunk.file);
          for (const css of chunk.css ?? []) into.add(css);
          for (const imported of chunk.imports ?? []) walk(imported);
        };
        keys.forEach(walk);
        return into;
      };
      const byName = (name: string) => Object.keys(manifest).filter((k) => manifest[k].name === name && k.endsWith('.js'));
      const texts = (ns: string) =>
        [`src/features/${ns}/locales/es.json`, `src/lib/i18n/locales/${ns}/es.json`].filter((k) => manifest[k]);
      const shell = closure([
        ...byName('menu'),
        // Login's texts hold common and errors, which every page loads before it renders.
        ...byName('texts-es'),
        ...byName('texts-es-app'),
        'src/lib/i18n/locales/errors/catalogue/es.json',
        ...['shell', 'trial', 'notifications', 'chat'].flatMap(texts),
      ]);
      const links = (files: Set<string>) =>
        [...files]
          .filter((f) => !inHtml.has(f))
          .map((f) =>
            f.endsWith('.css')
              ? `<link rel="preload" as="style" href="/${f}">`
              : `<link rel="modulepreload" crossorigin href="/${f}">`,
          )
          .join('\n    ');
      const page = (files: Set<string>) => html.replace('</head>', `  ${links(files)}\n  </head>`);
      await mkdir(join(outDir, 'preload'), { recursive: true });
      await writeFile(join(outDir, 'preload', 'menu.html'), page(shell));
      // Each screen of src/app/screens.ts: its path, its route module and the namespaces it loads.
      const screens = await readFile(join(root, 'src/app/screens.ts'), 'utf8');
      for (const [, path, module] of screens.matchAll(
        /path: '([a-z0-9_]+)',[^]*?lazy: \(\) => import\('\.\/routes\/([a-z0-9-]+)'\)/g,
      )) {
        const key = `src/app/routes/${module}.tsx`;
        if (!manifest[key]) continue;
        const source = await readFile(join(root, key), 'utf8');
        const namespaces = [...source.matchAll(/loadNamespaces\(([^)]*)\)/g)].flatMap(([, args]) =>
          [...args.matchAll(/'([a-z0-9-]+)'/g)].map((m) => m[1]),
        );
        const files = closure([key, ...namespaces.flatMap(texts)], new Set(shell));
        await writeFile(join(outDir, 'preload', `${path}.html`), page(files));
      }
    },
  };
}

/** The Login page: a second entry, so that its code counts as initial (see `boot`). */
const LOGIN = fileURLToPath(new URL('./src/app/standalone-login.tsx', import.meta.url));

export default defineConfig({
  plugins: [react(), mantineUseId(), uiCoreModules(), menuPreloads(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts/bundle-report.mjs walk the login route's chunk graph.
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // The first download is one larger file by design; scripts/bundle-report.mjs checks what
    // it weighs compressed, which is what counts.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), login: LOGIN },
      output: {
        codeSplitting: {
          // A first visit to Login downloads the entry and Login as one file, and its texts as
          // another, instead of dozens of fragments shared with later screens: every response
          // costs its headers too. Later screens keep the default splitting.
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 30 },
            // The date pickers, for the screens that show one (UI_DATES).
            {
              name: 'ui-dates',
              test: UI_DATES,
              // Below 'ui': the pickers' own dependencies (popovers, inputs) stay there.
              priority: 19,
            },
            // The UI kit (Mantine, its popovers, icons) that the shell, the dashboard and the
            // table screens use (UI_ROOTS), in one file for the first /menu screen rather than
            // ~40 fragments: over HTTP/1.1's six connections each request waits its turn.
            {
              name: 'ui',
              test: (id: string) => UI_KIT.test(id) && !UI_DATES.test(id) && uiCore.has(id),
              priority: 21,
            },
            // The kit parts of the dashboard's lazily loaded parts that 'ui' lacks (UI_DASHBOARD_ROOTS).
            {
              name: 'ui-dashboard',
              test: (id: string) => UI_KIT.test(id) && !UI_DATES.test(id) && uiDashboard.has(id),
              priority: 20.5,
            },
            // The rest of the kit (rarer inputs, steppers, colour pickers, most icons) in one
            // file for the screens that use any of it; above 'ui-dates' for the same reason.
            {
              name: 'ui-more',
              test: (id: string) => UI_KIT.test(id) && !UI_DATES.test(id),
              priority: 20,
            },
            // The /menu shell (router, layout, side menu, realtime client, the date helpers
            // screens share) in one file: every /menu page needs all of it before it shows
            // anything, and six HTTP/1.1 connections would fetch ~15 fragments in turns.
            {
              name: 'menu',
              // The profile dialog loads when opened (its forms and schemas with it), and the
              // date range filter with the screens that show it (it brings the date pickers).
              test: (id: string) =>
                MENU_SHELL.test(id) && !id.includes('update-profile-dialog') && !id.includes('date-range-filter'),
              priority: 15,
            },
            // Login's Spanish texts (the default language) in one file, and those the /menu
            // shell loads (src/app/routes/menu-route.tsx) in another.
            { name: 'texts-es', test: /(locales\/(common|errors)\/es|features\/auth\/locales\/es)\.json$/, priority: 10 },
            {
              name: 'texts-es-app',
              test: /(features\/(shell|trial|notifications|chat|dashboard)\/locales|lib\/i18n\/locales\/errors\/catalogue)\/es\.json$/,
              priority: 9,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    testTimeout: 15000,
  },
});
