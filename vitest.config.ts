import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// One run, four projects: each workspace keeps its own environment.
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
      'server/vitest.config.ts',
      'web/vitest.config.ts',
      'cli/vitest.config.ts',
    ],
  },
})
