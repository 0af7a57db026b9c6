import { z } from 'zod';

/**
 * GET/PUT /api/account/email-digest: whether this server sends email at all (SMTP_URL), and whether
 * the signed-in user wants the digests of their inspections falling due (on unless they said no).
 */
export const emailDigestSchema = z.object({
  smtpConfigured: z.boolean(),
  enabled: z.boolean(),
});
export type EmailDigest = z.infer<typeof emailDigestSchema>;

export const updateEmailDigestSchema = z.strictObject({
  enabled: z.boolean({ error: 'Choose on or off' }),
});
export type UpdateEmailDigest = z.infer<typeof updateEmailDigestSchema>;
