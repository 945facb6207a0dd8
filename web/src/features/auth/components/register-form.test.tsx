import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { readSessionCookies } from '../../../state/session'
import { expectFieldError, expectNoFieldError, toasts } from '../../../test/form-assertions'
import { errorBody, type MockAnswer, mockApi, profileFixture, statsFixture } from '../../../test/mock-api'
import { expectSignedInWith, renderApp } from '../../../test/render-app'

interface FormValues {
  username: string
  email: string
  password: string
  confirmPassword: string
  agree: boolean
}

const complete: FormValues = {
  username: 'grace_hopper',
  email: 'grace@example.test',
  password: 'cobol-rules',
  confirmPassword: 'cobol-rules',
  agree: true,
}

async function fillAndSubmit(values: FormValues): Promise<void> {
  const events = userEvent.setup()
  const submit = await screen.findByRole('button', { name: 'Create Account' })
  if (values.username) await events.type(screen.getByLabelText('Username'), values.username)
  if (values.email) await events.type(screen.getByLabelText('Email'), values.email)
  if (values.password)
    await events.type(screen.getByLabelText('Password', { selector: 'input' }), values.password)
  if (values.confirmPassword)
    await events.type(screen.getByLabelText('Confirm Password'), values.confirmPassword)
  if (values.agree) await events.click(screen.getByRole('checkbox', { name: /agree/i }))
  await events.click(submit)
}

function signupCalls(requests: { path: string }[]): number {
  return requests.filter((request) => request.path === '/api/user/signup').length
}

