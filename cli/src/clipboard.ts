import { spawn } from 'node:child_process'
import { access, constants } from 'node:fs/promises'
import { delimiter, join } from 'node:path'

/** How the text reached the clipboard, or that it could not and was printed instead. */
export type CopyMethod = 'wl-copy' | 'xclip' | 'pbcopy' | 'osc52' | 'printed'

async function onPath(program: string): Promise<boolean> {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue
    try {
      await access(join(dir, program), constants.X_OK)
      return true
    } catch {
      // Not in this directory.
    }
  }
  return false
}

async function pipeTo(program: string, args: string[], text: string): Promise<boolean> {
  return await new Promise((resolve) => {
    // xclip stays alive to serve the selection, so its output must not hold our process open.
    const child = spawn(program, args, { stdio: ['pipe', 'ignore', 'ignore'], detached: program === 'xclip' })
    child.once('error', () => resolve(false))
    child.once('spawn', () => {
      child.stdin.end(text)
      if (program === 'xclip') {
        child.unref()
        resolve(true)
      }
    })
    child.once('exit', (code) => resolve(code === 0))
  })
}

/**
 * Copies `text`: through the desktop's clipboard tool when one is there (wl-copy under Wayland,
 * xclip under X11, pbcopy on macOS), else through the terminal with OSC 52 when stdout is a terminal
 * (works over SSH and in tmux with `set-clipboard on`), else prints it so it can be piped.
 */
export async function copyText(text: string): Promise<CopyMethod> {
  if (process.env.BASHBOARD_CLIPBOARD !== 'osc52') {
    if (process.platform === 'darwin' && (await onPath('pbcopy')) && (await pipeTo('pbcopy', [], text))) {
      return 'pbcopy'
    }
    if (process.env.WAYLAND_DISPLAY && (await onPath('wl-copy')) && (await pipeTo('wl-copy', [], text))) {
      return 'wl-copy'
    }
    if (
      process.env.DISPLAY &&
      (await onPath('xclip')) &&
      (await pipeTo('xclip', ['-selection', 'clipboard'], text))
    ) {
      return 'xclip'
    }
  }
  if (process.stdout.isTTY) {
    const sequence = `\u001b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`
    process.stdout.write(sequence)
    return 'osc52'
  }
  process.stdout.write(`${text}\n`)
  return 'printed'
}
