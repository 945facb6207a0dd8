import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { SearchBox } from './browse-search-box'

function renderBox(search = '') {
  const onSearch = vi.fn<(term: string) => void>()
  const view = render(<SearchBox search={search} searchMode={search.trim() !== ''} onSearch={onSearch} />)
  const rerender = (next: string) =>
    view.rerender(<SearchBox search={next} searchMode={next.trim() !== ''} onSearch={onSearch} />)
  return { box: screen.getByRole('searchbox', { name: 'Search commands' }), onSearch, rerender }
}

describe('SearchBox', () => {
  it('sends the trimmed term once the typing pauses', async () => {
    const { box, onSearch } = renderBox()
    await userEvent.type(box, ' tar ')
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('tar'))
    expect(onSearch).toHaveBeenCalledTimes(1)
  })

  it('keeps what was typed since when the URL catches up with an older term', async () => {
    const { box, onSearch, rerender } = renderBox()
    await userEvent.type(box, 'ta')
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('ta'))
    await userEvent.type(box, 'r')
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('tar'))

    // The URL shows the first term only now, after the second was sent.
    rerender('ta')
    expect(box).toHaveValue('tar')
    rerender('tar')
    expect(box).toHaveValue('tar')
    // Any other change of the URL (back, a link) puts the box to it.
    rerender('zip')
    expect(box).toHaveValue('zip')
    expect(onSearch).toHaveBeenCalledTimes(2)
  })

  it('sends an empty term from Clear, and a submitted one at once', async () => {
    const { box, onSearch } = renderBox('tar')
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(onSearch).toHaveBeenLastCalledWith('')
    expect(box).toHaveValue('')
    await userEvent.type(box, 'zip{Enter}')
    expect(onSearch).toHaveBeenLastCalledWith('zip')
  })
})
