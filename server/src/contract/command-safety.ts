/**
 * The danger rule: which commands carry a warning for readers (the `safety` of every post, the browse
 * filter `hasWarning`) and for their author while typing (the create-post form). The server and the web
 * client both run this module, so what the form promises is what the post shows. Its only runtime import
 * is placeholders.ts, which imports nothing, so the web loads it from
 * `@bashboard/server/contract/command-safety` without TypeBox (the type import is erased).
 *
 * It recognises well-known disasters, read from the command's words the way a shell splits them
 * (quotes, escapes, pipelines, lists, redirections, `$(…)`, backticks, `<(…)`, here-documents, comments;
 * placeholders are words), so text that is only data — an `echo 'rm -rf /'`, a here-document body, a
 * quoted `'*'` — is not mistaken for the command itself. A command it does not flag is not thereby safe.
 *
 * What it flags:
 * - `rm` recursive on `/` (or with `--no-preserve-root`), on a top-level system directory (`/etc`,
 *   `/usr/*`, …), on the home directory (`~`, `$HOME`, `~/.*`) or on everything here (`*`, `.`, `./*`,
 *   `.*`), globs and `~` only when unquoted;
 * - writing a disk device: `dd of=`, a `>`/`>>` redirection, `tee`, `shred`, `mkswap`, `blkdiscard` on
 *   anything under `/dev/` but the character devices people write to every day (`/dev/null`, `zero`,
 *   `std*`, `tty*`, `pts/`, `fd/`, `shm/`, `tcp/`, …), so `/dev/sdX`, `/dev/disk2` and
 *   `{{/dev/usb_drive}}` count; or a placeholder named like a device (`<device>`, `{{disk}}`);
 * - formatting (`mkfs*`, `mke2fs`) and erasing signatures (`wipefs -a`);
 * - a fork bomb;
 * - `chmod`/`chown`/`chgrp -R` on `/` or a system directory;
 * - moving files to `/dev/null`;
 * - running a download unread: `curl`/`wget`/`fetch` piped into a shell or interpreter that reads its
 *   program from stdin (`| sh`, `| sudo bash -s`, `| python3 -`), or a shell, `source` or `eval` given
 *   one through `$(…)` or `<(…)`.
 * Wrappers (`sudo`, `env`, `nice`, `timeout`, `xargs`, …) are seen through, and `sh -c '…'` (or
 * `su -c`) is read as a command of its own.
 */

import { splitCommand } from './placeholders.ts'
import type { CommandSafety, CommandWarning } from './posts.ts'

const WARNINGS = {
  rmRoot: { id: 'rm-root', message: 'Recursively deletes the whole filesystem (/). Never run this.' },
  rmSystem: {
    id: 'rm-system',
    message: 'Recursively deletes a system directory (such as /etc or /usr), which breaks the OS.',
  },
  rmHome: { id: 'rm-home', message: 'Recursively deletes your entire home directory.' },
  rmWildcard: {
    id: 'rm-wildcard',
    message: 'Recursively deletes everything in the current directory. Check where you are first.',
  },
  ddDevice: { id: 'dd-device', message: 'Writes raw data over a disk device, destroying everything on it.' },
  redirectDevice: {
    id: 'redirect-device',
    message: 'Writes output over a disk device, destroying its data.',
  },
  mkfs: { id: 'mkfs', message: 'Formats a device, erasing every file on it.' },
  wipeDevice: { id: 'wipe-device', message: 'Erases a disk device or its partition table and signatures.' },
  shredDevice: { id: 'shred-device', message: 'Irrecoverably overwrites a whole disk device.' },
  forkBomb: { id: 'fork-bomb', message: 'A fork bomb: it spawns processes until the system freezes.' },
  chmodRoot: {
    id: 'chmod-root',
    message: 'Changes permissions of every file on the system (or a system directory); this breaks the OS.',
  },
  chownRoot: {
    id: 'chown-root',
    message: 'Changes the owner of every file on the system (or a system directory), which breaks the OS.',
  },
  mvDevNull: {
    id: 'mv-dev-null',
    message: 'Moving files to /dev/null destroys them; they cannot be recovered.',
  },
  pipeToShell: {
    id: 'pipe-to-shell',
    message: 'Runs a script downloaded from the internet without letting you read it first.',
  },
} as const satisfies Record<string, CommandWarning>

