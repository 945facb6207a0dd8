import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'db',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    // One worker process keeps its migrated PGlite image across files, instead of running initdb per file.
    isolate: false,
    hookTimeout: 120_000,
  },
})
