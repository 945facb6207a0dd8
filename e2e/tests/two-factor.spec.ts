import { expect, type Page, test } from '@playwright/test'
import { generate } from 'otplib'
import { freshAccount, type NewAccount, openUserMenu, registerThroughForm } from '../fixtures/accounts.ts'

/*
 * docs/product-rules.md#second-factor in a real browser: a member turns on an authenticator app in
 * Settings (the test is the app: it computes codes from the setup key shown as text), signs out, signs
 * in with the password and a code, and once more with a recovery code.
 */

/** The authenticator's code `offsetSteps` 30-second steps from now; a step once used is spent. */
function codeFor(secret: string, offsetSteps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 })
}

async function logOut(page: Page, account: NewAccount): Promise<void> {
  await openUserMenu(page, account.username)
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  // Settings sends a signed-out visitor to /login (to come back after); start from home instead.
  await page.goto('/')
}

/** From the header's Login link (no reload), through the password step to the second step. */
async function passwordStep(page: Page, account: NewAccount): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click()
  await page.getByLabel(/email or username/i).fill(account.username)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
}

async function expectSignedIn(page: Page, account: NewAccount): Promise<void> {
  await expect(page).toHaveURL(/\/$/)
  await expect(
    page.getByRole('banner').getByRole('button', { name: new RegExp(account.username) }),
  ).toBeVisible()
}

test('a member turns on two-factor authentication, then signs in with a code and with a recovery code', async ({
  page,
}) => {
  // Three sign-ins, ten recovery codes hashed and two checked: give a loaded machine the time.
  test.slow()
  const account = freshAccount('tfa')
  await registerThroughForm(page, account)

  await page.goto('/settings?tab=security')
  const section = page.getByRole('region', { name: 'Two-factor authentication' })
  await section.getByRole('button', { name: 'Set up two-factor authentication' }).click()
  const setup = page.getByRole('form', { name: 'Set up two-factor authentication' })
  await expect(setup.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible()
  const secret = (await setup.locator('dd code').innerText()).replace(/\s+/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)

  const appCode = setup.getByLabel('Code from your app')
  await expect(appCode).toHaveAttribute('autocomplete', 'one-time-code')
  await appCode.fill(await codeFor(secret))
  await setup.getByRole('button', { name: 'Turn on' }).click()

  const list = page.getByRole('list', { name: 'Recovery codes' })
  await expect(list.getByRole('listitem')).toHaveCount(10)
  const recoveryCodes = await list.getByRole('listitem').allInnerTexts()
  await expect(page.getByText('Two-factor authentication is on', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'I saved them' }).click()
  await expect(section.getByText('10 recovery codes left.')).toBeVisible()

  // Signing in now takes the password and a code. The code of the next step: enrolment spent this one.
  await logOut(page, account)
  await passwordStep(page, account)
  const code = page.getByLabel('Authentication code')
  await expect(code).toBeFocused()
  await expect(code).toHaveAttribute('inputmode', 'numeric')
  await code.fill(await codeFor(secret, 1))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expectSignedIn(page, account)

  // Without the app: a recovery code, once.
  await logOut(page, account)
  await passwordStep(page, account)
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '')
  await page.keyboard.press('Enter')
  await expectSignedIn(page, account)

  await page.goto('/settings?tab=security')
  await expect(section.getByText('9 recovery codes left.')).toBeVisible()

  // The spent recovery code is refused under its field, and the step stays.
  await logOut(page, account)
  await passwordStep(page, account)
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
  const recovery = page.getByLabel('Recovery code')
  await recovery.fill(recoveryCodes[0] ?? '')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(recovery).toHaveAccessibleDescription(/not right, or it was already used/)
  await expect(page.getByRole('region', { name: 'Notifications' }).locator('li')).toHaveCount(0)
})
