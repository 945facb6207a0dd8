/**
 * The API contract shared by the server and the web client: TypeBox schemas and their static types.
 * This folder imports nothing but `typebox`, so the web build can use it without pulling server code.
 */
export * from './accounts.ts'
export * from './ads.ts'
export * from './applications.ts'
export * from './blogs.ts'
export * from './collections.ts'
export * from './comments.ts'
export * from './common.ts'
export * from './health.ts'
export * from './leaderboard.ts'
export * from './live.ts'
export * from './moderation.ts'
export * from './notifications.ts'
export * from './people.ts'
export * from './posts.ts'
export * from './profiles.ts'
export * from './programs.ts'
export * from './rich-text.ts'
export * from './stats.ts'
export * from './tokens.ts'
export * from './website.ts'
