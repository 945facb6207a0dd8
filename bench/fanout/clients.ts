import { LeanWebSocket } from './lean-websocket.ts'
import { type ClientCommand, type ClientResult, readStamp, report, summarize } from './protocol.ts'

/*
 * The client side of the fan-out benchmark: one process holding N WebSocket clients, spread evenly
 * over the given URLs, each subscribed to one topic. It runs apart from the servers so their CPU time
 * and memory are measured alone. Started by run.ts with child_process.fork and driven over IPC.
 * The sockets are `LeanWebSocket`s, which take about half the user CPU `ws` does per message (see there).
 */

interface Client {
  socket: LeanWebSocket
  urlIndex: number
  /** seen[seq] = 1 once event `seq` arrived. */
  seen: Uint8Array
  closedEarly: boolean
}

type StartCommand = Extract<ClientCommand, { type: 'start' }>

const clients: Client[] = []
// Latencies in ms, one growable list per URL; 5,000 sockets × 100 events is 500,000 numbers.
let latencies: number[][] = []
let latenciesFromSend: number[][] = []
let urls: string[] = []
let duplicates = 0
let unexpected = 0
let resets = 0
let errorMessages = 0
let collecting = false
// CPU time from the moment every socket was ready: the clients' own share of the machine.
let cpuAtReady: NodeJS.CpuUsage | undefined
let stopping = false

function onFrame(client: Client, frame: Buffer): void {
  // Taken first, so the bookkeeping below is not counted as delivery time.
  const receivedNs = process.hrtime.bigint()
  const stamp = readStamp(frame)
  if (stamp) {
    if (stamp.seq < 1 || stamp.seq >= client.seen.length) unexpected += 1
    else if (client.seen[stamp.seq]) duplicates += 1
    else {
      client.seen[stamp.seq] = 1
      latencies[client.urlIndex]?.push(Number(receivedNs - stamp.dueNs) / 1e6)
      latenciesFromSend[client.urlIndex]?.push(Number(receivedNs - stamp.sentNs) / 1e6)
    }
    return
  }
  // Not an event of the benchmark: only the channel's own messages are expected here.
  const text = frame.toString('utf8')
  if (text.includes('"type":"reset"')) resets += 1
  else if (text.includes('"type":"error"')) errorMessages += 1
}

/** Opens one socket and resolves when it is ready (subscribed, or open when not subscribing). */
function openClient(
  command: StartCommand,
  urlIndex: number,
): Promise<{ client?: Client; ms: number; error?: string }> {
  const url = command.urls[urlIndex] ?? ''
  const startedNs = process.hrtime.bigint()
  return new Promise((resolve) => {
    let settled = false
    const settle = (error?: string): void => {
      if (settled) return
      settled = true
      resolve({ ms: Number(process.hrtime.bigint() - startedNs) / 1e6, ...(error ? { error } : { client }) })
    }
    const client: Client = {
      socket: new LeanWebSocket(url, command.origin, {
        open() {
          if (!command.subscribe) return settle()
          client.socket.send(JSON.stringify({ type: 'subscribe', topics: [command.topic] }))
        },
        message(data) {
          if (!settled && data.includes('"type":"subscribed"')) return settle()
          onFrame(client, data)
        },
        error: (message) => settle(message),
        close() {
          if (!stopping) client.closedEarly = true
          settle('closed before ready')
        },
      }),
      urlIndex,
      seen: new Uint8Array(command.events + 1),
      closedEarly: false,
    }
  })
}

async function start(command: StartCommand): Promise<void> {
  urls = command.urls
  latencies = urls.map(() => [])
  latenciesFromSend = urls.map(() => [])
  const startedNs = process.hrtime.bigint()
  const connectMs: number[] = []
  const errors = new Map<string, number>()
  let next = 0
  // A bounded number of handshakes in flight, so the servers' accept queues never overflow.
  const worker = async (): Promise<void> => {
    while (next < command.clients) {
      const index = next
      next += 1
      const outcome = await openClient(command, index % command.urls.length)
      if (outcome.client) {
        clients.push(outcome.client)
        connectMs.push(outcome.ms)
      } else {
        const key = outcome.error ?? 'unknown error'
        errors.set(key, (errors.get(key) ?? 0) + 1)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(command.concurrency, command.clients) }, worker))
  cpuAtReady = process.cpuUsage()
  report({
    type: 'ready',
    connected: clients.length,
    failed: command.clients - clients.length,
    totalMs: Number(process.hrtime.bigint() - startedNs) / 1e6,
    perSocket: summarize(connectMs),
    errors: [...errors].map(([message, count]) => `${count}× ${message}`),
  })
}

function missingCount(): number {
  let missing = 0
  for (const client of clients) {
    for (let seq = 1; seq < client.seen.length; seq += 1) if (!client.seen[seq]) missing += 1
  }
  return missing
}

/** Waits until every socket has every event or `waitMs` passes, then reports what arrived. */
async function collect(waitMs: number): Promise<void> {
  collecting = true
  const deadline = Date.now() + waitMs
  while (Date.now() < deadline && missingCount() > 0) await new Promise((resolve) => setTimeout(resolve, 100))
  const events = (clients[0]?.seen.length ?? 1) - 1
  const byUrl = latencies.map((values, urlIndex) => {
    const sockets = clients.filter((client) => client.urlIndex === urlIndex).length
    return {
      url: urls[urlIndex] ?? '',
      sockets,
      received: values.length,
      expected: sockets * events,
      latency: summarize(values),
      latencyFromSend: summarize(latenciesFromSend[urlIndex] ?? []),
    }
  })
  const expected = clients.length * events
  const received = byUrl.reduce((sum, entry) => sum + entry.received, 0)
  const cpu = process.cpuUsage(cpuAtReady)
  const result: ClientResult = {
    cpuMs: (cpu.user + cpu.system) / 1000,
    expected,
    received,
    lost: expected - received,
    duplicates: duplicates + unexpected,
    latency: summarize(latencies.flat()),
    latencyFromSend: summarize(latenciesFromSend.flat()),
    latencyByUrl: byUrl,
    closedEarly: clients.filter((client) => client.closedEarly).length,
    resets,
    errorMessages,
  }
  report({ type: 'result', result })
}

function stop(): void {
  stopping = true
  for (const client of clients) client.socket.terminate()
  process.disconnect?.()
  setTimeout(() => process.exit(0), 200).unref()
}

process.on('message', (message: ClientCommand) => {
  const fail = (error: unknown): void =>
    report({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    })
  if (message.type === 'start') {
    start(message).catch(fail)
  } else if (message.type === 'collect') {
    if (!collecting) collect(message.waitMs).catch(fail)
  } else stop()
})
// run.ts going away must not leave 5,000 sockets open.
process.on('disconnect', () => {
  if (!stopping) stop()
})
