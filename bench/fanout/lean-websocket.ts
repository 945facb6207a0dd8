import { createHash, randomBytes, randomFillSync } from 'node:crypto'
import net from 'node:net'

/*
 * The smallest WebSocket client (RFC 6455) that the fan-out benchmark needs: a handshake, masked text
 * frames out, unfragmented frames in, pings answered. It exists for one reason: the clients process
 * shares the servers' two vCPUs, and every microsecond it spends per received message is a
 * microsecond a server may wait for a CPU — which the benchmark would report as the server's
 * latency. `ws` costs about 8 µs of user time per message here; most of it is the stream machinery
 * (a Buffer per read, Readable.push, events). This client reads through `net`'s `onread` into one
 * buffer shared by every socket and parses frames in place.
 *
 * Not a general client: no extensions, no fragmented messages (the servers under test never fragment
 * and never compress; such a frame is reported as an error), no close handshake beyond answering one.
 */

/** What a socket reports; `message` gets a view of the shared read buffer, valid only during the call. */
export interface LeanWebSocketHandlers {
  open(): void
  message(payload: Buffer): void
  error(message: string): void
  close(): void
}

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'
const OPCODE_TEXT = 0x1
const OPCODE_BINARY = 0x2
const OPCODE_CLOSE = 0x8
const OPCODE_PING = 0x9
const HEADER_END = Buffer.from('\r\n\r\n')

// Reads are handled synchronously, one socket at a time, so one buffer serves them all.
const readBuffer = Buffer.allocUnsafe(256 * 1024)

/** A client frame: FIN set, masked as RFC 6455 requires of clients. */
function maskedFrame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length
  const lengthBytes = length < 126 ? 0 : length < 65_536 ? 2 : 8
  const header = 2 + lengthBytes + 4
  const frame = Buffer.allocUnsafe(header + length)
  frame[0] = 0x80 | opcode
  if (lengthBytes === 0) frame[1] = 0x80 | length
  else if (lengthBytes === 2) {
    frame[1] = 0x80 | 126
    frame.writeUInt16BE(length, 2)
  } else {
    frame[1] = 0x80 | 127
    frame.writeBigUInt64BE(BigInt(length), 2)
  }
  const mask = randomFillSync(Buffer.allocUnsafe(4))
  mask.copy(frame, header - 4)
  for (let index = 0; index < length; index += 1)
    frame[header + index] = (payload[index] ?? 0) ^ (mask[index & 3] ?? 0)
  return frame
}

export class LeanWebSocket {
  private readonly socket: net.Socket
  private readonly expectedAccept: string
  private upgraded = false
  /** Bytes of an unfinished handshake or frame, copied out of the shared read buffer. */
  private pending: Buffer | null = null
  private failed = false

  constructor(
    url: string,
    origin: string,
    private readonly handlers: LeanWebSocketHandlers,
  ) {
    const { hostname, port, pathname } = new URL(url)
    const key = randomBytes(16).toString('base64')
    this.expectedAccept = createHash('sha1')
      .update(key + GUID)
      .digest('base64')
    this.socket = net.connect({
      host: hostname,
      port: Number(port),
      noDelay: true,
      onread: { buffer: readBuffer, callback: (bytes: number) => this.onRead(bytes) },
    })
    this.socket.on('connect', () => {
      this.socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n` +
          `Origin: ${origin}\r\n\r\n`,
      )
    })
    this.socket.on('error', (error) => this.fail(error.message))
    this.socket.on('close', () => this.handlers.close())
  }

  send(text: string): void {
    this.socket.write(maskedFrame(OPCODE_TEXT, Buffer.from(text)))
  }

  terminate(): void {
    this.socket.destroy()
  }

  private fail(message: string): void {
    if (this.failed) return
    this.failed = true
    this.handlers.error(message)
    this.socket.destroy()
  }

  private onRead(bytes: number): boolean {
    const fresh = readBuffer.subarray(0, bytes)
    const data = this.pending ? Buffer.concat([this.pending, fresh]) : fresh
    this.pending = null
    let offset = this.upgraded ? 0 : this.readHandshake(data)
    if (offset < 0) return true
    offset = this.readFrames(data, offset)
    // Copied: the shared buffer is overwritten by the next read of any socket.
    if (offset < data.length && !this.failed) this.pending = Buffer.from(data.subarray(offset))
    return true
  }

  /** The offset where frames start, or -1 when the response is incomplete or refused. */
  private readHandshake(data: Buffer): number {
    const end = data.indexOf(HEADER_END)
    if (end < 0) {
      this.pending = Buffer.from(data)
      return -1
    }
    const head = data.toString('latin1', 0, end)
    const status = head.slice(0, head.indexOf('\r\n'))
    if (!/^HTTP\/1\.1 101 /.test(status)) {
      this.fail(`${status.replace(/^HTTP\/1\.1 /, 'HTTP ')} on upgrade`)
      return -1
    }
    const accept = /\r\nsec-websocket-accept: *([^\r]+)/i.exec(head)?.[1]
    if (accept !== this.expectedAccept) {
      this.fail('bad Sec-WebSocket-Accept on upgrade')
      return -1
    }
    this.upgraded = true
    this.handlers.open()
    return end + HEADER_END.length
  }

  /** Handles every whole frame from `offset`; returns where the first unfinished one starts. */
  private readFrames(data: Buffer, start: number): number {
    let offset = start
    while (!this.failed && data.length - offset >= 2) {
      const first = data[offset] ?? 0
      const second = data[offset + 1] ?? 0
      let length = second & 0x7f
      let header = 2
      if (length === 126) {
        if (data.length - offset < 4) break
        length = data.readUInt16BE(offset + 2)
        header = 4
      } else if (length === 127) {
        if (data.length - offset < 10) break
        length = Number(data.readBigUInt64BE(offset + 2))
        header = 10
      }
      if (data.length - offset < header + length) break
      const payload = data.subarray(offset + header, offset + header + length)
      offset += header + length
      const opcode = first & 0x0f
      if ((first & 0x80) === 0 || (second & 0x80) !== 0 || (first & 0x70) !== 0) {
        this.fail('unsupported frame (fragmented, masked or with extension bits)')
      } else if (opcode === OPCODE_TEXT || opcode === OPCODE_BINARY) {
        this.handlers.message(payload)
      } else if (opcode === OPCODE_PING) {
        this.socket.write(maskedFrame(0xa, Buffer.from(payload)))
      } else if (opcode === OPCODE_CLOSE) {
        this.socket.end(maskedFrame(OPCODE_CLOSE, Buffer.from(payload.subarray(0, 2))))
      }
    }
    return offset
  }
}
