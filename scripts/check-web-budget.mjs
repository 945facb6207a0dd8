#!/usr/bin/env node
// The web's initial JavaScript budget: what a browser must download before the app can render anything,
// that is the entry chunk index.html loads plus every chunk it imports statically (index.html lists them
// as modulepreloads), each gzipped, summed. Fails above INITIAL_JS_BUDGET_BYTES. Reads the manifest of a
// finished build (`npm run build -w web`; `npm test` runs this right after the build of its e2e step).
// Also prints, for information, what the home route adds once the router loads it, and brotli sizes.
// Fails too if the build renders with anything but React DOM (a renderer aliased in for `react`, as
// Preact was until 2026-12-02): the app is React's, client and server.
//
// Usage: node scripts/check-web-budget.mjs [distDir]
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/**
 * The cap issue 47 set for React 19 (bench/README.md, "React again"): measured 119.8 kB gzip on
 * 2026-12-02. Each part gzipped on its own: React DOM 64 kB, the router about 26 kB (router-core,
 * react-router, history, store), React Query 11 kB, the app's own shell (routes and their loaders, header,
 * session, theme, the live socket's stand-in) about 10 kB, jotai 3.5 kB. What the first screen does not
 * need loads after it: the live socket, icons, menus, toasts' cards, the member-only header, pages' code.
 */
const INITIAL_JS_BUDGET_BYTES = 120_000

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = resolve(process.argv[2] ?? join(root, 'web', 'dist'))
const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: build the web app first (npm run build -w web).`)
  process.exit(1)
}
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))

/** The chunks loaded with `keys`: themselves and, transitively, their static imports. */
function withStaticImports(keys) {
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`)
    seen.add(key)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of keys) visit(key)
  return seen
}

function sizes(key) {
  const bytes = readFileSync(join(dist, manifest[key].file))
  return {
    file: manifest[key].file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length,
  }
}

const sum = (rows, field) => rows.reduce((total, row) => total + row[field], 0)
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'))
if (!entry) {
  console.error('The manifest has no index.html entry.')
  process.exit(1)
}
const initial = [...withStaticImports([entry])].map(sizes).sort((a, b) => b.gzip - a.gzip)
const homeRoute = Object.keys(manifest).find((key) =>
  /src\/routes\/index\.tsx\?tsr-split=component/.test(key),
)
const initialKeys = withStaticImports([entry])
const home = homeRoute
  ? [...withStaticImports([homeRoute])].filter((key) => !initialKeys.has(key)).map(sizes)
  : []

console.log(`Initial JavaScript (${initial.length} chunks: the entry and its modulepreloads):`)
for (const row of initial.slice(0, 8)) console.log(`  ${kB(row.gzip).padStart(9)} gzip  ${row.file}`)
if (initial.length > 8) console.log(`  ... and ${initial.length - 8} smaller chunks`)
const total = sum(initial, 'gzip')
console.log(
  `  total ${kB(total)} gzip (${kB(sum(initial, 'brotli'))} brotli, ${kB(sum(initial, 'raw'))} raw); budget ${kB(INITIAL_JS_BUDGET_BYTES)} gzip`,
)
if (home.length > 0) {
  console.log(
    `Then the home route: ${home.length} more chunks, ${kB(sum(home, 'gzip'))} gzip (${kB(sum(home, 'brotli'))} brotli), not budgeted.`,
  )
}
if (total > INITIAL_JS_BUDGET_BYTES) {
  console.error(
    `Over budget by ${kB(total - INITIAL_JS_BUDGET_BYTES)}: see what the entry chunk imports (a route's non-component code, the root layout, their imports) and load the rest lazily.`,
  )
  process.exit(1)
}
console.log('Within budget.')

// The renderer: every bundled module is named in the source maps (the browser's) or, as a `// <path>`
// line, in the server render's bundle. React DOM must be there, and no other renderer standing in for
// `react`.
const OTHER_RENDERERS = /node_modules\/(?:preact|preact-render-to-string|inferno|nervjs|react-lite)\//
const sources = readdirSync(join(dist, 'assets'))
  .filter((file) => file.endsWith('.js.map'))
  .flatMap((file) => JSON.parse(readFileSync(join(dist, 'assets', file), 'utf8')).sources ?? [])
const entryMap = JSON.parse(readFileSync(join(dist, `${manifest[entry].file}.map`), 'utf8'))
const ssrDir = join(dist, '.ssr')
const ssrModules = existsSync(ssrDir)
  ? readdirSync(ssrDir)
      .filter((file) => file.endsWith('.js'))
      .flatMap(
        (file) => readFileSync(join(ssrDir, file), 'utf8').match(/^\/\/ \S*node_modules\/\S+$/gm) ?? [],
      )
  : []
const problems = [
  ...new Set(
    sources.filter((source) => OTHER_RENDERERS.test(source)).map((s) => s.replace(/.*node_modules\//, '')),
  ),
].map((module) => `the browser's build bundles ${module}`)
if (!entryMap.sources.some((source) => /node_modules\/react-dom\/cjs\/react-dom-client\./.test(source)))
  problems.push('the entry chunk does not render with react-dom/client')
if (ssrModules.length > 0 && !ssrModules.some((line) => /react-dom\/cjs\/react-dom-server\./.test(line)))
  problems.push('the server render does not use react-dom/server')
for (const line of ssrModules.filter((module) => OTHER_RENDERERS.test(module)))
  problems.push(`the server render bundles ${line.replace(/.*node_modules\//, '')}`)
if (problems.length > 0) {
  console.error(`Not React's renderer: ${problems.join('; ')}.`)
  process.exit(1)
}
console.log('Renderer: React DOM (react-dom/client in the browser, react-dom/server for the first screen).')
