import type { ApplicationDocCategory, UserApplicationResponse } from '@bashboard/server/contract'
import { APPLICATION_FORM_FIELDS } from '@bashboard/server/contract/values'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { applicationKeys } from './queries'
import { uploadForm } from './upload'

export interface SubmitApplicationInput {
  document: File
  coverLetter: string
  docCategory: ApplicationDocCategory
}

/**
 * POST /api/applications/create as multipart, with upload progress (0–1, null when idle). The answer is
 * the new application status, written straight into the page's query.
 */
export function useSubmitApplication() {
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<number | null>(null)
  const mutation = useMutation({
    mutationFn: ({ document, coverLetter, docCategory }: SubmitApplicationInput) => {
      const form = new FormData()
      // Text fields first: the server reads parts in order and can refuse a bad form before the file.
      form.append(APPLICATION_FORM_FIELDS.coverLetter, coverLetter)
      form.append(APPLICATION_FORM_FIELDS.docCategory, docCategory)
      form.append(APPLICATION_FORM_FIELDS.document, document, document.name)
      setProgress(0)
      return uploadForm<UserApplicationResponse>('/api/applications/create', form, {
        onProgress: setProgress,
        fallbackMessage: 'Failed to create application',
      })
    },
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.mine(), application)
    },
    onSettled: () => setProgress(null),
  })
  return { ...mutation, progress }
}
