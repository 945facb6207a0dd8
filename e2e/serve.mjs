#!/usr/bin/env node
// Starts the real server for the end-to-end tests: a fresh data directory every run, and — when
// DATABASE_URL is set (CI) — a throwaway database on that PostgreSQL server, dropped on exit.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const port = process.env.E2E_PORT ?? '3100'
// Given by playwright.config.ts so the specs can read the mail outbox in it; fresh either way.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bashboard-e2e-'))
rmSync(dataDir, { recursive: true, force: true })
mkdirSync(dataDir, { recursive: true })
const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
  ALLOWED_ORIGINS: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  // Parallel browser journeys all sign up from 127.0.0.1; keep the per-IP limits out of their way.
  RATE_LIMIT_SIGNUP_PER_MINUTE: '1000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
}

// "Continue with GitHub" goes to the tests' GitHub-shaped peer (server/test/github-peer.ts; its authorize
// step is a page asking for a login and an address), five ports above the server's, so each server of a
// parallel run has its own.
const { tsImport } = await import('tsx/esm/api')
const { startGitHubPeer } = await tsImport('../server/test/github-peer.ts', import.meta.url)
const githubPeer = await startGitHubPeer({
  port: Number(port) + 5,
  clientId: 'e2e-github-client',
  clientSecret: 'e2e-github-secret',
})
Object.assign(env, {
  GITHUB_CLIENT_ID: githubPeer.clientId,
  GITHUB_CLIENT_SECRET: githubPeer.clientSecret,
  GITHUB_OAUTH_URL: githubPeer.url,
  GITHUB_API_URL: githubPeer.url,
})

let throwawayDb
if (process.env.DATABASE_URL) {
  const admin = new URL(process.env.DATABASE_URL)
  throwawayDb = `bbe2e_${randomBytes(4).toString('hex')}`
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  await client.query(`CREATE DATABASE ${throwawayDb}`)
  await client.end()
  const url = new URL(admin)
  url.pathname = `/${throwawayDb}`
  env.DATABASE_URL = url.toString()
}
if (process.env.REDIS_URL) env.REDIS_KEY_PREFIX = `bbe2e:${randomBytes(4).toString('hex')}:`

const server = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'server', 'src', 'main.ts')], {
  cwd: root,
  env,
  stdio: 'inherit',
})

async function cleanUp() {
  await githubPeer.close()
  rmSync(dataDir, { recursive: true, force: true })
  if (throwawayDb) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    await client.query(`DROP DATABASE IF EXISTS ${throwawayDb} WITH (FORCE)`)
    await client.end()
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill('SIGTERM'))
server.on('exit', async (code) => {
  await cleanUp().catch((error) => console.error('e2e clean-up failed:', error))
  process.exit(code ?? 0)
})
