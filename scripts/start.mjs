#!/usr/bin/env node
// `npm start`: build the web app when its build is missing or older than its sources, then run the server
// (which migrates, seeds an empty database and serves everything on one port).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const web = join(root, 'web')
const builtIndex = join(web, 'dist', 'index.html')

/** Newest modification time below a path (files only). */
function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'routeTree.gen.ts') continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true
  const built = statSync(builtIndex).mtimeMs
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(web, p))
  const contract = join(root, 'server', 'src', 'contract')
  return Math.max(...sources.map(newestMtime), newestMtime(contract)) > built
}

if (process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
  console.log('Building the web app (web/dist is missing or out of date)...')
  const started = Date.now()
  // Vite straight away, not `npm run build -w web`: its router plugin writes the route tree itself, so
  // the router CLI that script runs first (and the circular-import warning its CommonJS build prints)
  // is not needed here, and `--logLevel warn` keeps the list of every emitted file off the terminal.
  // Warnings and errors still show.
  const vite = join(root, 'node_modules', '.bin', 'vite')
  const build = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
  console.log(`Web app built in ${Math.round((Date.now() - started) / 1000)} s.`)
}

const tsx = join(root, 'node_modules', '.bin', 'tsx')
const server = spawn(tsx, [join(root, 'server', 'src', 'main.ts')], { cwd: root, stdio: 'inherit' })
// Forward stop signals so the server can shut down gracefully (it exits within 10 s).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
