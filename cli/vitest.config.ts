import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'cli',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Each file starts a real server and runs the real binary many times.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
