import type { LeaderboardPeriod, LeaderboardResponse } from '../../../contract/leaderboard.ts'
import { countOf, groupDigits, nounFor } from '../../../contract/plurals.ts'
import { comment, footer, page, type RenderContext } from './render.ts'
import { cleanLine, displayWidth, truncate } from './text.ts'

/** The tabs as the site names them, in its order. */
const PERIOD_NAMES: Record<LeaderboardPeriod, string> = {
  all: 'All Time',
  week: 'This Week',
  month: 'This Month',
}

const PERIOD_NOTES: Record<LeaderboardPeriod, string> = {
  all: 'total points',
  week: 'points gained in the last 7 days',
  month: 'points gained in the last 30 days',
}

// Cells of the name column: the longest usernames are cut rather than pushing the points out.
const NAME_WIDTH = 32

/** The address of a tab (All Time is the page itself). */
export function leaderboardUrl(origin: string, period: LeaderboardPeriod): string {
  return period === 'all' ? `${origin}/leaderboard` : `${origin}/leaderboard?period=${period}`
}

/** `GET /leaderboard`: the ranked members of one tab, the stats, and the other tabs. */
export function renderLeaderboard(ctx: RenderContext, board: LeaderboardResponse): string {
  const { palette } = ctx
  const lines = [
    `${palette.dim('#')} ${palette.bold(`Leaderboard — ${PERIOD_NAMES[board.period]}`)} ${palette.dim(`(${PERIOD_NOTES[board.period]})`)}`,
    '',
  ]
  if (board.entries.length === 0) {
    lines.push(
      comment(
        ctx,
        board.period === 'all' ? 'Nobody has points yet.' : 'Nobody has gained points in this time.',
      ),
    )
  }
  const rankWidth = String(board.entries.length).length + 1
  const pointsWidth = Math.max(0, ...board.entries.map((entry) => groupDigits(entry.points).length))
  board.entries.forEach((entry, index) => {
    const rank = `${index + 1}.`.padStart(rankWidth)
    const name = truncate(cleanLine(entry.username) || '?', NAME_WIDTH)
    const gap = ' '.repeat(NAME_WIDTH - displayWidth(name) + 1)
    const points = `${groupDigits(entry.points).padStart(pointsWidth)} ${nounFor(entry.points, 'point')}`
    const label = entry.badge === 'None' ? '' : `  ${palette.magenta(entry.badge)}`
    lines.push(
      `${palette.dim('#')} ${palette.dim(rank)} ${palette.bold(name)}${gap}${palette.yellow(points)}${label}`,
    )
  })
  const { stats } = board
  const others = (Object.keys(PERIOD_NAMES) as LeaderboardPeriod[]).filter(
    (period) => period !== board.period,
  )
  lines.push(
    '',
    comment(
      ctx,
      `${countOf(stats.totalUsers, 'member')} · ${groupDigits(stats.activeUsers)} with points · ${countOf(stats.experts, 'expert')} · ${countOf(stats.totalPoints, 'point')} in all`,
    ),
    ...others.map((period) =>
      comment(ctx, `${`${PERIOD_NAMES[period]}:`.padEnd(12)} curl "${leaderboardUrl(ctx.origin, period)}"`),
    ),
    comment(ctx, `On the site: ${leaderboardUrl(ctx.origin, board.period)}`),
    '',
    ...footer(ctx),
  )
  return page(lines)
}
