import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * pdf.js's character maps (CJK text in PDFs whose fonts are not embedded) and standard fonts,
 * served from `assets/pdfjs-<version>/` like the other hashed assets: copied into the build,
 * and answered by the dev server from node_modules.
 */
function pdfjsAssets(): Plugin {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const prefix = `assets/pdfjs-${version}/`;
  const folders = ['cmaps', 'standard_fonts'];
  return {
    name: 'pdfjs-assets',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = decodeURIComponent((request.url ?? '').split('?')[0] ?? '');
        const [folder, name] = url.startsWith(`/${prefix}`)
          ? url.slice(prefix.length + 1).split('/')
          : [];
        if (!folder || !name || !folders.includes(folder) || name.includes('..')) return next();
        const file = path.join(root, folder, name);
        if (!fs.existsSync(file)) return next();
        response.setHeader('content-type', 'application/octet-stream');
        fs.createReadStream(file).pipe(response);
      });
    },
    generateBundle() {
      for (const folder of folders) {
        for (const name of fs.readdirSync(path.join(root, folder))) {
          this.emitFile({
            type: 'asset',
            fileName: `${prefix}${folder}/${name}`,
            source: fs.readFileSync(path.join(root, folder, name)),
          });
        }
      }
    },
  };
}

export default defineConfig(({ mode }) => {
  // API_PROXY_TARGET points the dev server at another API server (default: the local one).
  const apiTarget = loadEnv(mode, '.', 'API_').API_PROXY_TARGET ?? 'http://127.0.0.1:3000';
  return {
    plugins: [react(), pdfjsAssets()],
    resolve: { conditions: ['@library/source'] },
    server: {
      port: 5173,
      // ws: the live editing socket (/api/v1/collab) goes through too
      proxy: { '/api': { target: apiTarget, changeOrigin: false, ws: true } },
    },
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      chunkSizeWarningLimit: 1500,
      // dist/.vite/manifest.json: which chunks each module's code went into, for looking into what a
      // first load downloads (scripts/first-load.mjs measures it in Chromium)
      manifest: true,
      rolldownOptions: {
        // Every module the entry imports statically ('$initial') loads on every visit, so it goes
        // into one chunk rather than the ~25 shared ones Rolldown made of it (8 kB less gzip).
        output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
      },
    },
  };
});
