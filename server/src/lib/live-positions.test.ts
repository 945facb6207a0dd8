import { describe, expect, it } from 'vitest'
import { createLivePositions } from './live-positions.ts'

const TOPIC = 'post:1'

describe('live positions', () => {
  it('moves an answer to the last id heard after the one it was read with', () => {
    const positions = createLivePositions()
    positions.hear(TOPIC, '100')
    const mark = positions.mark()
    expect(positions.liveIdOf(TOPIC, '100', mark)).toBe('100')
    positions.hear(TOPIC, '101')
    positions.hear(TOPIC, '102')
    expect(positions.liveIdOf(TOPIC, '100', mark)).toBe('102')
    // Another topic's events say nothing of this one.
    positions.hear('post:2', '500')
    expect(positions.liveIdOf(TOPIC, '100', mark)).toBe('102')
    expect(positions.liveIdOf('post:2', '498', mark)).toBe('498')
  })

  it('never goes below the id read, nor counts an event before the bus numbered it', () => {
    const positions = createLivePositions()
    positions.hear(TOPIC, '100')
    // Read while this instance had not yet heard 101 and 102 (Redis ahead of its pub/sub).
    expect(positions.liveIdOf(TOPIC, '102', 0)).toBe('102')
    positions.hear(TOPIC, null)
    positions.hear(TOPIC, '101')
    expect(positions.liveIdOf(TOPIC, '102', 0)).toBe('102')
    positions.hear(TOPIC, '102')
    positions.hear(TOPIC, '103')
    expect(positions.liveIdOf(TOPIC, '102', 0)).toBe('103')
  })

  it("follows a topic's first events for an answer read before it had any ('0')", () => {
    const positions = createLivePositions()
    const mark = positions.mark()
    positions.hear(TOPIC, '1767000000000')
    positions.hear(TOPIC, '1767000000001')
    expect(positions.liveIdOf(TOPIC, '0', mark)).toBe('1767000000001')
  })

  it('keeps the id read across a gap, for answers loaded before it only', () => {
    const positions = createLivePositions()
    positions.hear(TOPIC, '100')
    const before = positions.mark()
    // 101 never arrived here: what it changed may be missing from answers loaded before 102.
    positions.hear(TOPIC, '102')
    const after = positions.mark()
    positions.hear(TOPIC, '103')
    expect(positions.liveIdOf(TOPIC, '100', before)).toBe('100')
    expect(positions.liveIdOf(TOPIC, '102', after)).toBe('103')
    // Ids that go backwards (a counter lost) are a new run too.
    positions.hear(TOPIC, '50')
    expect(positions.liveIdOf(TOPIC, '102', after)).toBe('102')
  })

  it('keeps the id read once its run is forgotten', () => {
    const positions = createLivePositions({ maxTopics: 1 })
    const mark = positions.mark()
    positions.hear(TOPIC, '100')
    positions.hear('post:2', '7')
    positions.hear(TOPIC, '101')
    expect(positions.liveIdOf(TOPIC, '99', mark)).toBe('99')
    const resumed = createLivePositions()
    resumed.hear(TOPIC, '100')
    const loaded = resumed.mark()
    resumed.forget()
    resumed.hear(TOPIC, '101')
    expect(resumed.liveIdOf(TOPIC, '0', loaded)).toBe('0')
  })

  it('stops an answer before an event its cache kept it through without taking it in', () => {
    const positions = createLivePositions()
    positions.hear('posts', '100')
    positions.hear('posts', '101')
    positions.missed('posts', '101')
    positions.hear('posts', '102')
    expect(positions.liveIdOf('posts', '99', 0)).toBe('100')
    expect(positions.liveIdOf('posts', '100', 0)).toBe('100')
    // Read after the miss: it is in the answer.
    expect(positions.liveIdOf('posts', '101', 0)).toBe('102')
  })

  it('serves an answer with its new id, and the same answer when the id did not move', () => {
    const positions = createLivePositions()
    const serving = positions.serving(
      (page: { liveId: string }) => ({ topic: TOPIC, liveId: page.liveId }),
      (page, liveId) => ({ ...page, liveId }),
    )
    const mark = serving.mark()
    const page = { liveId: '0' }
    expect(serving.serve(page, mark)).toBe(page)
    positions.hear(TOPIC, '1767000000000')
    expect(serving.serve(page, mark)).toEqual({ liveId: '1767000000000' })
    expect(page.liveId).toBe('0')
  })
})
