import { DEMO_COMMANDS, seedDemoData } from '@bashboard/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommandSafety, PostCard } from '../src/contract/posts.ts'
import { fillCommandFlags } from '../src/modules/posts/command-flags.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import { DANGEROUS_COMMANDS, SAFE_COMMANDS } from './command-corpus.ts'
import { createCategory, createPostViaApi, createUser, type TestUser } from './factories.ts'

/*
 * Issue 48: the create-post form promised readers a warning the published post never carried, because
 * the form and the server each had a danger rule of their own. Now both run one rule; this test holds
 * them to it. The form's verdict comes from the very function the form calls, loaded by path (the
 * server's TypeScript project does not include web/, and the web may import nothing of the server but
 * its contract, so only a test here sees both); the server's comes through the API and the database.
 */

interface FormSafety {
  typedCommandSafety(fieldText: string): CommandSafety
}

let t: TestApp
let form: FormSafety
let author: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  const url = new URL('../../web/src/features/create-post/command-safety.ts', import.meta.url)
  form = (await import(/* @vite-ignore */ url.pathname)) as FormSafety
  // The seed fills only an empty database, so it goes first.
  await seedDemoData(t.db, { hashPassword: async () => 'not-a-login' })
  // As at startup: the seed writes posts directly, and the server then flags them.
  await fillCommandFlags(t.db)
  author = await createUser(t.db, { role: 'contributor' })
})
afterAll(async () => {
  await t?.close()
})

/** What readers get for a post: its card on the detail page, and the flag the browse filter reads. */
async function serverSafety(
  postId: string,
): Promise<{ safety: CommandSafety; hasWarning: boolean | undefined }> {
  const res = await t.app.inject({ url: `/api/posts/${postId}` })
  expect(res.statusCode, res.body).toBe(200)
  const flags = await t.db
    .selectFrom('post_command_flags')
    .select('has_warning')
    .where('post_id', '=', postId)
    .executeTakeFirst()
  return { safety: res.json().post.safety, hasWarning: flags?.has_warning }
}

describe('the create-post form and the server agree on what is dangerous', () => {
  it('on every seeded command', async () => {
    const posts = await t.db.selectFrom('posts').select(['id', 'command']).execute()
    expect(posts.map((post) => post.command).sort()).toEqual(DEMO_COMMANDS.map((c) => c.command).sort())
    for (const post of posts) {
      const typed = form.typedCommandSafety(post.command)
      const { safety, hasWarning } = await serverSafety(post.id)
      expect(safety, post.command).toEqual(typed)
      expect(hasWarning, post.command).toBe(typed.dangerous)
    }
  })

  it('on a corpus of dangerous and everyday commands posted through the form’s endpoint', async () => {
    const category = await createCategory(t.db)
    const commands = [...DANGEROUS_COMMANDS.map(([command]) => command), ...SAFE_COMMANDS]
    for (const [index, command] of commands.entries()) {
      const typed = form.typedCommandSafety(` ${command}\n`)
      const created: PostCard = await createPostViaApi(t.app, author, {
        title: `Corpus command ${index}`,
        command: ` ${command}\n`,
        description: '<p>A command of the danger corpus.</p>',
        category: category.id,
      })
      expect(created.safety, command).toEqual(typed)
      const { safety, hasWarning } = await serverSafety(created._id)
      expect(safety, command).toEqual(typed)
      expect(hasWarning, command).toBe(typed.dangerous)
    }
  })

  it('publishes the dd example the form warns about with its warning, and files it under hasWarning', async () => {
    // The corpus posts the bare example; this is the issue's own, after a `sudo`.
    const command = 'sudo dd if=/dev/zero of=/dev/sdX bs=1M'
    expect(form.typedCommandSafety(command).warnings.map((w) => w.id)).toEqual(['dd-device'])
    const category = await createCategory(t.db)
    const created = await createPostViaApi(t.app, author, {
      title: 'Wipe the disk at /dev/sdX',
      command,
      description: '<p>Overwrites a whole disk with zeros.</p>',
      category: category.id,
    })
    expect(created.safety).toMatchObject({ dangerous: true, warnings: [{ id: 'dd-device' }] })
    const browse = await t.app.inject({
      url: `/api/website/browse?category=${category.slug}&hasWarning=true`,
    })
    expect(browse.statusCode, browse.body).toBe(200)
    expect(browse.json().posts.map((post: PostCard) => post._id)).toEqual([created._id])
  })
})
