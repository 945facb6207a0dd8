import type { LiveTopic } from '@bashboard/server/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue, useSetAtom } from 'jotai'
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import { sessionAtom } from '../state/session'
import { deferredDispatcher, type LiveDispatcher } from './dispatcher'
import { LiveClient, type SocketFactory } from './socket-client'
import { liveStatusAtom } from './status'

const LiveClientContext = createContext<LiveClient | null>(null)

/** `ws://host/ws` or `wss://host/ws` on the page's own origin. */
export function defaultLiveUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`
}

/**
 * The features' handlers (./registry) import every live feature's cache code, which the first paint does
 * not need: they load in their own chunk, requested when the provider first renders, and events that
 * arrive before they have loaded wait for them (the socket is rarely even open by then).
 */
function loadAppDispatcher(): LiveDispatcher {
  return deferredDispatcher(() => import('./registry').then((registry) => registry.liveDispatcher))
}

export interface LiveProviderProps {
  children: ReactNode
  /** Tests pass a fake WebSocket here. */
  createSocket?: SocketFactory
  url?: string
  dispatcher?: LiveDispatcher
}

/**
 * Owns the tab's one live socket: opens it on mount, signs it in and out with the session, and pours
 * every event into the React Query cache through the feature handlers.
 */
export function LiveProvider({ children, createSocket, url, dispatcher }: LiveProviderProps) {
  const queryClient = useQueryClient()
  const session = useAtomValue(sessionAtom)
  const setStatus = useSetAtom(liveStatusAtom)
  const token = session?.token ?? null
  const [client] = useState(() => {
    const handlers = dispatcher ?? loadAppDispatcher()
    return new LiveClient({
      url: url ?? defaultLiveUrl(),
      token,
      onEvent: (message) => handlers.dispatchEvent(queryClient, message),
      onReset: (topic) => handlers.dispatchReset(queryClient, topic),
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

  useEffect(() => client.setToken(token), [client, token])

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
