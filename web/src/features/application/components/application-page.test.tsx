import type { UserApplicationResponse } from '@bashboard/server/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { expectFieldError, toasts } from '../../../test/form-assertions'
import { errorBody, type MockAnswer, mockApi, profileFixture, statsFixture } from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const member = profileFixture()
const APPLICATION_ID = '00000000-0000-4000-8000-0000000000a1'

function noApplication(): UserApplicationResponse {
  return {
    hasApplication: false,
    status: null,
    submittedAt: null,
    reviewedAt: null,
    message: null,
    application: null,
  }
}

function applicationWith(
  status: 'reviewing' | 'accepted' | 'rejected',
  message: string | null = null,
): UserApplicationResponse {
  const submittedAt = '2026-11-20T10:00:00.000Z'
  return {
    hasApplication: true,
    status,
    submittedAt,
    reviewedAt: status === 'reviewing' ? null : '2026-11-20T12:00:00.000Z',
    message,
    application: {
      _id: APPLICATION_ID,
      docCategory: 'Passport',
      coverLetter: 'x'.repeat(60),
      documentName: 'passport.png',
      status,
      submittedAt,
    },
  }
}

function mockPage(mine: MockAnswer, profile = member) {
  storeSession(validSession())
  return mockApi({
    'GET /api/website/user/profile/header': { status: 200, body: profile },
    'GET /api/website/stats': { status: 200, body: statsFixture() },
    'GET /api/applications/user': mine,
  })
}

const LETTER = 'I have used Linux for ten years and maintain servers for a small web agency daily.'

function png(name = 'passport.png', size = 2048): File {
  return new File([new Uint8Array(size)], name, { type: 'image/png' })
}

async function openForm() {
  renderApp('/application')
  await screen.findByRole('heading', { name: 'Application Form' })
  // The picker's accept filter would hide the wrong files these tests hand in on purpose.
  return userEvent.setup({ applyAccept: false })
}

/** A stand-in for XMLHttpRequest (the form uploads through it for progress): answers what the test says. */
/**
 * Stubs XMLHttpRequest with an upload that reports 50 % and then answers `answer`; with `held`, the
 * answer waits for it, so a test can look at the progress however slowly the machine runs.
 */
function fakeUpload(answer: { status: number; body: unknown }, held?: Promise<void>) {
  const sent: { url: string; headers: Record<string, string>; form: FormData }[] = []
  class FakeXhr {
    status = 0
    responseText = ''
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    private url = ''
    private readonly headers: Record<string, string> = {}
    open(_method: string, url: string): void {
      this.url = url
    }
    setRequestHeader(name: string, value: string): void {
      this.headers[name] = value
    }
    abort(): void {}
    send(form: FormData): void {
      sent.push({ url: this.url, headers: this.headers, form })
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent)
        void (held ?? Promise.resolve()).then(() =>
          setTimeout(() => {
            this.status = answer.status
            this.responseText = JSON.stringify(answer.body)
            this.onload?.()
          }, 20),
        )
      }, 20)
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return sent
}

async function fillValidForm(events: ReturnType<typeof userEvent.setup>): Promise<void> {
  await events.upload(screen.getByLabelText('Identity Document'), png())
  await events.selectOptions(screen.getByLabelText('Document Category'), 'Passport')
  await events.type(screen.getByLabelText('Cover Letter'), LETTER)
}

