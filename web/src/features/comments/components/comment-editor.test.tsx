import type { UserSuggestResponse } from '@bashboard/server/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../../router'
import { mockApi } from '../../../test/mock-api'
import { CommentEditor } from './comment-editor'

const MEMBERS = ['ada', 'Adam', 'adrian_k', 'grace']

/** The suggest endpoint as the server answers it: names starting with the prefix, ignoring case. */
function mockSuggestions() {
  return mockApi({
    'GET /api/users/suggest': (request) => {
      const prefix = (request.query.get('prefix') ?? '').toLowerCase()
      const users = MEMBERS.filter((name) => name.toLowerCase().startsWith(prefix)).map((username) => ({
        username,
        avatar: null,
      }))
      return { status: 200, body: { users } satisfies UserSuggestResponse }
    },
  })
}

function renderEditor(onSubmit = vi.fn(), onFormEscape = vi.fn()) {
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false } })
  function Form() {
    const [value, setValue] = useState('')
    return (
      <form
        aria-label="Comment"
        // As the reply form does: Escape closes it, so the list's Escape must not reach it.
        onKeyDown={(event) => {
          if (event.key === 'Escape') onFormEscape()
        }}
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit(value)
        }}
      >
        <label htmlFor="field">Your comment</label>
        <CommentEditor id="field" value={value} onValueChange={setValue} submitVerb="post" />
      </form>
    )
  }
  render(
    <QueryClientProvider client={queryClient}>
      <Form />
    </QueryClientProvider>,
  )
  return {
    field: screen.getByRole('textbox', { name: 'Your comment' }) as HTMLTextAreaElement,
    onSubmit,
    onFormEscape,
  }
}

/** The names as listed (each option's last part: its avatar's initials come first and are hidden). */
const optionNames = () => screen.getAllByRole('option').map((option) => option.lastElementChild?.textContent)

describe('CommentEditor', () => {
  it('suggests members for `@` and a prefix, and the arrow keys and Enter insert one', async () => {
    const requests = mockSuggestions()
    const user = userEvent.setup()
    const { field } = renderEditor()

    await user.type(field, 'thanks @ad')

    const listbox = await screen.findByRole('listbox', { name: 'Members to mention' })
    expect(optionNames()).toEqual(['@ada', '@Adam', '@adrian_k'])
    expect(field).toHaveAttribute('aria-controls', listbox.id)
    expect(field).toHaveAttribute('aria-autocomplete', 'list')
    const [first, second] = screen.getAllByRole('option')
    expect(first).toHaveAttribute('aria-selected', 'true')
    expect(field).toHaveAttribute('aria-activedescendant', first?.id)
    // One request per pause in typing, with the prefix as typed.
    expect(
      requests.filter((request) => request.path === '/api/users/suggest').map((r) => r.query.get('prefix')),
    ).toEqual(['ad'])

    await user.keyboard('{ArrowDown}')
    expect(second).toHaveAttribute('aria-selected', 'true')
    expect(field).toHaveAttribute('aria-activedescendant', second?.id)
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')

    expect(field.value).toBe('thanks @Adam ')
    expect(field.selectionStart).toBe('thanks @Adam '.length)
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(field).not.toHaveAttribute('aria-activedescendant')
  })

  it('narrows the list as more is typed, and Tab picks too', async () => {
    mockSuggestions()
    const user = userEvent.setup()
    const { field } = renderEditor()

    await user.type(field, '@a')
    await screen.findByRole('listbox')
    await user.type(field, 'dr')
    await waitFor(() => expect(optionNames()).toEqual(['@adrian_k']))
    await user.keyboard('{Tab}')

    expect(field.value).toBe('@adrian_k ')
    expect(field).toHaveFocus()
  })

  it('closes the list on Escape (not the form around it) and keeps the text; Enter then makes a new line', async () => {
    mockSuggestions()
    const user = userEvent.setup()
    const { field, onFormEscape } = renderEditor()

    await user.type(field, '@gr')
    await screen.findByRole('listbox')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(onFormEscape).not.toHaveBeenCalled()
    await user.keyboard('{Enter}')
    expect(field.value).toBe('@gr\n')
    // With the list closed, Escape is the form's again.
    await user.keyboard('{Escape}')
    expect(onFormEscape).toHaveBeenCalledTimes(1)
  })

  it('picks a member with the pointer', async () => {
    mockSuggestions()
    const user = userEvent.setup()
    const { field } = renderEditor()

    await user.type(field, 'cc @g')
    await user.click(await screen.findByRole('option', { name: '@grace' }))

    expect(field.value).toBe('cc @grace ')
    expect(field).toHaveFocus()
  })

  it('suggests nobody inside code', async () => {
    const requests = mockSuggestions()
    const user = userEvent.setup()
    const { field } = renderEditor()

    await user.type(field, 'see `@ad')
    // Longer than the pause before asking: no request went out.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(requests.filter((request) => request.path === '/api/users/suggest')).toEqual([])
  })

  it('submits its form with Ctrl+Enter or ⌘+Enter, and says so under the field', async () => {
    mockSuggestions()
    const user = userEvent.setup()
    const { field, onSubmit } = renderEditor()
    expect(field).toHaveAccessibleDescription(/Ctrl\+Enter or ⌘\+Enter to post/)

    await user.type(field, 'first line{Control>}{Enter}{/Control}')
    expect(onSubmit).toHaveBeenLastCalledWith('first line')
    await user.type(field, ' more{Meta>}{Enter}{/Meta}')
    expect(onSubmit).toHaveBeenLastCalledWith('first line more')
    expect(onSubmit).toHaveBeenCalledTimes(2)
    // Ctrl+Enter adds no line break of its own.
    expect(field.value).toBe('first line more')
  })
})
