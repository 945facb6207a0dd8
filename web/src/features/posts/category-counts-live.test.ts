import type { BrowseResponse } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { browseFixture, categoryFixture } from '../../test/post-fixtures'
import { postKeys } from './api'
import { postsLive } from './live'

const latest = { page: 1, search: '', category: '', sort: 'latest' } as const

describe('categories.updated', () => {
  it("writes the pushed counts into every cached browse page's sidebar", () => {
    const files = categoryFixture({ name: 'Files', postCount: 7 })
    const network = categoryFixture({ name: 'Networking', postCount: 2 })
    const queryClient = new QueryClient()
    queryClient.setQueryData(postKeys.browse(latest), browseFixture({ categories: [files, network] }))
    queryClient.setQueryData(
      postKeys.browse({ ...latest, search: 'tar' }),
      browseFixture({ categories: [files, network], search: 'tar' }),
    )
    const pushed = [
      { ...network, postCount: 9 },
      { ...files, postCount: 7 },
    ]

    postsLive.events['categories.updated'](queryClient, { categories: pushed })

    for (const params of [latest, { ...latest, search: 'tar' }]) {
      const page = queryClient.getQueryData<BrowseResponse>(postKeys.browse(params))
      expect(page?.categories).toEqual(pushed)
      // Only the sidebar moves: the list stays as it was.
      expect(page?.posts).toHaveLength(1)
    }
  })
})
