/**
 * Every terminal example the root README shows (its "From the terminal" section: the curl lines, the
 * `howto` shell function and the `bashboard` CLI) runs, as a reader would type it, against one freshly
 * started server with the demo content: `npm start`'s server on a new data directory (PGlite, or a
 * throwaway database when DATABASE_URL is set, as on CI). An example that answers an HTTP error, exits
 * non-zero, prints nothing, or prints a "not found" / "no commands" text fails under its own name
 * (issue 48, defect 3: `/docker-compose` and `/post/list-listening-ports` answered 404 on a fresh site).
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createThrowawayDatabase,
  findFreePort,
  REPO_ROOT,
  type SpawnedServer,
  spawnServer,
  type ThrowawayDatabase,
  waitForReady,
} from '../../server/test/spawn-server.ts'
import { createToken, signIn } from './harness.ts'

const README_ORIGIN = 'http://localhost:3000'
/**
 * What the README's prose writes as `<slug>`: a demo post without placeholders, so `fill` prints it
 * without asking (stdin is not a terminal here) and the demo member may vote on it (not its author).
 */
const DEMO_SLUG = 'find-files-larger-than-100-mb-on-one-filesystem'

/** Texts that mean an example found nothing, though it may have answered 200. */
const EMPTY_ANSWERS = [
  // "Post not found", "User not found"…; not the usage's "exit codes: … 4 not found".
  /\b[a-z]+ not found\b/i,
  /^\W*no (commands?|blog posts|saved commands)\b/im,
  /\bno commands (match|use|on page|have been shared)\b/i,
  /\bnobody has\b/i,
  /\bhas not shared\b/i,
]

interface Example {
  /** The line as the README prints it (its trailing `# comment` dropped), which names the test. */
  shown: string
  /** The shell script that runs it: the README's function definitions of its block, then the line. */
  script: string
  /** The example writes its output to this file instead of stdout. */
  writes?: string
  /** The shell it is written for: fish for `… | source`, else bash. */
  shell: 'bash' | 'fish'
}

/** The README's "From the terminal" section, up to the next level-2 heading. */
function terminalSection(readme: string): string {
  const start = readme.indexOf('\n## From the terminal\n')
  if (start === -1) throw new Error('README.md has no "## From the terminal" section')
  const end = readme.indexOf('\n## ', start + 1)
  return readme.slice(start, end === -1 ? undefined : end)
}

