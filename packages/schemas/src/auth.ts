import { z } from 'zod';
import { dateTimeOutput, idSchema, textInput, withoutNul } from './common.js';

const email = withoutNul(z.email().max(254));
const password = textInput(1024, { min: 8 });

/** Body of POST /api/auth/login. */
export const loginSchema = z.strictObject({ email: textInput(254), password: textInput(1024) }).meta({ id: 'Login' });

/** Body of POST /api/auth/refresh and /api/auth/logout. */
export const refreshSchema = z.strictObject({ refreshToken: textInput(512, { min: 1 }) }).meta({ id: 'Refresh' });

/** Body of POST /api/auth/register (and `tj user create`). */
export const registerSchema = z
  .strictObject({ email, name: textInput(100, { trim: true, min: 1 }), password })
  .meta({ id: 'Register' });

/** A user as returned. */
export const userSchema = z
  .object({ id: idSchema, email: z.string(), name: z.string(), createdAt: dateTimeOutput })
  .meta({ id: 'User' });

/** Response of login and refresh. */
export const tokenPairSchema = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string(),
    expiresIn: z.number().int().meta({ description: 'seconds until the access token expires (3600)' }),
    tokenType: z.literal('Bearer'),
    user: userSchema,
  })
  .meta({ id: 'TokenPair' });

/** Body of `tj user passwd` / a password change. */
export const passwordChangeSchema = z.strictObject({ password });

/** Validated registration body. */
export type Register = z.output<typeof registerSchema>;
/** Input of registration. */
export type RegisterInput = z.input<typeof registerSchema>;
/** Input of login. */
export type LoginInput = z.input<typeof loginSchema>;
/** User record as returned. */
export type User = z.output<typeof userSchema>;
/** Login and refresh response. */
export type TokenPair = z.output<typeof tokenPairSchema>;
