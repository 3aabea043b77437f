import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: Number(process.env.WEB_PORT ?? 3000),
    proxy: { '/api': { target: apiTarget, changeOrigin: false, ws: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    manifest: true, // bench/run.ts reads it to size what /auth loads
    // Browsers that run our es2022 build preload modules natively (decision 0107).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The framework every page needs stays one chunk: left to itself the bundler splits it
        // into many small pieces as lazy pages import parts of it, which costs /auth ~4 KB gzip.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]|sonner)[\\/]/,
            },
            // The small pieces every form uses (field, input, label, the form alert and its icons,
            // with what they share: class merging, the icon factory): one chunk instead of several
            // tiny ones, each costing /auth a wrapper and an entry in the preload map (decision 0107).
            {
              name: 'ui-basics',
              test: /(src[\\/]components[\\/](ui[\\/](field|input|label)|form[\\/]form-alert)\.tsx|lucide-react[\\/].*[\\/](circle-exclamation-point|circle-check(-big)?)\.m?js)$/,
            },
          ],
        },
      },
    },
  },
});
