import type { CalendarDate, Interval } from '../../../shared/domain/compliance/calendar-date';
import { nextDueOn, obligationStatus, statusChangesOn, type ObligationState, type ObligationStatus } from '../../../shared/domain/compliance/obligation-status';
import type { AnchorRule, InspectionResult } from '../../../shared/domain/compliance/regimes';

/** What an obligation's dates and status are worked out from (ADR 025). */
export interface ObligationFacts {
  state: ObligationState;
  /** The obligation's own interval, else its regime's. */
  interval: Interval;
  anchor: AnchorRule;
  dueSoonDays: number;
  startOn: CalendarDate | null;
  /** The inspection that counts: the latest by date performed that no later entry corrects. */
  latest: { id: string; performedOn: CalendarDate; result: InspectionResult; certificateNumber: string | null; certificateExpiresOn: CalendarDate | null } | null;
  /** That inspection failed and the remedial action it raised is not done (or is gone). */
  remedialActionOpen: boolean;
}

export interface ObligationDates {
  lastCompletedOn: CalendarDate | null;
  lastResult: InspectionResult | null;
  lastInspectionId: string | null;
  /** The counting inspection's certificate number, kept with it so reads need not look it up. */
  lastCertificateNumber: string | null;
  certificateExpiresOn: CalendarDate | null;
  nextDueOn: CalendarDate | null;
  status: ObligationStatus;
  statusChangesOn: CalendarDate | null;
  remedialActionOpen: boolean;
}

/**
 * The stored columns of an obligation on `today`, by the shared rules only: the server keeps their
 * answer and the day it expires, and never restates them. A failed inspection keeps the obligation
 * failed until its remedial action is done or a later inspection counts instead.
 */
export function obligationDates(facts: ObligationFacts, today: CalendarDate): ObligationDates {
  const latest = facts.latest;
  const lastCompletedOn = latest?.performedOn ?? null;
  const certificateExpiresOn = latest?.certificateExpiresOn ?? null;
  const due = nextDueOn({ lastCompletedOn, interval: facts.interval, anchor: facts.anchor, startOn: facts.startOn, certificateExpiresOn });
  const status = obligationStatus({
    state: facts.state,
    lastResult: latest?.result ?? null,
    remedialActionOpen: latest?.result === 'fail' && facts.remedialActionOpen,
    lastCompletedOn,
    nextDueOn: due,
    dueSoonDays: facts.dueSoonDays,
    today,
  });
  return {
    lastCompletedOn,
    lastResult: latest?.result ?? null,
    lastInspectionId: latest?.id ?? null,
    lastCertificateNumber: latest?.certificateNumber ?? null,
    certificateExpiresOn,
    nextDueOn: due,
    status,
    statusChangesOn: statusChangesOn(status, due, facts.dueSoonDays),
    remedialActionOpen: latest?.result === 'fail' && facts.remedialActionOpen,
  };
}

/** An inspection's place in the order that decides which one counts: date performed, then entry time, then id. */
export interface EntryOrder {
  id: string;
  performedOn: CalendarDate;
  createdAt: Date;
}

/** Whether `a` counts over `b`: performed later, or on the same date entered later (factsOf's order). */
const countsOver = (a: EntryOrder, b: EntryOrder) =>
  a.performedOn !== b.performedOn ? a.performedOn > b.performedOn : a.createdAt.getTime() !== b.createdAt.getTime() ? a.createdAt > b.createdAt : a.id > b.id;

/**
 * The facts once a new inspection is entered, worked out from the stored facts alone (no read of the
 * other entries): the entry counts from now on if it comes after the stored latest, whose entry time
 * is `latestEnteredAt`; a failed one counts with its remedial action open, as it has just been
 * raised. Undefined when the stored latest's entry time is not known: the caller then works the
 * facts out from every entry. A correction is not a new fact (it takes an entry away), and never
 * comes here.
 */
export function factsWithEntry(
  facts: ObligationFacts,
  latestEnteredAt: Date | null,
  entry: NonNullable<ObligationFacts['latest']> & { createdAt: Date },
): ObligationFacts | undefined {
  const latest = facts.latest;
  if (latest && !latestEnteredAt) return undefined;
  if (latest && !countsOver(entry, { ...latest, createdAt: latestEnteredAt! })) return facts;
  const { id, performedOn, result, certificateNumber, certificateExpiresOn } = entry;
  return { ...facts, latest: { id, performedOn, result, certificateNumber, certificateExpiresOn }, remedialActionOpen: result === 'fail' };
}
