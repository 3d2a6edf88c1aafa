import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
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

/** The Login page: a second entry, so that its code counts as initial (see `boot`). */
const LOGIN = fileURLToPath(new URL('./src/app/standalone-login.tsx', import.meta.url));

export default defineConfig({
  plugins: [react(), mantineUseId(), precompress()],
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
            // The rest of the UI kit (Mantine, its popovers, icons) in one file for the first
            // /menu screen rather than ~40 fragments: over HTTP/1.1's six connections each
            // request waits its turn, which costs more than the bytes a screen does not use.
            {
              name: 'ui',
              test: /node_modules[\\/](@mantine|@floating-ui|@tabler|react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib|react-transition-group|clsx)[\\/]/,
              priority: 20,
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
