import type { ProgramResponse } from '@bashboard/server/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { errorBody, type MockAnswer, mockApi } from '../../../test/mock-api'
import { postFixture } from '../../../test/post-fixtures'
import { renderApp } from '../../../test/render-app'

const extract = postFixture({ title: 'Extract a tarball', command: 'tar -xzf a.tgz', tags: ['tar'] })
const list = postFixture({ title: 'List a tarball', command: 'tar -tzf a.tgz', tags: ['tar'] })

function programPage(posts = [extract, list], overrides: Partial<ProgramResponse['pagination']> = {}) {
  const body: ProgramResponse = {
    program: 'tar',
    posts,
    pagination: { page: 1, pageSize: 20, totalPosts: posts.length, totalPages: 1, ...overrides },
    myReactedPosts: null,
    liveId: '0',
  }
  return { status: 200, body } satisfies MockAnswer
}

function renderProgram(path: string, answers: Record<string, MockAnswer>) {
  const requests = mockApi(answers)
  return { ...renderApp(path), requests, events: userEvent.setup() }
}

describe('Program page', () => {
  it('lists the program’s commands as cards under a heading with their count', async () => {
    renderProgram('/tar', { 'GET /api/programs/tar': programPage() })
    expect(await screen.findByRole('heading', { level: 1, name: /^tar\s*— 2 commands$/ })).toBeInTheDocument()
    const cards = within(screen.getByRole('list', { name: 'tar commands' })).getAllByRole('article')
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Extract a tarball',
      'List a tarball',
    ])
    expect(screen.getByText(/curl http:\/\/localhost(:\d+)?\/tar/)).toBeInTheDocument()
    expect(document.title).toBe('tar commands | Bashboard')
  })

  it('shows the not-found screen for a program without commands', async () => {
    renderProgram('/nosuchprogram', {
      'GET /api/programs/nosuchprogram': {
        status: 404,
        body: errorBody(404, 'No commands use "nosuchprogram" yet.'),
      },
    })
    expect(await screen.findByRole('heading', { name: 'Command Not Found' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: /commands$/ })).not.toBeInTheDocument()
    expect(document.title).toBe('Command Not Found | Bashboard')
  })

  it('says so past the last page and offers the first', async () => {
    renderProgram('/tar?page=3', {
      'GET /api/programs/tar': programPage([], { page: 3, totalPosts: 2, totalPages: 1 }),
    })
    expect(await screen.findByText('No commands on this page.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the first page' })).toHaveAttribute('href', '/tar')
  })

  it('offers a retry when the commands cannot be loaded', async () => {
    renderProgram('/tar', { 'GET /api/programs/tar': { status: 500, body: errorBody(500, 'Boom') } })
    expect(await screen.findByText('The commands could not be loaded.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /retry|try again/i })).toBeInTheDocument()
  })
})
