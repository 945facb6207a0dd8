import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { makePng } from '../fixtures/documents.ts'
import { DEMO_MODERATOR, waitForLive } from '../fixtures/moderation.ts'
import { logInViaApi, signUpViaApi, startSignedIn, verifyEmailViaOutbox } from '../fixtures/session.ts'

// Two browsers, an upload, live pushes both ways and a lazy-loaded editor: give the journey room.
test.describe.configure({ timeout: 90_000 })

test('a member applies, a moderator in another browser accepts it live, and the member can post', async ({
  browser,
  request,
}) => {
  const member = await signUpViaApi(request, 'applicant')
  // Applying needs a verified address.
  await verifyEmailViaOutbox(request, member.account.email)
  const moderator = await logInViaApi(request, DEMO_MODERATOR.email, DEMO_MODERATOR.password)
  const memberContext = await browser.newContext()
  const moderatorContext = await browser.newContext()
  try {
    const moderatorPage = await moderatorContext.newPage()
    await startSignedIn(moderatorPage, moderator)
    await moderatorPage.goto('/mod/applications')
    await expect(moderatorPage.getByRole('heading', { name: 'Contributor applications' })).toBeVisible()
    await waitForLive(moderatorPage)

    const applicant = await memberContext.newPage()
    await startSignedIn(applicant, member)
    await applicant.goto('/application')
    await expect(applicant.getByRole('heading', { name: 'Application Form' })).toBeVisible()
    await waitForLive(applicant)
    const header = applicant.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Become Contributor' }).first()).toBeAttached()

    await applicant.getByLabel('Identity Document').setInputFiles({
      name: 'passport.png',
      mimeType: 'image/png',
      buffer: makePng(),
    })
    await applicant.getByLabel('Document Category').selectOption('Passport')
    const submit = applicant.getByRole('button', { name: 'Submit Application' })
    await applicant.getByLabel('Cover Letter').fill('Too short')
    await expect(submit).toBeDisabled()
    await applicant
      .getByLabel('Cover Letter')
      .fill('I have administered Debian servers for six years and write small shell tools for my team.')
    await submit.click()
    await expect(applicant.getByText('Application Submitted')).toBeVisible()
    await expect(applicant.getByTestId('application-status')).toHaveText('Under Review')

    // The moderator's queue gets the application without a reload, and the document shows inline.
    const card = moderatorPage.getByRole('listitem').filter({
      has: moderatorPage.getByRole('heading', { name: member.account.username }),
    })
    await expect(card).toBeVisible({ timeout: 10_000 })
    await card.getByRole('button', { name: 'View document' }).click()
    const documentImage = card.getByRole('img', { name: 'Document passport.png' })
    await expect(documentImage).toBeVisible()
    // The alt text alone would pass "visible": check the private image really decoded.
    await expect
      .poll(() => documentImage.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0)
    await card.getByLabel(/Message to the applicant/).fill('Welcome aboard!')
    await card.getByRole('button', { name: 'Accept' }).click()
    await expect(moderatorPage.getByText('Application accepted')).toBeVisible()
    await expect(card).toHaveCount(0)

    // The applicant sees the decision in one toast (its notification), and the header swaps to Create
    // Post, without reloading.
    const applicantToasts = applicant.getByRole('region', { name: 'Notifications' }).locator('li')
    await expect(
      applicantToasts.filter({ hasText: 'Your contributor application was accepted' }),
    ).toBeVisible({
      timeout: 10_000,
    })
    await expect(applicantToasts).toHaveCount(1)
    await expect(applicant.getByTestId('application-status')).toHaveText('Accepted')
    await expect(applicant.getByText('Welcome aboard!')).toBeVisible()
    await expect(header.getByRole('link', { name: 'Create Post' }).first()).toBeAttached()
    await expect(header.getByRole('link', { name: 'Become Contributor' })).toHaveCount(0)

    await applicant.getByRole('link', { name: 'Create your first post' }).click()
    await expect(applicant).toHaveURL(/\/create-post$/)
    const suffix = randomBytes(3).toString('hex')
    await applicant.getByLabel('Title').fill(`Show the ten biggest directories ${suffix}`)
    await applicant.getByLabel('Command').fill(`du -h --max-depth=1 . | sort -rh | head -n 10 # ${suffix}`)
    await applicant.getByLabel('Category').selectOption({ index: 1 })
    const editor = applicant.getByRole('textbox', { name: 'Description' })
    await editor.click()
    await editor.pressSequentially('Lists the largest directories under the current one, biggest first.')
    await applicant.getByRole('button', { name: 'Create Post' }).click()
    await expect(applicant.getByText('Post Created Successfully!')).toBeVisible()
  } finally {
    await memberContext.close()
    await moderatorContext.close()
  }
})

test('the activity stream shows a sign-up elsewhere as it happens, and holds it while paused', async ({
  page,
  request,
}) => {
  const moderator = await logInViaApi(request, DEMO_MODERATOR.email, DEMO_MODERATOR.password)
  await startSignedIn(page, moderator)
  await page.goto('/mod/activity')
  await expect(page.getByRole('list', { name: 'Activity' })).toBeVisible()
  await waitForLive(page)

  const first = await signUpViaApi(request, 'watched')
  const stream = page.getByRole('list', { name: 'Activity' })
  await expect(stream.getByText(first.account.username)).toBeVisible({ timeout: 10_000 })

  await page.getByRole('button', { name: 'Pause' }).click()
  const second = await signUpViaApi(request, 'held')
  await expect(page.getByRole('button', { name: /new events? · Resume to show/ })).toBeVisible({
    timeout: 10_000,
  })
  await expect(stream.getByText(second.account.username)).toHaveCount(0)
  await page.getByRole('button', { name: 'Resume', exact: true }).click()
  await expect(stream.getByText(second.account.username)).toBeVisible()
})

test('a member who opens the moderation console sees the 403 page', async ({ page, request }) => {
  const member = await signUpViaApi(request, 'curious')
  await startSignedIn(page, member)
  await page.goto('/mod')
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText('exit code 403')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Moderation' })).toHaveCount(0)
})

test('a guest who opens the moderation console is sent to the login page', async ({ page }) => {
  await page.goto('/mod/activity')
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/mod/activity',
  )
})
