import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT } from '../../server/test/spawn-server.ts'

/** Drives a real terminal: a tmux server of the test's own, running bash with the CLI on PATH. */
export class Tmux {
  // A socket file of its own (removed on stop), so the test never meets the user's tmux sessions.
  private readonly socket = join(tmpdir(), `bashboard-cli-tmux-${randomBytes(4).toString('hex')}.sock`)

  constructor(private readonly env: Record<string, string>) {}

  private tmux(args: string[]): string {
    return execFileSync('tmux', ['-S', this.socket, '-f', '/dev/null', ...args], {
      env: this.env,
      encoding: 'utf8',
    })
  }

  start(): void {
    this.tmux([
      'new-session',
      '-d',
      '-s',
      'journey',
      '-x',
      '120',
      '-y',
      '40',
      'bash',
      '--norc',
      '--noprofile',
    ])
  }

  /** Runs any tmux command on this server (e.g. `set -g set-clipboard on`, `show-buffer`). */
  command(...args: string[]): string {
    return this.tmux(args)
  }

  /** Types text literally (no key names). */
  type(text: string): void {
    this.tmux(['send-keys', '-t', 'journey', '-l', text])
  }

  keys(...keys: string[]): void {
    this.tmux(['send-keys', '-t', 'journey', ...keys])
  }

  /** The visible screen; with `escapes`, including the colour sequences the program wrote. */
  screen(escapes = false): string {
    return this.tmux(['capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', 'journey'])
  }

  async waitFor(pattern: RegExp | string, timeoutMs = 20_000): Promise<string> {
    const deadline = Date.now() + timeoutMs
    let screen = ''
    while (Date.now() < deadline) {
      screen = this.screen()
      if (typeof pattern === 'string' ? screen.includes(pattern) : pattern.test(screen)) return screen
      await new Promise((resolve) => setTimeout(resolve, 150))
    }
    throw new Error(`the terminal never showed ${pattern}; it shows:\n${screen}`)
  }

  stop(): void {
    try {
      this.tmux(['kill-server'])
    } catch {
      // Already gone.
    }
    rmSync(this.socket, { force: true })
  }
}

export function requireTmux(): void {
  const probe = spawnSync('tmux', ['-V'], { encoding: 'utf8' })
  if (probe.error || probe.status !== 0) {
    throw new Error('tmux is required for the terminal journey tests: install it (apt-get install tmux)')
  }
}

/** A tmux whose bash has the repository's `bashboard` on PATH and `env` (config, cache, site) set. */
export function terminalWith(env: Record<string, string>): Tmux {
  const base: Record<string, string> = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('BASHBOARD_') && name !== 'TMUX' && name !== 'FORCE_COLOR') {
      base[name] = value
    }
  }
  return new Tmux({
    ...base,
    ...env,
    PATH: `${join(REPO_ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
    PS1: '$ ',
    TERM: 'xterm-256color',
    NO_COLOR: '1',
  })
}
