import type { CommandSafety, CommandWarning } from '../contract/posts.ts'
import { commandStages, stageProgram } from './tags.ts'

/**
 * Flags destructive command patterns so cards and the detail page can warn before someone copies
 * and runs them. Pure and conservative: it recognises well-known disasters, it is not a shell parser,
 * and a command it does not flag is not thereby safe.
 */

const DISK_DEVICE = /^\/dev\/(?:sd[a-z]|nvme\d|hd[a-z]|vd[a-z]|xvd[a-z]|mmcblk\d|disk\d|md\d|dm-\d)/
const RECURSIVE_FLAG = /^-[a-zA-Z]*[rR][a-zA-Z]*$/
// Braced forms are spelled with a plain '$' prefix so they are not mistaken for template strings.
const HOME_TARGETS = new Set(['~', '~/', '~/*', '$HOME', '$HOME/', '$HOME/*', `$\{HOME}`, `$\{HOME}/*`])
const ROOT_TARGETS = new Set(['/', '/*', '/.', '/..'])
const EVERYTHING_HERE = new Set(['*', '.', './*', '.*'])

interface Stage {
  program: string
  args: string[]
}

function parseStage(stage: string): Stage | undefined {
  const program = stageProgram(stage)
  if (program === undefined) return undefined
  const words = stage.split(/\s+/).map((word) => word.replace(/^['"]|['"]$/g, ''))
  const at = words.findIndex((word) => word === program || word.endsWith(`/${program}`))
  return { program, args: words.slice(at + 1).filter((word) => word !== '') }
}

function isRecursive(args: readonly string[]): boolean {
  return args.some((arg) => arg === '--recursive' || RECURSIVE_FLAG.test(arg))
}

function operands(args: readonly string[]): string[] {
  return args.filter((arg) => !arg.startsWith('-'))
}

type StageRule = (stage: Stage) => CommandWarning | undefined

const STAGE_RULES: readonly StageRule[] = [
  ({ program, args }) => {
    if (program !== 'rm' || !isRecursive(args)) return undefined
    const targets = operands(args)
    if (targets.some((t) => ROOT_TARGETS.has(t)) || args.includes('--no-preserve-root')) {
      return { id: 'rm-root', message: 'Recursively deletes the whole filesystem (/). Never run this.' }
    }
    if (targets.some((t) => HOME_TARGETS.has(t))) {
      return { id: 'rm-home', message: 'Recursively deletes your entire home directory.' }
    }
    if (targets.some((t) => EVERYTHING_HERE.has(t))) {
      return {
        id: 'rm-wildcard',
        message: 'Recursively deletes everything in the current directory. Check where you are first.',
      }
    }
    return undefined
  },
  ({ program, args }) =>
    program === 'dd' && args.some((arg) => arg.startsWith('of=') && DISK_DEVICE.test(arg.slice(3)))
      ? { id: 'dd-device', message: 'Writes raw data over a disk device, destroying everything on it.' }
      : undefined,
  ({ program }) =>
    /^mkfs(?:\.\w+)?$|^mke2fs$|^mkswap$|^wipefs$/.test(program)
      ? { id: 'mkfs', message: 'Formats a device, erasing every file on it.' }
      : undefined,
  ({ program, args }) =>
    program === 'chmod' && isRecursive(args) && operands(args).some((t) => ROOT_TARGETS.has(t))
      ? {
          id: 'chmod-root',
          message: 'Changes permissions of every file on the system; this breaks the OS and its security.',
        }
      : undefined,
  ({ program, args }) =>
    program === 'chown' && isRecursive(args) && operands(args).some((t) => ROOT_TARGETS.has(t))
      ? { id: 'chown-root', message: 'Changes the owner of every file on the system, which breaks the OS.' }
      : undefined,
  ({ program, args }) =>
    program === 'shred' && operands(args).some((t) => DISK_DEVICE.test(t))
      ? { id: 'shred-device', message: 'Irrecoverably overwrites a whole disk device.' }
      : undefined,
  ({ program, args }) => {
    const targets = operands(args)
    return program === 'mv' && targets.length >= 2 && targets[targets.length - 1] === '/dev/null'
      ? { id: 'mv-dev-null', message: 'Moving files to /dev/null destroys them; they cannot be recovered.' }
      : undefined
  },
]

interface TextRule {
  pattern: RegExp
  warning: CommandWarning
}

// Patterns that span stages (pipes, redirections, function definitions) are matched on the raw text.
const TEXT_RULES: readonly TextRule[] = [
  {
    pattern: /(\w+|:)\s*\(\s*\)\s*\{\s*\1\s*\|\s*\1\s*&\s*\}\s*;?\s*\1/,
    warning: { id: 'fork-bomb', message: 'A fork bomb: it spawns processes until the system freezes.' },
  },
  {
    pattern: /\b(?:curl|wget)\b[^|]*\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:ba|z|da|k)?sh\b/,
    warning: {
      id: 'pipe-to-shell',
      message: 'Runs a script downloaded from the internet without letting you read it first.',
    },
  },
  {
    pattern: /\b(?:ba|z|da|k)?sh\b[^|]*(?:<\(|\$\()\s*(?:curl|wget)\b/,
    warning: {
      id: 'pipe-to-shell',
      message: 'Runs a script downloaded from the internet without letting you read it first.',
    },
  },
  {
    pattern: /(?:^|[^0-9&])>\|?\s*\/dev\/(?:sd[a-z]|nvme\d|hd[a-z]|vd[a-z]|xvd[a-z]|mmcblk\d)/,
    warning: { id: 'redirect-device', message: 'Redirects output over a disk device, destroying its data.' },
  },
]

/** The destructive patterns found in a command; `dangerous` is true when there is at least one. */
export function checkCommandSafety(command: string): CommandSafety {
  const warnings: CommandWarning[] = []
  const add = (warning: CommandWarning | undefined) => {
    if (warning && !warnings.some((w) => w.id === warning.id)) warnings.push(warning)
  }
  for (const rule of TEXT_RULES) if (rule.pattern.test(command)) add(rule.warning)
  for (const raw of commandStages(command)) {
    const stage = parseStage(raw)
    if (stage) for (const rule of STAGE_RULES) add(rule(stage))
  }
  return { dangerous: warnings.length > 0, warnings }
}
