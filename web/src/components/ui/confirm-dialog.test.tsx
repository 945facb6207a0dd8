import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from './confirm-dialog'

function Harness({ busy = false, onConfirm }: { busy?: boolean; onConfirm: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete thing
      </button>
      {open ? (
        <ConfirmDialog
          title="Delete this thing?"
          description="It cannot be undone."
          confirmLabel="Delete thing for good"
          busy={busy}
          onConfirm={onConfirm}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  )
}

describe('ConfirmDialog', () => {
  it('opens with Cancel focused, so Enter cancels, and returns focus to the opener', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    render(<Harness onConfirm={onConfirm} />)
    await user.click(screen.getByRole('button', { name: 'Delete thing' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this thing?' })
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.')
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onConfirm).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Delete thing' })).toHaveFocus()
  })

  it('calls onConfirm from the danger button', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    render(<Harness onConfirm={onConfirm} />)
    await user.click(screen.getByRole('button', { name: 'Delete thing' }))
    await user.click(screen.getByRole('button', { name: 'Delete thing for good' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  it('cannot be dismissed while busy', async () => {
    const user = userEvent.setup()
    render(<Harness busy onConfirm={vi.fn()} />)
    await user.click(screen.getByRole('button', { name: 'Delete thing' }))
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled()
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Delete this thing?' })).toBeInTheDocument()
  })
})
