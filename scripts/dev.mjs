#!/usr/bin/env node
// `npm run dev`: the API server with reload on change (tsx watch) and the Vite dev server, which proxies
// /api, /ws and /uploads to it. Open http://localhost:5173.
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)
// The Vite proxy keeps the browser's Origin (the dev server's), so the API must accept it for /ws.
const devOrigins = ['http://localhost:5173', 'http://127.0.0.1:5173', process.env.ALLOWED_ORIGINS]
const serverEnv = { ...process.env, ALLOWED_ORIGINS: devOrigins.filter(Boolean).join(',') }
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: serverEnv,
  }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { cwd: root, stdio: 'inherit' }),
]
function stopAll(signal) {
  for (const child of children) if (child.exitCode === null) child.kill(signal)
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal))
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM')
    process.exitCode = code ?? 0
  })
}
