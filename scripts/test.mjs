#!/usr/bin/env node
// `npm test`: lint, typecheck, unit + integration + component tests (vitest), then end-to-end tests
// (Playwright in Chromium against the real server). Every step runs even if an earlier one failed, so one
// run shows everything that is wrong. Ends with one line `N passed, M failed[, K skipped]`: lint,
// typecheck and the web's JavaScript budget (scripts/check-web-budget.mjs, on the build the e2e step
// makes) count as one check each, then every vitest and Playwright test.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const reports = join(root, '.reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const only = process.argv[2] // optional: lint | typecheck | unit | budget | e2e
const tally = { passed: 0, failed: 0, skipped: 0 }
const failures = []

function run(label, command, args, env = {}) {
  console.log(`\n━━ ${label} ━━ ${command} ${args.join(' ')}`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  console.log(`━━ ${label}: exit ${result.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return result.status === 0
}

function check(label, ok) {
  if (ok) tally.passed += 1
  else {
    tally.failed += 1
    failures.push(label)
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

if (!only || only === 'lint') check('lint', run('lint', 'npm', ['run', 'lint', '--silent']))
if (!only || only === 'typecheck')
  check('typecheck', run('typecheck', 'npm', ['run', 'typecheck', '--silent']))

if (!only || only === 'unit') {
  const out = join(reports, 'vitest.json')
  const ok = run('vitest', join(root, 'node_modules', '.bin', 'vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ])
  const report = readJson(out)
  if (report) {
    tally.passed += report.numPassedTests
    tally.failed += report.numFailedTests
    tally.skipped += report.numPendingTests + report.numTodoTests
    for (const suite of report.testResults ?? []) {
      for (const test of suite.assertionResults ?? []) {
        if (test.status === 'failed') failures.push(`vitest: ${test.fullName}`)
      }
      // A file that fails to load has no assertions but still fails.
      if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) {
        tally.failed += 1
        failures.push(`vitest: ${suite.name} (did not load)`)
      }
    }
    if (!ok && report.numFailedTests === 0 && !failures.some((f) => f.startsWith('vitest')))
      check('vitest run', false)
  } else check('vitest (no report)', false)
}

if (!only || only === 'e2e' || only === 'budget') {
  const out = join(reports, 'playwright.json')
  const built = run('web build', 'npm', ['run', 'build', '-w', 'web', '--silent'])
  if (!built) check('web build', false)
  else check('web budget', run('web budget', 'node', [join(root, 'scripts', 'check-web-budget.mjs')]))
  if (built && only !== 'budget') {
    const ok = run(
      'e2e',
      join(root, 'node_modules', '.bin', 'playwright'),
      ['test', '-c', 'e2e/playwright.config.ts'],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: out, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    )
    const report = readJson(out)
    if (report?.stats) {
      tally.passed += report.stats.expected + report.stats.flaky
      tally.failed += report.stats.unexpected
      tally.skipped += report.stats.skipped
      if (report.stats.unexpected > 0)
        failures.push(`playwright: ${report.stats.unexpected} failed (see above)`)
      if (!ok && report.stats.unexpected === 0) check('playwright run', false)
    } else check('playwright (no report)', false)
  }
}

if (failures.length > 0) console.log(`\nFailed:\n  ${failures.join('\n  ')}`)
if (!existsSync(reports)) mkdirSync(reports)
console.log(
  `\n${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`,
)
process.exit(tally.failed > 0 ? 1 : 0)
