import type { CollectionDetail, CollectionSummary, PostCard } from '@bashboard/server/contract'
import { fixtureId } from './post-fixtures'

/** The owner of the test collections: the signed-in user of `profileFixture()`. */
export const collectionOwner = {
  _id: '00000000-0000-4000-8000-000000000001',
  username: 'ada_lovelace',
  avatar: null,
}

/** A collection without its posts, as lists and write answers carry it. */
export function collectionSummaryFixture(overrides: Partial<CollectionSummary> = {}): CollectionSummary {
  const name = overrides.name ?? 'Disk tricks'
  const slug = overrides.slug ?? name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  const owner = overrides.owner ?? collectionOwner
  return {
    _id: fixtureId(),
    name,
    slug,
    description: '',
    public: true,
    owner,
    url: `/c/${owner.username}/${slug}`,
    postCount: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  }
}

/** A collection page (GET /api/collections/by-slug/...). */
export function collectionDetailFixture(
  posts: PostCard[],
  overrides: Partial<CollectionDetail> = {},
): CollectionDetail {
  return {
    ...collectionSummaryFixture({ postCount: posts.length, ...overrides }),
    isOwner: true,
    posts,
    ...overrides,
  }
}
