import type { LiveClientMessage, LiveServerMessage } from '@bashboard/server/contract'
import { waitFor } from '@testing-library/react'
import type { SocketLike } from '../live/socket-client'

/** An in-memory WebSocket: tests open it, push server messages into it and read what the client sent. */
export class FakeSocket implements SocketLike {
  readyState = 0
  onopen: ((event: Event) => void) | null = null
  onclose: ((event: CloseEvent) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  readonly sent: LiveClientMessage[] = []
  closedByClient = false

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open')
    this.sent.push(JSON.parse(data) as LiveClientMessage)
  }

  close(): void {
    this.closedByClient = true
    this.readyState = 3
  }

  /** The server accepted the connection. */
  open(): void {
    this.readyState = 1
    this.onopen?.(new Event('open'))
  }

  /** A message from the server. */
  receive(message: LiveServerMessage): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }))
  }

  /** The connection dropped (server restart, network loss). */
  drop(code = 1006): void {
    this.readyState = 3
    this.onclose?.(new CloseEvent('close', { code }))
  }

  /** Messages of one type the client sent. */
  sentOfType<T extends LiveClientMessage['type']>(type: T): Extract<LiveClientMessage, { type: T }>[] {
    return this.sent.filter(
      (message): message is Extract<LiveClientMessage, { type: T }> => message.type === type,
    )
  }
}

/** A socket factory that records every socket it makes. */
export function createFakeSocketFactory(): { sockets: FakeSocket[]; create: (url: string) => FakeSocket } {
  const sockets: FakeSocket[] = []
  return {
    sockets,
    create: (url: string) => {
      const socket = new FakeSocket(url)
      sockets.push(socket)
      return socket
    },
  }
}

/** The newest socket once the client has made one: its code loads after the first render. */
export function newestSocket(sockets: readonly FakeSocket[]): Promise<FakeSocket> {
  return waitFor(() => {
    const socket = sockets.at(-1)
    if (!socket) throw new Error('no socket was opened')
    return socket
  })
}
