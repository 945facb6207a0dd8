import type { RecoveryCodesResponse, SecondFactorStatus, TotpEnrolment } from '@bashboard/server/contract'
import { ACCOUNT_MESSAGES } from '@bashboard/server/contract/limits'
import { SECOND_FACTOR_MESSAGES } from '@bashboard/server/contract/second-factor-messages'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { expectFieldError, toasts } from '../../../test/form-assertions'
import { errorBody, type MockAnswer, mockApi, profileFixture } from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'
import { recoveryCodesFile } from './recovery-codes-notice'
import { groupedSecret } from './totp-enrolment-form'

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const CODES = Array.from({ length: 10 }, (_, index) => `abcde-fgh${String(index + 2).padStart(2, '2')}`)

const OFF: SecondFactorStatus = {
  enabled: false,
  totp: { enabled: false, enabledAt: null },
  recoveryCodesRemaining: 0,
}
const ON: SecondFactorStatus = {
  enabled: true,
  totp: { enabled: true, enabledAt: '2026-12-01T10:00:00.000Z' },
  recoveryCodesRemaining: 10,
}
const ENROLMENT: TotpEnrolment = {
  secret: SECRET,
  otpauthUri: `otpauth://totp/Bashboard:ada_lovelace?secret=${SECRET}&issuer=Bashboard`,
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
  expiresAt: '2026-12-01T10:15:00.000Z',
}

type Handler = MockAnswer | ((request: { body: unknown }) => MockAnswer)

function mockSecurity(status: SecondFactorStatus, routes: Record<string, Handler> = {}) {
  storeSession(validSession())
  return mockApi({
    'GET /api/website/user/profile/header': { status: 200, body: profileFixture() },
    'GET /api/notifications': { status: 200, body: { notifications: [], unreadCount: 0, liveId: '0' } },
    'GET /api/users/me/second-factor': { status: 200, body: status },
    ...routes,
  })
}

async function openSection() {
  renderApp('/settings?tab=security')
  const section = await screen.findByRole('region', { name: 'Two-factor authentication' })
  return { section, events: userEvent.setup() }
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:recovery-codes')
  URL.revokeObjectURL = vi.fn()
})

