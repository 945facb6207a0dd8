#!/usr/bin/env node
// Import fences from CONVENTIONS.md, checked on every source file (import cycles, type-only ones included,
// are refused by Biome's noImportCycles in biome.json, part of the same `npm run lint`):
// - server/src/contract imports only `typebox` and sibling contract files;
// - web imports nothing from the server except '@bashboard/server/contract';
// - a web feature never imports another feature, nor app/ or routes/ (they compose features, not the reverse);
// - web components/ and live/ import no feature and nothing from app/ (the one layer, with routes, that
//   knows every feature: layout, providers, live registry);
// - db imports no app code; migrations import only kysely;
// - in server/src/modules only repos build queries (a module's repo.ts, `<name>-repo.ts` or `repo/`; tests
//   aside): no other module file imports a value from kysely (`import type` is fine), and none uses the
//   `sql` tag or helpers, starts a query (`.selectFrom(`, `.insertInto(`, `.updateTable(`, `.deleteFrom(`,
//   `.with(` …), runs a built one (`.execute()` without arguments) or calls `preparedAs(` (a regex over
//   the text without comments); module routes import no repo;
// - server infra is plumbing: it imports no module (app.ts hands it what it needs from one);
// - no two folders import each other, directly or round a loop, type imports included, tests left out:
//   the server modules (server/src/modules/<name>) and the web layers (web/src/app, routes, components,
//   live, lib, state and each features/<name>).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const importPattern =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir)) {
    if (['node_modules', 'dist', '.tsbuild'].includes(entry) || entry === 'routeTree.gen.ts') continue
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) yield* sourceFiles(path)
    else if (/\.(ts|tsx|mjs)$/.test(entry)) yield path
  }
}

function importsOf(file) {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(importPattern)].map((m) => m[1] ?? m[2]).filter(Boolean)
}

const rel = (p) => relative(root, p).split(sep).join('/')
const problems = []
const fail = (file, spec, why) => problems.push(`${rel(file)}: imports '${spec}' — ${why}`)

for (const file of sourceFiles(join(root, 'server', 'src', 'contract'))) {
  for (const spec of importsOf(file)) {
    const local = spec.startsWith('.') && rel(resolve(dirname(file), spec)).startsWith('server/src/contract/')
    if (spec !== 'typebox' && !spec.startsWith('typebox/') && !local)
      fail(file, spec, 'the contract may import only typebox and other contract files')
  }
}

for (const file of sourceFiles(join(root, 'web', 'src'))) {
  const fileRel = rel(file)
  const ownFeature = fileRel.match(/^web\/src\/features\/([^/]+)\//)?.[1]
  const sharedLayer = /^web\/src\/(components|live)\//.test(fileRel)
  for (const spec of importsOf(file)) {
    if (spec.startsWith('@bashboard/') && !/^@bashboard\/server\/contract(\/[a-z-]+)?$/.test(spec))
      fail(
        file,
        spec,
        "web may import only '@bashboard/server/contract' (or one of its files) from other workspaces",
      )
    if (!spec.startsWith('.')) continue
    const target = rel(resolve(dirname(file), spec))
    if (target.startsWith('server/') || target.startsWith('db/'))
      fail(file, spec, 'web may not reach into server or db')
    const feature = target.match(/^web\/src\/features\/([^/]+)/)?.[1]
    if (ownFeature && feature && feature !== ownFeature) fail(file, spec, 'features do not import each other')
    if (ownFeature && /^web\/src\/(app|routes)(\/|$)/.test(target))
      fail(file, spec, 'features import neither app/ nor routes/: those compose features')
    if (sharedLayer && /^web\/src\/(features|app)(\/|$)/.test(target))
      fail(
        file,
        spec,
        'components/ and live/ know no feature: app/ composes them (and hands them what they need)',
      )
  }
}

for (const file of sourceFiles(join(root, 'db', 'src'))) {
  const isMigration = rel(file).startsWith('db/src/migrations/')
  for (const spec of importsOf(file)) {
    if (spec.startsWith('@bashboard/')) fail(file, spec, 'db imports no app code')
    if (isMigration && !spec.startsWith('kysely'))
      fail(file, spec, 'migrations are frozen: they import only kysely')
  }
}

// A module's repo: its repo.ts, or a part of a split one (`<name>-repo.ts`, or a file under `repo/`).
const isRepo = (fileRel) =>
  /^server\/src\/modules\/[^/]+\/(repo\.ts$|[a-z0-9-]+-repo\.ts$|repo\/)/.test(fileRel)
const whereQueriesGo =
  "queries go in the module's repo.ts (functions taking `db` first), called from its service"
// Each import or re-export from kysely, with its clause: the text between the keyword and `from` (which
// holds no other statement: no `=`, quote or import/export keyword).
const kyselyImportPattern =
  /(?:^|\n)\s*(?:import|export)\s+((?:(?!\b(?:import|export)\b)[^'";=])*?)\s*from\s+['"](kysely(?:\/[^'"]*)?)['"]|(?:^|\n)\s*import\s+['"](kysely(?:\/[^'"]*)?)['"]|import\(\s*['"](kysely(?:\/[^'"]*)?)['"]\s*\)/g
// What builds or runs a query: kysely's sql tag and its helpers, a query builder started on the database
// or a transaction, a built query run (an `.execute()` without arguments; a transaction's
// `.execute(callback)` is a service's to open), and a named prepared statement.
const queryCallPatterns = [
  [/(?<![.\w$])sql\s*(?:<[\s\S]*?>\s*)?`/, 'uses the `sql` tag'],
  [/(?<![.\w$])sql\.\w+\s*\(/, 'uses a `sql` helper'],
  [
    /\.\s*(?:selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|with|withRecursive)\s*\(/,
    'starts a query',
  ],
  [/\.\s*execute(?:TakeFirst|TakeFirstOrThrow)?\s*\(\s*\)|\.\s*executeQuery\s*\(/, 'runs a built query'],
  [/(?<![.\w$])preparedAs\s*\(/, 'names a prepared statement'],
]
// Comments blanked (newlines kept, so positions still give line numbers): a comment may name a query.
const withoutComments = (text) =>
  text.replace(
    /\/\*[\s\S]*?\*\/|(^|[^:\w'"`])\/\/[^\n]*/g,
    (match, before = '') => before + match.slice(before.length).replace(/[^\n]/g, ' '),
  )

