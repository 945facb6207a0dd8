// The web app is written against React's API and runs on Preact through preact/compat: react-dom alone was
// 63.6 kB of the home page's 131.3 kB gzip of initial JavaScript, preact with compat is about 10 kB
// (bench/README.md, "Preact adopted"). The source, the libraries (router, React Query, jotai, TipTap,
// lucide) and the test library keep importing `react…`; these aliases send every such import to Preact.
// Both web/vite.config.ts (dev and build) and web/vitest.config.ts (component tests) use this one list,
// so the tests run on the renderer users get.

/** One exact module name to the Preact module that stands in for it. */
interface ModuleAlias {
  find: RegExp
  replacement: string
}

/** Every React entry imported by web/src, its libraries and @testing-library/react. */
const PREACT_FOR_REACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  // @testing-library/react takes `act` from here when `react` has none (compat exports no `act`).
  'react-dom/test-utils': 'preact/test-utils',
  // The compat runtimes load preact/compat before the JSX runtime, so compat's prop and event handling
  // is installed even in a module that imports nothing else from React.
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/**
 * For `resolve.alias`. Exact matches, so the list names every entry that is sent to Preact. An entry
 * missing from it would load React itself next to Preact; on the first page, React DOM alone would take
 * the initial JavaScript far over the budget of scripts/check-web-budget.mjs.
 */
export const preactAliases: ModuleAlias[] = Object.entries(PREACT_FOR_REACT).map(([name, replacement]) => ({
  find: new RegExp(`^${escapeRegExp(name)}$`),
  replacement,
}))

/**
 * For `resolve.dedupe`: Preact keeps the component being rendered and its hook state in module globals,
 * so two copies of it (one reached through an alias, one through a library's own import) break hooks.
 */
export const preactDedupe = ['preact']
