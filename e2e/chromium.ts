/**
 * How Bashboard starts Debian's Chromium, for the journeys (playwright.config.ts) and the web benchmark
 * (bench/web/long-tasks.ts): never a downloaded browser, and none of the background requests this
 * machine's closed network refuses (Chromium's own updates, sync, field trials, QUIC).
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    '--disable-dev-shm-usage',
  ],
}
