import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'

export default defineProject({
  // The router plugin writes src/routeTree.gen.ts (not committed), so the tests run on a fresh checkout;
  // no code splitting here, the tests import the route components directly.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: false }), react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
})
