import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SESSION_STORAGE_KEY } from '../../../state/session'
import { errorBody, type MockAnswer, mockApi, profileFixture, statsFixture } from '../../../test/mock-api'
import { renderApp } from '../../../test/render-app'

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

  it('shows "Password Mismatch" / "Passwords don\'t match!" and sends nothing when the passwords differ', async () => {
    const requests = mockApi({})
    const { router } = renderApp('/register')
    await fillAndSubmit({ ...complete, confirmPassword: 'something-else' })
    const toast = await screen.findByRole('alert')
    expect(within(toast).getByText('Password Mismatch')).toBeInTheDocument()
    expect(within(toast).getByText("Passwords don't match!")).toBeInTheDocument()
    expect(signupCalls(requests)).toBe(0)
    expect(router.state.location.pathname).toBe('/register')
  })

  it.each<[string, MockAnswer, string, string]>([
    [
      '409',
      { status: 409, body: errorBody(409, 'Username is already taken') },
      'User Already Exists',
      'Username is already taken',
    ],
    [
      '422',
      { status: 422, body: errorBody(422, 'Email must be a valid email address') },
      'Validation Error',
      'Email must be a valid email address',
    ],
    [
      '400',
      { status: 400, body: errorBody(400, 'body must have property password') },
      'Registration Error',
      'body must have property password',
    ],
    [
      '400 without a message',
      { status: 400, body: {} },
      'Registration Error',
      'Invalid registration data. Please check your inputs.',
    ],
    ['409 without a message', { status: 409, body: {} }, 'User Already Exists', 'User already exists!'],
    ['422 without a message', { status: 422, body: {} }, 'Validation Error', 'Please check your input data.'],
    [
      '500',
      { status: 500, body: errorBody(500, 'Internal Server Error') },
      'Server Error',
      'Server error. Please try again later.',
    ],
    ['503', { status: 503, body: {} }, 'Server Error', 'Server error. Please try again later.'],
    [
      '429',
      { status: 429, body: errorBody(429, 'Too many attempts. Try again in 30 seconds.') },
      'Registration Failed',
      'Too many attempts. Try again in 30 seconds.',
    ],
    ['418 without a message', { status: 418, body: {} }, 'Registration Failed', 'Error: 418'],
    ['no response', 'network', 'Registration Failed', 'Network error. Please check your connection.'],
  ])('explains a %s answer', async (_case, answer, title, message) => {
    mockApi({ 'POST /api/user/signup': answer })
    const { router } = renderApp('/register')
    await fillAndSubmit(complete)
    const toast = await screen.findByRole('alert')
    expect(within(toast).getByText(title)).toBeInTheDocument()
    expect(within(toast).getByText(message)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/register')
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
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
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({
      token: 'jwt-new',
      expiresAt,
    })
    expect(
      await within(screen.getByRole('banner')).findByRole('button', { name: /grace_hopper/ }),
    ).toBeInTheDocument()
    // Signed in, the home page no longer invites to sign up.
    expect(screen.queryByRole('link', { name: 'Sign Up Free' })).not.toBeInTheDocument()
  })
})
