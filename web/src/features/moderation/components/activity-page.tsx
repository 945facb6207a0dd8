import { useQuery } from '@tanstack/react-query'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useLiveTopic } from '../../../live/live-provider'
import { modActivityQueryOptions } from '../api'
import { useNow } from '../format'
import { ActivityStream } from './activity-stream'
import { LiveCounters } from './live-counters'

/** The Activity tab: live counters on top, the stream of what happens on the site below. */
export function ActivityPage() {
  useDocumentTitle('Activity · Moderation')
  const activity = useQuery(modActivityQueryOptions())
  const now = useNow(15_000)
  useLiveTopic('mod', activity.data?.liveId)
  return (
    <div className="flex flex-col gap-6">
      <LiveCounters />
      {activity.isPending ? (
        <Loading label="Loading activity..." />
      ) : activity.isError && !activity.data ? (
        <LoadFailed
          message="Failed to load activity."
          onRetry={() => void activity.refetch()}
          retrying={activity.isFetching}
        />
      ) : (
        <ActivityStream items={activity.data.items} now={now} />
      )}
    </div>
  )
}
