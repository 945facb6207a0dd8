import { MAIL_MESSAGES } from '@bashboard/server/contract/mail-messages'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { expectFieldError } from '../../../test/form-assertions'
import { errorBody, mockApi, profileFixture } from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const TOKEN = 'x'.repeat(43)
const guestRoutes = {
  'GET /api/notifications': { status: 200, body: { notifications: [], unreadCount: 0, liveId: '0' } },
}

describe('forgot password', () => {
  it('asks for the address, then says what happens whether or not it has an account', async () => {
    const requests = mockApi({
      ...guestRoutes,
      'POST /api/user/password/forgot': { status: 202, body: { message: MAIL_MESSAGES.resetRequested } },
    })
    renderApp('/forgot-password')
    const events = userEvent.setup()
    await events.click(await screen.findByRole('button', { name: 'Mail me a reset link' }))
    expectFieldError(screen.getByLabelText('Email'), 'Enter the email address of your account.')

    await events.type(screen.getByLabelText('Email'), ' ada@example.test ')
    await events.click(screen.getByRole('button', { name: 'Mail me a reset link' }))
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent('ada@example.test')
    expect(requests.find((r) => r.path === '/api/user/password/forgot')?.body).toEqual({
      email: 'ada@example.test',
    })
  })

  it('shows a refusal (too many requests) under the field', async () => {
    mockApi({
      ...guestRoutes,
      'POST /api/user/password/forgot': {
        status: 429,
        body: errorBody(429, 'Too many attempts. Try again in 42 minutes.'),
      },
    })
    renderApp('/forgot-password')
    const events = userEvent.setup()
    await events.type(await screen.findByLabelText('Email'), 'ada@example.test')
    await events.click(screen.getByRole('button', { name: 'Mail me a reset link' }))
    await waitFor(() => expectFieldError(screen.getByLabelText('Email'), 'Too many attempts.'))
  })
})

describe('reset password', () => {
  it('sets the new password from the link and sends the member to sign in', async () => {
    const requests = mockApi({
      ...guestRoutes,
      'POST /api/user/password/reset': { status: 200, body: { message: MAIL_MESSAGES.passwordReset } },
    })
    const { router } = renderApp(`/account/reset-password?token=${TOKEN}`)
    const events = userEvent.setup()
    await events.type(await screen.findByLabelText('New password'), 'new password 1')
    await events.type(screen.getByLabelText('Confirm new password'), 'new password 2')
    await events.click(screen.getByRole('button', { name: 'Set new password' }))
    expectFieldError(screen.getByLabelText('Confirm new password'), "Passwords don't match!")

    await events.clear(screen.getByLabelText('Confirm new password'))
    await events.type(screen.getByLabelText('Confirm new password'), 'new password 1')
    await events.click(screen.getByRole('button', { name: 'Set new password' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(await screen.findByText(MAIL_MESSAGES.passwordReset)).toBeVisible()
    expect(requests.find((r) => r.path === '/api/user/password/reset')?.body).toEqual({
      token: TOKEN,
      password: 'new password 1',
    })
  })

  it('offers a new link when the link is used or expired', async () => {
    mockApi({
      ...guestRoutes,
      'POST /api/user/password/reset': { status: 422, body: errorBody(422, MAIL_MESSAGES.linkInvalid) },
    })
    renderApp(`/account/reset-password?token=${TOKEN}`)
    const events = userEvent.setup()
    await events.type(await screen.findByLabelText('New password'), 'new password 1')
    await events.type(screen.getByLabelText('Confirm new password'), 'new password 1')
    await events.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText(MAIL_MESSAGES.linkInvalid)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Mail me a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    expect(screen.queryByLabelText('New password')).toBeNull()
  })
})

describe('verify email', () => {
  it('verifies from the link once, signed in or not', async () => {
    const requests = mockApi({
      ...guestRoutes,
      'POST /api/user/email/verify': {
        status: 200,
        body: { email: 'ada@example.test', message: MAIL_MESSAGES.emailVerified },
      },
    })
    renderApp(`/account/verify-email?token=${TOKEN}`)
    expect(await screen.findByRole('heading', { name: 'Address verified' })).toBeVisible()
    expect(screen.getByText('ada@example.test is confirmed as yours.')).toBeVisible()
    expect(requests.filter((r) => r.path === '/api/user/email/verify')).toHaveLength(1)
  })

  it('offers a signed-in member a new link when this one is spent', async () => {
    storeSession(validSession())
    const requests = mockApi({
      ...guestRoutes,
      'GET /api/website/user/profile/header': { status: 200, body: profileFixture({ emailVerified: false }) },
      'POST /api/user/email/verify': { status: 422, body: errorBody(422, MAIL_MESSAGES.linkInvalid) },
      'POST /api/user/email/verification': { status: 202, body: { message: MAIL_MESSAGES.verificationSent } },
    })
    renderApp(`/account/verify-email?token=${TOKEN}`)
    expect(await screen.findByText(MAIL_MESSAGES.linkInvalid)).toBeVisible()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a new link' }))
    expect(await screen.findByText(MAIL_MESSAGES.verificationSent)).toBeVisible()
    expect(requests.filter((r) => r.path === '/api/user/email/verification')).toHaveLength(1)
  })
})

describe('unsubscribe', () => {
  it('asks before it acts, then confirms what stopped', async () => {
    const token = `00000000-0000-4000-8000-000000000001.weekly_digest.${'m'.repeat(43)}`
    const requests = mockApi({
      ...guestRoutes,
      'POST /api/mail/unsubscribe': {
        status: 200,
        body: {
          topic: 'weekly_digest',
          message: 'You will no longer get the weekly digest of the best commands.',
        },
      },
    })
    renderApp(`/account/unsubscribe?token=${token}`)
    expect(await screen.findByText('Stop getting the weekly digest of the best commands?')).toBeVisible()
    expect(requests.filter((r) => r.path === '/api/mail/unsubscribe')).toHaveLength(0)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }))
    expect(
      await screen.findByText('You will no longer get the weekly digest of the best commands.'),
    ).toBeVisible()
    expect(requests.find((r) => r.path === '/api/mail/unsubscribe')?.query.get('token')).toBe(token)
  })

  it('explains a broken link and an unknown page', async () => {
    mockApi(guestRoutes)
    const { router } = renderApp('/account/unsubscribe?token=garbage')
    expect(await screen.findByText(/This unsubscribe link is not complete/)).toBeVisible()
    await router.navigate({ to: '/account/$action', params: { action: 'elsewhere' } })
    expect(await screen.findByText('This address is not one of the links we mail.')).toBeVisible()
  })
})
