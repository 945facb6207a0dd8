import { WebSocketServer } from 'ws'
import { makeEventFrame, makeStatsPayload, report } from './protocol.ts'
import { serveCommands } from './server-harness.ts'

/*
 * The ceiling: a bare `ws` server that serialises each event once and writes the same bytes to every
 * open socket. No topics, no bus, no framework; the live channel cannot beat it on this machine, so
 * its latency is the yardstick for the real server's.
 */

const port = Number(process.env.BENCH_PORT ?? 0)
const server = new WebSocketServer({
  host: '127.0.0.1',
  port,
  perMessageDeflate: false,
  maxPayload: 64 * 1024,
})

server.on('listening', () => {
  const address = server.address()
  report({
    type: 'listening',
    port: typeof address === 'object' && address ? address.port : port,
    pid: process.pid,
  })
})

serveCommands({
  publish(seq, dueNs) {
    const frame = Buffer.from(
      makeEventFrame('stats', 'stats.updated', String(seq), makeStatsPayload(seq, dueNs)),
    )
    for (const socket of server.clients) {
      if (socket.readyState === socket.OPEN) socket.send(frame, { binary: false })
    }
  },
  async close() {
    for (const socket of server.clients) socket.terminate()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  },
})