describe('Application page', () => {
  it('sends guests to the login page', async () => {
    mockApi({ 'GET /api/website/stats': { status: 200, body: statsFixture() } })
    const { router } = renderApp('/application')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('sends contributors to /create-post', async () => {
    mockPage(
      { status: 200, body: noApplication() },
      profileFixture({ contributor: true, role: 'contributor' }),
    )
    const { router } = renderApp('/application')
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-post'))
  })

  it('shows the form and the Contributor Benefits when there is no application', async () => {
    mockPage({ status: 200, body: noApplication() })
    await openForm()
    expect(screen.getByRole('heading', { name: 'Contributor Benefits' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeInTheDocument()
    const category = screen.getByLabelText('Document Category')
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select a document category',
      'Driving License',
      'Passport',
      'NID',
      'Birth Certificate',
      'Others',
    ])
  })

  it('keeps submit disabled below 50 characters and counts the cover letter live', async () => {
    mockPage({ status: 200, body: noApplication() })
    const events = await openForm()
    const submit = screen.getByRole('button', { name: 'Submit Application' })
    expect(submit).toBeDisabled()
    await events.type(screen.getByLabelText('Cover Letter'), 'x'.repeat(49))
    expect(screen.getByText('49/50 characters minimum')).toBeInTheDocument()
    expect(submit).toBeDisabled()
    await events.type(screen.getByLabelText('Cover Letter'), 'y')
    expect(screen.getByText('50/5000 characters')).toBeInTheDocument()
    expect(submit).toBeEnabled()
  })

  it('does not count surrounding spaces toward the 50 characters', async () => {
    mockPage({ status: 200, body: noApplication() })
    const events = await openForm()
    await events.type(screen.getByLabelText('Cover Letter'), `   ${'x'.repeat(48)}    `)
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeDisabled()
  })

  it('asks for every required field when the document or the category is missing', async () => {
    const requests = mockPage({ status: 200, body: noApplication() })
    const events = await openForm()
    await events.type(screen.getByLabelText('Cover Letter'), LETTER)
    await events.click(screen.getByRole('button', { name: 'Submit Application' }))
    // Said once, inline and tied to the field: no toast repeating it.
    expect(await screen.findAllByText('Please fill in all required fields')).toHaveLength(1)
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(screen.getByLabelText('Identity Document')).toHaveFocus()
    expect(screen.getByLabelText('Identity Document')).toHaveAccessibleDescription(
      /Please fill in all required fields/,
    )

    await events.upload(screen.getByLabelText('Identity Document'), png())
    await events.click(screen.getByRole('button', { name: 'Submit Application' }))
    await waitFor(() => expect(screen.getByLabelText('Document Category')).toHaveFocus())
    expect(requests.some((request) => request.path === '/api/applications/create')).toBe(false)
  })

  it('refuses a document that is not a JPEG, JPG, PNG or PDF', async () => {
    mockPage({ status: 200, body: noApplication() })
    const events = await openForm()
    const input = screen.getByLabelText('Identity Document')
    await events.upload(input, new File(['<svg/>'], 'id.svg', { type: 'image/svg+xml' }))
    const form = screen.getByRole('heading', { name: 'Application Form' }).parentElement as HTMLElement
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Please upload a valid document (JPEG, JPG, PNG, or PDF)',
    )
    expect((input as HTMLInputElement).value).toBe('')
  })

  it('refuses a document larger than 10MB', async () => {
    mockPage({ status: 200, body: noApplication() })
    const events = await openForm()
    await events.upload(screen.getByLabelText('Identity Document'), png('big.png', 10 * 1024 * 1024 + 1))
    expect(await screen.findAllByText('Document must be smaller than 10MB')).toHaveLength(1)
    expect(screen.queryByText('Invalid Document')).not.toBeInTheDocument()
  })

  it('accepts a PDF and a JPG by extension when the browser gives no type', async () => {
    mockPage({ status: 200, body: noApplication() })
    const events = await openForm()
    await events.upload(screen.getByLabelText('Identity Document'), new File(['%PDF-1.4'], 'licence.pdf'))
    expect(await screen.findByText('licence.pdf')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the status card Under Review and no form while an application is reviewed', async () => {
    mockPage({ status: 200, body: applicationWith('reviewing') })
    renderApp('/application')
    expect(await screen.findByTestId('application-status')).toHaveTextContent('Under Review')
    expect(screen.getByText(/being reviewed by our moderators/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Submit Application/ })).not.toBeInTheDocument()
  })

  it('shows the reviewer’s message and Resubmit Application after a rejection', async () => {
    mockPage({ status: 200, body: applicationWith('rejected', 'The document is unreadable.') })
    renderApp('/application')
    expect(await screen.findByTestId('application-status')).toHaveTextContent('Rejected')
    expect(screen.getByText('The document is unreadable.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Resubmit Application' })).toBeInTheDocument()
  })

  it('shows the load failure and its toast when the status cannot be loaded', async () => {
    mockPage({ status: 500, body: errorBody(500, 'Internal Server Error') })
    renderApp('/application')
    expect(
      await screen.findByText('Failed to load application data', { selector: 'li p' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })

  it('turns the card to Accepted with one toast and a first-post link when the decision arrives live', async () => {
    const noNotifications = {
      notifications: [],
      unreadCount: 0,
      liveId: '1',
      pagination: { page: 1, pageSize: 30, total: 0, totalPages: 0 },
    }
    const withMenu = (mine: MockAnswer) => {
      storeSession(validSession())
      mockApi({
        'GET /api/website/user/profile/header': { status: 200, body: member },
        'GET /api/website/stats': { status: 200, body: statsFixture() },
        'GET /api/applications/user': mine,
        'GET /api/notifications': { status: 200, body: noNotifications },
      })
    }
    withMenu({ status: 200, body: applicationWith('reviewing') })
    const { sockets } = renderApp('/application')
    expect(await screen.findByTestId('application-status')).toHaveTextContent('Under Review')
    await screen.findByRole('button', { name: 'Notifications' })
    const socket = sockets[0]
    if (!socket) throw new Error('no socket')
    // The refetch after the event answers the accepted application, as the server would by then.
    withMenu({ status: 200, body: applicationWith('accepted', 'Welcome aboard!') })
    const topic = `user:${member._id}`
    const text = 'Your contributor application was accepted. You can now create posts.'
    await act(async () => socket.open())
    act(() => socket.receive({ type: 'authed', userId: member._id, role: 'member' }))
    await waitFor(() =>
      expect(socket.sentOfType('subscribe')).toContainEqual(
        expect.objectContaining({ topics: expect.arrayContaining([`user:${member._id}`]) }),
      ),
    )
    act(() => {
      // What the server pushes for one decision (server/src/reactions.ts): the status and its notification.
      socket.receive({
        type: 'event',
        topic,
        event: 'application.status',
        id: '3',
        data: { status: 'accepted', message: 'Welcome aboard!' },
      })
      socket.receive({
        type: 'event',
        topic,
        event: 'notification',
        id: '4',
        data: {
          _id: '00000000-0000-4000-8000-0000000000b1',
          kind: 'application',
          text,
          link: '/application',
          count: 1,
          read: false,
          createdAt: '2026-11-20T12:00:00.000Z',
          updatedAt: '2026-11-20T12:00:00.000Z',
          unreadCount: 1,
        },
      })
    })
    await waitFor(() => expect(screen.getByTestId('application-status')).toHaveTextContent('Accepted'))
    await waitFor(() =>
      expect(toasts().map((toast) => toast.textContent)).toEqual([`Application update${text}`]),
    )
    expect(screen.getByText('Welcome aboard!')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create your first post' })).toHaveAttribute(
      'href',
      '/create-post',
    )
  })
  it('uploads the form with the CSRF token, shows progress, then the Under Review card', async () => {
    mockPage({ status: 200, body: noApplication() })
    let answer = () => {}
    const held = new Promise<void>((resolve) => {
      answer = resolve
    })
    const sent = fakeUpload({ status: 201, body: applicationWith('reviewing') }, held)
    const events = await openForm()
    await fillValidForm(events)
    await events.click(screen.getByRole('button', { name: 'Submit Application' }))
    // The bar shows from 0 %, then the upload's 50 %, which stays until the answer is let through.
    await waitFor(
      () =>
        expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
          'aria-valuenow',
          '50',
        ),
      { timeout: 5000 },
    )
    answer()
    expect(await screen.findByText('Application Submitted')).toBeInTheDocument()
    expect(screen.getByTestId('application-status')).toHaveTextContent('Under Review')
    expect(screen.queryByRole('button', { name: 'Submit Application' })).not.toBeInTheDocument()
    const [request] = sent
    if (!request) throw new Error('nothing was uploaded')
    expect(request.url).toBe('/api/applications/create')
    expect(request.headers['x-csrf-token']).toBe('test-csrf-token')
    expect(request.headers.Authorization).toBeUndefined()
    expect(request.form.get('docCategory')).toBe('Passport')
    expect(request.form.get('coverLetter')).toBe(LETTER)
    expect((request.form.get('document') as File).name).toBe('passport.png')
  })

  it('shows the server’s refusal under the form, tied to its field, not in a toast', async () => {
    mockPage({ status: 200, body: noApplication() })
    fakeUpload({
      status: 422,
      body: errorBody(422, 'PDF documents with scripts, launch actions or embedded files are not accepted'),
    })
    const events = await openForm()
    await fillValidForm(events)
    await events.click(screen.getByRole('button', { name: 'Submit Application' }))
    const message = 'PDF documents with scripts, launch actions or embedded files are not accepted'
    await waitFor(() => expectFieldError(screen.getByLabelText('Identity Document'), message))
    expect(screen.queryByText('Submission Failed')).not.toBeInTheDocument()
    // The form stays, filled in, so the applicant can fix and resend.
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeEnabled()
  })
})
