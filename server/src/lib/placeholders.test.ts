import { DEMO_COMMANDS } from '@bashboard/db'
import { describe, expect, it } from 'vitest'
import {
  fillPlaceholders,
  findPlaceholders,
  PLACEHOLDER_NAME_MAX_LENGTH,
  splitCommand,
  unfilledPlaceholders,
} from '../contract/placeholders.ts'

describe('unfilledPlaceholders', () => {
  it('names the placeholders left without a value once each, as first written, in order', () => {
    const command = 'cp <file> {{path/to/dir}} && ls {{path/to/dir}} <file> <mode>'
    expect(unfilledPlaceholders(command, {})).toEqual(['<file>', '{{path/to/dir}}', '<mode>'])
    // A blank value fills nothing, so its placeholder is still named.
    expect(unfilledPlaceholders(command, { file: 'a.txt', 'path/to/dir': '  ' })).toEqual([
      '{{path/to/dir}}',
      '<mode>',
    ])
    expect(unfilledPlaceholders(command, { file: 'a', 'path/to/dir': 'b', mode: 'c' })).toEqual([])
    expect(unfilledPlaceholders('ls -la', {})).toEqual([])
  })
})

describe('findPlaceholders: the tldr form {{…}}', () => {
  it('finds names in order of first use', () => {
    expect(findPlaceholders('tar -czf {{archive.tar.gz}} {{path/to/directory}}')).toEqual([
      'archive.tar.gz',
      'path/to/directory',
    ])
  })

  it('trims spaces around a name and lists a repeated name once', () => {
    expect(findPlaceholders('cp {{ file }} {{file}}.bak && ls {{file}}')).toEqual(['file'])
  })

  it('accepts any text but braces and line breaks, up to the length limit', () => {
    expect(findPlaceholders('ffmpeg -ss {{00:01:00}} -t {{30}} {{[-a|--all]}} {{user@host}}')).toEqual([
      '00:01:00',
      '30',
      '[-a|--all]',
      'user@host',
    ])
    const longest = 'x'.repeat(PLACEHOLDER_NAME_MAX_LENGTH)
    expect(findPlaceholders(`echo {{${longest}}}`)).toEqual([longest])
    expect(findPlaceholders(`echo {{${longest}y}}`)).toEqual([])
  })

  it('ignores empty, blank, multi-line and tripled braces', () => {
    expect(findPlaceholders('echo {{}} {{  }} {{a\nb}} {{{x}}} {{y}}}')).toEqual([])
  })

  it('ignores GitHub Actions expressions', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a CI expression, the very text under test
    expect(findPlaceholders('echo "${{ secrets.TOKEN }}"')).toEqual([])
  })

  it('ignores Go and Helm template actions', () => {
    for (const command of [
      "docker ps --format '{{.Names}}\\t{{.Status}}'",
      "docker inspect -f '{{json .Config.Env}}' web",
      'docker inspect -f \'{{index .Config.Labels "app"}}\' web',
      'kubectl get pods -o go-template=\'{{range .items}}{{.metadata.name}}{{"\\n"}}{{end}}\'',
      "docker inspect -f '{{if .State.Running}}up{{else}}down{{end}}' web",
      "helm template . --set x='{{- $name := .Release.Name -}}'",
      "echo '{{/* comment */}}' '{{$x}}' '{{`raw`}}' '{{with .A}}' '{{break}}' '{{continue}}'",
    ]) {
      expect(findPlaceholders(command), command).toEqual([])
    }
  })
})

