import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useDeferredList } from './use-deferred-list'

/** Logs what each render drew: the list's name, and `*` while it is behind. */
function Lists({ data, owner, log }: { data: string; owner: string | undefined; log: string[] }) {
  const shown = useDeferredList(data, owner)
  log.push(shown.behind ? `${shown.data}*` : shown.data)
  return null
}

function renderLists() {
  const log: string[] = []
  const view = render(<Lists data="A" owner="a" log={log} />)
  const draw = (data: string, owner: string | undefined) => {
    log.length = 0
    view.rerender(<Lists data={data} owner={owner} log={log} />)
    return [...new Set(log)]
  }
  return draw
}

describe('useDeferredList', () => {
  it("draws another query's list in a later render, the one before meanwhile", () => {
    const draw = renderLists()
    // The next query is loading: its placeholder is the list on screen.
    expect(draw('A', undefined)).toEqual(['A'])
    expect(draw('B', 'b')).toEqual(['A*', 'B'])
    // Another query again, whose placeholder (B) was drawn: still drawn after the list before.
    expect(draw('B', undefined)).toEqual(['B'])
    expect(draw('C', 'c')).toEqual(['B*', 'C'])
  })

  it('draws a change of the list shown (a vote, a live count) at once', () => {
    const draw = renderLists()
    expect(draw('A with a vote', 'a')).toEqual(['A with a vote'])
  })
})
