/*
 * Plain values of the contract that the web client needs at runtime (page sizes, limits, messages, form
 * field names). This module imports nothing: the schema modules build TypeBox values when they load, so
 * a web import of one constant from them puts the TypeBox runtime and every schema into the bundle. The
 * web imports these from `@bashboard/server/contract/values`; the schema modules re-export them.
 */

/** Default page size of `GET /api/blogs`: the blog list shows six posts a page. */
export const BLOG_PAGE_SIZE = 6
/** Longest blog title, in characters after trimming. */
export const BLOG_TITLE_MAX_LENGTH = 200
/** Longest blog meta description, in characters after trimming (also the SEO description). */
export const BLOG_METADESCRIPTION_MAX_LENGTH = 300
/** How many notifications `GET /api/notifications` returns at most. */
export const NOTIFICATIONS_PAGE_SIZE = 30
/** Largest blog or ad image upload, in bytes. */
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024
/** Largest avatar upload: above it `PUT /api/users/avatar` answers 413 'Image must be smaller than 5MB'. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024

/** The five document categories, in the order the form lists them. */
export const APPLICATION_DOC_CATEGORIES = [
  'Driving License',
  'Passport',
  'NID',
  'Birth Certificate',
  'Others',
] as const

/** Limits checked by the server (and mirrored by the form). The cover letter is counted trimmed. */
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
  documentTooLarge: 'Document must be smaller than 10MB',
  /** 422: the cover letter is shorter than 50 characters after trimming. */
  coverLetterTooShort: 'Cover letter must be at least 50 characters',
  /** 422: the cover letter is longer than 5000 characters. */
  coverLetterTooLong: 'Cover letter must be at most 5000 characters',
  /** 422: the category is not one of the five. */
  invalidDocCategory:
    'Document category must be one of: Driving License, Passport, NID, Birth Certificate, Others',
  /** 422: the PDF carries active content. */
  unsafePdf: 'PDF documents with scripts, launch actions or embedded files are not accepted',
  /** 409: the caller is already a contributor (or a moderator). */
  alreadyContributor: 'You are already a contributor',
  /** 409: the caller has an application under review. */
  alreadyReviewing: 'You already have an application under review',
} as const

/** The multipart field names of `POST /api/applications/create`. */
export const APPLICATION_FORM_FIELDS = {
  document: 'document',
  coverLetter: 'coverLetter',
  docCategory: 'docCategory',
} as const

/**
 * Limits of saved commands and collections, checked by the server (422 naming the field, 409 for a
 * duplicate name) and mirrored by the forms. Names and descriptions are counted after trimming;
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

/** Posts per page of `GET /api/users/me/saved`. */
export const SAVED_PAGE_SIZE = 20

/** The file formats of the collection and saved-posts exports. */
export const EXPORT_FORMATS = ['navi', 'tldr', 'json'] as const

/**
 * The scopes a personal access token may carry, the one list the server, the web client and the
 * tests share. `read` reads posts, people and the caller's own lists; `vote` votes; `save` saves posts
 * and manages collections; `post` writes posts and comments (contributors and moderators only).
 */
export const TOKEN_SCOPES = ['read', 'vote', 'save', 'post'] as const

/** The lifetimes a personal access token may be given, in days (absent: it never expires). */
export const TOKEN_EXPIRY_DAYS = [30, 90, 365] as const

/** Limits of personal access tokens, checked by the server and mirrored by the settings form. */
export const TOKEN_LIMITS = {
  /** Token names are counted after trimming. */
  nameMinLength: 1,
  nameMaxLength: 50,
  /** Tokens one user may hold at once that are neither revoked nor expired. */
  activePerUser: 50,
} as const

/** How long after posting a comment its author may still edit it, in minutes (deleting has no limit). */
export const COMMENT_EDIT_WINDOW_MINUTES = 15
