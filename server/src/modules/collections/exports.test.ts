import { Value } from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { CollectionExport } from '../../contract/collections.ts'
import {
  buildExport,
  type ExportSource,
  markdownCode,
  safeFileBase,
  toJsonExport,
  toNavi,
  toNaviCommand,
  toTldr,
  toTldrCommand,
} from './exports.ts'

function source(
  posts: Array<Partial<ExportSource['posts'][number]>>,
  fields: Partial<ExportSource> = {},
): ExportSource {
  return {
    name: 'Daily tools',
    description: 'What I use every day.',
    ownerUsername: 'ada',
    url: 'https://bashboard.example/c/ada/daily-tools',
    posts: posts.map((post, index) => ({
      title: `Post ${index + 1}`,
      command: 'ls -la',
      description: 'Lists files.',
      tags: ['ls'],
      url: `https://bashboard.example/post/post-${index + 1}`,
      ...post,
    })),
    ...fields,
  }
}

describe('placeholder conversion', () => {
  it('writes tldr placeholders in navi’s form when navi can read the name, and keeps navi ones', () => {
    expect(toNaviCommand('scp {{file}} <user>@{{ host }}:/tmp')).toBe('scp <file> <user>@<host>:/tmp')
    // Not a navi name: left as written rather than mangled.
    expect(toNaviCommand('cp {{path/to/file}} {{2nd}} .')).toBe('cp {{path/to/file}} {{2nd}} .')
  })

  it('writes navi placeholders in tldr’s form and leaves redirections and templates alone', () => {
    expect(toTldrCommand('ssh <user>@<host> -p {{port}}')).toBe('ssh {{user}}@{{host}} -p {{port}}')
    expect(toTldrCommand('sort < in.txt > out.txt 2>&1')).toBe('sort < in.txt > out.txt 2>&1')
    expect(toNaviCommand("docker ps --format '{{.Names}}'")).toBe("docker ps --format '{{.Names}}'")
    expect(toTldrCommand('cat <<EOF > <file>')).toBe('cat <<EOF > {{file}}')
  })
})

describe('navi .cheat', () => {
  it('has the name as its tags line, the description as comments, and # title + command per post', () => {
    const text = toNavi(
      source([
        { title: 'Copy over ssh', command: 'scp {{file}} <user>@<host>:/tmp' },
        { title: 'Find big files', command: 'du -ah . | sort -rh | head -n 20' },
      ]),
    )
    expect(text).toBe(
      [
        '% Daily tools',
        '; What I use every day.',
        '; https://bashboard.example/c/ada/daily-tools',
        '',
        '# Copy over ssh',
        'scp <file> <user>@<host>:/tmp',
        '',
        '# Find big files',
        'du -ah . | sort -rh | head -n 20',
        '',
      ].join('\n'),
    )
  })

  it('keeps a command of several lines together and indents lines navi would read as its own', () => {
    const text = toNavi(
      source(
        [
          {
            title: 'Loop\nover files',
            command: 'for f in *.log; do\n\n# compress it\n  gzip "$f"\n$HOME/bin/x\ndone',
          },
        ],
        {
          description: 'Line one\n\nLine two',
        },
      ),
    )
    expect(text).toContain('; Line one\n; Line two\n')
    expect(text).toContain(
      '# Loop over files\nfor f in *.log; do\n # compress it\n  gzip "$f"\n $HOME/bin/x\ndone\n',
    )
  })

  it('keeps backticks as they are', () => {
    expect(toNavi(source([{ command: 'echo `date`' }]))).toContain('\necho `date`\n')
  })
})

describe('tldr-style Markdown', () => {
  it('has the name as the title, the description and address as quotes, and - title: with the command', () => {
    const text = toTldr(
      source([
        { title: 'Copy over ssh', command: 'scp {{file}} <user>@<host>:/tmp' },
        { title: 'Is it up?', command: 'ping -c 1 <host>' },
      ]),
    )
    expect(text).toBe(
      [
        '# Daily tools',
        '',
        '> What I use every day.',
        '> More information: <https://bashboard.example/c/ada/daily-tools>.',
        '',
        '- Copy over ssh:',
        '',
        '`scp {{file}} {{user}}@{{host}}:/tmp`',
        '',
        '- Is it up?',
        '',
        '`ping -c 1 {{host}}`',
        '',
      ].join('\n'),
    )
  })

  it('fences commands holding backticks with a longer run, padded at the edges', () => {
    expect(markdownCode('echo `date`')).toBe('`` echo `date` ``')
    expect(markdownCode('echo ``x`` done')).toBe('```echo ``x`` done```')
    expect(markdownCode('`date` now')).toBe('`` `date` now ``')
    expect(markdownCode('ls -la')).toBe('`ls -la`')
  })

  it('writes a command of several lines as a fenced block', () => {
    expect(markdownCode('for f in *; do\n  echo "$f"\ndone')).toBe(
      '```sh\nfor f in *; do\n  echo "$f"\ndone\n```',
    )
    expect(markdownCode('cat <<EOF\n```\nEOF')).toBe('````sh\ncat <<EOF\n```\nEOF\n````')
    const text = toTldr(source([{ title: 'Loop', command: 'for f in *; do\n  echo "$f"\ndone' }]))
    expect(text).toContain('- Loop:\n\n```sh\nfor f in *; do\n')
  })
})

describe('JSON', () => {
  it('matches the contract and lists each post’s placeholders in order of first use', () => {
    const data = toJsonExport(source([{ command: 'scp {{file}} <user>@<host>:{{file}}', tags: ['scp'] }]))
    expect(Value.Check(CollectionExport, data)).toBe(true)
    expect(data).toEqual({
      name: 'Daily tools',
      description: 'What I use every day.',
      owner: { username: 'ada' },
      url: 'https://bashboard.example/c/ada/daily-tools',
      posts: [
        {
          title: 'Post 1',
          command: 'scp {{file}} <user>@<host>:{{file}}',
          description: 'Lists files.',
          placeholders: ['file', 'user', 'host'],
          tags: ['scp'],
          url: 'https://bashboard.example/post/post-1',
        },
      ],
    })
  })

  it('keeps newlines and backticks in commands intact through JSON', () => {
    const file = buildExport(source([{ command: 'echo `a`\necho "b"' }]), 'json', 'daily-tools')
    expect(JSON.parse(file.body).posts[0].command).toBe('echo `a`\necho "b"')
  })
})

describe('file names', () => {
  it('are safe slugs with the format’s extension and content type', () => {
    expect(buildExport(source([]), 'navi', 'daily-tools')).toMatchObject({
      filename: 'daily-tools.cheat',
      contentType: 'text/plain; charset=utf-8',
    })
    expect(buildExport(source([]), 'tldr', 'Ünïcode Nämé')).toMatchObject({
      filename: 'unicode-name.md',
      contentType: 'text/markdown; charset=utf-8',
    })
    expect(buildExport(source([]), 'json', '../../etc/passwd"')).toMatchObject({
      filename: 'etc-passwd.json',
    })
    expect(safeFileBase('★★★')).toBe('collection')
  })
})
