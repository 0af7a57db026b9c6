import { ORGANISATION_TIME_ZONE_DEFAULT, todayIn, type CalendarDate } from '@shared/domain/compliance';

/** Today's date in the organisation's zone on this device's clock, as the server judges dates (never the UTC date). */
export function organisationToday(): CalendarDate {
  return todayIn(ORGANISATION_TIME_ZONE_DEFAULT, new Date());
}