for (const file of sourceFiles(join(root, 'server', 'src', 'modules'))) {
  const fileRel = rel(file)
  if (/\/routes\.ts$/.test(fileRel)) {
    for (const spec of importsOf(file))
      if (/(\/|^)repo(\.ts$|\/)|-repo\.ts$/.test(spec)) fail(file, spec, 'routes call services, not repos')
  }
  // Tests may read and write rows directly to set up and check what the app did.
  if (isRepo(fileRel) || /\.test\.ts$/.test(fileRel)) continue
  const text = readFileSync(file, 'utf8')
  for (const m of text.matchAll(kyselyImportPattern)) {
    const clause = m[1]
    const typeOnly =
      clause !== undefined &&
      (/^type\s/.test(clause) ||
        (/^\{[^}]*\}$/.test(clause) &&
          clause
            .slice(1, -1)
            .split(',')
            .map((part) => part.trim())
            .every((part) => part === '' || part.startsWith('type '))))
    if (!typeOnly)
      fail(
        file,
        m[2] ?? m[3] ?? m[4],
        `only repos import kysely's values (types are fine): ${whereQueriesGo}`,
      )
  }
  const code = withoutComments(text)
  for (const [pattern, what] of queryCallPatterns) {
    const found = pattern.exec(code)
    if (!found) continue
    const line = code.slice(0, found.index).split('\n').length
    const shown = found[0].replace(/\s+/g, '').replace(/[(`]$/, '')
    problems.push(`${fileRel}:${line}: ${what} (${shown}) — ${whereQueriesGo}`)
  }
}

for (const file of sourceFiles(join(root, 'server', 'src', 'infra'))) {
  for (const spec of importsOf(file)) {
    if (!spec.startsWith('.')) continue
    if (rel(resolve(dirname(file), spec)).startsWith('server/src/modules/'))
      fail(file, spec, 'infra imports no module: app.ts passes what it needs from one as plugin options')
  }
}

// Folder-level import loops. Biome's noImportCycles sees only loops between files; two folders can
// still import each other through different files, which ties the folders together as much. Tests are
// left out: they may drive whatever they check.
const folderGraphs = [
  {
    dir: join(root, 'server', 'src', 'modules'),
    folderOf: (fileRel) => fileRel.match(/^server\/src\/modules\/([^/]+)(\/|$)/)?.[1],
    fix: 'move the shared part to lib/ or to the module that owns it, or pass it in as a dependency',
  },
  {
    dir: join(root, 'web', 'src'),
    folderOf: (fileRel) =>
      fileRel.match(/^web\/src\/(app|routes|components|live|lib|state|features\/[^/]+)(\/|$)/)?.[1],
    fix: 'move the part both need to the lower layer, or let app/ hand it down',
  },
]
for (const { dir, folderOf, fix } of folderGraphs) {
  // folder → folder it imports → the first file seen importing it (named in the message).
  const edges = new Map()
  for (const file of sourceFiles(dir)) {
    const fileRel = rel(file)
    const from = folderOf(fileRel)
    if (!from || /\.test\.tsx?$/.test(fileRel)) continue
    for (const spec of importsOf(file)) {
      if (!spec.startsWith('.')) continue
      const to = folderOf(rel(resolve(dirname(file), spec)))
      if (!to || to === from) continue
      if (!edges.has(from)) edges.set(from, new Map())
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${fileRel} imports '${spec}'`)
    }
  }
  // The shortest way from `from` back to `to`, as the folders on it (from first), or null.
  const pathBetween = (from, to) => {
    const cameFrom = new Map([[from, null]])
    const queue = [from]
    while (queue.length > 0) {
      const at = queue.shift()
      if (at === to) {
        const path = [at]
        while (cameFrom.get(path[0]) !== null) path.unshift(cameFrom.get(path[0]))
        return path
      }
      for (const next of [...(edges.get(at)?.keys() ?? [])].sort()) {
        if (cameFrom.has(next)) continue
        cameFrom.set(next, at)
        queue.push(next)
      }
    }
    return null
  }
  // An import from a folder to one that leads back to it closes a loop: each loop is printed once,
  // the shortest through each such import, with the file that makes each step.
  const shown = new Set()
  for (const from of [...edges.keys()].sort()) {
    for (const to of [...edges.get(from).keys()].sort()) {
      const back = pathBetween(to, from)
      if (!back) continue
      const loop = [from, ...back.slice(0, -1)]
      const steps = loop.map((folder, i) => edges.get(folder).get(loop[(i + 1) % loop.length]))
      const key = [...steps].sort().join('\n')
      if (shown.has(key)) continue
      shown.add(key)
      problems.push(
        `folder import loop ${[...loop, from].join(' → ')} (${fix}):\n    ${steps.join('\n    ')}`,
      )
    }
  }
}

if (problems.length > 0) {
  console.error(`Import fences broken (${problems.length}):\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log('Import fences: ok')
