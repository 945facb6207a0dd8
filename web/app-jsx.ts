import { fileURLToPath } from 'node:url'

/** The app's JSX runtime (src/lib/jsx/), under a name of its own so libraries keep React's. */
export const APP_JSX = '@bashboard/jsx'
export const appJsxAliases = ['jsx-runtime', 'jsx-dev-runtime'].map((runtime) => ({
  find: `${APP_JSX}/${runtime}`,
  replacement: fileURLToPath(new URL(`./src/lib/jsx/${runtime}.ts`, import.meta.url)),
}))
