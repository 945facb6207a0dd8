import type { UserSuggestion } from '@bashboard/server/contract'
import { countOf } from '@bashboard/server/contract/plurals'
import {
  type KeyboardEvent,
  type Ref,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { insertMention, type MentionQuery, mentionAt } from '../mention-query'
import { MentionListbox, mentionOptionId, useMentionSuggestions } from './mention-autocomplete'

export interface CommentEditorProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'defaultValue'> {
  value: string
  onValueChange: (value: string) => void
  /** What Ctrl+Enter does, for the hint under the field ("post", "save"). */
  submitVerb: string
  ref?: Ref<HTMLTextAreaElement>
}

/**
 * A comment form's text field: Ctrl+Enter (⌘+Enter on a Mac) submits its form, and typing `@` and the
 * start of a name offers members to mention, picked with the arrow keys and Enter or Tab (Escape
 * closes the list). The field keeps its textbox role, multi-line, and takes the combobox pattern's
 * attributes (`aria-autocomplete`, `aria-controls`, `aria-activedescendant`); `aria-expanded` is not
 * allowed on a textbox, so a status line says how many members match instead.
 */
export function CommentEditor({
  value,
  onValueChange,
  submitVerb,
  ref,
  onKeyDown,
  onBlur,
  onFocus,
  className,
  ...field
}: CommentEditorProps) {
  const listId = useId()
  const hintId = useId()
  const own = useRef<HTMLTextAreaElement | null>(null)
  const [caret, setCaret] = useState<number | null>(null)
  const [focused, setFocused] = useState(false)
  const [active, setActive] = useState(0)
  // Escape closes the list for the mention at this position, until another one is started.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null)
  const pendingCaret = useRef<number | null>(null)

  const query: MentionQuery | null = focused && caret !== null ? mentionAt(value, caret) : null
  const users = useMentionSuggestions(query && query.start !== dismissedAt ? query : null)
  const open = query !== null && query.start !== dismissedAt && users.length > 0
  const activeIndex = Math.min(active, Math.max(users.length - 1, 0))

  const typing = query !== null
  // Once the mention is left (a space, the caret elsewhere), Escape's dismissal is forgotten.
  useEffect(() => {
    if (!typing) setDismissedAt(null)
  }, [typing])

  // A new list starts at its first member.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the prefix is what makes a new list
  useEffect(() => setActive(0), [query?.prefix])

  // After a pick, the caret goes after the inserted name once React has put the new text in.
  useLayoutEffect(() => {
    const position = pendingCaret.current
    const element = own.current
    if (position === null || !element || element.value !== value) return
    pendingCaret.current = null
    element.setSelectionRange(position, position)
    setCaret(position)
  }, [value])

  function setRefs(element: HTMLTextAreaElement | null): void {
    own.current = element
    if (typeof ref === 'function') ref(element)
    else if (ref) ref.current = element
  }

  function pick(user: UserSuggestion): void {
    if (!query) return
    const next = insertMention(value, query, user.username)
    pendingCaret.current = next.caret
    onValueChange(next.text)
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      event.currentTarget.form?.requestSubmit()
      return
    }
    if (open && !event.nativeEvent.isComposing) {
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        const step = event.key === 'ArrowDown' ? 1 : -1
        setActive((activeIndex + step + users.length) % users.length)
        return
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && plain) {
        event.preventDefault()
        const user = users[activeIndex]
        if (user) pick(user)
        return
      }
      if (event.key === 'Escape') {
        // Closes the list only: a reply form around the field must not close with it.
        event.preventDefault()
        event.stopPropagation()
        setDismissedAt(query?.start ?? null)
        return
      }
    }
    onKeyDown?.(event)
  }

  const describedBy = [field['aria-describedby'], hintId].filter(Boolean).join(' ')
  return (
    <div className="flex flex-col gap-1.5">
      <div className="relative">
        <textarea
          {...field}
          ref={setRefs}
          value={value}
          className={className}
          aria-describedby={describedBy}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? mentionOptionId(listId, activeIndex) : undefined}
          onChange={(event) => {
            onValueChange(event.target.value)
            setCaret(event.target.selectionStart)
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={keyDown}
          onFocus={(event) => {
            setFocused(true)
            setCaret(event.currentTarget.selectionStart)
            onFocus?.(event)
          }}
          onBlur={(event) => {
            setFocused(false)
            onBlur?.(event)
          }}
        />
        {open ? <MentionListbox id={listId} users={users} active={activeIndex} onPick={pick} /> : null}
      </div>
      <p role="status" className="sr-only">
        {open
          ? `${countOf(users.length, 'member')} found: up and down arrows to choose, Enter to insert.`
          : ''}
      </p>
      <p id={hintId} className="text-xs text-muted">
        <kbd className="font-mono">Ctrl+Enter</kbd> or <kbd className="font-mono">⌘+Enter</kbd> to{' '}
        {submitVerb}
        {' · '}
        <code className="font-mono">`code`</code> and <code className="font-mono">```</code> blocks
        {' · '}@ to mention
      </p>
    </div>
  )
}
