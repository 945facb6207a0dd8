import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, type Page, test } from '@playwright/test'
import { openUserMenu } from '../fixtures/accounts.ts'
import { pickSeededPost } from '../fixtures/posts.ts'
import { signUpViaApi } from '../fixtures/session.ts'

/*
 * Personal access tokens, end to end: a member creates a token in Settings, copies it, and a script
 * (the real curl) uses it; the scopes hold, and a token revoked in the UI is refused.
 */

test.describe.configure({ timeout: 60_000 })

const run = promisify(execFile)

/** One request through the real curl binary: its status and its JSON body. */
async function curl(url: string, token: string, method: string, body?: unknown) {
  const args = ['-sS', '-X', method, '-H', `Authorization: Bearer ${token}`, '-w', '\n%{http_code}', url]
  if (body !== undefined) args.push('-H', 'Content-Type: application/json', '--data', JSON.stringify(body))
  const { stdout } = await run('curl', args)
  const split = stdout.lastIndexOf('\n')
  const text = stdout.slice(0, split)
  return { status: Number(stdout.slice(split + 1)), json: async (): Promise<unknown> => JSON.parse(text) }
}

async function logInThroughForm(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/login')
  await page.getByLabel(/email or username/i).fill(login)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: /^(log in|login|sign in)$/i }).click()
  await expect(page).toHaveURL(/\/$/)
}

test('create a token, use it from a script, revoke it, and see it refused', async ({
  browser,
  request,
  baseURL,
}) => {
  const member = await signUpViaApi(request, 'pat')
  const post = await pickSeededPost(request)
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  const page = await context.newPage()
  try {
    await logInThroughForm(page, member.account.username, member.account.password)
    await openUserMenu(page, member.user.username)
    await page.getByRole('menuitem', { name: /settings/i }).click()
    await page.getByRole('tab', { name: 'Access tokens' }).click()
    await expect(page).toHaveURL(/\/settings\?tab=tokens$/)
    await expect(page.getByText('No access tokens yet')).toBeVisible()

    // A member is not offered the post scope.
    const scopes = page.getByRole('group', { name: 'Scopes' })
    await expect(scopes.getByRole('checkbox')).toHaveCount(3)
    await page.getByLabel('Token name').fill('e2e script')
    await expect(scopes.getByRole('checkbox', { name: /^read/ })).toBeChecked()
    await scopes.getByRole('checkbox', { name: /^vote/ }).check()
    await page.getByLabel('Expiration').selectOption({ label: '30 days' })
    await page.getByRole('button', { name: 'Create token' }).click()

    const field = page.getByLabel('New access token')
    await expect(field).toHaveValue(/^bb_pat_[0-9A-Za-z]{43}$/)
    await expect(page.getByText(/won’t be shown again/)).toBeVisible()
    await page.getByRole('button', { name: 'Copy token' }).click()
    await expect(page.getByText('Token copied to clipboard.')).toBeVisible()
    const token = await page.evaluate(() => navigator.clipboard.readText())
    expect(token).toBe(await field.inputValue())

    const row = page.getByRole('row', { name: /e2e script/ })
    await expect(row).toContainText('read')
    await expect(row).toContainText('vote')
    await expect(row).toContainText(`bb_pat_…${token.slice(-4)}`)
    await expect(row).toContainText('Never')

    // The script: curl with the token, outside the browser.
    const api = (method: string, path: string, body?: unknown) =>
      curl(`${baseURL}${path}`, token, method, body)

    const me = await api('GET', '/api/website/user/profile/header')
    expect(me.status).toBe(200)
    expect(((await me.json()) as { username: string }).username).toBe(member.user.username)

    const vote = await api('POST', `/api/posts/upvote/${post._id}`)
    expect(vote.status).toBe(200)
    expect(await vote.json()).toMatchObject({ postId: post._id, isLiked: true })

    const password = await api('PUT', '/api/users', {
      currentPassword: member.account.password,
      newPassword: 'stolen-by-a-script',
    })
    expect(password.status).toBe(403)
    expect(((await password.json()) as { message: string }).message).toMatch(
      /Personal access tokens cannot be used/,
    )
    const tokens = await api('GET', '/api/tokens')
    expect(tokens.status).toBe(403)

    // The list shows the use (refetched when the tab is opened again).
    await page.reload()
    await expect(page.getByRole('row', { name: /e2e script/ })).not.toContainText('Never')

    // Revoke in the UI, with confirmation.
    await page.getByRole('button', { name: 'Revoke token e2e script' }).click()
    const dialog = page.getByRole('dialog', { name: 'Revoke this token?' })
    await dialog.getByRole('button', { name: 'Revoke token' }).click()
    await expect(page.getByText('Token revoked')).toBeVisible()
    await expect(page.getByText('No access tokens yet')).toBeVisible()

    // The same requests are now refused, saying why.
    const after = await api('GET', '/api/website/user/profile/header')
    expect(after.status).toBe(401)
    expect(((await after.json()) as { message: string }).message).toMatch(/has been revoked/)
    expect((await api('POST', `/api/posts/upvote/${post._id}`)).status).toBe(401)

    // The session in the browser is untouched.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  } finally {
    await context.close()
  }
})
