import { describe, expect, it } from 'vitest'
import { diffCommand, diffProse, hasChanges } from './diff'

const changed = (parts: ReturnType<typeof diffProse>) =>
  parts
    .filter((part) => part.kind !== 'same')
    .map((part) => `${part.kind === 'added' ? '+' : '-'}${part.value}`)

describe('post history diffs', () => {
  it('compares prose word by word', () => {
    const parts = diffProse('Find large files fast', 'Find huge files fast')
    expect(changed(parts)).toEqual(['-large', '+huge'])
    expect(parts.map((part) => part.value).join('')).toContain('files fast')
  })

  it('keeps a single-line command’s words whole rather than cutting them into characters', () => {
    const parts = diffCommand('find . -size +100M', 'find . -size +500M -type f')
    // jsdiff makes punctuation a token of its own: the `+` both versions have stays unmarked.
    expect(changed(parts)).toEqual(['-100M', '+500M -type f'])
  })

  it('compares a command of several lines line by line', () => {
    const parts = diffCommand('set -e\ncd /tmp\nls', 'set -e\ncd /var/tmp\nls')
    expect(changed(parts)).toEqual(['-cd /tmp\n', '+cd /var/tmp\n'])
  })

  it('says when two versions are the same', () => {
    expect(hasChanges(diffProse('same text', 'same text'))).toBe(false)
    expect(hasChanges(diffCommand('ls -la', 'ls -la'))).toBe(false)
    expect(hasChanges(diffCommand('ls -la', 'ls -lah'))).toBe(true)
  })
})
