import { expect, type Locator, type Page, test } from '@playwright/test'
import { freshContributor } from '../fixtures/people.ts'
import { signUpViaApi, startSignedIn } from '../fixtures/session.ts'

// Several pages per test, each walked with the keyboard: more than the default budget on a busy machine.
test.describe.configure({ timeout: 60_000 })

test('signs in with the keyboard alone: name, Tab, password, Enter', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Email or username').click()
  await page.keyboard.type('demo_member')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused()
  await page.keyboard.type('bashboard-member')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Welcome back!')).toBeVisible()
  await expect(page.getByRole('button', { name: /demo_member/ })).toBeVisible()
})

interface Stop {
  name: string
  top: number
  bottom: number
  left: number
}

/** Tabs from the form's first field until focus leaves the form; returns each stop with its place on screen. */
async function walkForm(page: Page, form: Locator): Promise<Stop[]> {
  await form.locator('input:not([type=hidden]), textarea, select, [contenteditable=true]').first().focus()
  const stops: Stop[] = []
  for (let step = 0; step < 40; step++) {
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      if (!element?.closest('form')) return null
      const box = element.getBoundingClientRect()
      const label =
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        element.textContent ??
        element.tagName
      return {
        name: label.trim().slice(0, 40),
        top: box.top + window.scrollY,
        bottom: box.bottom + window.scrollY,
        left: box.left,
      }
    })
    if (stop === null) break
    stops.push(stop)
    await page.keyboard.press('Tab')
  }
  return stops
}

/** Each Tab goes down the page, or right along the same row: never back up to something already passed. */
function expectReadingOrder(stops: Stop[]): void {
  expect(stops.length).toBeGreaterThan(1)
  for (let index = 1; index < stops.length; index++) {
    const previous = stops[index - 1] as Stop
    const next = stops[index] as Stop
    const sameRow = next.top < previous.bottom && previous.top < next.bottom
    const where = `${previous.name} → ${next.name}`
    if (sameRow) expect(next.left, where).toBeGreaterThan(previous.left)
    else expect(next.top, where).toBeGreaterThanOrEqual(previous.bottom - 1)
  }
}

function names(stops: Stop[]): string[] {
  return stops.map((stop) => stop.name)
}

for (const width of [1366, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('login and register forms tab in reading order, the submit before the side links', async ({
      page,
    }) => {
      await page.goto('/login')
      const login = await walkForm(page, page.getByRole('form', { name: 'Log in' }))
      expect(names(login)).toEqual([
        'Email or username',
        'Password',
        'Show password',
        'Remember me',
        'Log in',
        'Sign in with a passkey',
        'Forgot password?',
      ])
      expectReadingOrder(login)

      await page.goto('/register')
      const register = await walkForm(page, page.getByRole('form', { name: 'Create account' }))
      expect(names(register).slice(0, 4)).toEqual(['Username', 'Email', 'Password', 'Show password'])
      expect(names(register).at(-1)).toBe('Create Account')
      expectReadingOrder(register)
    })

    test('settings and create-post forms tab in reading order', async ({ page, request }) => {
      const author = await freshContributor(request, 'tabber')
      await startSignedIn(page, author)

      await page.goto('/settings')
      expectReadingOrder(await walkForm(page, page.getByRole('form', { name: 'Profile details' })))
      await page.goto('/settings?tab=security')
      expectReadingOrder(await walkForm(page, page.getByRole('form', { name: 'Change password' })))
      await page.goto('/settings?tab=tokens')
      expectReadingOrder(await walkForm(page, page.getByRole('form', { name: 'Create an access token' })))

      await page.goto('/create-post')
      await expect(page.locator('[contenteditable=true]')).toBeVisible()
      const post = await walkForm(page, page.locator('form').filter({ has: page.getByLabel('Title') }))
      expect(names(post)[0]).toBe('Title')
      // The submit comes straight after the last field, Cancel after it.
      expect(names(post).slice(-2)).toEqual(['Create Post', 'Cancel'])
      expectReadingOrder(post)
    })

    test('the application form tabs in reading order, ending on its submit', async ({ page, request }) => {
      const member = await signUpViaApi(request, 'applicant')
      await startSignedIn(page, member)
      await page.goto('/application')
      await page
        .getByLabel('Cover Letter')
        .fill('I have run Linux servers for ten years and write shell every day.')
      const application = await walkForm(
        page,
        page.locator('form').filter({ has: page.getByLabel('Cover Letter') }),
      )
      expect(names(application).at(-1)).toBe('Submit Application')
      expectReadingOrder(application)
    })
  })
}

test.describe('a long command at 360 px', () => {
  test.use({ viewport: { width: 360, height: 800 } })

  test('fades where it is cut, takes focus and scrolls with the arrow keys', async ({ page }) => {
    await page.goto('/browse')
    const block = page.getByRole('group', { name: /Command \(scroll sideways/ }).first()
    await expect(block).toBeVisible()
    const wrapper = block.locator('..')
    await expect(wrapper.getByTestId('code-fade-end')).toBeVisible()
    await block.focus()
    await expect(block).toBeFocused()
    const before = await block.evaluate((element) => element.scrollLeft)
    for (let press = 0; press < 8; press++) await page.keyboard.press('ArrowRight')
    await expect.poll(() => block.evaluate((element) => element.scrollLeft)).toBeGreaterThan(before)
    await expect(wrapper.getByTestId('code-fade-start')).toBeVisible()
    await block.evaluate((element) => {
      element.scrollLeft = element.scrollWidth
    })
    await expect(wrapper.getByTestId('code-fade-end')).toHaveCount(0)
  })
})

test.describe('the copy button on a desktop card', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('sits beside the command, never over its text', async ({ page }) => {
    await page.goto('/browse')
    const cards = page.getByRole('article')
    await expect(cards.first()).toBeVisible()
    const count = await cards.count()
    for (let index = 0; index < count; index++) {
      const card = cards.nth(index)
      const text = card.locator('pre').first()
      const copy = card.getByRole('button', { name: 'Copy command' }).first()
      const textBox = await text.boundingBox()
      const copyBox = await copy.boundingBox()
      if (!textBox || !copyBox) throw new Error('command block not laid out')
      expect(copyBox.x, `card ${index}`).toBeGreaterThanOrEqual(textBox.x + textBox.width)
    }
  })
})

test('a house ad opens its page in the same tab, from the keyboard too', async ({ page, context }) => {
  await page.goto('/')
  const ad = page.getByRole('complementary', { name: 'Advertisement' }).getByRole('link').first()
  await expect(ad).toBeVisible()
  const href = await ad.getAttribute('href')
  // A path on this site, not an absolute address built for another host name, and no new tab.
  expect(href).toMatch(/^\/[a-z]/)
  await expect(ad).not.toHaveAttribute('target', /.+/)
  await ad.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  expect(context.pages()).toHaveLength(1)
})
