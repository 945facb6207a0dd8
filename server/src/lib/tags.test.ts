import { describe, expect, it } from 'vitest'
import { commandStages, deriveTags, MAX_DERIVED_TAGS, normalizeTag } from './tags.ts'

describe('deriveTags', () => {
  it('skips shell keywords: the program is the word after them, and loop headers run none', () => {
    expect(deriveTags('for f in *.jpeg; do mv -n -- "$f" "$f.bak"; done')).toEqual(['mv'])
    expect(deriveTags('until curl -fsS http://localhost:8080/healthz; do sleep 2; done')).toEqual([
      'curl',
      'sleep',
    ])
    expect(deriveTags('while IFS= read -r line; do printf \'%s\\n\' "$line"; done < input.txt')).toEqual([
      'read',
      'printf',
    ])
    expect(deriveTags('if grep -q ok status; then echo up; else echo down; fi')).toEqual(['grep', 'echo'])
    // A program named like a keyword after a wrapper is still the program.
    expect(deriveTags('sudo time ls')).toEqual(['ls'])
  })

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
