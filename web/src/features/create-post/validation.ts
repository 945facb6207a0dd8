import { hasControlCharacters, POST_LIMITS, POST_RULE_MESSAGES } from '@bashboard/server/contract/limits'
import type { FieldMessages } from '../../lib/form-failure'

/** Longest title (docs/product-rules.md#create-post), the server's limit. */
export const TITLE_MAX_LENGTH = POST_LIMITS.titleMaxLength

/** Shortest description, in plain characters (docs/product-rules.md#create-post), the server's limit. */
export const DESCRIPTION_MIN_LENGTH = POST_LIMITS.descriptionMinLength

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
 * The first rule the values break, in the order of docs/product-rules.md#create-post, with the words the
 * server answers for it; null when they may be sent.
 */
export function validateCreatePost(values: CreatePostValues): CreatePostProblem | null {
  const title = values.title.trim()
  if (title === '') return { field: 'title', message: POST_RULE_MESSAGES.titleRequired }
  if (title.length > TITLE_MAX_LENGTH) return { field: 'title', message: POST_RULE_MESSAGES.titleTooLong }
  if (hasControlCharacters(title, false))
    return { field: 'title', message: POST_RULE_MESSAGES.titleControlCharacters }
  const command = values.command.trim()
  if (command === '') return { field: 'command', message: POST_RULE_MESSAGES.commandRequired }
  if (hasControlCharacters(command, true))
    return { field: 'command', message: POST_RULE_MESSAGES.commandControlCharacters }
  const text = plainText(values.description)
  if (text === '') return { field: 'description', message: POST_RULE_MESSAGES.descriptionRequired }
  if (text.length < DESCRIPTION_MIN_LENGTH)
    return { field: 'description', message: POST_RULE_MESSAGES.descriptionTooShort }
  if (values.category === '') return { field: 'category', message: POST_RULE_MESSAGES.categoryRequired }
  return null
}

const fieldOfRule = (rule: string): CreatePostField | undefined =>
  (['title', 'command', 'description', 'category'] as const).find((field) => rule.startsWith(field))

/** The server's messages for each field (its rules are named after the field they check). */
export const POST_FIELD_MESSAGES: FieldMessages<CreatePostField> = (() => {
  const messages: Record<CreatePostField, string[]> = {
    title: [],
    command: [],
    description: [],
    category: [],
  }
  for (const [rule, message] of Object.entries(POST_RULE_MESSAGES)) {
    const field = fieldOfRule(rule)
    if (field) messages[field].push(message)
  }
  return messages
})()
