import { TOKEN_LIMITS, TOKEN_NAME_MESSAGES } from '@bashboard/server/contract/limits'
import { TOKEN_EXPIRY_DAYS, TOKEN_SCOPES } from '@bashboard/server/contract/values'

export type TokenScope = (typeof TOKEN_SCOPES)[number]
export type TokenExpiry = (typeof TOKEN_EXPIRY_DAYS)[number] | 'never'

/** What each scope lets a token do, in the words the form shows. */
export const SCOPE_DESCRIPTIONS: Record<TokenScope, string> = {
  read: 'Read posts, comments, the leaderboard and your own profile, notifications and lists',
  vote: 'Upvote and downvote posts',
  save: 'Save posts and manage your collections',
  post: 'Create, edit and delete your posts and comments',
}

/** The expiry choices, in the order the select lists them. */
export const EXPIRY_OPTIONS: readonly { value: TokenExpiry; label: string }[] = [
  ...TOKEN_EXPIRY_DAYS.map((days) => ({
    value: days,
    label: days === 365 ? '1 year' : `${days} days`,
  })),
  { value: 'never', label: 'No expiration' },
]

/** The form's messages; the name's are the API's own 422 texts. */
export const TOKEN_FORM_MESSAGES = {
  nameRequired: TOKEN_NAME_MESSAGES.nameRequired,
  nameTooLong: TOKEN_NAME_MESSAGES.nameTooLong,
  scopesRequired: 'Choose at least one scope',
} as const

export interface TokenFormValues {
  name: string
  scopes: TokenScope[]
  expiry: TokenExpiry
}

/** The scopes a user may give a token: `post` only for contributors and moderators. */
export function availableScopes(canPost: boolean): TokenScope[] {
  return TOKEN_SCOPES.filter((scope) => scope !== 'post' || canPost)
}

/** Field → message for the create form; empty when it may be sent. The name is checked trimmed. */
export function validateTokenForm(values: TokenFormValues): Partial<Record<'name' | 'scopes', string>> {
  const errors: Partial<Record<'name' | 'scopes', string>> = {}
  const name = values.name.trim()
  if (name.length < TOKEN_LIMITS.nameMinLength) errors.name = TOKEN_FORM_MESSAGES.nameRequired
  else if (name.length > TOKEN_LIMITS.nameMaxLength) errors.name = TOKEN_FORM_MESSAGES.nameTooLong
  if (values.scopes.length === 0) errors.scopes = TOKEN_FORM_MESSAGES.scopesRequired
  return errors
}
