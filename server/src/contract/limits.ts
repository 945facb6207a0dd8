/*
 * The limits of what people write and upload, and the texts of the rules that check them, written once:
 * the schema modules re-export them, the services check them and answer these texts, and the web forms
 * import them from `@bashboard/server/contract/limits` to check the same rules with the same words
 * before sending (docs/product-rules.md). Like values.ts this module imports nothing, so the web bundle
 * gets plain values without TypeBox; it is kept apart from values.ts so that only the form pages load it.
 */

/** Largest blog or ad image upload, in bytes. */
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024

/**
 * Largest avatar upload: above it `PUT /api/users/avatar` answers 413 `IMAGE_MESSAGES.tooLarge`. The same
 * as a content image's, so one message fits both.
 */
export const AVATAR_MAX_BYTES = CONTENT_IMAGE_MAX_BYTES

/**
 * The texts of an avatar or content image the server refuses, and that the pickers show before sending
 * one (docs/product-rules.md#settings). Both images share the 5 MB limit.
 */
export const IMAGE_MESSAGES = {
  /** 415: not a JPEG or PNG (the server reads the bytes, the picker the declared type). */
  invalidType: 'Please upload a valid image file (JPEG, JPG, or PNG)',
  /** 413: over `AVATAR_MAX_BYTES` or `CONTENT_IMAGE_MAX_BYTES` (the same size). */
  tooLarge: `Image must be smaller than ${AVATAR_MAX_BYTES / (1024 * 1024)}MB`,
} as const

/**
 * The multipart fields of `PUT /api/users/avatar`: the file, and the square the member framed in it, in
 * pixels of the image as shown upright (EXIF orientation applied): its left and top edges and its side.
 * The crop fields are all sent or none (then the centred square is kept); the settings page sends them
 * before the file.
 */
export const AVATAR_FORM_FIELDS = {
  image: 'image',
  cropX: 'cropX',
  cropY: 'cropY',
  cropSize: 'cropSize',
} as const

/** 422 of `PUT /api/users/avatar` when the crop fields are partial, not whole numbers, or outside the image. */
export const AVATAR_CROP_INVALID = 'The crop must be a square inside the image'

/**
 * Limits of a new post (docs/product-rules.md#create-post), checked by the server after trimming and by
 * the create-post form. The description counts the plain text left after sanitising the HTML.
 */
export const POST_LIMITS = {
  titleMaxLength: 100,
  descriptionMinLength: 10,
} as const

/** The code point ranges of {@link isTextDirectionControl}, first and last included (Bidi_Control). */
export const TEXT_DIRECTION_CONTROLS: readonly (readonly [number, number])[] = [
  [0x061c, 0x061c],
  [0x200e, 0x200f],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
]

/**
 * Whether `code` is one of Unicode's Bidi_Control characters: the embeddings and overrides U+202A–U+202E,
 * the isolates U+2066–U+2069 and the marks U+200E, U+200F and U+061C. They are invisible and reorder
 * how the text around them is drawn, so a title or command could show something other than what it
 * holds or runs ("Trojan Source"). The marks are refused with the rest: they only nudge where neutral
 * characters go, but a command never needs one and the bidi algorithm orders right-to-left words
 * without them.
 */
export function isTextDirectionControl(code: number): boolean {
  // Most text is below the first range: one comparison.
  return code >= 0x061c && TEXT_DIRECTION_CONTROLS.some(([first, last]) => code >= first && code <= last)
}

/**
 * Whether `text` holds a control character: C0 (escape, bell, backspace, …), DEL, C1, or a text-direction
 * control ({@link isTextDirectionControl}). With `allowLayout`, tab, line feed and a carriage return
 * directly before a line feed (CRLF) are allowed (a command or a comment spans lines; store it through
 * {@link normalizeLineBreaks}); a lone carriage return is not, since a terminal returns to the line's
 * start there and draws what follows over what came before (`echo safe\rrm -rf ~` shows as `rm -rf ~`).
 * Without `allowLayout` every line break counts (a title is one line). Escape sequences typed or pasted
 * into a post would reach every terminal that prints it (the plain-text pages, the CLI and the exports
 * strip them on output as a second line of defence); refusing them at the door keeps stored text printable.
 */
