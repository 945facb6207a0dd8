import { type Static, Type } from 'typebox'
import { Id } from './common.ts'

/*
 * A post's history (issue 48): every edit keeps the version it replaced, and moderators can roll back to
 * one. The current version is the post itself; earlier ones are revisions with an id to roll back to.
 */

/** Who made a version: a username, or null once that account is gone. */
export const RevisionEditor = Type.Union([Type.Object({ username: Type.String() }), Type.Null()])
export type RevisionEditor = Static<typeof RevisionEditor>

/**
 * One version of a post, as the page showed it. `description` is sanitised HTML (sanitise again before
 * rendering), `descriptionText` its plain text for diffs. `madeBy`/`madeAt` say who made this version and
 * when: the author's post, an edit, or a moderator's rollback (`change`).
 */
export const PostVersion = Type.Object({
  title: Type.String(),
  command: Type.String(),
  description: Type.String(),
  descriptionText: Type.String(),
  tags: Type.Array(Type.String()),
  category: Type.Union([Type.Object({ _id: Id, name: Type.String() }), Type.Null()]),
  change: Type.Union([Type.Literal('created'), Type.Literal('edit'), Type.Literal('rollback')]),
  madeBy: RevisionEditor,
  madeAt: Type.String({ format: 'date-time' }),
})
export type PostVersion = Static<typeof PostVersion>

/** An earlier version: a {@link PostVersion} with the id a rollback names. */
export const PostRevision = Type.Object({ _id: Id, ...PostVersion.properties })
export type PostRevision = Static<typeof PostRevision>

/**
 * Answer to `GET /api/posts/{idOrSlug}/revisions` (public, like the post): the post's id and current slug,
 * the current version, and the earlier ones newest first (empty when the post was never edited).
 */
export const PostRevisionsResponse = Type.Object({
  postId: Id,
  slug: Type.String(),
  current: PostVersion,
  revisions: Type.Array(PostRevision),
})
export type PostRevisionsResponse = Static<typeof PostRevisionsResponse>

/**
 * JSON body of `POST /api/mod/posts/{id}/rollback` (moderators): the revision to restore and why
 * (3–500 characters trimmed, else 422, as every moderator action). The replaced version is kept.
 */
export const RollbackPostBody = Type.Object(
  { revisionId: Type.String({ minLength: 1, maxLength: 100 }), reason: Type.String({ maxLength: 5000 }) },
  { additionalProperties: false },
)
export type RollbackPostBody = Static<typeof RollbackPostBody>
