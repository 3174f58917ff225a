import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(({ mode }) => {
  // API_PROXY_TARGET points the dev server at another API server (default: the local one).
  const apiTarget = loadEnv(mode, '.', 'API_').API_PROXY_TARGET ?? 'http://127.0.0.1:3000';
  return {
    plugins: [react()],
    resolve: { conditions: ['source'] },
    server: {
      port: 5173,
      proxy: { '/api': { target: apiTarget, changeOrigin: false } },
    },
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      chunkSizeWarningLimit: 1500,
    },
  };
});