export function hasControlCharacters(text: string, allowLayout: boolean): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i)
    if (allowLayout && (code === 0x09 || code === 0x0a)) continue
    if (allowLayout && code === 0x0d && text.charCodeAt(i + 1) === 0x0a) continue
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || isTextDirectionControl(code)) return true
  }
  return false
}

/**
 * Whether `text` holds a text-direction control ({@link isTextDirectionControl}). The rule for sanitised
 * HTML (post descriptions, blog articles), where line breaks and tabs are the markup's business: HTML
 * reads a lone carriage return as a line break, and the plain text cut from it folds whitespace.
 */
export function hasTextDirectionControls(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (isTextDirectionControl(text.charCodeAt(i))) return true
  return false
}

/** Text of several lines as it is stored: every CRLF (a Windows paste) becomes LF. */
export function normalizeLineBreaks(text: string): string {
  return text.replaceAll('\r\n', '\n')
}

/**
 * The create and update rules' texts, in the order they are checked (docs/product-rules.md#create-post):
 * the server's 422 `message` and the create-post form's inline error are the same words.
 */
export const POST_RULE_MESSAGES = {
  titleRequired: 'Please enter a post title.',
  titleTooLong: `The title must be at most ${POST_LIMITS.titleMaxLength} characters.`,
  titleControlCharacters:
    'The title cannot contain control characters such as tabs, line breaks, escapes or text-direction marks.',
  commandRequired: 'Please enter a Linux command.',
  commandControlCharacters:
    'The command cannot contain control characters such as terminal escape sequences, lone carriage returns or text-direction marks.',
  descriptionRequired: 'Please enter a description for your post.',
  descriptionTooShort: `Please provide a more detailed description (at least ${POST_LIMITS.descriptionMinLength} characters).`,
  /** Server only: the sanitised description holds a text-direction mark (U+202E and the like). */
  descriptionDirectionMarks: 'The description cannot contain text-direction marks such as U+202E.',
  categoryRequired: 'Please select a category.',
  /** Server only: the category id names no category. */
  categoryUnknown: 'The selected category does not exist.',
  /** Server only, 409: another post has this slug (docs/product-rules.md#posts). */
  titleTaken: 'A post with this title already exists',
  /** Server only, 409, with the post that has the command (ErrorResponse `existing`). */
  commandTaken: 'A post with this command already exists',
} as const

/** Longest comment, counted after trimming (docs/product-rules.md#comments). */
export const COMMENT_MAX_LENGTH = 2000

/**
 * Limits of account names and passwords, checked by the server on sign-up and in settings, and shown or
 * checked by the sign-up and password forms. A username is trimmed; a password is counted as typed.
 */
export const ACCOUNT_LIMITS = {
  usernameMinLength: 3,
  usernameMaxLength: 30,
  passwordMinLength: 6,
  passwordMaxLength: 128,
} as const

/** The texts of the account rules: the server's 422 `message` and the forms' inline errors. */
export const ACCOUNT_MESSAGES = {
  /** 422: a username outside 3–30 characters of letters, digits, `_` or `-`. */
  usernameRule: `Username must be ${ACCOUNT_LIMITS.usernameMinLength} to ${ACCOUNT_LIMITS.usernameMaxLength} characters: letters, digits, _ or -`,
  /** 422: a new password shorter than 6 characters. */
  passwordTooShort: `Password must be at least ${ACCOUNT_LIMITS.passwordMinLength} characters long`,
  /** 422: a new password longer than 128 characters. */
  passwordTooLong: `Password must be at most ${ACCOUNT_LIMITS.passwordMaxLength} characters long`,
  /** 409: another account has this username (sign-up, profile). */
  usernameTaken: 'Username is already taken',
  /** 422: an email address without one @ and a dotted domain, or holding control characters. */
  emailInvalid: 'Please enter a valid email address',
  /** 409: another account has this email address (sign-up, profile). */
  emailTaken: 'An account with this email already exists',
  /** 422 (field currentPassword): the password change's current password is wrong. */
  currentPasswordIncorrect: 'Current password is incorrect',
} as const

