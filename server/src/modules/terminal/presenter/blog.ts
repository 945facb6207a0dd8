import { BLOG_PAGE_SIZE, type Blog, type BlogListResponse } from '../../../contract/blogs.ts'
import { countOf } from '../../../contract/plurals.ts'
import { htmlToTerminal } from './html.ts'
import { comment, footer, page, type RenderContext, WIDTH } from './render.ts'
import { cleanLine, displayWidth, truncate, wrap } from './text.ts'

/** How much of an article's summary the list shows, as the site's cards do (docs/product-rules.md#blog). */
const SUMMARY_LENGTH = 150

const blogUrl = (origin: string, slug: string) => `${origin}/blog/${encodeURIComponent(slug)}`

// Dates as the reader's terminal can sort them: the day of publication, UTC.
const day = (iso: string) => iso.slice(0, 10)

const facts = (blog: Pick<Blog, 'author' | 'readingTime' | 'viewCount'>) =>
  `by ${cleanLine(blog.author)} · ${blog.readingTime} min read · ${countOf(blog.viewCount, 'view')}`

/**
 * `GET /blog?page=`: a page of articles, each with its summary and the address to read it at,
 * numbered across pages of `pageSize` (the site's).
 */
export function renderBlogList(
  ctx: RenderContext,
  list: BlogListResponse,
  pageSize = BLOG_PAGE_SIZE,
): string {
  const { palette } = ctx
  const total = countOf(list.totalBlogs, 'article')
  const where = list.totalPages > 1 ? ` (page ${list.currentPage} of ${list.totalPages})` : ''
  const lines = [`${palette.dim('#')} ${palette.bold('Blog')} ${palette.dim(`— ${total}${where}`)}`, '']
  const first = (list.currentPage - 1) * pageSize
  list.blogs.forEach((blog, index) => {
    const number = `${first + index + 1}.`
    const date = day(blog.createdAt)
    const room = WIDTH - 2 - number.length - 1 - 2 - date.length
    const title = truncate(cleanLine(blog.title) || 'Untitled', room)
    const gap = ' '.repeat(Math.max(2, WIDTH - 2 - number.length - 1 - displayWidth(title) - date.length))
    const summary = cleanLine(blog.metadescription)
    const cut = summary.length > SUMMARY_LENGTH ? `${summary.slice(0, SUMMARY_LENGTH)}...` : summary
    const indent = ' '.repeat(number.length + 1)
    lines.push(
      `${palette.dim('#')} ${palette.dim(number)} ${palette.bold(title)}${gap}${palette.dim(date)}`,
      ...wrap(cut, WIDTH - 2 - indent.length).map((line) => `${palette.dim('#')} ${indent}${line}`),
      comment(ctx, `${indent}${facts(blog)}`),
      comment(ctx, `${indent}curl ${blogUrl(ctx.origin, blog.slug)}`),
      '',
    )
  })
  if (list.blogs.length === 0) {
    lines.push(
      comment(
        ctx,
        list.totalBlogs > 0
          ? `Page ${list.currentPage} is past the last page (${list.totalPages}).`
          : 'No blog posts found',
      ),
      '',
    )
  }
  if (list.currentPage < list.totalPages) {
    lines.push(comment(ctx, `More: curl "${ctx.origin}/blog?page=${list.currentPage + 1}"`), '')
  }
  const here = list.currentPage > 1 ? `${ctx.origin}/blog?page=${list.currentPage}` : `${ctx.origin}/blog`
  lines.push(comment(ctx, `On the site: ${here}`), '', ...footer(ctx))
  return page(lines)
}

/** `GET /blog/<slug>`: an article as text, its HTML laid out as a post's description is. */
export function renderArticle(ctx: RenderContext, blog: Blog): string {
  const { palette } = ctx
  const body = htmlToTerminal(blog.content, WIDTH - 3, palette)
  return page([
    `${palette.dim('#')} ${palette.bold(cleanLine(blog.title) || 'Untitled')}`,
    comment(ctx, `${day(blog.createdAt)} · ${facts(blog)}`),
    '',
    // Commented like a post's description, so the page stays a harmless shell snippet.
    ...body.map((line) => (line === '' ? palette.dim('#') : `${palette.dim('#')}  ${line}`)),
    ...(body.length > 0 ? [''] : []),
    comment(ctx, blogUrl(ctx.origin, blog.slug)),
    comment(ctx, `Every article: curl ${ctx.origin}/blog`),
    '',
    ...footer(ctx),
  ])
}
