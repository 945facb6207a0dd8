import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AFTER_WRITES_PLUGIN, createDomainEvents, type DomainEvents } from './events/dispatcher.ts'
import type { SessionUsers } from './modules/accounts/session-users.ts'
import { createLeaderboard } from './modules/leaderboard/service.ts'
import { exportFiles } from './modules/leaving/export-files.ts'
import { type ExportWorker, startExportWorker } from './modules/leaving/export-worker.ts'
import { createMailer, type Mailer } from './modules/mail/mailer.ts'
import { startViewPruning } from './modules/maintenance/service.ts'
import { createUpvoteNotifier } from './modules/notifications/service.ts'
import { createMemberMarksReader } from './modules/posts/member-marks-reader.ts'
import { createPostPageCaches } from './modules/posts/page-caches.ts'
import { createViewCounter } from './modules/posts/views.ts'
import { createVoteSettler } from './modules/posts/vote-settler.ts'
import type { CsrfTokens } from './modules/sessions/csrf.ts'
import type { SessionKeeper } from './modules/sessions/session-keeper.ts'
import { createStatsBroadcaster } from './modules/stats/service.ts'
import { createCategoryCountsBroadcaster } from './modules/website/category-counts.ts'
import { createSearchIndex } from './modules/website/search-index.ts'
import { startTrendingRefresh } from './modules/website/trending.ts'
import { reactionMap } from './reactions.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the domain events writes raise to the reactions of reactions.ts, after commit. */
    domainEvents: DomainEvents
    /** The users the access hook checks tokens against (app.ts); kept here with PAGE_CACHE. */
    sessionUsers: SessionUsers
    /** The web sessions the access hook checks cookies against (app.ts); kept here with PAGE_CACHE. */
    webSessions: SessionKeeper
    /** The CSRF tokens of web sessions (modules/sessions/csrf.ts), for the sign-in's cookies. */
    csrfTokens: CsrfTokens
    /** Sends the mail queue (`mailer.worker.poke()` after a write queued mail) and queues digests. */
    mailer: Mailer
    /** Builds large members' exports in the background and deletes expired ones (modules/leaving). */
    exportWorker: ExportWorker
  }
}

/**
 * Everything that runs after writes or beside requests, built once per instance: the domain events
 * and their reactors (stats and leaderboard pushes, the vote settler, upvote pushes), the view
 * batches, the trending refresh, view pruning, the shared page caches, members' marks and the users
 * of signed-in requests (PAGE_CACHE), the search index (SEARCH_INDEX), the mail sender and the
 * background exports' builder. Each is decorated on the app for the modules that use it and stopped
 * on close, in the reverse order.
 */
export const afterWritesPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, live, log } = app
    const events = createDomainEvents(log)
    const stats = createStatsBroadcaster({ db, live })
    const categories = createCategoryCountsBroadcaster({ db, live })
    const leaderboard = createLeaderboard({ db, live })
    const upvotes = createUpvoteNotifier({ db, live })
    const voteSettler = createVoteSettler({ db, live, events })
    events.use(reactionMap({ live, stats, categories, leaderboard, voteSettler, upvotes }))

    const viewCounter = createViewCounter({ db, events, log })
    const trendingRanks = startTrendingRefresh({ db, log })
    const viewPruner = startViewPruning({ db, log })
    const postPageCaches = app.config.pageCache ? createPostPageCaches(live) : null
    const memberMarks = createMemberMarksReader({ db, live: app.config.pageCache ? live : null })
    const stopKeepingSessionUsers = app.config.pageCache ? app.sessionUsers.follow(live) : null
    const stopKeepingWebSessions = app.config.pageCache ? app.webSessions.follow(live) : null
    const mailer = createMailer({ db, config: app.config, log })
    const exportWorker = startExportWorker({
      db,
      files: exportFiles(app.config.dataDir),
      origin: app.config.publicOrigin,
      log,
      mailQueued: () => mailer.worker.poke(),
    })
    const searchIndex = app.config.searchIndex
      ? createSearchIndex({ db, live, onError: (err) => log.error({ err }, 'search index failed') })
      : null

    app.decorate('domainEvents', events)
    app.decorate('statsBroadcaster', stats)
    app.decorate('leaderboard', leaderboard)
    app.decorate('upvoteNotifier', upvotes)
    app.decorate('voteSettler', voteSettler)
    app.decorate('viewCounter', viewCounter)
    app.decorate('trendingRanks', trendingRanks)
    app.decorate('postPageCaches', postPageCaches)
    app.decorate('memberMarks', memberMarks)
    app.decorate('searchIndex', searchIndex)
    app.decorate('mailer', mailer)
    app.decorate('exportWorker', exportWorker)

    app.addHook('onClose', async () => {
      // Views still pending are written (and announced) while their reactors still run.
      await viewCounter.close()
      await Promise.all([trendingRanks.stop(), viewPruner.stop(), voteSettler.close()])
      await Promise.all([stats.close(), categories.close(), leaderboard.close(), upvotes.close()])
      postPageCaches?.close()
      memberMarks.close()
      stopKeepingSessionUsers?.()
      stopKeepingWebSessions?.()
      await searchIndex?.close()
      // Before the mailer: a build finishing now still has its mail queued (and sent on the next start).
      await exportWorker.close()
      await mailer.close()
    })
  },
  {
    name: AFTER_WRITES_PLUGIN,
    dependencies: ['bashboard-context', 'bashboard-live'],
    decorators: { fastify: ['sessionUsers', 'webSessions'] },
  },
)