describe('RegisterForm', () => {
  it.each([
    ['username', { username: '' }, 'Choose a username.', 'Username'],
    ['email', { email: '' }, 'Enter your email address.', 'Email'],
    ['password', { password: '' }, 'Choose a password.', 'Password'],
    ['confirmPassword', { confirmPassword: '' }, 'Type the password again.', 'Confirm Password'],
  ] as const)('requires %s', async (_field, missing, message, label) => {
    const requests = mockApi({})
    renderApp('/register')
    await fillAndSubmit({ ...complete, ...missing })
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByLabelText(label, { selector: 'input' })).toHaveAttribute('aria-invalid', 'true')
    expect(signupCalls(requests)).toBe(0)
  })

  it('requires agreeing to the terms, whose links go to /terms and /privacy', async () => {
    const requests = mockApi({})
    renderApp('/register')
    await fillAndSubmit({ ...complete, agree: false })
    expect(
      await screen.findByText('You need to accept the Terms of Service and Privacy Policy.'),
    ).toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'Create account' })
    expect(within(form).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms')
    expect(within(form).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy')
    expect(signupCalls(requests)).toBe(0)
  })

  it('says "Passwords don\'t match!" under Confirm Password, not in a toast, and sends nothing', async () => {
    const requests = mockApi({})
    const { router } = renderApp('/register')
    await fillAndSubmit({ ...complete, confirmPassword: 'something-else' })
    const confirm = screen.getByLabelText('Confirm Password')
    expectFieldError(confirm, "Passwords don't match!")
    expect(toasts()).toEqual([])
    expect(signupCalls(requests)).toBe(0)
    expect(router.state.location.pathname).toBe('/register')
    await userEvent.type(confirm, 'x')
    expectNoFieldError(confirm, "Passwords don't match!")
  })

  it.each<[string, MockAnswer, string, string]>([
    [
      'a taken username',
      { status: 409, body: errorBody(409, 'Username is already taken') },
      'Username',
      'Username is already taken',
    ],
    [
      'a taken email',
      { status: 409, body: errorBody(409, 'An account with this email already exists') },
      'Email',
      'An account with this email already exists',
    ],
    [
      'a refused email',
      { status: 422, body: { ...errorBody(422, 'Please enter a valid email address'), field: 'email' } },
      'Email',
      'Please enter a valid email address',
    ],
    [
      'a short password',
      { status: 422, body: errorBody(422, 'Password must be at least 6 characters long') },
      'Password',
      'Password must be at least 6 characters long',
    ],
    [
      'a schema failure naming the password',
      { status: 400, body: errorBody(400, 'Missing required field: password') },
      'Password',
      'Missing required field: password',
    ],
  ])(
    'shows %s under its field, not in a toast, until the field changes',
    async (_case, answer, label, message) => {
      mockApi({ 'POST /api/user/signup': answer })
      const { router } = renderApp('/register')
      await fillAndSubmit(complete)
      const field = screen.getByLabelText(label, { selector: 'input' })
      await waitFor(() => expectFieldError(field, message))
      expect(field).toHaveFocus()
      expect(toasts()).toEqual([])
      expect(router.state.location.pathname).toBe('/register')
      expect(readSessionCookies()).toBeNull()
      await userEvent.type(field, 'x')
      expectNoFieldError(field, message)
    },
  )

  it.each<[string, MockAnswer, string]>([
    [
      '429',
      { status: 429, body: errorBody(429, 'Too many attempts. Try again in 30 seconds.') },
      'Too many attempts. Try again in 30 seconds.',
    ],
    ['409 without a message', { status: 409, body: {} }, 'User already exists!'],
    ['422 without a message', { status: 422, body: {} }, 'Please check your input data.'],
    [
      '400 without a message',
      { status: 400, body: {} },
      'Invalid registration data. Please check your inputs.',
    ],
    ['418 without a message', { status: 418, body: {} }, 'Error: 418'],
  ])('shows a %s answer naming no field above the button, not in a toast', async (_case, answer, message) => {
    mockApi({ 'POST /api/user/signup': answer })
    renderApp('/register')
    await fillAndSubmit(complete)
    const form = screen.getByRole('form', { name: 'Create account' })
    expect(await within(form).findByRole('alert')).toHaveTextContent(message)
    expect(toasts()).toEqual([])
    await userEvent.type(screen.getByLabelText('Username'), 'x')
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument()
  })

  it.each<[string, MockAnswer, string, string]>([
    [
      '500',
      { status: 500, body: errorBody(500, 'Internal Server Error') },
      'Server Error',
      'Server error. Please try again later.',
    ],
    ['503', { status: 503, body: {} }, 'Server Error', 'Server error. Please try again later.'],
    ['no response', 'network', 'Registration Failed', 'Network error. Please check your connection.'],
  ])('toasts a %s answer, which says nothing about the input', async (_case, answer, title, message) => {
    mockApi({ 'POST /api/user/signup': answer })
    const { router } = renderApp('/register')
    await fillAndSubmit(complete)
    const toast = await screen.findByRole('alert')
    expect(within(toast).getByText(title)).toBeInTheDocument()
    expect(within(toast).getByText(message)).toBeInTheDocument()
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid')
    expect(router.state.location.pathname).toBe('/register')
    expect(readSessionCookies()).toBeNull()
  })

  it('signs the new account in and goes home on success', async () => {
    const user = profileFixture({ username: 'grace_hopper', email: 'grace@example.test' })
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString()
    const requests = mockApi({
      'POST /api/user/signup': { status: 201, body: { token: 'jwt-new', expiresAt, user } },
      'GET /api/website/stats': { status: 200, body: statsFixture() },
      'GET /api/website/user/profile/header': { status: 200, body: user },
    })
    const { router } = renderApp('/register')
    await fillAndSubmit({ ...complete, username: '  grace_hopper  ' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    const signup = requests.find((request) => request.path === '/api/user/signup')
    expect(signup?.body).toEqual({
      username: 'grace_hopper',
      email: 'grace@example.test',
      password: 'cobol-rules',
    })
    expectSignedInWith('jwt-new')
    expect(
      await within(screen.getByRole('banner')).findByRole('button', { name: /grace_hopper/ }),
    ).toBeInTheDocument()
    // Signed in, the home page no longer invites to sign up.
    expect(screen.queryByRole('link', { name: 'Sign Up Free' })).not.toBeInTheDocument()
  })
})
