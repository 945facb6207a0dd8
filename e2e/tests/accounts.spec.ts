import { expect, test } from '@playwright/test'
import { freshAccount, openUserMenu, registerThroughForm } from '../fixtures/accounts.ts'

test('a visitor registers, sees the signed-in header, logs out and logs back in with the username', async ({
  page,
}) => {
  // Two password hashes and six page loads: on a loaded CI machine it reached its last step at 30 s.
  test.slow()
  const account = freshAccount()
  await registerThroughForm(page, account)

  const header = page.getByRole('banner')
  await expect(header.getByRole('button', { name: new RegExp(account.username) })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Become Contributor' })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0)
  await expect(page).toHaveTitle(/ \| Bashboard$/)

  await openUserMenu(page, account.username)
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Register' })).toBeVisible()

  await header.getByRole('link', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel(/email or username/i).fill(account.username)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: /^(log in|login|sign in)$/i }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(header.getByRole('button', { name: new RegExp(account.username) })).toBeVisible()

  // A signed-in user who opens /login or /register is sent home.
  await page.goto('/login')
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/register')
  await expect(page).toHaveURL(/\/$/)
})

test('a wrong password shows "Login Failed" and keeps the visitor signed out', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel(/email or username/i).fill('demo_member')
  await page.getByLabel('Password', { exact: true }).fill('definitely-not-the-password')
  await page.getByRole('button', { name: /^(log in|login|sign in)$/i }).click()
  await expect(page.getByText('Login Failed')).toBeVisible()
  await expect(page.getByText('Invalid credentials. Please try again.')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
})

test('register refuses mismatched passwords under Confirm Password', async ({ page }) => {
  const account = freshAccount()
  await page.goto('/register')
  await page.getByLabel('Username').fill(account.username)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByLabel('Confirm Password').fill(`${account.password}-other`)
  await page.getByRole('checkbox', { name: /agree/i }).check()
  await page.getByRole('button', { name: /create account|register|sign up/i }).click()
  await expect(page.getByLabel('Confirm Password')).toHaveAccessibleDescription(/Passwords don't match!/)
  await expect(page.getByLabel('Confirm Password')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/register$/)
})

test('registering a taken username says so under the username', async ({ page }) => {
  await page.goto('/register')
  await page.getByLabel('Username').fill('demo_member')
  await page.getByLabel('Email').fill(freshAccount().email)
  await page.getByLabel('Password', { exact: true }).fill('another-password')
  await page.getByLabel('Confirm Password').fill('another-password')
  await page.getByRole('checkbox', { name: /agree/i }).check()
  await page.getByRole('button', { name: /create account|register|sign up/i }).click()
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription(/Username is already taken/)
  // Not in a toast: each toast is an <li> of the notifications region.
  await expect(page.getByRole('region', { name: 'Notifications' }).locator('li')).toHaveCount(0)
})

test('the contributor demo account sees Create Post instead of Become Contributor', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel(/email or username/i).fill('contributor@bashboard.dev')
  await page.getByLabel('Password', { exact: true }).fill('bashboard-contributor')
  await page.getByRole('button', { name: /^(log in|login|sign in)$/i }).click()
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Create Post' })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Become Contributor' })).toHaveCount(0)
})