describe('findPlaceholders: the navi form <name>', () => {
  it('finds names made of letters, digits, _ and - that start with a letter or _', () => {
    expect(findPlaceholders('ssh -L <local_port>:localhost:<remote_port> <user>@<host>')).toEqual([
      'local_port',
      'remote_port',
      'user',
      'host',
    ])
    expect(findPlaceholders('kubectl logs <pod-name> -n <_ns2>')).toEqual(['pod-name', '_ns2'])
  })

  it('lists a repeated name once, at its first use', () => {
    expect(
      findPlaceholders('openssl s_client -connect <host>:<port> -servername <host> -showcerts </dev/null'),
    ).toEqual(['host', 'port'])
  })

  it('treats the two forms as one namespace', () => {
    expect(findPlaceholders('scp {{file}} <user>@<host>:<file>')).toEqual(['file', 'user', 'host'])
  })

  it('finds placeholders directly next to each other and inside quotes', () => {
    expect(findPlaceholders('git log --author=\'<name>\' --since="<date>" <a><b>')).toEqual([
      'name',
      'date',
      'a',
      'b',
    ])
    expect(findPlaceholders('cd <dir>&&ls; sleep <seconds>& wait')).toEqual(['dir', 'seconds'])
  })

  it('ignores names that start with a digit or hold other characters, and over-long names', () => {
    expect(findPlaceholders('echo <1st> <a.b> <a b> <a/b> <> <-x> <é>')).toEqual([])
    expect(findPlaceholders(`echo <${'n'.repeat(PLACEHOLDER_NAME_MAX_LENGTH)}>`)).toEqual([
      'n'.repeat(PLACEHOLDER_NAME_MAX_LENGTH),
    ])
    expect(findPlaceholders(`echo <${'n'.repeat(PLACEHOLDER_NAME_MAX_LENGTH + 1)}>`)).toEqual([])
  })
})

describe('findPlaceholders never reads a shell redirection as a placeholder', () => {
  const redirections = [
    'sort < in.txt > out.txt',
    'sort <in.txt >out.txt',
    'sort <in >out',
    'cat <file',
    'cat < file',
    'make 2>&1 | tee build.log',
    'nohup ./job.sh > job.log 2>&1 &',
    'cmd &> all.log',
    'cmd &>> all.log',
    'cmd >> out.log 2>> err.log',
    'cmd 0<input 1>output',
    'exec 3<>/dev/tcp/example.com/80',
    'exec 3<&0 4>&-',
    'cmd <&3',
    'cmd </dev/null >/dev/null 2>/dev/null',
    'openssl s_client -connect example.com:443 </dev/null',
    'cmd <in>>out',
    'cmd <in>&2',
    'cmd <in>&-',
    'cmd >| clobbered.txt',
  ]
  for (const command of redirections) {
    it(`finds nothing in: ${command}`, () => {
      expect(findPlaceholders(command)).toEqual([])
    })
  }

  it('finds nothing in here-documents and here-strings', () => {
    expect(findPlaceholders('cat <<EOF > out.txt\nhello\nEOF')).toEqual([])
    expect(findPlaceholders("cat <<'EOF'\nhello\nEOF")).toEqual([])
    expect(findPlaceholders('cat <<-END\n\thello\n\tEND')).toEqual([])
    expect(findPlaceholders('cat <<EOF>out.txt\nhello\nEOF')).toEqual([])
    expect(findPlaceholders('grep -c foo <<< "$text"')).toEqual([])
    expect(findPlaceholders('wc -w <<<word')).toEqual([])
  })

  it('finds nothing in process substitution', () => {
    expect(findPlaceholders('diff <(ls a) <(ls b)')).toEqual([])
    expect(findPlaceholders('tee >(gzip > out.gz) >(wc -l) < in.txt')).toEqual([])
    expect(findPlaceholders('paste <(cut -f1 a) <(cut -f2 b) > both.tsv')).toEqual([])
  })

  it('finds nothing in comparisons and arithmetic', () => {
    expect(findPlaceholders("awk '$3 >= 1000 && $3 < 65534 { print $1 }' /etc/passwd")).toEqual([])
    expect(findPlaceholders('(( a<b && b>c ))')).toEqual([])
    expect(findPlaceholders('[[ $a < $b ]] && echo less')).toEqual([])
  })

  it('still finds placeholders beside redirections', () => {
    expect(findPlaceholders('sort < <input_file> > <output_file>')).toEqual(['input_file', 'output_file'])
    expect(findPlaceholders('find {{dir}} -mmin -{{60}} 2>/dev/null')).toEqual(['dir', '60'])
    expect(findPlaceholders('pg_dump <db> > <db>.sql 2>&1')).toEqual(['db'])
  })
})

