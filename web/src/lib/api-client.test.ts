import { describe, expect, it } from 'vitest'
import { errorBody, mockApi } from '../test/mock-api'
import { storeSession, validSession } from '../test/render-app'
import { ApiError, apiFetch, NETWORK_ERROR_MESSAGE, setApiTransport } from './api-client'

describe('apiFetch', () => {
  it('sends JSON, and a write carries the session’s CSRF token but never a bearer token', async () => {
    storeSession(validSession('csrf-abc'))
    const requests = mockApi({
      'POST /api/things': { status: 201, body: { ok: true } },
      'GET /api/things': { status: 200, body: [] },
    })
    await expect(apiFetch('/api/things', { method: 'POST', body: { name: 'x' } })).resolves.toEqual({
      ok: true,
    })
    expect(requests[0]?.headers.get('x-csrf-token')).toBe('csrf-abc')
    expect(requests[0]?.headers.get('Authorization')).toBeNull()
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json')
    expect(requests[0]?.body).toEqual({ name: 'x' })
    // A read changes nothing, and needs no token.
    await apiFetch('/api/things')
    expect(requests[1]?.headers.has('x-csrf-token')).toBe(false)
  })

  it('sends no Authorization header without a session', async () => {
    const requests = mockApi({ 'GET /api/things': { status: 200, body: [] } })
    await apiFetch('/api/things')
    expect(requests[0]?.headers.has('Authorization')).toBe(false)
  })

  it("throws an ApiError carrying the status and the server's message", async () => {
    mockApi({ 'GET /api/things': { status: 409, body: errorBody(409, 'Already there') } })
    const error = await apiFetch('/api/things').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 409, message: 'Already there', serverMessage: 'Already there' })
  })

  it('falls back to the caller message, then to "Error: {status}"', async () => {
    mockApi({ 'GET /api/a': { status: 502, body: {} }, 'GET /api/b': { status: 502, body: {} } })
    await expect(apiFetch('/api/a', { fallbackMessage: 'Failed to fetch things' })).rejects.toMatchObject({
      status: 502,
      message: 'Failed to fetch things',
      serverMessage: undefined,
    })
    await expect(apiFetch('/api/b')).rejects.toMatchObject({ message: 'Error: 502' })
  })

  it('reports a request without any response as a network error', async () => {
    mockApi({ 'GET /api/things': 'network' })
    await expect(apiFetch('/api/things')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE })
  })
})

describe('setApiTransport', () => {
  it("sends later calls through the given transport instead of the browser's fetch", async () => {
    const requests = mockApi({})
    const seen: string[] = []
    setApiTransport(async (path, init) => {
      seen.push(`${init.method} ${path}`)
      return new Response(JSON.stringify({ via: 'transport' }), { status: 200 })
    })
    try {
      await expect(apiFetch('/api/website')).resolves.toEqual({ via: 'transport' })
    } finally {
      setApiTransport((path, init) => fetch(path, init))
    }
    expect(seen).toEqual(['GET /api/website'])
    expect(requests).toHaveLength(0)
  })
})
