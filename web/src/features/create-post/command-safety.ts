/*
 * A client copy of the server's command-safety idea, only to warn the author while typing. The server
 * checks every command again on create (its verdict is the `safety` on the saved post) and the contract
 * exposes no patterns to share, so this list may lag behind the server's without harm.
 */

export interface CommandWarning {
  id: string
  message: string
}

interface Rule extends CommandWarning {
  pattern: RegExp
}

// A path argument that is the root, the home directory or everything in the current directory.
const sweepingTarget = String.raw`(?:\/|\/\*|~\/?|~\/\*|\$HOME\/?|\*|\.\/?\*?)(?=\s|$|;|&|\|)`

const rules: Rule[] = [
  {
    id: 'recursive-delete-root',
    pattern: new RegExp(
      String.raw`\brm\s+(?:-[a-zA-Z]*\s+)*(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)\b[^;&|]*\s${sweepingTarget}`,
    ),
    message: 'Recursively deletes the root, home or current directory.',
  },
  {
    id: 'fork-bomb',
    pattern: /:\s*\(\s*\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/,
    message: 'A fork bomb: it spawns processes until the system stops responding.',
  },
  {
    id: 'format-filesystem',
    pattern: /\bmkfs(?:\.[a-z0-9]+)?\b/,
    message: 'Formats a filesystem, erasing everything on it.',
  },
  {
    id: 'raw-disk-write',
    pattern: /\bdd\b[^;&|]*\bof=\/dev\/(?:sd|hd|nvme|vd|xvd|mmcblk|disk)/,
    message: 'Writes raw data over a disk device.',
  },
  {
    id: 'redirect-to-disk',
    pattern: />\s*\/dev\/(?:sd|hd|nvme|vd|xvd|mmcblk)[a-z0-9]*/,
    message: 'Overwrites a disk device through a redirect.',
  },
  {
    id: 'wipe-device',
    pattern: /\b(?:shred|wipefs)\b[^;&|]*\/dev\//,
    message: 'Wipes a storage device.',
  },
  {
    id: 'world-writable-root',
    pattern: /\bchmod\s+(?:-[a-zA-Z]*\s+)*-[a-zA-Z]*R[a-zA-Z]*\s+(?:0?777|a\+rwx)\s+\/(?=\s|$)/,
    message: 'Makes every file on the system writable by anyone.',
  },
  {
    id: 'pipe-to-shell',
    pattern: /\b(?:curl|wget)\b[^;&]*\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b/,
    message: 'Runs a script straight from the network without letting you read it first.',
  },
]

/** The destructive patterns found in a command, in a fixed order; empty when none match. */
export function checkCommandSafety(command: string): CommandWarning[] {
  return rules.filter((rule) => rule.pattern.test(command)).map(({ id, message }) => ({ id, message }))
}
