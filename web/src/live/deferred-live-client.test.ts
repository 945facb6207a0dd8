import { describe, expect, it } from 'vitest'
import { DeferredLiveClient, type LoadSocketClient } from './deferred-live-client'
import type { LiveClient, LiveClientOptions } from './socket-client'
import type { LiveStatus } from './types'

/** What the fake client was asked, in order. */
let calls: string[] = []

/** Stands in for socket-client.ts's LiveClient, recording the calls made on it. */
class FakeClient {
  constructor(readonly options: LiveClientOptions) {
    calls.push(`new session=${options.session ?? 'none'}`)
  }
  start(): void {
    calls.push('start')
  }
  stop(): void {
    calls.push('stop')
  }
  reconnectNow(): void {
    calls.push('reconnect')
  }
  setSession(token: string | null): void {
    calls.push(`token ${token}`)
  }
  subscribe(topic: string, liveId?: string): () => void {
    calls.push(`subscribe ${topic}${liveId ? ` since ${liveId}` : ''}`)
    return () => calls.push(`release ${topic}`)
  }
  noteLiveId(topic: string, liveId: string): void {
    calls.push(`note ${topic} ${liveId}`)
  }
}

/** A socket module that arrives when the test says so. */
function controlledLoad(): {
  load: LoadSocketClient
  arrive: () => Promise<void>
  fail: () => Promise<void>
} {
  let settle: { resolve: () => void; reject: (error: Error) => void } | null = null
  const load: LoadSocketClient = () =>
    new Promise((resolve, reject) => {
      settle = {
        resolve: () => resolve({ LiveClient: FakeClient as unknown as typeof LiveClient }),
        reject,
      }
    })
  const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
  return {
    load,
    arrive: async () => {
      settle?.resolve()
      await tick()
    },
    fail: async () => {
      settle?.reject(new Error('chunk missing'))
      await tick()
    },
  }
}

function client(load: LoadSocketClient, statuses: LiveStatus[] = []) {
  return new DeferredLiveClient(load, {
    url: '/ws',
    session: 'first',
    onEvent: () => {},
    onReset: () => {},
    onStatus: (status) => statuses.push(status),
  })
}

describe('DeferredLiveClient', () => {
  it('loads the socket only when started, and hands it what the page asked meanwhile, in order', async () => {
    calls = []
    const socket = controlledLoad()
    const live = client(socket.load)
    live.subscribe('posts', '4')
    live.noteLiveId('posts', '7')
    live.setSession('second')
    expect(calls).toEqual([])
    live.start()
    await socket.arrive()
    expect(calls).toEqual(['new session=second', 'subscribe posts since 4', 'note posts 7', 'start'])
    // Loaded: calls go straight through.
    live.subscribe('stats')
    expect(calls.at(-1)).toBe('subscribe stats')
  })

  it('forgets a subscription released before the socket arrived', async () => {
    calls = []
    const socket = controlledLoad()
    const live = client(socket.load)
    const release = live.subscribe('post:1')
    live.subscribe('post:2')
    live.start()
    release()
    await socket.arrive()
    expect(calls).toEqual(['new session=first', 'subscribe post:2', 'start'])
  })

  it('does not open a socket stopped before it arrived, and opens it when started again', async () => {
    calls = []
    const socket = controlledLoad()
    const live = client(socket.load)
    live.start()
    live.stop()
    await socket.arrive()
    expect(calls).toEqual(['new session=first'])
    live.start()
    expect(calls).toEqual(['new session=first', 'start'])
  })

  it('says offline when the socket’s code does not arrive, and asks again on the next start', async () => {
    calls = []
    const statuses: LiveStatus[] = []
    const first = controlledLoad()
    let attempt = 0
    const second = controlledLoad()
    const live = client(() => (attempt++ === 0 ? first.load() : second.load()), statuses)
    live.start()
    await first.fail()
    expect(statuses).toEqual(['offline'])
    live.start()
    await second.arrive()
    expect(calls).toEqual(['new session=first', 'start'])
  })
})
