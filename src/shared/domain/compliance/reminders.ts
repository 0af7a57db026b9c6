/**
 * Email digests of due dates (ADR 025, reminders): the two moments an obligation is worth an email
 * to the person responsible for it: it entered its due-soon window, and it passed its due date.
 */
export const REMINDER_THRESHOLDS = ['due_soon', 'overdue'] as const;
export type ReminderThreshold = (typeof REMINDER_THRESHOLDS)[number];

/**
 * What became of a reminder: claimed by a run and being sent, accepted by the SMTP server, or not
 * sent (no one responsible, a deactivated user, no email address, or digests switched off).
 */
export const REMINDER_OUTCOMES = ['sending', 'sent', 'skipped'] as const;
export type ReminderOutcome = (typeof REMINDER_OUTCOMES)[number];
