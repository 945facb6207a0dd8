import { atom } from 'jotai'
import type { LiveStatus } from './types'

/** The state of this tab's live socket (UI state only; written by LiveProvider). */
export const liveStatusAtom = atom<LiveStatus>('connecting')
