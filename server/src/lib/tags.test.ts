import { describe, expect, it } from 'vitest'
import { commandStages, deriveTags, MAX_DERIVED_TAGS, normalizeTag } from './tags.ts'

describe('deriveTags', () => {
  it('takes the program of every pipeline stage', () => {
    expect(deriveTags("ps aux | grep nginx | awk '{print $2}'")).toEqual(['ps', 'grep', 'awk'])
  })

  it('skips sudo, env, their options and variable assignments', () => {
    expect(deriveTags('sudo -E env LANG=C FOO=1 /usr/bin/apt-get update && sudo apt upgrade')).toEqual([
      'apt-get',
      'apt',
    ])
  })

  it('skips the values of wrapper options and does not split at redirections', () => {
    expect(deriveTags('sudo -u www-data nice -n 10 php artisan queue:work')).toEqual(['php'])
    expect(deriveTags('make build > build.log 2>&1 && ls &>/dev/null')).toEqual(['make', 'ls'])
  })

  it('keeps each program once and at most five derived tags', () => {
    const tags = deriveTags('a 1; b 2; a 3; c; d; e; f; g')
    expect(tags).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(tags).toHaveLength(MAX_DERIVED_TAGS)
  })

  it('adds normalised extra tags after the derived ones, without repeats', () => {
    expect(deriveTags('grep -r foo .', ['Search', 'grep', 'text tools', '!!'])).toEqual([
      'grep',
      'search',
      'text-tools',
    ])
  })
})

describe('commandStages and normalizeTag', () => {
  it('splits on pipes and command lists', () => {
    expect(commandStages('a | b || c && d; e & f')).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
  })

  it('refuses tags without a letter or digit first', () => {
    expect(normalizeTag('--')).toBeUndefined()
    expect(normalizeTag('#Networking')).toBe('networking')
  })
})
