import { AsyncLocalStorage } from 'node:async_hooks'
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  UnknownRow,
} from 'kysely'

/** The count of the statements run inside {@link countStatements} (and nothing the app runs meanwhile). */
const counting = new AsyncLocalStorage<{ count: number }>()

/**
 * Counts the statements the app sends, so a test can tell a page answered from a cache from a recomputed
 * one, or how many statements a read takes. Counted as their results come back: a statement compiled
 * once and run again (db/src/fixed-statement.ts) is not transformed again, but each run has a
 * result. Install it with `buildTestApp({ wrapDb: (db) => db.withPlugin(new StatementCounter()) })`.
 */
export class StatementCounter implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs) {
    return args.node
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const counter = counting.getStore()
    if (counter) counter.count += 1
    return args.result
  }
}

/**
 * Runs `work` and answers what it returned and how many statements it ran (background work of the app,
 * such as view batches, started outside it is not counted). Await inside `work`: inject sends a request
 * when awaited, and the count follows the awaiting.
 */
export async function countStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const counter = { count: 0 }
  const result = await counting.run(counter, work)
  return { result, statements: counter.count }
}