/** The five document categories, in the order the form lists them. */
export const APPLICATION_DOC_CATEGORIES = [
  'Driving License',
  'Passport',
  'NID',
  'Birth Certificate',
  'Others',
] as const

/** Limits checked by the server and by the form. The cover letter is counted trimmed. */
export const APPLICATION_LIMITS = {
  documentMaxBytes: 10 * 1024 * 1024,
  coverLetterMinLength: 50,
  coverLetterMaxLength: 5000,
  /** Longest reviewer message (required when rejecting). */
  reviewMessageMaxLength: 1000,
} as const

/**
 * The exact error texts of the create call, as the API answers them (`message`) and as the form
 * shows them. The first three are the texts the original client showed, kept word for word.
 */
export const APPLICATION_MESSAGES = {
  /** 422: a field is missing or empty. */
  missingFields: 'Please fill in all required fields',
  /** 415: the document is not a JPEG, PNG or PDF by content. */
  invalidDocument: 'Please upload a valid document (JPEG, JPG, PNG, or PDF)',
  /** 413: the document is over 10 MB. */
  documentTooLarge: `Document must be smaller than ${APPLICATION_LIMITS.documentMaxBytes / (1024 * 1024)}MB`,
  /** 422: the cover letter is shorter than 50 characters after trimming. */
  coverLetterTooShort: `Cover letter must be at least ${APPLICATION_LIMITS.coverLetterMinLength} characters`,
  /** 422: the cover letter is longer than 5000 characters. */
  coverLetterTooLong: `Cover letter must be at most ${APPLICATION_LIMITS.coverLetterMaxLength} characters`,
  /** 422: the category is not one of the five. */
  invalidDocCategory: `Document category must be one of: ${APPLICATION_DOC_CATEGORIES.join(', ')}`,
  /** 422: the cover letter holds a control character (an escape, a lone carriage return) or a text-direction mark. */
  coverLetterCharacters: 'Cover letter cannot contain control characters or text-direction marks',
  /** 422: the PDF carries active content. */
  unsafePdf: 'PDF documents with scripts, launch actions or embedded files are not accepted',
  /** 409: the caller is already a contributor (or a moderator). */
  alreadyContributor: 'You are already a contributor',
  /** 409: the caller has an application under review. */
  alreadyReviewing: 'You already have an application under review',
} as const

/**
 * Limits of saved commands and collections, checked by the server (422 naming the field, 409 for a
 * duplicate name) and by the forms. Names and descriptions are counted after trimming;
 * descriptions are plain text.
 */
export const COLLECTION_LIMITS = {
  nameMinLength: 1,
  nameMaxLength: 60,
  descriptionMaxLength: 500,
  /** Collections one user may own. */
  collectionsPerUser: 100,
  /** Posts one collection may hold. */
  postsPerCollection: 500,
} as const

/** The error texts of the collection rules, as the API answers them in `message` and the forms show them. */
export const COLLECTION_MESSAGES = {
  /** 422: the name is empty after trimming. */
  nameRequired: 'Collection name is required',
  /** 422: the name is longer than 60 characters after trimming. */
  nameTooLong: `Collection name must be at most ${COLLECTION_LIMITS.nameMaxLength} characters`,
  /** 422: the name holds a control character (a line break, a tab, NUL…) or a text-direction mark. */
  nameCharacters: 'Collection name cannot contain line breaks, control characters or text-direction marks',
  /** 422: the description holds a control character other than a line break or a tab, or a text-direction mark. */
  descriptionCharacters:
    'Description cannot contain control characters, lone carriage returns or text-direction marks',
  /** 422: the description is longer than 500 characters after trimming. */
  descriptionTooLong: `Description must be at most ${COLLECTION_LIMITS.descriptionMaxLength} characters`,
  /** 409: the owner already has a collection of that name (compared without case). */
  duplicateName: 'You already have a collection with this name',
  /** 409: the owner already has 100 collections. */
  tooManyCollections: `You can have at most ${COLLECTION_LIMITS.collectionsPerUser} collections`,
  /** 409: the collection already holds 500 posts. */
  collectionFull: `A collection can hold at most ${COLLECTION_LIMITS.postsPerCollection} posts`,
  /** 400: the order body is not exactly the collection's posts, each once. */
  badOrder: "postIds must list each of the collection's posts exactly once",
  /** 404: no such collection, or a private one of someone else. */
  notFound: 'Collection not found',
  /** 404: no such post (or it was deleted). */
  postNotFound: 'Post not found',
} as const

