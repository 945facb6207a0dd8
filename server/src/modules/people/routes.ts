import { ErrorResponse } from '../../contract/common.ts'
import {
  AVATAR_MAX_BYTES,
  IMAGE_MESSAGES,
  UpdateAvatarResponse,
  UpdateUserBody,
  UpdateUserResponse,
  UserProfile,
} from '../../contract/people.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { requireAuth } from '../../infra/auth.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import {
  BadRequestError,
  InvalidError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../lib/errors.ts'
import { UNSUPPORTED_IMAGE_MESSAGE } from '../../lib/images.ts'
import { asSeenByCaller, toProfileHeader } from '../accounts/presenter.ts'
import {
  CURRENT_PASSWORD_INCORRECT,
  changePassword,
  getProfile,
  setAvatar,
  updateProfile,
} from './service.ts'

export const AVATAR_TOO_LARGE = IMAGE_MESSAGES.tooLarge
export const AVATAR_FIELD_MISSING = 'Please choose an image to upload'

const errors = { 400: ErrorResponse, 401: ErrorResponse }

/** Wrong current passwords are counted like failed logins, with the login guard's budgets, per user. */
const passwordChange = (userId: string) => ({ kind: 'password-change', userId }) as const

/** The member's own profile, settings updates and avatar. */
export const peopleRoutes = modulePlugin('people', [AFTER_WRITES_PLUGIN], async (app) => {
  app.get(
    '/api/website/user/profile',
    {
      config: { access: 'member', tokenScope: 'read' },
      schema: { response: { 200: UserProfile, ...errors } },
    },
    async (request) => {
      const auth = requireAuth(request)
      return asSeenByCaller(await getProfile(app.db, auth.id), auth)
    },
  )

  app.put(
    '/api/users',
    {
      config: { access: 'member' },
      schema: {
        body: UpdateUserBody,
        response: {
          200: UpdateUserResponse,
          409: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
          ...errors,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      const body = request.body
      if ('username' in body) {
        const user = await updateProfile({ db: app.db, events: app.domainEvents }, auth.id, body)
        return toProfileHeader(user)
      }

      // Guessing the current password from a stolen session is limited like login guesses.
      await app.loginFailures.assertAllowed(request, passwordChange(auth.id))
      try {
        const user = await changePassword({ db: app.db, events: app.domainEvents }, auth.id, body)
        const token = app.issueToken(user)
        return { ...toProfileHeader(user), token: token.token, expiresAt: token.expiresAt.toISOString() }
      } catch (error) {
        if (error instanceof InvalidError && error.message === CURRENT_PASSWORD_INCORRECT) {
          await app.loginFailures.recordFailure(request, passwordChange(auth.id))
        }
        throw error
      }
    },
  )

  app.put(
    '/api/users/avatar',
    {
      config: { access: 'member' },
      schema: {
        response: {
          200: UpdateAvatarResponse,
          413: ErrorResponse,
          415: ErrorResponse,
          422: ErrorResponse,
          ...errors,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      if (!request.isMultipart()) throw new UnsupportedMediaTypeError(UNSUPPORTED_IMAGE_MESSAGE)
      const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES } })
      if (file?.fieldname !== 'image') throw new BadRequestError(AVATAR_FIELD_MISSING)
      let bytes: Buffer
      try {
        bytes = await file.toBuffer()
      } catch (error) {
        // Busboy stops at the limit and the plugin reports it; the user sees the spec's message.
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new PayloadTooLargeError(AVATAR_TOO_LARGE)
        }
        throw error
      }
      if (file.file.truncated) throw new PayloadTooLargeError(AVATAR_TOO_LARGE)
      const user = await setAvatar({ db: app.db, files: app.files, events: app.domainEvents }, auth.id, bytes)
      return toProfileHeader(user)
    },
  )
})
