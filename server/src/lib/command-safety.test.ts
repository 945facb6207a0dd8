import { describe, expect, it } from 'vitest'
import { DANGEROUS_COMMANDS, SAFE_COMMANDS } from '../../test/command-corpus.ts'
import { checkCommandSafety } from '../contract/command-safety.ts'

const ids = (command: string) => checkCommandSafety(command).warnings.map((w) => w.id)

describe('checkCommandSafety', () => {
  it.each(DANGEROUS_COMMANDS)('flags %s as %s', (command, id) => {
    const result = checkCommandSafety(command)
    expect(result.dangerous).toBe(true)
    expect(result.warnings.map((w) => w.id)).toContain(id)
    expect(result.warnings.every((w) => w.message.length > 10)).toBe(true)
  })

  it.each(SAFE_COMMANDS)('does not flag %s', (command) => {
    expect(checkCommandSafety(command)).toEqual({ dangerous: false, warnings: [] })
  })

  it('reports each kind of danger once, in the order found', () => {
    expect(ids('rm -rf / ; rm -rf /*')).toEqual(['rm-root'])
    expect(ids('curl -s https://example.com/x | sh; dd if=/dev/zero of=/dev/sda')).toEqual([
      'pipe-to-shell',
      'dd-device',
    ])
  })

  it('reads device placeholders by their name, and leaves other placeholders to the reader', () => {
    expect(ids('dd if=x.img of={{path/to/device}}')).toEqual(['dd-device'])
    expect(ids('dd if=x.img of=/dev/{{sdX}}')).toEqual(['dd-device'])
    expect(ids('dd if=x.img of={{path/to/output.img}}')).toEqual([])
    expect(ids('rm -rf <dir>')).toEqual([])
  })

  it('answers quickly and never throws on hostile text', () => {
    const hostile = [
      '$('.repeat(5_000),
      `${'sh -c '.repeat(3_000)}x`,
      '"'.repeat(100_001),
      '`'.repeat(50_001),
      'cat <<A <<B\n'.repeat(10_000),
      '${'.repeat(50_000),
      '('.repeat(100_000),
      '\\',
      "$'",
    ]
    const started = performance.now()
    for (const command of hostile) expect(checkCommandSafety(command).dangerous).toBe(false)
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})
