import { type RawBuilder, sql } from 'kysely'

/*
 * Timestamps inside JSON that PostgreSQL builds (a page's lists as columns of one row). As a UTC
 * `timestamp`, PostgreSQL writes one in JSON for about a third of the cost of computing epoch
 * milliseconds (numeric arithmetic), and parsing it gives the Date pg gives for the column itself.
 */

/** The timestamptz column `column` as JSON writes it in UTC: `2026-11-25T07:41:04.315451`. */
export function utcTimestamp(column: string): RawBuilder<string> {
  return sql<string>`(${sql.ref(column)} AT TIME ZONE 'UTC')`
}

/**
 * A timestamp written by {@link utcTimestamp} (seconds, then a fraction of up to six digits or none)
 * as a Date, its fraction cut to milliseconds as pg cuts a timestamptz column's: the same instant
 * whether a list came as JSON or as rows. For years 1–9999, the dates of this site's rows.
 */
export function parseUtcTimestamp(text: string): Date {
  const milliseconds = text.length > 20 ? text.slice(20, 23).padEnd(3, '0') : '000'
  return new Date(`${text.slice(0, 19)}.${milliseconds}Z`)
}
