import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The SCORM player page (web/player), a standalone page served by the content origin under
 * /jugar/{token} with its assets under /reproductor/. Stable file names without hashes:
 * the server sends them with `Cache-Control: no-cache`, and reads dist-player/index.html
 * as it is. Only the package version's runtime library is loaded (scorm12.js or
 * scorm2004.js).
 */
export default defineConfig({
  root: fileURLToPath(new URL('./player', import.meta.url)),
  base: '/reproductor/',
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('./dist-player', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Evergreen browsers only: no modulepreload polyfill inlined into the entry.
    modulePreload: { polyfill: false },
    // 2004's runtime (sequencing included) is one file by design; its gzip size is what counts.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        entryFileNames: 'player.js',
        chunkFileNames: '[name].js',
        assetFileNames: (asset) => (asset.names.some((name) => name.endsWith('.css')) ? 'player.css' : '[name][extname]'),
      },
    },
  },
});
