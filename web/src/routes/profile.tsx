import { createFileRoute } from '@tanstack/react-router'
import { CollectionsTab } from '../features/collections/components/collections-tab'
import { SavedTab } from '../features/collections/components/saved-tab'
import { SaveButton } from '../features/posts/components/save-button'
import { profileQueryOptions } from '../features/profile/api'
import { ProfilePage } from '../features/profile/components/profile-page'
import { requireSignedIn } from '../features/profile/guards'

export interface ProfileSearch {
  /** The open tab (`?tab=saved`), so a tab can be linked to and survives a reload. */
  tab?: string
}

export const Route = createFileRoute('/profile')({
  // A page of members or of few visitors: its loader comes with its code, out of the entry chunk.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['pendingComponent'],
    ['errorComponent'],
    ['notFoundComponent'],
  ],
  // `favorites` is the Upvoted tab's earlier name, kept so old links open it.
  validateSearch: (raw: Record<string, unknown>): ProfileSearch =>
    typeof raw.tab === 'string' && raw.tab !== '' && raw.tab !== 'posts'
      ? { tab: raw.tab === 'favorites' ? 'upvoted' : raw.tab }
      : {},
  beforeLoad: requireSignedIn,
  // Start loading early; the page shows its own failure state, so an error is ignored here.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(profileQueryOptions())
  },
  component: ProfileRoute,
})

function ProfileRoute() {
  // Built here, not at the top of the module: only the route's component is split from the entry chunk.
  // The saved posts and collections belong to the collections feature; the profile shows them as tabs.
  const extraTabs = [
    {
      id: 'saved',
      label: 'Saved',
      render: () => (
        <SavedTab
          renderSave={(post) => (
            <SaveButton postId={post._id} savedCount={post.savedCount} saved={post.isSaved} />
          )}
        />
      ),
    },
    { id: 'collections', label: 'Collections', render: () => <CollectionsTab /> },
  ]
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ProfilePage
      extraTabs={extraTabs}
      tab={tab ?? 'posts'}
      onTabChange={(next) => void navigate({ search: next === 'posts' ? {} : { tab: next }, replace: true })}
    />
  )
}
