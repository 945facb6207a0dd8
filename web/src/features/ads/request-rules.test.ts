import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { AdTimeoutError, adRetryDelay, isRetryableAdError, shouldRetryAdRequest } from './request-rules'

describe('ad retries', () => {
  it('waits 1 s, then 2 s (2^attempt seconds)', () => {
    expect(adRetryDelay(0)).toBe(1000)
    expect(adRetryDelay(1)).toBe(2000)
  })

  it('retries at most twice', () => {
    const failure = new ApiError(0, 'Network error')
    expect(shouldRetryAdRequest(0, failure)).toBe(true)
    expect(shouldRetryAdRequest(1, failure)).toBe(true)
    expect(shouldRetryAdRequest(2, failure)).toBe(false)
  })

  it('retries timeouts, network failures and server errors but not a 404', () => {
    expect(isRetryableAdError(new AdTimeoutError())).toBe(true)
    expect(isRetryableAdError(new ApiError(0, 'offline'))).toBe(true)
    expect(isRetryableAdError(new ApiError(503, 'down'))).toBe(true)
    expect(isRetryableAdError(new ApiError(429, 'slow down'))).toBe(true)
    expect(isRetryableAdError(new ApiError(404, 'Unknown ad page'))).toBe(false)
    expect(shouldRetryAdRequest(0, new ApiError(400, 'bad'))).toBe(false)
  })
})
