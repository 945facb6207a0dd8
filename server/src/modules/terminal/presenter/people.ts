import type { CollectionDetail } from '../../../contract/collections.ts'
import { countOf, nounFor } from '../../../contract/plurals.ts'
import type { PublicProfileResponse } from '../../../contract/profiles.ts'
import { comment, entries, footer, page, type RenderContext, WIDTH } from './render.ts'
import { cleanLine, cleanText, wrap } from './text.ts'

const memberUrl = (origin: string, username: string) => `${origin}/u/${encodeURIComponent(username)}`

/** The month someone joined, as the profile's head says it: "March 2026". */
function monthOf(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
}

/** `GET /u/<name>?page=`: who the member is, a page of their commands, their public collections. */
export function renderMember(ctx: RenderContext, profile: PublicProfileResponse): string {
  const { palette } = ctx
  const { user, postsPage } = profile
  const name = cleanLine(user.username)
  const lines = [
    `${palette.dim('#')} ${palette.bold(palette.cyan(name))} ${palette.dim(`— ${user.badge}, ${countOf(user.points, 'point')}, member since ${monthOf(user.createdAt)}`)}`,
    comment(
      ctx,
      `${countOf(user.totalPosts, 'command')} · ${countOf(user.totalComments, 'comment')} · ${profile.collections.length} public ${nounFor(profile.collections.length, 'collection')}`,
    ),
    '',
    ...entries(ctx, profile.posts, (postsPage.page - 1) * postsPage.pageSize + 1),
  ]
  if (profile.posts.length === 0) {
    lines.push(
      comment(
        ctx,
        postsPage.totalPosts > 0
          ? `Page ${postsPage.page} is past the last page (${postsPage.totalPages}).`
          : `${name} has not shared a command yet.`,
      ),
      '',
    )
  }
  const here = memberUrl(ctx.origin, user.username)
  if (postsPage.page < postsPage.totalPages) {
    lines.push(comment(ctx, `More: curl "${here}?page=${postsPage.page + 1}"`), '')
  }
  if (profile.collections.length > 0) {
    lines.push(comment(ctx, 'Collections:'))
    for (const collection of profile.collections) {
      lines.push(
        comment(ctx, `  ${cleanLine(collection.name)} (${countOf(collection.postCount, 'command')})`),
        comment(ctx, `    curl ${ctx.origin}${collection.url}`),
      )
    }
    lines.push('')
  }
  lines.push(comment(ctx, `On the site: ${here}`), '', ...footer(ctx))
  return page(lines)
}

/** `GET /c/<name>/<slug>`: a collection's commands in its owner's order, and how to export them. */
export function renderCollection(ctx: RenderContext, collection: CollectionDetail): string {
  const { palette } = ctx
  const owner = cleanLine(collection.owner.username)
  const lines = [
    `${palette.dim('#')} ${palette.bold(cleanLine(collection.name) || 'Untitled')} ${palette.dim(`— a collection by ${owner}, ${countOf(collection.postCount, 'command')}`)}`,
  ]
  // The description is plain text the owner wrote: kept in its lines, each wrapped.
  for (const paragraph of cleanText(collection.description).split('\n')) {
    if (paragraph.trim() === '') continue
    lines.push(...wrap(paragraph, WIDTH - 2).map((line) => comment(ctx, line)))
  }
  if (!collection.public) lines.push(comment(ctx, 'Private: only you see it.'))
  lines.push('', ...entries(ctx, collection.posts))
  if (collection.posts.length === 0) lines.push(comment(ctx, 'This collection is empty.'), '')
  const exportUrl = `${ctx.origin}/api/collections/${collection._id}/export`
  lines.push(
    comment(ctx, `For navi: curl -o ${cleanLine(collection.slug)}.cheat "${exportUrl}?format=navi"`),
    comment(ctx, '  (format=tldr for Markdown, format=json for JSON)'),
    comment(ctx, `By ${owner}: curl ${memberUrl(ctx.origin, collection.owner.username)}`),
    comment(ctx, `On the site: ${ctx.origin}${collection.url}`),
    '',
    ...footer(ctx),
  )
  return page(lines)
}
