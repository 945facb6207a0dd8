#!/usr/bin/env node
// Import fences from CONVENTIONS.md, checked on every source file (import cycles, type-only ones included,
// are refused by Biome's noImportCycles in biome.json, part of the same `npm run lint`):
// - server/src/contract imports only `typebox` and sibling contract files;
// - web imports nothing from the server except '@bashboard/server/contract';
// - a web feature never imports another feature;
// - db imports no app code; migrations import only kysely;
// - only server repos (and db/) build queries: modules' routes/services don't import kysely's query builders;
// - server infra is plumbing: it imports no module (app.ts hands it what it needs from one).
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

for (const file of sourceFiles(join(root, 'server', 'src', 'modules'))) {
  if (/\/(routes|presenter|policy)\.ts$/.test(rel(file))) {
    for (const spec of importsOf(file)) {
      if (spec === 'kysely')
        fail(file, spec, 'only repo.ts builds queries (routes, presenters and policies do not)')
      if (/\/repo\.ts$/.test(spec) && /\/routes\.ts$/.test(rel(file)))
        fail(file, spec, 'routes call services, not repos')
    }
  }
}

for (const file of sourceFiles(join(root, 'server', 'src', 'infra'))) {
  for (const spec of importsOf(file)) {
    if (!spec.startsWith('.')) continue
    if (rel(resolve(dirname(file), spec)).startsWith('server/src/modules/'))
      fail(file, spec, 'infra imports no module: app.ts passes what it needs from one as plugin options')
  }
}

if (problems.length > 0) {
  console.error(`Import fences broken (${problems.length}):\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log('Import fences: ok')
