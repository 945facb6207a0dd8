import { expect, test } from '@playwright/test'
import { freshAccount, registerThroughForm } from '../fixtures/accounts.ts'

// Two browsers: a visitor watching the home page sees Total Users rise when someone else signs up,
// without reloading.
test('a signup elsewhere updates the Total Users tile live', async ({ browser }) => {
  const watcherContext = await browser.newContext()
  const joinerContext = await browser.newContext()
  try {
    const watcher = await watcherContext.newPage()
    await watcher.goto('/')
    const tile = watcher.getByRole('group', { name: 'Total Users' })
    await expect(tile).toBeVisible()
    await expect(watcher.getByTestId('live-status')).toHaveAttribute('data-status', 'open')
    const before = Number((await tile.getByTestId('stat-value').textContent())?.replace(/\D/g, ''))

    const joiner = await joinerContext.newPage()
    await registerThroughForm(joiner, freshAccount('live'))

    await expect
      .poll(async () => Number((await tile.getByTestId('stat-value').textContent())?.replace(/\D/g, '')))
      .toBeGreaterThan(before)
  } finally {
    await watcherContext.close()
    await joinerContext.close()
  }
})
