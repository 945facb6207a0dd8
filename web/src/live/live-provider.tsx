import type { LiveTopic } from '@bashboard/server/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue, useSetAtom } from 'jotai'
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import { sessionAtom } from '../state/session'
import { DeferredLiveClient, type LiveConnection } from './deferred-live-client'
import type { LiveDispatcher } from './dispatcher'
import type { SocketFactory } from './socket-client'
import { liveStatusAtom } from './status'

const LiveClientContext = createContext<LiveConnection | null>(null)

/** The socket client's code, which the first paint does not need (deferred-live-client.ts). */
const loadSocketClient = () => import('./socket-client')

/**
 * `ws://host/ws` or `wss://host/ws` on the page's own origin. The server's render of a page has no
 * location, and never starts the socket: it gets the bare path.
 */
export function defaultLiveUrl(location: Location | undefined = globalThis.location): string {
  if (!location) return '/ws'
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`
}

export interface LiveProviderProps {
  children: ReactNode
  /** Tests pass a fake WebSocket here. */
  createSocket?: SocketFactory
  url?: string
  /**
   * Where events and resets go, or how to load it (then with the socket's code, which waits for it). The
   * socket knows no feature: the app hands in the loader of the dispatcher built from every feature's
   * handlers (app/providers.tsx), a feature's tests one built from its own. Read once.
   */
  dispatcher: LiveDispatcher | (() => Promise<LiveDispatcher>)
}

/**
 * Owns the tab's one live socket: opens it on mount (its code loads then, after the first paint), signs
 * it in and out with the session, and pours every event into the React Query cache through the
 * dispatcher it is given.
 */
export function LiveProvider({ children, createSocket, url, dispatcher }: LiveProviderProps) {
  const queryClient = useQueryClient()
  const session = useAtomValue(sessionAtom)
  const setStatus = useSetAtom(liveStatusAtom)
  // The CSRF token names the session: a new one (signing in again) reconnects the socket.
  const sessionKey = session?.csrfToken ?? null
  const [client] = useState(() => {
    // Events come only from the socket, which opens once the dispatcher (when loaded) is there.
    let target = typeof dispatcher === 'function' ? null : dispatcher
    const load = async () => {
      const [module, loaded] = await Promise.all([
        loadSocketClient(),
        typeof dispatcher === 'function' ? dispatcher() : dispatcher,
      ])
      target = loaded
      return module
    }
    return new DeferredLiveClient(load, {
      url: url ?? defaultLiveUrl(),
      session: sessionKey,
      onEvent: (message) => target?.dispatchEvent(queryClient, message),
      onReset: (topic) => target?.dispatchReset(queryClient, topic),
      onStatus: setStatus,
      ...(createSocket ? { createSocket } : {}),
    })
  })

  useEffect(() => {
    client.start()
    const reconnect = (): void => client.reconnectNow()
    window.addEventListener('online', reconnect)
    return () => {
      window.removeEventListener('online', reconnect)
      client.stop()
    }
  }, [client])

  useEffect(() => client.setSession(sessionKey), [client, sessionKey])

  return <LiveClientContext.Provider value={client}>{children}</LiveClientContext.Provider>
}

/**
 * Keeps `topic` subscribed while the calling component is mounted. Pass the `liveId` of the REST response
 * being shown so events published after it are replayed. A null topic subscribes to nothing.
 */
export function useLiveTopic(topic: LiveTopic | null | undefined, liveId?: string): void {
  const client = useContext(LiveClientContext)
  useEffect(() => {
    if (!client || !topic) return
    return client.subscribe(topic)
  }, [client, topic])
  useEffect(() => {
    if (client && topic && liveId !== undefined) client.noteLiveId(topic, liveId)
  }, [client, topic, liveId])
}

/**
 * Subscribes to one shown post's topic, so its counters, saved count and edits change in place; renders
 * nothing. A component, so a list subscribes once per item it shows (hooks can't be called in a loop).
 */
export function PostTopic({ postId }: { postId: string }) {
  useLiveTopic(`post:${postId}`)
  return null
}
