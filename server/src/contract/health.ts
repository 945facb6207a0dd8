import { type Static, Type } from 'typebox'

/** GET /healthz and a ready GET /readyz. */
export const HealthResponse = Type.Object({ status: Type.Literal('ok') })
export type HealthResponse = Static<typeof HealthResponse>
