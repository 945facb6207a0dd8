import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { createLiveDispatcher } from './dispatcher'
import type { LiveFeature } from './types'

describe('live dispatcher', () => {
  it('gives an event to every feature handling it and ignores unknown events', () => {
    const first = vi.fn()
    const second = vi.fn()
    const features: LiveFeature[] = [
      { topicKinds: ['post'], events: { 'post.votes': first }, reset: vi.fn() },
      { topicKinds: ['post'], events: { 'post.votes': second }, reset: vi.fn() },
    ]
    const dispatcher = createLiveDispatcher(features)
    const queryClient = new QueryClient()
    const data = { postId: 'p1', uplikeCount: 3, downlikeCount: 1 }
    dispatcher.dispatchEvent(queryClient, {
      type: 'event',
      topic: 'post:p1',
      event: 'post.votes',
      id: '2',
      data,
    })
    dispatcher.dispatchEvent(queryClient, {
      type: 'event',
      topic: 'post:p1',
      event: 'post.unknown',
      id: '3',
      data,
    })
    expect(first).toHaveBeenCalledWith(queryClient, data, 'post:p1')
    expect(second).toHaveBeenCalledTimes(1)
  })

  it('resets only the features that show the topic kind', () => {
    const postReset = vi.fn()
    const statsReset = vi.fn()
    const dispatcher = createLiveDispatcher([
      { topicKinds: ['post'], events: {}, reset: postReset },
      { topicKinds: ['stats'], events: {}, reset: statsReset },
    ])
    const queryClient = new QueryClient()
    dispatcher.dispatchReset(queryClient, 'post:abc')
    expect(postReset).toHaveBeenCalledWith(queryClient, 'post:abc')
    expect(statsReset).not.toHaveBeenCalled()
  })
})
