import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * A GitHub-shaped OAuth 2 peer for the tests: the four endpoints the sign-in uses, behaving as
 * github.com and api.github.com do where it matters. Codes are single-use, bound to the redirect URI
 * and the PKCE challenge, and refused (with GitHub's 200 + `error` body) otherwise; /user and
 * /user/emails answer for the account the authorize step signed in.
 */

/** An account at the peer: who the next authorize step signs in as. */
export interface GitHubAccount {
  id: number
  login: string
  name?: string | null
  emails: { email: string; primary: boolean; verified: boolean }[]
}

interface IssuedCode {
  account: GitHubAccount
  redirectUri: string
  challenge: string | undefined
}

export interface GitHubPeer {
  /** Serves /login/oauth/* (GITHUB_OAUTH_URL) and /user* (GITHUB_API_URL). */
  url: string
  clientId: string
  clientSecret: string
  /**
   * The account the next authorize signs in as; `null` makes the member cancel (access_denied). Until
   * a test says, the authorize step is a page asking for a login and an address (the e2e journey).
   */
  signInAs(account: GitHubAccount | null): void
  /** Token requests it refused, newest last (what a replayed code got). */
  refusals: string[]
  close(): Promise<void>
}

function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      body += chunk
    })
    request.on('end', () => resolve(new URLSearchParams(body)))
    request.on('error', reject)
  })
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  response.end(JSON.stringify(body))
}

/** Where the peer listens and who its client is (fixed for e2e/serve.mjs; random otherwise). */
export interface GitHubPeerOptions {
  port?: number
  clientId?: string
  clientSecret?: string
}

const ASK_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to GitHub (test peer)</title>
<meta name="viewport" content="width=device-width"></head><body>
<h1>Sign in to GitHub</h1><p>The test peer signs in whoever you name here.</p>
<form method="post"><label>Login <input name="login" required></label>
<label>Email <input name="email" type="email" required></label>
<button type="submit">Authorize</button></form></body></html>`

/** A stable numeric id for a login typed on the ask page, so the same login is the same account. */
function idOf(login: string): number {
  return createHash('sha256').update(login.toLowerCase()).digest().readUInt32BE(0)
}

/** Starts the peer on 127.0.0.1 (a free port unless one is given). */
export async function startGitHubPeer(options: GitHubPeerOptions = {}): Promise<GitHubPeer> {
  const clientId = options.clientId ?? `gh-client-${randomBytes(4).toString('hex')}`
  const clientSecret = options.clientSecret ?? randomBytes(16).toString('hex')
  const codes = new Map<string, IssuedCode>()
  const tokens = new Map<string, GitHubAccount>()
  const refusals: string[] = []
  let next: GitHubAccount | null | 'ask' = 'ask'

  const refuse = (response: ServerResponse, error: string) => {
    refusals.push(error)
    // GitHub answers a bad code with 200 and an error body.
    json(response, 200, { error, error_description: `Refused: ${error}` })
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://peer.invalid')
    const authorizing = url.pathname === '/login/oauth/authorize'
    if (authorizing && request.method === 'GET' && next === 'ask') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(ASK_PAGE)
      return
    }
    if (authorizing && (request.method === 'GET' || request.method === 'POST')) {
      let account = next === 'ask' ? null : next
      if (request.method === 'POST') {
        const form = await formOf(request)
        const login = form.get('login') ?? ''
        account = {
          id: idOf(login),
          login,
          emails: [{ email: form.get('email') ?? '', primary: true, verified: true }],
        }
      }
      const redirectUri = url.searchParams.get('redirect_uri') ?? ''
      const state = url.searchParams.get('state') ?? ''
      if (url.searchParams.get('client_id') !== clientId || redirectUri === '') {
        json(response, 400, { error: 'unknown client' })
        return
      }
      const back = new URL(redirectUri)
      back.searchParams.set('state', state)
      if (account === null) {
        back.searchParams.set('error', 'access_denied')
      } else {
        const code = randomBytes(10).toString('hex')
        codes.set(code, {
          account,
          redirectUri,
          challenge:
            url.searchParams.get('code_challenge_method') === 'S256'
              ? (url.searchParams.get('code_challenge') ?? undefined)
              : undefined,
        })
        back.searchParams.set('code', code)
      }
      response.writeHead(302, { location: back.href })
      response.end()
      return
    }
    if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const form = await formOf(request)
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        refuse(response, 'incorrect_client_credentials')
        return
      }
      const code = form.get('code') ?? ''
      const issued = codes.get(code)
      // Used once: a second exchange of the same code is refused, as GitHub does.
      codes.delete(code)
      if (!issued) return refuse(response, 'bad_verification_code')
      if (form.get('redirect_uri') !== issued.redirectUri) return refuse(response, 'redirect_uri_mismatch')
      const verifier = form.get('code_verifier') ?? ''
      const challenge = createHash('sha256').update(verifier).digest('base64url')
      if (issued.challenge === undefined || challenge !== issued.challenge) {
        return refuse(response, 'bad_verification_code')
      }
      const token = `gho_${randomBytes(16).toString('hex')}`
      tokens.set(token, issued.account)
      json(response, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' })
      return
    }
    const authorization = request.headers.authorization ?? ''
    const account = tokens.get(authorization.replace(/^(Bearer|token) /i, ''))
    if (request.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
      if (!account) {
        json(response, 401, { message: 'Bad credentials' })
        return
      }
      if (url.pathname === '/user') {
        const primary = account.emails.find((entry) => entry.primary)
        json(response, 200, {
          id: account.id,
          login: account.login,
          name: account.name ?? null,
          email: primary?.email ?? null,
        })
      } else {
        json(
          response,
          200,
          account.emails.map((entry) => ({ ...entry, visibility: entry.primary ? 'public' : null })),
        )
      }
      return
    }
    json(response, 404, { message: 'Not Found' })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    signInAs(account) {
      next = account
    },
    refusals,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