/** Limits of personal access tokens, checked by the server and by the settings form. */
export const TOKEN_LIMITS = {
  /** Token names are counted after trimming. */
  nameMinLength: 1,
  nameMaxLength: 50,
  /** Tokens one user may hold at once that are neither revoked nor expired. */
  activePerUser: 50,
} as const

/** The texts of the token name rules: the server's 422 `message` and the settings form's inline error. */
export const TOKEN_NAME_MESSAGES = {
  /** 422: the name is empty after trimming. */
  nameRequired: 'Token name is required',
  /** 422: the name is longer than 50 characters after trimming. */
  nameTooLong: `Token name must be at most ${TOKEN_LIMITS.nameMaxLength} characters`,
  /** 422: the name holds a control character or a text-direction mark. */
  nameCharacters: 'Token name cannot contain control characters or text-direction marks',
} as const

/** Limits of moderator-written texts (counted after trimming), checked by the server and the console. */
export const MOD_LIMITS = {
  reasonMinLength: 3,
  reasonMaxLength: 500,
  reviewMessageMaxLength: APPLICATION_LIMITS.reviewMessageMaxLength,
} as const

/** The exact error texts of the console's calls (`message` of the JSON error), which the console shows too. */
export const MOD_MESSAGES = {
  /** 422: delete or role change without a 3–500 character reason. */
  reasonRequired: `Please give a reason between ${MOD_LIMITS.reasonMinLength} and ${MOD_LIMITS.reasonMaxLength} characters`,
  /** 422: reject without a message. */
  rejectMessageRequired: 'Please give the applicant a message explaining the rejection',
  /** 422: a review message over 1000 characters. */
  reviewMessageTooLong: `The message must be at most ${MOD_LIMITS.reviewMessageMaxLength} characters`,
  /** 422: a reason holding a control character or a text-direction mark. */
  reasonCharacters: 'The reason cannot contain control characters or text-direction marks',
  /** 422: a review message holding a control character or a text-direction mark. */
  reviewMessageCharacters: 'The message cannot contain control characters or text-direction marks',
  /** 409: the application was already accepted or rejected (maybe by another moderator). */
  alreadyReviewed: 'This application has already been reviewed',
  /** 403: a moderator tried to change their own role. */
  ownRole: 'You cannot change your own role',
} as const

/** Longest blog title, in characters after trimming. */
export const BLOG_TITLE_MAX_LENGTH = 200

/** Longest blog meta description, in characters after trimming (also the SEO description). */
export const BLOG_METADESCRIPTION_MAX_LENGTH = 300

/** Messages of the blog endpoints (shown to people as is; the console's form shows the same words). */
export const BLOG_MESSAGES = {
  notFound: 'Blog post not found',
  titleRequired: 'Please enter a title.',
  titleTooLong: `The title must be at most ${BLOG_TITLE_MAX_LENGTH} characters.`,
  metadescriptionRequired: 'Please enter a meta description.',
  metadescriptionTooLong: `The meta description must be at most ${BLOG_METADESCRIPTION_MAX_LENGTH} characters.`,
  contentRequired: 'Please write the article.',
  titleCharacters: 'The title cannot contain control characters or text-direction marks.',
  metadescriptionCharacters:
    'The meta description cannot contain control characters or text-direction marks.',
  contentDirectionMarks: 'The article cannot contain text-direction marks such as U+202E.',
  imageInvalid: 'The image must be an uploaded image name or a full https URL.',
  titleTaken: 'A blog post with this title already exists',
} as const

/** Longest ad title (its alt text), in characters after trimming. */
export const AD_TITLE_MAX_LENGTH = 100
