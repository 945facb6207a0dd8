import type { CommandSafety } from '@bashboard/server/contract'
import { checkCommandSafety } from '@bashboard/server/contract/command-safety'

/**
 * What the form warns about while a command is typed: the server's own danger rule (a contract module
 * free of TypeBox, loaded only with this page) on the command as it will be sent, trimmed as the server
 * stores it. So the warning the form promises is the published post's `safety`;
 * server/test/command-safety-agreement.test.ts loads this file to hold the two to the same verdicts.
 */
export function typedCommandSafety(fieldText: string): CommandSafety {
  return checkCommandSafety(fieldText.trim())
}
