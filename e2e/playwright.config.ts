import { defineConfig } from '@playwright/test'
import { CHROMIUM_LAUNCH } from './chromium.ts'
import { BASE_URL, dataDirFor, PORT, SERVER_RENDER_PORT, SERVER_RENDER_URL } from './fixtures/servers.ts'

/** A server of the suite: e2e/serve.mjs on `port`, ready once `/readyz` answers. */
function server(port: string, url: string, env: Record<string, string> = {}) {
  return {
    command: 'node e2e/serve.mjs',
    cwd: '..',
    env: { E2E_PORT: port, E2E_DATA_DIR: dataDirFor(port), ...env },
    url: `${url}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  }
}

// The web app must be built first (`npm test` and `npm run test:e2e` do it); the server serves web/dist.
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: true,
  // Playwright's default, half the cores: one worker on a 2-core machine. Two workers there ran the suite
  // slower (11.6–12.7 minutes against 9.0, load 15 against 6) and timed journeys out; each journey
  // already runs two or three browsers and the server.
  workers: undefined,
  retries: process.env.CI ? 1 : 0,
  // CI machines are shared and their load swings: there a journey gets twice the time (the tests assert
  // what the page shows, never how fast; bench/ measures speed).
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: [
    server(PORT, BASE_URL),
    // The first screen rendered on the server, stated, on a site of its own: tests/server-render.spec.ts.
    server(SERVER_RENDER_PORT, SERVER_RENDER_URL, { SERVER_RENDER: 'true' }),
  ],
})