/** A shell line without its trailing comment (a ` # ` outside the command), for the test's name. */
function withoutComment(line: string): string {
  return line.replace(/\s+#\s.*$/, '').trim()
}

/**
 * The examples of the section: each line of its indented and fenced code blocks (a block's shell
 * function definitions, such as `howto() { … }`, run before each of its other lines), and the inline
 * code spans of its prose that call the CLI (`bashboard …`, `npx bashboard`, `eval "$(bashboard …)"`).
 */
function readmeExamples(readme: string): Example[] {
  const section = terminalSection(readme)
  const examples: Example[] = []
  const blocks: string[][] = []
  let block: string[] | null = null
  let fenced = false
  for (const line of section.split('\n')) {
    if (/^```/.test(line)) {
      fenced = !fenced
      block = fenced ? [] : null
      if (block) blocks.push(block)
      continue
    }
    const code = fenced ? line : /^ {4}\S/.test(line) ? line.slice(4) : null
    if (code === null) {
      if (line.trim() !== '') block = null
      continue
    }
    if (!block) {
      block = []
      blocks.push(block)
    }
    if (code.trim() !== '') block.push(code)
  }
  for (const lines of blocks) {
    const definitions = lines.filter((line) => /^[\w-]+\(\)\s*\{/.test(line))
    for (const line of lines) {
      if (definitions.includes(line)) continue
      examples.push({ shown: withoutComment(line), script: [...definitions, line].join('\n'), shell: 'bash' })
    }
  }
  // Prose: only spans that call the CLI; paths like `node_modules/.bin/bashboard` or `~/.config/bashboard/`
  // and fragments like `curl …/tra` are not commands.
  const prose = section
    .split('\n')
    .filter((line) => !/^ {4}/.test(line))
    .join('\n')
  for (const match of prose.matchAll(/`([^`\n]+)`/g)) {
    const span = match[1] ?? ''
    if (!/^(?:eval "\$\()?(?:npx )?(?:bashboard|bb)(?:\s|"|$)/.test(span)) continue
    // A bare name (`bashboard`, `npx bb`) says how to call it; run alone it prints the usage and exits 2.
    let script = /^(?:npx )?(?:bashboard|bb)$/.test(span) ? `${span} --help` : span
    // `eval "$(…)"` and `… | source` print nothing: the command inside prints what it installs, then
    // the example runs.
    const evaluated = /^eval "\$\((.+)\)"$/.exec(span)?.[1] ?? /^(.+?)\s*\|\s*source$/.exec(span)?.[1]
    if (evaluated) script = `${evaluated}\n${span}`
    // The prose writes `<slug>` for any command's; the code blocks must show real addresses.
    script = script.replaceAll('<slug>', DEMO_SLUG)
    const writes = /\s-o\s+(\S+)/.exec(span)?.[1]
    const shell = /\|\s*source\b/.test(span) ? 'fish' : 'bash'
    examples.push({ shown: span, script, shell, ...(writes ? { writes } : {}) })
  }
  return examples
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g')

interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs a script in the reader's shoes: the site's address, a home of its own, the CLI on PATH. */
function runScript(
  shell: Example['shell'],
  script: string,
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(shell, ['-c', script], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`did not finish in ${timeoutMs} ms:\n${stdout}\n${stderr}`))
    }, timeoutMs)
    child.once('error', reject)
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

const examples = readmeExamples(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'))

let server: SpawnedServer | undefined
let database: ThrowawayDatabase | undefined
let dataDir = ''
let home = ''
let env: Record<string, string> = {}
let origin = ''

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bashboard-readme-'))
  home = await mkdtemp(join(tmpdir(), 'bashboard-readme-home-'))
  // Unset DATABASE_URL is `npm start`'s embedded PGlite; CI's PostgreSQL gets a database of its own.
  if (process.env.DATABASE_URL)
    database = await createThrowawayDatabase(process.env.DATABASE_URL, 'bb_readme')
  server = spawnServer('readme', await findFreePort(), {
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    // Empty means unset: the in-process bus, as `npm start` runs.
    REDIS_URL: '',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
  })
  await waitForReady(server, 90_000)
  origin = server.baseUrl
  const site = { baseUrl: origin }
  // The CLI examples that vote, save and export need a token: the demo member's, as after `bashboard login`.
  const session = await signIn(site, 'demo_member', 'bashboard-member')
  const { token } = await createToken(site, session, 'README examples', ['read', 'vote', 'save'])
  // curl's own config: the status on stderr (the body stays on stdout), no progress meter.
  await writeFile(join(home, '.curlrc'), 'silent\nshow-error\nwrite-out = "%{stderr}HTTP %{http_code}\\n"\n')
  const inherited = Object.entries(process.env).filter(
    (entry): entry is [string, string] =>
      entry[1] !== undefined && !['FORCE_COLOR', 'DISPLAY', 'WAYLAND_DISPLAY', 'TMUX'].includes(entry[0]),
  )
  env = {
    ...Object.fromEntries(inherited),
    HOME: home,
    CURL_HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    PATH: `${join(REPO_ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
    BASHBOARD_URL: origin,
    BASHBOARD_TOKEN: token,
    NO_COLOR: '1',
  }
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await database?.drop()
  await rm(dataDir, { recursive: true, force: true })
  await rm(home, { recursive: true, force: true })
})

describe('the README’s terminal examples on a fresh demo site', () => {
  it('finds the curl, howto and CLI examples', () => {
    const shown = examples.map((example) => example.shown)
    expect(shown.filter((line) => line.startsWith('curl ')).length).toBeGreaterThanOrEqual(15)
    expect(shown.filter((line) => line.startsWith('howto ')).length).toBeGreaterThanOrEqual(2)
    expect(shown).toContain('bashboard search find large files')
    // Every example is a whole command: a `<name>` left in it would be typed literally.
    for (const example of examples) {
      expect(example.script, example.shown).not.toMatch(/<[a-z][\w-]*>/)
    }
  })

  // In the README's order: `bashboard save` comes before `saved` and `export`, which show what it saved.
  // fish comes with .ci/run, as curl and tmux do.
  it.for(examples.map((example) => [example.shown, example] as const))('%s', async ([, example]) => {
    const script = example.script.replaceAll(README_ORIGIN, origin)
    const ran = await runScript(example.shell, script, env)
    const stdout = ran.stdout.replace(ANSI, '')
    const stderr = ran.stderr.replace(ANSI, '')
    const said = `${example.shown}\nexit ${ran.code}\nstdout:\n${stdout.slice(0, 2000)}\nstderr:\n${stderr.slice(0, 2000)}`
    expect(ran.code, said).toBe(0)
    const statuses = [...stderr.matchAll(/^HTTP (\d{3})$/gm)].map((match) => Number(match[1]))
    if (/\bcurl\b/.test(example.script) || /^howto /.test(example.shown)) {
      expect(statuses.length, `${said}\n(curl did not report a status)`).toBeGreaterThan(0)
    }
    for (const status of statuses) expect(status, said).toBeLessThan(400)
    let output = stdout
    if (example.writes) {
      const file = example.writes.replace(/^~(?=\/)/, home)
      expect((await stat(file)).size, `${said}\n(${file} is empty)`).toBeGreaterThan(0)
      output = await readFile(file, 'utf8')
    }
    expect(output.trim(), `${said}\n(printed nothing)`).not.toBe('')
    for (const empty of EMPTY_ANSWERS) expect(`${output}\n${stderr}`, said).not.toMatch(empty)
  })
})
