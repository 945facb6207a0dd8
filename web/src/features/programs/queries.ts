import type { ProgramResponse } from '@bashboard/server/contract'
import { queryOptions } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'

/** Query keys of program pages (the commands using one program). */
export const programKeys = {
  all: ['programs'] as const,
  page: (program: string, page: number) => [...programKeys.all, program.toLowerCase(), page] as const,
}

/** One page of the commands using `program`, best first (GET /api/programs/{program}). */
export function programQueryOptions(program: string, page: number) {
  return queryOptions({
    queryKey: programKeys.page(program, page),
    queryFn: ({ signal }) =>
      apiFetch<ProgramResponse>(`/api/programs/${encodeURIComponent(program)}?page=${page}`, {
        signal,
        fallbackMessage: 'Failed to load the commands',
      }),
  })
}
