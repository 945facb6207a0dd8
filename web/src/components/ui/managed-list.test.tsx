import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { RowActions } from './managed-list'

describe('RowActions', () => {
  it('asks before deleting, and Cancel keeps the item', async () => {
    const onDelete = vi.fn(async () => {})
    const onEdit = vi.fn()
    render(
      <RowActions name="Hello" onEdit={onEdit} onDelete={onDelete} deleting={false}>
        <button type="button">Pause Hello</button>
      </RowActions>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Edit Hello' }))
    expect(onEdit).toHaveBeenCalledOnce()
    expect(screen.getByRole('button', { name: 'Pause Hello' })).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Delete Hello' }))
    expect(screen.queryByRole('button', { name: 'Edit Hello' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onDelete).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Delete Hello' })).toBeInTheDocument()
  })

  it('deletes on Confirm delete and shows the normal buttons again once the delete settles', async () => {
    let settle: () => void = () => {}
    const onDelete = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)))
    render(<RowActions name="Hello" onEdit={() => {}} onDelete={onDelete} deleting={false} />)
    await userEvent.click(screen.getByRole('button', { name: 'Delete Hello' }))
    await userEvent.click(screen.getByRole('button', { name: 'Confirm delete' }))
    expect(onDelete).toHaveBeenCalledOnce()
    expect(screen.getByRole('button', { name: 'Confirm delete' })).toBeInTheDocument()
    settle()
    expect(await screen.findByRole('button', { name: 'Delete Hello' })).toBeInTheDocument()
  })
})
