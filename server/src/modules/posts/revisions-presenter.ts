import type { PostRevision, PostRevisionsResponse, PostVersion } from '../../contract/post-revisions.ts'
import type { CurrentVersionRow, RevisionRow } from './revisions-repo.ts'

type VersionFields = Pick<
  PostVersion,
  'title' | 'command' | 'description' | 'descriptionText' | 'tags' | 'category'
>

function versionFields(row: CurrentVersionRow | RevisionRow): VersionFields {
  return {
    title: row.title,
    command: row.command,
    description: row.description,
    descriptionText: row.description_text,
    tags: row.tags,
    category:
      row.category_id === null || row.category_name === null
        ? null
        : { _id: row.category_id, name: row.category_name },
  }
}

/**
 * A post's history as the contract gives it. A revision row records who replaced it, so who made a
 * version is read from the row after it in time (the next older one); the oldest was the author's post.
 */
export function toPostRevisions(
  current: CurrentVersionRow,
  newestFirst: RevisionRow[],
): PostRevisionsResponse {
  const madeAfter = (older: RevisionRow | undefined): Pick<PostVersion, 'change' | 'madeBy' | 'madeAt'> =>
    older === undefined
      ? {
          change: 'created',
          madeBy: { username: current.author_username },
          madeAt: current.created_at.toISOString(),
        }
      : {
          change: older.change,
          madeBy: older.replaced_by_username === null ? null : { username: older.replaced_by_username },
          madeAt: older.replaced_at.toISOString(),
        }
  const revisions: PostRevision[] = newestFirst.map((row, index) => ({
    _id: row.id,
    ...versionFields(row),
    ...madeAfter(newestFirst[index + 1]),
  }))
  return {
    postId: current.id,
    slug: current.slug,
    current: { ...versionFields(current), ...madeAfter(newestFirst[0]) },
    revisions,
  }
}
