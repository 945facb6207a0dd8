import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { TabList, tabElementId } from './tabs'

const TABS = [
  { id: 'one', label: 'One', count: 3 },
  { id: 'two', label: 'Two' },
  { id: 'three', label: 'Three' },
] as const

function Harness({ panelId }: { panelId?: (id: string) => string }) {
  const [active, setActive] = useState<(typeof TABS)[number]['id']>('one')
  return (
    <>
      <TabList
        label="Sections"
        idPrefix="demo"
        variant="underline"
        tabs={TABS}
        active={active}
        onChange={setActive}
        {...(panelId ? { panelId } : {})}
      />
      <div role="tabpanel" aria-labelledby={tabElementId('demo', active)}>
        panel {active}
      </div>
    </>
  )
}

describe('TabList', () => {
  it('keeps one tab in the Tab order and links each tab to its panel', () => {
    render(<Harness />)
    const one = screen.getByRole('tab', { name: /One/ })
    expect(one).toHaveAttribute('aria-selected', 'true')
    expect(one).toHaveAttribute('tabindex', '0')
    expect(one).toHaveAttribute('aria-controls', 'demo-panel-one')
    expect(one).toHaveTextContent('3')
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('tabindex', '-1')
    expect(screen.getByRole('tabpanel', { name: /One/ })).toHaveTextContent('panel one')
  })

  it('moves and selects with the arrow keys (wrapping), Home and End', async () => {
    render(<Harness />)
    const events = userEvent.setup()
    await events.click(screen.getByRole('tab', { name: /One/ }))
    await events.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus()
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveAttribute('aria-selected', 'true')
    await events.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: /One/ })).toHaveFocus()
    await events.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus()
    await events.keyboard('{Home}')
    expect(screen.getByRole('tab', { name: /One/ })).toHaveAttribute('aria-selected', 'true')
    await events.click(screen.getByRole('tab', { name: 'Two' }))
    expect(screen.getByRole('tabpanel')).toHaveTextContent('panel two')
  })

  it('lets every tab control one shared panel', () => {
    render(<Harness panelId={() => 'shared-panel'} />)
    for (const tab of screen.getAllByRole('tab')) expect(tab).toHaveAttribute('aria-controls', 'shared-panel')
  })
})
