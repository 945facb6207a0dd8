import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { freshAccount, type NewAccount, openUserMenu, registerThroughForm } from '../fixtures/accounts.ts'
import { PORT } from '../fixtures/servers.ts'

/*
 * docs/product-rules.md#passkeys in a real browser: Chromium's virtual authenticator (the DevTools
 * protocol's WebAuthn domain) stands in for a phone's or laptop's, holding discoverable credentials
 * and verifying its user. A member adds a passkey in Settings, signs out and signs in with it alone.
 * The site is opened at localhost (one of its ALLOWED_ORIGINS): an IP address cannot be a relying
 * party id, so passkeys made there would be refused by the browser.
 */

test.use({ baseURL: `http://localhost:${PORT}` })

/** A platform authenticator that holds passkeys and verifies its user, answering every prompt itself. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
}

async function logOut(page: Page, account: NewAccount): Promise<void> {
  await openUserMenu(page, account.username)
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  await page.goto('/')
}

test('a member adds a passkey in Settings, signs out, and signs in with it alone', async ({
  context,
  page,
}) => {
  test.slow()
  await addVirtualAuthenticator(context, page)
  const account = freshAccount('pk')
  await registerThroughForm(page, account)

  await page.goto('/settings?tab=security')
  const section = page.getByRole('region', { name: 'Passkeys' })
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible()
  await section.getByRole('button', { name: 'Add a passkey' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' })
  const name = dialog.getByLabel('Passkey name')
  await expect(name).toBeFocused()
  await expect(name).toHaveValue(/Chrome on Linux/)
  await name.fill('Work laptop')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog).toBeHidden()
  const list = section.getByRole('list', { name: 'Your passkeys' })
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list.getByText('Work laptop')).toBeVisible()
  await expect(list.getByText(/Last used never/)).toBeVisible()

  // Signing in with it: no name, no password; the browser offers the passkey it holds.
  await logOut(page, account)
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click()
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(
    page.getByRole('banner').getByRole('button', { name: new RegExp(account.username) }),
  ).toBeVisible()

  // Its use shows in Settings; renamed and removed there, it no longer signs in.
  await page.goto('/settings?tab=security')
  await expect(list.getByText(/Last used (just now|\d+ seconds? ago|a few seconds ago)/)).toBeVisible()
  await list.getByRole('button', { name: 'Rename passkey Work laptop' }).click()
  const rename = page.getByRole('dialog', { name: 'Rename passkey' })
  await rename.getByLabel('Passkey name').fill('Old laptop')
  await rename.getByRole('button', { name: 'Save' }).click()
  await expect(list.getByText('Old laptop')).toBeVisible()
  await list.getByRole('button', { name: 'Remove passkey Old laptop' }).click()
  await page
    .getByRole('dialog', { name: 'Remove “Old laptop”?' })
    .getByRole('button', { name: 'Remove passkey' })
    .click()
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible()

  await logOut(page, account)
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click()
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByText('That passkey is not registered here.', { exact: false })).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})
