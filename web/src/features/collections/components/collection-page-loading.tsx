/**
 * The collection page while it loads: the header card and three cards in their final sizes, so nothing
 * moves when the data arrives.
 */
export function CollectionPageLoading() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <span role="status" className="sr-only">
        Loading collection
      </span>
      <div
        aria-hidden="true"
        className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-5 sm:p-6"
      >
        <div className="h-4 w-20 animate-pulse rounded bg-surface-3" />
        <div className="h-8 w-2/3 animate-pulse rounded bg-surface-3" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-surface-2" />
        <div className="h-4 w-full animate-pulse rounded bg-surface-2" />
        <div className="flex gap-2 border-t border-line pt-4">
          <div className="h-8 w-24 animate-pulse rounded-md bg-surface-2" />
          <div className="h-8 w-28 animate-pulse rounded-md bg-surface-2" />
        </div>
      </div>
      <CollectionCardsSkeleton count={3} />
    </div>
  )
}

/** Placeholder cards the size of a kept command's card. */
export function CollectionCardsSkeleton({ count }: { count: number }) {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-3">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={index} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
          <div className="h-5 w-1/2 animate-pulse rounded bg-surface-3" />
          <div className="h-4 w-1/3 animate-pulse rounded bg-surface-2" />
          <div className="h-[3.25rem] animate-pulse rounded-lg bg-terminal" />
          <div className="h-8 w-20 animate-pulse rounded-md bg-surface-2" />
        </li>
      ))}
    </ul>
  )
}