// ---------------------------------------------------------------------------------------------------
// Reading the command as a shell would split it
// ---------------------------------------------------------------------------------------------------

/**
 * A word with how each character was written: `u` unquoted, `d` inside double quotes, `s` single-quoted
 * or escaped, `p` from a placeholder (its name), `x` a substitution. Globs and `~` expand only when
 * unquoted and `$` not when single-quoted, so the rules can tell `*` from `'*'`.
 */
interface Word {
  text: string
  kinds: string
  /** The text with its quotes removed but its placeholders as written, to read `sh -c '…'` again. */
  written: string
  /** The scripts of its `$(…)`, backticks and `<(…)`. */
  subs: Script[]
}

interface Redirect {
  op: string
  target: Word | undefined
}

interface Stage {
  words: Word[]
  redirects: Redirect[]
}

/** Pipelines (stages joined by `|`), in order; lists (`;`, `&&`, newlines) just start a new one. */
type Script = Stage[][]

// Deep nesting is refused rather than recursed into: nothing real needs it, and a hostile post must not
// exhaust the stack of whoever reads it.
const MAX_DEPTH = 16

interface Cursor {
  src: string
  pos: number
  /** Placeholder spans by start index: their end and the name that stands in for them. */
  holes: Map<number, { end: number; name: string }>
  /** Here-documents whose bodies start at the next line: their delimiter and whether tabs are stripped. */
  heredocs: Array<{ delimiter: string; stripTabs: boolean }>
  depth: number
}

const BLANK = /[ \t\r]/
// Characters that end an unquoted word.
const WORD_END = /[ \t\r\n|&;()<>]/
const REDIRECT = /^(\d*)(<<<|<<-|<<|<>|<&|>&|>>|>\||&>>|&>|<|>)/

function newWord(): Word {
  return { text: '', kinds: '', written: '', subs: [] }
}

function push(word: Word, text: string, kind: string, written = text): void {
  word.text += text
  word.kinds += kind.repeat(text.length)
  word.written += written
}

/** Appends the placeholder starting at the cursor (if any) and reports whether it did. */
function takeHole(c: Cursor, word: Word): boolean {
  const hole = c.holes.get(c.pos)
  if (!hole) return false
  push(word, hole.name, 'p', c.src.slice(c.pos, hole.end))
  c.pos = hole.end
  return true
}

/** The text from `open` (just past it) to its balancing `close`, skipping quoted parts. */
function skipBalanced(c: Cursor, open: string, close: string): string {
  const start = c.pos
  let depth = 1
  while (c.pos < c.src.length) {
    const ch = c.src[c.pos]
    if (ch === '\\') c.pos += 2
    else if (ch === "'") {
      const end = c.src.indexOf("'", c.pos + 1)
      c.pos = end < 0 ? c.src.length : end + 1
    } else {
      c.pos += 1
      if (ch === open) depth += 1
      else if (ch === close && --depth === 0) return c.src.slice(start, c.pos - 1)
    }
  }
  return c.src.slice(start)
}

/** A nested script (`$(…)`, `<(…)`, backticks) read in place; past the depth limit it is skipped. */
function readSub(c: Cursor, word: Word, close: ')' | '`', opening: string): void {
  const start = c.pos
  if (c.depth >= MAX_DEPTH) {
    close === ')' ? skipBalanced(c, '(', ')') : skipTo(c, '`')
  } else {
    c.depth += 1
    word.subs.push(readScript(c, close))
    c.depth -= 1
  }
  push(word, opening + c.src.slice(start, c.pos), 'x')
}

function skipTo(c: Cursor, ch: string): void {
  const end = c.src.indexOf(ch, c.pos)
  c.pos = end < 0 ? c.src.length : end + 1
}

/** `$…` forms at the cursor (which is on the `$`), in or out of double quotes; false when none. */
function readDollar(c: Cursor, word: Word, kind: string): boolean {
  const next = c.src[c.pos + 1]
  if (next === '(' && c.src[c.pos + 2] === '(') {
    // Arithmetic, no commands in it.
    c.pos += 3
    push(word, `$((${skipBalanced(c, '(', ')')})`, kind)
    return true
  }
  if (next === '(') {
    c.pos += 2
    readSub(c, word, ')', '$(')
    return true
  }
  if (next === '{') {
    c.pos += 2
    push(word, `\${${skipBalanced(c, '{', '}')}}`, kind)
    return true
  }
  return false
}

