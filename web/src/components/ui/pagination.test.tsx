import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Pagination, pageWindow } from './pagination'

describe('pageWindow', () => {
  it('keeps at most 5 pages around the current one, shifted to stay inside the range', () => {
    expect(pageWindow(1, 2)).toEqual([1, 2])
    expect(pageWindow(2, 3)).toEqual([1, 2, 3])
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7])
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12])
    expect(pageWindow(1, 0)).toEqual([])
  })
})

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onPageChange={() => {}} />)
    expect(container).toBeEmptyDOMElement()
  })

  it('marks the current page, disables Previous on the first page and reports clicks', async () => {
    const onPageChange = vi.fn()
    render(<Pagination page={1} totalPages={7} onPageChange={onPageChange} label="Blog pages" />)
    const nav = screen.getByRole('navigation', { name: 'Blog pages' })
    expect(nav).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    expect(screen.queryByRole('button', { name: 'Page 6' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }))
    expect(onPageChange.mock.calls).toEqual([[2], [4]])
  })
})
