import type { Role } from '../../database.ts'

/** A demo account whose password is published in the README, so newcomers can sign in at once. */
export interface DemoAccount {
  role: Role
  username: string
  email: string
  password: string
}

/** The three published demo accounts, one per role. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'member', username: 'demo_member', email: 'member@bashboard.dev', password: 'bashboard-member' },
  {
    role: 'contributor',
    username: 'demo_contributor',
    email: 'contributor@bashboard.dev',
    password: 'bashboard-contributor',
  },
  {
    role: 'moderator',
    username: 'demo_moderator',
    email: 'moderator@bashboard.dev',
    password: 'bashboard-moderator',
  },
]

export interface SeedUser {
  username: string
  email: string
  role: Role
  /** When the account was created, in days before the seed runs. */
  joinedDaysAgo: number
}

/**
 * Community members who make the site look lived in. Their password is random per seed run and never
 * printed: nobody signs in as them.
 */
export const COMMUNITY_USERS: readonly SeedUser[] = [
  { username: 'grep_guru', email: 'grep_guru@example.com', role: 'contributor', joinedDaysAgo: 88 },
  { username: 'awk_ward', email: 'awk_ward@example.com', role: 'contributor', joinedDaysAgo: 85 },
  { username: 'kernel_kate', email: 'kate@example.org', role: 'moderator', joinedDaysAgo: 90 },
  { username: 'pipe_dream', email: 'pipe_dream@example.net', role: 'contributor', joinedDaysAgo: 79 },
  { username: 'sed_sally', email: 'sally.sed@example.com', role: 'contributor', joinedDaysAgo: 74 },
  { username: 'zsh_zoe', email: 'zoe@example.org', role: 'contributor', joinedDaysAgo: 66 },
  { username: 'tty_tom', email: 'tom.tty@example.net', role: 'member', joinedDaysAgo: 52 },
  { username: 'cron_jon', email: 'jon.cron@example.com', role: 'member', joinedDaysAgo: 31 },
]

/** How long ago each demo account was created. */
export const DEMO_JOINED_DAYS_AGO: Readonly<Record<string, number>> = {
  demo_member: 45,
  demo_contributor: 70,
  demo_moderator: 92,
}
