import { defineConfig } from 'vitest/config'

// One run, three projects: each workspace keeps its own environment.
export default defineConfig({
  test: {
    projects: ['db/vitest.config.ts', 'server/vitest.config.ts', 'web/vitest.config.ts'],
  },
})
