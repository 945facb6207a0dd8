import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  api,
  type CreatedPost,
  createPost,
  createToken,
  makeHome,
  runCli,
  type Site,
  signIn,
  startSite,
} from './harness.ts'

/*
 * Every count the `bashboard` binary prints for people, read for 0, 1 and 2: the noun follows the number
 * (server/src/contract/plurals.ts), so "1 command" and "2 commands", never "1 commands". The web pages
 * are checked in web/src/app/counts.test.tsx, the curl text pages in server's terminal/counts.test.ts.
 */

// What no output may print: a 1 with a plural, or another number with a singular (the nouns the CLI uses).
const ONE_WITH_PLURAL = /(?<![\d,.])1 (commands|points|votes|upvotes|downvotes|saves|collections|comments)\b/
const MANY_WITH_SINGULAR =
  /(?<![\d,.])(0|[2-9]|[1-9][\d,]+) (command|point|vote|upvote|downvote|save|collection|comment)\b/

function expectNoMisreadCount(output: string): void {
  expect(output).not.toMatch(ONE_WITH_PLURAL)
  expect(output).not.toMatch(MANY_WITH_SINGULAR)
}

async function run(args: string[], env: Record<string, string>): Promise<string> {
  const result = await runCli(args, env)
  expect(result.code, `bashboard ${args.join(' ')}: ${result.stderr}`).toBe(0)
  expectNoMisreadCount(result.stdout)
  expectNoMisreadCount(result.stderr)
  return result.stdout
}

describe('counts the CLI prints', () => {
  let site: Site
  let home: Awaited<ReturnType<typeof makeHome>>
  let env: Record<string, string>
  let memberSession: string
  const posts: CreatedPost[] = []

  /** Sets the demo member's points behind the API's back: points are earned slowly otherwise. */
  async function setMemberPoints(points: number): Promise<void> {
    const client = new pg.Client({ connectionString: site.databaseUrl })
    await client.connect()
    try {
      await client.query('UPDATE users SET points = $1 WHERE username = $2', [points, 'demo_member'])
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    site = await startSite('counts')
    home = await makeHome()
    env = { ...home.env, BASHBOARD_URL: site.baseUrl }
    const contributor = await signIn(site, 'demo_contributor', 'bashboard-contributor')
    for (const word of ['wombatone', 'wombattwo'])
      posts.push(
        await createPost(site, contributor, {
          title: `Count the ${word} lines`,
          command: `wc -l ${word}.txt`,
          description: '<p>Counts lines.</p>',
        }),
      )
    memberSession = await signIn(site, 'demo_member', 'bashboard-member')
    const { token } = await createToken(site, memberSession, 'cli counts', ['read', 'vote', 'save'])
    expect((await runCli(['login', '--token', token], env)).code).toBe(0)
    // Collections of 0, 1 and 2 commands.
    for (const [name, items] of [
      ['Count none', []],
      ['Count single', [posts[0]]],
      ['Count pair', [posts[0], posts[1]]],
    ] as const) {
      const created = await api<{ _id: string }>(site, 'POST', '/api/collections', {
        bearer: memberSession,
        body: { name, description: '', public: false },
      })
      for (const post of items)
        await api(site, 'POST', `/api/collections/${created._id}/posts`, {
          bearer: memberSession,
          body: { postId: post?._id },
        })
    }
  })

  afterAll(async () => {
    await site?.stop()
    await home?.remove()
  })

  it('lists collections with "0 commands", "1 command" and "2 commands"', async () => {
    const lines = (await run(['collections'], env)).split('\n')
    const line = (name: string) => lines.find((text) => text.startsWith(name)) ?? `(no line for ${name})`
    expect(line('Count none')).toMatch(/^Count none {2}0 commands · private/)
    expect(line('Count single')).toMatch(/^Count single {2}1 command · private/)
    expect(line('Count pair')).toMatch(/^Count pair {2}2 commands · private/)
  })

  it.each([
    [0, '0 points'],
    [1, '1 point'],
    [2, '2 points'],
  ] as const)('whoami with %d points says "%s"', async (points, text) => {
    await setMemberPoints(points)
    const stdout = await run(['whoami'], env)
    expect(stdout).toMatch(new RegExp(`^demo_member \\(member, ${text}, [^)]+\\) on `))
  })

  it('prints the votes and saves of search, show and saved as numbers beside their symbols', async () => {
    // posts[0] gets one upvote and one save; posts[1] stays at 0.
    expect((await runCli(['up', posts[0]?.slug ?? ''], env)).code).toBe(0)
    expect((await runCli(['save', posts[0]?.slug ?? ''], env)).code).toBe(0)

    const search = await run(['search', 'wombatone'], env)
    expect(search).toContain(`▲ 1  ▼ 0  ·  ${posts[0]?.slug}`)
    const shown = await run(['show', posts[0]?.slug ?? ''], env)
    expect(shown).toMatch(/▲ 1( \(you\))? {2}· {2}▼ 0 {2}· {2}★ 1 \(saved\)/)
    const saved = await run(['saved'], env)
    expect(saved).toContain(`▲ 1  ▼ 0  ·  ${posts[0]?.slug}`)
    await run(['collections', 'Count pair'], env)
  })
})
