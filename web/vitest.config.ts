import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'
import { APP_JSX, appJsxAliases } from './app-jsx.ts'

export default defineProject({
  // The router plugin writes src/routeTree.gen.ts (not committed), so the tests run on a fresh checkout;
  // no code splitting here, the tests import the route components directly.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: false }),
    react({ jsxImportSource: APP_JSX }),
  ],
  resolve: { alias: appJsxAliases },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Vitest's 5 s default is too tight for CI: two workers share 2 cores with the server project's tests,
    // and a test that types an 83-character letter (application-page.test.tsx, 0.4 s here when quiet) ran
    // past it there. A failing assertion still fails at once; only a slow machine gets more room.
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
})