describe('fillPlaceholders', () => {
  const command = 'ssh -p <port> <user>@<host> -- cat {{file}} > <user>-{{file}}'

  it('replaces every use of each filled name with the value as typed', () => {
    expect(
      fillPlaceholders(command, { port: '2222', user: 'ada', host: 'db.example.com', file: 'a b' }),
    ).toBe('ssh -p 2222 ada@db.example.com -- cat a b > ada-a b')
  })

  it('leaves empty, blank and missing values as written', () => {
    expect(fillPlaceholders(command, {})).toBe(command)
    expect(fillPlaceholders(command, { user: '', host: '   ', file: 'x' })).toBe(
      'ssh -p <port> <user>@<host> -- cat x > <user>-x',
    )
  })

  it('ignores values of names the command does not use, even object property names', () => {
    expect(fillPlaceholders('echo <constructor> <toString>', { other: 'x' })).toBe(
      'echo <constructor> <toString>',
    )
  })

  it('leaves redirections and template actions alone', () => {
    const mixed = "docker ps --format '{{.Names}}' 2>&1 | grep <name> < in.txt"
    expect(fillPlaceholders(mixed, { name: 'web', '.Names': 'x', in: 'y' })).toBe(
      "docker ps --format '{{.Names}}' 2>&1 | grep web < in.txt",
    )
  })

  it('does not fill a placeholder a value has just written', () => {
    expect(fillPlaceholders('echo <a> <b>', { a: '<b>', b: 'B' })).toBe('echo <b> B')
  })
})

describe('splitCommand', () => {
  it('cuts a command into text and placeholders that join back to the command', () => {
    const command = 'tar -czf {{archive.tar.gz}} <dir> 2>/dev/null'
    const segments = splitCommand(command)
    expect(segments).toEqual([
      { kind: 'text', text: 'tar -czf ' },
      { kind: 'placeholder', form: 'tldr', name: 'archive.tar.gz', text: '{{archive.tar.gz}}' },
      { kind: 'text', text: ' ' },
      { kind: 'placeholder', form: 'navi', name: 'dir', text: '<dir>' },
      { kind: 'text', text: ' 2>/dev/null' },
    ])
    expect(segments.map((segment) => segment.text).join('')).toBe(command)
  })

  it('gives one text segment for a command without placeholders and none for an empty one', () => {
    expect(splitCommand('ls -la')).toEqual([{ kind: 'text', text: 'ls -la' }])
    expect(splitCommand('')).toEqual([])
  })
})

// The placeholders each seeded command must show; every other seeded command has none.
const SEEDED_WITH_PLACEHOLDERS: Record<string, string[]> = {
  'tar -czf {{archive.tar.gz}} {{path/to/directory}}': ['archive.tar.gz', 'path/to/directory'],
  'ffmpeg -ss {{00:01:00}} -i {{input.mp4}} -t {{30}} -c copy {{clip.mp4}}': [
    '00:01:00',
    'input.mp4',
    '30',
    'clip.mp4',
  ],
  'find {{path/to/directory}} -type f -mmin -{{60}} 2>/dev/null': ['path/to/directory', '60'],
  'ssh-copy-id -i ~/.ssh/<key_name>.pub <user>@<host>': ['key_name', 'user', 'host'],
  'openssl s_client -connect <host>:<port> -servername <host> -showcerts </dev/null': ['host', 'port'],
  "git log --author='<name>' --since='<date>' --oneline": ['name', 'date'],
  'docker run --rm -it -v "$PWD":/src -w /src <image> sh': ['image'],
}

describe('every seeded command', () => {
  it('includes each command listed here with placeholders', () => {
    const seeded = new Set(DEMO_COMMANDS.map((command) => command.command))
    for (const command of Object.keys(SEEDED_WITH_PLACEHOLDERS)) expect(seeded, command).toContain(command)
  })

  for (const seed of DEMO_COMMANDS) {
    const expected = SEEDED_WITH_PLACEHOLDERS[seed.command] ?? []
    it(`reads ${JSON.stringify(expected)} in: ${seed.command}`, () => {
      expect(findPlaceholders(seed.command)).toEqual(expected)
      // Filling nothing gives the command back, and filling every name leaves no placeholder behind.
      expect(fillPlaceholders(seed.command, {})).toBe(seed.command)
      const filled = fillPlaceholders(seed.command, Object.fromEntries(expected.map((name) => [name, 'v'])))
      expect(findPlaceholders(filled)).toEqual([])
    })
  }
})
