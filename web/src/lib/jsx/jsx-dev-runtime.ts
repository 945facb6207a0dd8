// The development runtime of ./jsx-runtime.ts (the dev server and development builds).
import { Fragment, jsxDEV as reactJsxDev } from 'react/jsx-dev-runtime'
import { withInertMarks } from '../inert-until-started'

export type { JSX } from 'react/jsx-dev-runtime'
export { Fragment }

export const jsxDEV: typeof reactJsxDev = (type, props, key, isStatic, source, self) =>
  reactJsxDev(type, withInertMarks(type, props), key, isStatic, source, self)
