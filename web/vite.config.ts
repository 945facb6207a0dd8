import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The API, the uploads and the live socket are served by the Fastify process on :3000; in development the
// Vite server forwards them so the browser only ever talks to one origin (as it does in production).
const backend = 'http://127.0.0.1:3000'

// The server answers these; the dev and preview servers pass them through. robots.txt, the sitemap and
// the feeds are generated from the database (server/src/modules/site).
const backendProxy = {
  '/api': {
    target: backend,
    changeOrigin: false,
    // A browser opening exactly /api wants the API docs page of this app, not the JSON API.
    bypass: (req: { url?: string; headers: { accept?: string } }) =>
      req.url === '/api' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
  },
  '/uploads': { target: backend, changeOrigin: false },
  '/ws': { target: backend, ws: true, changeOrigin: false },
  '/robots.txt': { target: backend, changeOrigin: false },
  '/sitemap.xml': { target: backend, changeOrigin: false },
  '/feed.xml': { target: backend, changeOrigin: false },
  '/blog/feed.xml': { target: backend, changeOrigin: false },
}

export default defineConfig({
  // The router plugin must run before react() so the split route chunks still get the React transform.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  server: {
    proxy: backendProxy,
  },
  preview: {
    proxy: backendProxy,
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
})
