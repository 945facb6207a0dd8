// React's JSX runtime, with the controls of a page being taken over from the server marked unavailable
// (../inert-until-started.ts). vite.config.ts makes this the app's `jsxImportSource`; libraries keep
// React's own.
import { Fragment, jsx as reactJsx, jsxs as reactJsxs } from 'react/jsx-runtime'
import { withInertMarks } from '../inert-until-started'

export type { JSX } from 'react/jsx-runtime'
export { Fragment }

type Jsx = typeof reactJsx

export const jsx: Jsx = (type, props, key) => reactJsx(type, withInertMarks(type, props), key)
export const jsxs: Jsx = (type, props, key) => reactJsxs(type, withInertMarks(type, props), key)
