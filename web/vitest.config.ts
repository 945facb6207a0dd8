import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import type { Rolldown } from 'vite'
import { defineProject } from 'vitest/config'
import { preactAliases, preactDedupe } from './preact-aliases.ts'

// The tests render with Preact, as the build does (web/preact-aliases.ts). The test files themselves get
// the aliases like any source file; the work is in the libraries under node_modules, which Vitest would
// hand to Node as they are, and Node would load React for them.

/**
 * Pre-bundled with Vite's dependency optimizer, which applies the aliases inside them too, CommonJS ones
 * included (@testing-library/react, use-sync-external-store). Preact's entries are in the same bundle, so
 * the tests and the libraries share one Preact: two copies would each keep their own "component being
 * rendered", and hooks would fail.
 */
const PREBUNDLED = [
  '@tanstack/react-query',
  '@tanstack/react-router',
  '@testing-library/react',
  'jotai',
  'jotai/react',
  'jotai/utils',
  'lucide-react',
  // CommonJS; @tiptap/react names the files.
  'use-sync-external-store/shim',
  'use-sync-external-store/shim/index.js',
  'use-sync-external-store/shim/with-selector',
  'use-sync-external-store/shim/with-selector.js',
  'preact',
  'preact/compat',
  'preact/compat/client',
  'preact/hooks',
  'preact/test-utils',
]

/**
 * Vitest always leaves `react` and every `…jsx-runtime` out of its optimizer (resolveOptimizerConfig in
 * vitest's source), and the bundle would import them from outside, where they are React again. This
 * plugin resolves them through the aliases before Vite's optimizer marks them external: `react` and
 * `react-dom` into the bundle, the JSX runtimes to Preact's, left outside. Outside, they are the one
 * copy the test files' JSX also uses (see `inline` below): each copy of the runtime numbers its
 * elements from the same start, and Preact does not re-render a component whose new element carries
 * the number of the one it drew there before (preact/src/diff/index.js).
 */
function preactInsidePrebundle(): Rolldown.Plugin {
  return {
    name: 'bashboard-preact-inside-prebundle',
    async resolveId(source, importer, options) {
      const alias = preactAliases.find(({ find }) => find.test(source))
      if (!alias) return null
      if (/jsx-(?:dev-)?runtime$/.test(alias.replacement)) return { id: alias.replacement, external: true }
      return this.resolve(alias.replacement, importer, { ...options, skipSelf: true })
    },
  }
}

export default defineProject({
  // The router plugin writes src/routeTree.gen.ts (not committed), so the tests run on a fresh checkout;
  // no code splitting here, the tests import the route components directly.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: false }), react()],
  resolve: {
    alias: preactAliases,
    dedupe: preactDedupe,
  },
  // Vitest builds its optimizer's options on top of these.
  optimizeDeps: { rolldownOptions: { plugins: [preactInsidePrebundle()] } },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Vitest's 5 s default is too tight for CI: two workers share 2 cores with the server project's tests,
    // and a test that types an 83-character letter (application-page.test.tsx, 0.4 s here when quiet) ran
    // past it there. A failing assertion still fails at once; only a slow machine gets more room.
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    deps: {
      optimizer: {
        client: { enabled: true, include: PREBUNDLED },
      },
    },
    server: {
      deps: {
        // Run through Vite (with the aliases) rather than Node, importing the pre-bundled Preact:
        inline: [
          // the JSX runtime (test files and pre-bundled libraries alike), which Vitest keeps out of the
          // optimizer;
          /[\\/]node_modules[\\/]preact[\\/](?:compat[\\/]jsx-(?:dev-)?runtime|jsx-runtime[\\/])/,
          // @tiptap/react, which pre-bundled would carry its own copy of ProseMirror, beside the one the
          // editor's other TipTap imports load (ProseMirror refuses two instances of one plugin key).
          /[\\/]node_modules[\\/]@tiptap[\\/]react[\\/]/,
        ],
      },
    },
  },
})
