import type { QueryClient } from '@tanstack/react-query'
import type { AppStore } from './state/store'

/** What every route's loader and beforeLoad receive. */
export interface RouterContext {
  queryClient: QueryClient
  /** The jotai store, so guards can read the session without a hook. */
  store: AppStore
}
