import { spawnSync } from 'node:child_process'
import { DEMO_COMMANDS } from '@bashboard/db'
import { Value } from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { fillAsNavi, readNaviCheat } from '../../../test/navi-cheat.ts'
import { CollectionExport } from '../../contract/collections.ts'
import { fillPlaceholders, findPlaceholders } from '../../contract/placeholders.ts'
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

/** What bash prints for a command (to check two spellings are the same words to the shell). */
function bashOutput(command: string): string {
  const run = spawnSync('bash', ['-c', command], { encoding: 'utf8' })
  expect(run.status, run.stderr).toBe(0)
  return run.stdout
}

describe('placeholder conversion', () => {
  it('writes tldr placeholders in navi’s form, and keeps navi ones', () => {
    expect(toNaviCommand('scp {{file}} <user>@{{ host }}:/tmp')).toBe('scp <file> <user>@<host>:/tmp')
    expect(toNaviCommand('cp {{file}} {{file}}.bak && diff <file> {{file}}.bak')).toBe(
      'cp <file> <file>.bak && diff <file> <file>.bak',
    )
  })

  it('gives placeholders navi cannot fill a name it can, which this site also reads', () => {
    expect(toNaviCommand('tar -czf {{archive.tar.gz}} {{path/to/directory}}')).toBe(
      'tar -czf <archive_tar_gz> <path_to_directory>',
    )
    // navi would read `<30>`, this site would not: a name starts with a letter or `_` here.
    expect(toNaviCommand('ffmpeg -ss {{00:01:00}} -t {{30}} -i {{input.mp4}}')).toBe(
      'ffmpeg -ss <_00_01_00> -t <_30> -i <input_mp4>',
    )
    expect(toNaviCommand('ls {{[-a|--all]}} {{répertoire}} {{日本}}')).toBe('ls <a_all> <repertoire> <value>')
    const long = 'a'.repeat(60)
    expect(toNaviCommand(`cp {{${long}.txt}} .`)).toBe(`cp <${long}_txt> .`)
    expect(findPlaceholders(toNaviCommand(`cp {{${long}.txt}} {{${long}/txt}} .`))).toEqual([
      `${long}_txt`,
      // Cut to 64 characters to make room for the suffix.
      `${long}_t_2`,
    ])
  })

  it('never lets two placeholders share one navi variable', () => {
    // The author's own <a_b> keeps its name; the converted ones step aside.
    expect(toNaviCommand('cp {{a.b}} {{a/b}} <a_b>')).toBe('cp <a_b_2> <a_b_3> <a_b>')
    // navi keeps <a-b> and <a_b> in one environment variable, a_b.
    expect(toNaviCommand('echo <a-b> <a_b>')).toBe('echo <a-b> <a_b_2>')
  })

  it('keeps what navi would take for a variable but is none from being one, without changing the words', () => {
    // Redirections written without spaces: navi's pattern does not know them.
    expect(toNaviCommand('sort 0<in>out')).toBe("sort 0<''in>out")
    expect(toNaviCommand('cmd <in>&2')).toBe("cmd <''in>&2")
    // Quoted ones are text: the empty string is inserted in the quotes in force there.
    const quoted = `printf '%s|' "2<b>" 'x<1>' "<9>" $'<1>\\n'`
    const converted = toNaviCommand(quoted)
    expect(converted).toBe(`printf '%s|' "2<""b>" 'x<''1>' "<""9>" $'<'$'1>\\n'`)
    expect(readNaviCheat(`% t\n# d\n${converted}\n`).commands[0]?.variables).toEqual([])
    expect(bashOutput(converted)).toBe(bashOutput(quoted))
    // Redirections with spaces, here-documents and process substitution were never variables.
    for (const command of ['sort < in.txt > out.txt 2>&1', 'cat <<EOF > /tmp/x', 'diff <(ls a) <(ls b)'])
      expect(toNaviCommand(command)).toBe(command)
    expect(toNaviCommand('cat <<EOF > {{file}}')).toBe('cat <<EOF > <file>')
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

  it('keeps backticks as they are, and indents a line navi would take for a fence', () => {
    expect(toNavi(source([{ command: 'echo `date`' }]))).toContain('\necho `date`\n')
    expect(toNavi(source([{ command: 'cat <<EOF\n```\nEOF' }]))).toContain('\ncat <<EOF\n ```\nEOF\n')
  })

  it('reads, with navi’s rules, as every seeded command with its placeholders to fill', () => {
    const text = toNavi(source(DEMO_COMMANDS.map(({ title, command }) => ({ title, command }))))
    const file = readNaviCheat(text)
    expect(file.problems).toEqual([])
    expect(file.commands).toHaveLength(DEMO_COMMANDS.length)
    for (const [index, { title, command }] of DEMO_COMMANDS.entries()) {
      const cheat = file.commands[index]
      expect(cheat, title).toMatchObject({ tags: 'Daily tools', description: title })
      if (!cheat) continue
      // Each placeholder is one navi variable, in the same order; filling them in navi gives the
      // command this site fills with the same values (lines navi would misread are indented).
      const names = findPlaceholders(command)
      const variables = [...new Set(cheat.variables)].map((variable) => variable.slice(1, -1))
      expect(variables, command).toHaveLength(names.length)
      const values = (list: readonly string[]) =>
        Object.fromEntries(list.map((name, i) => [name.replaceAll('-', '_'), `value-${i}`]))
      const ours = fillPlaceholders(command, values(names))
      const expected = ours
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => (/^(?:[%#;$@]|```)/.test(line) ? ` ${line}` : line))
        .join('\n')
      expect(fillAsNavi(cheat, values(variables)), command).toBe(expected)
    }
    expect(text).toContain('\ntar -czf <archive_tar_gz> <path_to_directory>\n')
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
