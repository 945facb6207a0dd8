import { POST_RULE_MESSAGES } from '@bashboard/server/contract/limits'
import { describe, expect, it } from 'vitest'
import { type CreatePostValues, validateCreatePost } from './validation'

const valid: CreatePostValues = {
  title: 'Follow a log',
  command: 'tail -f /var/log/syslog',
  description: '<p>Prints new lines as they are written.</p>',
  category: 'logs',
}

describe('validateCreatePost', () => {
  it('accepts a multi-line command with tabs', () => {
    expect(validateCreatePost({ ...valid, command: 'for f in *.log; do\n\tgzip "$f"\r\ndone' })).toBeNull()
  })

  it.each([
    [{ title: 'Clear \u001b[2J' }, 'title', POST_RULE_MESSAGES.titleControlCharacters],
    [{ title: 'Two\nlines' }, 'title', POST_RULE_MESSAGES.titleControlCharacters],
    [{ title: 'Tab\there' }, 'title', POST_RULE_MESSAGES.titleControlCharacters],
    [{ command: 'echo \u001b]0;title\u0007' }, 'command', POST_RULE_MESSAGES.commandControlCharacters],
    [{ command: 'printf "\u009b31m"' }, 'command', POST_RULE_MESSAGES.commandControlCharacters],
  ] satisfies [Partial<CreatePostValues>, string, string][])(
    'refuses control characters the server refuses: %j',
    (overrides, field, message) => {
      expect(validateCreatePost({ ...valid, ...overrides })).toEqual({ field, message })
    },
  )
})
