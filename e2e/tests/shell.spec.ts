import { expect, test } from '@playwright/test'

test('an unknown URL shows "Command Not Found" with the requested path', async ({ page }) => {
  await page.goto('/no/such/place')
  await expect(page.getByRole('heading', { name: 'Command Not Found' })).toBeVisible()
  await expect(page.getByText('/no/such/place').first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/')
  await expect(page.getByRole('link', { name: 'Browse Commands' })).toHaveAttribute('href', /\/browse/)
  await expect(page.getByRole('link', { name: /contact support/i })).toHaveAttribute('href', '/contact')
  await expect(page).toHaveTitle(/ \| Bashboard$/)
})

test('the header and footer carry the site navigation, and Donate opens in a new tab', async ({ page }) => {
  await page.goto('/')
  const header = page.getByRole('banner')
  for (const name of ['Home', 'Browse', 'Blog', 'Leaderboard', 'Login', 'Register'])
    await expect(header.getByRole('link', { name, exact: true })).toBeVisible()
  const donate = header.getByRole('link', { name: /donate/i })
  await expect(donate).toHaveAttribute('target', '_blank')
  await expect(donate).toHaveAttribute('rel', /noopener/)
  const footer = page.getByRole('contentinfo')
  for (const href of [
    '/browse',
    '/leaderboard',
    '/help',
    '/api',
    '/guidelines',
    '/contribute',
    '/moderators',
    '/feedback',
    '/privacy',
    '/terms',
  ])
    await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1)
})

test('at 360 px the navigation lives behind the mobile menu button', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/')
  const menuButton = page.getByRole('button', { name: /menu/i })
  await expect(menuButton).toBeVisible()
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await menuButton.click()
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
  await page
    .getByRole('navigation', { name: /mobile/i })
    .getByRole('link', { name: 'Register' })
    .click()
  await expect(page).toHaveURL(/\/register$/)
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  // Nothing overflows sideways at this width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})
