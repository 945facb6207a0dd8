import { describe, expect, it } from 'vitest'
import { ConflictError, InvalidError, TooManyRequestsError } from '../lib/errors.ts'
import { errorBody, toHttpFailure } from './errors.ts'

describe('toHttpFailure', () => {
  it('keeps the status, message and headers of typed errors', () => {
    expect(toHttpFailure(new ConflictError('Username is already taken', 'username'))).toEqual({
      statusCode: 409,
      message: 'Username is already taken',
      headers: {},
    })
    expect(toHttpFailure(new InvalidError('Bad title', 'title')).statusCode).toBe(422)
    expect(
      toHttpFailure(new TooManyRequestsError('Too many attempts. Try again in 3 seconds.', 2.2)),
    ).toMatchObject({
      statusCode: 429,
      headers: { 'retry-after': '3' },
    })
  })

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['an admin shutdown', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['a connection exception class code', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a client query timeout', new Error('Query read timeout')],
    [
      'a wrapped cause',
      new Error('query failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }),
    ],
    [
      'an AggregateError of refused addresses',
      Object.assign(
        new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'failed'),
        {},
      ),
    ],
  ])('maps %s to 503 with Retry-After 5', (_case, error) => {
    expect(toHttpFailure(error)).toMatchObject({ statusCode: 503, headers: { 'retry-after': '5' } })
  })

  it('maps other database errors and plain errors to 500', () => {
    expect(toHttpFailure(Object.assign(new Error('syntax'), { code: '42601' })).statusCode).toBe(500)
    expect(toHttpFailure(new TypeError('x is undefined')).statusCode).toBe(500)
    expect(toHttpFailure('a string').statusCode).toBe(500)
    expect(toHttpFailure(null).statusCode).toBe(500)
  })
})

describe('errorBody', () => {
  it('uses the HTTP reason phrase as `error`', () => {
    expect(errorBody(422, 'Bad')).toEqual({ statusCode: 422, error: 'Unprocessable Entity', message: 'Bad' })
    expect(errorBody(429, 'Slow down')).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Slow down',
    })
  })
})
