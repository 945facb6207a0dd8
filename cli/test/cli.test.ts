import { execFileSync } from 'node:child_process'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readNaviCheat } from '../../server/test/navi-cheat.ts'
import {
  api,
  BB,
  type CreatedPost,
  createPost,
  createToken,
  makeHome,
  runCli,
  type Site,
  setPostText,
  signIn,
  startSite,
} from './harness.ts'
import { requireTmux, terminalWith } from './tmux.ts'
import { UNSAFE_OUTPUT } from './unsafe.ts'

// The real binary against one real server: every command a script would use, their JSON and exit
// codes, two journeys in a real terminal (tmux), and offline use once the server has stopped (last, as
// it stops the server).
describe('bashboard CLI against a real server', () => {
  let site: Site
  let home: Awaited<ReturnType<typeof makeHome>>
  let env: Record<string, string>
  let memberSession: string
  let fullToken: string
  let readOnlyToken: string
  let revokedToken: { token: string; id: string }
  let rsync: CreatedPost
  let evil: CreatedPost
  let counter: CreatedPost
  let tarball: CreatedPost

  beforeAll(async () => {
    requireTmux()
    site = await startSite('cli')
    home = await makeHome()
    env = { ...home.env, BASHBOARD_URL: site.baseUrl }
    const contributor = await signIn(site, 'demo_contributor', 'bashboard-contributor')
    rsync = await createPost(site, contributor, {
      title: 'Mirror a folder to the quokkabackup host',
      command: 'rsync -av <source> {{user}}@<host>:/backup',
      description:
        '<p>Copies <code>source</code> to the <strong>backup</strong> host.</p><ul><li>keeps modes</li></ul>',
    })
    evil = await createPost(site, contributor, {
      title: 'Evil red title quokkaevil',
      command: 'echo hi <name>',
      description: '<p>desc \u001b[5m blink &#27;]52;c;ZXZpbA==&#7; end</p>',
    })
    // The API refuses control characters and text-direction marks in titles and commands; rows written
    // before that rule (or by another path) still carry them, and the CLI must not hand them to the terminal.
    const evilText = {
      title: 'Evil \u001b[31mred\u001b]0;pwned\u0007 title \u009b2J quokkaevil',
      command: 'echo \u001b[2Jhi \u202e<name>',
    }
    await setPostText(site, evil._id, evilText)
    evil = { ...evil, ...evilText }
    counter = await createPost(site, contributor, {
      title: 'Count wombatlines in a file',
      command: 'wc -l <file>',
      description: '<p>Counts lines.</p>',
    })
    tarball = await createPost(site, contributor, {
      title: 'Pack the quokka folder into a tarball',
      command: 'tar -czf {{quokka.tar.gz}} {{path/to/quokka}} 2>/dev/null',
      description: '<p>Packs a folder.</p>',
    })
    memberSession = await signIn(site, 'demo_member', 'bashboard-member')
    fullToken = (await createToken(site, memberSession, 'cli full', ['read', 'vote', 'save'])).token
    readOnlyToken = (await createToken(site, memberSession, 'cli read', ['read'])).token
    revokedToken = await createToken(site, memberSession, 'cli revoked', ['read', 'vote'])
  })

  afterAll(async () => {
    await site?.stop()
    await home?.remove()
  })

  it('logs in with a token, stores it 0600 in a 0700 directory, and whoami answers', async () => {
    const login = await runCli(['login', '--token', fullToken], env)
    expect(login.stderr).not.toMatch(/password/i)
    expect(login.code).toBe(0)
    expect(login.stdout).toContain('demo_member')

    const configFile = join(env.XDG_CONFIG_HOME as string, 'bashboard', 'config.json')
    expect((await stat(configFile)).mode & 0o777).toBe(0o600)
    expect((await stat(join(env.XDG_CONFIG_HOME as string, 'bashboard'))).mode & 0o777).toBe(0o700)
    const stored = JSON.parse(await readFile(configFile, 'utf8'))
    expect(stored).toMatchObject({ token: fullToken, url: site.baseUrl, username: 'demo_member' })

    const whoami = await runCli(['whoami'], env)
    expect(whoami.code).toBe(0)
    expect(whoami.stdout).toContain('demo_member (member')
    const json = JSON.parse((await runCli(['whoami', '--json'], env)).stdout)
    expect(json).toMatchObject({ username: 'demo_member', role: 'member', url: site.baseUrl })
  })

  it('reads the token from stdin when not given, and refuses what is not a token (exit 2)', async () => {
    const other = await makeHome()
    try {
      const piped = await runCli(
        ['login'],
        { ...other.env, BASHBOARD_URL: site.baseUrl },
        { input: `${fullToken}\n` },
      )
      expect(piped.code).toBe(0)
      const wrong = await runCli(['login', '--token', 'hunter2'], {
        ...other.env,
        BASHBOARD_URL: site.baseUrl,
      })
      expect(wrong.code).toBe(2)
      expect(wrong.stderr).toContain('bb_pat_')
    } finally {
      await other.remove()
    }
  })

  it('searches, as text without colour when piped and as JSON', async () => {
    const text = await runCli(['search', 'quokkabackup'], env)
    expect(text.code).toBe(0)
    expect(text.stdout).toContain('Mirror a folder to the quokkabackup host')
    expect(text.stdout).toContain('rsync -av <source> {{user}}@<host>:/backup')
    expect(text.stdout).not.toContain('\u001b')

    const json = JSON.parse((await runCli(['search', 'quokkabackup', '--json'], env)).stdout)
    expect(json.results[0]).toMatchObject({
      id: rsync._id,
      slug: rsync.slug,
      placeholders: ['source', 'user', 'host'],
      url: `${site.baseUrl}/post/${rsync.slug}`,
    })
  })

  it('shows a post with its description rendered for the terminal, and 4 for an unknown one', async () => {
    const shown = await runCli(['show', rsync.slug], env)
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain('Copies source to the backup host.')
    expect(shown.stdout).toContain('• keeps modes')
    expect(shown.stdout).toContain('placeholders: source, user, host')
    expect(shown.stdout).not.toMatch(/<p>|<code>|<li>/)

    const byId = JSON.parse((await runCli(['show', rsync._id, '--json'], env)).stdout)
    expect(byId.post).toMatchObject({
      slug: rsync.slug,
      description: 'Copies source to the backup host.\nkeeps modes',
    })

    const missing = await runCli(['show', 'no-such-command-anywhere'], env)
    expect(missing.code).toBe(4)
    expect(missing.stderr).toContain('no command "no-such-command-anywhere"')
  })

  it('fills placeholders from --set, and refuses missing or unknown ones with exit 2', async () => {
    const filled = await runCli(
      ['fill', rsync.slug, '--set', 'source=./photos/', '--set', 'user=ana', '--set', 'host=nas.local'],
      env,
    )
    expect(filled.code).toBe(0)
    expect(filled.stdout).toBe('rsync -av ./photos/ ana@nas.local:/backup\n')
    expect(filled.stderr).not.toContain('unfilled')

    const run = await runCli(
      ['run', rsync.slug, '-s', 'source=a=b', '-s', 'user=u', '-s', 'host=h', '--json'],
      env,
    )
    expect(JSON.parse(run.stdout)).toMatchObject({
      slug: rsync.slug,
      command: 'rsync -av a=b u@h:/backup',
      unfilled: [],
    })

    // A blank value fills nothing: the placeholder stays as written, and stderr names it.
    const blank = await runCli(['fill', rsync.slug, '-s', 'source=a', '-s', 'user=', '-s', 'host= '], env)
    expect(blank.code).toBe(0)
    expect(blank.stdout).toBe('rsync -av a {{user}}@<host>:/backup\n')
    expect(blank.stderr).toContain('2 placeholders unfilled: {{user}}, <host>')
    const blankJson = await runCli(
      ['fill', rsync.slug, '-s', 'source=a', '-s', 'user=b', '-s', 'host=', '--json'],
      env,
    )
    expect(JSON.parse(blankJson.stdout)).toMatchObject({
      command: 'rsync -av a b@<host>:/backup',
      unfilled: ['<host>'],
    })

    const missing = await runCli(['fill', rsync.slug, '--set', 'source=x'], env)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('missing values for user, host')

    const unknown = await runCli(['fill', rsync.slug, '--set', 'nope=1'], env)
    expect(unknown.code).toBe(2)
  })

  it('copies by printing when there is no clipboard and no terminal', async () => {
    const copied = await runCli(['copy', rsync.slug], env)
    expect(copied.code).toBe(0)
    expect(copied.stdout).toBe('rsync -av <source> {{user}}@<host>:/backup\n')
    expect(copied.stderr).toContain('printed the command instead')
    expect(copied.stderr).toContain('3 placeholders unfilled: <source>, {{user}}, <host>')
  })

  it('votes, and explains a missing scope and a revoked token (exit 1)', async () => {
    const up = JSON.parse((await runCli(['up', rsync.slug, '--json'], env)).stdout)
    expect(up).toMatchObject({ id: rsync._id, upvotes: 1, downvotes: 0, vote: 'up', changed: true })
    // The vote already held, pressed again, changes nothing and says so.
    const upAgain = await runCli(['up', rsync.slug], env)
    expect(upAgain.code).toBe(0)
    expect(upAgain.stdout).toContain('▲ already upvoted')
    const down = await runCli(['down', rsync.slug], env)
    expect(down.code).toBe(0)
    expect(down.stdout).toContain('▼ downvoted')
    const downAgain = await runCli(['down', rsync.slug], env)
    expect(downAgain.code).toBe(0)
    expect(downAgain.stdout).toContain('▼ already downvoted')
    const downJson = JSON.parse((await runCli(['down', rsync.slug, '--json'], env)).stdout)
    expect(downJson).toMatchObject({ upvotes: 0, downvotes: 1, vote: 'down', changed: false })
    const detail = await api<{ post: { uplikeCount: number; downlikeCount: number } }>(
      site,
      'GET',
      `/api/posts/${rsync._id}`,
    )
    expect(detail.post).toMatchObject({ uplikeCount: 0, downlikeCount: 1 })

    const noScope = await runCli(['up', rsync.slug], { ...env, BASHBOARD_TOKEN: readOnlyToken })
    expect(noScope.code).toBe(1)
    expect(noScope.stderr).toContain('lacks the "vote" scope')

    await api(site, 'DELETE', `/api/tokens/${revokedToken.id}`, { bearer: memberSession })
    const revoked = await runCli(['whoami'], { ...env, BASHBOARD_TOKEN: revokedToken.token })
    expect(revoked.code).toBe(1)
    expect(revoked.stderr).toContain('revoked')
    expect(revoked.stderr).toContain('bashboard login')
  })

  it('saves, lists saved commands and collections, and exports navi, tldr and JSON', async () => {
    expect((await runCli(['save', rsync.slug], env)).code).toBe(0)
    const toCollection = await runCli(['save', evil.slug, '--to', 'Quokka tools'], env)
    expect(toCollection.code).toBe(0)
    expect(toCollection.stderr).toContain('created the private collection "Quokka tools"')

    const saved = JSON.parse((await runCli(['saved', '--json'], env)).stdout)
    expect(saved.results.map((post: { slug: string }) => post.slug).sort()).toEqual(
      [evil.slug, rsync.slug].sort(),
    )

    const collections = JSON.parse((await runCli(['collections', '--json'], env)).stdout)
    expect(collections.collections).toEqual([
      expect.objectContaining({ name: 'Quokka tools', slug: 'quokka-tools', public: false, commands: 1 }),
    ])
    const one = JSON.parse((await runCli(['collections', 'quokka tools', '--json'], env)).stdout)
    expect(one.results.map((post: { id: string }) => post.id)).toEqual([evil._id])

    const navi = await runCli(['export', '--format', 'navi'], env)
    expect(navi.code).toBe(0)
    expect(navi.stdout).toMatch(/^% /m)
    expect(navi.stdout).toContain('# Mirror a folder to the quokkabackup host')
    expect(navi.stdout).not.toContain('\u001b')

    const tldr = await runCli(['export', '--collection', 'Quokka tools', '--format', 'tldr'], env)
    expect(tldr.stdout).toMatch(/^# Quokka tools/m)

    const file = join(home.home, 'saved.json')
    expect((await runCli(['export', '--format', 'json', '-o', file], env)).code).toBe(0)
    const exported = JSON.parse(await readFile(file, 'utf8'))
    expect(exported.posts.map((post: { command: string }) => post.command)).toContain(rsync.command)

    const unsaved = await runCli(['unsave', rsync.slug, '--json'], env)
    expect(JSON.parse(unsaved.stdout)).toMatchObject({ id: rsync._id, saved: false })
  })

  it('exports placeholders navi can fill, in the file the site sends, which navi reads as meant', async () => {
    expect((await runCli(['save', tarball.slug, '--to', 'Navi quokkas'], env)).code).toBe(0)
    const navi = await runCli(['export', '--collection', 'Navi quokkas', '-f', 'navi'], env)
    expect(navi.code).toBe(0)
    expect(navi.stdout).toContain('\ntar -czf <quokka_tar_gz> <path_to_quokka> 2>/dev/null\n')
    const file = readNaviCheat(navi.stdout)
    expect(file.problems).toEqual([])
    expect(file.commands.map((command) => [command.description, command.variables])).toEqual([
      [tarball.title, ['<quokka_tar_gz>', '<path_to_quokka>']],
    ])

    const { collections } = JSON.parse((await runCli(['collections', '--json'], env)).stdout)
    const collection = collections.find((c: { name: string }) => c.name === 'Navi quokkas')
    const served = await fetch(`${site.baseUrl}/api/collections/${collection.id}/export?format=navi`, {
      headers: { authorization: `Bearer ${fullToken}` },
    })
    expect(navi.stdout).toBe(await served.text())

    // Everything saved, the escape-laden post included, still reads as navi means it.
    const saved = await runCli(['export', '-f', 'navi'], env)
    expect(saved.code).toBe(0)
    expect(readNaviCheat(saved.stdout).problems).toEqual([])
    // The offline test below expects the saved list as it was.
    expect((await runCli(['unsave', tarball.slug], env)).code).toBe(0)
  })

  it('strips terminal escape sequences from everything the server sends', async () => {
    const runs = [
      ['show', evil.slug],
      ['search', 'quokkaevil'],
      ['fill', evil.slug, '--set', 'name=x'],
      ['saved'],
      ['collections', 'quokka-tools'],
    ]
    const results = await Promise.all(runs.map((args) => runCli(args, env)))
    for (const [index, args] of runs.entries()) {
      const result = results[index] as Awaited<ReturnType<typeof runCli>>
      expect(result.code, args.join(' ')).toBe(0)
      expect(result.stdout, args.join(' ')).not.toMatch(UNSAFE_OUTPUT)
      expect(result.stdout, args.join(' ')).toContain(args[0] === 'fill' ? 'echo hi x' : 'quokkaevil')
    }
    const shown = (await runCli(['show', evil.slug], env)).stdout
    expect(shown).toContain('Evil red title 2J quokkaevil')
    // The OSC 52 clipboard write written as entities goes whole, payload and all.
    expect(shown).toContain('desc blink end')

    // JSON keeps the text exact, escaped so the bytes are inert on a terminal.
    const json = await runCli(['show', evil.slug, '--json'], env)
    expect(json.stdout).not.toMatch(UNSAFE_OUTPUT)
    expect(JSON.parse(json.stdout).post.title).toBe(evil.title)
  })

  it('prints shell widgets that bind a key and set the prompt line', async () => {
    const [bash, zsh, fish] = await Promise.all(
      ['bash', 'zsh', 'fish'].map((shell) => runCli(['widget', shell], env)),
    )
    expect(bash?.code).toBe(0)
    expect(bash?.stdout).toContain('READLINE_LINE="$selected"')
    expect(bash?.stdout).toContain('bind -x \'"\\C-x\\C-b": __bashboard_widget\'')
    expect(bash?.stdout).toContain('search --pick')
    // The script parses in bash as printed.
    execFileSync('bash', ['-n'], { input: bash?.stdout })
    expect(zsh?.stdout).toContain('LBUFFER="$selected"')
    expect(fish?.stdout).toContain('commandline --replace -- $selected')
  })

  it('answers usage errors with 2 and help with 0', async () => {
    const codes = await Promise.all(
      [
        ['frobnicate'],
        ['search'],
        ['widget', 'powershell'],
        ['export', '--format', 'pdf'],
        ['search', 'tar', '-n', '0'],
      ].map(async (args) => [args.join(' '), (await runCli(args, env)).code]),
    )
    for (const [args, code] of codes) expect(code, String(args)).toBe(2)
    const alias = await runCli(['--version'], env, { bin: BB })
    expect(alias).toMatchObject({ code: 0, stdout: '0.1.0\n' })
    const help = await runCli(['fill', '--help'], env)
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('--set <name=value>')
  })

  it('says so clearly when the site cannot be reached', async () => {
    const result = await runCli(['whoami'], { ...env, BASHBOARD_URL: 'http://127.0.0.1:9' })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('cannot reach Bashboard at http://127.0.0.1:9')
  })

  it('fills a command interactively: one prompt per placeholder, then the command', async () => {
    const tmux = terminalWith(env)
    tmux.start()
    try {
      await tmux.waitFor(/^\$/m)
      tmux.type(`bashboard fill ${rsync.slug}; echo "exit=$?"`)
      tmux.keys('Enter')
      await tmux.waitFor('source:')
      tmux.type('./photos/')
      tmux.keys('Enter')
      await tmux.waitFor('user:')
      tmux.type('ana')
      tmux.keys('Enter')
      await tmux.waitFor('host:')
      tmux.type('nas.local')
      tmux.keys('Enter')
      const screen = await tmux.waitFor(/^exit=0$/m)
      expect(screen).toContain('rsync -av ./photos/ ana@nas.local:/backup')
    } finally {
      tmux.stop()
    }
  })

  it('colours a terminal, unless NO_COLOR is set', async () => {
    const tmux = terminalWith(env)
    tmux.start()
    try {
      await tmux.waitFor(/^\$/m)
      tmux.type('env -u NO_COLOR bashboard search quokkabackup -n 1; echo first=done')
      tmux.keys('Enter')
      await tmux.waitFor(/^first=done$/m)
      const coloured = tmux.screen(true)
      tmux.keys('clear', 'Enter')
      tmux.type('NO_COLOR=1 bashboard search quokkabackup -n 1; echo second=done')
      tmux.keys('Enter')
      await tmux.waitFor(/^second=done$/m)
      const plain = tmux.screen(true)
      expect(coloured).toContain('Mirror a folder to the quokkabackup host')
      const titleLine = coloured.split('\n').find((line) => line.includes('Mirror a folder')) ?? ''
      expect(titleLine).toContain('\u001b[')
      expect(plain).toContain('Mirror a folder to the quokkabackup host')
      expect(plain).not.toContain('\u001b[')
    } finally {
      tmux.stop()
    }
  })

  it('copies through the terminal (OSC 52) when stdout is one', async () => {
    const tmux = terminalWith(env)
    tmux.start()
    try {
      // With set-clipboard on, tmux takes an application's OSC 52 into its paste buffer.
      tmux.command('set', '-g', 'set-clipboard', 'on')
      await tmux.waitFor(/^\$/m)
      // Forced, so a desktop clipboard tool on the machine running the tests is not used instead.
      tmux.type(
        `BASHBOARD_CLIPBOARD=osc52 bashboard fill ${rsync.slug} -s source=a -s user=b -s host=c --copy; echo "copied=$?"`,
      )
      tmux.keys('Enter')
      const screen = await tmux.waitFor(/^copied=0$/m)
      expect(screen).toContain('copied to the clipboard (through the terminal, OSC 52)')
      expect(tmux.command('show-buffer')).toBe('rsync -av a b@c:/backup')
    } finally {
      tmux.stop()
    }
  })

  it('the bash widget picks a command and puts it, filled, on the prompt line', async () => {
    const tmux = terminalWith(env)
    tmux.start()
    try {
      await tmux.waitFor(/^\$/m)
      tmux.type('eval "$(bashboard widget bash)"; echo widget=ready')
      tmux.keys('Enter')
      await tmux.waitFor(/^widget=ready$/m)
      tmux.keys('clear', 'Enter')
      // The words already on the line are the first query.
      tmux.type('wombatlines')
      tmux.keys('C-x', 'C-b')
      await tmux.waitFor('Count wombatlines in a file')
      tmux.keys('Enter')
      await tmux.waitFor('file:')
      tmux.type('notes.txt')
      tmux.keys('Enter')
      await tmux.waitFor(/\$ wc -l notes\.txt/)
      // Prove it is on the line being edited: prefix it with echo and run it.
      tmux.keys('C-a')
      tmux.type('echo picked: ')
      tmux.keys('Enter')
      await tmux.waitFor(/^picked: wc -l notes\.txt$/m)
    } finally {
      tmux.stop()
    }
  })

  it('works from the cache after the server stops, and says so', async () => {
    expect((await runCli(['save', rsync.slug], env)).code).toBe(0)
    expect((await runCli(['saved'], env)).code).toBe(0)
    expect((await runCli(['show', counter.slug], env)).code).toBe(0)
    // The copy may hold private collections: readable by its owner only, like the config file.
    const cacheDir = join(env.XDG_CACHE_HOME as string, 'bashboard')
    const [siteDir] = await readdir(cacheDir)
    expect((await stat(join(cacheDir, siteDir as string, 'cache.json'))).mode & 0o777).toBe(0o600)

    await site.stop()

    const search = await runCli(['search', 'quokkabackup'], env)
    expect(search.code).toBe(0)
    expect(search.stderr).toContain('offline: showing cached results')
    expect(search.stdout).toContain('Mirror a folder to the quokkabackup host')

    const shown = await runCli(['show', counter.slug, '--json'], env)
    expect(shown.code).toBe(0)
    expect(JSON.parse(shown.stdout).post.command).toBe('wc -l <file>')
    expect(shown.stderr).toContain('offline')

    const filled = await runCli(['fill', rsync.slug, '-s', 'source=a', '-s', 'user=b', '-s', 'host=c'], env)
    expect(filled.stdout).toBe('rsync -av a b@c:/backup\n')
    expect(filled.stderr).toContain('offline')

    const copied = await runCli(['copy', counter.slug], env)
    expect(copied.code).toBe(0)
    expect(copied.stdout).toBe('wc -l <file>\n')

    const saved = JSON.parse((await runCli(['saved', '--json'], env)).stdout)
    expect(saved.results.map((item: { id: string }) => item.id)).toEqual([rsync._id, evil._id])

    const uncached = await runCli(['show', 'never-fetched-before'], env)
    expect(uncached.code).toBe(1)
    expect(uncached.stderr).toContain(`cannot reach Bashboard at ${site.baseUrl}`)
    expect(uncached.stderr).toContain('offline cache has no copy')
  })

  it('logs out: the token leaves the config file', async () => {
    const out = await runCli(['logout'], env)
    expect(out.code).toBe(0)
    const config = await readFile(
      join(env.XDG_CONFIG_HOME as string, 'bashboard', 'config.json'),
      'utf8',
    ).catch(() => '{}')
    expect(JSON.parse(config).token).toBeUndefined()
    const whoami = await runCli(['whoami'], env)
    expect(whoami.code).toBe(1)
    expect(whoami.stderr).toContain('not logged in')
  })
})
