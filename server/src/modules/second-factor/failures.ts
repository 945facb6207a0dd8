import type { FastifyRequest } from 'fastify'
import type { LoginFailureGuard } from '../../infra/rate-limit.ts'
import type { CodeFailures } from './service.ts'

/**
 * A member's second-factor failure budget for one request: the login failure guard's `second-factor`
 * subject (per member and network, then per member from all networks; infra/rate-limit.ts), so a
 * wrong code counts as a failed sign-in whichever name the password step was typed with.
 */
export function codeFailuresOf(
  guard: LoginFailureGuard,
  request: FastifyRequest,
  userId: string,
): CodeFailures {
  const subject = { kind: 'second-factor', userId } as const
  return {
    assertAllowed: () => guard.assertAllowed(request, subject),
    recordFailure: () => guard.recordFailure(request, subject),
    recordSuccess: () => guard.recordSuccess(request, subject),
  }
}
