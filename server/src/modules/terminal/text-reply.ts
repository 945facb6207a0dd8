import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { toHttpFailure } from '../../infra/errors.ts'
import { TooManyRequestsError } from '../../lib/errors.ts'
import { wantsColour } from './negotiate.ts'
import { type RenderContext, renderFailure, renderTooMany } from './presenter/render.ts'
import { COLOURS, PLAIN } from './presenter/text.ts'

/** How the terminal routes write their answers: text with the right headers, the budget, refusals. */
export interface TextReplies {
  /** Where pages point and whether they are coloured, for this request. */
  contextOf(request: FastifyRequest): RenderContext
  /** A text page with the headers every text answer carries. */
  sendText(reply: FastifyReply, status: number, text: string): FastifyReply
  /**
   * Counts the request against the address's budget. Past it, text clients read the refusal as text
   * (false is returned, the reply is sent); JSON clients get the usual error (thrown on).
   */
  withinLimit(request: FastifyRequest, reply: FastifyReply, asText: boolean): Promise<boolean>
  /**
   * A refusal (any 4xx: bad input, not found) written as text, with its status and headers. Anything
   * else is thrown on, so the error handler logs it and answers as it does everywhere.
   */
  sendFailure(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply
  /** {@link sendFailure} for a text answer; for JSON the error is thrown on, to the usual JSON error. */
  refuse(request: FastifyRequest, reply: FastifyReply, asText: boolean, error: unknown): FastifyReply
}

/** The text replies of one app (its origin and its terminal budget). */
export function createTextReplies(app: FastifyInstance, origin: string): TextReplies {
  const contextOf = (request: FastifyRequest): RenderContext => ({
    origin,
    palette: wantsColour(request) ? COLOURS : PLAIN,
  })

  const sendText = (reply: FastifyReply, status: number, text: string) =>
    reply
      .status(status)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      // The same URL answers HTML, text and JSON depending on these.
      .header('vary', 'Accept, User-Agent')
      .send(text)

  const sendFailure = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    const failure = toHttpFailure(error)
    if (failure.statusCode < 400 || failure.statusCode >= 500) throw error
    for (const [name, value] of Object.entries(failure.headers)) reply.header(name, value)
    return sendText(reply, failure.statusCode, renderFailure(contextOf(request), failure.message))
  }

  return {
    contextOf,
    sendText,
    sendFailure,
    refuse(request, reply, asText, error) {
      if (!asText) throw error
      return sendFailure(request, reply, error)
    },
    async withinLimit(request, reply, asText) {
      try {
        await app.terminalRequests.consume(request)
        return true
      } catch (error) {
        if (!(error instanceof TooManyRequestsError) || !asText) throw error
        reply.header('retry-after', String(error.retryAfterSeconds))
        sendText(reply, 429, renderTooMany(contextOf(request), error.retryAfterSeconds))
        return false
      }
    },
  }
}
