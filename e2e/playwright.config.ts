import { defineConfig } from '@playwright/test'
import { CHROMIUM_LAUNCH } from './chromium.ts'

const port = process.env.E2E_PORT ?? '3100'
const baseURL = `http://127.0.0.1:${port}`
// The second server, with the first screen rendered on the server (the first runs the default, off).
const serverRenderPort = String(Number(port) + 1)
const SERVER_RENDER_URL = `http://127.0.0.1:${serverRenderPort}`

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
    baseURL,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: [
    {
      command: 'node e2e/serve.mjs',
      cwd: '..',
      url: `${baseURL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      // The same server with SERVER_RENDER=true, for tests/server-render.spec.ts, on the next port.
      command: 'node e2e/serve.mjs',
      cwd: '..',
      env: { E2E_PORT: serverRenderPort, SERVER_RENDER: 'true' },
      url: `${SERVER_RENDER_URL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
})
