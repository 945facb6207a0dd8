import type { BrowseSort, PostCard as PostCardData } from '@bashboard/server/contract'
import { countOf, nounFor } from '@bashboard/server/contract/plurals'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowUp, LayoutGrid, List, SlidersHorizontal, X } from 'lucide-react'
import { useDeferredValue, useEffect, useRef, useState, useTransition } from 'react'
import { AdSlot } from '../../../components/ads/ad-slot'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Dialog } from '../../../components/ui/dialog'
import { Pagination } from '../../../components/ui/pagination'
import { Loading } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useLiveTopic } from '../../../live/live-provider'
import {
  BROWSE_SORTS,
  type BrowseParams,
  browseQueryOptions,
  browseQueryString,
  clearIncomingPosts,
  postKeys,
  useIncomingPosts,
} from '../api'
import {
  type BrowseFilterSearch,
  type BrowseFilters,
  countFilters,
  filterSearch,
  NO_FILTERS,
  readFilters,
} from '../browse-filters'
import { formatCount } from '../format'
import { useDeferredList } from '../use-deferred-list'
import { ActiveFilterChips, FilterPanel } from './browse-filter-panel'
import { SheetFilters } from './browse-filter-sheet'
import { BrowseResultSummary } from './browse-result-summary'
import { SearchBox, type SearchBoxHandle } from './browse-search-box'
import { CategorySidebar, PopularCategoriesCard, QuickActionsCard, SearchTipsCard } from './browse-sidebar'
import { PostList } from './post-list'
import { SEARCH_MODE_NOTE } from './search-mode-note'

export interface BrowsePageProps {
  params: BrowseParams
  /**
   * Replaces the URL's query (docs/product-rules.md#browse: replace, not push); filter changes ask to push, so Back
   * returns to the filters before. A promise that settles once the router has shown the new query keeps the list
   * marked busy until then.
   */
  onParamsChange: (next: BrowseParams, options?: { push?: boolean }) => void | Promise<void>
}

/** What the sort select shows for each sort. */
const SORT_LABELS: Record<BrowseSort, string> = {
  latest: 'Latest',
  // One name for the trending score everywhere (URL, home, help, text pages); "Hot" is a member's tier.
  trending: 'Trending',
  upvotes: 'Most Upvoted',
  views: 'Most Views',
}

/** Ties the greyed sort select to the note saying why. */
const SEARCH_MODE_NOTE_ID = 'browse-search-mode-note'

/** True when the key press came from a field where "/" is just a character. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/** Whether a live-pushed post belongs in the list being shown. */
function fitsList(post: PostCardData, params: BrowseParams, categoryId: string | undefined): boolean {
  // Whether a pushed card passes the filters is the server's to say (the card lacks its flags).
  if (params.search.trim() || params.filters) return false
  if (!params.category) return true
  return post.category?._id === categoryId
}

/**
 * Browse and search (docs/product-rules.md#browse): search box, sort, list/grid, category sidebar,
 * pagination, and a banner for commands shared while the page is open.
 */
