import { Search } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'

export interface ContentSearchFormProps {
  /** The text field's label ("Title or command", "Comment text", "Username or email"). */
  textLabel: string
  /** Whether to offer the author field (posts and comments; not users). */
  withAuthor: boolean
  onSearch: (values: { q: string; author: string }) => void
}

/** A search row for the console's lists; values are trimmed, empty means "any". */
export function ContentSearchForm({ textLabel, withAuthor, onSearch }: ContentSearchFormProps) {
  const [q, setQ] = useState('')
  const [author, setAuthor] = useState('')
  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    onSearch({ q: q.trim(), author: author.trim() })
  }
  return (
    <search>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <Input label={textLabel} value={q} onChange={(event) => setQ(event.target.value)} type="search" />
        </div>
        {withAuthor ? (
          <div className="min-w-0 sm:w-56">
            <Input
              label="Author"
              value={author}
              onChange={(event) => setAuthor(event.target.value)}
              placeholder="username"
              autoCapitalize="off"
              spellCheck={false}
            />
          </div>
        ) : null}
        <Button type="submit" className="h-11">
          <Search aria-hidden="true" className="size-4" />
          Search
        </Button>
      </form>
    </search>
  )
}
