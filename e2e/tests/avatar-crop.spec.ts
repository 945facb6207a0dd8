import { expect, type Locator, type Page, test } from '@playwright/test'
import { halvesPng } from '../fixtures/images.ts'
import { signUpViaApi, startSignedIn } from '../fixtures/session.ts'

/*
 * Issue 48, defect 6: the avatar preview was a broken image (the Content-Security-Policy refused its
 * blob: URL) and the promised square crop had no control. In a real Chromium: the preview really
 * decodes, the square is framed with the keyboard alone, and the header shows what the frame showed.
 */

test.describe.configure({ timeout: 60_000 })

/** Console messages of the policy refusing something: none may appear. */
function policyViolations(page: Page): string[] {
  const found: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) found.push(message.text())
  })
  return found
}

/** The RGB of the image `img` shows at (x, y) of its natural pixels, read back through a canvas. */
function pixelOf(img: Locator, x: number, y: number): Promise<number[]> {
  return img.evaluate(
    (element: HTMLImageElement, [px, py]) => {
      const canvas = document.createElement('canvas')
      canvas.width = element.naturalWidth
      canvas.height = element.naturalHeight
      const context = canvas.getContext('2d')
      if (!context) return []
      context.drawImage(element, 0, 0)
      return [...context.getImageData(px as number, py as number, 1, 1).data.slice(0, 3)]
    },
    [x, y],
  )
}

/** The header's avatar: on the user menu's button on a desktop, in the phone menu on a phone. */
async function avatarInHeader(page: Page, username: string, width: number): Promise<Locator> {
  if (width > 1000) return page.getByRole('button', { name: new RegExp(username) }).locator('img')
  const header = page.getByRole('banner')
  await header.getByRole('button', { name: 'Menu' }).click()
  // The phone menu's account row: the avatar beside the name and the address.
  return header.getByRole('navigation', { name: 'Mobile navigation' }).locator('img')
}

/** Picks a 320×160 image, red on the left and blue on the right, and waits until its preview is drawn. */
async function pickHalves(page: Page): Promise<Locator> {
  await page
    .getByLabel('Change avatar')
    .setInputFiles({ name: 'halves.png', mimeType: 'image/png', buffer: halvesPng(320, 160) })
  const preview = page.getByRole('img', { name: 'Preview of your new avatar' })
  await expect(preview).toBeVisible()
  await expect(preview).toHaveAttribute('src', /^blob:/)
  // What the policy broke: the browser refused the blob: URL, so the image never decoded.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320)
  return preview
}

for (const width of [1366, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('frames the avatar by keyboard; the header shows exactly the framed square', async ({
      page,
      request,
    }) => {
      const violations = policyViolations(page)
      const member = await signUpViaApi(request, 'crop')
      await startSignedIn(page, member)
      await page.goto('/settings')
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
      await pickHalves(page)

      // Nothing sideways at a phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

      const frame = page.getByRole('application', { name: 'Avatar crop' })
      await frame.focus()
      await expect(frame).toBeFocused()
      expect(await frame.evaluate((element) => element.matches(':focus-visible'))).toBe(true)
      expect(await frame.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid')
      // The centred square straddles red and blue; move the image right until the square is all red.
      for (let press = 0; press < 12; press++) await page.keyboard.press('ArrowRight')
      const zoom = page.getByRole('slider', { name: 'Zoom' })
      await page.keyboard.press('+')
      await expect(zoom).toHaveValue('1.25')
      for (let press = 0; press < 6; press++) await page.keyboard.press('ArrowRight')

      await page.getByRole('button', { name: 'Upload Avatar' }).click()
      await expect(page.getByText('Avatar Updated')).toBeVisible()

      const headerAvatar = await avatarInHeader(page, member.user.username, width)
      await expect(headerAvatar).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.png$/)
      await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(128)
      expect(await headerAvatar.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(128)
      // Left edge, middle and right edge: all red, so the square kept is the one the frame showed (the
      // centred square the server keeps without a crop would be blue on its right half).
      for (const x of [0, 64, 127]) expect(await pixelOf(headerAvatar, x, 64)).toEqual([255, 0, 0])
      expect(violations).toEqual([])
    })
  })
}

test('zooms with the slider and its buttons, and Cancel drops the picked image', async ({
  page,
  request,
}) => {
  const member = await signUpViaApi(request, 'zoomer')
  await startSignedIn(page, member)
  await page.goto('/settings')
  await pickHalves(page)
  const zoom = page.getByRole('slider', { name: 'Zoom' })
  await page.getByRole('button', { name: 'Zoom in' }).click()
  await expect(zoom).toHaveValue('1.25')
  await zoom.fill('4')
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeDisabled()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('application', { name: 'Avatar crop' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Upload Avatar' })).toHaveCount(0)
})