export function BrowsePage({ params, onParamsChange }: BrowsePageProps) {
  const searchMode = params.search.trim() !== ''
  useDocumentTitle(searchMode ? `Search: ${params.search.trim()}` : 'Browse Commands')
  const toast = useToast()
  const queryClient = useQueryClient()
  const browse = useQuery({ ...browseQueryOptions(params), placeholderData: keepPreviousData })
  // Another query's list (and a new layout) renders in the background, the list before dimmed meanwhile.
  const shown = useDeferredList(browse.data, browse.isPlaceholderData ? undefined : browseQueryString(params))
  const data = shown.data
  const [layout, setLayout] = useState<'list' | 'grid'>('list')
  const listLayout = useDeferredValue(layout)
  // Every change of the query is a navigation in a transition, pending until the router has shown it.
  const [navigating, startNavigation] = useTransition()
  const busy = navigating || browse.isPlaceholderData || shown.behind || listLayout !== layout
  const searchBox = useRef<SearchBoxHandle>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const incoming = useIncomingPosts()
  const filters = readFilters(params.filters ?? {})
  const filterCount = countFilters(filters)
  const [panelOpen, setPanelOpen] = useState(false)
  const [sheetOpen, setSheetOpen] = useState(false)

  useLiveTopic('posts', browse.data?.liveId)

  // Arriving on Browse loads a fresh list; posts pushed while elsewhere are already in it or ranked away.
  useEffect(() => clearIncomingPosts(queryClient), [queryClient])

  // A link with malformed filters (a bad date, `minScore=abc`, tags in capitals) is put right in place.
  const rawFilters = JSON.stringify(params.filters ?? {})
  const cleanFilters = JSON.stringify(filterSearch(filters))
  useEffect(() => {
    if (rawFilters === cleanFilters) return
    const { filters: _raw, ...rest } = params
    const clean = JSON.parse(cleanFilters) as BrowseFilterSearch
    onParamsChange({ ...rest, ...(Object.keys(clean).length > 0 ? { filters: clean } : {}) })
  }, [rawFilters, cleanFilters, params, onParamsChange])

  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target))
        return
      event.preventDefault()
      searchBox.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const failed = browse.isError
  useEffect(() => {
    if (!failed) return
    toast({
      title: 'Error',
      message: searchMode ? 'Failed to load search results.' : 'Failed to load commands.',
      variant: 'destructive',
    })
  }, [failed, searchMode, toast])

  function change(next: BrowseParams, options?: { push?: boolean }): void {
    startNavigation(() => onParamsChange(next, options))
  }

  /** A trimmed term from the box, typed or submitted; '' leaves search mode. */
  function search(term: string): void {
    // New words are corrected again: "exact" was for the words the link named.
    const { exact: _exact, ...rest } = params
    change({ ...rest, search: term, page: 1 })
  }

  function changeSort(sort: BrowseSort): void {
    if (searchMode) return
    change({ ...params, sort, page: 1 })
  }

  function selectCategory(category: string): void {
    if (searchMode) return
    change({ ...params, category, page: 1 })
  }

  /** Applies filters (and, from the phone sheet, a category): a new history entry, page 1. */
  function applyFilters(next: BrowseFilters, category = params.category): void {
    const { filters: _dropped, ...rest } = params
    const filtered = countFilters(next) > 0 ? { filters: filterSearch(next) } : {}
    change({ ...rest, ...filtered, category, page: 1 }, { push: true })
  }

  function changePage(page: number): void {
    change({ ...params, page })
    listRef.current?.scrollIntoView?.({ block: 'start' })
  }

  const categories = data?.categories ?? []
  const selectedCategory = categories.find(
    (category) => category._id === params.category || category.slug === params.category,
  )
  // An old link names the category by id: the address shows its slug instead (the same list).
  const categorySlug = selectedCategory?.slug
  useEffect(() => {
    if (categorySlug && params.category !== categorySlug)
      onParamsChange({ ...params, category: categorySlug })
  }, [categorySlug, params, onParamsChange])

  const shownIds = new Set(data?.posts.map((post) => post._id) ?? [])
  const waiting = incoming.filter(
    (post) => !shownIds.has(post._id) && fitsList(post, params, selectedCategory?._id),
  )

  function showIncoming(): void {
    clearIncomingPosts(queryClient)
    // Refetching puts the new commands where the server ranks them; page 1 of "latest" shows them on top.
    void queryClient.invalidateQueries({ queryKey: postKeys.browses() })
    listRef.current?.scrollIntoView?.({ block: 'start' })
  }

  const heading = searchMode ? 'Search Results' : 'Browse Commands'
  const pagination = data?.pagination
  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <header className="flex flex-col gap-1 lg:col-span-2">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{heading}</h1>
          <Button
            variant="secondary"
            size="sm"
            className="lg:hidden"
            aria-haspopup="dialog"
            onClick={() => setSheetOpen(true)}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            Filters
            {filterCount + (params.category ? 1 : 0) > 0 ? (
              <span className="rounded-full bg-accent px-1.5 text-xs text-accent-fg">
                {filterCount + (params.category ? 1 : 0)}
              </span>
            ) : null}
          </Button>
        </div>
        {/* The count follows each new answer; polite, so typing is not interrupted. */}
        <div aria-live="polite">
          {data && (searchMode || selectedCategory || filterCount > 0) ? (
            <BrowseResultSummary
              data={data}
              categoryName={searchMode ? undefined : selectedCategory?.name}
              filtered={filterCount > 0}
            />
          ) : (
            <p className="text-sm text-muted">
              {searchMode
                ? `Commands matching "${params.search.trim()}"`
                : selectedCategory
                  ? `Commands in ${selectedCategory.name}`
                  : 'Discover commands shared by the community'}
            </p>
          )}
        </div>
      </header>

      <aside aria-label="Browse filters" className="order-last flex min-w-0 flex-col gap-4 lg:order-none">
        {/* Phones choose the category in the Filters sheet at the top instead. */}
        <div className="hidden lg:block">
          <CategorySidebar
            categories={categories}
            selected={params.category}
            disabled={searchMode}
            onSelect={selectCategory}
          />
        </div>
        <QuickActionsCard
          onClearFilters={() => {
            searchBox.current?.clear()
            change({ page: 1, search: '', category: '', sort: 'latest' })
          }}
        />
        <PopularCategoriesCard categories={categories} />
        <SearchTipsCard />
        <AdSlot page="BrowsePage" slot="ads2" variant="box" />
      </aside>

      <section aria-label={heading} className="flex min-w-0 flex-col gap-4">
        <Card className="flex flex-col gap-3 p-3 sm:p-4">
          <SearchBox ref={searchBox} search={params.search} searchMode={searchMode} onSearch={search} />
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-2 text-sm text-muted">
              Sort by
              <select
                value={params.sort}
                disabled={searchMode}
                aria-describedby={searchMode ? SEARCH_MODE_NOTE_ID : undefined}
                title={searchMode ? 'Search results are ranked by relevance' : undefined}
                onChange={(event) => changeSort(event.target.value as BrowseSort)}
                className="h-9 rounded-md border border-line bg-surface-2 px-2 text-sm text-fg disabled:opacity-55"
              >
                {BROWSE_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </label>
            {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not a form field group */}
            <div role="group" aria-label="Layout" className="flex rounded-md border border-line p-0.5">
              {(
                [
                  ['list', 'List view', List],
                  ['grid', 'Grid view', LayoutGrid],
                ] as const
              ).map(([value, label, Icon]) => (
                <button
                  key={value}
                  type="button"
                  aria-label={label}
                  aria-pressed={layout === value}
                  onClick={() => setLayout(value)}
                  className={cn(
                    'inline-flex size-8 items-center justify-center rounded',
                    layout === value ? 'bg-surface-3 text-fg' : 'text-muted hover:text-fg',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4" />
                </button>
              ))}
            </div>
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={panelOpen}
              onClick={() => setPanelOpen((open) => !open)}
              // Phones and tablets use the Filters button at the top (a sheet) instead.
              className="ml-auto aria-expanded:bg-surface-2 aria-expanded:text-fg max-lg:hidden"
            >
              <SlidersHorizontal aria-hidden="true" className="size-4" />
              Advanced Filters
              {filterCount > 0 ? (
                <span className="rounded-full bg-accent px-1.5 text-xs text-accent-fg">{filterCount}</span>
              ) : null}
            </Button>
          </div>
          {searchMode ? (
            <p id={SEARCH_MODE_NOTE_ID} className="text-xs text-muted">
              {SEARCH_MODE_NOTE}
            </p>
          ) : null}
          <ActiveFilterChips filters={filters} onChange={(next) => applyFilters(next)} />
        </Card>

        {panelOpen ? (
          <Card className="p-4 max-lg:hidden">
            <FilterPanel
              // A fresh draft whenever the applied filters change (chips, back/forward).
              key={JSON.stringify(filters)}
              value={filters}
              onApply={(next) => {
                applyFilters(next)
                setPanelOpen(false)
              }}
              className="lg:grid lg:grid-cols-2 lg:gap-x-6"
            />
          </Card>
        ) : null}

        {sheetOpen ? (
          <Dialog
            title="Filters"
            description="Narrow the commands listed."
            onClose={() => setSheetOpen(false)}
            className="max-w-lg self-start sm:self-center"
          >
            <SheetFilters
              categories={categories}
              category={params.category}
              categoryDisabled={searchMode}
              filters={filters}
              onApply={(next, category) => {
                applyFilters(next, category)
                setSheetOpen(false)
              }}
            />
          </Dialog>
        ) : null}

        {waiting.length > 0 ? (
          <button
            type="button"
            onClick={showIncoming}
            className="inline-flex items-center justify-center gap-2 self-center rounded-full border border-accent/60 bg-accent-soft px-4 py-1.5 text-sm font-medium text-accent-text shadow-panel hover:brightness-110"
          >
            <ArrowUp aria-hidden="true" className="size-4" />
            {formatCount(waiting.length)} new {nounFor(waiting.length, 'command')}
          </button>
        ) : null}

        <div ref={listRef} className="scroll-mt-24">
          {data ? (
            data.posts.length === 0 ? (
              <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center">
                <p className="font-mono text-sm text-accent-text">$ grep: no matches</p>
                <p className="text-lg font-semibold text-fg">
                  {filterCount > 0
                    ? 'No commands match these filters'
                    : searchMode
                      ? `No commands found for "${params.search.trim()}". Try different keywords.`
                      : 'No commands found'}
                </p>
                {filterCount > 0 ? (
                  <Button variant="secondary" size="sm" onClick={() => applyFilters(NO_FILTERS)}>
                    <X aria-hidden="true" className="size-4" />
                    Clear filters
                  </Button>
                ) : null}
              </Card>
            ) : (
              <PostList
                posts={data.posts}
                reacted={searchMode ? null : data.myReactedPosts}
                layout={listLayout}
                label="Commands"
                busy={busy}
              />
            )
          ) : failed ? (
            <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
              <p className="text-sm text-fg">
                {searchMode
                  ? 'Failed to search commands. Please try again.'
                  : 'The commands could not be loaded.'}
              </p>
              <Button variant="secondary" size="sm" onClick={() => void browse.refetch()}>
                Retry
              </Button>
            </Card>
          ) : (
            <Loading label="Loading commands..." />
          )}
        </div>

        {pagination && data && data.posts.length > 0 ? (
          <div className="flex flex-col items-center gap-3 pb-4">
            <Pagination page={pagination.page} totalPages={pagination.totalPages} onPageChange={changePage} />
            <p className="text-xs text-muted">
              Page {pagination.page} of {Math.max(1, pagination.totalPages)} ·{' '}
              {countOf(pagination.totalPosts, 'command')} in total
            </p>
          </div>
        ) : null}
        <AdSlot page="BrowsePage" slot="ads1" />
      </section>
    </div>
  )
}
