import type { UserSuggestion } from '@bashboard/server/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { Avatar } from '../../../components/ui/avatar'
import { cn } from '../../../lib/cn'
import { userSuggestionsQueryOptions } from '../mention-api'
import type { MentionQuery } from '../mention-query'

/** The pause after a key press before asking the server: one request per pause, not per letter. */
const ASK_AFTER_MS = 150

function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return settled
}

/**
 * The members to offer for the mention being typed (none when `query` is null). The answer for the
 * last settled prefix is narrowed to the current one at once, so the list follows each key press
 * while the next answer is on its way.
 */
export function useMentionSuggestions(query: MentionQuery | null): UserSuggestion[] {
  const prefix = useDebounced(query?.prefix ?? null, ASK_AFTER_MS)
  const answer = useQuery({
    ...userSuggestionsQueryOptions(prefix ?? ''),
    enabled: prefix !== null,
    placeholderData: keepPreviousData,
  })
  const typed = query?.prefix.toLowerCase()
  const users = answer.data?.users
  return useMemo(
    () =>
      typed === undefined || !users
        ? []
        : users.filter((user) => user.username.toLowerCase().startsWith(typed)),
    [typed, users],
  )
}

export interface MentionListboxProps {
  id: string
  users: UserSuggestion[]
  active: number
  onPick: (user: UserSuggestion) => void
}

/** The id of option `index` of the listbox `listId`, for the field's `aria-activedescendant`. */
export const mentionOptionId = (listId: string, index: number) => `${listId}-option-${index}`

/**
 * The suggestions under the comment field. Focus stays in the field (the ARIA combobox pattern): the
 * active option is named by the field's `aria-activedescendant`, and a pointer press does not blur it.
 */
export function MentionListbox({ id, users, active, onPick }: MentionListboxProps) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Members to mention"
      className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-md border border-line-strong bg-surface py-1 shadow-panel sm:right-auto sm:min-w-64"
    >
      {users.map((user, index) => (
        // A click would blur the field first; keeping focus there keeps the caret where the name goes.
        // biome-ignore lint/a11y/useKeyWithClickEvents: the field's arrow keys, Enter and Tab pick options
        <div
          key={user.username}
          id={mentionOptionId(id, index)}
          role="option"
          // Never focused itself (the field keeps focus), but an option must be focusable.
          tabIndex={-1}
          aria-selected={index === active}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(user)}
          className={cn(
            'flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm text-fg',
            index === active ? 'bg-accent-soft text-accent-text' : 'hover:bg-surface-2',
          )}
        >
          <Avatar name={user.username} src={user.avatar} size="sm" />
          <span className="truncate font-medium">@{user.username}</span>
        </div>
      ))}
    </div>
  )
}
