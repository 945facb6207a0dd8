import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import { MAX_TOASTS, pushToastAtom, toastsAtom } from './toast'

describe('toasts', () => {
  it('keeps at most MAX_TOASTS, dropping the oldest', () => {
    const store = createStore()
    for (let index = 1; index <= MAX_TOASTS + 2; index += 1) store.set(pushToastAtom, { title: `T${index}` })
    expect(store.get(toastsAtom).map((toast) => toast.title)).toEqual(['T3', 'T4', 'T5', 'T6'])
  })

  it('replaces the toast with the same key instead of stacking another', () => {
    const store = createStore()
    store.set(pushToastAtom, { title: 'New upvotes', message: '2 new upvotes', key: 'notification:1' })
    store.set(pushToastAtom, { title: 'Other' })
    store.set(pushToastAtom, { title: 'New upvotes', message: '3 new upvotes', key: 'notification:1' })
    expect(store.get(toastsAtom).map((toast) => toast.message)).toEqual([undefined, '3 new upvotes'])
  })
})
