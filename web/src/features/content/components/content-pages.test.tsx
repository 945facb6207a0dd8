import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi } from '../../../test/mock-api'
import { renderApp } from '../../../test/render-app'

const pages = [
  ['/help', 'Help Center'],
  ['/guidelines', 'Community Guidelines'],
  ['/contribute', 'Contribute'],
  ['/moderators', 'Moderators'],
  ['/feedback', 'Feedback'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/contact', 'Contact'],
  ['/forgot-password', 'Forgot your password?'],
] as const

describe('content pages', () => {
  it.each(pages)('%s has its heading and document title', async (path, title) => {
    mockApi({})
    renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe(`${title} | Bashboard`))
  })

  it('states the application limits the form enforces', async () => {
    mockApi({})
    renderApp('/contribute')
    expect(await screen.findByText(/as JPEG, PNG or PDF, up to 10 MB\./)).toBeInTheDocument()
    expect(screen.getByText(/cover letter of at least 50 characters/)).toBeInTheDocument()
  })
})

describe('ApiDocsPage', () => {
  it('lists the endpoints of the OpenAPI description and the live topics', async () => {
    mockApi({
      'GET /api/openapi.json': {
        status: 200,
        body: {
          info: { title: 'Bashboard API', version: '1.0.0' },
          paths: {
            '/api/blogs': { get: { description: 'Access: public.', responses: {} } },
            '/api/mod/ads': {
              post: { description: 'Access: moderator.', security: [{ bearerAuth: [] }], responses: {} },
            },
          },
          'x-live': {
            url: '/ws',
            topics: [
              {
                topic: 'stats',
                access: 'anyone',
                events: [{ name: 'stats.updated', payload: { type: 'object' } }],
              },
            ],
          },
        },
      },
    })
    renderApp('/api')
    expect(await screen.findByText('/api/blogs')).toBeInTheDocument()
    expect(screen.getByText('/api/mod/ads')).toBeInTheDocument()
    expect(screen.getByText('2 endpoints · v1.0.0')).toBeInTheDocument()
    expect(screen.getByText('stats.updated')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('API | Bashboard'))

    const blogs = screen.getByRole('region', { name: 'blogs' })
    await userEvent.click(within(blogs).getByText('/api/blogs'))
    expect(within(blogs).getByText('public')).toBeInTheDocument()
  })

  it('offers a retry when the description cannot load', async () => {
    mockApi({ 'GET /api/openapi.json': { status: 500 } })
    renderApp('/api')
    expect(
      await screen.findByText('The API description could not be loaded. Please try again.'),
    ).toBeInTheDocument()
  })
})
