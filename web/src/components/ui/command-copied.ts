import { countOf } from '@bashboard/server/contract/plurals'
import type { ToastInput } from './toast'

/**
 * The toast after a command is copied. `unfilled` lists the placeholders still as written in it
 * (`<file>`, `{{path/to/dir}}`): a pasted command with those in does not run as meant, so the toast
 * names them instead of a plain "copied".
 */
export function commandCopiedToast(unfilled: readonly string[] = []): ToastInput {
  if (unfilled.length === 0) {
    return { title: 'Copied!', message: 'Command copied to clipboard.', variant: 'success' }
  }
  return {
    title: 'Copied!',
    message: `Copied with ${countOf(unfilled.length, 'placeholder')} unfilled: ${unfilled.join(', ')}`,
    variant: 'success',
  }
}
