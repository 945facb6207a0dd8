import { describe, expect, it } from 'vitest'
import { postCard } from '../../test/post-card.ts'
import { createPostCardStore, PATCH_MEMORY_MS } from './post-card-store.ts'

const card = postCard

describe('the post card store', () => {
  it('gives every page of a post the same card, and a patch reaches all of them in place', () => {
    const store = createPostCardStore()
    const onBrowse = store.adopt(card('a'), store.mark())
    const onSearch = store.adopt(card('a'), store.mark())
    expect(onSearch).toBe(onBrowse)
    store.patchCounters('a', { uplikeCount: 3, downlikeCount: 1 })
    store.patchCounters('a', { commentsCount: 2 })
    expect(onBrowse).toMatchObject({ uplikeCount: 3, downlikeCount: 1, commentsCount: 2, viewCount: 0 })
  })

  it('patches the saved count in place, and an edit keeps it', () => {
    const store = createPostCardStore()
    const held = store.adopt(card('a'), store.mark())
    store.patchCounters('a', { savedCount: 4 })
    expect(held.savedCount).toBe(4)
    // The edited card was presented before the last save landed: its count is not newer.
    store.applyEdit(card('a', { title: 'Renamed', savedCount: 3 }))
    expect(held).toMatchObject({ title: 'Renamed', savedCount: 4 })
  })

  it('applies to a card loaded by queries that began before an event the counters of that event', () => {
    const store = createPostCardStore()
    const since = store.mark()
    // The vote lands while the page's queries run; they read the post before it.
    store.patchCounters('a', { uplikeCount: 5, downlikeCount: 0 })
    const adopted = store.adopt(card('a', { uplikeCount: 4 }), since)
    expect(adopted.uplikeCount).toBe(5)
    // A load that began after the event trusts its own read.
    const later = store.adopt(card('a', { uplikeCount: 6 }), store.mark())
    expect(later.uplikeCount).toBe(6)
  })

  it('never lets a load that began earlier overwrite a card from a later load', () => {
    const store = createPostCardStore()
    const early = store.mark()
    store.patchCounters('b', { uplikeCount: 1 })
    const late = store.mark()
    const fresh = store.adopt(card('a', { title: 'New title', uplikeCount: 2 }), late)
    const stale = store.adopt(card('a', { title: 'Old title', uplikeCount: 1 }), early)
    expect(stale).toBe(fresh)
    expect(fresh).toMatchObject({ title: 'New title', uplikeCount: 2 })
  })

  it('keeps the larger view count whatever order views arrive in', () => {
    const store = createPostCardStore()
    const held = store.adopt(card('a', { viewCount: 10 }), store.mark())
    store.patchCounters('a', { viewCount: 12 })
    store.patchCounters('a', { viewCount: 11 })
    expect(held.viewCount).toBe(12)
    // A later load read before the last batch was written.
    store.adopt(card('a', { viewCount: 9 }), store.mark())
    expect(held.viewCount).toBe(12)
  })

  it('forgets the counters of events older than any load could be', () => {
    let now = 0
    const store = createPostCardStore(() => now)
    const since = store.mark()
    store.patchCounters('a', { uplikeCount: 5 })
    now += PATCH_MEMORY_MS + 1
    store.patchCounters('b', { uplikeCount: 1 })
    expect(store.adopt(card('a', { uplikeCount: 4 }), since).uplikeCount).toBe(4)
  })

  it("applies an edit's fields but keeps the counters the events set", () => {
    const store = createPostCardStore()
    const held = store.adopt(card('a'), store.mark())
    store.patchCounters('a', { uplikeCount: 7, viewCount: 3 })
    store.applyEdit(card('a', { title: 'Edited', uplikeCount: 6, viewCount: 2 }))
    expect(held).toMatchObject({ title: 'Edited', uplikeCount: 7, viewCount: 3 })
  })

  it("renames an author on every held card of theirs and no one else's", () => {
    const store = createPostCardStore()
    const theirs = store.adopt(card('a'), store.mark())
    const other = store.adopt(
      card('b', { author: { ...card('b').author, _id: 'author-2', username: 'bob' } }),
      store.mark(),
    )
    store.patchAuthor({ userId: 'author-1', username: 'ada_l', avatar: '/uploads/a.webp' })
    expect(theirs.author).toMatchObject({ username: 'ada_l', avatar: '/uploads/a.webp', badge: 'Newbie' })
    expect(other.author.username).toBe('bob')
  })
})
