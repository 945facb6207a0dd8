/**
 * What people, moderation and content need on top of the first release: notifications, the
 * moderators' audit log, blog drafts, ad scheduling and de-duplicated ad clicks. Frozen once released.
 */
import { type Kysely, sql } from 'kysely'

const statements = [
  // One row per notification. Upvotes on one post are batched into one unread row (`count` grows),
  // which the partial unique index makes an upsert instead of a race.
  sql`CREATE TABLE notifications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('comment', 'upvotes', 'tier', 'application', 'role')),
    text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 300),
    link text CHECK (link IS NULL OR char_length(link) <= 300),
    subject_id uuid,
    count integer NOT NULL DEFAULT 1 CHECK (count >= 1),
    read_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX notifications_user_updated_at_idx ON notifications (user_id, updated_at DESC)`,
  sql`CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE read_at IS NULL`,
  sql`CREATE UNIQUE INDEX notifications_unread_batch_key ON notifications (user_id, kind, subject_id)
    WHERE read_at IS NULL AND kind = 'upvotes'`,

  // What moderators did, and why. Subjects may be gone (a deleted post), so their title is copied.
  sql`CREATE TABLE moderation_log (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    moderator_id uuid REFERENCES users (id) ON DELETE SET NULL,
    moderator_name text NOT NULL,
    action text NOT NULL CHECK (char_length(action) BETWEEN 1 AND 50),
    subject_type text NOT NULL CHECK (subject_type IN ('post', 'comment', 'user', 'application', 'blog', 'ad')),
    subject_id uuid,
    subject_title text NOT NULL DEFAULT '',
    reason text NOT NULL DEFAULT '' CHECK (char_length(reason) <= 500),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX moderation_log_created_at_idx ON moderation_log (created_at DESC)`,

  // Sign-ups today, and the console's people search.
  sql`CREATE INDEX users_created_at_idx ON users (created_at)`,
  sql`CREATE INDEX users_username_trgm_idx ON users USING gin (username gin_trgm_ops)`,
  sql`CREATE INDEX comments_content_trgm_idx ON comments USING gin (content gin_trgm_ops)`,

  // Blog drafts: only published articles are public; `published_at` orders the public list.
  sql`ALTER TABLE blogs ADD COLUMN status text NOT NULL DEFAULT 'published'
    CHECK (status IN ('draft', 'published'))`,
  sql`ALTER TABLE blogs ADD COLUMN published_at timestamptz`,
  sql`UPDATE blogs SET published_at = created_at WHERE status = 'published'`,
  sql`CREATE INDEX blogs_published_idx ON blogs (published_at DESC, id) WHERE status = 'published'`,

  // Ads: a name for the console, an optional schedule, and clicks de-duplicated per visitor and minute.
  sql`ALTER TABLE ads ADD COLUMN title text NOT NULL DEFAULT ''`,
  sql`ALTER TABLE ads ADD COLUMN starts_at timestamptz`,
  sql`ALTER TABLE ads ADD COLUMN ends_at timestamptz`,
  sql`ALTER TABLE ads ADD CONSTRAINT ads_schedule_check CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)`,
  sql`ALTER TABLE ad_clicks ADD COLUMN visitor_key text NOT NULL DEFAULT ''`,
  sql`ALTER TABLE ad_clicks ADD COLUMN minute timestamptz NOT NULL DEFAULT date_trunc('minute', now())`,
  sql`CREATE UNIQUE INDEX ad_clicks_visitor_minute_key ON ad_clicks (ad_id, visitor_key, minute)`,
]

/** Adds the tables, columns and indexes above. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}

/** Removes what `up` added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`DROP INDEX IF EXISTS ad_clicks_visitor_minute_key`,
    sql`ALTER TABLE ad_clicks DROP COLUMN IF EXISTS minute`,
    sql`ALTER TABLE ad_clicks DROP COLUMN IF EXISTS visitor_key`,
    sql`ALTER TABLE ads DROP CONSTRAINT IF EXISTS ads_schedule_check`,
    sql`ALTER TABLE ads DROP COLUMN IF EXISTS ends_at`,
    sql`ALTER TABLE ads DROP COLUMN IF EXISTS starts_at`,
    sql`ALTER TABLE ads DROP COLUMN IF EXISTS title`,
    sql`DROP INDEX IF EXISTS blogs_published_idx`,
    sql`ALTER TABLE blogs DROP COLUMN IF EXISTS published_at`,
    sql`ALTER TABLE blogs DROP COLUMN IF EXISTS status`,
    sql`DROP INDEX IF EXISTS comments_content_trgm_idx`,
    sql`DROP INDEX IF EXISTS users_username_trgm_idx`,
    sql`DROP INDEX IF EXISTS users_created_at_idx`,
    sql`DROP TABLE IF EXISTS moderation_log`,
    sql`DROP TABLE IF EXISTS notifications`,
  ]) {
    await statement.execute(db)
  }
}