function readSingleQuoted(c: Cursor, word: Word): void {
  c.pos += 1
  while (c.pos < c.src.length && c.src[c.pos] !== "'") {
    if (!takeHole(c, word)) push(word, c.src[c.pos++] as string, 's')
  }
  c.pos += 1
}

/** `$'…'`: backslash escapes, otherwise like single quotes. */
function readAnsiQuoted(c: Cursor, word: Word): void {
  c.pos += 2
  while (c.pos < c.src.length && c.src[c.pos] !== "'") {
    if (takeHole(c, word)) continue
    if (c.src[c.pos] === '\\') c.pos += 1
    push(word, c.src[c.pos++] ?? '', 's')
  }
  c.pos += 1
}

function readDoubleQuoted(c: Cursor, word: Word): void {
  c.pos += 1
  while (c.pos < c.src.length && c.src[c.pos] !== '"') {
    if (takeHole(c, word)) continue
    const ch = c.src[c.pos] as string
    if (ch === '\\' && /[$`"\\\n]/.test(c.src[c.pos + 1] ?? '')) {
      if (c.src[c.pos + 1] !== '\n') push(word, c.src[c.pos + 1] as string, 's')
      c.pos += 2
    } else if (ch === '`') {
      c.pos += 1
      readSub(c, word, '`', '`')
    } else if (ch === '$' && readDollar(c, word, 'd')) {
      // read
    } else {
      push(word, ch, 'd')
      c.pos += 1
    }
  }
  c.pos += 1
}

/** One word from the cursor (which is not on a blank or an operator); `close` also ends it. */
function readWord(c: Cursor, close: ')' | '`' | undefined): Word {
  const word = newWord()
  while (c.pos < c.src.length) {
    if (takeHole(c, word)) continue
    const ch = c.src[c.pos] as string
    const next = c.src[c.pos + 1]
    if ((ch === '<' || ch === '>') && next === '(') {
      c.pos += 2
      readSub(c, word, ')', `${ch}(`)
    } else if (WORD_END.test(ch) || ch === close) {
      break
    } else if (ch === '\\') {
      if (next !== '\n' && next !== undefined) push(word, next, 's')
      c.pos += 2
    } else if (ch === "'") readSingleQuoted(c, word)
    else if (ch === '$' && next === "'") readAnsiQuoted(c, word)
    else if (ch === '"') readDoubleQuoted(c, word)
    else if (ch === '`') {
      c.pos += 1
      readSub(c, word, '`', '`')
    } else if (ch === '$' && readDollar(c, word, 'u')) {
      // read
    } else {
      push(word, ch, 'u')
      c.pos += 1
    }
  }
  return word
}

/** Skips the bodies of the here-documents opened on the line just ended: they are data. */
function skipHeredocs(c: Cursor): void {
  for (const { delimiter, stripTabs } of c.heredocs) {
    while (c.pos < c.src.length) {
      const end = c.src.indexOf('\n', c.pos)
      const line = c.src.slice(c.pos, end < 0 ? c.src.length : end)
      c.pos = end < 0 ? c.src.length : end + 1
      if ((stripTabs ? line.replace(/^\t+/, '') : line).replace(/\r$/, '') === delimiter) break
    }
  }
  c.heredocs = []
}

/** Reads stages until the end, or until `close` (a `)` not opened inside, or the closing backtick). */
function readScript(c: Cursor, close?: ')' | '`'): Script {
  const script: Script = []
  let pipeline: Stage[] = []
  let stage: Stage = { words: [], redirects: [] }
  let parens = 0
  const endStage = () => {
    if (stage.words.length > 0 || stage.redirects.length > 0) pipeline.push(stage)
    stage = { words: [], redirects: [] }
  }
  const endPipeline = () => {
    endStage()
    if (pipeline.length > 0) script.push(pipeline)
    pipeline = []
  }
  while (c.pos < c.src.length) {
    const ch = c.src[c.pos] as string
    const rest = c.src.slice(c.pos, c.pos + 3)
    if (BLANK.test(ch)) c.pos += 1
    else if (rest.startsWith('\\\n')) c.pos += 2
    else if (close === '`' && ch === '`') {
      c.pos += 1
      break
    } else if (ch === ')' && close === ')' && parens === 0) {
      c.pos += 1
      break
    } else if (ch === '#' && !c.holes.has(c.pos)) {
      const end = c.src.indexOf('\n', c.pos)
      c.pos = end < 0 ? c.src.length : end
    } else if (ch === '\n') {
      c.pos += 1
      endPipeline()
      skipHeredocs(c)
    } else if (rest.startsWith('|&') || (ch === '|' && !rest.startsWith('||'))) {
      c.pos += rest.startsWith('|&') ? 2 : 1
      endStage()
    } else if (/^(?:\|\||&&|;;|;&)/.test(rest) || ch === ';' || (ch === '&' && c.src[c.pos + 1] !== '>')) {
      c.pos += /^(?:\|\||&&|;;|;&)/.test(rest) ? 2 : 1
      endPipeline()
    } else if (ch === '(' || ch === ')') {
      parens += ch === '(' ? 1 : -1
      c.pos += 1
      endPipeline()
    } else if (!c.holes.has(c.pos) && REDIRECT.test(c.src.slice(c.pos, c.pos + 12)) && !isProcessSub(c)) {
      const [whole, , op = ''] = REDIRECT.exec(c.src.slice(c.pos, c.pos + 12)) ?? ['']
      c.pos += whole.length
      while (BLANK.test(c.src[c.pos] ?? '')) c.pos += 1
      const next = c.src[c.pos]
      const target =
        next === undefined || (WORD_END.test(next) && !isProcessSub(c)) ? undefined : readWord(c, close)
      if ((op === '<<' || op === '<<-') && target)
        c.heredocs.push({ delimiter: target.text, stripTabs: op === '<<-' })
      stage.redirects.push({ op, target })
    } else {
      const start = c.pos
      stage.words.push(readWord(c, close))
      // Never stall on a character no branch takes.
      if (c.pos === start) c.pos += 1
    }
  }
  endPipeline()
  return script
}

function isProcessSub(c: Cursor): boolean {
  const ch = c.src[c.pos]
  return (ch === '<' || ch === '>') && c.src[c.pos + 1] === '('
}

function parse(command: string, depth: number): Script {
  const holes = new Map<number, { end: number; name: string }>()
  let at = 0
  for (const segment of splitCommand(command)) {
    if (segment.kind === 'placeholder') holes.set(at, { end: at + segment.text.length, name: segment.name })
    at += segment.text.length
  }
  return readScript({ src: command, pos: 0, holes, heredocs: [], depth })
}

// ---------------------------------------------------------------------------------------------------
// What a stage runs
// ---------------------------------------------------------------------------------------------------

interface Wrapper {
  /** Options whose value is the next word. */
  withValue: ReadonlySet<string>
  /** Words after the options that are not the program (timeout's duration). */
  positional?: number
}

const none: ReadonlySet<string> = new Set()
// Words that run the program after them; what lies between is theirs.
const WRAPPERS: Readonly<Record<string, Wrapper>> = {
  sudo: { withValue: new Set(['-u', '-g', '-h', '-p', '-C', '-D', '-R', '-r', '-t', '-T', '-U']) },
  doas: { withValue: new Set(['-u', '-C']) },
  env: { withValue: new Set(['-u', '-C', '-S']) },
  nice: { withValue: new Set(['-n']) },
  ionice: { withValue: new Set(['-c', '-n', '-p']) },
  nohup: { withValue: none },
  time: { withValue: new Set(['-f', '-o']) },
  command: { withValue: none },
  builtin: { withValue: none },
  exec: { withValue: new Set(['-a']) },
  stdbuf: { withValue: new Set(['-i', '-o', '-e']) },
  timeout: { withValue: new Set(['-s', '-k']), positional: 1 },
  xargs: { withValue: new Set(['-I', '-n', '-P', '-L', '-d', '-E', '-s', '-a']) },
  watch: { withValue: new Set(['-n', '-d']) },
}
const KEYWORDS = new Set(['!', '{', '}', 'if', 'then', 'else', 'elif', 'do', 'while', 'until', 'fi', 'done'])
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/

/** The program a stage runs (its base name) and the words after it; none for a bare redirection. */
function programOf(stage: Stage): { program: string; args: Word[] } | undefined {
  const words = stage.words
  let i = 0
  while (i < words.length) {
    const word = words[i] as Word
    const wrapper = Object.hasOwn(WRAPPERS, word.text) ? WRAPPERS[word.text] : undefined
    if (KEYWORDS.has(word.text) || (ASSIGNMENT.test(word.text) && word.kinds.startsWith('u'))) {
      i += 1
    } else if (wrapper) {
      i += 1
      while (i < words.length && (words[i] as Word).text.startsWith('-')) {
        const option = (words[i] as Word).text
        i += 1
        if (option === '--') break
        if (wrapper.withValue.has(option)) i += 1
      }
      i += wrapper.positional ?? 0
    } else {
      const program = word.text.slice(word.text.lastIndexOf('/') + 1)
      return { program, args: words.slice(i + 1) }
    }
  }
  return undefined
}

/** The options (before `--` or the first operand when `stopAtOperand`) and the operands of a stage. */
function splitArgs(args: readonly Word[], stopAtOperand = false): { options: string[]; operands: Word[] } {
  const options: string[] = []
  const operands: Word[] = []
  let ended = false
  for (const arg of args) {
    if (!ended && arg.text === '--') ended = true
    else if (!ended && arg.text.startsWith('-') && arg.text !== '-') options.push(arg.text)
    else {
      operands.push(arg)
      if (stopAtOperand) ended = true
    }
  }
  return { options, operands }
}

/** Whether a short option cluster (`-rf`) or a long option is among `options`. */
function hasOption(options: readonly string[], short: string, long?: string): boolean {
  return options.some(
    (option) =>
      (long !== undefined && (option === long || option.startsWith(`${long}=`))) ||
      (/^-[A-Za-z0-9]+$/.test(option) && option.includes(short)),
  )
}

// ---------------------------------------------------------------------------------------------------
// Targets
// ---------------------------------------------------------------------------------------------------

/**
 * The word as the shell would see its special characters: a quoted glob, `~` or `$` is prefixed with
 * `\` (literal), so only unquoted ones match the patterns below. Undefined when a placeholder is in it:
 * what the reader fills in is theirs to judge.
 */
function expansionShape(word: Word): string | undefined {
  if (word.kinds.includes('p')) return undefined
  let shape = ''
  for (let i = 0; i < word.text.length; i += 1) {
    const ch = word.text[i] as string
    const kind = word.kinds[i]
    const literal = kind === 's' || (kind === 'd' && ch !== '$')
    shape += literal && /[~*?[$]/.test(ch) ? `\\${ch}` : ch
  }
  let path = shape.replace(/\/{2,}/g, '/')
  for (let before = ''; before !== path; ) {
    before = path
    path = path.replace(/(.)\/\.$/, '$1').replace(/(.)\/$/, '$1')
  }
  return path.replace(/^\/\.\.?$/, '/')
}

type Sweep = 'root' | 'system' | 'home' | 'here'

const SYSTEM_DIR = /^\/(?:bin|boot|dev|etc|home|lib|lib32|lib64|libx32|opt|root|sbin|srv|usr|var)(?:\/\*)?$/
const HOME = /^(?:~|\$HOME|\$\{HOME\})(?:\/\*|\/\.\*)?$/

/** How much a recursive command on this word would sweep, if it is one of the well-known disasters. */
function sweepOf(word: Word): Sweep | undefined {
  const path = expansionShape(word)
  if (path === undefined) return undefined
  if (path === '/' || path === '/*') return 'root'
  if (SYSTEM_DIR.test(path)) return 'system'
  if (HOME.test(path)) return 'home'
  if (path === '*' || path === '.' || path === './*' || path === '.*' || path === './.*') return 'here'
  return undefined
}

// Character devices written to every day; anything else under /dev is a disk, a partition or worse.
const EVERYDAY_DEVICE =
  /^\/dev\/(?:null|zero|full|u?random|std(?:in|out|err)|tty\w*|console|kmsg|ptmx|log|(?:pts|fd|shm|tcp|udp|mqueue)\/.*)$/
// A placeholder the reader fills with a device: `<device>`, `{{disk}}`, `{{usb_drive}}`.
const DEVICE_NAME = /(?:^|[^a-z])(?:dev|disk|drive|partition|usb)|^sd[a-z]?$/i

/** Whether `word` (from character `from` on) names a disk device. */
function isDevice(word: Word, from = 0): boolean {
  const text = word.text.slice(from)
  const kinds = word.kinds.slice(from)
  if (text.startsWith('/dev/')) return !EVERYDAY_DEVICE.test(text.replace(/\/{2,}/g, '/'))
  return kinds.length > 0 && /^p+$/.test(kinds) && DEVICE_NAME.test(text)
}

// ---------------------------------------------------------------------------------------------------
// The rules
// ---------------------------------------------------------------------------------------------------

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish'])
// Interpreters and the options that give them their program some other way than stdin.
const INTERPRETERS: Readonly<Record<string, readonly string[]>> = {
  python: ['c', 'm'],
  python2: ['c', 'm'],
  python3: ['c', 'm'],
  perl: ['e', 'E'],
  ruby: ['e'],
  node: ['e', 'p'],
  php: ['r'],
}
const DOWNLOADERS = new Set(['curl', 'wget', 'fetch'])
const RECURSIVE_RM = (options: readonly string[]) =>
  hasOption(options, 'r', '--recursive') || hasOption(options, 'R')
const RECURSIVE_CH = (options: readonly string[]) => hasOption(options, 'R', '--recursive')

type Found = (warning: CommandWarning) => void

/** A shell's words without its `-o name` / `+o name` settings, which are neither program nor script. */
function shellArgs(args: readonly Word[]): Word[] {
  const kept: Word[] = []
  for (let i = 0; i < args.length; i += 1) {
    const text = (args[i] as Word).text
    if (/^[-+][oO]$/.test(text)) i += 1
    else if (!text.startsWith('+')) kept.push(args[i] as Word)
  }
  return kept
}

/**
 * Where a shell or interpreter stage takes the program it runs: `stdin`, the word holding it (the
 * `-c` string or the script operand), or undefined when it is not one of them.
 */
function programSource(program: string, args: readonly Word[]): 'stdin' | Word | undefined {
  if (SHELLS.has(program)) {
    const { options, operands } = splitArgs(shellArgs(args), true)
    if (hasOption(options, 'c')) return operands[0]
    if (hasOption(options, 's')) return 'stdin'
    return operands.length === 0 || operands[0]?.text === '-' ? 'stdin' : operands[0]
  }
  if (Object.hasOwn(INTERPRETERS, program)) {
    const { options, operands } = splitArgs(args, true)
    const inline =
      (INTERPRETERS[program] ?? []).some((short) => hasOption(options, short)) ||
      options.some((option) => /^--(?:eval|print)/.test(option))
    if (inline) return undefined
    return operands.length === 0 || operands[0]?.text === '-' ? 'stdin' : operands[0]
  }
  if (program === 'source' || program === '.') return args[0]
  return undefined
}

function downloads(script: Script): boolean {
  return script.some((pipeline) => pipeline.some((stage) => DOWNLOADERS.has(programOf(stage)?.program ?? '')))
}

/** Whether the word is nothing but the output of a download: `"$(curl …)"`, `<(wget -O- …)`. */
function isDownload(word: Word | undefined): boolean {
  return word !== undefined && /^x+$/.test(word.kinds) && word.subs.some(downloads)
}

/** Whether a stage runs a downloaded program it was handed through `$(…)`, `<(…)` or its stdin. */
function runsDownload(program: string, args: readonly Word[], redirects: readonly Redirect[]): boolean {
  if (program === 'eval') return args.some(isDownload)
  const source = programSource(program, args)
  if (source === 'stdin')
    return redirects.some((r) => (r.op === '<' || r.op === '<<<') && isDownload(r.target))
  return isDownload(source)
}

/** The command string a stage hands to a shell (`sh -c '…'`, `su -c '…'`), if any. */
function commandString(program: string, args: readonly Word[]): Word | undefined {
  if (SHELLS.has(program)) {
    const { options, operands } = splitArgs(shellArgs(args), true)
    return hasOption(options, 'c') ? operands[0] : undefined
  }
  if (program === 'su' || program === 'runuser') {
    const at = args.findIndex((arg) => arg.text === '-c' || arg.text === '--command')
    return at >= 0 ? args[at + 1] : undefined
  }
  return undefined
}

function checkStage(stage: Stage, found: Found, depth: number): void {
  for (const { op, target } of stage.redirects) {
    const writes =
      op.includes('>') && !((op === '>&' || op === '<&') && /^(?:\d+|-)?$/.test(target?.text ?? ''))
    if (writes && target && isDevice(target)) found(WARNINGS.redirectDevice)
  }
  const run = programOf(stage)
  if (!run) return
  const { program, args } = run
  const { options, operands } = splitArgs(args)

  if (program === 'rm' && RECURSIVE_RM(options)) {
    const sweeps = operands.map(sweepOf)
    if (sweeps.includes('root') || options.includes('--no-preserve-root')) found(WARNINGS.rmRoot)
    if (sweeps.includes('system')) found(WARNINGS.rmSystem)
    if (sweeps.includes('home')) found(WARNINGS.rmHome)
    if (sweeps.includes('here')) found(WARNINGS.rmWildcard)
  } else if ((program === 'chmod' || program === 'chown' || program === 'chgrp') && RECURSIVE_CH(options)) {
    // The first operand is the mode or owner, unless they come from --reference.
    const files = options.some((o) => o.startsWith('--reference')) ? operands : operands.slice(1)
    if (files.map(sweepOf).some((sweep) => sweep === 'root' || sweep === 'system'))
      found(program === 'chmod' ? WARNINGS.chmodRoot : WARNINGS.chownRoot)
  } else if (program === 'dd') {
    if (args.some((arg) => arg.text.startsWith('of=') && isDevice(arg, 3))) found(WARNINGS.ddDevice)
  } else if (/^mkfs(?:\..+)?$|^mke2fs$/.test(program)) {
    found(WARNINGS.mkfs)
  } else if (program === 'mkswap') {
    // A swap file is routine; a device loses what it held.
    if (operands.some((word) => isDevice(word))) found(WARNINGS.mkfs)
  } else if (program === 'wipefs') {
    if (hasOption(options, 'a', '--all') || hasOption(options, 'o', '--offset')) found(WARNINGS.wipeDevice)
  } else if (program === 'blkdiscard') {
    if (operands.some((word) => isDevice(word))) found(WARNINGS.wipeDevice)
  } else if (program === 'shred') {
    if (operands.some((word) => isDevice(word))) found(WARNINGS.shredDevice)
  } else if (program === 'tee') {
    if (operands.some((word) => isDevice(word))) found(WARNINGS.redirectDevice)
  } else if (program === 'mv') {
    const last = operands.at(-1)
    if (operands.length >= 2 && last?.text === '/dev/null' && !last.kinds.includes('p'))
      found(WARNINGS.mvDevNull)
  }

  if (runsDownload(program, args, stage.redirects)) found(WARNINGS.pipeToShell)
  const inner = commandString(program, args)
  if (inner && depth < MAX_DEPTH) checkScript(parse(inner.written, depth + 1), found, depth + 1)
}

function checkScript(script: Script, found: Found, depth: number): void {
  for (const pipeline of script) {
    let downloaded = false
    for (const stage of pipeline) {
      const run = programOf(stage)
      if (downloaded && run && programSource(run.program, run.args) === 'stdin') found(WARNINGS.pipeToShell)
      if (run && DOWNLOADERS.has(run.program)) downloaded = true
      checkStage(stage, found, depth)
      // Nested scripts run too: `echo $(rm -rf /)`.
      for (const word of [...stage.words, ...stage.redirects.flatMap((r) => (r.target ? [r.target] : []))])
        for (const sub of word.subs) checkScript(sub, found, depth + 1)
    }
  }
}

// A function that pipes itself into itself in the background, then is called: `:(){ :|:& };:`.
const FORK_BOMB = /(\w+|:)\s*\(\s*\)\s*\{\s*\1\s*\|\s*\1\s*&\s*\}\s*;?\s*\1/

/** The destructive patterns found in a command, each once, in the order found; `dangerous` when any. */
export function checkCommandSafety(command: string): CommandSafety {
  const warnings: CommandWarning[] = []
  const found: Found = (warning) => {
    if (!warnings.some((w) => w.id === warning.id))
      warnings.push({ id: warning.id, message: warning.message })
  }
  if (FORK_BOMB.test(command)) found(WARNINGS.forkBomb)
  checkScript(parse(command, 0), found, 0)
  return { dangerous: warnings.length > 0, warnings }
}
