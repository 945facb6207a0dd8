import { describe, expect, it } from 'vitest'
import { correctedSearchOf } from './corrected-search.ts'

describe('correctedSearchOf', () => {
  it('replaces each corrected word where it stands, whatever its case', () => {
    expect(correctedSearchOf('Gerp -r logs', [['gerp', 'grep']])).toBe('grep -r logs')
    expect(
      correctedSearchOf('find larg fiels', [
        ['fiels', 'files'],
        ['larg', 'large'],
      ]),
    ).toBe('find large files')
  })

  it('leaves words that only contain the corrected word', () => {
    expect(correctedSearchOf('gerpx gerp', [['gerp', 'grep']])).toBe('gerpx grep')
  })

  it('is null when nothing was corrected', () => {
    expect(correctedSearchOf('grep', [])).toBeNull()
  })
})
