import { defineConfig } from 'vitest/config'

// One run, four projects: each workspace keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      'db/vitest.config.ts',
      'server/vitest.config.ts',
      'web/vitest.config.ts',
      'cli/vitest.config.ts',
    ],
  },
})
