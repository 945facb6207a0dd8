import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { build, defineConfig, type Plugin } from 'vite'
import { APP_JSX, appJsxAliases } from './app-jsx.ts'

// The API, the uploads and the live socket are served by the Fastify process on :3000 (BASHBOARD_API_URL
// elsewhere); in development the Vite server forwards them so the browser only ever talks to one origin
// (as it does in production).
const backend = process.env.BASHBOARD_API_URL ?? 'http://127.0.0.1:3000'

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
  // A large site's sitemap is an index of section files (server/src/modules/site/sitemap.ts).
  '/sitemap/': { target: backend, changeOrigin: false },
  '/feed.xml': { target: backend, changeOrigin: false },
  '/blog/feed.xml': { target: backend, changeOrigin: false },
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text files worth compressing; images and fonts (woff2 is already brotli) are sent as they are. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/
/** Below this a compressed copy saves less than its headers cost (the server's threshold is the same). */
const MIN_BYTES = 1024

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesBelow(path)
      return [path]
    }),
  )
  return nested.flat()
}

/**
 * Writes `file.br` (brotli, maximum quality) and `file.gz` (gzip level 9) next to every text file of the
 * build, once, so the server sends them without compressing per request (@fastify/static `preCompressed`
 * in server/src/infra/web-app.ts). A copy that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'bashboard-precompress',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const files = (await filesBelow(outDir)).filter((file) => COMPRESSIBLE.test(file))
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return
          const source = await readFile(file)
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: 9 }),
          ])
          if (br.length < source.length) await writeFile(`${file}.br`, br)
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz)
        }),
      )
    },
  }
}

/** Where the server render's bundle goes: inside the build, in a dot folder the server never serves. */
export const SERVER_RENDER_OUT_DIR = '.ssr'

/**
 * After the browser's build, builds the server's render of public pages (src/entry-server.tsx) into
 * dist/.ssr, where server/src/infra/server-render.ts loads it. Part of every `vite build`, so `npm start`,
 * `npm run build` and the tests' build all get both.
 */
function serverRenderBuild(): Plugin {
  let outDir = 'dist'
  let root = '.'
  let mode = 'production'
  return {
    name: 'bashboard-server-render-build',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root
      mode = config.mode
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      await build({
        root,
        mode,
        logLevel: 'warn',
        publicDir: false,
        // React's server renderer of the build's mode, whatever the server's own NODE_ENV (tests run the
        // production build too): left to run time, it would pick its development build there.
        define: {
          'process.env.NODE_ENV': JSON.stringify(mode === 'development' ? 'development' : 'production'),
        },
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: join(outDir, SERVER_RENDER_OUT_DIR),
          emptyOutDir: true,
          sourcemap: false,
          manifest: false,
        },
      })
    },
  }
}

/** The app's own modules outside the route files. */
const APP_MODULE = /[\\/]web[\\/]src[\\/](?!routes[\\/])/

/** lucide-react's icon modules (one per icon) and the helper they share. */
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]/

/** Font files, which the build must never inline into the stylesheet (see `assetsInlineLimit` below). */
const FONT_FILE = /\.(?:woff2?|ttf|otf|eot)$/

/** The body text's font file (Latin subset of Inter); src/main.tsx imports it through @fontsource. */
const PRELOADED_FONT = /(?:^|\/)inter-latin-wght-normal-[\w-]+\.woff2$/

/**
 * Preloads the body font from index.html. Otherwise the browser only asks for it once the app has
 * rendered text, the text is painted in the fallback font first and re-wrapped when Inter arrives, and
 * everything under a re-wrapped paragraph moves (Lighthouse counted it as layout shift on the home page).
 */
function preloadBodyFont(): Plugin {
  return {
    name: 'bashboard-preload-body-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((file) => PRELOADED_FONT.test(file))
        if (!font) return []
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: '' },
            injectTo: 'head',
          },
        ]
      },
    },
  }
}

export default defineConfig({
  // The router plugin must run before react() so the split route chunks still get the React transform.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's pending state shows only after a second (the router's default pendingMs), by which time
      // its chunk, asked for with the route's, has long arrived: it need not be in the entry.
      codeSplittingOptions: {
        defaultBehavior: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    // The JSX transform, with the app's own runtime (src/lib/jsx/: React's, marking a server page's
    // controls until the app has started), and in the dev server Fast Refresh (an edited component redraws,
    // keeping its state).
    react({ jsxImportSource: APP_JSX }),
    tailwindcss(),
    preloadBodyFont(),
    precompress(),
    serverRenderBuild(),
  ],
  resolve: {
    alias: [
      ...appJsxAliases,
      // @tanstack/react-store asks for the shim, which carries its own useSyncExternalStore for React
      // before 18; the package's plain entry is the same function over React 19's own.
      {
        find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  // The server-side render (src/entry-server.tsx, built with `--ssr`) carries every library inside its
  // bundle, so the server loads it without resolving the web workspace's dependencies at run time.
  ssr: { noExternal: true },
  server: {
    proxy: backendProxy,
  },
  preview: {
    proxy: backendProxy,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Vite inlines assets under 4 kB as data: URLs. For fonts that meant the small @fontsource subsets
    // (JetBrains Mono's cyrillic-ext and vietnamese, woff2 and woff, 9 files) went into index.css as base64:
    // about 20 of its 30 kB brotli, in the one render-blocking request, for glyphs a page rarely shows.
    // As files, each @font-face's unicode-range lets the browser fetch them only when such text is drawn.
    assetsInlineLimit: (file) => (FONT_FILE.test(file) ? false : undefined),
    // Every browser the site supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // The manifest (dist/.vite/manifest.json, never served) is what scripts/check-web-budget.mjs reads.
    manifest: true,
    rollupOptions: {
      output: {
        // Chunks named by their hash alone: the entry lists every lazy chunk's file (the router's imports,
        // their preload table), and the names were 0.8 kB gzip of it. Source maps still name the sources.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          groups: [
            // The initial JavaScript as one chunk: as eleven, the export and import glue between them
            // was 5 kB gzip more (bench/README.md, "React again"). Left alone, each icon shared by two
            // routes becomes its own few-hundred-byte chunk, and a route such as the home page waits for
            // a dozen of them (more round trips than bytes): all icons share one chunk.
            { name: 'initial', tags: ['$initial'], priority: 2 },
            { name: 'icons', test: LUCIDE_ICON, priority: 1 },
            // The app's small modules that several routes share, in one chunk: left alone, each was a
            // chunk of a few hundred bytes, and the post page waited for 30 of them (round trips, a
            // preload link each, and the entry's table of every chunk's dependencies).
            { name: 'shared', test: APP_MODULE, minShareCount: 2, maxModuleSize: 1500, priority: 0 },
          ],
        },
      },
    },
  },
})
