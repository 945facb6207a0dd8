import { Search, X } from 'lucide-react'
import {
  type FormEvent,
  type Ref,
  useEffect,
  useEffectEvent,
  useImperativeHandle,
  useRef,
  useState,
} from 'react'
import { Button } from '../../../components/ui/button'
import { fieldClasses } from '../../../components/ui/input'
import { cn } from '../../../lib/cn'

/** How long typing pauses before the results follow it. */
export const SEARCH_DEBOUNCE_MS = 250

/** What Browse asks of the box: `/` focuses it, Clear Filters empties it. */
export interface SearchBoxHandle {
  focus: () => void
  /** Empties the box and forgets what was typed but not sent yet (the page leaves search mode itself). */
  clear: () => void
}

export interface SearchBoxProps {
  /** The URL's search term. */
  search: string
  /** Shows Clear. */
  searchMode: boolean
  /** Applies a trimmed term at page 1; '' leaves search mode (docs/product-rules.md#browse). */
  onSearch: (term: string) => void
  ref?: Ref<SearchBoxHandle>
}

/**
 * Browse's search form: results follow the typing once it pauses, Search applies the box at once, Clear
 * leaves search mode. The draft is the box's own state, so a key press renders the box and nothing else.
 */
export function SearchBox({ search, searchMode, onSearch, ref }: SearchBoxProps) {
  const [draft, setDraft] = useState(search)
  const input = useRef<HTMLInputElement>(null)
  // Terms sent that the URL has not shown yet, oldest first. The URL reaching one is the echo of typing;
  // putting the box back to it would drop what was typed since.
  const sent = useRef<string[]>([])

  // The box follows every other change of the URL's search (back/forward, a link, Clear Filters).
  useEffect(() => {
    const term = search.trim()
    const queue = sent.current
    const echo = queue.at(-1) === term ? queue.length - 1 : queue.indexOf(term)
    if (echo >= 0) {
      sent.current = queue.slice(echo + 1)
      return
    }
    sent.current = []
    setDraft(search)
  }, [search])

  function send(term: string): void {
    if (term !== search.trim()) sent.current.push(term)
    onSearch(term)
  }

  // What is already asked for (or shown) is not asked again, so a trailing space keeps the page.
  const sendTyped = useEffectEvent((term: string) => {
    if (term !== (sent.current.at(-1) ?? search.trim())) send(term)
  })
  useEffect(() => {
    const timer = setTimeout(() => sendTyped(draft.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [draft])

  useImperativeHandle(
    ref,
    () => ({
      focus: () => input.current?.focus(),
      clear: () => {
        // The page's own navigation leaves search mode; its echo is not to refill the box.
        sent.current = search.trim() ? [''] : []
        setDraft('')
      },
    }),
    [search],
  )

  function submit(event: FormEvent): void {
    event.preventDefault()
    // Any submit starts again at page 1, even of the term already shown.
    send(draft.trim())
  }

  function clear(): void {
    setDraft('')
    send('')
  }

  return (
    <form aria-label="Search commands" onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
      <div className="relative min-w-0 flex-1">
        <Search aria-hidden="true" className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
        <input
          ref={input}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-label="Search commands"
          placeholder="Search commands, descriptions or tags..."
          className={cn(fieldClasses, 'border-line pr-10 pl-9')}
        />
        <span
          aria-hidden="true"
          className="absolute top-1/2 right-3 hidden -translate-y-1/2 rounded border border-line-strong px-1.5 font-mono text-xs text-muted sm:block"
        >
          /
        </span>
      </div>
      <div className="flex gap-2">
        <Button type="submit" className="h-11 flex-1 sm:flex-none">
          <Search aria-hidden="true" className="size-4" />
          Search
        </Button>
        {searchMode ? (
          <Button variant="secondary" className="h-11 flex-1 sm:flex-none" onClick={clear}>
            <X aria-hidden="true" className="size-4" />
            Clear
          </Button>
        ) : null}
      </div>
    </form>
  )
}
