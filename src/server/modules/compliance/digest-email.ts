import type { ReminderThreshold } from '../../../shared/domain/compliance/reminders';

/** One obligation in a digest: what is due, where, and the page to open. */
export interface DigestItem {
  obligationId: string;
  threshold: ReminderThreshold;
  dueOn: string;
  regime: string;
  assetId: string | null;
  assetCode: string | null;
  locationId: string;
  locationName: string;
  locationPath: string;
}

export interface DigestEmail {
  subject: string;
  text: string;
  html: string;
}

const THRESHOLD_HEADINGS: Record<ReminderThreshold, string> = { overdue: 'Now overdue', due_soon: 'Due soon' };
const THRESHOLD_LABELS: Record<ReminderThreshold, string> = { overdue: 'Overdue', due_soon: 'Due soon' };

// A DATE read at UTC midnight and formatted in UTC: the day never moves.
const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const formatDueOn = (dueOn: string) => DATE_FORMAT.format(new Date(`${dueOn}T00:00:00Z`));

/** Names, codes and paths are what users typed: every one goes through this on its way into the HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The asset's page (its Compliance tab is one click on), or the location's Compliance tab. */
export function itemPath(item: Pick<DigestItem, 'assetId' | 'locationId'>): string {
  return item.assetId ? `/assets/${item.assetId}` : `/locations/${item.locationId}?tab=compliance`;
}

/**
 * The digest one person gets in one run: the obligations they answer for that have newly become
 * overdue or due soon, overdue first and soonest due first; `more` counts those left out past the cap
 * (the compliance work list has them all). Plain text and a simple HTML part with the same content.
 */
export function digestEmail(input: { fullName: string; items: DigestItem[]; more: number; publicUrl: string }): DigestEmail {
  const { fullName, items, more, publicUrl } = input;
  const counts = { overdue: 0, due_soon: 0 };
  for (const item of items) counts[item.threshold] += 1;
  const total = items.length + more;
  const parts = [counts.overdue > 0 && `${counts.overdue} now overdue`, counts.due_soon > 0 && `${counts.due_soon} due soon`].filter(Boolean);
  const subject = more > 0 ? `Inspections falling due: ${total} for you` : `Inspections falling due: ${parts.join(', ')}`;
  const groups = (['overdue', 'due_soon'] as const).map((threshold) => ({ threshold, items: items.filter((i) => i.threshold === threshold) })).filter((g) => g.items.length > 0);
  const what = (item: DigestItem) => (item.assetCode ? `${item.assetCode} at ${item.locationName}` : item.locationName);
  const worklist = `${publicUrl}/compliance`;
  const account = `${publicUrl}/account`;

  const text = [
    `Hello ${fullName},`,
    '',
    `${total === 1 ? 'An inspection you are responsible for has' : `${total} inspections you are responsible for have`} newly fallen due.`,
    ...groups.flatMap((group) => [
      '',
      `${THRESHOLD_HEADINGS[group.threshold]}:`,
      ...group.items.flatMap((item) => [
        `- ${item.regime}: ${what(item)}`,
        `  Due ${formatDueOn(item.dueOn)} (${THRESHOLD_LABELS[item.threshold]}). ${item.locationPath}`,
        `  ${publicUrl}${itemPath(item)}`,
      ]),
    ]),
    ...(more > 0 ? ['', `And ${more} more: ${worklist}`] : []),
    '',
    `You get this email because inspections are assigned to you in Asset Register. Turn these emails off on your account page: ${account}`,
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; font-size: 14px; color: #111">',
    `<p>Hello ${e(fullName)},</p>`,
    `<p>${total === 1 ? 'An inspection you are responsible for has' : `${total} inspections you are responsible for have`} newly fallen due.</p>`,
    ...groups.flatMap((group) => [
      `<h2 style="font-size: 16px">${THRESHOLD_HEADINGS[group.threshold]}</h2>`,
      '<ul>',
      ...group.items.map(
        (item) =>
          `<li style="margin-bottom: 8px"><a href="${e(publicUrl + itemPath(item))}">${e(item.regime)}: ${e(what(item))}</a><br>` +
          `Due ${formatDueOn(item.dueOn)} (${THRESHOLD_LABELS[item.threshold]}). <span style="color: #555">${e(item.locationPath)}</span></li>`,
      ),
      '</ul>',
    ]),
    ...(more > 0 ? [`<p>And ${more} more: <a href="${e(worklist)}">the compliance work list</a>.</p>`] : []),
    `<p style="color: #555; font-size: 12px">You get this email because inspections are assigned to you in Asset Register. <a href="${e(account)}">Turn these emails off</a> on your account page.</p>`,
    '</body></html>',
  ].join('\n');

  return { subject, text, html };
}
