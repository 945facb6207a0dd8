import type { CollectionSummary } from '../../contract/collections.ts'
import { avatarUrl } from '../accounts/presenter.ts'
import type { CollectionWithOwnerRow } from './repo.ts'

/**
 * The site path of a collection's public page. Usernames and slugs are URL-safe already; encoding
 * keeps a hand-edited row from breaking the link.
 */
export function collectionPath(username: string, slug: string): string {
  return `/c/${encodeURIComponent(username)}/${encodeURIComponent(slug)}`
}

/** A collection row as the API sends it (without its posts). */
export function toCollectionSummary(row: CollectionWithOwnerRow): CollectionSummary {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    public: row.public,
    owner: { _id: row.owner_id, username: row.owner_username, avatar: avatarUrl(row.owner_avatar) },
    url: collectionPath(row.owner_username, row.slug),
    postCount: row.post_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}
