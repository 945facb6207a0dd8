import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

/**
 * The test files under `workspace/folder`, split into those that replace a module with `vi.mock` and
 * the others. A file that mocks needs modules of its own: where a worker shares modules between files,
 * a mock registered by one file stays for the files after it, and cannot reach a module an earlier
 * file already imported.
 */
function testFilesByMocking(workspace: string, folder: string): { mocking: string[]; others: string[] } {
  const files = readdirSync(join(workspace, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
    .map((file) => join(folder, file))
  const mocking = files.filter((file) =>
    /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(join(workspace, file), 'utf8')),
  )
  return { mocking, others: files.filter((file) => !mocking.includes(file)) }
}

/**
 * A workspace's project, its worker sharing imported modules between test files (`isolate: false`):
 * each file otherwise imports the app or the page components afresh, which was most of the suite's
 * time (bench/README.md, "Session 25"). Test files stay independent because each builds its own app,
 * database, Redis prefix and rendered tree; state a test can see must live in those, never in a module.
 * The files that mock modules run in a second project, `<name> (own modules)`, with modules per file.
 */
function sharingModules(name: string, workspace: string, folder: string): TestProjectInlineConfiguration[] {
  const { mocking, others } = testFilesByMocking(workspace, folder)
  // `extends` adds these lists to the workspace config's own, so each project excludes the other's files.
  const project = (test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration => ({
    extends: `./${workspace}/vitest.config.ts`,
    root: `./${workspace}`,
    test,
  })
  return [
    project({ name, isolate: false, exclude: [...configDefaults.exclude, ...mocking] }),
    ...(mocking.length > 0
      ? [
          project({
            name: `${name} (own modules)`,
            isolate: true,
            exclude: [...configDefaults.exclude, ...others],
          }),
        ]
      : []),
  ]
}

// One run, the workspaces' projects: each keeps its own environment.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core machines this project
    // runs on, where the suite then used 1.2 of its 2 cores. Most of a test file's time is importing the
    // app, starting jsdom and waiting for PostgreSQL, so two workers overlap it: the web project took 181 s
    // instead of 260 s (bench/README.md, "The test suite's time"). Test files are independent (each has its
    // own database, Redis prefix and jsdom), so more workers change nothing but the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'db/vitest.config.ts',
      ...sharingModules('server', 'server', '.'),
      ...sharingModules('web', 'web', 'src'),
      'cli/vitest.config.ts',
    ],
  },
})
