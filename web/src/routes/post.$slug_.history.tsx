import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ReasonDialog } from '../features/moderation/components/reason-dialog'
import { PostHistoryPage } from '../features/post-history/components/post-history-page'
import { postKeys } from '../features/posts/queries'

// Not nested under /post/$slug (the trailing `_`): the history replaces the post page. No loader, like
// the edit screen: the entry chunk, which holds every loader, is at its size budget.
export const Route = createFileRoute('/post/$slug_/history')({
  component: PostHistoryRoute,
})

function PostHistoryRoute() {
  const { slug } = Route.useParams()
  const queryClient = useQueryClient()
  // A rollback changes the post itself: its page and the lists showing it load it again.
  const onRolledBack = () => void queryClient.invalidateQueries({ queryKey: postKeys.all })
  return <PostHistoryPage slug={slug} ReasonDialog={ReasonDialog} onRolledBack={onRolledBack} />
}
