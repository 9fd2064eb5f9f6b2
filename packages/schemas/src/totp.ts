import { z } from 'zod';
import { textInput } from './common.js';

/** A one-time code: six digits from the authenticator app, or an unused recovery code. */
const code = textInput(64, { trim: true, min: 1 }).meta({
  description: 'the six digits the authenticator app shows, or one unused recovery code (xxxx-xxxx-xxxx-xxxx)',
});

/** Body of POST /api/auth/login/otp: the second step of a login that answered 401 `otp_required`. */
export const otpLoginSchema = z
  .strictObject({
    otpToken: textInput(2048, { min: 1 }).meta({
      description: 'the `otpToken` of the 401 otp_required answer (valid 5 minutes)',
    }),
    code,
  })
  .meta({ id: 'OtpLogin' });

/** Body of POST /api/auth/totp/confirm and /api/auth/totp/disable. */
export const otpCodeSchema = z.strictObject({ code }).meta({ id: 'OtpCode' });

/** Answer of GET /api/auth/totp. */
export const totpStatusSchema = z
  .object({
    enabled: z.boolean(),
    pending: z.boolean().meta({ description: 'an enrolment was started but not confirmed with a code yet' }),
    recoveryCodesLeft: z.number().int(),
  })
  .meta({ id: 'TotpStatus' });

/** Answer of POST /api/auth/totp: a new secret to put into an authenticator app. */
export const totpEnrolmentSchema = z
  .object({
    secret: z.string().meta({ description: 'base32 secret, for typing into an authenticator app' }),
    otpauthUri: z.string().meta({ description: 'otpauth:// URI (SHA1, 6 digits, 30 s): render it as a QR code' }),
  })
  .meta({ id: 'TotpEnrolment' });

/** Answer of POST /api/auth/totp/confirm: the recovery codes, shown only here. */
export const totpEnabledSchema = z
  .object({
    enabled: z.literal(true),
    recoveryCodes: z
      .array(z.string())
      .meta({ description: 'ten single-use codes for when the authenticator is lost; shown only here' }),
  })
  .meta({ id: 'TotpEnabled' });

/** TOTP status. */
export type TotpStatus = z.output<typeof totpStatusSchema>;
/** A started enrolment. */
export type TotpEnrolment = z.output<typeof totpEnrolmentSchema>;
/** A confirmed enrolment with its recovery codes. */
export type TotpEnabled = z.output<typeof totpEnabledSchema>;
/** Input of the second login step: the `otpToken` of an `otp_required` answer and a code. */
export type OtpLoginInput = z.input<typeof otpLoginSchema>;
