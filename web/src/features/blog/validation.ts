import {
  BLOG_MESSAGES,
  BLOG_METADESCRIPTION_MAX_LENGTH,
  BLOG_TITLE_MAX_LENGTH,
} from '@bashboard/server/contract/limits'
import type { ImageValue } from '../../components/ui/image-field'
import type { FieldMessages } from '../../lib/form-failure'

/** What the console's article editor holds. */
export interface BlogDraft {
  title: string
  metadescription: string
  /** The editor's HTML. */
  content: string
  image: ImageValue | null
}

export type BlogField = keyof BlogDraft

/** Plain text of editor HTML: an article made of empty paragraphs counts as empty. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .trim()
}

/** The first problem of a draft, in the order of the form's fields, in the server's words, or null. */
export function blogDraftProblem(draft: BlogDraft): { field: BlogField; message: string } | null {
  const title = draft.title.trim()
  if (title === '') return { field: 'title', message: BLOG_MESSAGES.titleRequired }
  if (title.length > BLOG_TITLE_MAX_LENGTH) return { field: 'title', message: BLOG_MESSAGES.titleTooLong }
  const metadescription = draft.metadescription.trim()
  if (metadescription === '')
    return { field: 'metadescription', message: BLOG_MESSAGES.metadescriptionRequired }
  if (metadescription.length > BLOG_METADESCRIPTION_MAX_LENGTH)
    return { field: 'metadescription', message: BLOG_MESSAGES.metadescriptionTooLong }
  if (plainText(draft.content) === '') return { field: 'content', message: BLOG_MESSAGES.contentRequired }
  return null
}

/** The server's refusals of an article, by the field they go under (server/src/modules/blogs/service.ts). */
export const BLOG_FIELD_MESSAGES: FieldMessages<BlogField> = {
  title: [
    BLOG_MESSAGES.titleRequired,
    BLOG_MESSAGES.titleTooLong,
    BLOG_MESSAGES.titleCharacters,
    BLOG_MESSAGES.titleTaken,
  ],
  metadescription: [
    BLOG_MESSAGES.metadescriptionRequired,
    BLOG_MESSAGES.metadescriptionTooLong,
    BLOG_MESSAGES.metadescriptionCharacters,
  ],
  content: [BLOG_MESSAGES.contentRequired, BLOG_MESSAGES.contentDirectionMarks],
  image: [BLOG_MESSAGES.imageInvalid],
}