describe('Two-factor authentication in Settings → Security', () => {
  it('sets up an authenticator: QR code and setup key, a wrong code under the field, then the codes once', async () => {
    const requests = mockSecurity(OFF, {
      'POST /api/users/me/second-factor/totp': { status: 201, body: ENROLMENT },
      'POST /api/users/me/second-factor/totp/confirm': (request) =>
        (request.body as { code: string }).code === '123456'
          ? { status: 200, body: { recoveryCodes: CODES, status: ON } satisfies RecoveryCodesResponse }
          : { status: 422, body: errorBody(422, SECOND_FACTOR_MESSAGES.codeInvalid) },
    })
    const { section, events } = await openSection()
    expect(await within(section).findByText(/^Off\./)).toBeInTheDocument()
    await events.click(within(section).getByRole('button', { name: 'Set up two-factor authentication' }))

    const form = await screen.findByRole('form', { name: 'Set up two-factor authentication' })
    expect(within(form).getByRole('heading', { name: 'Set up your authenticator app' })).toHaveFocus()
    expect(
      within(form).getByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toHaveAttribute('src', ENROLMENT.qrCode)
    expect(within(form).getByText(groupedSecret(SECRET))).toBeInTheDocument()
    expect(groupedSecret(SECRET)).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
    const code = within(form).getByLabelText('Code from your app')
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(code).toHaveAttribute('inputmode', 'numeric')

    // Too short is caught here; a wrong code comes back under the field, with no toast.
    await events.type(code, '123')
    await events.click(within(form).getByRole('button', { name: 'Turn on' }))
    expectFieldError(code, 'Enter the 6-digit code from your authenticator app.')
    await events.clear(code)
    await events.type(code, '654321')
    await events.click(within(form).getByRole('button', { name: 'Turn on' }))
    await waitFor(() => expectFieldError(code, SECOND_FACTOR_MESSAGES.codeInvalid))

    await events.clear(code)
    await events.type(code, '123456')
    await events.click(within(form).getByRole('button', { name: 'Turn on' }))
    const list = await screen.findByRole('list', { name: 'Recovery codes' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES)
    expect(list).toHaveFocus()
    expect(screen.getByText(/won’t be shown again/)).toBeInTheDocument()
    expect(toasts().map((toast) => toast.textContent)).toEqual([
      expect.stringContaining('Two-factor authentication is on'),
    ])
    const confirms = requests.filter((request) => request.path === '/api/users/me/second-factor/totp/confirm')
    expect(confirms.map((request) => request.body)).toEqual([{ code: '654321' }, { code: '123456' }])

    // Copy and Download.
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await events.click(screen.getByRole('button', { name: 'Copy recovery codes' }))
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'))
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    await events.click(screen.getByRole('button', { name: 'Download' }))
    expect(URL.createObjectURL).toHaveBeenCalledOnce()
    expect(click).toHaveBeenCalledOnce()
    click.mockRestore()

    // Once saved, they are gone for good and the section says it is on.
    await events.click(screen.getByRole('button', { name: 'I saved them' }))
    expect(screen.queryByText(CODES[0] ?? '')).not.toBeInTheDocument()
    const after = screen.getByRole('region', { name: 'Two-factor authentication' })
    expect(within(after).getByText('10 recovery codes left.')).toBeInTheDocument()
    expect(within(after).getByRole('button', { name: 'Turn off' })).toBeInTheDocument()
  })

  it('writes a recovery codes file that says what the codes are, one code a line', () => {
    const file = recoveryCodesFile(CODES.slice(0, 2), 'ada_lovelace', 'https://bashboard.example')
    expect(file.split('\n')).toEqual([
      'Bashboard recovery codes for ada_lovelace (https://bashboard.example)',
      '',
      'Each code signs you in once when you cannot use your authenticator app.',
      'Keep them somewhere safe. Making new codes in Settings stops these from working.',
      '',
      CODES[0],
      CODES[1],
      '',
    ])
  })

  it('turns off with the password and a code; each refusal goes under its field', async () => {
    const requests = mockSecurity(ON, {
      'DELETE /api/users/me/second-factor/totp': (request) => {
        const body = request.body as { password: string; method: string; code: string }
        if (body.password !== 'right-password')
          return { status: 422, body: errorBody(422, ACCOUNT_MESSAGES.currentPasswordIncorrect) }
        if (body.code !== 'abcde-fgh22')
          return { status: 422, body: errorBody(422, SECOND_FACTOR_MESSAGES.recoveryCodeInvalid) }
        return { status: 200, body: OFF }
      },
    })
    const { section, events } = await openSection()
    expect(await within(section).findByText('10 recovery codes left.')).toBeInTheDocument()
    await events.click(within(section).getByRole('button', { name: 'Turn off' }))

    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication?' })
    const password = within(dialog).getByLabelText('Password', { selector: 'input' })
    expect(password).toHaveFocus()
    await events.click(within(dialog).getByRole('button', { name: 'Turn off' }))
    expectFieldError(password, 'Please enter your password to confirm.')

    await events.type(password, 'wrong-password')
    await events.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }))
    const recovery = within(dialog).getByLabelText('Recovery code')
    expect(recovery).toHaveFocus()
    expect(recovery).toHaveAttribute('autocomplete', 'off')
    await events.type(recovery, 'abcde-fgh22')
    await events.click(within(dialog).getByRole('button', { name: 'Turn off' }))
    await waitFor(() => expectFieldError(password, ACCOUNT_MESSAGES.currentPasswordIncorrect))

    await events.clear(password)
    await events.type(password, 'right-password')
    await events.clear(recovery)
    await events.type(recovery, 'zzzzz-zzzzz')
    await events.click(within(dialog).getByRole('button', { name: 'Turn off' }))
    await waitFor(() =>
      expectFieldError(
        within(dialog).getByLabelText('Recovery code'),
        SECOND_FACTOR_MESSAGES.recoveryCodeInvalid,
      ),
    )

    await events.type(within(dialog).getByLabelText('Recovery code'), 'abcde-fgh22')
    await events.click(within(dialog).getByRole('button', { name: 'Turn off' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await within(section).findByText(/^Off\./)).toBeInTheDocument()
    expect(toasts().map((toast) => toast.textContent)).toEqual([
      expect.stringContaining('Two-factor authentication is off'),
    ])
    const deletes = requests.filter((request) => request.method === 'DELETE')
    expect(deletes.at(-1)?.body).toEqual({
      password: 'right-password',
      method: 'recovery',
      code: 'abcde-fgh22',
    })
  })

  it('makes new recovery codes with a current code and shows them once', async () => {
    const fresh = CODES.map((code) => code.replace('abcde', 'qrstu'))
    const requests = mockSecurity(
      { ...ON, recoveryCodesRemaining: 2 },
      {
        'POST /api/users/me/second-factor/recovery-codes': {
          status: 200,
          body: { recoveryCodes: fresh, status: ON } satisfies RecoveryCodesResponse,
        },
      },
    )
    const { section, events } = await openSection()
    expect(
      await within(section).findByText('2 recovery codes left. Make new ones before you run out.'),
    ).toBeInTheDocument()
    await events.click(within(section).getByRole('button', { name: 'New recovery codes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Make new recovery codes?' })
    const code = within(dialog).getByLabelText('Authentication code')
    expect(code).toHaveFocus()
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    await events.type(code, '123 456')
    await events.click(within(dialog).getByRole('button', { name: 'Make new codes' }))
    const list = await screen.findByRole('list', { name: 'Recovery codes' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(fresh)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      method: 'totp',
      code: '123 456',
    })
  })
})
