import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError, createClient, UnreachableError } from '../src/api.ts'
import { EXIT } from '../src/errors.ts'

// The error answers a real server gives rarely on demand (rate limits, outages), from a stand-in.
describe('API client errors', () => {
  let server: Server
  let baseUrl: string

  beforeAll(async () => {
    server = createServer((request, response) => {
      const status = Number(request.url?.slice(1))
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (status === 429) headers['retry-after'] = '42'
      response.writeHead(status, headers)
      response.end(
        JSON.stringify({ statusCode: status, error: 'x', message: `server says \u001b[31m${status}` }),
      )
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  async function failure(path: string, token?: string): Promise<ApiError> {
    const error = await createClient(baseUrl, token)
      .request('GET', path)
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }

  it('says when to retry after a rate limit', async () => {
    const error = await failure('/429', 'bb_pat_x')
    expect(error.message).toBe('rate limited: server says 429. Try again in 42 s.')
    expect(error.exitCode).toBe(EXIT.error)
  })

  it('points to login on 401, keeps the server message (stripped) on 403, exits 4 on 404', async () => {
    expect((await failure('/401', 'bb_pat_x')).message).toContain('Run `bashboard login` with a new token.')
    expect((await failure('/403', 'bb_pat_x')).message).toBe('server says 403')
    expect((await failure('/404')).exitCode).toBe(EXIT.notFound)
  })

  it('treats 503 like an unreachable site, so commands fall back to the cache', async () => {
    const error = await createClient(baseUrl, undefined)
      .request('GET', '/503')
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(UnreachableError)
  })
})
