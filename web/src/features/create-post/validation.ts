/** Longest title (docs/product-rules.md#create-post). */
export const TITLE_MAX_LENGTH = 100

/** Shortest description, in plain characters (docs/product-rules.md#create-post). */
export const DESCRIPTION_MIN_LENGTH = 10

export interface CreatePostValues {
  title: string
  command: string
  /** The editor's HTML. */
  description: string
  /** A category id, or '' when none is chosen. */
  category: string
}

export type CreatePostField = keyof CreatePostValues

export interface CreatePostProblem {
  field: CreatePostField
  message: string
}

const entities: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }

/**
 * The text a reader sees in the editor's HTML: tags removed, entities decoded, whitespace folded.
 * An editor holding only empty paragraphs (`<p></p>`) gives ''.
 */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (_match, name: string) => entities[name] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The first rule the values break, in the order of docs/product-rules.md#create-post; null when they may be
 * sent.
 */
export function validateCreatePost(values: CreatePostValues): CreatePostProblem | null {
  const title = values.title.trim()
  if (title === '') return { field: 'title', message: 'Please enter a post title.' }
  if (title.length > TITLE_MAX_LENGTH)
    return { field: 'title', message: `Please keep the title to ${TITLE_MAX_LENGTH} characters.` }
  if (values.command.trim() === '') return { field: 'command', message: 'Please enter a Linux command.' }
  const text = plainText(values.description)
  if (text === '') return { field: 'description', message: 'Please enter a description for your post.' }
  if (text.length < DESCRIPTION_MIN_LENGTH)
    return {
      field: 'description',
      message: 'Please provide a more detailed description (at least 10 characters).',
    }
  if (values.category === '') return { field: 'category', message: 'Please select a category.' }
  return null
}
