import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PageLocationContext, usePageLocation } from './page-location'

function Address() {
  const location = usePageLocation()
  return <p>{`${location.origin} ${location.href}`}</p>
}

describe('usePageLocation', () => {
  it("is the window's location in the browser", () => {
    render(<Address />)
    expect(screen.getByText(`${window.location.origin} ${window.location.href}`)).toBeInTheDocument()
  })

  it("is the request's address in the server's render", () => {
    render(
      <PageLocationContext.Provider
        value={{ origin: 'https://bashboard.dev', href: 'https://bashboard.dev/browse?x=1' }}
      >
        <Address />
      </PageLocationContext.Provider>,
    )
    expect(screen.getByText('https://bashboard.dev https://bashboard.dev/browse?x=1')).toBeInTheDocument()
  })
})
